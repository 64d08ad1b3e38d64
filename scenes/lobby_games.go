package scenes

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
	"github.com/goldvein/goldvein/rules/underground"
)

// lobbyGame is what "Host LAN game" (lobby.go) needs of the game it hosts:
// the game on the contract, its seat range and computer player levels, and
// its table options as toggles over the options JSON the lan.Host keeps
// (lan.Lobby.Options, the game's own JSON: rules.Game.New).
type lobbyGame struct {
	id               string
	game             rules.Game
	minP, maxP, defP int
	levels           []string
	// keys are the option toggles' labels.
	keys []string
	// defaults are the table options of a new table of players seats.
	defaults func(players int) json.RawMessage
	// vals reads the toggles' states from the lobby.
	vals func(lb lan.Lobby) []bool
	// toggle returns the lobby's options with toggle i flipped.
	toggle func(lb lan.Lobby, i int) json.RawMessage
	// resize returns the lobby's options for a table of players seats.
	resize func(lb lan.Lobby, players int) json.RawMessage
}

// lobbyGameOf is the lobby of the game called id (Saboteur for "" and for
// a game the lobby cannot host).
func lobbyGameOf(id string) lobbyGame {
	switch id {
	case igGameID:
		return igLobbyGame()
	case ugGameID:
		return ugLobbyGame()
	}
	return sabLobbyGame()
}

// lanHostableGame reports whether the app hosts LAN tables of game id
// (the menu's Host LAN game).
func lanHostableGame(id string) bool {
	return id == "" || id == saboteur.ID || id == igGameID || id == ugGameID
}

func JsonOf(v any) json.RawMessage {
	p, _ := json.Marshal(v) // structs of numbers, booleans and strings
	return p
}

