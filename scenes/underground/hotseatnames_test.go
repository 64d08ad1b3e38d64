package underground

import (
	"regexp"
	"testing"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/scenes"
)

// TestUGHotseatNeverYou (issue 25 item 4): two humans at one screen, the
// first with the name the new-game screen gives when the system names no
// user ("You", "Вы", "شما"): the curtain hands the screen to "Player 1",
// and no log line of the first turns calls a seat by that name ("You
// plays"). Seen failing before the shell's HotseatNames: the curtain read
// "Pass the screen to You" in Incan Gold.
func TestUGHotseatNeverYou(t *testing.T) {
	for _, l := range i18n.Langs {
		h := scenes.LangHarness(t, string(l), ugTestGames)
		h.A.Settings.AnimSpeed = 16
		you := h.A.T("scene.newgame.you")
		word := regexp.MustCompile(`(^|[^\p{L}])` + regexp.QuoteMeta(you) + `([^\p{L}]|$)`)
		m, err := newUGMatch(h.A, ugSetup{Seats: []scenes.SeatSetup{{Human: true, Name: you}, {Human: true, Name: scenes.PlayerName(h.A, 2)}}, Seed: 8})
		if err != nil {
			t.Fatal(err)
		}
		s := newUGPlayScene(h.A, m)
		h.A.Cur = s
		curtains, conquests := 0, map[int]int{}
		for moves := 0; moves < 200 && curtains < 4; moves++ {
			for i := 0; i < 4000 && !s.cur.Covering() && !(s.me >= 0 && s.mine.Legal != nil && s.busy <= 0); i++ {
				h.Tick()
			}
			if s.cur.Covering() {
				curtains++
				if name := s.cur.Name(); word.MatchString(name) || name != scenes.PlayerName(h.A, s.cur.Seat()+1) {
					t.Errorf("%s: the curtain hands the screen to %q", l, name)
				}
			}
			if _, ok := ugWait(h, nil); !ok {
				break
			}
			c := ugScript(s, conquests[s.mine.Turn*8+s.me])
			if ugAct(h, t, s, c, false) {
				conquests[s.mine.Turn*8+s.me]++
			}
			h.Tick()
		}
		if curtains < 2 {
			t.Fatalf("%s: %d curtains", l, curtains)
		}
		if m.st.log.Len() == 0 {
			t.Fatalf("%s: no log", l)
		}
		for i := 0; i < m.st.log.Len(); i++ {
			if line := m.st.log.Line(i).Text; word.MatchString(line) {
				t.Errorf("%s: the log says %q", l, line)
			}
		}
		m.close()
	}
}
