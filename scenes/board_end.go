package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// A round's end is never shown unseen: when the last move lands, the board
// stays on the whole maze (the winning tunnel, the goals, each seat's last
// play) with a banner saying who won, until the player clicks or presses
// Enter (--autoplay goes on by itself). A map's peek (R6.4) sits in the
// side panel, over the log, where it hides nothing of the maze, and goes
// with a click on it or Space.

// endUpdate runs the board while the round is over: the banner waits for
// the player once the last motion has settled.
func (s *boardScene) endUpdate(a *App) {
	s.peekT = 0
	if s.endHold > 0 {
		s.endHold--
	}
	if len(s.anims) > 0 || s.endHold > 0 {
		return
	}
	if !s.endShown {
		// The whole maze, once: the tunnel that ended the round in view.
		s.endShown, s.zoomed = true, false
		s.fitZoom(a)
		s.texts.status, s.texts.hint = "", "" // nobody is on turn any more
	}
	b := s.endButton(a)
	go_ := s.m.autoplay && s.endWait > int(60/speed(a))
	s.endWait++
	if go_ || b.clicked(a) || a.Key(ebiten.KeyEnter) || a.Key(ebiten.KeyKPEnter) || a.Key(ebiten.KeySpace) ||
		a.ptr.released && s.L.maze.in(a.ptr.x, a.ptr.y) {
		a.GoTo(newRoundEndScene(a, s.m, *s.ended, s.view, s.tiles))
	}
}

// endButton is the banner's button to the round's end.
func (s *boardScene) endButton(a *App) button {
	r := s.endBanner(a)
	return button{r: rect{r.cx() - a.U(150), r.y + r.h - a.U(50), a.U(300), a.U(40)}, enabled: true, primary: true,
		label: a.T("scene.board.round_over_next")}
}

// endBanner is the banner's box, over the hand's place under the maze,
// where it hides nothing of the maze.
func (s *boardScene) endBanner(a *App) rect {
	ha := s.L.handArea
	w := min(ha.w-a.U(20), a.U(520))
	return rect{ha.cx() - w/2, ha.y + a.U(14), w, min(a.U(110), ha.h-a.U(20))}
}

// drawEnd draws the round-over banner once the last motion has settled.
func (s *boardScene) drawEnd(a *App, dst *ebiten.Image) {
	if s.ended == nil || len(s.anims) > 0 || s.endHold > 0 {
		return
	}
	r := s.endBanner(a)
	s.p.round(dst, r, a.U(10), colPanel, a.U(2), colGold)
	title := a.T("team.win.nobody")
	switch s.ended.Winner {
	case saboteur.Diggers:
		title = a.T("team.win.gold_diggers")
	case saboteur.Saboteurs:
		title = a.T("team.win.saboteurs")
	}
	drawText(a, dst, fit(a, title, a.U(22), r.w-a.U(20)), a.U(22), r.cx(), r.y+a.U(24), alignCenter, colGold)
	b := s.endButton(a)
	drawButton(a, &s.p, dst, &b)
}

// peekRect is where a map's peek shows: in the side panel, over the top
// of the log.
func (s *boardScene) peekRect(a *App) rect {
	l := s.L.log
	return rect{l.x, l.y, l.w, min(a.U(200), l.h)}
}

// peekInput closes the peek on a click on it or Space (Esc stays the way
// to the menu); it reports whether the input was the peek's.
func (s *boardScene) peekInput(a *App) bool {
	if s.peekT <= 0 {
		return false
	}
	if a.Clicked(s.peekRect(a)) || a.Key(ebiten.KeySpace) {
		s.peekT = 0
		return true
	}
	return false
}
