package incangold

import (
	"fmt"
	"slices"

	"github.com/goldvein/goldvein/rules"
)

// View is what one seat may know of the match ("Hidden information"):
// the whole public table, its own tent and its own sealed choice. Another
// seat's sealed choice never appears (only that it has sealed), nor the
// deck's order, nor the seed; other seats' tent totals appear only with
// open_tents (O4) or once the game is over. Views are the only form in
// which a match leaves the host for players, bots and guests.
type View struct {
	Seat    int     `json:"seat"` // -1: a spectator
	Players int     `json:"players"`
	Options Options `json:"options"`
	Round   int     `json:"round"` // 1 to 5 (I1.1)
	Start   int     `json:"start"` // start player of the round (I8.4)
	Step    int     `json:"step"`  // Match.Step
	Turn    int     `json:"turn"`  // choice steps held this round, the open one included
	Over    bool    `json:"over"`

	Path      []Card `json:"path"`      // this round's path, in order (I3.3)
	Pool      int    `json:"pool"`      // the path pool (I4.1)
	Explorers []int  `json:"explorers"` // seats in the temple (I3.6)
	Sealed    []int  `json:"sealed"`    // explorers who sealed a choice this step (I3.4)
	// Choice is the viewing seat's own sealed choice this step, "" when it
	// has not sealed (or is a spectator).
	Choice Choice `json:"choice"`
	// LastChoices are the choices revealed at this round's last reveal,
	// per seat ("" for seats that were not in the temple) (I3.4).
	LastChoices []Choice `json:"last_choices"`
	Carried     []int    `json:"carried"` // gems at risk per seat, in view of all (I5.2)
	// Tent is the viewing seat's own banked gems (I4.3); Tents holds every
	// seat's, only with open_tents (O4) or once the game is over.
	Tent      int     `json:"tent"`
	Tents     []int   `json:"tents,omitempty"`
	Artifacts [][]int `json:"artifacts"` // worth of each seat's claimed artifacts (I6.3, O2)
	Claimed   int     `json:"claimed"`   // artifacts claimed in the game (I6.3)
	Removed   []int   `json:"removed"`   // hazard cards out of the game, per kind in I1.3 order (I7.3)
	Deck      Deck    `json:"deck"`      // what the deck holds (public, I3.1)
	// History is one entry per finished round.
	History []RoundResult `json:"history"`
	Scores  []int         `json:"scores,omitempty"`  // once over (I9.1)
	Winners []int         `json:"winners,omitempty"` // once over (I9.2-I9.4)
}

// Deck is the make-up of the deck, which every seat can deduce from the
// cards seen (I3.1, "Hidden information"): the values of the treasures in
// it (ascending), its hazard cards per kind (I1.3 order) and its
// artifacts.
type Deck struct {
	Treasures []int  `json:"treasures"`
	Hazards   []int  `json:"hazards"`
	Artifacts []Card `json:"artifacts"`
}

// Size is the number of cards in the deck.
func (d Deck) Size() int {
	n := len(d.Treasures) + len(d.Artifacts)
	for _, h := range d.Hazards {
		n += h
	}
	return n
}

// RoundResult is a finished round: the busting hazard (none when everyone
// left, I8.1), the gems each seat banked in it (another seat's are 0
// unless open_tents or the game is over, like its tent), the worth of the
// artifacts each seat claimed (public), the gems of the pool that went
// back to the supply and the artifacts removed from the path (I8.2).
type RoundResult struct {
	Round     int    `json:"round"`
	Bust      Card   `json:"bust,omitempty"`
	Banked    []int  `json:"banked"`
	Artifacts []int  `json:"artifacts"`
	PoolLost  int    `json:"pool_lost"`
	Removed   []Card `json:"removed,omitempty"`
}

// View returns what seat may know now, as a View value (rules.Match).
func (m *Match) View(seat int) rules.View { return m.SeatView(seat) }

// SeatView returns what seat may know now; seat -1 (or any seat not at the
// table) is a spectator and sees public facts only.
func (m *Match) SeatView(seat int) View {
	var v View
	m.ViewInto(seat, &v)
	return v
}

