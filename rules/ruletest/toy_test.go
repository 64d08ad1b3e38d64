package ruletest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules"
)

// toy is a small game of secret simultaneous choices that exercises the
// harness: every seat picks 1 or 2 in secret; when all have picked, the
// picks are revealed and added to the scores; the first to reach 10 ends
// the game. Its faults are switches, so the tests can see the harness fail.
type toy struct {
	leakView  bool // a view shows the other seats' sealed picks
	leakEvent bool // "picked" tells everybody the pick
	badLegal  bool // Legal offers a 3, which Apply refuses
	endless   bool // the game never ends
}

type toyMatch struct {
	g      toy
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

func (toy) ID() string        { return "toy" }
func (toy) Seats() (int, int) { return 2, 4 }
func (toy) Levels() []string  { return []string{"ones"} }
func (g toy) New(n int, opts json.RawMessage, seed uint64) (rules.Match, error) {
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

func (toy) DecodeMove(b []byte) (rules.Move, error) {
	m, err := strict[toyMove](b)
	if err == nil && (m.Pick < 1 || m.Pick > 3) {
		err = fmt.Errorf("pick: %d", m.Pick)
	}
	return m, err
}
func (toy) DecodeView(b []byte) (rules.View, error) { return strict[toyView](b) }
func (toy) DecodeEvent(b []byte) (rules.Event, error) {
	e, err := strict[toyEvent](b)
	if err == nil && e.Type != "picked" && e.Type != "revealed" {
		err = fmt.Errorf("type: %q", e.Type)
	}
	return e, err
}

type onesBot struct{}

func (onesBot) Observe(rules.Event)          {}
func (onesBot) Choose(rules.View) rules.Move { return toyMove{Pick: 1} }

func (toy) NewBot(level string, seat int, seed uint64) (rules.Bot, error) {
	if level != "ones" {
		return nil, fmt.Errorf("level %q", level)
	}
	return onesBot{}, nil
}

func (m *toyMatch) Over() bool {
	return !m.g.endless && slices.ContainsFunc(m.scores, func(s int) bool { return s >= 10 })
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
	if m.g.badLegal {
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
	evs := []rules.Event{toyEvent{Type: "picked", Seat: seat, Pick: p.Pick, leak: m.g.leakEvent}}
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
		case p != 0 && (i == seat || m.g.leakView):
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

// toyHidden: a seat may not see another seat's sealed pick, in a view
// ("picked" holds only -1 for others) or an event ("pick" only its own).
func toyHidden(m rules.Match, seat int, data []byte) error {
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

func toyConfig(g toy) Config {
	c := Config{Game: g, Games: 40, MaxMoves: 500, Hidden: toyHidden}
	c.defaults()
	return c
}

// TestContractToy: a sound game passes every check.
func TestContractToy(t *testing.T) {
	Contract(t, Config{Game: toy{}, Games: 200, Hidden: toyHidden})
}

// TestContractCatchesFaults: each fault of the toy is found, by the check
// meant for it, with a message that says what is wrong.
func TestContractCatchesFaults(t *testing.T) {
	tb := Table{Players: 3}
	for _, tc := range []struct {
		name string
		run  func() error
		want string
	}{
		{"leaky view", func() error { return RandomGame(toyConfig(toy{leakView: true}), tb, 1, true) }, "view leaks"},
		{"leaky event", func() error { return RandomGame(toyConfig(toy{leakEvent: true}), tb, 1, true) }, "event for seat"},
		{"bad legal move", func() error { return ProbeLegal(toyConfig(toy{badLegal: true}), tb, 1) }, "legal move"},
		{"endless", func() error { return RandomGame(toyConfig(toy{endless: true}), tb, 1, false) }, "not over after 500 moves"},
	} {
		err := tc.run()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
}

func FuzzToyDecoders(f *testing.F) {
	FuzzDecoders(f, toy{}, []byte(`{"pick":1}`), []byte(`{"type":"revealed","seat":0,"picks":[1,2]}`))
}
