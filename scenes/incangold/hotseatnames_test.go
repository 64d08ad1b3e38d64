package incangold

import (
	"regexp"
	"testing"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// TestIncanHotseatNeverYou (issue 25 item 4): two humans at one screen,
// the first with the name the new-game screen gives when the system names
// no user ("You", "Вы", "شما"): the curtain hands the screen to "Player
// 1", never "Pass the screen to You" / "I am You", and no log line of the
// first rounds calls a seat by that name. Seen failing before the shell's
// HotseatNames was used here.
func TestIncanHotseatNeverYou(t *testing.T) {
	for _, l := range i18n.Langs {
		h := scenes.LangHarness(t, string(l), igTestGames)
		you := h.A.T("scene.newgame.you")
		word := regexp.MustCompile(`(^|[^\p{L}])` + regexp.QuoteMeta(you) + `([^\p{L}]|$)`)
		seats := []scenes.SeatSetup{{Human: true, Name: you}, {Human: true, Name: scenes.PlayerName(h.A, 2)}, {Name: "Bot 3", Level: "normal"}}
		m, err := newIGMatch(h.A, igSetup{Seats: seats, Options: incangold.Options{StartPlayer: 0}, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		b := newIGBoardScene(h.A, m)
		h.A.Cur = b
		curtains := 0
		mk := h.NewMonkey(7)
		for k := 0; k < 6; k++ {
			if _, ok := igWaitChoice(h); !ok {
				break
			}
			if b.curtain {
				curtains++
				if name := b.veil.Name(); word.MatchString(name) || name != scenes.PlayerName(h.A, b.veil.Seat()+1) {
					t.Errorf("%s: the curtain hands the screen to %q", l, name)
				}
			}
			mk.Run(200, nil)
			// The monkey may have left the in-game menu open (the computer
			// player's move can land while it is up): it resumes or undoes
			// from there in time, and only the table is waited on.
			mk.Run(4000, func() bool {
				switch h.A.Cur.(type) {
				case *igBoardScene, *igRoundEndScene, *igFinalScene:
					return true
				}
				return false
			})
		}
		if curtains == 0 || m.log.Len() == 0 {
			t.Fatalf("%s: %d curtains, %d log lines", l, curtains, m.log.Len())
		}
		for i := 0; i < m.log.Len(); i++ {
			if line := m.log.Line(i).Text; word.MatchString(line) {
				t.Errorf("%s: the log says %q", l, line)
			}
		}
		m.table.Close()
	}
}
