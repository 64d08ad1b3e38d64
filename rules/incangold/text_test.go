package incangold

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules"
)

// recordOf plays a game with random choices and returns its record.
func recordOf(t *testing.T, players int, opts string, seed uint64) *rules.Record {
	t.Helper()
	g := Game{}
	m, err := g.New(players, json.RawMessage(opts), seed)
	if err != nil {
		t.Fatal(err)
	}
	seats := make([]rules.RecordSeat, players)
	for i := range seats {
		seats[i] = rules.RecordSeat{Name: string(rune('A' + i)), Kind: rules.Human}
	}
	seats[1].Name = "Bad\x1b[2Jname"
	rec := rules.NewRecord(ID, json.RawMessage(opts), seed, seats)
	r := newRand(seed)
	for !m.Over() {
		owe := m.ToMove()
		s := owe[r.IntN(len(owe))]
		mv := m.Legal(s)[min(1, r.IntN(4))]
		if _, err := m.Apply(s, mv); err != nil {
			t.Fatal(err)
		}
		rec.Add(s, mv)
	}
	return rec
}

func TestDescribe(t *testing.T) {
	rec := recordOf(t, 4, `{"start_player": 2}`, 21)
	var out bytes.Buffer
	if err := Describe(rec, &out); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{"Incan Gold, 4 players, seed 21, published rules\n", "Round 1: C starts; A1 shuffled in",
		"Round 4: Bad?[2Jname starts", "Round 5: C starts", "  turned T", "  choices: ", " leaves with ", "Final scores:\n", "Winner: "} {
		if !strings.Contains(text, want) {
			t.Errorf("the course lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "\x1b") {
		t.Error("a control character of a seat's name reached the output")
	}
	m, _, err := rec.Replay(Game{})
	if err != nil {
		t.Fatal(err)
	}
	for s, sc := range m.Scores() {
		if !strings.Contains(text, ": "+itoa(sc)+" (tent ") {
			t.Errorf("seat %d's final score %d is not printed", s, sc)
		}
	}
}

func itoa(x int) string { b, _ := json.Marshal(x); return string(b) }

func TestDescribeBadRecords(t *testing.T) {
	rec := recordOf(t, 3, `null`, 5)
	// An illegal move: the course up to it, then an error that is not
	// bad input (exit 1).
	bad := rec.Clone()
	bad.Moves = append(bad.Moves[:4:4], rules.RecordMove{Seat: bad.Moves[3].Seat, Move: json.RawMessage(`{"choose":"torch"}`)})
	var out bytes.Buffer
	err := Describe(bad, &out)
	if err == nil || IsInputError(err) || !strings.Contains(err.Error(), "moves[4]") {
		t.Fatalf("an illegal move: %v", err)
	}
	if !strings.Contains(out.String(), "Round 1") || !strings.Contains(out.String(), "illegal move: ") {
		t.Errorf("the course before the illegal move is missing:\n%s", out.String())
	}
	for _, r := range []*rules.Record{
		{Format: 2, Game: "saboteur", Options: json.RawMessage(`null`), Seats: rec.Seats},
		{Format: 2, Game: ID, Options: json.RawMessage(`{"diamant": 2}`), Seats: rec.Seats},
		{Format: 2, Game: ID, Options: json.RawMessage(`null`), Seats: rec.Seats[:2]},
	} {
		out.Reset()
		if err := Describe(r, &out); !IsInputError(err) || out.Len() > 0 {
			t.Errorf("%s %s with %d seats: %v, %q", r.Game, r.Options, len(r.Seats), err, out.String())
		}
	}
	unfinished := rec.Clone()
	unfinished.Moves = unfinished.Moves[:3]
	out.Reset()
	if err := Describe(unfinished, &out); err != nil || !strings.Contains(out.String(), "before the game is over") {
		t.Errorf("an unfinished record: %v\n%s", err, out.String())
	}
}
