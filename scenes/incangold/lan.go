package incangold

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
	"github.com/hajimehoshi/ebiten/v2"
)

// Incan Gold over the LAN (issue 16, "Playing it": LAN). The host plays
// its seat on the lan.Host's game.Table (igHostTable); a guest's screens
// run on an igGuestTable, which knows only what the host sends to the
// guest's seat: its own view and its own redacted events. The screens take
// the public stream from it (every event redacted for a spectator, I3.4:
// no other seat's sealed choice before the reveal), and the guest's own
// view only for its own seat.

// igHostTable is the LAN host's igTable: the lan.Host's table, watched
// like a local one; the computer players are the host's (lan.HostConfig
// BotDelay paces them), so Pump has nothing to open. Closing it closes the
// LAN table: at the game's end after the guests got the last updates.
type igHostTable struct {
	*igGameTable
	link *scenes.LanLink
}

// Pump: the host's computer players move on their own.
func (t *igHostTable) Pump(time.Time) {}

// Close ends the LAN game for everyone; once the game is over, only after
// the guests have the final updates (at most 5 s).
func (t *igHostTable) Close() { t.link.Leave(t.t.Over()) }

// newIGHostMatch is the LAN host player's match: seat 0 of the lan.Host's
// started table, the other seats guests and computer players.
func newIGHostMatch(a *scenes.App, link *scenes.LanLink, lb lan.Lobby, seat int) (*igMatch, error) {
	s, err := igLANSetup(lb, seat, scenes.SeatNames(a, lb))
	if err != nil {
		return nil, err
	}
	t := link.Host.Table()
	m := newIGMatchOf(a, s)
	m.table = &igHostTable{igGameTable: igWatch(t, newIGGate()), link: link}
	m.lan = link
	link.CloseAtEnd(t)
	return m, nil
}

// igLANSetup is the setup of a LAN table as its lobby says: the seats'
// names, seat the one human at this screen, the table options.
func igLANSetup(lb lan.Lobby, seat int, names []string) (igSetup, error) {
	opts, err := incangold.ParseOptions(lb.Options)
	if err != nil {
		return igSetup{}, err
	}
	s := igSetup{Options: opts}
	for i := range lb.Seats {
		st := scenes.SeatSetup{Name: names[i], Human: i == seat, Level: "normal"}
		s.Seats = append(s.Seats, st)
	}
	if len(s.Seats) < incangold.MinPlayers {
		return igSetup{}, fmt.Errorf("lan: an Incan Gold table of %d seats (I2.1: 3 to 8)", len(s.Seats))
	}
	return s, nil
}

// beginIG deals the Incan Gold game and opens the host player's board.
func beginIG(a *scenes.App, s *scenes.LobbyScene) {
	if err := s.Link.Host.Start(map[int]game.Seat{0: igHumanSeat{name: s.Me}}); err != nil {
		s.Err = a.T("scene.error", "error", err.Error())
		return
	}
	s.Link.RefreshHost()
	lb, _, _ := s.Link.Snapshot()
	m, err := newIGHostMatch(a, s.Link, lb, 0)
	if err != nil {
		s.Err = a.T("scene.error", "error", err.Error())
		return
	}
	a.GoTo(newIGBoardScene(a, m))
}

// igGuestTable is a LAN guest's igTable: views and events come from the
// host through the lanLink, the guest's sealed choice goes to the host.
type igGuestTable struct {
	link *scenes.LanLink
	seat int

	mu     sync.Mutex
	host   incangold.View // the host's newest view of the guest's seat
	mine   incangold.View // host, with the choice sealed here and not yet answered
	has    bool
	items  []igItem
	seen   int  // events taken from the host so far
	resync bool // the connection came back: the next update repeats every event
	// trail is every public item so far, update by update, so that a
	// choice the host takes back is cut out of it (Rewound).
	trail scenes.UndoTrail[igItem]
}

// igPublic is v without what only its seat may know: its sealed choice
// and its tent (others' tents stay only with open tents or at the end,
// O4, I9).
func igPublic(v incangold.View) incangold.View {
	v.Seat, v.Choice, v.Tent = -1, incangold.NoChoice, 0
	if !v.Options.OpenTents && !v.Over {
		v.Tents = nil
	}
	return v
}

// View is the guest's own view for its seat, else the public part of it:
// a guest knows nothing more of the other seats.
func (g *igGuestTable) View(seat int) incangold.View {
	g.mu.Lock()
	defer g.mu.Unlock()
	if seat == g.seat {
		return g.mine
	}
	return igPublic(g.mine)
}

