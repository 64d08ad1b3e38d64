package box

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
)

// Saboteur's own saves, read by the table's FileSaver (package game) with
// the box's Saboteur: the autosaves and LAN --save files written before
// record format 2 (format 1, game "goldvein") still load. They live here,
// beside the list of games, so that game's tests name no game; game's
// tests check the same save code on the toy game of rules/ruletest.

// sab is the box's Saboteur, as the app reads its saves.
func sab(t *testing.T) rules.Game {
	t.Helper()
	g, err := Games().Find("saboteur")
	if err != nil || g.Rules == nil {
		t.Fatalf("the box has no Saboteur on the contract: %v", err)
	}
	return g.Rules
}

// TestFormat1Goldens: an autosave and a LAN --save file written by the
// code before record format 2 (testdata, 75 moves into round 3) still
// load, converted to format 2 (seat 0 human, the others normal computer
// players; the LAN file's session as it was), and replay to exactly the
// position they held; saved again, they are format 2 and read back the
// same.
func TestFormat1Goldens(t *testing.T) {
	sab := sab(t)
	want, err := os.ReadFile("testdata/format1-autosave.view0.json")
	if err != nil {
		t.Fatal(err)
	}
	seats := []rules.RecordSeat{{Name: "Ann", Kind: rules.Human}, {Name: "Ben", Kind: rules.Computer, Level: "normal"},
		{Name: "Bot 3", Kind: rules.Computer, Level: "normal"}, {Name: "Bot 4", Kind: rules.Computer, Level: "normal"}}
	check := func(name string, saved *game.Saved, from int) {
		t.Helper()
		r := saved.Record
		if r.Format != 2 || r.From != from || r.Game != "saboteur" || r.Seed != 20261202 || len(r.Moves) != 75 || !reflect.DeepEqual(r.Seats, seats) {
			t.Fatalf("%s: read as format %d from %d, game %q, seed %d, %d moves, seats %+v", name, r.Format, r.From, r.Game, r.Seed, len(r.Moves), r.Seats)
		}
		got, err := json.MarshalIndent(saved.Match.View(0), "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(append(got, '\n'), want) {
			t.Fatalf("%s: seat 0's view after the replay is not the golden one:\n%s", name, got)
		}
	}
	auto, err := game.FileSaver{Path: "testdata/format1-autosave.json"}.Load(sab)
	if err != nil {
		t.Fatal(err)
	}
	check("autosave", auto, 1)
	if auto.Session != nil {
		t.Errorf("an autosave has a session: %s", auto.Session)
	}
	lanFile, err := game.FileSaver{Path: "testdata/format1-lansave.json"}.Load(sab)
	if err != nil {
		t.Fatal(err)
	}
	check("LAN save", lanFile, 1)
	var sess struct {
		Name  string `json:"name"`
		Seats []struct {
			Name, Kind, Token, Level string
		} `json:"seats"`
	}
	if err := json.Unmarshal(lanFile.Session, &sess); err != nil || sess.Name != "Friday" || len(sess.Seats) != 4 ||
		sess.Seats[1].Token != "0123456789abcdef0123456789abcdef" || sess.Seats[2].Level != "hard" {
		t.Fatalf("LAN save's session: %+v, %v", sess, err)
	}
	dir := t.TempDir()
	fs := game.FileSaver{Path: filepath.Join(dir, game.AutosaveFile)}
	if err := fs.Save(auto.Record); err != nil {
		t.Fatal(err)
	}
	again, err := fs.Load(sab)
	if err != nil {
		t.Fatal(err)
	}
	check("autosave saved again", again, 0)
	ls := game.FileSaver{Path: filepath.Join(dir, "lan.json"), Private: true}
	if err := ls.SaveSession(lanFile.Record, lanFile.Session); err != nil {
		t.Fatal(err)
	}
	lanAgain, err := ls.Load(sab)
	if err != nil {
		t.Fatal(err)
	}
	check("LAN save saved again", lanAgain, 0)
	if !bytes.Equal(lanAgain.Session, lanFile.Session) {
		t.Errorf("the session changed: %s, was %s", lanAgain.Session, lanFile.Session)
	}
	if st, err := os.Stat(ls.Path); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("a private save: %v, %v", st.Mode(), err)
	}
}

// TestCorruptFormat1Autosave: a format-1 Saboteur autosave that its old
// reader refused (two players; a move out of turn) is still refused, and
// nothing is loaded.
func TestCorruptFormat1Autosave(t *testing.T) {
	sab := sab(t)
	fs := game.FileSaver{Path: filepath.Join(t.TempDir(), game.AutosaveFile)}
	for _, data := range []string{
		`{"format":1,"game":"goldvein","options":{"players":2},"seed":1,"seats":["a","b"],"moves":[]}`,
		`{"format":1,"game":"goldvein","options":{"players":3},"seed":1,"seats":["a","b","c"],"moves":[{"seat":2,"play":"discard","card":"NE"}]}`,
	} {
		if err := os.WriteFile(fs.Path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		if got, err := fs.Load(sab); err == nil || got != nil {
			t.Errorf("autosave %q loaded", data)
		}
	}
}

// TestFormat1SeatNames: a format-1 autosave with a seat name the game
// would never give a seat is refused naming the seat, as a format-2 one is
// (game's TestLoadRefusesBadSeatNames).
func TestFormat1SeatNames(t *testing.T) {
	sab := sab(t)
	for _, tc := range []struct {
		name, seat, err string
	}{
		{"good", "Ann", ""},
		{"1500 characters", strings.Repeat("W", 1500), "seats[1]: name: name is longer than 24 characters"},
		{"bidi override", "\u202eAnn", "seats[1]: name: name has an unprintable character U+202E"},
	} {
		data, err := json.Marshal(saboteur.NewRecord(saboteur.Options{Players: 3}, 5, []string{"Bo", tc.seat, "Cy"}))
		if err != nil {
			t.Fatal(err)
		}
		got, err := game.ReadSave(data, sab)
		if tc.err == "" {
			if err != nil || got == nil || got.Record.From != 1 || got.Record.Seats[1].Name != tc.seat {
				t.Fatalf("%s: %v", tc.name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.err) || got != nil {
			t.Errorf("%s: error %v, want one with %q", tc.name, err, tc.err)
		}
	}
}
