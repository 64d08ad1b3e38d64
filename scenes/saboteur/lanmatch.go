package saboteur

import (
	"errors"
	"fmt"
	"sync"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
	"github.com/goldvein/goldvein/scenes"
)

// matchTable is what a match needs of the table it shows: a local
// game.Table (a game at this screen, or the host's own table of a LAN
// game), or a LAN guest's window on the host's table (guestTable). The
// board, round end and final scenes only use these.
type matchTable interface {
	// View returns what seat may know now; -1 is a spectator.
	View(seat int) saboteur.View
	// Submit plays m for seat, or returns why not (the rule's error).
	Submit(seat int, m saboteur.Move) error
	// Close leaves the table (the player went back to the menu).
	Close()
	// Record is the game record so far; nil for a LAN guest, whose host
	// keeps the record (the guest never knows the seed or the others'
	// hands).
	Record() *rules.Record
}

// sabGame is Saboteur as the box holds it, with its computer players.
func sabGame() rules.Game { return saboteur.Rules{Bots: bot.Brains} }

// localTable is a game.Table of Saboteur as a matchTable: the views in
// Saboteur's type, and the move's seat set to the seat it is played for.
type localTable struct{ *game.Table }

// View returns seat's Saboteur view.
func (t localTable) View(seat int) saboteur.View {
	v, _ := t.Table.View(seat).(saboteur.View)
	return v
}

// Submit plays m for seat; a move off turn is refused citing R4.3.
func (t localTable) Submit(seat int, m saboteur.Move) error {
	m.Seat = seat
	err := t.Table.Submit(seat, m)
	if errors.Is(err, game.ErrNotYourTurn) {
		return fmt.Errorf("R4.3: %w", err)
	}
	return err
}

// hostTable is the LAN host's table: the lan.Host's game.Table, closed
// together with the host (listener, beacon, connections) when the host
// player leaves.
type hostTable struct {
	localTable
	link *scenes.LanLink
}

// Close ends the LAN game for everyone: the host stops.
func (t hostTable) Close() { t.link.Close() }

// guestTable is a LAN guest's table: its views and events come from the
// lan.Client's messages, its moves go to the host. Every TUpdate is given to
// the guest's own seat inbox as it came (the seat's view and events) and to
// the screen's watcher redacted to what a spectator sees (saboteur.View.Public,
// saboteur.Event.Redact(-1)), exactly as a local game.Table feeds them.
type guestTable struct {
	link  *scenes.LanLink
	seat  int
	watch *game.Inbox // the screen's public stream
	inbox *game.Inbox // the guest's own seat

	mu   sync.Mutex
	mine saboteur.View // the newest view of the guest's seat
	pub  saboteur.View
	has  bool
	// trail is every event the seat was sent, update by update, so that
	// a move the host takes back is cut out of it (Rewound); resync: the
	// connection came back and the next update repeats every event.
	trail  scenes.UndoTrail[saboteur.Event]
	resync bool
}

// View returns the guest's own view for its seat, else the newest public
// view (a guest knows nothing more about other seats).
func (g *guestTable) View(seat int) saboteur.View {
	g.mu.Lock()
	defer g.mu.Unlock()
	if seat == g.seat {
		return g.mine
	}
	return g.pub
}

// Submit checks m against the guest's newest view (saboteur.View.Check)
// and sends it to the host; the host's answer arrives as an update (or,
// when it refuses after all, as a TError that puts the hand back: see
// lanLink).
func (g *guestTable) Submit(seat int, m saboteur.Move) error {
	if seat != g.seat {
		return scenes.ErrNotYourSeat
	}
	g.mu.Lock()
	v := g.mine
	g.mu.Unlock()
	m.Seat = seat
	if err := v.Check(m); err != nil {
		return err
	}
	return g.link.Client.Move(m)
}

// Close says goodbye to the host (the seat goes to a computer player).
func (g *guestTable) Close() { g.link.Close() }

// Record is nil: the host keeps the record.
func (g *guestTable) Record() *rules.Record { return nil }

