package underground

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
	ugart "github.com/goldvein/goldvein/sprites/underground"
)

// Screens is Small World: Underground's screens as the shell sees
// them (Game).
var Screens scenes.Game = ugScreens{}

type ugScreens struct{}

func (ugScreens) Rules() rules.Game { return ugGame }

// Warm parses the built-in maps off the frame: maps.Builtin parses all
// four on first use (maps.BenchmarkParseBuiltin), which fell on a frame of
// the menu or the New game screen (issue 28). It also paints ahead the
// sprite sheet of the Rules screen's pictures at the screen's scale now
// (ugHelpPic, 80 layout units): rasterised on its first frame, it made
// that frame 370 to 470 ms in --autoplay's tour.
func (ugScreens) Warm(a *scenes.App) {
	go maps.Builtin(maps.Names()[0])
	ugart.PaintAhead(int(a.U(ugHelpIconSize)), a.Settings.ColorBlind)
}
func (ugScreens) Picture(a *scenes.App, p *scenes.Painter, dst *ebiten.Image, r scenes.Rect, ticks int) {
	drawUGPicture(a, p, dst, r, ticks)
}
func (ugScreens) NewGame(a *scenes.App, autoplay bool) scenes.Scene {
	if autoplay {
		return newUGAutoplayNewGame(a)
	}
	return newUGNewGameScene(a)
}
func (ugScreens) AutosavePath(a *scenes.App) string       { return ugAutosavePath(a) }
func (ugScreens) CanContinue(a *scenes.App) (bool, error) { return ugCanContinue(a) }
func (ugScreens) Continue(a *scenes.App) (scenes.Scene, error) {
	m, err := ugResume(a)
	if err != nil {
		return nil, err
	}
	return newUGPlayScene(a, m), nil
}
func (ugScreens) HelpPages(*scenes.App) []scenes.HelpPage          { return ugHelpPages }
func (ugScreens) Learn() func(a *scenes.App) (scenes.Scene, error) { return ugLearn }
func (ugScreens) LearnTip() string                                 { return "" }
func (ugScreens) Lobby() *scenes.LobbyGame {
	lg := ugLobbyGame()
	return &lg
}
func (ugScreens) HostBegin(a *scenes.App, s *scenes.LobbyScene) { beginUG(a, s) }
func (ugScreens) NewGuest(l *scenes.LanLink, name string) scenes.GuestTable {
	return &ugGuestTable{link: l, seat: l.Seat, watch: game.NewInbox("screen"), inbox: game.NewInbox(name)}
}

func (ugScreens) Banner() scenes.Banner { return nil }
