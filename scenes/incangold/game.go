package incangold

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/scenes"
)

// Screens is Incan Gold's screens as the shell sees them (scenes.Game).
var Screens scenes.Game = igScreens{}

type igScreens struct{}

func (igScreens) Rules() rules.Game { return igGame }
func (igScreens) Picture(a *scenes.App, p *scenes.Painter, dst *ebiten.Image, r scenes.Rect, ticks int) {
	drawIGPicture(a, p, dst, r, ticks)
}
func (igScreens) NewGame(a *scenes.App, autoplay bool) scenes.Scene {
	if autoplay {
		return newIGAutoplayNewGame(a)
	}
	return newIGNewGameScene(a)
}
func (igScreens) AutosavePath(a *scenes.App) string            { return igAutosavePath(a) }
func (igScreens) CanContinue(a *scenes.App) (bool, error)      { return igCanContinue(a) }
func (igScreens) Continue(a *scenes.App) (scenes.Scene, error) { return igContinue(a) }
func (igScreens) HelpPages(*scenes.App) []scenes.HelpPage      { return igHelpPages }

// Learn opens the guided first round (tutorial.go).
func (igScreens) Learn() func(a *scenes.App) (scenes.Scene, error) {
	return func(a *scenes.App) (scenes.Scene, error) {
		m, err := newIGTutorialMatch(a)
		if err != nil {
			return nil, err
		}
		return newIGBoardScene(a, m), nil
	}
}

// LearnTip is none: the button is never greyed.
func (igScreens) LearnTip() string { return "" }
func (igScreens) Lobby() *scenes.LobbyGame {
	lg := igLobbyGame()
	return &lg
}
func (igScreens) HostBegin(a *scenes.App, s *scenes.LobbyScene) { beginIG(a, s) }
func (igScreens) NewGuest(l *scenes.LanLink, _ string) scenes.GuestTable {
	return &igGuestTable{link: l, seat: l.Seat}
}

func (igScreens) Banner() scenes.Banner { return nil }
