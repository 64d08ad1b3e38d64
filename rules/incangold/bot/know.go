package bot

import (
	"math/bits"

	"github.com/goldvein/goldvein/rules/incangold"
)

// know is what a bot knows: the public state of the match, followed
// through the events of its seat's stream and brought up to date from each
// view it is asked to decide on. Other seats' tents are not in a view
// (INCAN_GOLD.md, "Hidden information") but every gain is made in the
// open, so they are summed from the Left events; tentsKnown is false when
// the bot joined a game already under way and missed some.
type know struct {
	players int
	opts    incangold.Options
	round   int
	step    int
	in      uint16
	carried [incangold.MaxPlayers]int
	pool    int
	seen    uint8 // hazard kinds on the path this round (I7.1)

	treasures [18]int                   // treasure cards in the deck, per value
	hazards   [incangold.Kinds]int      // hazard cards in the deck, per kind
	removed   [incangold.Kinds]int      // hazard cards out of the game (I7.3)
	deckArts  []incangold.Card          // artifacts in the deck
	pathArts  []incangold.Card          // artifacts on the path
	claimed   int                       // artifacts claimed in the game (I6.3)
	arts      [incangold.MaxPlayers]int // worth of each seat's artifacts

	tents      [incangold.MaxPlayers]int
	tentsKnown bool
	synced     bool

	// The choice step being watched, for the hard bot's model of the
	// others: what each explorer carried and the odds when it chose.
	snapStep int
	snap     choiceSnap
}

// choiceSnap is the public situation of one choice step.
type choiceSnap struct {
	in      uint16
	carried [incangold.MaxPlayers]int
	pool    int
	kinds   int     // hazard kinds on the path
	p, g    float64 // bust chance and mean gain per explorer of the next card
	round   int
}

// hazardKinds is the number of hazard kinds on the path.
func (k *know) hazardKinds() int { return bits.OnesCount8(k.seen) }

// explorers is the number of seats in the temple.
func (k *know) explorers() int { return bits.OnesCount16(k.in) }

// deckSize is the number of cards in the deck.
func (k *know) deckSize() int {
	n := len(k.deckArts)
	for _, c := range k.treasures {
		n += c
	}
	for _, c := range k.hazards {
		n += c
	}
	return n
}

// odds returns the chance that the next card busts (I7.2) and the mean
// gems it gives each of n explorers (I5.1), from the deck's make-up.
func (k *know) odds(n int) (p, g float64) {
	size := k.deckSize()
	if size == 0 {
		return 0, 0
	}
	bust, gain := 0, 0
	for h, c := range k.hazards {
		if k.seen&(1<<h) != 0 {
			bust += c
		}
	}
	for v, c := range k.treasures {
		gain += c * (v / n)
	}
	return float64(bust) / float64(size), float64(gain) / float64(size)
}

// sync brings the public state up to date from a view (the view is the
// truth; events may have been missed by a bot that joined late).
func (k *know) sync(v *incangold.View, h *hardMind) {
	first := !k.synced
	k.synced = true
	k.players, k.opts, k.round, k.step, k.pool = v.Players, v.Options, v.Round, v.Step, v.Pool
	k.in = 0
	for _, s := range v.Explorers {
		k.in |= 1 << s
	}
	copy(k.carried[:], v.Carried)
	k.seen = v.HazardsOnPath()
	k.treasures = [18]int{}
	for _, t := range v.Deck.Treasures {
		if t >= 0 && t < len(k.treasures) {
			k.treasures[t]++
		}
	}
	copy(k.hazards[:], v.Deck.Hazards)
	copy(k.removed[:], v.Removed)
	k.deckArts = append(k.deckArts[:0], v.Deck.Artifacts...)
	k.pathArts = k.pathArts[:0]
	for _, c := range v.Path {
		if c.IsArtifact() {
			k.pathArts = append(k.pathArts, c)
		}
	}
	k.claimed = v.Claimed
	for s, a := range v.Artifacts {
		k.arts[s] = 0
		for _, w := range a {
			k.arts[s] += w
		}
	}
	switch {
	case v.Tents != nil:
		copy(k.tents[:], v.Tents)
		k.tentsKnown = true
	case first:
		// A bot that decides first at the game's first choice step has
		// missed no gain; otherwise it cannot know the others' tents.
		k.tentsKnown = v.Round == 1 && v.Turn == 1 && len(v.History) == 0
		k.tents = [incangold.MaxPlayers]int{}
	}
	if v.Seat >= 0 {
		k.tents[v.Seat] = v.Tent
	}
	if k.snapStep != v.Step {
		k.snapshot(v.Step)
	}
	if h != nil && first {
		h.reset(k.players)
	}
}

