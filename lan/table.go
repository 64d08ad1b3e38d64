package lan

import (
	"crypto/rand"
	"errors"
	"fmt"
	"slices"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
)

// botName is the name of a computer player the host seats in seat
// (HostConfig.BotNames).
func (h *Host) botName(seat int) string {
	if seat < len(h.cfg.BotNames) && CheckName(h.cfg.BotNames[seat]) == nil {
		return h.cfg.BotNames[seat]
	}
	return fmt.Sprintf("Bot %d", seat+1)
}

// Start deals the game: guests play their seats, computer players take the
// bot seats and every seat still open, and local seats are played by the
// game.Seat given for them in local (keyed by seat number). It fails when a
// local seat has no game.Seat or the game has started.
func (h *Host) Start(local map[int]game.Seat) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.startLocked(local, nil)
}

// Resume restarts a game from its autosave after a crash (serve --resume):
// the record's moves are replayed and the session's guests may reconnect
// with their tokens; until they do, and after the grace period, computer
// players stand in.
func (h *Host) Resume(rec *rules.Record, s Session, local map[int]game.Seat) error {
	if len(s.Seats) != len(rec.Seats) {
		return fmt.Errorf("lan: resume: session has %d seats, record %d", len(s.Seats), len(rec.Seats))
	}
	if rec.Game != h.cfg.Game.ID() {
		return fmt.Errorf("lan: resume: the record is of %q, this table plays %q", rec.Game, h.cfg.Game.ID())
	}
	if err := checkOptions(h.cfg.Game, len(rec.Seats), rec.Options); err != nil {
		return fmt.Errorf("lan: resume: record: %w", err)
	}
	if err := s.check(); err != nil {
		return fmt.Errorf("lan: resume: %w", err)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.table != nil {
		return errors.New("lan: the game has started")
	}
	h.cfg.Name, h.cfg.Players, h.cfg.Options = s.Name, len(rec.Seats), slices.Clone(rec.Options)
	h.seats = h.seats[:0]
	for _, ss := range s.Seats {
		h.seats = append(h.seats, &hostSeat{name: ss.Name, kind: ss.Kind, token: ss.Token, level: ss.Level})
	}
	return h.startLocked(local, rec)
}

func (h *Host) startLocked(local map[int]game.Seat, rec *rules.Record) error {
	if h.table != nil {
		return errors.New("lan: the game has started")
	}
	if h.closed {
		return errors.New("lan: the host is closed")
	}
	for i, s := range h.seats {
		if s.kind == SeatLocal && local[i] == nil {
			return fmt.Errorf("lan: local seat %d has no game.Seat", i)
		}
	}
	n := len(h.seats)
	seats := make([]game.Seat, n)
	sess := Session{Name: h.cfg.Name, Relay: h.cfg.Relay}
	for i, s := range h.seats {
		switch s.kind {
		case SeatOpen:
			s.kind, s.level, s.name = SeatBot, h.cfg.BotLevel, h.botName(i)
			fallthrough
		case SeatBot:
			seats[i] = h.botSeat(i, s.name, s.level)
		case SeatLocal:
			s.local = local[i]
			seats[i] = local[i]
		case SeatGuest:
			if s.conn != nil {
				seats[i] = &remoteSeat{name: s.name, seat: i, c: s.conn, h: h}
			} else {
				// Resumed: nobody is connected yet. The seat waits the grace
				// period for its guest, then a stand-in plays.
				seats[i] = &remoteSeat{name: s.name, seat: i, h: h}
				h.startGraceLocked(i)
			}
		}
		sess.Seats = append(sess.Seats, SavedSeat{Name: s.name, Kind: s.kind, Token: s.token, Level: s.level})
	}
	h.smu.Lock()
	h.session = sess
	h.smu.Unlock()
	var save game.Saver
	switch {
	case h.cfg.Save != nil:
		save = sessionSave{h.cfg.Save, h}
	case h.cfg.History != nil:
		save = historySave{h.cfg.History}
	}
	var t *game.Table
	var err error
	if rec != nil {
		t, err = game.Resume(h.cfg.Game, rec, seats, save)
	} else {
		seed := h.cfg.Seed
		for seed == 0 {
			seed = randomSeed()
		}
		t, err = game.NewTable(h.cfg.Game, h.cfg.Options, seed, seats, save)
	}
	if err != nil {
		return fmt.Errorf("lan: %w", err)
	}
	t.SetUndoWait(h.cfg.UndoWait)
	h.table = t
	close(h.started)
	h.broadcastLobbyLocked()
	go h.watchEnd(t)
	return nil
}

func (h *Host) botSeat(seat int, name, level string) *game.BotSeat {
	s := game.NewBotSeat(name, level, h.newBot(level, seat), h.cfg.BotDelay)
	s.Renew(func() rules.Bot { return h.newBot(level, seat) }) // relearn after an Undo
	return s
}

// newBot makes the computer player of level for seat (HostConfig.NewBot).
// A level the game lacks, or a maker that fails, plays as the game's
// middle level; a game without computer players gets one that always
// asks for the safe move (game.BotSeat plays the first legal move for a
// move the match refuses).
func (h *Host) newBot(level string, seat int) rules.Bot {
	mk := h.cfg.NewBot
	if mk == nil {
		mk = func(level string, seat int) (rules.Bot, error) {
			return h.cfg.Game.NewBot(level, seat, randomSeed())
		}
	}
	if b, err := mk(level, seat); err == nil && b != nil {
		return b
	}
	if b, err := mk(defaultLevel(h.cfg.Game), seat); err == nil && b != nil {
		return b
	}
	return safeBot{}
}

// safeBot moves nothing: the table replaces its nil move by the first
// legal one (game.Table.SubmitOrSafe).
type safeBot struct{}

func (safeBot) Observe(rules.Event) {}

func (safeBot) Choose(rules.View) rules.Move { return nil }

// defaultLevel is the computer players' level when the host names none:
// the middle one of the game's levels ("normal" of Saboteur's random,
// easy, normal, hard).
func defaultLevel(g rules.Game) string {
	ls := g.Levels()
	if len(ls) == 0 {
		return "normal"
	}
	return ls[len(ls)/2]
}

// randomSeed draws a seed from crypto/rand.
func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	var seed uint64
	for _, x := range b {
		seed = seed<<8 | uint64(x)
	}
	return seed
}

// watchEnd tells everyone when the game is over.
func (h *Host) watchEnd(t *game.Table) {
	select {
	case <-t.Done():
	case <-h.done:
		return
	}
	h.mu.Lock()
	h.over = true
	h.broadcastLobbyLocked()
	h.mu.Unlock()
}

// Table returns the game table, nil before the start.
func (h *Host) Table() *game.Table {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.table
}

// Started returns a channel closed when the game starts.
func (h *Host) Started() <-chan struct{} { return h.started }

// gameOverLocked reports whether the game has ended (watchEnd may not have
// set h.over yet, nor the table closed Done, when the guests hang up right
// after the last move: game.Table.Over turns true before they hear it).
func (h *Host) gameOverLocked() bool {
	if h.over {
		return true
	}
	if h.table == nil {
		return false
	}
	return h.table.Over()
}
