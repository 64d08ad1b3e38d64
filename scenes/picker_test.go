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
			in := NewScript()
			a, err := NewApp(Config{Input: in, ConfigDir: t.TempDir(), Mute: true, FastBots: true, Lang: lang, Games: TestGames})
			if err != nil {
				t.Fatal(err)
			}
			a.LayoutF(size[0], size[1])
			h := &Harness{T: t, A: a, In: in, Screen: NewScreen(a)}
			s := NewMenuScene(a)
			a.Cur = s
			h.Ticks(2)
			games := boxGames(a)
			if len(s.Pick.Cards) != len(games) {
				t.Fatalf("%s: %d cards for %d games", name, len(s.Pick.Cards), len(games))
			}
			W := float64(a.W)
			for i, c := range s.Pick.Cards {
				if c.X < 0 || c.X+c.W > W || c.H < a.U(100) {
					t.Errorf("%s: card %d at %+v", name, i, c)
				}
				for _, b := range s.Buttons {
					if Overlaps(c, b.R) {
						t.Errorf("%s: card %d %+v overlaps the button %q %+v", name, i, c, b.Label, b.R)
					}
				}
				if rtl := c.X > s.Buttons[MenuNew].R.X; rtl != a.RTL() {
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
			for _, dt := range DrawnLines(h) {
				i, ok := want[dt.S]
				if !ok && strings.HasPrefix(dt.S, summary) {
					i, ok = 0, true
				}
				if !ok {
					continue
				}
				seen++
				if c := s.Pick.Cards[i]; dt.R.X < c.X || dt.R.X+dt.R.W > c.X+c.W || dt.R.Y < c.Y || dt.R.Y+dt.R.H > c.Y+c.H {
					t.Errorf("%s: %q at %+v outside its card %+v", name, dt.S, dt.R, c)
				}
			}
			if seen < 2*len(games)+1 {
				t.Errorf("%s: %d of the cards' lines drawn", name, seen)
			}
			h.Shot("picker-" + name)

			a.GameID = ""
			h.Click(s.Pick.Cards[0])
			if a.GameID != games[0].id || s.Pick.selected != 0 {
				t.Errorf("%s: a click on the card picked %q", name, a.GameID)
			}
			toCards := ebiten.KeyArrowLeft
			if a.RTL() {
				toCards = ebiten.KeyArrowRight
			}
			h.Key(toCards)
			if s.Focus != 0 {
				t.Fatalf("%s: focus %d after the arrow to the cards", name, s.Focus)
			}
			h.Key(ebiten.KeyEnter)
			if s.Focus != len(games)+MenuNew {
				t.Fatalf("%s: focus %d after Enter on the card, want New game", name, s.Focus)
			}
			h.Key(ebiten.KeyEnter)
			h.Ticks(20)
			if want := a.Game().NewGame(a, false).Name(); a.Cur.Name() != want {
				t.Errorf("%s: Enter on New game opened %s, want %s", name, a.Cur.Name(), want)
			}
		}
	}
}