// errIGNotOwed is a guest's choice while it owes none.
var errIGNotOwed = errors.New("I3.4: no choice owed now")

// Submit sends the guest's sealed choice to the host (I3.4). Until the
// host's next update the guest's view shows it sealed, so the screen does
// not ask again; a refusal (TError) puts the host's view back.
func (g *igGuestTable) Submit(seat int, c incangold.Choice) error {
	if seat != g.seat {
		return scenes.ErrNotYourSeat
	}
	if c != incangold.Torch && c != incangold.Camp {
		return fmt.Errorf("I3.4: choice %q: want torch or camp", c)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.mine.Owes() {
		return errIGNotOwed
	}
	if err := g.link.Client.Move(incangold.Move{Choice: c}); err != nil {
		return err
	}
	g.mine.Sealed = append(slices.Clone(g.mine.Sealed), seat)
	g.mine.Choice = c
	return nil
}

// Pump: the computer players are the host's.
func (g *igGuestTable) Pump(time.Time) {}

// Take hands out the events that came since, redacted for a spectator,
// each with the public part of the view after its update.
func (g *igGuestTable) Take() []igItem {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := g.items
	g.items = nil
	return out
}

// Close leaves the table (the seat goes to a computer player).
func (g *igGuestTable) Close() { g.link.Close() }

// deliver takes one update from the host. The first update after a
// reconnection repeats every event of the game: those seen already are
// skipped.
func (g *igGuestTable) deliver(v incangold.View, evs []incangold.Event) {
	g.mu.Lock()
	defer g.mu.Unlock()
	pub := igPublic(v)
	items := make([]igItem, len(evs))
	for i, e := range evs {
		items[i] = igItem{ev: e.Redact(-1), view: &pub, last: i == len(evs)-1}
	}
	g.trail.Add(items, g.resync)
	if g.resync {
		g.resync = false
		items = items[min(g.seen, len(items)):]
	}
	g.seen += len(items)
	g.host, g.mine, g.has = v, v, true
	g.items = append(g.items, items...)
}

// Rewound: the host took a choice back (scenes.GuestRewinder); the update
// before its notice brought the view as it stood before. The screens get
// the whole game again without the choice's events (igItem.rewind).
func (g *igGuestTable) Rewound() {
	g.mu.Lock()
	defer g.mu.Unlock()
	left, cut, ok := g.trail.Rewind()
	if !ok {
		return
	}
	g.seen -= cut
	pub := igPublic(g.host)
	g.items = []igItem{{rewind: true, view: &pub, history: left}}
}

// reconnected notes that the connection came back (TBack).
func (g *igGuestTable) reconnected() {
	g.mu.Lock()
	g.resync = true
	g.mu.Unlock()
}

// refused puts the host's view back after the host refused the choice.
func (g *igGuestTable) refused() {
	g.mu.Lock()
	g.mine = g.host
	g.mu.Unlock()
}

// Deliver takes a TUpdate of the Incan Gold table (scenes.GuestTable).
func (g *igGuestTable) Deliver(m lan.Message) {
	v, ok := m.GameView.(incangold.View)
	if !ok {
		return
	}
	evs := make([]incangold.Event, 0, len(m.GameEvents))
	for _, e := range m.GameEvents {
		if ie, ok := e.(incangold.Event); ok {
			evs = append(evs, ie)
		}
	}
	g.deliver(v, evs)
}

// Refused and Reconnected: scenes.GuestTable.
func (g *igGuestTable) Refused()     { g.refused() }
func (g *igGuestTable) Reconnected() { g.reconnected() }

// Scene is the guest's board once the game has started.
func (g *igGuestTable) Scene(a *scenes.App, lb lan.Lobby) (scenes.Scene, error) {
	m, err := newIGGuestMatch(a, g.link, lb)
	if err != nil {
		return nil, err
	}
	return newIGBoardScene(a, m), nil
}

// newIGGuestMatch is a LAN guest's match: its seat's views come from the
// host through link's client.
func newIGGuestMatch(a *scenes.App, link *scenes.LanLink, lb lan.Lobby) (*igMatch, error) {
	s, err := igLANSetup(lb, link.Seat, scenes.SeatNames(a, lb))
	if err != nil {
		return nil, err
	}
	m := newIGMatchOf(a, s)
	m.table = link.Guest.(*igGuestTable)
	m.lan = link
	return m, nil
}

// seatKind is a seat's panel label: this screen's player (human), a
// computer player with its level, or, at a LAN table, the host or a guest (away while its
// connection is down).
func (m *igMatch) seatKind(a *scenes.App, seat int) string {
	if m.isHuman(seat) {
		return a.T("ig.seat.human")
	}
	level := ""
	if seat < len(m.setup.Seats) {
		level = m.setup.Seats[seat].Level
	}
	if m.lan != nil {
		lb, _, _ := m.lan.Snapshot()
		if seat < len(lb.Seats) {
			level = lb.Seats[seat].Level
			switch st := lb.Seats[seat]; st.Kind {
			case lan.SeatLocal:
				return a.T("lan.seat.host")
			case lan.SeatGuest:
				switch {
				case st.StandIn:
					return a.T("lan.board.stand_in")
				case !st.Connected:
					return a.T("lan.seat.away")
				}
				return a.T("lan.seat.guest")
			}
		}
	}
	if slices.Contains(incangold.Levels, level) {
		return a.T("ig.seat.computer") + " · " + a.T("ig.level."+level)
	}
	return a.T("ig.seat.computer")
}

// igBoardUpdate keeps an Incan Gold board of a LAN game up to date
// (LanLink.UpdateScreen) and runs its chat box (s.l.chat): Y opens the
// text field, T being the torch (I3.3). It reports whether the box has
// the keyboard this tick (the board then ignores the keys).
func igBoardUpdate(l *scenes.LanLink, a *scenes.App, s *igBoardScene) bool {
	l.UpdateScreen(a, s.t, s.m.names, &s.m.log)
	if err := l.TakeUndoRefusal(); err != nil { // the host kept this guest's choice
		l.Say(a.T("lan.undo.refused", "why", igUndoWhy(a, err)), s, s.t)
	}
	l.Box.SetKey(ebiten.KeyY, "ig.chat.hint")
	l.Box.Layout(a, s.l.chat, true)
	return l.Box.Update(a, l, true)
}

// igDrawChat draws a LAN game's chat box (under the gems and walkers on
// their way).
func igDrawChat(l *scenes.LanLink, a *scenes.App, s *igBoardScene, dst *ebiten.Image) {
	a.FlushText()
	l.Box.Layout(a, s.l.chat, true)
	l.Box.Draw(a, &s.p, dst, l, s.t)
}

// igDrawBoard draws a LAN game's connection state or the host's newest
// notice over the Incan Gold board's top (LanLink.DrawStatus).
func igDrawBoard(l *scenes.LanLink, a *scenes.App, s *igBoardScene, dst *ebiten.Image) {
	l.DrawStatus(a, &s.p, dst, s.t, s.lanStatusRect(a))
}

// lanStatusRect is where a LAN table's connection state or newest notice
// shows: over the keys line at the foot of the status column, inside that
// column, so that it covers neither the deck's box nor the round track
// (it was 540 px wide, centred, and hid the deck's last line). Pixels.
func (s *igBoardScene) lanStatusRect(a *scenes.App) scenes.Rect {
	r := s.l.status
	return scenes.R(r.X, r.Y+a.U(62), r.W, a.U(30))
}

// IgLobbyOptions reads a lobby's Incan Gold options (the defaults when it
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
func igLobbyGame() scenes.LobbyGame {
	return scenes.LobbyGame{
		Game: igGame, MinP: incangold.MinPlayers, MaxP: incangold.MaxPlayers, DefP: 4, Levels: incangold.Levels,
		Keys:     []string{"ig.opt.diamant", "ig.opt.artifacts2020", "ig.opt.tiebreak_value", "ig.opt.open_tents", "scene.newgame.random_first"},
		Defaults: func(int) json.RawMessage { return scenes.JSONOf(incangold.DefaultOptions()) },
		Vals: func(lb lan.Lobby) []bool {
			o := IgLobbyOptions(lb)
			return []bool{o.Diamant, o.Artifacts2020, o.TiebreakValue, o.OpenTents, o.StartPlayer < 0}
		},
		Toggle: func(lb lan.Lobby, i int) json.RawMessage {
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
			return scenes.JSONOf(o)
		},
		Resize: func(lb lan.Lobby, _ int) json.RawMessage { return scenes.JSONOf(IgLobbyOptions(lb)) },
	}
}
