package game

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
)

// TestLoadRefusesBadSeatNames: Continue draws the autosave's seat names; a
// name the game would never give a seat (1500 characters crashed the text
// atlas, a bidi override or a control character garbles the table) makes
// Load an error naming the seat, never a game.
func TestLoadRefusesBadSeatNames(t *testing.T) {
	for _, tc := range []struct {
		name, seat, err string
	}{
		{"good", "Ann", ""},
		{"1500 characters", strings.Repeat("W", 1500), "seats[1]: name: name is longer than 24 characters"},
		{"bidi override", "\u202eAnn", "seats[1]: name: name has an unprintable character U+202E"},
		{"escape", "\x1b[2J", "seats[1]: name: name has an unprintable character U+001B"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := saboteur.NewRecord(saboteur.Options{Players: 3}, 5, []string{"Bo", tc.seat, "Cy"})
			data, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), AutosaveFile)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := FileSaver{Path: path}.Load(sab)
			if tc.err == "" {
				if err != nil || got == nil || got.Record.Seats[1].Name != tc.seat {
					t.Fatalf("Load: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("Load: error %v, want one with %q", err, tc.err)
			}
			if got != nil {
				t.Error("Load returned a record with its error")
			}
		})
	}
}

// TestFormat1Goldens: an autosave and a LAN --save file written by the
// code before record format 2 (testdata, 75 moves into round 3) still
// load, converted to format 2 (seat 0 human, the others normal computer
// players; the LAN file's session as it was), and replay to exactly the
// position they held; saved again, they are format 2 and read back the
// same.
func TestFormat1Goldens(t *testing.T) {
	want, err := os.ReadFile("testdata/format1-autosave.view0.json")
	if err != nil {
		t.Fatal(err)
	}
	seats := []rules.RecordSeat{{Name: "Ann", Kind: rules.Human}, {Name: "Ben", Kind: rules.Computer, Level: "normal"},
		{Name: "Bot 3", Kind: rules.Computer, Level: "normal"}, {Name: "Bot 4", Kind: rules.Computer, Level: "normal"}}
	check := func(name string, saved *Saved, from int) {
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
	auto, err := FileSaver{Path: "testdata/format1-autosave.json"}.Load(sab)
	if err != nil {
		t.Fatal(err)
	}
	check("autosave", auto, 1)
	if auto.Session != nil {
		t.Errorf("an autosave has a session: %s", auto.Session)
	}
	lanFile, err := FileSaver{Path: "testdata/format1-lansave.json"}.Load(sab)
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
	fs := FileSaver{Path: filepath.Join(dir, AutosaveFile)}
	if err := fs.Save(auto.Record); err != nil {
		t.Fatal(err)
	}
	again, err := fs.Load(sab)
	if err != nil {
		t.Fatal(err)
	}
	check("autosave saved again", again, 0)
	ls := FileSaver{Path: filepath.Join(dir, "lan.json"), Private: true}
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

// TestSeatKindsContinue (issue 17, item 1): a hotseat table of two humans
// and two computer players keeps who plays each seat in its autosave, and
// a table continued from it records the same kinds again.
func TestSeatKindsContinue(t *testing.T) {
	fs := FileSaver{Path: filepath.Join(t.TempDir(), AutosaveFile)}
	ann, ben := NewInbox("Ann"), NewInbox("Ben")
	seats := []Seat{ann, ben, NewBotSeat("Bot 3", "easy", newBrain(3), 0), NewBotSeat("Bot 4", "hard", newBrain(4), 0)}
	tb, err := NewTable(sab, opts(4), 9, seats, fs)
	if err != nil {
		t.Fatal(err)
	}
	want := []rules.RecordSeat{{Name: "Ann", Kind: rules.Human}, {Name: "Ben", Kind: rules.Human},
		{Name: "Bot 3", Kind: rules.Computer, Level: "easy"}, {Name: "Bot 4", Kind: rules.Computer, Level: "hard"}}
	// Ann (seat 0) starts: she moves, Ben moves, then the bots.
	for s := 0; s < 2; s++ {
		v := view(tb, s)
		if err := tb.Submit(s, v.LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for view(tb, -1).Turn != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the computer players did not move")
		}
		time.Sleep(time.Millisecond)
	}
	tb.Close()
	saved, err := fs.Load(sab)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(saved.Record.Seats, want) {
		t.Fatalf("autosave seats %+v, want %+v", saved.Record.Seats, want)
	}
	// Continue: the seats are made from the record's kinds.
	again := make([]Seat, len(saved.Record.Seats))
	for i, rs := range saved.Record.Seats {
		if rs.Kind == rules.Human {
			again[i] = NewInbox(rs.Name)
			continue
		}
		b, err := sab.NewBot(rs.Level, i, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		again[i] = NewBotSeat(rs.Name, rs.Level, b, 0)
	}
	tb2, err := Resume(sab, saved.Record, again, fs)
	if err != nil {
		t.Fatal(err)
	}
	defer tb2.Close()
	v := view(tb2, 0)
	if err := tb2.Submit(0, v.LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	saved2, err := fs.Load(sab)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(saved2.Record.Seats, want) || len(saved2.Record.Moves) != len(saved.Record.Moves)+1 {
		t.Fatalf("after Continue: seats %+v, %d moves", saved2.Record.Seats, len(saved2.Record.Moves))
	}
}
