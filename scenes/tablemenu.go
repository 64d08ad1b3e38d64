package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"
)

// tableMenu is the in-game menu over a Board (the menu button or Esc
// opens it): Resume, Undo (when the board's CanUndo says yes; else why
// not), Rules, Settings and Back to the menu. Esc or the menu button
// resume; Rules and Settings come back here, and from here to the board.
type tableMenu struct {
	p       Painter
	under   Board
	buttons [tableMenuItems]Button
	why     string // why Undo is greyed
	focus   int
}

// The in-game menu's items, in order.
const (
	tmResume = iota
	tmUndo
	tmRules
	tmSettings
	tmLeave
	tableMenuItems
)

var tableMenuIDs = [tableMenuItems]string{"menu.resume", "menu.undo", "menu.rules", "menu.settings", "menu.leave"}

func newTableMenu(a *App, b Board) *tableMenu { return &tableMenu{under: b, focus: -1} }

func (s *tableMenu) Name() string { return "table-menu" }

// panel is the menu's box: centred, the items stacked, Undo's reason under
// it.
func (s *tableMenu) layout(a *App) Rect {
	w, h := float64(a.W), float64(a.H)
	bw, bh, gap := a.U(380), a.U(50), a.U(12)
	n := float64(tableMenuItems)
	ph := a.U(80) + n*bh + (n-1)*gap + a.U(34) + a.U(24)
	panel := Rect{(w - bw - a.U(60)) / 2, (h - ph) / 2, bw + a.U(60), ph}
	y := panel.Y + a.U(80)
	ok, why := s.under.CanUndo(a)
	labels := [tableMenuItems]string{a.T("scene.table_menu.resume"), a.T("scene.table_menu.undo"),
		a.T("scene.menu.rules"), a.T("scene.menu.settings"), a.T("scene.table_menu.leave")}
	for i := range s.buttons {
		s.buttons[i] = Button{R: Rect{panel.X + a.U(30), y, bw, bh}, Label: labels[i], Enabled: true,
			Primary: i == tmResume, Focus: i == s.focus}
		y += bh + gap
		if i == tmUndo {
			y += a.U(34) // room for the reason Undo is greyed
		}
	}
	s.buttons[tmUndo].Enabled = ok
	s.why = ""
	if !ok {
		s.why = why
		if s.why == "" {
			s.why = a.T("scene.table_menu.no_undo")
		}
	}
	if a.Game().HelpPages(a) == nil {
		s.buttons[tmRules].Enabled = false
	}
	return panel
}

func (s *tableMenu) Update(a *App) error {
	if l, ok := s.under.(LiveUnderMenu); ok && l.LiveUnderMenu() {
		a.Gate.muted = true
		err := s.under.Update(a)
		a.Gate.muted = false
		if err != nil {
			return err
		}
	}
	s.layout(a)
	a.Gate.showTop(menuButtonID, MenuButtonRect(a), ShellDecision)
	if a.Gate.Fired(a, menuButtonID) || a.Key(ebiten.KeyEscape) {
		s.resume(a)
		return nil
	}
	switch {
	case a.Key(ebiten.KeyArrowDown) || a.Key(ebiten.KeyTab):
		s.move(1)
	case a.Key(ebiten.KeyArrowUp):
		s.move(-1)
	}
	for i := range s.buttons {
		b := &s.buttons[i]
		enter := i == s.focus && (a.Gate.Key(a, ebiten.KeyEnter, tableMenuDecision) || a.Gate.Key(a, ebiten.KeySpace, tableMenuDecision))
		if b.Fire(a, tableMenuIDs[i], tableMenuDecision) || enter && b.Enabled {
			s.choose(a, i)
			return nil
		}
	}
	return nil
}

// move moves the keyboard focus by d over the enabled items.
func (s *tableMenu) move(d int) {
	for k := 0; k < tableMenuItems; k++ {
		s.focus = (s.focus + d + tableMenuItems) % tableMenuItems
		if s.focus < 0 {
			s.focus = 0
		}
		if s.buttons[s.focus].Enabled {
			return
		}
	}
}

func (s *tableMenu) resume(a *App) {
	if r, ok := s.under.(Retuner); ok {
		r.Retune(a)
	}
	a.Cur = s.under
	a.ShotWait = 0
}

func (s *tableMenu) choose(a *App, i int) {
	switch i {
	case tmResume:
		s.resume(a)
	case tmUndo:
		if ok, _ := s.under.CanUndo(a); ok {
			s.under.Undo(a)
		}
		// The board may have gone to a screen of its own (the position
		// before the move, opened anew): then that one shows.
		if a.Cur == Scene(s) && a.next == nil {
			s.resume(a)
		}
	case tmRules:
		a.GoTo(NewHelpScene(a, s))
	case tmSettings:
		a.GoTo(NewSettingsScene(a, s))
	case tmLeave:
		if l, ok := s.under.(Leaver); ok {
			l.Leave(a)
			return
		}
		a.GoTo(NewMenuScene(a))
	}
}

func (s *tableMenu) Draw(a *App, dst *ebiten.Image) {
	s.under.Draw(a, dst)
	w, h := float64(a.W), float64(a.H)
	s.p.Fill(dst, Rect{0, 0, w, h}, ColShade)
	panel := s.layout(a)
	s.p.Round(dst, panel, a.U(12), ColPanel, a.U(2), ColEdge)
	DrawText(a, dst, a.T("scene.table_menu.title"), a.U(28), panel.Cx(), panel.Y+a.U(42), AlignCenter, ColGold)
	for i := range s.buttons {
		DrawButton(a, &s.p, dst, &s.buttons[i])
	}
	if s.why != "" {
		u := s.buttons[tmUndo].R
		size := FitSize(a, s.why, a.U(14), u.W)
		DrawText(a, dst, Fit(a, s.why, size, u.W+a.U(20)), size, u.Cx(), u.Y+u.H+a.U(17), AlignCenter, ColTextDim)
	}
	drawMenuButton(a, &s.p, dst, true)
}
