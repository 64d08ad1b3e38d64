package incangold

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules"
)

func TestParseOptions(t *testing.T) {
	o, err := ParseOptions(nil)
	if err != nil || o != DefaultOptions() {
		t.Fatalf("nil options: %+v, %v", o, err)
	}
	o, err = ParseOptions([]byte(`{"artifacts2020": true, "open_tents": true, "start_player": 2}`))
	if err != nil || !o.Artifacts2020 || !o.OpenTents || o.StartPlayer != 2 || o.Diamant {
		t.Fatalf("got %+v, %v", o, err)
	}
	bad := map[string]string{
		`{"diamant": "yes"}`:    "options: diamant: want true or false, not a JSON string",
		`{"start_player": 1.5}`: "options: start_player: want a whole number, not a JSON number 1.5",
		`{"open": true}`:        `options: "open": unknown field`,
		`{} {}`:                 "options: trailing data after the JSON value",
		`[1]`:                   "options: value: want an object, not a JSON array",
	}
	for in, want := range bad {
		if _, err := ParseOptions([]byte(in)); err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %q", in, err, want)
		}
	}
	// Diamant turns off artifacts2020 and tiebreak_value (Table options).
	m, _, err := NewMatch(3, Options{Diamant: true, Artifacts2020: true, TiebreakValue: true}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Options(); got.Artifacts2020 || got.TiebreakValue || m.TiebreakName() != "count" {
		t.Errorf("diamant left options on: %+v", got)
	}
}

func TestNewMatchRefusesBadTables(t *testing.T) {
	for _, c := range []struct {
		players int
		opts    Options
		want    string
	}{
		{2, DefaultOptions(), "players: 2: want 3 to 8 (I1.1)"},
		{9, DefaultOptions(), "players: 9: want 3 to 8 (I1.1)"},
		{3, Options{StartPlayer: 3}, "options: start_player: 3: want -1 (draw) or a seat 0 to 2 (I2.4)"},
		{3, Options{StartPlayer: -2}, "options: start_player: -2: want -1 (draw) or a seat 0 to 2 (I2.4)"},
	} {
		if _, _, err := NewMatch(c.players, c.opts, 1); err == nil || err.Error() != c.want {
			t.Errorf("%d players %+v: got %v, want %q", c.players, c.opts, err, c.want)
		}
	}
}

// TestStartPlayer: a chosen start player starts round 1, a drawn one
// depends on the seed only, and the role passes left each round (I2.4,
// I8.4, IR9).
func TestStartPlayer(t *testing.T) {
	starts := func(evs []Event) []int {
		var out []int
		for _, e := range evs {
			if e.Type == RoundStarted {
				out = append(out, e.Seat)
			}
		}
		return out
	}
	_, evs := playRandom(t, 4, Options{StartPlayer: 2}, 9, newRand(1), 0.3)
	if got := starts(evs); !slices.Equal(got, []int{2, 3, 0, 1, 2}) {
		t.Errorf("chosen start 2: rounds start with %v", got)
	}
	drawn := map[int]bool{}
	for seed := range uint64(40) {
		a, _, _ := NewMatch(5, DefaultOptions(), seed)
		b, _, _ := NewMatch(5, DefaultOptions(), seed)
		if a.Start() != b.Start() {
			t.Fatalf("seed %d: drawn start %d then %d", seed, a.Start(), b.Start())
		}
		drawn[a.Start()] = true
	}
	if len(drawn) != 5 {
		t.Errorf("40 seeds drew only the start players %v", drawn)
	}
}

// TestChoiceStepIsSimultaneous: every explorer owes a choice at once; a
// sealed seat owes no more; the step changes only when a new choice step
// opens (I3.4).
func TestChoiceStepIsSimultaneous(t *testing.T) {
	m, _, err := NewMatch(6, Options{StartPlayer: 0}, 5)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.ToMove(); !slices.Equal(got, []int{0, 1, 2, 3, 4, 5}) {
		t.Fatalf("ToMove at the first choice step: %v", got)
	}
	step := m.Step()
	for _, s := range []int{3, 0, 5, 1, 4} {
		if _, err := m.Play(s, Torch, nil); err != nil {
			t.Fatal(err)
		}
		if slices.Contains(m.ToMove(), s) || m.Owes(s) || m.Legal(s) != nil {
			t.Errorf("seat %d still owes a choice after sealing", s)
		}
		if m.Step() != step {
			t.Errorf("sealing seat %d changed the step", s)
		}
	}
	if got := m.ToMove(); !slices.Equal(got, []int{2}) {
		t.Fatalf("ToMove with one seat left to seal: %v", got)
	}
	evs, err := m.Play(2, Camp, nil)
	if err != nil {
		t.Fatal(err)
	}
	if evs[1].Type != Revealed || evs[2].Type != Left || evs[2].Seat != 2 {
		t.Fatalf("the last seal did not reveal and resolve the leaver: %v", evs)
	}
	if !m.Over() && m.Step() == step {
		t.Error("the step did not change with the next choice step")
	}
}

