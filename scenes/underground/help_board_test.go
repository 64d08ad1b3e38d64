package underground

import (
	"fmt"
	"testing"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
)

// TestUGHelpScenes (issue 25 item 9): the rules pages draw their scene on
// the map with the play screen's board under the text, in English,
// Russian and Persian at 1280x800 and 1024x640: inside the screen, above
// the page number, under no line of text, every stack the scene sets out
// on it whole (none left out for want of room); at 1280x800 every race,
// Place and Relic page and the turn pages on conquest, redeployment,
// decline and scoring have one. With SCENE_SHOTS=DIR it saves some
// (ug-rules-scene-<lang>-<width>-<n>.png).
func TestUGHelpScenes(t *testing.T) {
	shots := map[string]bool{"ug.help.turn.title": true, "ug.help.conquer.title": true, "ug.help.redeploy.title": true,
		"ug.help.decline.title": true, "ug.help.score.title": true, "ug.race.drow": true, "ug.power.royal": true,
		"ug.marker." + underground.Marker(0).String(): true, "ug.marker.scepter": true}
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian, i18n.Persian} {
		for _, size := range [][2]int{{1280, 800}, {1024, 640}} {
			t.Run(fmt.Sprintf("%v-%d", lang, size[0]), func(t *testing.T) {
				h := scenes.NewHarness(t, ugTestGames)
				if err := h.A.SetLang(lang); err != nil {
					t.Fatal(err)
				}
				h.A.LayoutF(float64(size[0]), float64(size[1]))
				h.Screen = scenes.NewScreen(h.A)
				h.A.GameID = ugGameID
				hs := scenes.NewHelpScene(h.A, scenes.NewMenuScene(h.A))
				h.A.Cur = hs
				h.Ticks(2)
				w, ht := float64(h.A.W), float64(h.A.H)
				for i, pg := range hs.Pages {
					hs.Page = i
					h.Tick()
					p := pg.Pic.(*ugHelpPic)
					under := p.under
					want := p.race != underground.NoRace || p.marker != underground.NoMarker
					switch pg.Title {
					case "ug.help.conquer.title", "ug.help.redeploy.title", "ug.help.decline.title", "ug.help.score.title":
						want = true
					}
					if under.H == 0 {
						if want && size[0] == 1280 {
							t.Errorf("page %d (%s): no scene on the map", i+1, pg.Title)
						}
						continue
					}
					num := h.A.T("scene.help.page", "n", i+1, "total", len(hs.Pages))
					for _, d := range scenes.DrawnLines(h) {
						inside := d.R.X >= under.X && d.R.Y >= under.Y && d.R.X+d.R.W <= under.X+under.W && d.R.Y+d.R.H <= under.Y+under.H
						if d.S == num && d.R.Y < under.Y+under.H {
							t.Errorf("page %d: the scene (bottom %.0f) runs into the page number at %.0f", i+1, under.Y+under.H, d.R.Y)
						}
						if !inside && scenes.Overlaps(shrink(d.R, 2), under) {
							t.Errorf("page %d: %q overlaps the scene %+v", i+1, d.S, under)
						}
					}
					if under.X < 0 || under.Y < 0 || under.X+under.W > w || under.Y+under.H > ht {
						t.Errorf("page %d: the scene %+v is off the %vx%v screen", i+1, under, w, ht)
					}
					hb := &ugHelpBoard
					for r, rv := range hb.v.Regions {
						if rv.Seat >= 0 && hb.b.v.Regions[r].Seat != rv.Seat {
							t.Errorf("page %d (%s): the stack in %s is left out of the scene", i+1, pg.Title, rv.ID)
						}
					}
					if shots[pg.Title] && lang != i18n.Russian {
						h.Shot(fmt.Sprintf("ug-rules-scene-%v-%d-%d", lang, size[0], i+1))
					}
				}
			})
		}
	}
}