// snapshot records the situation of choice step step.
func (k *know) snapshot(step int) {
	k.snapStep = step
	n := max(1, k.explorers())
	p, g := k.odds(n)
	k.snap = choiceSnap{in: k.in, carried: k.carried, pool: k.pool, kinds: k.hazardKinds(), p: p, g: g, round: k.round}
}

// event follows one public event.
func (k *know) event(e *incangold.Event, h *hardMind) {
	switch e.Type {
	case incangold.RoundStarted:
		if k.players == 0 {
			return // nothing to follow before the first view
		}
		k.round, k.pool, k.seen = e.Round, 0, 0
		k.in = uint16(1)<<k.players - 1
		k.carried = [incangold.MaxPlayers]int{}
		k.pathArts = k.pathArts[:0]
		k.treasures = [18]int{}
		for _, v := range incangold.TreasureValues {
			k.treasures[v]++
		}
		for hz := range incangold.Kinds {
			k.hazards[hz] = incangold.HazardCopies - k.removed[hz] // I3.1, I8.3
		}
		if e.Card != 0 {
			k.deckArts = append(k.deckArts, e.Card)
		}
	case incangold.Flipped:
		k.take(e.Card)
		k.pool = e.Pool
		switch {
		case e.Card.IsTreasure():
			for s := range k.players {
				if k.in&(1<<s) != 0 {
					k.carried[s] += e.Each
				}
			}
		case e.Card.IsHazard():
			k.seen |= 1 << e.Card.Kind()
		case e.Card.IsArtifact():
			k.pathArts = append(k.pathArts, e.Card)
		}
	case incangold.Bust:
		k.take(e.Card)
		k.removed[e.Card.Kind()]++ // out for good (I7.3)
		k.in = 0
		k.carried = [incangold.MaxPlayers]int{}
	case incangold.ChoiceOpened:
		k.step = e.Step
		k.snapshot(e.Step)
	case incangold.Revealed:
		if h != nil && k.snapStep == e.Step {
			h.observe(&k.snap, e.Choices)
		}
	case incangold.Left:
		if e.Seat >= 0 && e.Seat < incangold.MaxPlayers {
			k.tents[e.Seat] += e.Banked
			k.carried[e.Seat] = 0
			k.in &^= 1 << e.Seat
			for _, w := range e.Worths {
				k.arts[e.Seat] += w
			}
		}
		k.pool = e.Pool
		if len(e.Cards) > 0 {
			k.claimed += len(e.Cards)
			k.pathArts = k.pathArts[:0]
		}
	case incangold.RoundEnded:
		k.in, k.pool = 0, 0
		k.pathArts = k.pathArts[:0]
	}
}

// take removes card c from the deck's make-up.
func (k *know) take(c incangold.Card) {
	switch {
	case c.IsTreasure():
		if k.treasures[c.Value()] > 0 {
			k.treasures[c.Value()]--
		}
	case c.IsHazard():
		if k.hazards[c.Kind()] > 0 {
			k.hazards[c.Kind()]--
		}
	case c.IsArtifact():
		for i, a := range k.deckArts {
			if a == c {
				k.deckArts = append(k.deckArts[:i], k.deckArts[i+1:]...)
				break
			}
		}
	}
}
