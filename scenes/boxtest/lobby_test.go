package boxtest

import (
	"fmt"
	"testing"

	"github.com/goldvein/goldvein/lan/lantest"
	"github.com/goldvein/goldvein/scenes"
)

// TestLobbyFullestFits: a release build's lobby (the browser game inside:
// its address shown) with the table on a relay too (the invite shown) at
// its fullest, for each game at its default seats at 1280x800 and
// 1024x640 and at its most seats at 1280x800, in English, Russian and
// Persian: every line of the middle and left columns ends above the bar
// of buttons, and no two overlap; the invite's Copy button shows whole.
// (At 1024x640 with Incan Gold's 8 seats or Saboteur's 10 neither column
// has room for "where to join" yet.) At 1024x640
// the browser's address and the invite ran under the bar, over the seats'
// count and off the screen; "where to join" now moves under the seats
// when the middle column has no room for it.
func TestLobbyFullestFits(t *testing.T) {
	old := scenes.BrowserBuild
	t.Cleanup(func() { scenes.BrowserBuild = old })
	scenes.BrowserBuild = func() bool { return true }
	scenes.LoopbackLAN(t)
	relay := lantest.NewRelay(t)
	for _, lang := range []string{"en", "ru", "fa"} {
		for _, id := range []string{"saboteur", "incangold", "underground"} {
			for _, c := range []struct {
				size [2]float64
				most bool // the game's most seats, else its default
			}{{[2]float64{1280, 800}, false}, {[2]float64{1024, 640}, false}, {[2]float64{1280, 800}, true}} {
				size := c.size
				hh := scenes.LangHarness(t, lang, games)
				hh.A.GameID = id
				hh.A.LayoutF(size[0], size[1])
				hh.ScreenBig()
				hh.A.Settings.Relay = relay.URL()
				ls := scenes.NewLobbyScene(hh.A)
				if ls.Link == nil {
					t.Fatal(ls.Err)
				}
				hh.A.Cur = ls
				hh.Tick()
				hh.Click(ls.Net.Toggle.R)
				scenes.Until(t, 600, func() bool { return ls.Link != nil && ls.Link.Invite() != "" }, hh)
				hh.Ticks(3)
				for k := 0; c.most && ls.Players[1].Enabled && k < 20; k++ {
					hh.Click(ls.Players[1].R)
					hh.Ticks(2)
					ls.Layout(hh.A)
				}
				where := fmt.Sprintf("%s %s %vx%v, %d seats", id, lang, size[0], size[1], len(ls.Lobby.Seats))
				lines := scenes.DrawnLines(hh)
				// The bar under the columns (Back, the seats' count, Start)
				// begins at Start's top: a line from above must end there,
				// and one inside it would overlap the count.
				bottom := ls.Start.R.Y
				right := ls.Opts[0].R.X + ls.Opts[0].R.W // the middle column's far edge
				if hh.A.RTL() {
					right = size[0] - ls.Opts[0].R.X
				}
				var cols []scenes.DrawnText
				for _, d := range lines {
					x := d.R.X
					if hh.A.RTL() {
						x = size[0] - d.R.X - d.R.W
					}
					if x < right {
						cols = append(cols, d)
					}
				}
				invite, browser := false, false
				for i, d := range cols {
					invite = invite || d.S == hh.A.T("lan.relay.invite")
					browser = browser || d.S == hh.A.T("lan.lobby.join_browser")
					if d.R.Y < bottom && d.R.Y+d.R.H > bottom+1 || d.R.Y+d.R.H > size[1] {
						t.Errorf("%s: %q (%v) runs below the buttons' top %v", where, d.S, d.R, bottom)
					}
					for _, e := range cols[i+1:] {
						// Line boxes touch by a pixel or two; words overlap
						// by more.
						if scenes.Overlaps(d.R, e.R) && min(d.R.Y+d.R.H, e.R.Y+e.R.H)-max(d.R.Y, e.R.Y) > hh.A.U(4) {
							t.Errorf("%s: %q and %q overlap", where, d.S, e.S)
						}
					}
				}
				if !invite || !browser {
					t.Errorf("%s: the invite (%v) or the browser's address (%v) is not drawn", where, invite, browser)
				}
				if bad := hh.NotDrawnWhole([]scenes.Button{ls.Net.Copy}); len(bad) > 0 {
					t.Errorf("%s: the invite's Copy button is not drawn whole: %q", where, bad)
				}
				hh.Shot(fmt.Sprintf("lobby-fullest-%s-%s-%v-%d", id, lang, size[0], len(ls.Lobby.Seats)))
				ls.Link.Close()
			}
		}
	}
}
