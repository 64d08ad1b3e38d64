package incangold

import (
	"encoding/json"
	"testing"

	"github.com/goldvein/goldvein/rules"
)

var _ rules.Opener = (*Match)(nil)

// TestOpeningIsTheDeal: a match made by Game.New (the table's and
// Record.Replay's way, which drops NewMatch's events) still hands out the
// deal's events as its opening (rules.Opener): round 1 started, the first
// card (two after a first hazard, I3.5) and the choice step opened (I3.3),
// exactly NewMatch's, for the drawn start player (I2.4) and Diamant too,
// and the same after moves were made. Record.Replay puts them first, so a
// resumed game's events are the opening and then the moves' events.
func TestOpeningIsTheDeal(t *testing.T) {
	for _, c := range []struct {
		players int
		opts    Options
		seed    uint64
	}{
		{3, Options{StartPlayer: 0}, 1},
		{5, Options{StartPlayer: DrawStart}, 77},
		{8, Options{Diamant: true, StartPlayer: DrawStart}, 12345},
	} {
		opts, _ := json.Marshal(c.opts)
		rm, err := Game{}.New(c.players, opts, c.seed)
		if err != nil {
			t.Fatal(err)
		}
		_, want, err := NewMatch(c.players, c.opts, c.seed)
		if err != nil {
			t.Fatal(err)
		}
		got := rules.OpeningOf(rm)
		if len(want) == 0 || len(got) != len(want) {
			t.Fatalf("%d players seed %d: opening of %d events, NewMatch made %d", c.players, c.seed, len(got), len(want))
		}
		for i := range want {
			if !sameEvent(t, got[i], want[i]) {
				t.Fatalf("opening[%d] = %+v, want %+v", i, got[i], want[i])
			}
		}
		if want[0].Type != RoundStarted || want[len(want)-1].Type != ChoiceOpened {
			t.Fatalf("the deal runs %v to %v, want round started to choice opened", want[0].Type, want[len(want)-1].Type)
		}
		// Moves change the match, not its opening; Replay returns it first.
		m := rm.(*Match)
		rec := rules.NewRecord(ID, opts, c.seed, make([]rules.RecordSeat, c.players))
		var played []rules.Event
		for k := 0; k < 3 && !m.Over(); k++ {
			for _, s := range m.ToMove() {
				evs, err := m.Apply(s, Move{Choice: Torch})
				if err != nil {
					t.Fatal(err)
				}
				played = append(played, evs...)
				if err := rec.Add(s, Move{Choice: Torch}); err != nil {
					t.Fatal(err)
				}
			}
		}
		again := m.Opening()
		for i := range want {
			if !sameEvent(t, again[i], want[i]) {
				t.Fatalf("after moves opening[%d] = %+v, want %+v", i, again[i], want[i])
			}
		}
		for i := range rec.Seats {
			rec.Seats[i] = rules.RecordSeat{Name: "P", Kind: rules.Human}
		}
		_, evs, err := rec.Replay(Game{})
		if err != nil {
			t.Fatal(err)
		}
		all := append(append([]rules.Event{}, got...), played...)
		if len(evs) != len(all) {
			t.Fatalf("replay: %d events, want %d (opening %d + moves %d)", len(evs), len(all), len(got), len(played))
		}
		for i := range all {
			if !sameEvent(t, evs[i], all[i]) {
				t.Fatalf("replay event %d = %+v, want %+v", i, evs[i], all[i])
			}
		}
	}
}

// TestPositionHasNoOpening: a match read from a position was never dealt
// here, so it has no opening to hand out.
func TestPositionHasNoOpening(t *testing.T) {
	p, err := ParsePosition([]byte(`{"players": 3, "round": 1, "in": [0, 1, 2], "path": ["T7"]}`))
	if err != nil {
		t.Fatalf("position: %v", err)
	}
	if evs := p.m.Opening(); evs != nil {
		t.Fatalf("a position's match has an opening: %v", evs)
	}
}

func sameEvent(t *testing.T, a, b any) bool {
	t.Helper()
	ja, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	jb, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(ja) == string(jb)
}