// TestRefusals: every refused move cites its rule and changes nothing.
func TestRefusals(t *testing.T) {
	m, _, err := NewMatch(4, Options{StartPlayer: 0}, 11)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Play(1, Camp, nil); err != nil {
		t.Fatal(err)
	}
	type bad struct {
		seat int
		mv   rules.Move
		rule string
	}
	cases := []bad{
		{1, Move{Choice: Torch}, "I3.4"},
		{4, Move{Choice: Torch}, "I1.2"},
		{-1, Move{Choice: Torch}, "I1.2"},
		{0, Move{}, "I3.3"},
		{0, "torch", "I3.3"},
		{0, &Move{Choice: Choice(9)}, "I3.3"},
	}
	for _, c := range cases {
		before := *m
		_, err := m.Apply(c.seat, c.mv)
		if rules.RuleOf(err) != c.rule {
			t.Errorf("seat %d %v: got %v, want rule %s", c.seat, c.mv, err, c.rule)
		}
		if *m != before {
			t.Errorf("seat %d %v: the refused move changed the match", c.seat, c.mv)
		}
	}
	// Seat 1 left at the reveal: it makes no more choices (I3.6).
	for _, s := range []int{0, 2, 3} {
		if _, err := m.Play(s, Torch, nil); err != nil {
			t.Fatal(err)
		}
	}
	if !m.InTemple(1) && m.Round() == 1 {
		if _, err := m.Apply(1, Move{Choice: Torch}); rules.RuleOf(err) != "I3.6" {
			t.Errorf("a leaver's choice: got %v, want I3.6", err)
		}
	}
	over, _ := playRandom(t, 3, DefaultOptions(), 2, newRand(2), 0.5)
	if _, err := over.Apply(0, Move{Choice: Torch}); rules.RuleOf(err) != "I8.5" {
		t.Errorf("a move after the end: got %v, want I8.5", err)
	}
	var re *rules.RuleError
	if _, err := over.Apply(0, Move{Choice: Torch}); !errors.As(err, &re) || !strings.HasPrefix(err.Error(), "I8.5: ") {
		t.Errorf("the refusal is no *rules.RuleError reading \"I8.5: ...\": %v", err)
	}
}

// TestLegalSafeDefaultFirst: camp first, then torch (rules.Match.Legal).
func TestLegalSafeDefaultFirst(t *testing.T) {
	m, _, _ := NewMatch(3, DefaultOptions(), 1)
	for _, s := range m.ToMove() {
		l := m.Legal(s)
		if len(l) != 2 || l[0] != (Move{Choice: Camp}) || l[1] != (Move{Choice: Torch}) {
			t.Errorf("Legal(%d) = %v", s, l)
		}
		v := m.SeatView(s)
		if !reflect.DeepEqual(v.Legal(), []Move{{Choice: Camp}, {Choice: Torch}}) {
			t.Errorf("View(%d).Legal() = %v", s, v.Legal())
		}
	}
}

// TestChoiceStepSkips: before the first card, and before the second when
// the first was a hazard, no choice step is held; in every other turn one
// is (I3.5, IR3).
func TestChoiceStepSkips(t *testing.T) {
	firstHazards := 0
	for seed := range uint64(60) {
		_, evs := playRandom(t, 4, DefaultOptions(), seed, newRand(seed), 0.2)
		cards := 0 // cards turned this round before the current event
		var first Card
		for i, e := range evs {
			switch e.Type {
			case RoundStarted:
				cards = 0
				if evs[i+1].Type != Flipped {
					t.Fatalf("seed %d: round %d begins with %v, not a card", seed, e.Round, evs[i+1])
				}
			case Flipped, Bust:
				cards++
				if cards == 1 {
					first = e.Card
				}
				if e.Type == Bust {
					continue
				}
				next := evs[i+1]
				wantChoice := !(cards == 1 && first.IsHazard())
				if wantChoice && next.Type != ChoiceOpened {
					t.Fatalf("seed %d: card %d (%s) of round %d is followed by %v, not a choice step", seed, cards, e.Card, e.Round, next)
				}
				if !wantChoice {
					firstHazards++
					if next.Type != Flipped && next.Type != Bust {
						t.Fatalf("seed %d: a first-card hazard is followed by %v, not the second card", seed, next)
					}
				}
			}
		}
	}
	if firstHazards == 0 {
		t.Fatal("no round began with a hazard: the skip was never tested")
	}
}

