package saboteur

import (
	"regexp"
	"testing"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/scenes"
)

// TestHotseatNeverYou (issue 25 item 4): two humans at one screen, the
// first with the name the new-game screen gives when the system names no
// user ("You", "Вы", "شما"): every curtain (the role reveal's, the
// board's) hands the screen to "Player 1" or "Player 2", never "Pass the
// screen to You", and no log line calls a seat by that name ("You
// plays"). Seen failing before the shell's HotseatNames was used here.
func TestHotseatNeverYou(t *testing.T) {
	for _, l := range i18n.Langs {
		h := scenes.LangHarness(t, string(l), testGames)
		h.A.Settings.AnimSpeed = 8
		you := h.A.T("scene.newgame.you")
		word := regexp.MustCompile(`(^|[^\p{L}])` + regexp.QuoteMeta(you) + `([^\p{L}]|$)`)
		seats := []scenes.SeatSetup{{Human: true, Name: you}, {Human: true, Name: scenes.PlayerName(h.A, 2)}, {Name: "Bot 3", Level: "random"}}
		m, err := NewMatch(h.A, Setup{Seats: seats, Youngest: 0, Seed: 11})
		if err != nil {
			t.Fatal(err)
		}
		h.A.Cur = startScene(h.A, m)
		curtains := 0
		check := func(c *scenes.Curtain) {
			if !c.Covering() {
				return
			}
			curtains++
			if name := c.Name(); word.MatchString(name) || name != scenes.PlayerName(h.A, c.Seat()+1) {
				t.Fatalf("%s: the curtain hands the screen to %q", l, name)
			}
		}
		mk := h.NewMonkey(3)
		mk.Run(6000, func() bool {
			switch s := h.A.Cur.(type) {
			case *revealScene:
				check(&s.veil)
			case *boardScene:
				check(&s.veil)
			}
			return curtains > 60 && len(m.log) > 8
		})
		if curtains == 0 || len(m.log) == 0 {
			t.Fatalf("%s: %d curtain frames, %d log lines", l, curtains, len(m.log))
		}
		for _, e := range m.log {
			if line := logText(h.A, m, e); word.MatchString(line) {
				t.Errorf("%s: the log says %q", l, line)
			}
		}
		m.Close()
	}
}
