package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules"
)

// IncanGold is Incan Gold's screens as the shell sees them (Game).
var IncanGold Game = igScreens{}

type igScreens struct{}

func (igScreens) Rules() rules.Game { return igGame }
func (igScreens) Picture(a *App, p *Painter, dst *ebiten.Image, r Rect, ticks int) {
	drawIGPicture(a, p, dst, r, ticks)
}
func (igScreens) NewGame(a *App, autoplay bool) Scene {
	if autoplay {
		return newIGAutoplayNewGame(a)
	}
	return newIGNewGameScene(a)
}
func (igScreens) AutosavePath(a *App) string         { return igAutosavePath(a) }
func (igScreens) CanContinue(a *App) bool            { return igCanContinue(a) }
func (igScreens) Continue(a *App) (Scene, error)     { return igContinue(a) }
func (igScreens) HelpPages(*App) []HelpPage          { return igHelpPages }
func (igScreens) Learn() func(a *App) (Scene, error) { return nil }

// LearnTip: the guided round is Saboteur's; the greyed button points to
// the rules pages.
func (igScreens) LearnTip() string { return "ig.menu.learn_tip" }
func (igScreens) Lobby() *LobbyGame {
	lg := igLobbyGame()
	return &lg
}
func (igScreens) HostBegin(a *App, s *LobbyScene) { beginIG(a, s) }
func (igScreens) NewGuest(l *LanLink, _ string) GuestTable {
	return &igGuestTable{link: l, seat: l.Seat}
}
