package lan

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
)

// newToken returns a fresh reconnect token: 16 random bytes in hex.
func newToken() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// equalSecret compares two secrets in constant time (of their hashes, so
// the length does not show either).
func equalSecret(a, b string) bool {
	x, y := sha256.Sum256([]byte(a)), sha256.Sum256([]byte(b))
	return subtle.ConstantTimeCompare(x[:], y[:]) == 1
}

// handshake answers a hello with welcome or refused; true when the
// connection sits in a seat.
func (h *Host) handshake(c *hostConn, m Message) bool {
	if m.Version != Version {
		c.refuse(CodeVersion, fmt.Sprintf("this host speaks protocol version %d, you speak %d: use the same goldvein release", Version, m.Version))
		return false
	}
	if id := h.cfg.Game.ID(); m.Game != id {
		why := fmt.Sprintf("this table plays %s, you asked for %s", id, m.Game)
		if m.Game == "" {
			why = fmt.Sprintf("this table plays %s, and your hello names no game", id)
		}
		c.refuse(CodeGame, why)
		return false
	}
	if h.cfg.Password != "" && !h.checkPassword(c, m.Password) {
		return false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	seat := -1
	if m.Token != "" {
		for i, s := range h.seats {
			if s.kind == SeatGuest && s.token != "" && equalSecret(m.Token, s.token) {
				seat = i
			}
		}
		if seat < 0 {
			c.refuse(CodeToken, "this reconnect token matches no seat at this table")
			return false
		}
	} else {
		if h.table != nil {
			c.refuse(CodeStarted, "the game has started; only its players may come back (with their token)")
			return false
		}
		if err := CheckName(m.Name); err != nil {
			c.refuse(CodeName, err.Error())
			return false
		}
		for i, s := range h.seats {
			if s.kind == SeatOpen {
				seat = i
				break
			}
		}
		if seat < 0 {
			c.refuse(CodeFull, "every seat is taken")
			return false
		}
		h.seats[seat].kind, h.seats[seat].name, h.seats[seat].token = SeatGuest, m.Name, newToken()
	}
	s := h.seats[seat]
	if old := s.conn; old != nil {
		old.seat = -1
		old.refuse(CodeToken, "you connected again from elsewhere")
	}
	if s.grace != nil {
		s.grace.Stop()
		s.grace = nil
	}
	c.seat, s.conn = seat, c
	markSeated(c.out.nc)
	c.out.send(&Message{T: TWelcome, Version: Version, Game: h.cfg.Game.ID(), Seat: seat, Name: s.name, Token: s.token})
	if m.Deflate {
		c.out.startDeflate()
	}
	h.logf("seat %d: %s joined from %s", seat, s.name, c.ip)
	h.broadcastLobbyLocked()
	if h.table != nil {
		s.standIn = nil
		// Replace stops the stand-in and delivers the whole game so far.
		h.table.Replace(seat, &remoteSeat{name: s.name, seat: seat, c: c, h: h})
	}
	if h.cfg.AutoStart && h.table == nil {
		open := false
		for _, s := range h.seats {
			open = open || s.kind == SeatOpen
		}
		if !open {
			if err := h.startLocked(nil, nil); err != nil {
				h.logf("autostart: %v", err)
			}
		}
	}
	return true
}
