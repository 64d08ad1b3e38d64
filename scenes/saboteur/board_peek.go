package saboteur

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// A map's reveal (R6.4, issue 26 item 1). When a person at this screen
// plays a map, the goal card it looked at turns over, face up, in the side
// panel over the log (where it hides nothing of the maze), and stays
// until its viewer clicks it or presses Space (Enter too at a shared
// screen, Esc always); the goal then keeps the viewer's private mark on
// the maze (drawMaze). At a
// shared screen the screen stays handed to the viewer while the goal is
// face up, and the table's next moves and the next player's curtain wait
// for it to be turned back; with one person at the screen the computer
// players go on meanwhile. A computer player's map shows nothing to
// anyone: only the card flying to the goal, as to every seat.

// peekShow is a map's reveal on screen.
type peekShow struct {
	on   bool
	seat int               // the viewer: the person who played the map
	goal int               // the goal looked at, 0 top to 2 bottom (saboteur.GoalCells)
	card saboteur.GoalCard // what lies there, as the viewer's view says
	t    int               // ticks since the map was played; the card turns over after peekFly
	step int               // the move number after the map's move: the decision its controls belong to
}

// peekFly is how long (ticks at speed 1) the map flies to its goal before
// the goal turns over; peekTurn is how long the turning takes.
const (
	peekFly  = 24
	peekTurn = 30
)

// startPeek opens the reveal of the map that seat played on goal, in the
// move whose view (after it) is after, when seat is the person this screen
// shows (never a computer player, nor a followed one with --autoplay).
func (s *boardScene) startPeek(a *scenes.App, seat, goal int, after *saboteur.View) {
	if seat != s.me || s.me < 0 || !s.m.isHuman(seat) || s.m.autoplay || after == nil {
		return
	}
	v, ok := s.m.viewOf(seat, after.Moves)
	if !ok || goal < 0 || goal >= len(v.Peeked) || v.Peeked[goal] == saboteur.NoGoal {
		return
	}
	s.peek = peekShow{on: true, seat: seat, goal: goal, card: v.Peeked[goal], step: after.Moves}
	if s.m.hotseat() {
		// The person who played it is still at the screen: the curtain
		// for the next waits until they turned the goal back.
		a.HandTo(seat)
	}
}

// closePeek turns the reveal back; at a shared screen the screen goes to
// nobody again (the next player's curtain follows).
func (s *boardScene) closePeek(a *scenes.App) {
	if !s.peek.on {
		return
	}
	s.peek.on = false
	if s.m.hotseat() && a.Holder() == s.peek.seat {
		a.HandTo(-1)
	}
}

// peekHolds reports whether the reveal holds the table's next moves on
// this screen: at a shared screen, while the goal is face up.
func (s *boardScene) peekHolds() bool { return s.peek.on && s.m.hotseat() }

// peekDecision is the decision the reveal's controls belong to: the
// viewer's, at the move after the map.
func (s *boardScene) peekDecision() scenes.Decision {
	return scenes.Decision{Step: s.peek.step, Seat: s.peek.seat}
}

// peekRect is where a map's reveal shows: in the side panel, over the top
// of the log.
func (s *boardScene) peekRect(a *scenes.App) scenes.Rect {
	l := s.L.log
	return scenes.R(l.X, l.Y, l.W, min(a.U(236), l.H))
}

// peekInput turns the reveal back on a click on it, Space or, at a
// shared screen, Enter (Esc is the board's, board_input.go); it reports
// whether the input was the reveal's.
func (s *boardScene) peekInput(a *scenes.App) bool {
	if !s.peek.on {
		return false
	}
	d := s.peekDecision()
	// Enter too while the table waits for the goal (at a shared screen);
	// with one person at the screen Enter stays the key that plays a card.
	enter := s.peekHolds() && (a.Gate.Key(a, ebiten.KeyEnter, d) || a.Gate.Key(a, ebiten.KeyKPEnter, d))
	if a.Tap("peek", s.peekRect(a), d) || a.Gate.Key(a, ebiten.KeySpace, d) || enter {
		s.closePeek(a)
		return true
	}
	return false
}

// peekTurned is how far the goal has turned over: 0 face down (the map
// still on its way), 1 face up.
func (s *boardScene) peekTurned(a *scenes.App) float64 {
	sp := scenes.Speed(a)
	t := float64(s.peek.t) - peekFly/sp
	return math.Min(math.Max(t/(peekTurn/sp), 0), 1)
}

// drawPeek shows the goal the viewer's map looked at turning over, then
// face up with what it is, to the viewer only (R6.4).
func (s *boardScene) drawPeek(a *scenes.App, dst *ebiten.Image) {
	pk := &s.peek
	if !pk.on || !a.Shows(pk.seat) {
		return
	}
	a.Private(pk.seat)
	r := s.peekRect(a)
	s.p.Round(dst, r, a.U(10), scenes.ColPanel, a.U(3), scenes.ColGold)
	// The goal on the maze wears a gold frame meanwhile: this is the one.
	s.p.Frame(dst, s.cellRect(a, saboteur.GoalCells[pk.goal]), a.U(3), scenes.ColGold)
	art := cardArt(a, int(a.U(76)))
	cy := r.Y + a.U(12) + float64(art.Height())/2
	f := s.peekTurned(a)
	// A card turning over: the back narrows to an edge, the face widens.
	if f < 0.5 {
		s.p.ImageCentered(dst, art.Card(saboteur.Card{Kind: saboteur.Goal}), r.Cx(), cy, math.Max(1-2*f, 0.02), 1, 0, 1)
		return
	}
	face := saboteur.Card{Kind: saboteur.Goal, Goal: pk.card, Open: pk.card.Open()}
	if f >= 1 {
		img := art.Card(face)
		s.p.Image(dst, img, r.Cx()-float64(art.Width())/2, cy-float64(art.Height())/2, 1, 1, 1)
	} else {
		s.p.ImageCentered(dst, art.Card(face), r.Cx(), cy, 2*f-1, 1, 0, 1)
		return
	}
	key := "scene.board.peek_coal"
	col := scenes.ColText
	if pk.card == saboteur.Gold {
		key, col = "scene.board.peek_gold", scenes.ColGold
	}
	ty := r.Y + a.U(22) + float64(art.Height())
	ty += scenes.DrawWrapped(a, dst, a.T(key, "goal", goalName(a, pk.goal)), a.U(15), r.Cx(), ty, r.W-a.U(16), scenes.AlignCenter, col)
	scenes.DrawWrapped(a, dst, a.T("scene.board.peek_close"), a.U(12), r.Cx(), ty+a.U(4), r.W-a.U(16), scenes.AlignCenter, scenes.ColTextDim)
}
