package saboteur

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules"
)

var (
	_ rules.Game   = Rules{}
	_ rules.Match  = (*Match)(nil)
	_ rules.Opener = (*Match)(nil)
	_ rules.Event  = (*Event)(nil)
)

// TestMatchFollowsTheGame: the contract's Match says what the Game says
// (who is on turn, the step, the legal moves with a safe one first, the
// views, the end), and a record of the moves replays through the contract
// to the same game.
func TestMatchFollowsTheGame(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		o := Options{Players: 3 + int(seed%8), FirstPlayer: -1, OneNuggetPerDigger: seed%3 == 0}
		m, err := NewMatch(o, seed)
		if err != nil {
			t.Fatal(err)
		}
		g := m.Game()
		raw, _ := json.Marshal(o)
		seats := make([]rules.RecordSeat, o.Players)
		for i := range seats {
			seats[i] = rules.RecordSeat{Name: "P", Kind: rules.Human}
		}
		rec := rules.NewRecord(ID, raw, seed, seats)
		r := rng(seed)
		for !m.Over() {
			tm := m.ToMove()
			if len(tm) != 1 || tm[0] != g.Turn() || m.Step() != g.Moves() {
				t.Fatalf("ToMove %v Step %d, game: turn %d moves %d", tm, m.Step(), g.Turn(), g.Moves())
			}
			s := tm[0]
			legal := m.Legal(s)
			if sortedMoves(typed(legal)) == nil || !slices.Equal(sortedMoves(typed(legal)), sortedMoves(g.LegalMoves(s))) {
				t.Fatal("Legal is not LegalMoves")
			}
			first := legal[0].(Move)
			switch g.Phase() {
			case HandingOut:
				if first.Type != Keep || first.Gold != slices.Min(g.View(s).Offer) {
					t.Fatalf("first legal move %v while gold is handed out", first)
				}
			default:
				if first.Type != Discard {
					t.Fatalf("first legal move %v is no discard", first)
				}
			}
			if other := (s + 1) % o.Players; m.Legal(other) != nil {
				t.Fatalf("seat %d off turn has legal moves", other)
			}
			if !viewsEqual(m.View(s).(View), g.View(s)) {
				t.Fatal("View is not the game's")
			}
			mv := legal[r.IntN(len(legal))].(Move)
			other := mv
			other.Seat = (s + 1) % o.Players
			if _, err := m.Apply(s, other); RuleOf(err) != "R4.3" {
				t.Fatalf("seat %d's move for seat %d: %v", other.Seat, s, err)
			}
			if _, err := m.Apply(s, mv); err != nil {
				t.Fatalf("legal move %v refused: %v", mv, err)
			}
			rec.Add(s, mv)
		}
		if m.ToMove() != nil || !slices.Equal(m.Scores(), g.Scores()) || !slices.Equal(m.Winners(), g.Winners()) {
			t.Fatalf("over: ToMove %v Scores %v Winners %v", m.ToMove(), m.Scores(), m.Winners())
		}
		data, _ := json.Marshal(rec)
		back, err := rules.ParseRecord(data)
		if err != nil {
			t.Fatal(err)
		}
		rm, evs, err := back.Replay(Rules{})
		if err != nil {
			t.Fatal(err)
		}
		if !gamesEqual(rm.(*Match).Game(), g) {
			t.Fatal("the replayed record is another game")
		}
		if e, ok := evs[0].(*Event); !ok || e.Type != RoundStarted {
			t.Fatalf("Replay's first event %v is not the deal's", evs[0])
		}
	}
}

func typed(ms []rules.Move) []Move {
	out := make([]Move, len(ms))
	for i, m := range ms {
		out[i] = m.(Move)
	}
	return out
}

