package scenes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestGamePicker: the menu's game picker in the smallest window, a browser
// tab and a common one, in English, Russian and Persian: every game has a
// card on screen, clear of the buttons, mirrored right to left in Persian,
// with its name, seat range and summary inside it; a click picks the game;
// by keyboard Left (Right in Persian) reaches the picked card and Enter on
// it goes on to New game, and Enter there opens the new-game table.
func TestGamePicker(t *testing.T) {
	for _, lang := range []string{"en", "ru", "fa"} {
		for _, size := range [][2]float64{{1024, 640}, {1280, 657}, {1280, 800}} {
			name := fmt.Sprintf("%s-%gx%g", lang, size[0], size[1])
			in := newScript()
			a, err := NewApp(Config{Input: in, ConfigDir: t.TempDir(), Mute: true, FastBots: true, Lang: lang})
			if err != nil {
				t.Fatal(err)
			}
			a.LayoutF(size[0], size[1])
			h := &harness{t: t, a: a, in: in, screen: newScreen(a)}
			s := newMenuScene(a)
			a.cur = s
			h.ticks(2)
			games := boxGames()
			if len(s.pick.cards) != len(games) {
				t.Fatalf("%s: %d cards for %d games", name, len(s.pick.cards), len(games))
			}
			W := float64(a.w)
			for i, c := range s.pick.cards {
				if c.x < 0 || c.x+c.w > W || c.h < a.U(100) {
					t.Errorf("%s: card %d at %+v", name, i, c)
				}
				for _, b := range s.buttons {
					if overlaps(c, b.r) {
						t.Errorf("%s: card %d %+v overlaps the button %q %+v", name, i, c, b.label, b.r)
					}
				}
				if rtl := c.x > s.buttons[menuNew].r.x; rtl != a.RTL() {
					t.Errorf("%s: the cards are on the %v side", name, map[bool]string{true: "right", false: "left"}[rtl])
				}
			}
			want := map[string]int{}
			for i, g := range games {
				want[a.T("game."+g.id+".name")] = i
				want[a.T("game.players", "min", g.min, "max", g.max)] = i
			}
			summary := strings.Fields(a.T("game." + games[0].id + ".summary"))[0]
			seen := 0
			for _, dt := range drawnLines(h) {
				i, ok := want[dt.s]
				if !ok && strings.HasPrefix(dt.s, summary) {
					i, ok = 0, true
				}
				if !ok {
					continue
				}
				seen++
				if c := s.pick.cards[i]; dt.r.x < c.x || dt.r.x+dt.r.w > c.x+c.w || dt.r.y < c.y || dt.r.y+dt.r.h > c.y+c.h {
					t.Errorf("%s: %q at %+v outside its card %+v", name, dt.s, dt.r, c)
				}
			}
			if seen < 2*len(games)+1 {
				t.Errorf("%s: %d of the cards' lines drawn", name, seen)
			}
			h.shot("picker-" + name)

			a.gameID = ""
			h.click(s.pick.cards[0])
			if a.gameID != games[0].id || s.pick.selected != 0 {
				t.Errorf("%s: a click on the card picked %q", name, a.gameID)
			}
			toCards := ebiten.KeyArrowLeft
			if a.RTL() {
				toCards = ebiten.KeyArrowRight
			}
			h.key(toCards)
			if s.focus != 0 {
				t.Fatalf("%s: focus %d after the arrow to the cards", name, s.focus)
			}
			h.key(ebiten.KeyEnter)
			if s.focus != len(games)+menuNew {
				t.Fatalf("%s: focus %d after Enter on the card, want New game", name, s.focus)
			}
			h.key(ebiten.KeyEnter)
			h.ticks(20)
			if a.cur.Name() != "newgame" {
				t.Errorf("%s: Enter on New game opened %s", name, a.cur.Name())
			}
		}
	}
}
