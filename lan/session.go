package lan

import (
	"encoding/hex"
	"fmt"
	"slices"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
)

// SessionSaver is the host's autosave: the game record and the session
// (seats and reconnect tokens) that Host.Resume needs after a crash.
type SessionSaver interface {
	Save(rec *rules.Record, s Session) error
}

// Session is what a restarted host needs besides the record to take its
// guests back: the table's name and every seat's kind, name and reconnect
// token. It stays on the host's disk; tokens are never sent to other seats.
type Session struct {
	Name  string      `json:"name"`
	Seats []SavedSeat `json:"seats"`
	// Relay is the table's relay room (HostConfig.Relay), if it has one.
	Relay *RelayRoom `json:"relay,omitempty"`
}

// check validates a session read back from disk before a resume uses it:
// the table's and every seat's name pass CheckName, every kind is one of
// the four, and every guest seat has a token of 32 hex digits that no other
// seat has. Errors name the field, e.g. "seats[2]: kind "wizard" ...".
func (s Session) check() error {
	if err := CheckName(s.Name); err != nil {
		return fmt.Errorf("session: name: %v", err)
	}
	if s.Relay != nil {
		if err := s.Relay.check(); err != nil {
			return fmt.Errorf("session: relay: %v", err)
		}
	}
	tokens := map[string]int{}
	for i, ss := range s.Seats {
		if err := CheckName(ss.Name); err != nil {
			return fmt.Errorf("session: seats[%d]: name: %v", i, err)
		}
		switch ss.Kind {
		case SeatOpen, SeatBot, SeatLocal:
		case SeatGuest:
			if _, err := hex.DecodeString(ss.Token); err != nil || len(ss.Token) != 32 {
				return fmt.Errorf("session: seats[%d]: token %q: want 32 hex digits", i, ss.Token)
			}
			if j, ok := tokens[ss.Token]; ok {
				return fmt.Errorf("session: seats[%d]: token of seats[%d] again", i, j)
			}
			tokens[ss.Token] = i
		default:
			return fmt.Errorf("session: seats[%d]: kind %q: want open, guest, local or bot", i, ss.Kind)
		}
	}
	return nil
}

// SavedSeat is one seat of a Session.
type SavedSeat struct {
	Name  string   `json:"name"`
	Kind  SeatKind `json:"kind"`
	Token string   `json:"token,omitempty"`
	Level string   `json:"level,omitempty"`
}

// sessionSave is the table's game.Saver: the record with the host's
// session as it is at that move.
type sessionSave struct {
	s SessionSaver
	h *Host
}

// Ended adds the finished game to the host's history (HostConfig.History).
func (s sessionSave) Ended(rec *rules.Record, scores []int) error {
	if s.h.cfg.History == nil {
		return nil
	}
	return s.h.cfg.History.Ended(rec, scores)
}

func (s sessionSave) Save(rec *rules.Record) error {
	s.h.smu.Lock()
	sess := Session{Name: s.h.session.Name, Seats: slices.Clone(s.h.session.Seats), Relay: s.h.session.Relay}
	s.h.smu.Unlock()
	return s.s.Save(rec, sess)
}

// historySave is the table's game.Saver of a host that keeps no autosave
// but a history (HostConfig.History): it writes nothing after a move and
// adds the finished game to the history.
type historySave struct{ e game.Ender }

func (historySave) Save(*rules.Record) error { return nil }

// Ended adds the finished game to the history.
func (s historySave) Ended(rec *rules.Record, scores []int) error { return s.e.Ended(rec, scores) }