// sabLobbyGame: R5.5, R8.1a, R8.1b and the first player (R3.5: at a LAN
// table the host's seat stands for the youngest unless the first player
// is drawn).
func sabLobbyGame() lobbyGame {
	levels := make([]string, len(bot.Levels))
	for i, l := range bot.Levels {
		levels[i] = string(l)
	}
	return lobbyGame{
		id: saboteur.ID, game: sabGame(), minP: saboteur.MinPlayers, maxP: saboteur.MaxPlayers, defP: 4, levels: levels,
		keys: []string{"option.connect_to_start", "option.one_nugget_each", "option.sabotaged_get_nothing", "scene.newgame.random_first"},
		defaults: func(p int) json.RawMessage {
			return sabOptions(saboteur.Options{Players: p, FirstPlayer: -1})
		},
		vals: func(lb lan.Lobby) []bool {
			o := lobbyOptions(lb)
			return []bool{o.ConnectToStart, o.OneNuggetPerDigger, o.SabotagedGetNothing, o.FirstPlayer < 0}
		},
		toggle: func(lb lan.Lobby, i int) json.RawMessage {
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
		resize: func(lb lan.Lobby, p int) json.RawMessage {
			o := lobbyOptions(lb)
			o.Players = p
			return sabOptions(o)
		},
	}
}

// igLobbyOptions reads a lobby's Incan Gold options (the defaults when it
// has none or another game's).
func IgLobbyOptions(lb lan.Lobby) incangold.Options {
	if lb.Game != incangold.ID {
		return incangold.DefaultOptions()
	}
	o, err := incangold.ParseOptions(lb.Options)
	if err != nil {
		return incangold.DefaultOptions()
	}
	return o
}

// igLobbyGame: the table options O1-O4 and the start player (I2.4: drawn,
// or the host's seat).
func igLobbyGame() lobbyGame {
	return lobbyGame{
		id: incangold.ID, game: igGame, minP: incangold.MinPlayers, maxP: incangold.MaxPlayers, defP: 4, levels: incangold.Levels,
		keys:     []string{"ig.opt.diamant", "ig.opt.artifacts2020", "ig.opt.tiebreak_value", "ig.opt.open_tents", "scene.newgame.random_first"},
		defaults: func(int) json.RawMessage { return JsonOf(incangold.DefaultOptions()) },
		vals: func(lb lan.Lobby) []bool {
			o := IgLobbyOptions(lb)
			return []bool{o.Diamant, o.Artifacts2020, o.TiebreakValue, o.OpenTents, o.StartPlayer < 0}
		},
		toggle: func(lb lan.Lobby, i int) json.RawMessage {
			o := IgLobbyOptions(lb)
			switch i {
			case 0: // O1: Diamant has no artifacts, so neither O2 nor O3
				o.Diamant = !o.Diamant
				if o.Diamant {
					o.Artifacts2020, o.TiebreakValue = false, false
				}
			case 1:
				o.Artifacts2020 = !o.Artifacts2020 && !o.Diamant
			case 2:
				o.TiebreakValue = !o.TiebreakValue && !o.Diamant
			case 3:
				o.OpenTents = !o.OpenTents
			case 4:
				if o.StartPlayer < 0 {
					o.StartPlayer = 0
				} else {
					o.StartPlayer = incangold.DrawStart
				}
			}
			return JsonOf(o)
		},
		resize: func(lb lan.Lobby, _ int) json.RawMessage { return JsonOf(IgLobbyOptions(lb)) },
	}
}

// ugLobbyOptions reads a lobby's Underground options.
func ugLobbyOptions(lb lan.Lobby) underground.Options {
	if lb.Game != underground.ID {
		return underground.Options{}
	}
	o, err := underground.ParseOptions(lb.Options)
	if err != nil {
		return underground.Options{}
	}
	return o
}

// ugLobbyGame: open coins and the first player (U2.7: drawn, or the
// host's seat); the map is the one for the player count (U2.1).
func ugLobbyGame() lobbyGame {
	return lobbyGame{
		id: underground.ID, game: ugGame, minP: 2, maxP: 5, defP: 3, levels: ugLevels,
		keys:     []string{"lan.lobby.open_coins", "scene.newgame.random_first"},
		defaults: func(int) json.RawMessage { return JsonOf(underground.Options{}) },
		vals: func(lb lan.Lobby) []bool {
			o := ugLobbyOptions(lb)
			return []bool{o.OpenCoins, o.FirstPlayer == nil}
		},
		toggle: func(lb lan.Lobby, i int) json.RawMessage {
			o := ugLobbyOptions(lb)
			switch i {
			case 0:
				o.OpenCoins = !o.OpenCoins
			case 1:
				if o.FirstPlayer == nil {
					o.FirstPlayer = new(int)
				} else {
					o.FirstPlayer = nil
				}
			}
			return JsonOf(o)
		},
		resize: func(lb lan.Lobby, _ int) json.RawMessage { return JsonOf(ugLobbyOptions(lb)) },
	}
}

// lanGuestGame is the game called id as a LAN guest of this app plays it
// (a beacon's or a welcome's game ID: "" is Saboteur, a version 2 host's),
// nil for a game the app cannot join yet.
func LanGuestGame(id string) rules.Game {
	switch id {
	case "", saboteur.ID:
		return sabGame()
	case igGameID:
		return igGame
	case ugGameID:
		return ugGame
	}
	return nil
}

// joinGames are the games to say hello with at addr, in order: the game
// its beacon names when the table was heard, else every game the app
// joins, the menu's picked game first (a host refuses another game's
// hello, lan.CodeGame, and joinAny tries the next).
func joinGames(found []lan.Found, addr, picked string) []rules.Game {
	for _, f := range found {
		if f.Addr == addr {
			if g := LanGuestGame(f.Game); g != nil {
				return []rules.Game{g}
			}
		}
	}
	if picked == "" {
		picked = saboteur.ID
	}
	var gs []rules.Game
	if g := LanGuestGame(picked); g != nil {
		gs = append(gs, g)
	}
	for _, id := range []string{saboteur.ID, igGameID, ugGameID} {
		if id != picked {
			gs = append(gs, LanGuestGame(id))
		}
	}
	return gs
}

// joinAny joins the table at addr with the first of games its host plays:
// a refusal for the game (lan.CodeGame) tries the next; any other answer
// is the result.
func joinAny(ctx context.Context, addr string, cfg lan.ClientConfig, games []rules.Game) joinResult {
	var err error
	for _, g := range games {
		cfg.Game = g
		var l *LanLink
		l, err = joinLAN(ctx, addr, cfg)
		var re *lan.RefusedError
		if errors.As(err, &re) && re.Code == lan.CodeGame {
			continue
		}
		return joinResult{l, err}
	}
	return joinResult{nil, err}
}
