package saboteur

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

func (s *boardScene) input(a *scenes.App) {
	p := &a.Ptr
	// Zoom: wheel over the maze, or + and -.
	if p.WheelY != 0 && s.L.maze.In(p.X, p.Y) {
		s.zoomBy(a, int(math.Copysign(1, p.WheelY)), float64(p.X), float64(p.Y))
	}
	if a.Key(ebiten.KeyEqual) || a.Key(ebiten.KeyKPAdd) {
		s.zoomBy(a, 1, s.L.maze.Cx(), s.L.maze.Cy())
	}
	if a.Key(ebiten.KeyMinus) || a.Key(ebiten.KeyKPSubtract) {
		s.zoomBy(a, -1, s.L.maze.Cx(), s.L.maze.Cy())
	}
	if a.Key(ebiten.KeyHome) {
		s.zoomed = false
		s.fitZoom(a)
	}
	// Esc comes here only while something is open over the table
	// (Covered); else it opens the shell's in-game menu.
	if a.Key(ebiten.KeyEscape) {
		switch {
		case s.chooser.on:
			s.chooser.on = false
		case s.peek.on:
			s.closePeek(a)
		case s.sel >= 0:
			s.sel, s.tsel = -1, -1
			s.refresh(a)
		}
	}
	s.showControls(a)
	if s.chooser.on {
		s.chooserInput(a)
		return
	}
	// Turning: right click, the wheel button or R turns the dragged, the
	// hovered or the selected card 180 degrees (R3.3).
	if p.Right || p.Middle || a.Key(ebiten.KeyR) {
		if i := s.turnable(a); i >= 0 && s.hand[i].card.Kind == saboteur.Path {
			s.hand[i].turned = !s.hand[i].turned
			s.computeTargets()
		}
	}
	s.explainUpdate(a)
	if a.Ptr.Pressed {
		s.keyPicked = false
	}
	if s.peekInput(a) {
		return
	}
	s.logInput(a)
	s.pointerInput(a)
	s.keyInput(a)
}

// turnable is the hand card R or a right click turns.
func (s *boardScene) turnable(a *scenes.App) int {
	if s.drag.on {
		return s.drag.idx
	}
	for i := range s.hand {
		if a.Hover(s.hand[i].r) {
			return i
		}
	}
	return s.sel
}

func (s *boardScene) zoomBy(a *scenes.App, d int, fx, fy float64) {
	s.zoomed = true
	z := min(max(s.zoom+d, 0), len(zoomSteps)-1)
	if z == s.zoom {
		return
	}
	// Keep the maze point under (fx, fy) where it is.
	cw, ch := s.cellSize(a)
	mx := (fx-s.L.maze.Cx())/cw + s.camX
	my := (fy-s.L.maze.Cy())/ch + s.camY
	s.zoom = z
	cw, ch = s.cellSize(a)
	s.camX = mx - (fx-s.L.maze.Cx())/cw
	s.camY = my - (fy-s.L.maze.Cy())/ch
}

func (s *boardScene) pointerInput(a *scenes.App) {
	p := &a.Ptr
	fx, fy := float64(p.X), float64(p.Y)
	if p.Pressed {
		switch i := s.grabbed(a); {
		case i >= 0:
			r := s.hand[i].r
			s.drag = dragState{on: true, idx: i, grabX: fx - r.X, grabY: fy - r.Y, x: r.X, y: r.Y}
		case s.L.maze.In(p.X, p.Y):
			s.panning, s.panX, s.panY = true, p.X, p.Y
		}
	}
	if s.drag.on && (s.drag.idx >= len(s.hand) || !a.Gate.Grabbed(a, handID(s.drag.idx))) {
		// The card's control went (the turn left, the hand changed): the
		// stroke acts on nothing and the card goes home.
		if s.drag.started {
			s.flyBack(a, s.drag.idx, s.drag.x, s.drag.y)
		}
		s.drag.on = false
	}
	if s.drag.on {
		d := &s.drag
		d.x, d.y = fx-d.grabX, fy-d.grabY
		if !d.started && math.Hypot(float64(p.X-p.StartX), float64(p.Y-p.StartY)) > a.U(scenes.DragThreshold) {
			d.started = true
			if s.sel != d.idx {
				s.sel, s.tsel = d.idx, -1
				s.computeTargets()
				s.refresh(a)
			}
		}
		if p.Released {
			d.on = false
			if !d.started {
				s.clickCard(a, d.idx)
				return
			}
			s.drop(a, d.idx, fx, fy, d.x, d.y)
		}
		return
	}
	if s.panning {
		if p.X != s.panX || p.Y != s.panY {
			s.zoomed = true
		}
		cw, ch := s.cellSize(a)
		s.camX -= float64(p.X-s.panX) / cw
		s.camY -= float64(p.Y-s.panY) / ch
		s.panX, s.panY = p.X, p.Y
		if p.Released {
			s.panning = false
			// A click (no travel) on a lit target plays the selected card
			// there, when the maze was armed for this move.
			if math.Hypot(float64(p.X-p.StartX), float64(p.Y-p.StartY)) < a.U(scenes.DragThreshold) && a.Gate.Fired(a, "maze") {
				s.clickMaze(a, fx, fy)
			}
		}
		return
	}
	if s.sel >= 0 && s.armed(a) {
		for i := range s.L.panels {
			if a.Gate.Fired(a, seatID(i)) {
				s.playOnSeat(a, s.sel, i, -1, -1)
				return
			}
		}
		if a.Gate.Fired(a, "discard") {
			s.discard(a, s.sel, -1, -1)
		}
	}
}

