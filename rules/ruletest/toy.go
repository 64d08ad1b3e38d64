package ruletest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/goldvein/goldvein/rules"
)

// Toy is a small game of secret picks for the tests of the box's layers
// (this harness, the table, the network, the tools), on the contract only:
// every seat picks 1 or 2 in secret; when all have picked, the picks are
// revealed and added to the scores; the first to reach the target (10 by
// default) ends the game. By default every seat picks at once (a
// simultaneous choice, several seats owing a move, as in Incan Gold); its
// options (ToyOptions) make it a game of turns and deal each seat a secret
// bonus at the start (an opening, rules.Opener, as Saboteur's deal). It
// has quick chat phrases (rules.Phraser) and a view check
// (rules.ViewChecker); ToyDeltas adds views written as deltas
// (rules.ViewCodec). Its faults are switches, so the tests can see the
// harness fail.
//
// Rules it cites when it refuses: T1 not a toy move, T2 a seat that owes no
// move, T3 a pick other than 1 or 2.
type Toy struct {
	LeakView  bool // a view shows the other seats' sealed picks and bonuses
	LeakEvent bool // "picked" and "dealt" tell everybody the pick and the bonus
	BadLegal  bool // Legal offers a 3, which Apply refuses
	Endless   bool // the game never ends
}

// ToyOptions are the toy's table options, as JSON (nil or "null": all
// zero, the defaults). Unknown fields are an error.
type ToyOptions struct {
	// Target is the score that ends the game, 1 to ToyMaxTarget; 0 is 10.
	Target int `json:"target,omitempty"`
	// Turns makes the seats pick one at a time in seat order (seat 0 first
	// in every round; one seat owes a move, a new step per move) instead of
	// all at once (all owe a move; a new step per round).
	Turns bool `json:"turns,omitempty"`
	// Deal gives each seat a secret bonus of 1 to 3 from the seed at the
	// start ("dealt" events, seen only by their seat), added to its final
	// score and shown to all once the game is over.
	Deal bool `json:"deal,omitempty"`
}

// ToyMaxTarget bounds ToyOptions.Target.
const ToyMaxTarget = 1000

// ToyMove is a toy move: the pick, 1 or 2. JSON {"pick":1}.
type ToyMove struct {
	Pick int `json:"pick"`
}

// ToyView is what one seat of the toy may know. JSON
// {"seat":1,"scores":[0,2],"picked":[-1,2]}, with "bonus" (when dealt) and
// "over" (at the end) when set.
type ToyView struct {
	Seat   int   `json:"seat"`
	Scores []int `json:"scores"` // points so far, by seat (the bonuses not counted)
	Picked []int `json:"picked"` // own pick, or -1 for "has picked" (others), 0 not yet
	Bonus  []int `json:"bonus,omitempty"`
	Over   bool  `json:"over,omitempty"`
}

// ToyEvent is one thing that happened in the toy: "dealt" (Seat's Bonus,
// 0 for the other seats), "picked" (Seat picked; Pick is 0 for the other
// seats) or "revealed" (Picks: every seat's pick of the round; Seat 0).
type ToyEvent struct {
	Type  string `json:"type"`
	Seat  int    `json:"seat"`
	Pick  int    `json:"pick,omitempty"`
	Bonus int    `json:"bonus,omitempty"`
	Picks []int  `json:"picks,omitempty"`
	leak  bool
}

// For hides a "dealt" bonus and a "picked" pick from every seat but their
// own, the spectator (-1) included.
func (e ToyEvent) For(seat int) (rules.Event, bool) {
	if seat != e.Seat && !e.leak {
		switch e.Type {
		case "picked":
			e.Pick = 0
		case "dealt":
			e.Bonus = 0
		}
	}
	return e, true
}

type toyMatch struct {
	g      Toy
	opts   ToyOptions
	scores []int
	picks  []int // 0: not yet picked
	bonus  []int // nil unless dealt
	step   int
}

// ID is "toy".
func (Toy) ID() string { return "toy" }

// Seats: 2 to 10 (as Saboteur, the widest table of the box).
func (Toy) Seats() (int, int) { return 2, 10 }

// Levels: "ones" always picks 1; "random" picks 1 or 2 at random.
func (Toy) Levels() []string { return []string{"ones", "random"} }

