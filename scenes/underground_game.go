package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
)

// Underground is Small World: Underground's screens as the shell sees
// them (Game).
var Underground Game = ugScreens{}

type ugScreens struct{}

func (ugScreens) Rules() rules.Game { return ugGame }
func (ugScreens) Picture(a *App, p *Painter, dst *ebiten.Image, r Rect, ticks int) {
	drawUGPicture(a, p, dst, r, ticks)
}
func (ugScreens) NewGame(a *App, autoplay bool) Scene {
	if autoplay {
		return newUGAutoplayNewGame(a)
	}
	return newUGNewGameScene(a)
}
func (ugScreens) AutosavePath(a *App) string { return ugAutosavePath(a) }
func (ugScreens) CanContinue(a *App) bool    { return ugCanContinue(a) }
func (ugScreens) Continue(a *App) (Scene, error) {
	m, err := ugResume(a)
	if err != nil {
		return nil, err
	}
	return newUGPlayScene(a, m), nil
}
func (ugScreens) HelpPages(*App) []HelpPage          { return ugHelpPages }
func (ugScreens) Learn() func(a *App) (Scene, error) { return nil }
func (ugScreens) LearnTip() string                   { return "" }
func (ugScreens) Lobby() *LobbyGame {
	lg := ugLobbyGame()
	return &lg
}
func (ugScreens) HostBegin(a *App, s *LobbyScene) { beginUG(a, s) }
func (ugScreens) NewGuest(l *LanLink, name string) GuestTable {
	return &ugGuestTable{link: l, seat: l.Seat, watch: game.NewInbox("screen"), inbox: game.NewInbox(name)}
}