// TestMatchRefuses: a move of another type, a seat off turn and a move
// after the end are refused citing the rule, and change nothing.
func TestMatchRefuses(t *testing.T) {
	m, err := NewMatch(Options{Players: 3}, 5)
	if err != nil {
		t.Fatal(err)
	}
	before := m.Step()
	if _, err := m.Apply(0, "discard"); RuleOf(err) != "R4.1" {
		t.Errorf("a string as a move: %v", err)
	}
	if _, err := m.Apply(1, m.Legal(0)[0]); RuleOf(err) != "R4.3" {
		t.Errorf("seat 1 off turn: %v", err)
	}
	if m.Step() != before {
		t.Error("a refused move changed the step")
	}
}

// TestDecodersRoundTrip: every move, view and redacted event of whole
// games reads back through the contract's decoders as it was.
func TestDecodersRoundTrip(t *testing.T) {
	var g rules.Game = Rules{}
	for seed := uint64(1); seed <= 3; seed++ {
		m, err := g.New(5, json.RawMessage(`{"connect_to_start":true}`), seed)
		if err != nil {
			t.Fatal(err)
		}
		check := func(evs []rules.Event) {
			for _, e := range evs {
				for s := -1; s < 5; s++ {
					r, _ := e.For(s)
					data, err := json.Marshal(r)
					if err != nil {
						t.Fatal(err)
					}
					back, err := g.DecodeEvent(data)
					if err != nil || !reflect.DeepEqual(back, r) {
						t.Fatalf("event %s read back as %+v, %v; was %+v", data, back, err, r)
					}
				}
			}
			for s := -1; s < 5; s++ {
				v := m.View(s)
				data, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				back, err := g.DecodeView(data)
				if err != nil || !viewsEqual(back.(View), v.(View)) {
					t.Fatalf("view of seat %d read back as %+v, %v", s, back, err)
				}
			}
		}
		check(rules.OpeningOf(m))
		r := rng(seed)
		for !m.Over() {
			s := m.ToMove()[0]
			legal := m.Legal(s)
			mv := legal[r.IntN(len(legal))]
			data, err := json.Marshal(mv)
			if err != nil {
				t.Fatal(err)
			}
			back, err := g.DecodeMove(data)
			if err != nil || back.(Move) != mv.(Move).Normal() {
				t.Fatalf("move %s read back as %v, %v", data, back, err)
			}
			evs, err := m.Apply(s, back)
			if err != nil {
				t.Fatal(err)
			}
			check(evs)
		}
	}
}

// TestDecodersStrict: unknown fields, unknown codes and trailing data are
// errors naming what is wrong.
func TestDecodersStrict(t *testing.T) {
	g := Rules{}
	for _, tc := range []struct {
		name string
		dec  func([]byte) (any, error)
		in   string
		err  string
	}{
		{"move field", func(b []byte) (any, error) { return g.DecodeMove(b) }, `{"seat":0,"keep":2,"x":1}`, "x: not used by keep"},
		{"move trailing", func(b []byte) (any, error) { return g.DecodeMove(b) }, `{"seat":0,"keep":2} {}`, "trailing"},
		{"view field", func(b []byte) (any, error) { return g.DecodeView(b) }, `{"seat":0,"secret":1}`, "secret: unknown field"},
		{"view trailing", func(b []byte) (any, error) { return g.DecodeView(b) }, `{"seat":0} 1`, "trailing"},
		{"event type", func(b []byte) (any, error) { return g.DecodeEvent(b) }, `{"type":"exploded"}`, `type "exploded" unknown`},
		{"event field", func(b []byte) (any, error) { return g.DecodeEvent(b) }, `{"type":"drew","hand":[]}`, "hand: unknown field"},
		{"event role", func(b []byte) (any, error) { return g.DecodeEvent(b) }, `{"type":"dealt","role":"king"}`, `role "king"`},
		{"event trailing", func(b []byte) (any, error) { return g.DecodeEvent(b) }, `{"type":"drew"}{}`, "trailing"},
	} {
		got, err := tc.dec([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: %v (%v), want an error with %q", tc.name, got, err, tc.err)
		}
	}
}

// TestParseOptions: the defaults, a partial object, and the refusals.
func TestParseOptions(t *testing.T) {
	for _, tc := range []struct {
		players int
		in      string
		want    Options
		err     string
	}{
		{4, ``, Options{Players: 4, FirstPlayer: -1}, ""},
		{4, `null`, Options{Players: 4, FirstPlayer: -1}, ""},
		{5, `{"connect_to_start":true}`, Options{Players: 5, FirstPlayer: -1, ConnectToStart: true}, ""},
		{5, `{"players":5,"first_player":2}`, Options{Players: 5, FirstPlayer: 2}, ""},
		{5, `{"players":4}`, Options{}, "players 4 for 5 seats"},
		{5, `{"dragons":true}`, Options{}, "dragons: unknown field"},
		{2, ``, Options{}, "R1.1"},
		{5, `{"first_player":7}`, Options{}, "R3.5"},
		{5, `[]`, Options{}, "options"},
	} {
		got, err := ParseOptions(tc.players, json.RawMessage(tc.in))
		if tc.err == "" && (err != nil || got != tc.want) || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("ParseOptions(%d, %s) = %+v, %v", tc.players, tc.in, got, err)
		}
	}
}

