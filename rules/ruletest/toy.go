package ruletest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/goldvein/goldvein/rules"
)

// Toy is a small game of secret simultaneous choices for the tests of the
// box's layers (this harness, the table, the network, the tools): every seat picks 1 or 2 in secret; when all have picked, the
// picks are revealed and added to the scores; the first to reach 10 ends
// the game. Its faults are switches, so the tests can see the harness fail.
type Toy struct {
	LeakView  bool // a view shows the other seats' sealed picks
	LeakEvent bool // "picked" tells everybody the pick
	BadLegal  bool // Legal offers a 3, which Apply refuses
	Endless   bool // the game never ends
}

type toyMatch struct {
	g      Toy
	scores []int
	picks  []int // 0: not yet picked
	step   int
}

type toyMove struct {
	Pick int `json:"pick"`
}

type toyView struct {
	Seat   int   `json:"seat"`
	Scores []int `json:"scores"`
	Picked []int `json:"picked"` // own pick, or -1 for "has picked" (others), 0 not yet
}

type toyEvent struct {
	Type  string `json:"type"`
	Seat  int    `json:"seat"`
	Pick  int    `json:"pick,omitempty"`
	Picks []int  `json:"picks,omitempty"`
	leak  bool
}

func (e toyEvent) For(seat int) (rules.Event, bool) {
	if e.Type == "picked" && seat != e.Seat && !e.leak {
		e.Pick = 0
	}
	return e, true
}

func (Toy) ID() string        { return "toy" }
func (Toy) Seats() (int, int) { return 2, 4 }
func (Toy) Levels() []string  { return []string{"ones"} }
func (g Toy) New(n int, opts json.RawMessage, seed uint64) (rules.Match, error) {
	if len(opts) > 0 && string(opts) != "null" {
		return nil, errors.New("options: the toy has none")
	}
	return &toyMatch{g: g, scores: make([]int, n), picks: make([]int, n)}, nil
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

func (Toy) DecodeMove(b []byte) (rules.Move, error) {
	m, err := strict[toyMove](b)
	if err == nil && (m.Pick < 1 || m.Pick > 3) {
		err = fmt.Errorf("pick: %d", m.Pick)
	}
	return m, err
}
func (Toy) DecodeView(b []byte) (rules.View, error) { return strict[toyView](b) }
func (Toy) DecodeEvent(b []byte) (rules.Event, error) {
	e, err := strict[toyEvent](b)
	if err == nil && e.Type != "picked" && e.Type != "revealed" {
		err = fmt.Errorf("type: %q", e.Type)
	}
	return e, err
}

type onesBot struct{}

func (onesBot) Observe(rules.Event)          {}
func (onesBot) Choose(rules.View) rules.Move { return toyMove{Pick: 1} }

func (Toy) NewBot(level string, seat int, seed uint64) (rules.Bot, error) {
	if level != "ones" {
		return nil, fmt.Errorf("level %q", level)
	}
	return onesBot{}, nil
}

func (m *toyMatch) Over() bool {
	return !m.g.Endless && slices.ContainsFunc(m.scores, func(s int) bool { return s >= 10 })
}
func (m *toyMatch) ToMove() []int {
	var s []int
	if m.Over() {
		return nil
	}
	for i, p := range m.picks {
		if p == 0 {
			s = append(s, i)
		}
	}
	return s
}
func (m *toyMatch) Step() int { return m.step }
func (m *toyMatch) Legal(seat int) []rules.Move {
	if !slices.Contains(m.ToMove(), seat) {
		return nil
	}
	l := []rules.Move{toyMove{1}, toyMove{2}}
	if m.g.BadLegal {
		l = append(l, toyMove{3})
	}
	return l
}
func (m *toyMatch) Apply(seat int, mv rules.Move) ([]rules.Event, error) {
	p, ok := mv.(toyMove)
	switch {
	case !ok:
		return nil, rules.Refuse("T1", "not a toy move")
	case !slices.Contains(m.ToMove(), seat):
		return nil, rules.Refuse("T2", "seat %d owes no move", seat)
	case p.Pick != 1 && p.Pick != 2:
		return nil, rules.Refuse("T3", "pick 1 or 2")
	}
	m.picks[seat] = p.Pick
	m.step++
	evs := []rules.Event{toyEvent{Type: "picked", Seat: seat, Pick: p.Pick, leak: m.g.LeakEvent}}
	if len(m.ToMove()) == 0 {
		for i, p := range m.picks {
			m.scores[i] += p
		}
		evs = append(evs, toyEvent{Type: "revealed", Picks: slices.Clone(m.picks)})
		clear(m.picks)
	}
	return evs, nil
}
func (m *toyMatch) View(seat int) rules.View {
	v := toyView{Seat: seat, Scores: slices.Clone(m.scores), Picked: make([]int, len(m.picks))}
	for i, p := range m.picks {
		switch {
		case p != 0 && (i == seat || m.g.LeakView):
			v.Picked[i] = p
		case p != 0:
			v.Picked[i] = -1
		}
	}
	return v
}
func (m *toyMatch) Scores() []int {
	if !m.Over() {
		return nil
	}
	return slices.Clone(m.scores)
}
func (m *toyMatch) Winners() []int {
	var w []int
	for i, s := range m.Scores() {
		if s == slices.Max(m.scores) {
			w = append(w, i)
		}
	}
	return w
}

// ToyHidden: a seat may not see another seat's sealed pick, in a view
// ("picked" holds only -1 for others) or an event ("pick" only its own).
func ToyHidden(m rules.Match, seat int, data []byte) error {
	if v, err := strict[toyView](data); err == nil {
		for i, p := range v.Picked {
			if i != seat && p > 0 {
				return fmt.Errorf("seat %d's sealed pick", i)
			}
		}
		return nil
	}
	if e, err := strict[toyEvent](data); err == nil && e.Type == "picked" && e.Seat != seat && e.Pick != 0 {
		return fmt.Errorf("seat %d's sealed pick", e.Seat)
	}
	return nil
}
