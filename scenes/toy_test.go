package scenes

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/ruletest"
)

// The shell's own tests run the app with a game that is none of the box's:
// the contract's toy game (rules/ruletest) behind the least a Game does.
// The box's games test the shell's scenes with their own screens
// (scenes/saboteur, scenes/incangold, scenes/underground, scenes/boxtest).

// The scene tests need Ebitengine's loop running (images, ReadPixels):
// RunTests (harness.go) runs them inside the first Update.
func TestMain(m *testing.M) { os.Exit(RunTests(m)) }

// testGames are the games the shell's tests give the app.
var TestGames = []Game{toyScreens{}}

type toyScreens struct{}

func (toyScreens) Rules() rules.Game { return ruletest.Toy{} }
func (toyScreens) Picture(a *App, p *Painter, dst *ebiten.Image, r Rect, ticks int) {
	p.Round(dst, r, a.U(8), ColPanelHi, a.U(2), ColEdge)
}
func (toyScreens) NewGame(a *App, autoplay bool) Scene { return &toyScene{} }
func (toyScreens) AutosavePath(a *App) string {
	return filepath.Join(a.Dirs.Config, "autosave-toy.json")
}
func (toyScreens) CanContinue(*App) (bool, error) { return false, nil }
func (toyScreens) Continue(*App) (Scene, error) {
	return nil, errors.New("the toy keeps no autosave")
}
func (toyScreens) HelpPages(*App) []HelpPage {
	return []HelpPage{{Title: "scene.help.controls.title", Body: "scene.help.controls.body"}}
}
func (toyScreens) Learn() func(a *App) (Scene, error) { return nil }
func (toyScreens) LearnTip() string                   { return "" }
func (toyScreens) Lobby() *LobbyGame {
	same := func(lb lan.Lobby, _ int) json.RawMessage { return lb.Options }
	return &LobbyGame{Game: ruletest.Toy{}, MinP: 2, MaxP: 4, DefP: 2, Levels: []string{"ones"},
		Defaults: func(int) json.RawMessage { return nil }, Vals: func(lan.Lobby) []bool { return nil },
		Toggle: same, Resize: same}
}
func (toyScreens) HostBegin(a *App, s *LobbyScene) {
	if err := s.Link.Host.Start(map[int]game.Seat{0: game.NewInbox(s.Me)}); err != nil {
		s.Err = a.T("scene.error", "error", err.Error())
		return
	}
	a.GoTo(&toyScene{})
}
func (toyScreens) NewGuest(l *LanLink, _ string) GuestTable { return &toyGuest{} }

// toyScene is the toy's table: a background; Escape goes to the menu.
type toyScene struct{ p Painter }

func (*toyScene) Name() string { return "toy" }
func (*toyScene) Update(a *App) error {
	if a.Key(ebiten.KeyEscape) {
		a.GoTo(NewMenuScene(a))
	}
	return nil
}
func (s *toyScene) Draw(a *App, dst *ebiten.Image) { DrawTableBackground(a, &s.p, dst) }

// toyGuest counts what the link gives it.
type toyGuest struct{ updates, refused, back int }

func (g *toyGuest) Deliver(lan.Message)                  { g.updates++ }
func (g *toyGuest) Refused()                             { g.refused++ }
func (g *toyGuest) Reconnected()                         { g.back++ }
func (g *toyGuest) Scene(*App, lan.Lobby) (Scene, error) { return &toyScene{}, nil }

func (toyScreens) Banner() Banner { return nil }
