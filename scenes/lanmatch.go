package scenes

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules/saboteur"
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
	Record() *saboteur.Record
}

// hostTable is the LAN host's table: the lan.Host's game.Table, closed
// together with the host (listener, beacon, connections) when the host
// player leaves.
type hostTable struct {
	*game.Table
	link *lanLink
}

// Close ends the LAN game for everyone: the host stops.
func (t hostTable) Close() { t.link.close() }

// guestTable is a LAN guest's table: its views and events come from the
// lan.Client's messages, its moves go to the host. Every TUpdate is given to
// the guest's own seat inbox as it came (the seat's view and events) and to
// the screen's watcher redacted to what a spectator sees (publicView,
// saboteur.Event.For(-1)), exactly as a local game.Table feeds them.
type guestTable struct {
	link  *lanLink
	seat  int
	watch *game.Inbox // the screen's public stream
	inbox *game.Inbox // the guest's own seat

	mu   sync.Mutex
	mine saboteur.View // the newest view of the guest's seat
	pub  saboteur.View
	has  bool
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

// errNotYourSeat is a guest's move for a seat that is not its own.
var errNotYourSeat = errors.New("lan: a guest plays only its own seat")

// Submit checks m against the guest's newest view (its turn, R5.1 to R5.5
// for a path card, and that m is one of the view's legal moves) and sends
// it to the host; the host's answer arrives as an update (or, when it
// refuses after all, as a TError that puts the hand back: see lanLink).
func (g *guestTable) Submit(seat int, m saboteur.Move) error {
	if seat != g.seat {
		return errNotYourSeat
	}
	g.mu.Lock()
	v := g.mine
	g.mu.Unlock()
	m.Seat = seat
	if err := checkGuestMove(&v, m); err != nil {
		return err
	}
	return g.link.client.Move(m)
}

// checkGuestMove is the guest's own check of m before it goes to the host:
// the same refusals the host's rules would give, so a bad drop flies back
// at once with its reason.
func checkGuestMove(v *saboteur.View, m saboteur.Move) error {
	if !v.MyTurn() {
		return fmt.Errorf("%w: it is seat %d's turn", game.ErrNotYourTurn, v.Turn)
	}
	if m.Type == saboteur.Play && m.Card.Kind == saboteur.Path {
		if err := v.CanPlace(m.Card, m.At); err != nil {
			return err
		}
	}
	for _, l := range v.LegalMoves() {
		if sameMove(l, m) {
			return nil
		}
	}
	return fmt.Errorf("lan: the move %v is not legal now", m.Type)
}

// sameMove compares two moves by what the rules read of them.
func sameMove(a, b saboteur.Move) bool {
	if a.Type != b.Type || a.Seat != b.Seat {
		return false
	}
	switch a.Type {
	case saboteur.Keep:
		return a.Gold == b.Gold
	case saboteur.Discard:
		return a.Card == b.Card
	}
	if a.Card != b.Card {
		return false
	}
	switch a.Card.Kind {
	case saboteur.Path, saboteur.Rockfall:
		return a.At == b.At
	case saboteur.Broken:
		return a.Target == b.Target
	case saboteur.Repair:
		return a.Target == b.Target && (a.Tool == b.Tool || a.Tool == 0 || b.Tool == 0)
	case saboteur.Map:
		return a.Goal == b.Goal
	}
	return true
}

// Close says goodbye to the host (the seat goes to a computer player).
func (g *guestTable) Close() { g.link.close() }

// Record is nil: the host keeps the record.
func (g *guestTable) Record() *saboteur.Record { return nil }

// deliver takes one update from the host.
func (g *guestTable) deliver(v saboteur.View, evs []saboteur.Event) {
	pub := publicView(v)
	pevs := make([]saboteur.Event, len(evs))
	for i, e := range evs {
		pevs[i] = e.For(-1)
	}
	g.mu.Lock()
	g.mine, g.pub, g.has = v, pub, true
	g.mu.Unlock()
	g.inbox.Deliver(v, evs)
	g.watch.Deliver(pub, pevs)
}

// redeliver hands the newest views again without events: after the host
// refused a move the board takes its hand back and may move again.
func (g *guestTable) redeliver() {
	g.mu.Lock()
	v, pub, ok := g.mine, g.pub, g.has
	g.mu.Unlock()
	if ok {
		g.inbox.Deliver(v, nil)
		g.watch.Deliver(pub, nil)
	}
}

// publicView strips a seat's view to what a spectator (seat -1) sees, as
// saboteur.Game.View(-1) would give it: no role, hand, map sights, offer or
// own gold (SABOTEUR.md, Hidden information).
func publicView(v saboteur.View) saboteur.View {
	p := v
	p.Seat = -1
	p.Role = saboteur.NoRole
	p.Hand = nil
	for i := range p.Peeked {
		p.Peeked[i] = saboteur.NoGoal
	}
	p.Offer = nil
	p.Gold = 0
	p.Results = nil
	for _, r := range v.Results {
		if v.Phase != saboteur.Over {
			r.Gold = append([]int(nil), r.Gold...)
			for s := range r.Gold {
				r.Gold[s] = 0
			}
		}
		p.Results = append(p.Results, r)
	}
	return p
}

// newHostMatch is the match of the LAN host's own player: the lan.Host's
// table, the player's inbox in seat, the others are guests and computer
// players on the host's side.
func newHostMatch(link *lanLink, seat int, inbox *game.Inbox) *match {
	t := link.host.Table()
	m := &match{inbox: map[int]*game.Inbox{seat: inbox}, mine: map[int]saboteur.View{}, follow: -1,
		humans: []int{seat}, started: now(), lan: link}
	m.setup.Youngest = -1
	m.attach(t)
	m.table = hostTable{Table: t, link: link}
	go func() {
		// The game's end (R9): every guest gets the last updates, then
		// the table closes and stops announcing itself.
		select {
		case <-t.Done():
			link.host.Finish(5 * time.Second)
			link.close()
		case <-link.host.Done():
		}
	}()
	return m
}

// newGuestMatch is the match of a LAN guest: the seat's views come from
// the host through link's client.
func newGuestMatch(link *lanLink, names []string) *match {
	g := link.guest
	m := &match{inbox: map[int]*game.Inbox{g.seat: g.inbox}, mine: map[int]saboteur.View{}, follow: -1,
		humans: []int{g.seat}, started: now(), lan: link, table: g, watch: g.watch, names: names}
	m.setup.Youngest = -1
	return m
}
