package lan

import (
	"encoding/json"
	"time"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
)

// remoteSeat is a guest's seat at the table: it passes every delivery to
// its connection (none while the guest is away; they get everything again
// when they come back, through game.Table.Replace).
type remoteSeat struct {
	name string
	seat int
	c    *hostConn
	h    *Host
}

func (r *remoteSeat) Name() string { return r.name }

// Kind says a LAN guest plays the seat (the record keeps it).
func (r *remoteSeat) Kind() (rules.SeatKind, string) { return rules.Remote, "" }

// Deliver sends the update with the view the table made (a table calls
// DeliverMatch instead; Deliver serves callers that hold a Delivery).
// The table already redacted the events for this seat; they are redacted
// again (rules.Event.For) so that nothing private to another seat can
// leave the host even if a caller forgot (the rules references' "Hidden
// information").
func (r *remoteSeat) Deliver(d game.Delivery) {
	if r.h == nil {
		return
	}
	p, err := json.Marshal(d.View)
	if err != nil {
		r.h.logf("seat %d: view: %v", r.seat, err)
		return
	}
	r.send(&update{seat: r.seat, whole: p}, d)
}

// DeliverMatch is Deliver with the seat's view read from the match on the
// stack (game.Viewer): through the game's ViewWriter (rules.ViewCodec),
// which takes only what goes on the wire (Saboteur: the maze's cards, not
// its whole cell grid), or as the view's JSON.
func (r *remoteSeat) DeliverMatch(d game.Delivery, m rules.Match) {
	if r.h == nil {
		return
	}
	if r.c == nil { // away: only the turn timer looks
		r.h.clock.observe(r.h, r.seat, d.Owes, d.Step)
		return
	}
	u, err := r.h.wire.take(m, r.seat)
	if err != nil {
		r.h.logf("seat %d: %v", r.seat, err)
		return
	}
	r.send(u, d)
}

func (r *remoteSeat) send(u *update, d game.Delivery) {
	r.h.clock.observe(r.h, r.seat, d.Owes, d.Step)
	if r.c == nil {
		return
	}
	u.step, u.owes = d.Step, d.Owes
	u.events = make([]rules.Event, 0, len(d.Events))
	if d.Rewind { // a move taken back: the view only (lan/PROTOCOL.md, Undo)
		d.Events = nil
	}
	for _, e := range d.Events {
		if x, ok := e.For(r.seat); ok {
			u.events = append(u.events, x)
		}
	}
	r.c.out.send(&Message{T: TUpdate, up: u})
}

// dropped forgets a closed connection. A guest's seat waits the grace
// period for them once the game runs; in the lobby it is freed.
func (h *Host) dropped(c *hostConn) {
	c.out.finish() // a refusal still queued is written first
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.conns[c] {
		return
	}
	delete(h.conns, c)
	if h.perAddr[c.ip]--; h.perAddr[c.ip] <= 0 {
		delete(h.perAddr, c.ip)
	}
	if c.seat < 0 || h.seats[c.seat].conn != c {
		return
	}
	s := h.seats[c.seat]
	s.conn = nil
	if h.gameOverLocked() {
		h.logf("seat %d: %s left after the game", c.seat, s.name)
	} else {
		h.logf("seat %d: %s dropped", c.seat, s.name)
	}
	if h.table == nil {
		*s = hostSeat{kind: SeatOpen}
	} else if !h.over {
		h.startGraceLocked(c.seat)
	}
	h.broadcastLobbyLocked()
}

// left is a guest's bye, leaving for good: in the lobby the seat is freed;
// in the game a computer player takes the seat for the rest of the game
// and the seat's reconnect token stops working, here and in the autosave
// that a --resume reads (lan/PROTOCOL.md, bye).
func (h *Host) left(c *hostConn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if c.seat < 0 || h.seats[c.seat].conn != c {
		return
	}
	seat, s := c.seat, h.seats[c.seat]
	s.conn = nil
	c.seat = -1
	if h.table == nil {
		*s = hostSeat{kind: SeatOpen}
		h.broadcastLobbyLocked()
		return
	}
	if s.grace != nil {
		s.grace.Stop()
		s.grace = nil
	}
	if !h.over {
		h.standInLocked(seat)
	}
	s.kind, s.level, s.token = SeatBot, h.cfg.BotLevel, ""
	h.smu.Lock()
	if seat < len(h.session.Seats) {
		h.session.Seats[seat] = SavedSeat{Name: s.name, Kind: SeatBot, Level: s.level}
	}
	h.smu.Unlock()
	h.logf("seat %d: %s left; a computer player takes the seat", seat, s.name)
	h.broadcastLobbyLocked()
}

func (h *Host) startGraceLocked(seat int) {
	s := h.seats[seat]
	if s.grace != nil {
		s.grace.Stop()
	}
	s.grace = time.AfterFunc(h.cfg.Grace, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.closed || h.over || s.conn != nil || s.standIn != nil || h.seats[seat] != s {
			return
		}
		h.standInLocked(seat)
		h.broadcastLobbyLocked()
	})
}

func (h *Host) standInLocked(seat int) {
	s := h.seats[seat]
	if s.standIn != nil || h.table == nil {
		return
	}
	s.standIn = h.botSeat(seat, s.name, h.cfg.BotLevel)
	h.logf("seat %d: a computer player stands in for %s", seat, s.name)
	h.table.Replace(seat, s.standIn)
}
