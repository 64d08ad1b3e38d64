package scenes

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
)

// LobbyGame is what "Host LAN game" (lobby.go) needs of the game it hosts:
// the game on the contract, its seat range and computer player levels, and
// its table options as toggles over the options JSON the lan.Host keeps
// (lan.Lobby.Options, the game's own JSON: rules.Game.New).
type LobbyGame struct {
	Game rules.Game
	// MinP and MaxP are the seat range; DefP the seats of a new table.
	MinP, MaxP, DefP int
	// Levels are the computer player levels the seats offer.
	Levels []string
	// Keys are the option toggles' labels (catalogue keys).
	Keys []string
	// Defaults are the table options of a new table of players seats.
	Defaults func(players int) json.RawMessage
	// Vals reads the toggles' states from the lobby.
	Vals func(lb lan.Lobby) []bool
	// Toggle returns the lobby's options with toggle i flipped.
	Toggle func(lb lan.Lobby, i int) json.RawMessage
	// Resize returns the lobby's options for a table of players seats.
	Resize func(lb lan.Lobby, players int) json.RawMessage
}

// lobbyGameOf is the picked game and its lobby, or the first game the
// app hosts when the picked one has none (the menu's Host LAN game waits
// then).
func lobbyGameOf(a *App) (Game, LobbyGame) {
	if lg := a.Game().Lobby(); lg != nil {
		return a.Game(), *lg
	}
	for _, g := range a.Games() {
		if lg := g.Lobby(); lg != nil {
			return g, *lg
		}
	}
	panic("scenes: no game of Config.Games hosts a LAN table")
}

// JSONOf is v as JSON, for a lobby's options (LobbyGame): v is a struct of
// numbers, booleans and strings, which always marshal.
func JSONOf(v any) json.RawMessage {
	p, _ := json.Marshal(v)
	return p
}

// joinGames are the games to say hello with at addr, in order: the game
// its beacon names when the table was heard, else every game the app
// joins, the menu's picked game first (a host refuses another game's
// hello, lan.CodeGame, and joinAny tries the next).
func joinGames(a *App, found []lan.Found, addr string) []Game {
	for _, f := range found {
		if f.Addr == addr {
			if g := LanGuestGame(a, f.Game); g != nil {
				return []Game{g}
			}
		}
	}
	picked := a.Game()
	gs := []Game{picked}
	for _, g := range a.Games() {
		if g != picked {
			gs = append(gs, g)
		}
	}
	return gs
}

// LanGuestGame is the game called id as a LAN guest of this app plays it
// (a beacon's or a welcome's game ID: "" is the first game's, as a version
// 2 host's beacon names none), nil for a game the app lacks.
func LanGuestGame(a *App, id string) Game {
	if id == "" {
		return a.Games()[0]
	}
	return a.GameByID(id)
}

// joinAny joins the table at addr with the first of games its host plays:
// a refusal for the game (lan.CodeGame) tries the next; any other answer
// is the result.
func joinAny(ctx context.Context, addr string, cfg lan.ClientConfig, games []Game) joinResult {
	var err error
	for _, g := range games {
		cfg.Game = g.Rules()
		var l *LanLink
		l, err = joinLAN(ctx, addr, cfg, g)
		var re *lan.RefusedError
		if errors.As(err, &re) && re.Code == lan.CodeGame {
			continue
		}
		return joinResult{l, err}
	}
	return joinResult{nil, err}
}
