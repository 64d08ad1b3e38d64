package underground

import (
	"encoding/json"
	"errors"
	"slices"
	"sync"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
	"github.com/hajimehoshi/ebiten/v2"
)

// Small World: Underground over the LAN (issue 14, Tables: LAN). The host
// plays its seat on the lan.Host's game.Table (ugHostTable); a guest's
// screens run on a ugGuestTable, which knows only what the host sends to
// the guest's seat: its own view (its coins, its legal moves) and the
// events, which are all public (underground.Event.For). The screens'
// public stream carries the guest's view without what only its seat may
// know.

// ugTable is what an Underground match needs of its table: a local
// game.Table, the LAN host's (ugHostTable) or a guest's window on the
// host's (ugGuestTable).
type ugTable interface {
	View(seat int) rules.View
	Submit(seat int, m rules.Move) error
	Close()
	// Record is the game record so far; nil for a LAN guest (the host
	// keeps it).
	Record() *rules.Record
}

// ugHostTable is the LAN host's table: closing it closes the LAN table,
// at the game's end after the guests got the last updates.
type ugHostTable struct {
	*game.Table
	link *scenes.LanLink
}

// Close ends the LAN game for everyone.
func (t ugHostTable) Close() { t.link.Leave(t.Over()) }

// beginUG deals the Underground game and opens the host player's screen.
func beginUG(a *scenes.App, s *scenes.LobbyScene) {
	inbox := game.NewInbox(s.Me)
	if err := s.Link.Host.Start(map[int]game.Seat{0: inbox}); err != nil {
		s.Err = a.T("scene.error", "error", err.Error())
		return
	}
	s.Link.RefreshHost()
	link := s.Link
	t := link.Host.Table()
	m := &ugMatch{inbox: map[int]*game.Inbox{0: inbox}, humans: []int{0}, lan: link}
	if err := m.attach(t); err != nil {
		s.Err = a.T("scene.error", "error", err.Error())
		return
	}
	lb, _, _ := link.Snapshot()
	m.names = scenes.SeatNames(a, lb)
	m.table = ugHostTable{Table: t, link: link}
	link.CloseAtEnd(t)
	a.GoTo(newUGPlayScene(a, m))
}

// ugGuestTable is a LAN guest's Underground table.
type ugGuestTable struct {
	link  *scenes.LanLink
	seat  int
	watch *game.Inbox // the screen's public stream
	inbox *game.Inbox // the guest's own seat

	mu      sync.Mutex
	mine    underground.View
	pending bool // a move went to the host, not answered yet
	seen    int
	resync  bool
	// trail is every event so far, update by update, so that a move the
	// host takes back is cut out of it (Rewound).
	trail scenes.UndoTrail[rules.Event]
}

// ugPublic is v without what only its seat may know: its legal moves and
// targets, and its coins unless coins are open (then every seat's show).
func ugPublic(v underground.View) underground.View {
	me := v.Seat
	v.Seat, v.Legal, v.Targets, v.RelicCosts = -1, nil, nil, nil
	open := v.Over
	for i, s := range v.Seats {
		if i != me && s.Coins != nil {
			open = true
		}
	}
	if !open && me >= 0 && me < len(v.Seats) {
		v.Seats = slices.Clone(v.Seats)
		v.Seats[me].Coins = nil
	}
	return v
}

// View is the guest's own view for its seat, else the public part of it.
func (g *ugGuestTable) View(seat int) rules.View {
	g.mu.Lock()
	defer g.mu.Unlock()
	if seat == g.seat {
		v := g.mine
		if g.pending {
			v.Legal, v.Targets, v.RelicCosts = nil, nil, nil
		}
		return v
	}
	return ugPublic(g.mine)
}

// Submit sends the guest's move to the host; the answer comes as an
// update (or a TError, after which the seat's view is handed again).
func (g *ugGuestTable) Submit(seat int, m rules.Move) error {
	if seat != g.seat {
		return scenes.ErrNotYourSeat
	}
	if _, ok := m.(underground.Move); !ok {
		return errors.New("underground: not an Underground move")
	}
	if err := g.link.Client.Move(m); err != nil {
		return err
	}
	// Until the host answers, the seat has no move to make: the screen
	// waits instead of offering the same step again.
	g.mu.Lock()
	g.pending = true
	v := g.mine
	g.mu.Unlock()
	v.Legal, v.Targets, v.RelicCosts = nil, nil, nil
	g.inbox.Deliver(game.Delivery{View: v})
	return nil
}

// Close leaves the table (the seat goes to a computer player).
func (g *ugGuestTable) Close() { g.link.Close() }

// Record is nil: the host keeps the record.
func (g *ugGuestTable) Record() *rules.Record { return nil }

// deliver takes one update from the host; the first after a
// reconnection repeats every event of the game, those seen are skipped.
func (g *ugGuestTable) deliver(m lan.Message) {
	v, ok := m.GameView.(underground.View)
	if !ok {
		return
	}
	g.mu.Lock()
	evs := m.GameEvents
	g.trail.Add(evs, g.resync)
	if g.resync {
		g.resync = false
		evs = evs[min(g.seen, len(evs)):]
	}
	g.seen += len(evs)
	g.mine, g.pending = v, false
	g.mu.Unlock()
	g.inbox.Deliver(game.Delivery{View: v, Events: evs, Step: m.Step, Owes: m.Owes})
	g.watch.Deliver(game.Delivery{View: ugPublic(v), Events: evs, Step: m.Step})
}

