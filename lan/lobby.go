package lan

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/goldvein/goldvein/rules"
)

// Lobby returns the table as guests see it.
func (h *Host) Lobby() Lobby {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.lobbyLocked()
}

func (h *Host) lobbyLocked() Lobby {
	l := Lobby{Name: h.cfg.Name, Game: h.cfg.Game.ID(), Players: len(h.seats), Options: h.cfg.Options, Password: h.cfg.Password != "",
		GraceMS: int(h.cfg.Grace / time.Millisecond), Started: h.table != nil, Over: h.over}
	if h.cfg.TurnTimeout > 0 {
		l.TurnTimeoutMS = int(h.cfg.TurnTimeout / time.Millisecond)
	}
	for _, s := range h.seats {
		l.Seats = append(l.Seats, SeatInfo{Name: s.name, Kind: s.kind, Connected: s.conn != nil,
			StandIn: s.kind == SeatGuest && s.standIn != nil, Level: s.level})
	}
	return l
}

// SetOptions changes the number of players and the game's table options
// (its own JSON, as rules.Game.New reads them) before the start; the
// number of players cannot change once guests sit (it would move their
// seats).
func (h *Host) SetOptions(players int, opts json.RawMessage) error {
	if err := checkOptions(h.cfg.Game, players, opts); err != nil {
		return fmt.Errorf("lan: %w", err)
	}
	opts = slices.Clone(opts)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.table != nil {
		return errors.New("lan: the game has started")
	}
	if players != len(h.seats) {
		for _, s := range h.seats {
			if s.kind == SeatGuest {
				return errors.New("lan: players: guests are seated; free their seats first")
			}
		}
		for len(h.seats) < players {
			h.seats = append(h.seats, &hostSeat{kind: SeatOpen})
		}
		h.seats = h.seats[:players]
	}
	h.cfg.Players, h.cfg.Options = players, opts
	h.broadcastLobbyLocked()
	return nil
}

// SetGrace changes the dropout grace period (a lobby option).
func (h *Host) SetGrace(d time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if d > 0 {
		h.cfg.Grace = d
	}
	h.broadcastLobbyLocked()
}

// SetTurnTimeout changes the turn timer (a lobby option): d is how long a
// guest may take for a turn; 0 or less turns the timer off. It takes effect
// from the next turn on.
func (h *Host) SetTurnTimeout(d time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if d <= 0 {
		d = -1
	}
	h.cfg.TurnTimeout = d
	h.turnLimit.Store(int64(d))
	h.broadcastLobbyLocked()
}

// SetSeat makes seat open, a computer player of level (SeatBot), or a
// local player called name whose game.Seat is given to Start (SeatLocal).
// A seated guest is sent away (with a refusal) when their seat changes.
func (h *Host) SetSeat(seat int, kind SeatKind, name, level string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.table != nil {
		return errors.New("lan: the game has started")
	}
	if seat < 0 || seat >= len(h.seats) {
		return fmt.Errorf("lan: no seat %d", seat)
	}
	s := h.seats[seat]
	if s.conn != nil {
		s.conn.refuse(CodeFull, "the host gave your seat to someone else")
	}
	switch kind {
	case SeatOpen:
		*s = hostSeat{kind: SeatOpen}
	case SeatBot:
		if level == "" {
			level = h.cfg.BotLevel
		}
		if name == "" {
			name = h.botName(seat)
		}
		*s = hostSeat{kind: SeatBot, name: name, level: level}
	case SeatLocal:
		if err := CheckName(name); err != nil {
			return fmt.Errorf("lan: %w", err)
		}
		*s = hostSeat{kind: SeatLocal, name: name}
	default:
		return fmt.Errorf("lan: seat kind %q cannot be set by the host", kind)
	}
	h.broadcastLobbyLocked()
	return nil
}

// checkOptions checks players and the game's table options by dealing a
// match of them: rules.Game.New's error names the field.
func checkOptions(g rules.Game, players int, opts json.RawMessage) error {
	if lo, hi := g.Seats(); players < lo || players > hi {
		return fmt.Errorf("players %d: %s takes %d to %d", players, g.ID(), lo, hi)
	}
	if _, err := g.New(players, opts, 1); err != nil {
		return err
	}
	return nil
}

func (h *Host) broadcastLobbyLocked() {
	l := h.lobbyLocked()
	m := &Message{T: TLobby, Lobby: &l}
	for c := range h.conns {
		if c.seat >= 0 {
			c.out.send(m)
		}
	}
	h.notify()
}
