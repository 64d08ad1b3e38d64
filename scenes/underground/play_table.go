package underground

import (
	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/scenes"
)

// The play screen as a shell Board (docs/DESIGN.md "Table discipline"):
// the menu button and Esc open the in-game menu (Resume, Undo, Rules,
// Settings, Back to the menu); Esc closes an open question first.

// Covered reports that a question (ask.go) or a LAN table's chat box is
// open: Esc closes it instead of opening the in-game menu.
func (s *ugPlayScene) Covered() bool { return s.ask != nil || s.chat }

// ugUndoer is a table that can take a move back (game.Table; a LAN
// guest's table cannot: the host decides).
type ugUndoer interface {
	CanUndo(seat int) error
	Undo(seat int) error
}

// CanUndo reports whether the last move made at this screen may be taken
// back (rules/underground undo.go says which moves qualify, with their
// rule numbers; another seat's move since, a die rolled or a marker drawn
// forbid it), and why not.
func (s *ugPlayScene) CanUndo(a *scenes.App) (bool, string) {
	if s.m.lan != nil {
		return s.lanCanUndo(a)
	}
	t, ok := s.m.table.(ugUndoer)
	if !ok || s.undoer < 0 {
		return false, ""
	}
	if err := t.CanUndo(s.undoer); err != nil {
		return false, a.T("ug.undo.cannot", "why", err.Error())
	}
	return true, ""
}

// Undo takes the last move made at this screen back and opens the board
// anew on the position before it: the table replays the record without
// the move, and the screen follows the whole game again from a new
// watcher (log, coins, chart).
func (s *ugPlayScene) Undo(a *scenes.App) {
	if s.m.lan != nil {
		s.lanUndo(a)
		return
	}
	t, ok := s.m.table.(ugUndoer)
	if !ok || s.undoer < 0 {
		return
	}
	seat := s.undoer
	if err := t.Undo(seat); err != nil {
		s.refuse(a, a.T("ug.undo.cannot", "why", err.Error()))
		return
	}
	defer func() { // the log says so, after the rebuilt game
		s.m.st.log.Add(scenes.LogLine{Text: scenes.UndoNotice(a, s.m.name(seat), s.m.you() == seat), Color: scenes.ColTextDim, Ref: -1})
	}()
	if rec := s.m.table.Record(); rec != nil {
		s.m.tutor.undone(len(rec.Moves)) // a lesson taken back is to do again
	}
	if gt, ok := s.m.table.(*game.Table); ok {
		if err := s.m.attach(gt); err != nil {
			s.refuse(a, a.T("scene.error", "error", err.Error()))
			return
		}
		s.m.feed, s.m.steps = nil, nil
		s.m.skipBacklog(a)
	}
	ns := newUGPlayScene(a, s.m)
	ns.viewer = s.viewer
	if s.m.hotseat() && s.viewer >= 0 {
		a.HandTo(s.viewer) // the same human takes the move back, at the same screen
	}
	a.Cur = ns
}

// rewound opens the board afresh after a move was taken back at another
// screen of a LAN table, or by this screen's host (ugMatch.rewound): the
// state follows the whole game again without motion, and the screen
// stays with the seat it showed.
func (s *ugPlayScene) rewound(a *scenes.App) {
	s.m.rewound, s.m.steps = false, nil
	s.m.skipBacklog(a)
	ns := newUGPlayScene(a, s.m)
	ns.viewer = s.viewer
	*s = *ns // in place: the in-game menu over a LAN board gives this one back
}

// lanCanUndo is CanUndo at a LAN table (issue 22): the host's screen asks
// its table for the host's own seat; a guest's offers it after a move
// made at this screen, and the host answers (a refusal with its reason:
// another seat moved since, a die rolled, a marker drawn).
func (s *ugPlayScene) lanCanUndo(a *scenes.App) (bool, string) {
	l := s.m.lan
	if l.Host != nil {
		if err := l.HostCanUndo(l.Seat); err != nil {
			return false, a.T("ug.undo.cannot", "why", err.Error())
		}
		return true, ""
	}
	if s.undoer != l.Seat || s.m.st.over != nil {
		return false, ""
	}
	return true, ""
}

// lanUndo asks the LAN table to take this screen's last move back: the
// host takes it back at once (its stream brings the rewind); a guest's
// answer comes from the host (the undo notice, or a refusal shown by
// ugBoardChat).
func (s *ugPlayScene) lanUndo(a *scenes.App) {
	l := s.m.lan
	if err := l.Undo(l.Seat); err != nil {
		s.refuse(a, a.T("ug.undo.cannot", "why", err.Error()))
		return
	}
	if s.m.fill(); s.m.rewound {
		s.rewound(a)
	}
}

// Leave ends the table's work (the computer players, a LAN table's link)
// and goes to the menu: the in-game menu's "Back to the menu". The
// autosave stays for Continue.
func (s *ugPlayScene) Leave(a *scenes.App) {
	s.m.close()
	a.GoTo(scenes.NewMenuScene(a))
}

// LiveUnderMenu: a LAN table keeps running under the in-game menu (the
// others do not stop); a table at one screen stands still.
func (s *ugPlayScene) LiveUnderMenu() bool { return s.m.lan != nil }
