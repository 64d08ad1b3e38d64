package game

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/goldvein/goldvein/rules"
)

// TestHistoryOfFinishedGames: a table whose saver keeps a history adds
// the game to it when it ends (and not before), with its scores and
// whole record; the next game is added after it.
func TestHistoryOfFinishedGames(t *testing.T) {
	dir := t.TempDir()
	fs := FileSaver{Path: filepath.Join(dir, AutosaveFile), History: filepath.Join(dir, HistoryFile)}
	h := History{Path: fs.History}
	for k, seed := range []uint64{3, 4} {
		tb, err := NewTable(toy, modes[0].opts(100), seed, inboxes(4), fs)
		if err != nil {
			t.Fatal(err)
		}
		playRandom(t, tb, rand.New(rand.NewPCG(seed, 1)), 40)
		if games, err := h.Read(); err != nil || len(games) != k {
			t.Fatalf("game %d unfinished: history %d games, %v", k+1, len(games), err)
		}
		playRandom(t, tb, rand.New(rand.NewPCG(seed, 2)), 1000)
		if !tb.Over() || tb.SaveError() != nil {
			t.Fatalf("game %d: over %v, save error %v", k+1, tb.Over(), tb.SaveError())
		}
		games, err := h.Read()
		if err != nil || len(games) != k+1 {
			t.Fatalf("game %d finished: history %d games, %v", k+1, len(games), err)
		}
		g := games[k]
		if !reflect.DeepEqual(g.Scores, tb.Scores()) || !reflect.DeepEqual(g.Record, tb.Record()) || g.Ended.IsZero() {
			t.Errorf("game %d: history has scores %v, record of %d moves; the table %v, %d", k+1, g.Scores, len(g.Record.Moves), tb.Scores(), len(tb.Record().Moves))
		}
		tb.Close()
	}
}

// TestCorruptHistory: a history file that is not the history's JSON is a
// clear error, and Add then leaves it exactly as it was.
func TestCorruptHistory(t *testing.T) {
	for _, bad := range []string{
		`{"games":[`,
		`{"games":[],"games":[]}`,
		`{"games":[],"extra":1}`,
		`{"games":[{"ended":"2026-01-02T03:04:05Z","scores":[1]}]}`,
		`{"games":[]} {}`,
	} {
		p := filepath.Join(t.TempDir(), HistoryFile)
		if err := os.WriteFile(p, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		h := History{Path: p}
		if _, err := h.Read(); err == nil || !strings.Contains(err.Error(), "history") {
			t.Errorf("%s: read error %v", bad, err)
		}
		rec := toyRecord(t)
		if err := h.Add(Finished{Scores: make([]int, len(rec.Seats)), Record: rec}); err == nil {
			t.Errorf("%s: added to a corrupt history", bad)
		}
		if got, _ := os.ReadFile(p); !bytes.Equal(got, []byte(bad)) {
			t.Errorf("%s: the file changed to %s", bad, got)
		}
	}
}

// toyRecord is the record of a short toy game.
func toyRecord(t *testing.T) *rules.Record {
	t.Helper()
	tb, err := NewTable(toy, modes[0].opts(100), 1, inboxes(3), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	return tb.Record()
}

// TestHistoryStaysReadable: games too large to keep together push the
// oldest out, so that the history written is always read back.
func TestHistoryStaysReadable(t *testing.T) {
	h := History{Path: filepath.Join(t.TempDir(), HistoryFile)}
	rec := toyRecord(t)
	for len(rec.Moves) < 40000 {
		rec.Moves = append(rec.Moves, rules.RecordMove{Seat: 0, Move: []byte(`{"pick":1,"pad":"................"}`)})
	}
	for k := 0; k < 4; k++ {
		if err := h.Add(Finished{Ended: time.Date(2026, 1, 1, k, 0, 0, 0, time.UTC), Scores: make([]int, len(rec.Seats)), Record: rec}); err != nil {
			t.Fatalf("game %d: %v", k+1, err)
		}
		games, err := h.Read()
		if err != nil || len(games) == 0 || games[len(games)-1].Ended.Hour() != k {
			t.Fatalf("after game %d the history reads %d games, %v", k+1, len(games), err)
		}
	}
}
