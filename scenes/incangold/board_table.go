package incangold

import (
	"errors"

	"github.com/goldvein/goldvein/rules/incangold"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/scenes"
)

// The Incan Gold board's side of the shell's table discipline (issue 22,
// docs/DESIGN.md "Table discipline"; docs/INCAN_GOLD.md "At one screen"):
// the torch and camp cards are controls of one decision (the choice step,
// I3.3, and the explorer choosing); the screen is handed to one explorer
// at a time, and their tent total is drawn as theirs; a hotseat hand-over
// is the shell's Curtain, over the public table, and it comes down only
// once the last reveal has played out whole; the menu button, Esc and
// Undo (of a sealed choice, I3.4) are the shell's.

// decision is the choice the torch and camp cards are for.
func (s *igBoardScene) decision() scenes.Decision {
	return scenes.Decision{Step: s.step, Seat: s.chooser}
}

// cover brings the curtain down before seat's choice: the screen goes to
// nobody, the table stays in view.
func (s *igBoardScene) cover(a *scenes.App, seat int) {
	s.curtain = true
	s.veil.Note = a.T("ig.curtain.others")
	s.veil.Art = drawIGCurtainArt
	s.veil.Label = a.T("ig.curtain.show", "name", s.m.name(seat))
	s.veil.Cover(a, seat, s.step, s.m.name(seat))
}

// drawIGCurtainArt is Incan Gold's picture on the curtain: the torch, a
// card back and the camp.
func drawIGCurtainArt(a *scenes.App, p *scenes.Painter, dst *ebiten.Image, cx, cy, h float64) {
	art := igArt(a, int(h/1.5))
	for i, img := range []*ebiten.Image{art.Torch(), art.Back(), art.Camp()} {
		p.ImageCentered(dst, img, cx+float64(i-1)*h*0.45, cy, 1, 1, float64(i-1)*0.15, 1)
	}
}

// handTo hands the screen over as the board opens: to the one human at
// the screen (with --autoplay, to the first seat, whose tent shows); in
// hotseat to nobody until a curtain is lifted.
func (s *igBoardScene) handTo(a *scenes.App) {
	switch {
	case s.m.autoplay:
		a.HandTo(0)
	case len(s.m.humans) == 1:
		a.HandTo(s.m.humans[0])
	default:
		a.HandTo(-1)
	}
}

// Covered reports the LAN chat's line typing: Esc closes it
// (scenes.Board).
func (s *igBoardScene) Covered() bool { return s.m.lan != nil && s.m.lan.Box.Typing() }

// igUndoTable is a table that takes a sealed choice back (igGameTable).
type igUndoTable interface {
	CanUndo(seat int) error
	Undo(seat int) error
}

// CanUndo reports whether the choice last sealed at this screen may be
// taken back (scenes.Board): while its step is open and nobody else has
// sealed since (rules/incangold Undoable, I3.4).
func (s *igBoardScene) CanUndo(a *scenes.App) (bool, string) {
	if s.m.lan != nil {
		return s.lanCanUndo(a)
	}
	t, ok := s.m.table.(igUndoTable)
	if !ok || s.lastHuman < 0 || s.m.autoplay {
		return false, ""
	}
	if err := t.CanUndo(s.lastHuman); err != nil {
		return false, igUndoWhy(a, err)
	}
	return true, ""
}

// igUndoWhy says in the player's language why a choice stays.
func igUndoWhy(a *scenes.App, err error) string {
	switch {
	case errors.Is(err, rules.ErrMovedSince):
		return a.T("ig.undo.moved_since")
	case errors.Is(err, rules.ErrGameOver):
		return "I8.5 · " + a.T("ig.undo.I8.5")
	}
	if r := rules.RuleOf(err); r != "" {
		if key := "ig.undo." + r; a.Cat.Has(key) {
			return r + " · " + a.T(key)
		}
	}
	return a.T("scene.table_menu.no_undo")
}

// Undo takes the choice back (scenes.Board): the table replays its record
// without it, the screen's table is rebuilt from the stream, and the
// explorer chooses again (behind the curtain at a shared screen). At a
// LAN table the host takes it back (lanUndo).
func (s *igBoardScene) Undo(a *scenes.App) {
	if s.m.lan != nil {
		s.lanUndo(a)
		return
	}
	t, ok := s.m.table.(igUndoTable)
	if !ok || s.lastHuman < 0 {
		return
	}
	seat := s.lastHuman
	if err := t.Undo(seat); err != nil {
		return
	}
	if s.m.takeFeed(); s.m.rewind != nil { // the Rewind delivery: the whole game again
		s.rewound(a)
	}
	// The log says so (after the rebuilt game).
	s.m.log.Add(scenes.LogLine{Text: scenes.UndoNotice(a, s.m.name(seat), s.m.me() == seat), Color: scenes.ColTextDim, Ref: -1})
}

// rewound starts the board afresh after a move was taken back, here or
// at another screen of a LAN table (igItem.rewind): the table and the log
// are rebuilt from the whole game's events, what came after the undo
// follows as usual, and the explorer who took the choice back chooses
// again.
func (s *igBoardScene) rewound(a *scenes.App) {
	m := s.m
	it := m.rewind
	m.rewind = nil
	after := m.feed
	m.rebuild(a, it.history)
	m.feed = after
	*s = *newIGBoardScene(a, m)
}

// lanCanUndo is CanUndo at a LAN table (issue 22): the host's screen asks
// its table for the host's own seat; a guest's may take back only its
// own sealed choice of the step still open (I3.4), and the host answers
// the rest (another explorer sealed since: a refusal with its reason).
func (s *igBoardScene) lanCanUndo(a *scenes.App) (bool, string) {
	l := s.m.lan
	if l.Host != nil {
		if err := l.HostCanUndo(l.Seat); err != nil {
			return false, igUndoWhy(a, err)
		}
		return true, ""
	}
	switch v := s.m.table.View(l.Seat); {
	case v.Over:
		return false, igUndoWhy(a, rules.ErrGameOver)
	case v.Choice == incangold.NoChoice:
		return false, a.T("scene.table_menu.no_undo")
	}
	return true, ""
}

// lanUndo asks the LAN table to take this screen's choice back: the host
// takes it back at once and its stream brings the rewind; a guest's
// answer comes from the host (the undo notice, or a refusal shown by
// igBoardUpdate).
func (s *igBoardScene) lanUndo(a *scenes.App) {
	l := s.m.lan
	if err := l.Undo(l.Seat); err != nil {
		l.Say(a.T("lan.undo.refused", "why", igUndoWhy(a, err)), s, s.t)
		return
	}
	if s.m.takeFeed(); s.m.rewind != nil {
		s.rewound(a)
	}
}

// Leave ends the table for the main menu (the in-game menu's "Back to
// the menu", scenes.Leaver); the autosave stays for Continue.
func (s *igBoardScene) Leave(a *scenes.App) {
	s.m.table.Close()
	a.HandTo(-1)
	a.GoTo(scenes.NewMenuScene(a))
}

// CanUndo is the game.Table's (a sealed choice, I3.4).
func (g *igGameTable) CanUndo(seat int) error { return g.t.CanUndo(seat) }

// Undo is the game.Table's.
func (g *igGameTable) Undo(seat int) error { return g.t.Undo(seat) }

var _ scenes.Board = (*igBoardScene)(nil)
