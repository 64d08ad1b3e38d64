package incangold

import (
	"errors"

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
	t, ok := s.m.table.(igUndoTable)
	if !ok || s.lastHuman < 0 || s.m.autoplay || s.m.lan != nil {
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
// explorer chooses again (behind the curtain at a shared screen).
func (s *igBoardScene) Undo(a *scenes.App) {
	t, ok := s.m.table.(igUndoTable)
	if !ok || s.lastHuman < 0 {
		return
	}
	s.m.table.Take() // what the screen has not shown yet is history now
	if err := t.Undo(s.lastHuman); err != nil {
		return
	}
	m := s.m
	m.rebuild(a, m.table.Take()) // the Rewind delivery: the whole game again
	*s = *newIGBoardScene(a, m)
	s.handTo(a)
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