// New deals a toy match; bad options or a seat count outside 2 to 10 are an
// error naming the field.
func (g Toy) New(n int, opts json.RawMessage, seed uint64) (rules.Match, error) {
	if lo, hi := g.Seats(); n < lo || n > hi {
		return nil, fmt.Errorf("players: %d: the toy takes %d to %d", n, lo, hi)
	}
	var o ToyOptions
	if len(opts) > 0 && string(opts) != "null" {
		var err error
		if o, err = strict[ToyOptions](opts); err != nil {
			return nil, fmt.Errorf("options: %w", err)
		}
	}
	switch {
	case o.Target < 0 || o.Target > ToyMaxTarget:
		return nil, fmt.Errorf("options: target: %d: want 1 to %d", o.Target, ToyMaxTarget)
	case o.Target == 0:
		o.Target = 10
	}
	m := &toyMatch{g: g, opts: o, scores: make([]int, n), picks: make([]int, n)}
	if o.Deal {
		rng := rules.NewRNG(seed)
		m.bonus = make([]int, n)
		for i := range m.bonus {
			m.bonus[i] = 1 + rng.IntN(3)
		}
	}
	return m, nil
}

func strict[T any](data []byte) (T, error) {
	var x T
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(&x)
	if err == nil && dec.More() {
		err = errors.New("trailing data")
	}
	return x, err
}

// DecodeMove reads a ToyMove strictly; a pick outside 1 to 3 is an error
// (3 is read, so that Apply's refusal can be tested).
func (Toy) DecodeMove(b []byte) (rules.Move, error) {
	m, err := strict[ToyMove](b)
	if err == nil && (m.Pick < 1 || m.Pick > 3) {
		err = fmt.Errorf("pick: %d", m.Pick)
	}
	return m, err
}

// DecodeView reads a ToyView strictly.
func (Toy) DecodeView(b []byte) (rules.View, error) { return strict[ToyView](b) }

// DecodeEvent reads a ToyEvent strictly.
func (Toy) DecodeEvent(b []byte) (rules.Event, error) {
	e, err := strict[ToyEvent](b)
	if err == nil && e.Type != "picked" && e.Type != "revealed" && e.Type != "dealt" {
		err = fmt.Errorf("type: %q", e.Type)
	}
	return e, err
}

type onesBot struct{}

func (onesBot) Observe(rules.Event)          {}
func (onesBot) Choose(rules.View) rules.Move { return ToyMove{Pick: 1} }

type randomBot struct{ rng *rand.Rand }

func (randomBot) Observe(rules.Event)            {}
func (b randomBot) Choose(rules.View) rules.Move { return ToyMove{Pick: 1 + b.rng.IntN(2)} }

// NewBot returns a computer player of level ("ones" or "random").
func (Toy) NewBot(level string, seat int, seed uint64) (rules.Bot, error) {
	switch level {
	case "ones":
		return onesBot{}, nil
	case "random":
		return randomBot{rand.New(rand.NewPCG(seed, uint64(seat)))}, nil
	}
	return nil, fmt.Errorf("level %q", level)
}

func (m *toyMatch) Opening() []rules.Event {
	var evs []rules.Event
	for i, b := range m.bonus {
		evs = append(evs, ToyEvent{Type: "dealt", Seat: i, Bonus: b, leak: m.g.LeakEvent})
	}
	return evs
}

