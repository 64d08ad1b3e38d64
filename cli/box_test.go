package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/box"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/ruletest"
)

// testBox is the app's box with the toy game of ruletest added, so that the
// tools' handling of any game on the contract is tested.
func testBox() box.Box {
	return append(box.Games(), box.Game{ID: "toy", Title: "Toy", Summary: "a test game",
		Rules: ruletest.Toy{}, Describe: describeToy})
}

func describeToy(rec *rules.Record, w io.Writer) error {
	_, _, err := rec.Replay(ruletest.Toy{})
	fmt.Fprintf(w, "toy game of %d seats, %d moves\n", len(rec.Seats), len(rec.Moves))
	return err
}

// TestHelpListsGames: goldvein help names every game with its --game ID.
func TestHelpListsGames(t *testing.T) {
	code, out, _ := runCmd(t, "", "help")
	if code != 0 || !strings.Contains(out, "saboteur") || !strings.Contains(out, "toy ") || !strings.Contains(out, "--game ID") {
		t.Fatalf("help: exit %d\n%s", code, out)
	}
}

// TestGameFlag: --game picks the game; an unknown one exits 2 with one line
// naming the games there are; a game without a position format says so.
func TestGameFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "--game", "chess"}, "--game chess: no such game (the games: saboteur, "},
		{[]string{"check", "--game=toy"}, "--game toy: this game has no position format"},
		{[]string{"sim", "--game", "chess"}, "--game chess: no such game"},
		{[]string{"sim", "--game"}, "flag needs an argument: --game"},
	} {
		code, out, errOut := runCmd(t, "{}", tc.args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.want) {
			t.Errorf("goldvein %v: exit %d, stdout %q, stderr %q; want 2 and %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

// TestSimBoxJSON: the box's sim plays a game on the contract and prints the
// report in its fixed JSON shape on the last line.
func TestSimBoxJSON(t *testing.T) {
	code, out, errOut := runCmd(t, "", "sim", "--game", "toy", "--games", "30", "--players", "3", "--seats", "ones,ones,ones", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var rep struct {
		Game           string  `json:"game"`
		Games          int     `json:"games"`
		Players        int     `json:"players"`
		GamesPerSecond float64 `json:"games_per_second"`
		Levels         map[string]struct {
			Seats         int        `json:"seats"`
			MeanScore     float64    `json:"mean_score"`
			MeanScoreCI95 [2]float64 `json:"mean_score_ci95"`
			WinRate       float64    `json:"win_rate"`
			ThinkMsP50    float64    `json:"think_ms_p50"`
			ThinkMsP95    float64    `json:"think_ms_p95"`
		} `json:"levels"`
	}
	if err := strictJSON(lines[len(lines)-1], &rep); err != nil {
		t.Fatalf("last line: %v\n%s", err, out)
	}
	ones := rep.Levels["ones"]
	// Every seat picks 1 each time, so all reach 10 together: 10 points, a
	// three-way tie (a third of a win each).
	if rep.Game != "toy" || rep.Games != 30 || rep.Players != 3 || rep.GamesPerSecond <= 0 ||
		ones.Seats != 3 || ones.MeanScore != 10 || ones.MeanScoreCI95 != [2]float64{10, 10} ||
		ones.WinRate < 0.333 || ones.WinRate > 0.334 {
		t.Fatalf("report %+v", rep)
	}
	code, _, errOut = runCmd(t, "", "sim", "--game", "toy", "--players", "3", "--seats", "ones,twos,ones")
	if code != 2 || !strings.Contains(errOut, "--seats: twos") {
		t.Fatalf("unknown seat type: exit %d, %q", code, errOut)
	}
}

func strictJSON(s string, v any) error {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// TestReplayFormat2: replay reads the game from a format-2 record, prints
// its course with the game's Describe, and stops with exit 1 at an illegal
// move after the course up to it.
func TestReplayFormat2(t *testing.T) {
	seats := []rules.RecordSeat{{Name: "A", Kind: rules.Human}, {Name: "B", Kind: rules.Computer, Level: "ones"}}
	rec := rules.NewRecord("toy", nil, 1, seats)
	for _, s := range []int{0, 1, 1} {
		if err := rec.Add(s, json.RawMessage(`{"pick":2}`)); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	write := func(r *rules.Record) string {
		b, _ := json.Marshal(r)
		p := filepath.Join(dir, "rec.json")
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := rec.Clone()
	good.Moves = good.Moves[:2]
	code, out, errOut := runCmd(t, "", "replay", write(good))
	if code != 0 || out != "toy game of 2 seats, 2 moves\n" {
		t.Fatalf("good record: exit %d, %q, %q", code, out, errOut)
	}
	// Seat 1 picks again in the next round, then seat 1 once more: refused.
	rec.Moves = append(rec.Moves[:2], rules.RecordMove{Seat: 1, Move: json.RawMessage(`{"pick":1}`)},
		rules.RecordMove{Seat: 1, Move: json.RawMessage(`{"pick":1}`)})
	code, out, errOut = runCmd(t, "", "replay", write(rec))
	if code != 1 || out != "toy game of 2 seats, 3 moves\n" || !strings.Contains(errOut, "moves[3] (seat 1): T2") {
		t.Fatalf("illegal move: exit %d, %q, %q", code, out, errOut)
	}
	rec.Game = "chess"
	if code, _, errOut = runCmd(t, "", "replay", write(rec)); code != 2 || !strings.Contains(errOut, "game chess: no such game") {
		t.Fatalf("unknown game: exit %d, %q", code, errOut)
	}
}

// TestReplayNamesStayInTheirLine: a format-2 record's seat names reach a
// game's Describe without control or format characters, so a hostile name
// can neither fake a line of the course nor drive the terminal.
func TestReplayNamesStayInTheirLine(t *testing.T) {
	b := box.Box{{ID: "toy", Rules: ruletest.Toy{}, Describe: func(rec *rules.Record, w io.Writer) error {
		for _, s := range rec.Seats {
			fmt.Fprintf(w, "seat %s\n", s.Name)
		}
		return nil
	}}}
	seats := []rules.RecordSeat{{Name: "A\nGame over: A wins\n\u001b[2J\u202e", Kind: rules.Human}, {Name: "B", Kind: rules.Human}}
	data, _ := json.Marshal(rules.NewRecord("toy", nil, 1, seats))
	var out, errb strings.Builder
	if code := replayBox(b, "rec.json", data, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if got, want := out.String(), "seat A?Game over: A wins??[2J…\nseat B\n"; got != want {
		t.Fatalf("course %q, want %q", got, want)
	}
}

// TestReplayRefusesForeignRecords: a computer seat at a level the game
// lacks, or a move that does not read as the game's move, makes the file
// no record of the game: one line naming the field, exit 2.
func TestReplayRefusesForeignRecords(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		rec  *rules.Record
		want string
	}{
		{func() *rules.Record {
			return rules.NewRecord("toy", nil, 1, []rules.RecordSeat{{Name: "A", Kind: rules.Human}, {Name: "B", Kind: rules.Computer, Level: "godlike"}})
		}(), `seats[1]: level: "godlike": want ones`},
		{func() *rules.Record {
			r := rules.NewRecord("toy", nil, 1, []rules.RecordSeat{{Name: "A", Kind: rules.Human}, {Name: "B", Kind: rules.Human}})
			r.Moves = []rules.RecordMove{{Seat: 0, Move: json.RawMessage(`{"pick":2}`)}, {Seat: 1, Move: json.RawMessage(`{"sleep":true}`)}}
			return r
		}(), `moves[1]: `},
	} {
		data, _ := json.Marshal(tc.rec)
		p := filepath.Join(dir, "rec.json")
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCmd(t, "", "replay", p)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.want) {
			t.Errorf("exit %d, stdout %q, stderr %q; want 2 and one line with %q", code, out, errOut, tc.want)
		}
	}
}
