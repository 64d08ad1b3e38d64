package saboteur

import (
	"encoding/json"
	"math"

	sabart "github.com/goldvein/goldvein/sprites/saboteur"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
	"github.com/goldvein/goldvein/scenes"
)

// Screens is Saboteur's screens as the shell sees them (scenes.Game).
var Screens scenes.Game = sabScreens{}

type sabScreens struct{}

func (sabScreens) Rules() rules.Game { return sabGame() }
func (sabScreens) Picture(a *scenes.App, p *scenes.Painter, dst *ebiten.Image, r scenes.Rect, ticks int) {
	drawSaboteurPicture(a, p, dst, r, ticks)
}
func (sabScreens) NewGame(a *scenes.App, autoplay bool) scenes.Scene {
	if autoplay {
		return newAutoplayNewGame(a)
	}
	return newNewGameScene(a)
}
func (sabScreens) AutosavePath(a *scenes.App) string       { return a.Dirs.Autosave }
func (sabScreens) CanContinue(a *scenes.App) (bool, error) { return canContinue(a) }
func (sabScreens) Continue(a *scenes.App) (scenes.Scene, error) {
	m, err := resumeMatch(a)
	if err != nil {
		return nil, err
	}
	return startScene(a, m), nil
}
func (sabScreens) HelpPages(*scenes.App) []scenes.HelpPage { return helpPages }
func (sabScreens) Learn() func(a *scenes.App) (scenes.Scene, error) {
	return func(a *scenes.App) (scenes.Scene, error) {
		m, err := newTutorialMatch(a)
		if err != nil {
			return nil, err
		}
		return startScene(a, m), nil
	}
}
func (sabScreens) LearnTip() string { return "" }
func (sabScreens) Lobby() *scenes.LobbyGame {
	lg := sabLobbyGame()
	return &lg
}

// HostBegin deals the hosted game and opens the host player's board.
func (sabScreens) HostBegin(a *scenes.App, s *scenes.LobbyScene) {
	inbox := game.NewInbox(s.Me)
	if err := s.Link.Host.Start(map[int]game.Seat{0: inbox}); err != nil {
		s.Err = a.T("scene.error", "error", err.Error())
		return
	}
	s.Link.RefreshHost()
	a.GoTo(startScene(a, newHostMatch(s.Link, 0, inbox)))
}

func (sabScreens) NewGuest(l *scenes.LanLink, name string) scenes.GuestTable {
	return &guestTable{link: l, seat: l.Seat, watch: game.NewInbox("screen"), inbox: game.NewInbox(name)}
}