// The ids of the board's controls (scenes.Gate): a hand card, a seat's
// panel.
var handIDs, seatIDs [16]string

func init() {
	for i := range handIDs {
		handIDs[i] = fmt.Sprintf("hand%d", i)
		seatIDs[i] = fmt.Sprintf("seat%d", i)
	}
}

func handID(i int) string {
	if i >= 0 && i < len(handIDs) {
		return handIDs[i]
	}
	return fmt.Sprintf("hand%d", i)
}

func seatID(i int) string { return seatIDs[i%len(seatIDs)] }

// showControls registers this tick's controls of the move with the gate
// (scenes.Gate.Show): only while the board is armed for the human on turn
// (board_table.go). The maze is one control (a click inside plays on the
// lit cell under it); a hand card's place is its resting place with room
// for its lift, so hovering never moves it; the panels and the discard
// pile take a picked card.
func (s *boardScene) showControls(a *scenes.App) {
	if !s.armed(a) || s.m.autoplay {
		return
	}
	d := s.decision()
	if s.sel >= 0 {
		a.Gate.Show("maze", s.L.maze, d)
		for i, r := range s.L.panels {
			a.Gate.Show(seatID(i), r, d)
		}
		a.Gate.Show("discard", s.L.discard, d)
	}
	for i := range s.hand {
		a.Gate.Show(handID(i), s.handRest(a, i), d)
	}
}

// handRest is hand card i's place as a control: where it rests, with the
// lift above it.
func (s *boardScene) handRest(a *scenes.App, i int) scenes.Rect {
	r := s.hand[i].r
	top := s.L.handArea.Y + a.U(26)
	return scenes.R(r.X, top, r.W, r.H+a.U(8))
}

// grabbed is the hand card a stroke beginning now grabs through the gate,
// or -1.
func (s *boardScene) grabbed(a *scenes.App) int {
	for i := len(s.hand) - 1; i >= 0; i-- {
		if a.Gate.Grabbed(a, handID(i)) {
			return i
		}
	}
	return -1
}

// handAt is the hand card under (x, y), the topmost first.
func (s *boardScene) handAt(x, y int) int {
	for i := len(s.hand) - 1; i >= 0; i-- {
		if s.hand[i].r.In(x, y) {
			return i
		}
	}
	return -1
}

// clickCard selects (or deselects) a hand card.
func (s *boardScene) clickCard(a *scenes.App, i int) {
	if s.sel == i {
		s.sel, s.tsel = -1, -1
	} else {
		s.sel, s.tsel = i, -1
	}
	s.computeTargets()
	s.refresh(a)
}

// clickMaze plays the selected card on the clicked cell, if it is a target.
func (s *boardScene) clickMaze(a *scenes.App, fx, fy float64) {
	if s.sel < 0 || !s.myTurn() {
		return
	}
	c := s.cellAt(a, fx, fy)
	for _, t := range s.targets {
		if !t.isSeat && t.cell == c {
			s.play(a, s.sel, s.moveFor(s.sel, t), -1, -1)
			return
		}
	}
	if s.hand[s.sel].card.Kind == saboteur.Path {
		s.refuse(a, s.mine.CanPlace(s.hand[s.sel].placed(), c), -1, -1, -1)
	}
}

