package game

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/ruletest"
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
			rec := rules.NewRecord("toy", nil, 5, []rules.RecordSeat{{Name: "Bo", Kind: rules.Human}, {Name: tc.seat, Kind: rules.Human}, {Name: "Cy", Kind: rules.Human}})
			data, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), AutosaveFile)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := FileSaver{Path: path}.Load(toy)
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

// TestSaveSessionRoundTrip: an autosave (Save) and a LAN host's save
// (SaveSession: the record and the session beside it) read back as they
// were written, in format 2, the session byte for byte; a private save is
// its owner's alone; the record's match is replayed to where it stood.
// (box/save_test.go: Saboteur's format-1 saves still load.)
func TestSaveSessionRoundTrip(t *testing.T) {
	tb, err := NewTable(toy, modes[1].opts(30), 20261202, inboxes(4), nil)
	if err != nil {
		t.Fatal(err)
	}
	playRandom(t, tb, rand.New(rand.NewPCG(1, 2)), 75)
	want, err := json.Marshal(tb.View(0))
	if err != nil {
		t.Fatal(err)
	}
	rec := tb.Record()
	check := func(name string, saved *Saved) {
		t.Helper()
		r := saved.Record
		if r.Format != 2 || r.From != 0 || r.Game != "toy" || r.Seed != 20261202 || len(r.Moves) != 75 || !reflect.DeepEqual(r, rec) {
			t.Fatalf("%s: read as format %d from %d, game %q, seed %d, %d moves, seats %+v", name, r.Format, r.From, r.Game, r.Seed, len(r.Moves), r.Seats)
		}
		got, err := json.Marshal(saved.Match.View(0))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: seat 0's view after the replay:\n%s\nwant\n%s", name, got, want)
		}
	}
	dir := t.TempDir()
	fs := FileSaver{Path: filepath.Join(dir, AutosaveFile)}
	if err := fs.Save(rec); err != nil {
		t.Fatal(err)
	}
	auto, err := fs.Load(toy)
	if err != nil {
		t.Fatal(err)
	}
	check("autosave", auto)
	if auto.Session != nil {
		t.Errorf("an autosave has a session: %s", auto.Session)
	}
	session := json.RawMessage(`{"name":"Friday","seats":[{"name":"Ann","kind":"host","token":"","level":""},{"name":"Ben","kind":"guest","token":"0123456789abcdef0123456789abcdef","level":""}]}`)
	ls := FileSaver{Path: filepath.Join(dir, "lan.json"), Private: true}
	if err := ls.SaveSession(rec, session); err != nil {
		t.Fatal(err)
	}
	lanFile, err := ls.Load(toy)
	if err != nil {
		t.Fatal(err)
	}
	check("LAN save", lanFile)
	if !bytes.Equal(lanFile.Session, session) {
		t.Errorf("the session changed: %s, was %s", lanFile.Session, session)
	}
	if st, err := os.Stat(ls.Path); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("a private save: %v, %v", st.Mode(), err)
	}
	if st, err := os.Stat(fs.Path); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("an autosave: %v, %v", st.Mode(), err)
	}
	// A LAN save with a field beside record and session is refused.
	if _, err := ReadSave([]byte(`{"record":{},"session":{},"tokens":[]}`), toy); err == nil || !strings.Contains(err.Error(), `unknown field "tokens"`) {
		t.Errorf("a LAN save with an unknown field: %v", err)
	}
	// A key given twice anywhere in a save is refused, as on the wire
	// (issue 24): the record, the session and the file around them.
	lanData, err := os.ReadFile(ls.Path)
	if err != nil {
		t.Fatal(err)
	}
	autoData, err := os.ReadFile(fs.Path)
	if err != nil {
		t.Fatal(err)
	}
	for name, bad := range map[string][]byte{
		"record given twice":       bytes.Replace(lanData, []byte(`{"record":`), []byte(`{"record":{},"record":`), 1),
		"a session field twice":    bytes.Replace(lanData, []byte(`"name":"Friday"`), []byte(`"name":"Friday","name":"Monday"`), 1),
		"a record field twice":     bytes.Replace(autoData, []byte(`"seed":`), []byte(`"seed":1,"seed":`), 1),
		"a move field twice":       bytes.Replace(autoData, []byte(`"seat":`), []byte(`"seat":3,"seat":`), 1),
		"a LAN record field twice": bytes.Replace(lanData, []byte(`"seed":`), []byte(`"seed":1,"seed":`), 1),
	} {
		if bytes.Equal(bad, lanData) || bytes.Equal(bad, autoData) {
			t.Fatalf("%s: the test's replacement did not apply", name)
		}
		if _, err := ReadSave(bad, toy); err == nil || !strings.Contains(err.Error(), "given twice") {
			t.Errorf("%s: %v, want refused (given twice)", name, err)
		}
	}
}

// TestSeatKindsContinue (issue 17, item 1): a hotseat table of two humans
// and two computer players keeps who plays each seat in its autosave, and
// a table continued from it records the same kinds again.
func TestSeatKindsContinue(t *testing.T) {
	fs := FileSaver{Path: filepath.Join(t.TempDir(), AutosaveFile)}
	ann, ben := NewInbox("Ann"), NewInbox("Ben")
	seats := []Seat{ann, ben, NewBotSeat("Bot 3", "ones", newBrain(3), 0), NewBotSeat("Bot 4", "random", newBrain(4), 0)}
	tb, err := NewTable(toy, modes[1].opts(0), 9, seats, fs)
	if err != nil {
		t.Fatal(err)
	}
	want := []rules.RecordSeat{{Name: "Ann", Kind: rules.Human}, {Name: "Ben", Kind: rules.Human},
		{Name: "Bot 3", Kind: rules.Computer, Level: "ones"}, {Name: "Bot 4", Kind: rules.Computer, Level: "random"}}
	// Ann (seat 0) starts: she moves, Ben moves, then the bots.
	for s := 0; s < 2; s++ {
		if err := tb.Submit(s, ruletest.ToyMove{Pick: 1}); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "the computer players' moves", func() bool { return len(tb.Record().Moves) == 4 && slices.Equal(owing(tb), []int{0}) })
	tb.Close()
	saved, err := fs.Load(toy)
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
		b, err := toy.NewBot(rs.Level, i, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		again[i] = NewBotSeat(rs.Name, rs.Level, b, 0)
	}
	tb2, err := Resume(toy, saved.Record, again, fs)
	if err != nil {
		t.Fatal(err)
	}
	defer tb2.Close()
	if err := tb2.Submit(0, ruletest.ToyMove{Pick: 2}); err != nil {
		t.Fatal(err)
	}
	saved2, err := fs.Load(toy)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(saved2.Record.Seats, want) || len(saved2.Record.Moves) != len(saved.Record.Moves)+1 {
		t.Fatalf("after Continue: seats %+v, %d moves", saved2.Record.Seats, len(saved2.Record.Moves))
	}
}