// delivery is a game.Delivery of Saboteur's view and events.
func delivery(v saboteur.View, evs []saboteur.Event) game.Delivery {
	d := game.Delivery{View: v, Step: v.Moves, Owes: v.MyTurn()}
	if evs != nil {
		d.Events = make([]rules.Event, len(evs))
		for i := range evs {
			d.Events[i] = &evs[i]
		}
	}
	return d
}

// deliver takes one update from the host.
func (g *guestTable) deliver(v saboteur.View, evs []saboteur.Event) {
	pub := v.Public()
	pevs := make([]saboteur.Event, len(evs))
	for i, e := range evs {
		pevs[i] = e.Redact(-1)
	}
	g.mu.Lock()
	g.mine, g.pub, g.has = v, pub, true
	g.trail.Add(evs, g.resync)
	g.resync = false
	g.mu.Unlock()
	g.inbox.Deliver(delivery(v, evs))
	g.watch.Deliver(delivery(pub, pevs))
}

// Deliver takes a TUpdate of the Saboteur table (scenes.GuestTable).
func (g *guestTable) Deliver(m lan.Message) {
	v, ok := m.GameView.(saboteur.View)
	if !ok {
		return
	}
	evs := make([]saboteur.Event, 0, len(m.GameEvents))
	for _, e := range m.GameEvents {
		if se, ok := e.(*saboteur.Event); ok {
			evs = append(evs, *se)
		}
	}
	g.deliver(v, evs)
}

// Refused hands the newest views again (redeliver); Reconnected needs
// nothing, the host's next update is whole.
func (g *guestTable) Refused() { g.redeliver() }

// Reconnected: the host's next update repeats every event (what an undo
// would cut is then unknown: UndoTrail).
func (g *guestTable) Reconnected() {
	g.mu.Lock()
	g.resync = true
	g.mu.Unlock()
}

// Rewound: the host took a move back (scenes.GuestRewinder); the update
// before its notice brought the views as they stood before. The screen's
// public stream gets a Rewind delivery (game.Table.Undo's to a watcher):
// the events so far without the move's, redacted for a spectator.
func (g *guestTable) Rewound() {
	g.mu.Lock()
	left, _, ok := g.trail.Rewind()
	pub := g.pub
	g.mu.Unlock()
	if !ok {
		return
	}
	d := delivery(pub, nil)
	d.Rewind = true
	for _, e := range left {
		r := e.Redact(-1)
		d.Events = append(d.Events, &r)
	}
	g.watch.Deliver(d)
}

// Scene is the guest's first scene once the game has started.
func (g *guestTable) Scene(a *scenes.App, lb lan.Lobby) (scenes.Scene, error) {
	return startScene(a, newGuestMatch(g, scenes.SeatNames(a, lb))), nil
}

// redeliver hands the newest views again without events: after the host
// refused a move the board takes its hand back and may move again.
func (g *guestTable) redeliver() {
	g.mu.Lock()
	v, pub, ok := g.mine, g.pub, g.has
	g.mu.Unlock()
	if ok {
		g.inbox.Deliver(delivery(v, nil))
		g.watch.Deliver(delivery(pub, nil))
	}
}

// newHostMatch is the match of the LAN host's own player: the lan.Host's
// table, the player's inbox in seat, the others are guests and computer
// players on the host's side.
func newHostMatch(link *scenes.LanLink, seat int, inbox *game.Inbox) *match {
	t := link.Host.Table()
	m := &match{inbox: map[int]*game.Inbox{seat: inbox}, mine: map[int]saboteur.View{}, follow: -1,
		humans: []int{seat}, started: scenes.Now(), lan: link}
	m.setup.Youngest = -1
	m.attach(t)
	m.Table = hostTable{localTable: localTable{t}, link: link}
	link.CloseAtEnd(t)
	return m
}

// newGuestMatch is the match of a LAN guest: the seat's views come from
// the host through link's client.
func newGuestMatch(g *guestTable, names []string) *match {
	m := &match{inbox: map[int]*game.Inbox{g.seat: g.inbox}, mine: map[int]saboteur.View{}, follow: -1,
		humans: []int{g.seat}, started: scenes.Now(), lan: g.link, Table: g, watch: g.watch, names: names}
	m.setup.Youngest = -1
	return m
}
