package saboteur

import (
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/scenes"
	"github.com/hajimehoshi/ebiten/v2"
)

// boardChat is the chat box on the board: at the bottom of the right
// column, under the log (the board's layout leaves it the room: chatH).
func lanBoardUpdate(l *scenes.LanLink, a *scenes.App, s *boardScene) bool {
	l.Poll()
	// Seats filled at the start (computer players) may be named by a
	// lobby message that came after the first update.
	l.Mu.Lock()
	renamed := false
	if len(l.Lobby.Seats) == len(s.m.names) {
		for i, st := range l.Lobby.Seats {
			if n := scenes.SeatName(a, st.Name); st.Name != "" && n != s.m.names[i] {
				s.m.names[i], renamed = n, true
			}
		}
	}
	l.Mu.Unlock()
	if renamed {
		s.refresh(a) // the panels and the status line show the names
	}
	// The host's notices (a computer player made a timed-out guest's move)
	// go to the board's log, in the reader's language.
	for _, n := range l.TakeNotices() {
		line := scenes.NoticeText(a, n, l.Seat, s.m.names)
		l.Say(line, s, s.ticks)
		s.m.noteLine(line)
	}
	if err := l.TakeUndoRefusal(); err != nil { // the host kept this guest's move
		s.reason, s.reasonT = undoWhy(a, err), 240
		l.Say(a.T("lan.undo.refused", "why", s.reason), s, s.ticks)
	}
	l.Box.Layout(a, lanBoardRect(l, a, s), true)
	return l.Box.Update(a, l, true)
}

// toastShown returns the notice line shown over board s's maze at its
// tick now, if any (a board of a later round shows none).
func lanToastShown(l *scenes.LanLink, s *boardScene, now int) (string, bool) {
	return l.Toast, l.Toast != "" && l.ToastOn == s && now < l.ToastEnd
}

func lanBoardRect(l *scenes.LanLink, a *scenes.App, s *boardScene) scenes.Rect {
	r := s.L.right
	return scenes.R(r.X+a.U(8), float64(a.H)-a.U(scenes.ChatH)-a.U(8), r.W-a.U(16), a.U(scenes.ChatH))
}

// drawBoard draws the chat box and, when the connection is down, a banner
// over the maze.
func lanDrawBoard(l *scenes.LanLink, a *scenes.App, s *boardScene, dst *ebiten.Image) {
	a.FlushText()
	l.Box.Layout(a, lanBoardRect(l, a, s), true)
	l.Box.Draw(a, &s.p, dst, l, s.ticks)
	// Guests whose connection is down: marked on their panels (a
	// computer player stands in after the grace period).
	l.Mu.Lock()
	for i, st := range l.Lobby.Seats {
		if st.Kind != lan.SeatGuest || st.Connected || i >= len(s.L.panels) {
			continue
		}
		key := "lan.board.away"
		if st.StandIn {
			key = "lan.board.stand_in"
		}
		pr := s.L.panels[i]
		x, al := pr.X+pr.W-a.U(8), scenes.AlignEnd
		if a.RTL() {
			x, al = pr.X+a.U(8), scenes.AlignStart
		}
		scenes.DrawText(a, dst, a.T(key), a.U(12), x, pr.Y+a.U(12), al, scenes.ColBad)
	}
	l.Mu.Unlock()
	_, dropped, _, ended := l.State()
	msg := ""
	switch {
	case ended != nil && ended != scenes.ErrLANClosed:
		msg = a.T("lan.board.host_gone")
	case dropped:
		msg = a.T("lan.board.reconnecting")
	}
	m := s.L.maze
	r := scenes.R(m.X+a.U(20), m.Y+a.U(12), m.W-a.U(40), a.U(36))
	if msg != "" {
		a.FlushText()
		s.p.Round(dst, r, a.U(8), scenes.ColBad, 0, scenes.ColBad)
		scenes.DrawText(a, dst, msg, a.U(16), r.Cx(), r.Cy(), scenes.AlignCenter, scenes.ColText)
		r.Y += r.H + a.U(8)
	}
	// The host's last notice (a computer player made someone's timed-out
	// move), for a few seconds, so that nobody misses it in the log.
	if line, ok := lanToastShown(l, s, s.ticks); ok {
		a.FlushText()
		s.p.Round(dst, r, a.U(8), scenes.ColPanel, a.U(2), scenes.ColGold)
		if w := r.W - a.U(24); l.ToastFit == "" || l.ToastW != w {
			l.ToastFit, l.ToastW = scenes.Fit(a, line, a.U(15), w), w // once per notice and width, not per frame
		}
		scenes.DrawText(a, dst, l.ToastFit, a.U(15), r.Cx(), r.Cy(), scenes.AlignCenter, scenes.ColText)
	}
}
