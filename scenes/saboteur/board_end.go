package saboteur

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// A round's end is never shown unseen: when the last move lands, the board
// stays on the whole maze (the winning tunnel, the goals, each seat's last
// play) with a banner saying who won, until the player clicks or presses
// Enter (--autoplay goes on by itself). A map's reveal (R6.4) sits in the
// side panel, over the log, where it hides nothing of the maze
// (board_peek.go).

// endUpdate runs the board while the round is over: the banner waits for
// the player once the last motion has settled.
func (s *boardScene) endUpdate(a *scenes.App) {
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
	go_ := s.m.autoplay && s.endWait > int(60/scenes.Speed(a))
	s.endWait++
	// Nobody's decision: the table's, at the round's last move.
	d := scenes.Decision{Step: s.view.Moves, Seat: -1}
	if go_ || b.Fire(a, "roundover", d) || a.Tap("roundover.maze", s.L.maze, d) ||
		a.Gate.Key(a, ebiten.KeyEnter, d) || a.Gate.Key(a, ebiten.KeyKPEnter, d) || a.Gate.Key(a, ebiten.KeySpace, d) {
		a.GoTo(newRoundEndScene(a, s.m, *s.ended, s.view, s.tiles))
	}
}

// endButton is the banner's button to the round's end.
func (s *boardScene) endButton(a *scenes.App) scenes.Button {
	r := s.endBanner(a)
	return scenes.Button{R: scenes.R(r.Cx()-a.U(150), r.Y+r.H-a.U(50), a.U(300), a.U(40)), Enabled: true, Primary: true,
		Label: a.T("scene.board.round_over_next")}
}

// endBanner is the banner's box, over the hand's place under the maze,
// where it hides nothing of the maze.
func (s *boardScene) endBanner(a *scenes.App) scenes.Rect {
	ha := s.L.handArea
	w := min(ha.W-a.U(20), a.U(520))
	return scenes.R(ha.Cx()-w/2, ha.Y+a.U(14), w, min(a.U(110), ha.H-a.U(20)))
}

// drawEnd draws the round-over banner once the last motion has settled.
func (s *boardScene) drawEnd(a *scenes.App, dst *ebiten.Image) {
	if s.ended == nil || len(s.anims) > 0 || s.endHold > 0 {
		return
	}
	r := s.endBanner(a)
	s.p.Round(dst, r, a.U(10), scenes.ColPanel, a.U(2), scenes.ColGold)
	title := a.T("team.win.nobody")
	switch s.ended.Winner {
	case saboteur.Diggers:
		title = a.T("team.win.gold_diggers")
	case saboteur.Saboteurs:
		title = a.T("team.win.saboteurs")
	}
	scenes.DrawText(a, dst, scenes.Fit(a, title, a.U(22), r.W-a.U(20)), a.U(22), r.Cx(), r.Y+a.U(24), scenes.AlignCenter, scenes.ColGold)
	b := s.endButton(a)
	scenes.DrawButton(a, &s.p, dst, &b)
}