// TestPublicView: a seat's view made public is the spectator's view.
func TestPublicView(t *testing.T) {
	g := newGame(t, Options{Players: 4, FirstPlayer: -1}, 3)
	randomGame(t, g, func(n int) int { return n / 2 }, func(Move, []Event) {
		for s := 0; s < 4; s++ {
			if !viewsEqual(g.View(s).Public(), g.View(-1)) {
				t.Fatalf("seat %d's view made public is not the spectator's", s)
			}
		}
	})
}

// TestFormat1Converts: a format-1 record read through rules.ReadRecord
// becomes format 2 (From 1, seat 0 human, the others normal computer
// players) and replays through the contract to the same game; a format-2
// record reads as itself; an unknown old format is refused by name.
func TestFormat1Converts(t *testing.T) {
	o := Options{Players: 4, FirstPlayer: -1}
	g := newGame(t, o, 11)
	old := NewRecord(o, 11, []string{"Ann", "Ben", "Bot 3", "Bot 4"})
	randomGame(t, g, func(n int) int { return n - 1 }, func(m Move, _ []Event) { old.Moves = append(old.Moves, m) })
	data, err := json.Marshal(old)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := rules.ReadRecord(data, Rules{})
	if err != nil {
		t.Fatal(err)
	}
	want := []rules.RecordSeat{{Name: "Ann", Kind: rules.Human}, {Name: "Ben", Kind: rules.Computer, Level: "normal"},
		{Name: "Bot 3", Kind: rules.Computer, Level: "normal"}, {Name: "Bot 4", Kind: rules.Computer, Level: "normal"}}
	if rec.Format != 2 || rec.From != 1 || rec.Game != ID || rec.Seed != 11 || !slices.Equal(rec.Seats, want) || len(rec.Moves) != len(old.Moves) {
		t.Fatalf("converted: %+v", rec)
	}
	m, _, err := rec.Replay(Rules{})
	if err != nil {
		t.Fatal(err)
	}
	if !gamesEqual(m.(*Match).Game(), g) {
		t.Fatal("the converted record replays to another game")
	}
	data2, _ := json.Marshal(rec)
	again, err := rules.ReadRecord(data2, Rules{})
	if err != nil || again.From != 0 || len(again.Moves) != len(rec.Moves) {
		t.Fatalf("format 2 read back: %+v, %v", again, err)
	}
	if _, err := rules.ReadRecord(data); err == nil || !strings.Contains(err.Error(), `format 1 of game "goldvein"`) {
		t.Errorf("a format-1 record with no game to read it: %v", err)
	}
	bad := strings.Replace(string(data), `"seat":0`, `"seat":9`, 1)
	if _, err := rules.ReadRecord([]byte(bad), Rules{}); err == nil {
		t.Error("a format-1 record with a seat out of the table converted")
	}
}