func (m *toyMatch) Over() bool {
	return !m.g.Endless && slices.ContainsFunc(m.scores, func(s int) bool { return s >= m.opts.Target })
}
func (m *toyMatch) ToMove() []int {
	var s []int
	if m.Over() {
		return nil
	}
	for i, p := range m.picks {
		if p == 0 {
			s = append(s, i)
			if m.opts.Turns {
				break
			}
		}
	}
	return s
}
func (m *toyMatch) Step() int { return m.step }
func (m *toyMatch) Legal(seat int) []rules.Move {
	if !slices.Contains(m.ToMove(), seat) {
		return nil
	}
	l := []rules.Move{ToyMove{1}, ToyMove{2}}
	if m.g.BadLegal {
		l = append(l, ToyMove{3})
	}
	return l
}
func (m *toyMatch) Apply(seat int, mv rules.Move) ([]rules.Event, error) {
	p, ok := mv.(ToyMove)
	switch {
	case !ok:
		return nil, rules.Refuse("T1", "not a toy move")
	case !slices.Contains(m.ToMove(), seat):
		return nil, rules.Refuse("T2", "seat %d owes no move", seat)
	case p.Pick != 1 && p.Pick != 2:
		return nil, rules.Refuse("T3", "pick 1 or 2")
	}
	m.picks[seat] = p.Pick
	evs := []rules.Event{ToyEvent{Type: "picked", Seat: seat, Pick: p.Pick, leak: m.g.LeakEvent}}
	if !slices.Contains(m.picks, 0) {
		for i, p := range m.picks {
			m.scores[i] += p
		}
		evs = append(evs, ToyEvent{Type: "revealed", Picks: slices.Clone(m.picks)})
		clear(m.picks)
		m.step++
	} else if m.opts.Turns {
		m.step++
	}
	return evs, nil
}
func (m *toyMatch) View(seat int) rules.View {
	v := ToyView{Seat: seat, Scores: slices.Clone(m.scores), Picked: make([]int, len(m.picks)), Over: m.Over()}
	for i, p := range m.picks {
		switch {
		case p != 0 && (i == seat || m.g.LeakView):
			v.Picked[i] = p
		case p != 0:
			v.Picked[i] = -1
		}
	}
	if m.bonus != nil {
		v.Bonus = make([]int, len(m.bonus))
		for i, b := range m.bonus {
			if i == seat || v.Over || m.g.LeakView {
				v.Bonus[i] = b
			}
		}
	}
	return v
}
func (m *toyMatch) Scores() []int {
	if !m.Over() {
		return nil
	}
	s := slices.Clone(m.scores)
	for i, b := range m.bonus {
		s[i] += b
	}
	return s
}
func (m *toyMatch) Winners() []int {
	var w []int
	s := m.Scores()
	for i, x := range s {
		if x == slices.Max(s) {
			w = append(w, i)
		}
	}
	return w
}

// ToyHidden: a seat may not see another seat's sealed pick, in a view
// ("picked" holds only -1 for others) or an event ("pick" only its own),
// nor another seat's bonus before the end (in a view's "bonus" or a
// "dealt" event).
func ToyHidden(m rules.Match, seat int, data []byte) error {
	if v, err := strict[ToyView](data); err == nil {
		for i, p := range v.Picked {
			if i != seat && p > 0 {
				return fmt.Errorf("seat %d's sealed pick", i)
			}
		}
		for i, b := range v.Bonus {
			if i != seat && b != 0 && !m.Over() {
				return fmt.Errorf("seat %d's secret bonus", i)
			}
		}
		return nil
	}
	if e, err := strict[ToyEvent](data); err == nil && e.Seat != seat {
		switch {
		case e.Type == "picked" && e.Pick != 0:
			return fmt.Errorf("seat %d's sealed pick", e.Seat)
		case e.Type == "dealt" && e.Bonus != 0:
			return fmt.Errorf("seat %d's secret bonus", e.Seat)
		}
	}
	return nil
}

// toyPhrases are the toy's quick chat phrases.
var toyPhrases = []rules.Phrase{{ID: "good_pick", Text: "Good pick."}, {ID: "pick_two", Text: "Pick a two!"}}

// Phrases lists the toy's quick chat phrases (rules.Phraser): "good_pick"
// and "pick_two".
func (Toy) Phrases() []rules.Phrase { return slices.Clone(toyPhrases) }