// drop ends a drag of hand card idx released at (fx, fy), the card's
// top-left at (cx, cy): on the discard pile it passes; a path card snaps to
// the nearest legal cell; action cards go on a player, a maze card or a
// goal; anything else flies back, with the rule's reason when there is one.
func (s *boardScene) drop(a *scenes.App, idx int, fx, fy, cx, cy float64) {
	if !s.myTurn() {
		s.flyBack(a, idx, cx, cy)
		if s.view.Turn != s.me {
			s.reason, s.reasonT = a.T("rule.R4.3"), 120
		}
		return
	}
	if s.L.discard.In(int(fx), int(fy)) {
		s.discard(a, idx, cx, cy)
		return
	}
	c := s.hand[idx].placed()
	switch c.Kind {
	case saboteur.Path:
		if !s.L.maze.In(int(fx), int(fy)) {
			s.flyBack(a, idx, cx, cy)
			return
		}
		// The card's centre decides, snapped to the nearest lit cell
		// within reach, where the drag showed it (snapAt).
		best := s.snapAt(a, cx, cy)
		if best < 0 {
			cw, ch := s.cellSize(a)
			px := (cx+float64(s.L.cardW)/2-s.L.maze.Cx())/cw + s.camX
			py := (cy+float64(s.L.cardW)*0.75-s.L.maze.Cy())/ch + s.camY
			at := saboteur.Cell{X: int(math.Floor(px + 0.5)), Y: int(math.Floor(py + 0.5))}
			err := s.mine.CanPlace(c, at)
			if err == nil {
				// Legal but not in the list: cannot happen; play it anyway.
				s.play(a, idx, saboteur.Move{Seat: s.me, Type: saboteur.Play, Card: c, At: at}, cx, cy)
				return
			}
			s.refuse(a, err, idx, cx, cy)
			return
		}
		s.play(a, idx, s.moveFor(idx, s.targets[best]), cx, cy)
	case saboteur.Broken, saboteur.Repair:
		for i, r := range s.L.panels {
			if r.In(int(fx), int(fy)) {
				s.playOnSeat(a, idx, i, cx, cy)
				return
			}
		}
		s.flyBack(a, idx, cx, cy)
	case saboteur.Rockfall, saboteur.Map:
		if !s.L.maze.In(int(fx), int(fy)) {
			s.flyBack(a, idx, cx, cy)
			return
		}
		at := s.cellAt(a, fx, fy)
		m := saboteur.Move{Seat: s.me, Type: saboteur.Play, Card: c, At: at}
		if c.Kind == saboteur.Map {
			m.Goal = -1
			for i, gc := range saboteur.GoalCells {
				if gc == at {
					m.Goal = i
				}
			}
			if m.Goal < 0 {
				s.reason, s.reasonT = a.T("scene.board.map_on_goal"), 180
				a.Audio.Play(scenes.SfxRefuse)
				s.flyBack(a, idx, cx, cy)
				return
			}
		}
		s.play(a, idx, m, cx, cy)
	}
}

func (s *boardScene) playOnSeat(a *scenes.App, idx, seat int, cx, cy float64) {
	if !s.myTurn() || idx < 0 {
		return
	}
	c := s.hand[idx].card
	if c.Kind != saboteur.Broken && c.Kind != saboteur.Repair {
		if cx >= 0 {
			s.flyBack(a, idx, cx, cy)
		}
		return
	}
	s.play(a, idx, saboteur.Move{Seat: s.me, Type: saboteur.Play, Card: c, Target: seat}, cx, cy)
}

func (s *boardScene) discard(a *scenes.App, idx int, cx, cy float64) {
	if !s.myTurn() || idx < 0 || idx >= len(s.hand) {
		return
	}
	s.play(a, idx, saboteur.Move{Seat: s.me, Type: saboteur.Discard, Card: s.hand[idx].card}, cx, cy)
	a.Audio.Play(scenes.SfxDeal)
}

func (s *boardScene) flyBack(a *scenes.App, idx int, cx, cy float64) {
	if idx < 0 || idx >= len(s.hand) {
		return
	}
	r := s.hand[idx].r
	s.startFly(a, s.handImg(a, idx), cx, cy, r.X, r.Y, 1, 1, int(16/scenes.Speed(a))+1)
}