// ViewInto writes SeatView(seat) into v, reusing v's lists (a sim or a
// table that makes a view per decision allocates little). Lists of v that
// are empty come out empty, not nil, as in SeatView; v's lists must not be
// shared with a view still in use.
func (m *Match) ViewInto(seat int, v *View) {
	n := m.players
	own := seat >= 0 && seat < n
	open := m.opts.OpenTents || m.over
	arts, hist := reuse(v.Artifacts), reuse(v.History)
	*v = View{Seat: seat, Players: n, Options: m.opts, Round: m.round, Start: m.start, Step: m.step,
		Turn: m.turn, Over: m.over, Pool: m.pool, Claimed: m.claimed,
		Path:        append(reuse(v.Path), m.path[:m.pathN]...),
		Explorers:   appendSeats(reuse(v.Explorers), m.in, n),
		Sealed:      appendSeats(reuse(v.Sealed), m.sealed, n),
		LastChoices: append(reuse(v.LastChoices), m.revealed[:n]...),
		Carried:     append(reuse(v.Carried), m.carried[:n]...),
		Removed:     reuse(v.Removed),
		Deck:        Deck{Treasures: reuse(v.Deck.Treasures), Hazards: reuse(v.Deck.Hazards), Artifacts: reuse(v.Deck.Artifacts)},
		History:     hist,
		Tents:       v.Tents,
	}
	if !own {
		v.Seat = -1
	}
	for s := range n {
		var a []int
		if s < cap(arts) {
			a = arts[:s+1][s]
		}
		a = reuse(a)
		for _, w := range m.arts[s][:m.artN[s]] {
			a = append(a, int(w))
		}
		arts = append(arts, a)
	}
	v.Artifacts = arts
	for h := range Kinds {
		v.Removed = append(v.Removed, int(m.removed[h]))
	}
	m.deckInto(&v.Deck)
	if own {
		v.Tent = m.tent[seat]
		if m.sealed&(1<<seat) != 0 {
			v.Choice = Torch
			if m.camp&(1<<seat) != 0 {
				v.Choice = Camp
			}
		}
	}
	if open {
		v.Tents = append(reuse(v.Tents), m.tent[:n]...)
	} else {
		v.Tents = nil
	}
	last := m.round - 1
	if m.over {
		last = m.round
	}
	for r := 1; r <= last; r++ {
		rec := &m.history[r-1]
		var old RoundResult
		if r-1 < cap(hist) {
			old = hist[:r][r-1]
		}
		rr := RoundResult{Round: r, Bust: rec.bust, PoolLost: rec.poolLost,
			Banked: reuse(old.Banked), Artifacts: append(reuse(old.Artifacts), rec.artWorth[:n]...)}
		if old.Removed != nil {
			rr.Removed = old.Removed[:0]
		}
		for s := range n {
			b := 0
			if open || s == seat {
				b = rec.banked[s]
			}
			rr.Banked = append(rr.Banked, b)
		}
		for t := 1; t <= Rounds; t++ {
			if rec.artsLost&(1<<t) != 0 {
				rr.Removed = append(rr.Removed, Artifact(t))
			}
		}
		v.History = append(v.History, rr)
	}
	if m.over {
		v.Scores, v.Winners = m.Scores(), m.Winners()
	}
}

// reuse returns s emptied, keeping its array; a nil s becomes an empty
// list, so that it encodes as [] rather than null.
func reuse[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s[:0]
}

// appendSeats appends the seats of mask, in order.
func appendSeats(out []int, mask uint16, players int) []int {
	for s := range players {
		if mask&(1<<s) != 0 {
			out = append(out, s)
		}
	}
	return out
}

// deckInto writes the deck's make-up (public; its order is not) into d,
// whose lists are empty: the treasures' values ascending, the hazards per
// kind, the artifacts by temple; nothing once the game is over.
func (m *Match) deckInto(d *Deck) {
	for range Kinds {
		d.Hazards = append(d.Hazards, 0)
	}
	if m.over {
		return
	}
	var tv [18]uint8
	var arts uint8
	for _, c := range m.deck[:m.deckN] {
		switch {
		case c.IsTreasure():
			tv[c.Value()]++
		case c.IsHazard():
			d.Hazards[c.Kind()]++
		case c.IsArtifact():
			arts |= 1 << c.Temple()
		}
	}
	for v, k := range tv {
		for range k {
			d.Treasures = append(d.Treasures, v)
		}
	}
	for t := 1; t <= Rounds; t++ {
		if arts&(1<<t) != 0 {
			d.Artifacts = append(d.Artifacts, Artifact(t))
		}
	}
}

// deckMakeup returns the deck's make-up (for the position format).
func (m *Match) deckMakeup() Deck {
	d := Deck{Treasures: []int{}, Hazards: []int{}, Artifacts: []Card{}}
	m.deckInto(&d)
	return d
}

// Owes reports whether the viewing seat owes a sealed choice (I3.4).
func (v *View) Owes() bool {
	return !v.Over && v.Seat >= 0 && slices.Contains(v.Explorers, v.Seat) && !slices.Contains(v.Sealed, v.Seat)
}

// InTemple reports whether seat is an explorer (I3.6).
func (v *View) InTemple(seat int) bool { return slices.Contains(v.Explorers, seat) }

// HazardsOnPath returns the hazard kinds on the path, bit per kind (I7.1).
func (v *View) HazardsOnPath() uint8 {
	var m uint8
	for _, c := range v.Path {
		if c.IsHazard() {
			m |= 1 << c.Kind()
		}
	}
	return m
}

