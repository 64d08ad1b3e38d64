package cli

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// writeRecord plays a game of random legal moves (all of it, or the first
// moves only) and writes its record to a file.
func writeRecord(t *testing.T, o saboteur.Options, seed uint64, moves int) (string, *saboteur.Record) {
	t.Helper()
	g, _, err := saboteur.New(o, seed)
	if err != nil {
		t.Fatal(err)
	}
	rec := saboteur.NewRecord(o, seed, []string{"Ann", "Bo", "Cy", "Di", "Ed", "Fa", "Gu", "Hal", "Io", "Jo"}[:o.Players])
	r := rand.New(rand.NewPCG(seed, 1))
	for g.Phase() != saboteur.Over && len(rec.Moves) < moves {
		ms := g.LegalMoves(g.Turn())
		m := ms[r.IntN(len(ms))]
		if _, err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
		rec.Moves = append(rec.Moves, m)
	}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, rec
}

func TestReplayGame(t *testing.T) {
	path, rec := writeRecord(t, saboteur.Options{Players: 5, FirstPlayer: 2, SabotagedGetNothing: true}, 42, 1<<20)
	code, out, errs := runCmd(t, "", "replay", path)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	g, _, _ := rec.Replay()
	for _, want := range []string{
		"5 players, seed 42", `0 "Ann"`, "sabotaged diggers get nothing (R8.1b)", "first player: seat 2 (Cy)",
		"Round 1: seat 2 (Cy) starts", "Round 2:", "Round 3:", "roles: 0 (Ann) ", "set aside: ", "goals: y=-2 ",
		"gold handed out: ", "Final scores (gold value): ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the course lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(out, "round over") != 3 {
		t.Errorf("%d rounds over, want 3", strings.Count(out, "round over"))
	}
	winners := g.Winners()
	line := out[strings.Index(out, "Winner"):]
	for _, s := range winners {
		if !strings.Contains(line, rec.Seats[s]) {
			t.Errorf("winner %s not named in %q", rec.Seats[s], line)
		}
	}
	// The same record from standard input.
	data, _ := os.ReadFile(path)
	if code, out2, _ := runCmd(t, string(data), "replay", "-"); code != 0 || out2 != out {
		t.Errorf("replay - : exit %d, output differs", code)
	}
}

func TestReplayUnfinished(t *testing.T) {
	path, _ := writeRecord(t, saboteur.Options{Players: 3}, 7, 30)
	code, out, _ := runCmd(t, "", "replay", path)
	if code != 0 || !strings.Contains(out, "after 30 moves; the game is not over") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

// TestReplayBad: an illegal move exits 1 naming it; a file that is no
// record exits 2.
func TestReplayBad(t *testing.T) {
	path, rec := writeRecord(t, saboteur.Options{Players: 4}, 9, 1<<20)
	rec.Moves[17].Seat = (rec.Moves[17].Seat + 1) % 4
	data, _ := json.Marshal(rec)
	os.WriteFile(path, data, 0o644)
	code, _, errs := runCmd(t, "", "replay", path)
	if code != 1 || !strings.Contains(errs, "moves[17]") || !strings.Contains(errs, "R4.3") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, bad := range []string{`{"format": 1}`, `not json`, `{"format":1,"game":"goldvein","options":{"players":3},"seed":1,"seats":["a","b","c"],"moves":[{"seat":0,"play":"EW"}]}`} {
		os.WriteFile(path, []byte(bad), 0o644)
		if code, _, errs := runCmd(t, "", "replay", path); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q", bad, code, errs)
		}
	}
	if code, _, _ := runCmd(t, "", "replay", filepath.Join(t.TempDir(), "missing.json")); code != 2 {
		t.Errorf("a missing file: exit %d", code)
	}
	if code, _, _ := runCmd(t, "", "replay"); code != 2 {
		t.Errorf("no file: exit %d", code)
	}
}

// TestReplaySeatNamesStayInTheirLine: a record's seat names are outside
// input (a LAN guest picks its own name); a name with a newline, a
// terminal escape or a bidi override must not forge lines or colours in
// the course replay prints.
func TestReplaySeatNamesStayInTheirLine(t *testing.T) {
	path, rec := writeRecord(t, saboteur.Options{Players: 3}, 5, 1<<20)
	code, plain, _ := runCmd(t, "", "replay", path)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	rec.Seats[0] = "Ann\n\nRound 9: seat 2 starts\x1b[31m\u202e\r"
	data, _ := json.Marshal(rec)
	os.WriteFile(path, data, 0o644)
	code, out, errs := runCmd(t, "", "replay", path)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if got, want := strings.Count(out, "\n"), strings.Count(plain, "\n"); got != want {
		t.Errorf("%d lines with the hostile name, %d without:\n%s", got, want, out)
	}
	for _, r := range out {
		if r != '\n' && !unicode.IsPrint(r) {
			t.Fatalf("the course holds the unprintable %U:\n%q", r, out)
		}
	}
	if !strings.Contains(out, `Round 9: seat 2 starts`) {
		t.Errorf("the name is not shown at all:\n%s", out)
	}
}

// TestReplayServeSave: the file goldvein serve --save writes holds the
// record beside the LAN session; replay reads the record inside it.
func TestReplayServeSave(t *testing.T) {
	path, _ := writeRecord(t, saboteur.Options{Players: 4, FirstPlayer: 0}, 9, 30)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	plain, plainOut, _ := runCmd(t, string(data), "replay", "-")
	if plain != 0 {
		t.Fatalf("plain record: exit %d", plain)
	}
	save := `{"record": ` + string(data) + `, "session": {}}`
	code, out, errs := runCmd(t, save, "replay", "-")
	if code != 0 || out != plainOut {
		t.Fatalf("serve save: exit %d, stderr %q, output equal to the plain record's: %v", code, errs, out == plainOut)
	}
}

// TestReplaySaboteurFormat2: a record of format 2 (the app's autosave since
// record format 2) replays to the same course as the same game's format-1
// record, but for the format named in the header.
func TestReplaySaboteurFormat2(t *testing.T) {
	path, rec := writeRecord(t, saboteur.Options{Players: 4, FirstPlayer: -1}, 9, 1<<20)
	_, want, _ := runCmd(t, "", "replay", path)
	r2, err := rec.Convert()
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(r2)
	if err != nil {
		t.Fatal(err)
	}
	code, got, errs := runCmd(t, string(data), "replay", "-")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if got != strings.Replace(want, "goldvein record, format 1:", "goldvein record, format 2:", 1) {
		t.Errorf("format 2 replays otherwise:\n%s\nformat 1:\n%s", got, want)
	}
}
