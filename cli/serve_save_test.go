package cli

import (
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
)

// TestLoadLanSaveFormat1: a goldvein serve --save file written before
// record format 2 (box/testdata) still resumes: the record converts, the
// session reads as it was, the host takes the game up at its 75th move,
// and its next autosave is format 2 with the seats' kinds (the host's own
// player human, the guest remote, the computer players at their levels).
func TestLoadLanSaveFormat1(t *testing.T) {
	rec, sess, err := loadLanSave(filepath.Join("..", "box", "testdata", "format1-lansave.json"), saboteur.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	if rec.From != 1 || len(rec.Moves) != 75 || sess.Name != "Friday" || len(sess.Seats) != 4 ||
		sess.Seats[1].Kind != lan.SeatGuest || sess.Seats[1].Token != "0123456789abcdef0123456789abcdef" {
		t.Fatalf("read from %d, %d moves, session %+v", rec.From, len(rec.Moves), sess)
	}
	path := filepath.Join(t.TempDir(), lanSaveFile)
	// The computer players wait (BotDelay), so the record still holds the
	// 75 moves when read: with no delay the next seat's bot could move first.
	h, err := lan.NewHost(lan.HostConfig{Game: saboteur.Rules{Bots: bot.Brains}, Players: len(rec.Seats), Options: rec.Options, BotDelay: time.Hour, Save: lanSaver{game.FileSaver{Path: path, Private: true}}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.Resume(rec, sess, map[int]game.Seat{0: game.NewInbox("Ann")}); err != nil {
		t.Fatal(err)
	}
	got := h.Table().Record()
	want := []rules.RecordSeat{{Name: "Ann", Kind: rules.Human}, {Name: "Ben", Kind: rules.Remote},
		{Name: "Bot 3", Kind: rules.Computer, Level: "hard"}, {Name: "Bot 4", Kind: rules.Computer, Level: "easy"}}
	if len(got.Moves) != 75 || !reflect.DeepEqual(got.Seats, want) {
		t.Fatalf("resumed at %d moves, seats %+v", len(got.Moves), got.Seats)
	}
}