// keyInput is the keyboard path: Tab/Shift-Tab pick a card, arrows pick a
// cell or a target (or pan when no card is picked), R turns, Enter plays,
// D discards.
func (s *boardScene) keyInput(a *scenes.App) {
	shift := a.In.KeyPressed(ebiten.KeyShift)
	if a.Key(ebiten.KeyTab) && len(s.hand) > 0 && !s.m.autoplay {
		s.keyPicked = true
		n := len(s.hand)
		switch {
		case s.sel < 0 && shift:
			s.sel = n - 1
		case s.sel < 0:
			s.sel = 0
		case shift:
			s.sel = (s.sel - 1 + n) % n
		default:
			s.sel = (s.sel + 1) % n
		}
		s.tsel = -1
		s.computeTargets()
		s.refresh(a)
	}
	dx, dy := 0, 0
	if a.Key(ebiten.KeyArrowLeft) {
		dx--
	}
	if a.Key(ebiten.KeyArrowRight) {
		dx++
	}
	if a.Key(ebiten.KeyArrowUp) {
		dy--
	}
	if a.Key(ebiten.KeyArrowDown) {
		dy++
	}
	if s.L.rtl {
		dx = -dx
	}
	if dx != 0 || dy != 0 {
		if s.sel >= 0 && len(s.targets) > 0 {
			s.stepTarget(dx, dy)
		} else {
			s.camX += float64(dx)
			s.camY += float64(dy)
		}
	}
	if s.sel < 0 && (a.Key(ebiten.KeyD) || a.Key(ebiten.KeyDelete)) && !s.m.autoplay && s.me >= 0 {
		s.sayPickFirst(a)
	}
	if s.sel < 0 || !s.armed(a) {
		return
	}
	d := s.decision()
	if a.Gate.Key(a, ebiten.KeyEnter, d) || a.Gate.Key(a, ebiten.KeyKPEnter, d) {
		if s.tsel >= 0 && s.tsel < len(s.targets) {
			s.play(a, s.sel, s.moveFor(s.sel, s.targets[s.tsel]), -1, -1)
		} else {
			s.refuseNoTarget(a)
		}
	}
	if a.Gate.Key(a, ebiten.KeyD, d) || a.Gate.Key(a, ebiten.KeyDelete, d) {
		s.discard(a, s.sel, -1, -1)
	}
}

// sayPickFirst answers D (discard) pressed with no card picked: which
// card goes is the player's choice, so say how to pick it (or that it is
// not their turn).
func (s *boardScene) sayPickFirst(a *scenes.App) {
	key := "scene.board.discard_pick"
	switch {
	case !s.myTurn() && s.view.Turn != s.me:
		key = "rule.R4.3"
	case !s.myTurn():
		return
	case len(s.hand) == 0:
		key = "scene.board.hint_empty"
	}
	s.reason, s.reasonT = a.T(key), 180
	a.Audio.Play(scenes.SfxRefuse)
}

// refuseNoTarget explains why the selected card has nowhere to go.
func (s *boardScene) refuseNoTarget(a *scenes.App) {
	c := s.hand[s.sel].placed()
	key := "scene.board.no_target"
	switch {
	case c.Kind == saboteur.Path && s.mine.Broken[s.me] != 0:
		key = "rule.R5.1"
	case c.Kind == saboteur.Path && c.Rotated() != c:
		key = "scene.board.no_target_turn"
	}
	s.reason, s.reasonT = a.T(key), 180
	a.Audio.Play(scenes.SfxRefuse)
}

// stepTarget moves the target selection: seats go up and down the list;
// cells go to the nearest target in the direction pressed.
func (s *boardScene) stepTarget(dx, dy int) {
	if s.tsel < 0 {
		s.tsel = 0
		return
	}
	cur := s.targets[s.tsel]
	if cur.isSeat {
		d := dy + dx
		s.tsel = (s.tsel + d + len(s.targets)) % len(s.targets)
		s.camToTarget()
		return
	}
	best, bd := -1, math.Inf(1)
	for i, t := range s.targets {
		ox, oy := t.cell.X-cur.cell.X, t.cell.Y-cur.cell.Y
		along := ox*dx + oy*dy
		if along <= 0 {
			continue
		}
		across := math.Abs(float64(ox*dy - oy*dx))
		d := float64(along) + 2*across
		if d < bd {
			best, bd = i, d
		}
	}
	if best >= 0 {
		s.tsel = best
		s.camToTarget()
	}
}

// camToTarget pans so the selected target cell is in view.
func (s *boardScene) camToTarget() {
	if s.tsel < 0 || s.targets[s.tsel].isSeat {
		return
	}
	c := s.targets[s.tsel].cell
	if math.Abs(float64(c.X)-s.camX) > 3 {
		s.camX = float64(c.X)
	}
	if math.Abs(float64(c.Y)-s.camY) > 2 {
		s.camY = float64(c.Y)
	}
}

func (s *boardScene) chooserInput(a *scenes.App) {
	ch := &s.chooser
	pick := -1
	d := s.decision()
	for i := range ch.r {
		if a.Tap(toolIDs[i], ch.r[i], d) {
			pick = i
		}
	}
	if a.Gate.Key(a, ebiten.Key1, d) || a.Gate.Key(a, ebiten.KeyArrowLeft, d) {
		pick = 0
	}
	if a.Gate.Key(a, ebiten.Key2, d) || a.Gate.Key(a, ebiten.KeyArrowRight, d) {
		pick = 1
	}
	if pick < 0 {
		return
	}
	ch.on = false
	c := s.hand[ch.idx].card
	s.play(a, ch.idx, saboteur.Move{Seat: s.me, Type: saboteur.Play, Card: c, Target: ch.seat, Tool: ch.tools[pick]}, -1, -1)
}

// toolIDs are the tool chooser's controls (scenes.Gate).
var toolIDs = [2]string{"tool0", "tool1"}