// Rewound: the host took a move back (scenes.GuestRewinder); the update
// before its notice brought the view as it stood before. The screens get
// the whole game again without the move's events, as a Rewind delivery
// (game.Table.Undo's to a watcher).
func (g *ugGuestTable) Rewound() {
	g.mu.Lock()
	left, cut, ok := g.trail.Rewind()
	if ok {
		g.seen -= cut
	}
	v := g.mine
	g.mu.Unlock()
	if ok {
		g.watch.Deliver(game.Delivery{View: ugPublic(v), Events: left, Rewind: true})
	}
}

// redeliver hands the guest's view again after the host refused a move.
func (g *ugGuestTable) redeliver() {
	g.mu.Lock()
	v := g.mine
	g.pending = false
	g.mu.Unlock()
	g.inbox.Deliver(game.Delivery{View: v})
}

func (g *ugGuestTable) reconnected() {
	g.mu.Lock()
	g.resync = true
	g.mu.Unlock()
}

// Deliver, Refused and Reconnected: scenes.GuestTable.
func (g *ugGuestTable) Deliver(m lan.Message) { g.deliver(m) }
func (g *ugGuestTable) Refused()              { g.redeliver() }
func (g *ugGuestTable) Reconnected()          { g.reconnected() }

// Scene is the guest's table once the game has started.
func (g *ugGuestTable) Scene(a *scenes.App, lb lan.Lobby) (scenes.Scene, error) {
	m, err := newUGGuestMatch(a, g, lb)
	if err != nil {
		return nil, err
	}
	return newUGPlayScene(a, m), nil
}

// newUGGuestMatch is a LAN guest's match, once the first update came.
func newUGGuestMatch(a *scenes.App, g *ugGuestTable, lb lan.Lobby) (*ugMatch, error) {
	link := g.link
	v, ok := g.View(g.seat).(underground.View)
	if !ok || v.Map == "" {
		return nil, errors.New("underground: no view from the host yet")
	}
	mp, err := maps.Builtin(v.Map)
	if err != nil {
		return nil, err
	}
	m := &ugMatch{table: g, watch: g.watch, inbox: map[int]*game.Inbox{g.seat: g.inbox}, humans: []int{g.seat},
		names: scenes.SeatNames(a, lb), mp: mp, lan: link}
	// The screen starts from the newest public view: the updates so far
	// (the deal) are in it already.
	pub := ugPublic(v)
	for {
		d, ok := g.watch.Poll()
		if !ok {
			break
		}
		if pv, ok := d.View.(underground.View); ok {
			pub = pv
		}
	}
	m.st = newUGState(pub)
	return m, nil
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
func ugLobbyGame() scenes.LobbyGame {
	return scenes.LobbyGame{
		Game: ugGame, MinP: 2, MaxP: 5, DefP: 3, Levels: ugLevels,
		Keys:     []string{"lan.lobby.open_coins", "scene.newgame.random_first"},
		Defaults: func(int) json.RawMessage { return scenes.JSONOf(underground.Options{}) },
		Vals: func(lb lan.Lobby) []bool {
			o := ugLobbyOptions(lb)
			return []bool{o.OpenCoins, o.FirstPlayer == nil}
		},
		Toggle: func(lb lan.Lobby, i int) json.RawMessage {
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
			return scenes.JSONOf(o)
		},
		Resize: func(lb lan.Lobby, _ int) json.RawMessage { return scenes.JSONOf(ugLobbyOptions(lb)) },
	}
}

// ugBoardChat runs a LAN table's chat box at the foot of the side column
// (s.l.chat): T opens the text field (no control of the table uses it),
// Enter sends, Escape closes it. It reports whether the box has the
// keyboard this tick (the table then ignores the keys). The seats' names
// and the host's notices: LanLink.UpdateScreen.
func ugBoardChat(l *scenes.LanLink, a *scenes.App, s *ugPlayScene) bool {
	l.UpdateScreen(a, s.t, s.m.names, &s.m.st.log)
	if err := l.TakeUndoRefusal(); err != nil { // the host kept this guest's move
		l.Say(a.T("lan.undo.refused", "why", err.Error()), s, s.t)
	}
	l.Box.Layout(a, s.l.chat, true)
	return l.Box.Update(a, l, true)
}

// ugDrawChat draws a LAN table's chat box.
func ugDrawChat(l *scenes.LanLink, a *scenes.App, s *ugPlayScene, dst *ebiten.Image) {
	a.FlushText()
	l.Box.Layout(a, s.l.chat, true)
	l.Box.Draw(a, &s.p, dst, l, s.t)
}

// seatKind is seat's place at a LAN table for its panel: this screen's
// own ("you"), the host, a guest, a guest away (its connection is down:
// away true) or away with a computer player standing in, or a computer
// player with its level; "" at a table that is not a LAN one.
func (m *ugMatch) seatKind(a *scenes.App, seat int) (kind string, away bool) {
	if m.lan == nil {
		return "", false
	}
	m.lan.Mu.Lock()
	seats := m.lan.Lobby.Seats
	m.lan.Mu.Unlock()
	if seat < 0 || seat >= len(seats) {
		return "", false
	}
	if seat == m.lan.Seat {
		return a.T("lan.seat.you"), false
	}
	switch st := seats[seat]; st.Kind {
	case lan.SeatLocal:
		return a.T("lan.seat.host"), false
	case lan.SeatGuest:
		switch {
		case st.StandIn:
			return a.T("lan.board.stand_in"), true
		case !st.Connected:
			return a.T("lan.seat.away"), true
		}
		return a.T("lan.seat.guest"), false
	case lan.SeatBot:
		if slices.Contains(ugLevels, st.Level) {
			return a.T("ug.seat.computer") + " · " + a.T("ug.level."+st.Level), false
		}
		return a.T("ug.seat.computer"), false
	}
	return "", false
}