// TestViewHidesTents: a seat sees its own tent; other tents only with
// open_tents or at the end (O4, Hidden information).
func TestViewHidesTents(t *testing.T) {
	for _, open := range []bool{false, true} {
		m, _, _ := NewMatch(4, Options{StartPlayer: 0, OpenTents: open}, 3)
		r := newRand(3)
		for !m.Over() && m.Round() < 3 {
			for _, s := range m.ToMove() {
				c := Torch
				if r.IntN(3) == 0 {
					c = Camp
				}
				m.Play(s, c, nil)
			}
		}
		v := m.SeatView(1)
		if v.Tent != m.Tent(1) {
			t.Errorf("open %t: own tent %d, want %d", open, v.Tent, m.Tent(1))
		}
		if open != (v.Tents != nil) {
			t.Errorf("open %t: tents %v", open, v.Tents)
		}
		for _, h := range v.History {
			for s, b := range h.Banked {
				if s != 1 && b != 0 && !open {
					t.Errorf("round %d: seat %d's banked gems %d shown to seat 1", h.Round, s, b)
				}
			}
		}
		if sp := m.SeatView(-1); sp.Tent != 0 || sp.Seat != -1 || sp.Choice != NoChoice {
			t.Errorf("a spectator's view shows a tent or choice: %+v", sp)
		}
	}
	over, _ := playRandom(t, 4, DefaultOptions(), 3, newRand(4), 0.3)
	v := over.SeatView(0)
	if len(v.Tents) != 4 || !slices.Equal(v.Scores, over.Scores()) || !slices.Equal(v.Winners, over.Winners()) {
		t.Errorf("the final view lacks tents or scores: %+v", v)
	}
}

// TestSealedEventRedacted: a sealed choice shows only "seat N has chosen"
// to everyone but its seat (I3.4).
func TestSealedEventRedacted(t *testing.T) {
	e := Event{Type: Sealed, Round: 1, Seat: 2, Step: 1, Choice: Camp}
	if got, ok := e.For(2); !ok || got.(Event).Choice != Camp {
		t.Errorf("own seat: %v", got)
	}
	for _, s := range []int{-1, 0, 1, 3} {
		got, ok := e.For(s)
		if !ok || got.(Event).Choice != NoChoice || got.(Event).Seat != 2 {
			t.Errorf("seat %d sees %v", s, got)
		}
		b, _ := json.Marshal(got)
		if strings.Contains(string(b), "camp") || strings.Contains(string(b), "choice") {
			t.Errorf("seat %d's JSON holds the choice: %s", s, b)
		}
	}
	rv := Event{Type: Revealed, Round: 1, Seat: -1, Choices: []Choice{Camp, Torch, NoChoice}}
	if got, _ := rv.For(1); !reflect.DeepEqual(got, rv) {
		t.Errorf("the reveal is public, got %v", got)
	}
}

func TestDecodeMove(t *testing.T) {
	for in, want := range map[string]Move{`{"choose":"torch"}`: {Choice: Torch}, ` {"choose": "camp"} `: {Choice: Camp}} {
		if got, err := DecodeMove([]byte(in)); err != nil || got != want {
			t.Errorf("%s: %v, %v", in, got, err)
		}
	}
	for in, want := range map[string]string{
		`{}`:                              "move: choose: missing",
		`{"choose":""}`:                   `move: choose: "": want "torch" or "camp" (I3.3)`,
		`{"choose":"Torch"}`:              `move: choose: "Torch": want "torch" or "camp" (I3.3)`,
		`{"choose":"torch","seat":1}`:     `move: "seat": unknown field`,
		`{"choose":1}`:                    "move: choose: want a string, not a JSON number",
		`{"choose":"torch"}{}`:            "move: trailing data after the JSON value",
		`null`:                            "move: choose: missing",
		`{"choose":"torch","choose":"x"}`: `move: choose: given twice`,
	} {
		if _, err := DecodeMove([]byte(in)); err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %q", in, err, want)
		}
	}
}