// sabLobbyGame: R5.5, R8.1a, R8.1b and the first player (R3.5: at a LAN
// table the host's seat stands for the youngest unless the first player
// is drawn).
func sabLobbyGame() scenes.LobbyGame {
	levels := make([]string, len(bot.Levels))
	for i, l := range bot.Levels {
		levels[i] = string(l)
	}
	return scenes.LobbyGame{
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

// helpPages is Saboteur's rules help: a readable, illustrated summary of
// SABOTEUR.md in a few pages, with the cards each page talks about, and the
// controls.
var helpPages = []scenes.HelpPage{
	{Title: "scene.help.roles.title", Body: "scene.help.roles.body", Pic: &sabHelpPic{roles: []saboteur.Role{saboteur.GoldDigger, saboteur.Saboteur}}},
	{Title: "scene.help.turn.title", Body: "scene.help.turn.body", Pic: &sabHelpPic{cards: []saboteur.Card{saboteur.MustCard("START"), saboteur.MustCard("EW"), saboteur.MustCard("NES"), saboteur.MustCard("GOAL")}, maze: true}},
	{Title: "scene.help.paths.title", Body: "scene.help.paths.body", Pic: &sabHelpPic{cards: []saboteur.Card{saboteur.MustCard("NE"), saboteur.MustCard("SW"), saboteur.MustCard("xNS"), saboteur.MustCard("xE")}}},
	{Title: "scene.help.actions.title", Body: "scene.help.actions.body", Pic: &sabHelpPic{cards: []saboteur.Card{saboteur.MustCard("broken:lantern"), saboteur.MustCard("repair:pickaxe+cart"), saboteur.MustCard("rockfall"), saboteur.MustCard("map")}}},
	{Title: "scene.help.end.title", Body: "scene.help.end.body", Pic: &sabHelpPic{cards: []saboteur.Card{saboteur.MustCard("GOLD"), saboteur.MustCard("coal:NE")}, gold: []int{1, 2, 3}}},
	{Title: "scene.help.controls.title", Body: "scene.help.controls.body"},
}

// sabHelpPic is the pictures of one Saboteur help page: roles, cards and
// gold cards, each drawn by the cards' own art (scenes.HelpPicture).
type sabHelpPic struct {
	cards []saboteur.Card
	roles []saboteur.Role
	gold  []int
	// maze: the cards show the maze from the start to a goal, left to
	// right as the board lays it out, so they are not mirrored for a
	// right-to-left reader.
	maze bool
}

// Draw draws the pictures in a row from y, each with its name under it,
// and returns the y under them.
func (p *sabHelpPic) Draw(a *scenes.App, pt *scenes.Painter, dst *ebiten.Image, y float64) float64 {
	w := float64(a.W)
	art := cardArt(a, int(a.U(86)))
	n := len(p.cards) + len(p.roles) + len(p.gold)
	gap := a.U(18)
	cw := float64(art.Width())
	x := (w - (float64(n)*cw + float64(n-1)*gap)) / 2
	step := cw + gap
	if a.RTL() && !p.maze {
		// The first picture the text names sits where a right-to-left
		// reader starts: on the right.
		x, step = x+float64(n-1)*step, -step
	}
	// Each picture with its name under it, drawn by the cards' own art.
	capY := y + float64(art.Height()) + a.U(14)
	capW := cw + gap - a.U(4)
	capH := 0.0
	caption := func(t string) {
		capH = max(capH, scenes.DrawWrapped(a, dst, t, a.U(13), x+cw/2, capY-a.U(8), capW, scenes.AlignCenter, scenes.ColTextDim))
	}
	for _, r := range p.roles {
		pt.Image(dst, art.Role(r), x, y, 1, 1, 1)
		caption(roleCaption(a, r))
		x += step
	}
	for i, c := range p.cards {
		pt.Image(dst, art.Card(c), x, y, 1, 1, 1)
		t := cardCaption(a, c)
		if i > 0 && c.Kind == saboteur.Path && c == p.cards[i-1].Rotated() && c != p.cards[i-1] {
			t = a.T("scene.help.turned") // the card before, turned half a turn (R3.3)
		}
		caption(t)
		x += step
	}
	for _, g := range p.gold {
		pt.Image(dst, art.GoldCard(g), x, y, 1, 1, 1)
		caption(a.N("gold.amount", g))
		x += step
	}
	return capY + capH + a.U(14)
}

// startScene is where a game (new or continued) opens: the round's role
// reveal, or straight to the round end when the gold is being handed out.
func startScene(a *scenes.App, m *match) scenes.Scene {
	backlog := m.skipBacklog()
	var last *saboteur.View
	var ended *saboteur.Event
	for i := range backlog {
		if backlog[i].view != nil {
			last = backlog[i].view
		}
		if backlog[i].ev.Type == saboteur.RoundEnded {
			e := backlog[i].ev
			ended = &e
		}
		if backlog[i].ev.Type == saboteur.RoundStarted {
			ended = nil
		}
	}
	if last == nil {
		v := m.Table.View(-1)
		last = &v
	}
	if m.fresh && last.Moves > 0 {
		// Computer players moved before the screen watched: show those
		// moves too, from the deal on, each in its turn.
		if deal, items, err := m.history(last.Moves); err == nil {
			m.feed = append(items, m.feed...)
			last, ended = &deal, nil
		}
	}
	// The log holds the whole game: what the screen skips (or shows again
	// from the deal) is rebuilt from the record.
	m.rebuildLog(last.Moves, last.Round)
	m.localize(a)
	m.shown = *last
	switch {
	case last.Phase == saboteur.Over:
		return newFinalScene(a, m, *last)
	case last.Phase == saboteur.HandingOut && ended != nil:
		return newRoundEndScene(a, m, *ended, *last, nil)
	}
	return newRevealScene(a, m, *last)
}

// drawSaboteurPicture is Saboteur's picture: a tunnel from the start card
// to the gold, the gold glinting.
func drawSaboteurPicture(a *scenes.App, p *scenes.Painter, dst *ebiten.Image, r scenes.Rect, ticks int) {
	cards := []saboteur.Card{saboteur.MustCard("START"), saboteur.MustCard("EW"), saboteur.MustCard("GOLD")}
	art := cardArt(a, int(min(r.W/float64(len(cards)), r.H*0.9/1.45)))
	cw, ch := float64(art.Width()), float64(art.Height())
	x0, y0 := r.Cx()-cw*float64(len(cards))/2, r.Cy()-ch/2
	for i, c := range cards {
		alpha := float32(1)
		if i == len(cards)-1 {
			alpha = float32(0.85 + 0.15*math.Sin(float64(ticks)/25))
		}
		p.Image(dst, art.Card(c), x0+float64(i)*cw, y0, 1, 1, alpha)
	}
}

// sabOptions is o as Saboteur's table options JSON (lan.HostConfig.Options).
func sabOptions(o saboteur.Options) json.RawMessage {
	p, _ := json.Marshal(o) // a struct of numbers and booleans
	return p
}

// lobbyOptions reads a lobby's Saboteur table options; a lobby of another
// game, or none yet, has the zero options.
func lobbyOptions(lb lan.Lobby) saboteur.Options {
	if lb.Game != saboteur.ID || lb.Players == 0 {
		return saboteur.Options{}
	}
	o, err := saboteur.ParseOptions(lb.Players, lb.Options)
	if err != nil {
		return saboteur.Options{}
	}
	return o
}

// artsKey is where an app keeps Saboteur's card art, by width
// (scenes.App.Cached): one typed map, so a frame's many look-ups neither
// box a key nor allocate.
type artsKey struct{}

// cardArt is Saboteur's card art drawn widthPx pixels wide (at least 8),
// made once per width and palette.
func cardArt(a *scenes.App, widthPx int) *sabart.Art {
	widthPx = max(widthPx, 8)
	arts := a.Cached(artsKey{}, func() any { return map[int]*sabart.Art{} }).(map[int]*sabart.Art)
	art, ok := arts[widthPx]
	if !ok {
		if len(arts) > 64 {
			clear(arts)
		}
		art = sabart.NewArt(widthPx, a.Pal)
		arts[widthPx] = art
	}
	return art
}

func (sabScreens) Banner() scenes.Banner { return tunnel{} }

// tunnel is the box's title art: a tunnel of path cards across the top of
// the menu, drifting gently (scenes.Banner).
type tunnel struct{}

// tunnelCards are its cards, left to right.
var tunnelCards = []saboteur.Card{saboteur.MustCard("NESW"), saboteur.MustCard("EW"), saboteur.MustCard("NE"), saboteur.MustCard("xNS"),
	saboteur.MustCard("ESW"), saboteur.MustCard("NW"), saboteur.MustCard("EW"), saboteur.MustCard("NES")}

func (tunnel) Height(a *scenes.App) float64 { return float64(cardArt(a, int(a.U(72))).Height()) }

func (tunnel) Draw(a *scenes.App, p *scenes.Painter, dst *ebiten.Image, y float64, ticks int) {
	art := cardArt(a, int(a.U(72)))
	cw := float64(art.Width())
	x0 := (float64(a.W) - cw*float64(len(tunnelCards))) / 2
	for i, c := range tunnelCards {
		dy := math.Sin(float64(ticks)/50+float64(i)*0.7) * a.U(3)
		p.Image(dst, art.Card(c), x0+float64(i)*cw, y+dy, 1, 1, 0.9)
	}
}