// BustCards is the number of deck cards that would end the round if
// turned now: those of a hazard kind already on the path (I7.2).
func (v *View) BustCards() int {
	seen, n := v.HazardsOnPath(), 0
	for h, k := range v.Deck.Hazards {
		if seen&(1<<h) != 0 {
			n += k
		}
	}
	return n
}

// BustChance is the chance that the next card ends the round (I7.2), 0 to
// 1: BustCards over the deck's size.
func (v *View) BustChance() float64 {
	if size := v.Deck.Size(); size > 0 {
		return float64(v.BustCards()) / float64(size)
	}
	return 0
}

// Legal lists the viewing seat's moves, as Match.Legal does.
func (v *View) Legal() []Move {
	if !v.Owes() {
		return nil
	}
	return []Move{{Choice: Camp}, {Choice: Torch}}
}

// DecodeView reads a view strictly (what a guest receives from the host):
// unknown fields, unknown card codes, wrong types and trailing data are
// errors naming the field; seats, lists and counts are checked against
// the table's bounds.
func DecodeView(data []byte) (View, error) {
	var v View
	if err := strictDecode(data, &v); err != nil {
		return View{}, fmt.Errorf("view: %w", err)
	}
	n := v.Players
	bad := func(f string, a ...any) (View, error) { return View{}, fmt.Errorf("view: "+f, a...) }
	switch {
	case n < MinPlayers || n > MaxPlayers:
		return bad("players: %d: want %d to %d (I1.1)", n, MinPlayers, MaxPlayers)
	case v.Seat < -1 || v.Seat >= n:
		return bad("seat: %d: want -1 or 0 to %d", v.Seat, n-1)
	case v.Round < 1 || v.Round > Rounds:
		return bad("round: %d: want 1 to %d (I1.1)", v.Round, Rounds)
	case v.Start < 0 || v.Start >= n:
		return bad("start: %d: want 0 to %d", v.Start, n-1)
	case len(v.Path) > deckCap:
		return bad("path: %d cards, more than the %d of the game", len(v.Path), deckCap)
	case len(v.Carried) != n:
		return bad("carried: %d entries for %d players", len(v.Carried), n)
	case len(v.LastChoices) != n:
		return bad("last_choices: %d entries for %d players", len(v.LastChoices), n)
	case len(v.Artifacts) != n:
		return bad("artifacts: %d entries for %d players", len(v.Artifacts), n)
	case v.Tents != nil && len(v.Tents) != n:
		return bad("tents: %d entries for %d players", len(v.Tents), n)
	case len(v.Removed) != Kinds:
		return bad("removed: %d entries for %d hazard kinds", len(v.Removed), Kinds)
	case len(v.Deck.Hazards) != Kinds:
		return bad("deck: hazards: %d entries for %d hazard kinds", len(v.Deck.Hazards), Kinds)
	case len(v.Deck.Treasures) > len(TreasureValues):
		return bad("deck: treasures: %d, more than %d", len(v.Deck.Treasures), len(TreasureValues))
	case len(v.Deck.Artifacts) > Rounds:
		return bad("deck: artifacts: %d, more than %d", len(v.Deck.Artifacts), Rounds)
	case len(v.History) > Rounds:
		return bad("history: %d rounds, more than %d", len(v.History), Rounds)
	case v.Scores != nil && len(v.Scores) != n:
		return bad("scores: %d entries for %d players", len(v.Scores), n)
	}
	if err := v.Options.Validate(n); err != nil {
		return bad("%v", err)
	}
	for _, l := range []struct {
		name  string
		seats []int
	}{{"explorers", v.Explorers}, {"sealed", v.Sealed}, {"winners", v.Winners}} {
		if len(l.seats) > n {
			return bad("%s: %d seats for %d players", l.name, len(l.seats), n)
		}
		for i, s := range l.seats {
			if s < 0 || s >= n {
				return bad("%s[%d]: %d: want 0 to %d", l.name, i, s, n-1)
			}
		}
	}
	for s, a := range v.Artifacts {
		if len(a) > Rounds {
			return bad("artifacts[%d]: %d artifacts, more than %d", s, len(a), Rounds)
		}
	}
	for h, k := range v.Removed {
		if k < 0 || k >= HazardCopies {
			return bad("removed[%d]: %d: want 0 to %d (I7.3)", h, k, HazardCopies-1)
		}
	}
	for h, k := range v.Deck.Hazards {
		if k < 0 || k > HazardCopies {
			return bad("deck: hazards[%d]: %d: want 0 to %d (I1.3)", h, k, HazardCopies)
		}
	}
	for i, r := range v.History {
		if len(r.Banked) != n || len(r.Artifacts) != n {
			return bad("history[%d]: banked and artifacts need %d entries", i, n)
		}
		if len(r.Removed) > Rounds {
			return bad("history[%d]: removed: more than %d artifacts", i, Rounds)
		}
	}
	return v, nil
}