// CheckView checks a view a guest received (rules.ViewChecker): a ToyView
// of seat at a table of 2 to 10 seats, its lists one entry per seat, every
// pick -1 to 2 and the seat's own never -1 ("has picked" is for others),
// no score negative. The error names the field.
func (g Toy) CheckView(rv rules.View, seat int) error {
	v, ok := rv.(ToyView)
	if !ok {
		return fmt.Errorf("view: of type %T, not a toy view", rv)
	}
	n := len(v.Scores)
	lo, hi := g.Seats()
	switch {
	case v.Seat != seat:
		return fmt.Errorf("view: of seat %d, but this is seat %d", v.Seat, seat)
	case n < lo || n > hi:
		return fmt.Errorf("view: scores: %d seats, the toy takes %d to %d", n, lo, hi)
	case seat < 0 || seat >= n:
		return fmt.Errorf("view: seat %d at a table of %d", seat, n)
	case len(v.Picked) != n:
		return fmt.Errorf("view: picked: %d entries for %d seats", len(v.Picked), n)
	case v.Bonus != nil && len(v.Bonus) != n:
		return fmt.Errorf("view: bonus: %d entries for %d seats", len(v.Bonus), n)
	case v.Picked[seat] == -1:
		return fmt.Errorf("view: picked: the seat's own pick is hidden from it")
	}
	for i, p := range v.Picked {
		if p < -1 || p > 2 {
			return fmt.Errorf("view: picked[%d]: %d", i, p)
		}
		if v.Scores[i] < 0 {
			return fmt.Errorf("view: scores[%d]: %d", i, v.Scores[i])
		}
	}
	return nil
}

// ToyDeltas is the toy with its views written as deltas by the game
// (rules.ViewCodec), as Saboteur's are: the LAN host sends a connection
// only the top-level fields of a view that changed since its last one,
// null for one that became empty, and the guest merges them. The network's
// tests play it to test that path without naming a game.
type ToyDeltas struct{ Toy }

// toyFields are ToyView's top-level JSON fields, in order.
var toyFields = []string{"seat", "scores", "picked", "bonus", "over"}

// NewViewWriter returns the toy's view writer (rules.ViewCodec).
func (ToyDeltas) NewViewWriter() rules.ViewWriter { return toyWriter{} }

// MergeView returns prev with the top-level fields of delta put in (null
// removes one), read as strictly as DecodeView; an unknown field is an
// error (rules.ViewCodec).
func (g ToyDeltas) MergeView(prev rules.View, delta []byte) (rules.View, error) {
	pv, ok := prev.(ToyView)
	if !ok {
		return nil, fmt.Errorf("view: of type %T, not a toy view", prev)
	}
	var df map[string]json.RawMessage
	if err := json.Unmarshal(delta, &df); err != nil || df == nil {
		return nil, fmt.Errorf("delta: not a JSON object: %v", err)
	}
	pf, err := toyFieldsOf(pv)
	if err != nil {
		return nil, err
	}
	for k, v := range df {
		switch {
		case !slices.Contains(toyFields, k):
			return nil, fmt.Errorf("delta: unknown field %q", k)
		case string(v) == "null":
			delete(pf, k)
		default:
			pf[k] = v
		}
	}
	merged, err := json.Marshal(pf)
	if err != nil {
		return nil, err
	}
	return g.DecodeView(merged)
}

// toyFieldsOf is v's top-level JSON fields.
func toyFieldsOf(v any) (map[string]json.RawMessage, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var f map[string]json.RawMessage
	return f, json.Unmarshal(b, &f)
}

type toyWriter struct{}

// toySnap is a view's JSON fields, taken with the table locked.
type toySnap map[string]json.RawMessage

func (toyWriter) Snapshot(m rules.Match, seat int) rules.ViewSnapshot {
	f, err := toyFieldsOf(m.View(seat))
	if err != nil {
		panic(err) // a ToyView always encodes
	}
	return toySnap(f)
}

func (toyWriter) AppendView(b []byte, prev, cur rules.ViewSnapshot) ([]byte, error) {
	c, ok := cur.(toySnap)
	if !ok {
		return b, fmt.Errorf("view writer: a snapshot of type %T", cur)
	}
	p, _ := prev.(toySnap)
	b = append(b, '{')
	n := 0
	for _, k := range toyFields {
		pv, inPrev := p[k]
		cv, inCur := c[k]
		if prev != nil && (inCur == inPrev && bytes.Equal(pv, cv) || !inCur && !inPrev) {
			continue
		}
		if !inCur && prev == nil {
			continue
		}
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(b, '"')
		b = append(b, k...)
		b = append(b, '"', ':')
		if inCur {
			b = append(b, cv...)
		} else {
			b = append(b, "null"...)
		}
	}
	return append(b, '}'), nil
}

func (toyWriter) AppendEvent(b []byte, e rules.Event) ([]byte, error) {
	j, err := json.Marshal(e)
	return append(b, j...), err
}