// TestJSONRoundTrips: views and events decode back to what was encoded.
func TestJSONRoundTrips(t *testing.T) {
	m, evs := playRandom(t, 5, Options{StartPlayer: -1, Artifacts2020: true}, 8, newRand(8), 0.25)
	views := []View{m.SeatView(0), m.SeatView(-1)}
	mid, _, _ := NewMatch(5, DefaultOptions(), 8)
	mid.Play(mid.ToMove()[0], Camp, nil)
	views = append(views, mid.SeatView(0), mid.SeatView(3))
	for _, v := range views {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := DecodeView(b)
		if err != nil {
			t.Fatalf("DecodeView(%s): %v", b, err)
		}
		if !reflect.DeepEqual(got, v) {
			t.Errorf("view round trip:\n got %+v\nwant %+v", got, v)
		}
	}
	for _, e := range evs {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		got, err := DecodeEvent(b)
		if err != nil {
			t.Fatalf("DecodeEvent(%s): %v", b, err)
		}
		if !reflect.DeepEqual(got, e) {
			t.Errorf("event round trip:\n got %+v\nwant %+v", got, e)
		}
	}
	for in, want := range map[string]string{
		`{"type":"flipped","round":1,"seat":-1,"card":"T6"}`: `event: card: unknown card code "T6" (I1.7)`,
		`{"type":"nap","round":1,"seat":0}`:                  `event: type: unknown event type "nap"`,
		`{"round":1,"seat":0}`:                               `event: type: missing`,
		`{"type":"sealed","round":1,"seat":8}`:               `event: seat: 8: want -1 or 0 to 7`,
		`{"type":"sealed","round":0,"seat":1}`:               `event: round: 0: want 1 to 5 (I1.1)`,
		`{"type":"sealed","round":1,"seat":1,"x":1}`:         `event: "x": unknown field`,
	} {
		if _, err := DecodeEvent([]byte(in)); err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %q", in, err, want)
		}
	}
	if _, err := DecodeView([]byte(`{"seat":0,"players":2}`)); err == nil || !strings.Contains(err.Error(), "players: 2") {
		t.Errorf("a view of 2 players: %v", err)
	}
}

// TestGameContract: the rules.Game face of the package.
func TestGameContract(t *testing.T) {
	var g rules.Game = Game{}
	if g.ID() != "incangold" {
		t.Error(g.ID())
	}
	if lo, hi := g.Seats(); lo != 3 || hi != 8 {
		t.Errorf("seats %d..%d", lo, hi)
	}
	if _, err := g.New(3, json.RawMessage(`{"diamant": 1}`), 1); err == nil || !strings.Contains(err.Error(), "diamant") {
		t.Errorf("bad options: %v", err)
	}
	if _, err := g.New(2, nil, 1); err == nil {
		t.Error("2 players accepted")
	}
	if _, err := g.NewBot("hard", 0, 1); err == nil {
		t.Error("a Game without Bots made a bot")
	}
	if g.Levels() != nil {
		t.Error("a Game without Bots lists levels")
	}
	withBots := Game{Bots: func(string, int, uint64) (rules.Bot, error) { return nil, nil }}
	if !slices.Equal(withBots.Levels(), Levels) {
		t.Errorf("levels %v", withBots.Levels())
	}
	if _, err := withBots.NewBot("expert", 0, 1); err == nil {
		t.Error("an unknown level was accepted")
	}
	// A record replays through the contract to the same match.
	m, err := g.New(4, json.RawMessage(`{"start_player": 1}`), 77)
	if err != nil {
		t.Fatal(err)
	}
	rec := rules.NewRecord(ID, json.RawMessage(`{"start_player": 1}`), 77, make([]rules.RecordSeat, 4))
	r := newRand(77)
	for !m.Over() {
		s := m.ToMove()[0]
		mv := m.Legal(s)[r.IntN(2)]
		if _, err := m.Apply(s, mv); err != nil {
			t.Fatal(err)
		}
		rec.Add(s, mv)
	}
	again, _, err := rec.Replay(g)
	if err != nil {
		t.Fatal(err)
	}
	if *again.(*Match) != *m.(*Match) {
		t.Error("the replayed record differs from the match")
	}
}

// TestViewIntoReuses: a view written over an older one is the fresh view.
func TestViewIntoReuses(t *testing.T) {
	for _, opts := range []Options{{StartPlayer: 0}, {StartPlayer: 1, OpenTents: true, Artifacts2020: true}} {
		m, _, _ := NewMatch(6, opts, 12)
		var v View
		r := newRand(12)
		for !m.Over() {
			for s := -1; s < 6; s++ {
				m.ViewInto(s, &v)
				if fresh := m.SeatView(s); !reflect.DeepEqual(v, fresh) {
					t.Fatalf("seat %d: reused\n%+v\nfresh\n%+v", s, v, fresh)
				}
			}
			owe := m.ToMove()
			m.Play(owe[r.IntN(len(owe))], Choice(1+r.IntN(2)), nil)
		}
		m.ViewInto(2, &v)
		if fresh := m.SeatView(2); !reflect.DeepEqual(v, fresh) {
			t.Fatalf("the final view: reused\n%+v\nfresh\n%+v", v, fresh)
		}
	}
}
