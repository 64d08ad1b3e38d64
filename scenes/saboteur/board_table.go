package saboteur

import (
	"errors"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// The board's side of the shell's table discipline (issue 22,
// docs/DESIGN.md "Table discipline"; docs/SABOTEUR.md "At one screen"):
// every control of a move belongs to the decision it is for (the move
// number, which is Saboteur's step, and the seat on turn); the screen is
// handed to one seat at a time and every private thing drawn names its
// seat; a hotseat hand-over is the shell's Curtain, drawn over the public
// table; the menu button, Esc and Undo are the shell's.

// decision is the decision the board's move controls are for: the seat
// whose hand shows, at the move the table waits for (rules.Match.Step is
// the number of moves made, saboteur.Match.Step).
func (s *boardScene) decision() scenes.Decision {
	return scenes.Decision{Step: s.view.Moves, Seat: s.me}
}

// armed reports whether the board shows the controls of a move now: the
// human whose hand shows is on turn and holds the screen, and nothing of
// another seat's move or a scoring is playing out (the feed's pause after
// each shown move, hold, lasts until its motion has landed).
func (s *boardScene) armed(a *scenes.App) bool {
	return s.myTurn() && a.Shows(s.me) && s.hold == 0 && !s.midMove
}

// handTo hands the screen over as the board opens: to the one human at
// the screen (or, with --autoplay, to the computer player whose hand is
// followed); in hotseat to nobody, until a curtain is lifted.
func (s *boardScene) handTo(a *scenes.App) {
	switch {
	case s.m.hotseat():
		a.HandTo(-1)
	default:
		a.HandTo(s.me)
	}
}

// coverFor brings the curtain down for seat before its move: the screen
// goes to nobody, the table stays in view.
func (s *boardScene) coverFor(a *scenes.App, seat int) {
	s.me, s.curtain = seat, true
	s.veil.Note = a.T("scene.curtain.others")
	s.veil.Art = drawCurtainArt
	s.veil.Cover(a, seat, s.view.Moves, s.m.name(seat))
}

// drawCurtainArt is Saboteur's picture on the curtain: three card backs.
func drawCurtainArt(a *scenes.App, p *scenes.Painter, dst *ebiten.Image, cx, cy, h float64) {
	art := cardArt(a, int(h/1.5))
	for i := 0; i < 3; i++ {
		p.ImageCentered(dst, art.Back(), cx+float64(i-1)*h*0.4, cy, 1, 1, float64(i-1)*0.15, 1)
	}
}

// played is called once a human's move was accepted by the table: at a
// shared screen the hand turns face down at once (the play stays in view
// as it lands), and Undo may take it back.
func (s *boardScene) played(a *scenes.App) {
	s.lastHuman = s.me
	if s.m.hotseat() {
		a.HandTo(-1)
	}
}

// Covered reports something over the table that Esc closes: the tool
// chooser, a picked card, a map's peek or the LAN chat's typing
// (scenes.Board).
func (s *boardScene) Covered() bool {
	typing := s.m.lan != nil && s.m.lan.Box.Typing()
	return s.chooser.on || s.sel >= 0 || s.peek.on || typing
}

// undoTable is a table that takes moves back (game.Table; a LAN guest's
// table does not: the host keeps the record).
type undoTable interface {
	CanUndo(seat int) error
	Undo(seat int) error
}

// CanUndo reports whether the last move made at this screen may be taken
// back now, or why not (scenes.Board; rules/saboteur Undoable: nothing
// drawn, peeked, turned over or handed out by it, and nobody moved
// since).
func (s *boardScene) CanUndo(a *scenes.App) (bool, string) {
	if s.m.lan != nil {
		return s.lanCanUndo(a)
	}
	t, ok := s.m.Table.(undoTable)
	if !ok || s.lastHuman < 0 || s.m.autoplay {
		return false, ""
	}
	if err := t.CanUndo(s.lastHuman); err != nil {
		return false, undoWhy(a, err)
	}
	return true, ""
}

// undoWhy says in the player's language why a move cannot be taken back.
func undoWhy(a *scenes.App, err error) string {
	switch {
	case errors.Is(err, rules.ErrMovedSince):
		return a.T("sab.undo.moved_since")
	case errors.Is(err, rules.ErrGameOver):
		return a.T("sab.undo.R9.1")
	}
	if r := saboteur.RuleOf(err); r != "" {
		if key := "sab.undo." + r; a.Cat.Has(key) {
			return r + " · " + a.T(key)
		}
	}
	return a.T("scene.table_menu.no_undo")
}

// Undo takes the last move made at this screen back (scenes.Board): the
// table replays its record without it, and the board opens again on the
// position before it, the move's player on turn.
func (s *boardScene) Undo(a *scenes.App) {
	if s.m.lan != nil {
		s.lanUndo(a)
		return
	}
	t, ok := s.m.Table.(undoTable)
	if !ok || s.lastHuman < 0 {
		return
	}
	seat := s.lastHuman
	if err := t.Undo(seat); err != nil {
		s.reason, s.reasonT = undoWhy(a, err), 240
		return
	}
	s.rewound(a)
	s.m.noteLine(scenes.UndoNotice(a, s.m.name(seat), !s.m.hotseat())) // the log says so
}

// rewound opens the board afresh in place after a move was taken back,
// here or at another screen of a LAN table (match.rewound): the in-game
// menu goes back to this very scene, with the camera where the player
// left it.
func (s *boardScene) rewound(a *scenes.App) {
	s.m.rewind()
	nb := newBoardScene(a, s.m)
	nb.dealt, nb.zoom, nb.camX, nb.camY, nb.zoomed = true, s.zoom, s.camX, s.camY, s.zoomed
	*s = *nb
}

// lanCanUndo is CanUndo at a LAN table (issue 22): the host's screen asks
// its table for the host's own seat; a guest's tells from its own view
// what it can (its move was the last; a card was drawn after it while
// the draw pile still holds some, R4.2), and the host answers the rest.
func (s *boardScene) lanCanUndo(a *scenes.App) (bool, string) {
	l := s.m.lan
	if l.Host != nil {
		if err := l.HostCanUndo(l.Seat); err != nil {
			return false, undoWhy(a, err)
		}
		return true, ""
	}
	switch v := s.m.Table.View(l.Seat); {
	case v.Phase == saboteur.Over:
		return false, undoWhy(a, rules.ErrGameOver)
	case v.Phase != saboteur.Playing:
		return false, undoWhy(a, rules.Refuse("R8.1", "gold handed out"))
	case v.Moves == 0:
		return false, ""
	case v.LastMover != l.Seat: // as the host's table says (rules.CanUndo)
		return false, undoWhy(a, rules.ErrMovedSince)
	case v.DrawPile > 0:
		return false, undoWhy(a, rules.Refuse("R4.2", "a card was drawn"))
	}
	return true, ""
}

// lanUndo asks the LAN table to take this screen's last move back: the
// host takes it back at once and the board opens afresh; a guest's answer
// comes from the host (the undo notice, or a refusal shown by
// lanBoardUpdate).
func (s *boardScene) lanUndo(a *scenes.App) {
	l := s.m.lan
	if err := l.Undo(l.Seat); err != nil {
		s.reason, s.reasonT = undoWhy(a, err), 240
		return
	}
	if l.Host != nil {
		s.rewound(a)
	}
}

// rewind drops what the screen had queued after a move was taken back
// (game.Table.Undo hands every seat and watcher a Rewind delivery): the
// public stream and the seats' views start again from the table as it
// stands, and the log from the shortened record.
func (m *match) rewind() {
	m.fill() // a LAN guest's Rewind delivery brings the game's events again
	m.feed, m.later, m.rewound = nil, nil, false
	m.mine = map[int]saboteur.View{}
	m.shown = m.Table.View(-1)
	evs := m.rewoundEvents
	m.rewoundEvents = nil
	if m.Table.Record() == nil && evs != nil {
		// A LAN guest has no record: its log is the events it was sent,
		// without the move taken back.
		m.clearLog()
		for _, e := range evs {
			m.note(e)
		}
		return
	}
	m.rebuildLog(m.shown.Moves, m.shown.Round)
}

var _ scenes.Board = (*boardScene)(nil)

// Leave ends this screen's part in the game for the main menu (the
// in-game menu's "Back to the menu", scenes.Leaver): the table stops
// (its computer players with it); the autosave stays for Continue.
func (s *boardScene) Leave(a *scenes.App) { leave(a, s.m) }

// Leave is boardScene.Leave for the role reveal.
func (s *revealScene) Leave(a *scenes.App) { leave(a, s.m) }

// Leave is boardScene.Leave for the round's end.
func (s *roundEndScene) Leave(a *scenes.App) { leave(a, s.m) }

func leave(a *scenes.App, m *match) {
	m.Close()
	a.HandTo(-1)
	a.GoTo(scenes.NewMenuScene(a))
}
