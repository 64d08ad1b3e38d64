package scenes

import (
	"encoding/json"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
)

// Saboteur is Saboteur's screens as the shell sees them (Game).
var Saboteur Game = sabScreens{}

type sabScreens struct{}

func (sabScreens) Rules() rules.Game { return sabGame() }
func (sabScreens) Picture(a *App, p *Painter, dst *ebiten.Image, r Rect, ticks int) {
	drawSaboteurPicture(a, p, dst, r, ticks)
}
func (sabScreens) NewGame(a *App, autoplay bool) Scene {
	if autoplay {
		return newAutoplayNewGame(a)
	}
	return newNewGameScene(a)
}
func (sabScreens) AutosavePath(a *App) string { return a.Dirs.Autosave }
func (sabScreens) CanContinue(a *App) bool    { return canContinue(a) }
func (sabScreens) Continue(a *App) (Scene, error) {
	m, err := resumeMatch(a)
	if err != nil {
		return nil, err
	}
	return startScene(a, m), nil
}
func (sabScreens) HelpPages(*App) []HelpPage { return helpPages }
func (sabScreens) Learn() func(a *App) (Scene, error) {
	return func(a *App) (Scene, error) {
		m, err := newTutorialMatch(a)
		if err != nil {
			return nil, err
		}
		return startScene(a, m), nil
	}
}
func (sabScreens) LearnTip() string { return "" }
func (sabScreens) Lobby() *LobbyGame {
	lg := sabLobbyGame()
	return &lg
}

// HostBegin deals the hosted game and opens the host player's board.
func (sabScreens) HostBegin(a *App, s *LobbyScene) {
	inbox := game.NewInbox(s.Me)
	if err := s.Link.Host.Start(map[int]game.Seat{0: inbox}); err != nil {
		s.Err = a.T("scene.error", "error", err.Error())
		return
	}
	s.Link.RefreshHost()
	a.GoTo(startScene(a, newHostMatch(s.Link, 0, inbox)))
}

func (sabScreens) NewGuest(l *LanLink, name string) GuestTable {
	return &guestTable{link: l, seat: l.Seat, watch: game.NewInbox("screen"), inbox: game.NewInbox(name)}
}

// sabLobbyGame: R5.5, R8.1a, R8.1b and the first player (R3.5: at a LAN
// table the host's seat stands for the youngest unless the first player
// is drawn).
func sabLobbyGame() LobbyGame {
	levels := make([]string, len(bot.Levels))
	for i, l := range bot.Levels {
		levels[i] = string(l)
	}
	return LobbyGame{
		Game: sabGame(), MinP: saboteur.MinPlayers, MaxP: saboteur.MaxPlayers, DefP: 4, Levels: levels,
		Keys: []string{"option.connect_to_start", "option.one_nugget_each", "option.sabotaged_get_nothing", "scene.newgame.random_first"},
		Defaults: func(p int) json.RawMessage {
			return sabOptions(saboteur.Options{Players: p, FirstPlayer: -1})
		},
		Vals: func(lb lan.Lobby) []bool {
			o := lobbyOptions(lb)
			return []bool{o.ConnectToStart, o.OneNuggetPerDigger, o.SabotagedGetNothing, o.FirstPlayer < 0}
		},
		Toggle: func(lb lan.Lobby, i int) json.RawMessage {
			o := lobbyOptions(lb)
			switch i {
			case 0:
				o.ConnectToStart = !o.ConnectToStart
			case 1:
				o.OneNuggetPerDigger = !o.OneNuggetPerDigger
			case 2:
				o.SabotagedGetNothing = !o.SabotagedGetNothing
			case 3:
				if o.FirstPlayer < 0 {
					o.FirstPlayer = 0
				} else {
					o.FirstPlayer = -1
				}
			}
			return sabOptions(o)
		},
		Resize: func(lb lan.Lobby, p int) json.RawMessage {
			o := lobbyOptions(lb)
			o.Players = p
			return sabOptions(o)
		},
	}
}
