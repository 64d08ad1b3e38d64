package underground

import (
	"image"
	"math"

	"github.com/goldvein/goldvein/scenes"
	"github.com/hajimehoshi/ebiten/v2"
)

// ugTouchReader is an Input that can tell where every finger is, for the
// board's pinch zoom (the Input interface itself follows one stroke).
type ugTouchReader interface {
	// AppendTouches appends the position of every finger on the screen.
	AppendTouches(dst [][2]int) [][2]int
}

// ugLongPress is how long (ticks) a press must rest to explain a region.
const ugLongPress = 30

// ugPanStep is how far (layout units) an arrow key pans.
const ugPanStep = 48

// Update reads input (a.In: the scenes Input) with the board inside r
// (screen pixels): pan (drag on empty map / arrows), zoom (wheel, pinch,
// +/-, Home fits), Tab / Shift+Tab through the lit regions (all regions
// when none is lit), Enter activates the focused region. A press on a
// region of the viewer's Active race with dragging on (SetDrag) carries a
// token (Shift: the stack) to the region it is released on. It returns what
// the player did.
func (b *ugBoard) Update(a *scenes.App, r image.Rectangle) ugBoardAction {
	b.setRect(r)
	b.ticks++
	b.stepAnims(a)
	act := ugBoardAction{Region: -1, From: -1}
	b.pinchInput(a)
	if !b.noKeys {
		b.keyInput(a, &act)
	}
	b.pointerInput(a, &act)
	if b.hover >= 0 && b.focusKeys && a.Ptr.Pressed {
		b.focusKeys = false
	}
	b.updateTip(a)
	return act
}

func (b *ugBoard) keyInput(a *scenes.App, act *ugBoardAction) {
	if a.Key(ebiten.KeyEqual) || a.Key(ebiten.KeyKPAdd) {
		b.zoomAt(1, float64(b.r.Min.X+b.r.Max.X)/2, float64(b.r.Min.Y+b.r.Max.Y)/2)
	}
	if a.Key(ebiten.KeyMinus) || a.Key(ebiten.KeyKPSubtract) {
		b.zoomAt(-1, float64(b.r.Min.X+b.r.Max.X)/2, float64(b.r.Min.Y+b.r.Max.Y)/2)
	}
	if a.Key(ebiten.KeyHome) {
		b.zoom, b.moved = ugZoomFit, false
		b.camX, b.camY = b.m.Width/2, b.m.Height/2
	}
	step := a.U(ugPanStep) / b.scale()
	// Arrows move the view, as on the Saboteur board (the map is never
	// mirrored, so neither are they).
	if a.Key(ebiten.KeyArrowLeft) {
		b.camX -= step
	}
	if a.Key(ebiten.KeyArrowRight) {
		b.camX += step
	}
	if a.Key(ebiten.KeyArrowUp) {
		b.camY -= step
	}
	if a.Key(ebiten.KeyArrowDown) {
		b.camY += step
	}
	b.clamp()
	if a.Key(ebiten.KeyTab) && !b.tabOut {
		b.tab(a.In.KeyPressed(ebiten.KeyShift))
	}
	if b.focus >= 0 && (a.Key(ebiten.KeyEnter) || a.Key(ebiten.KeyKPEnter)) {
		act.Kind, act.Region, act.Key = ugActivate, b.focus, true
	}
}

// tab moves the keyboard focus to the next (or previous) lit region, in
// index order; with none lit, through every region.
func (b *ugBoard) tab(back bool) {
	n := len(b.lit)
	if n == 0 {
		n = b.m.Len()
	}
	at := func(k int) int {
		if len(b.lit) > 0 {
			return b.lit[k]
		}
		return k
	}
	k := -1
	for j := 0; j < n; j++ {
		if at(j) == b.focus {
			k = j
			break
		}
	}
	switch {
	case k < 0 && back:
		k = n - 1
	case k < 0:
		k = 0
	case back:
		k = (k + n - 1) % n
	default:
		k = (k + 1) % n
	}
	b.focus, b.focusKeys = at(k), true
	b.showRegion(b.focus)
}

// tabWithin moves the keyboard focus as tab does, but reports false and
// lets the focus go (-1) instead of wrapping past the last region (the
// first, going back): the screen around the board takes it on to its
// market and panels (play_card.go). From no focus it takes the first (or
// last) region.
func (b *ugBoard) tabWithin(back bool) bool {
	n := len(b.lit)
	if n == 0 {
		n = b.m.Len()
	}
	if b.focus >= 0 && b.focusKeys && n > 0 {
		first, last := 0, n-1
		if len(b.lit) > 0 {
			first, last = b.lit[0], b.lit[n-1]
		}
		if !back && b.focus == last || back && b.focus == first {
			b.blur()
			return false
		}
	} else {
		b.focus = -1
	}
	b.tab(back)
	return true
}

// blur lets the keyboard focus go.
func (b *ugBoard) blur() { b.focus, b.focusKeys = -1, false }

// pinchInput zooms by the spread of two fingers: a step each time their
// distance grows or shrinks by a quarter.
func (b *ugBoard) pinchInput(a *scenes.App) {
	tr, ok := a.In.(ugTouchReader)
	if !ok {
		return
	}
	var buf [4][2]int
	ts := tr.AppendTouches(buf[:0])
	if len(ts) < 2 {
		b.pinch = 0
		return
	}
	d := math.Hypot(float64(ts[0][0]-ts[1][0]), float64(ts[0][1]-ts[1][1]))
	b.panning, b.dragFrom, b.dragging = false, -1, false
	if b.pinch <= 0 || d <= 0 {
		b.pinch = d
		return
	}
	fx, fy := float64(ts[0][0]+ts[1][0])/2, float64(ts[0][1]+ts[1][1])/2
	switch {
	case d > b.pinch*1.25:
		b.zoomAt(1, fx, fy)
		b.pinch = d
	case d < b.pinch*0.8:
		b.zoomAt(-1, fx, fy)
		b.pinch = d
	}
}

// ownStack reports whether region i holds tokens of the dragging seat's
// Active race (SetDrag), which redeployment may move (U7.5).
func (b *ugBoard) ownStack(i int) bool {
	if b.v == nil || i < 0 || i >= len(b.v.Regions) || b.dragSeat < 0 {
		return false
	}
	rv := &b.v.Regions[i]
	return rv.Seat == b.dragSeat && !rv.Decline && rv.Tokens > 0
}

func (b *ugBoard) pointerInput(a *scenes.App, act *ugBoardAction) {
	p := &a.Ptr
	in := (image.Point{p.X, p.Y}).In(b.r)
	if p.WheelY != 0 && in {
		b.zoomAt(int(math.Copysign(1, p.WheelY)), float64(p.X), float64(p.Y))
	}
	if p.Pressed && in && b.pinch == 0 {
		reg := b.regionAt(p.X, p.Y)
		if b.drag && b.ownStack(reg) {
			b.dragFrom, b.dragging = reg, false
			b.dragStack = a.In.KeyPressed(ebiten.KeyShift)
			b.dragX, b.dragY = float64(p.X), float64(p.Y)
		} else {
			b.panning, b.panX, b.panY = true, p.X, p.Y
		}
	}
	travel := math.Hypot(float64(p.X-p.StartX), float64(p.Y-p.StartY))
	// A long press without travel explains the region (touch has no
	// hover): the tip stays until the next press, and the release
	// activates nothing.
	switch {
	case p.Pressed:
		b.pressT, b.held = 0, -1
	case p.Down && (b.panning || b.dragFrom >= 0) && !b.dragging:
		b.pressT++
		if b.pressT == ugLongPress && travel < a.U(scenes.DragThreshold) {
			b.held = b.regionAt(p.X, p.Y)
		}
	}
	long := b.pressT >= ugLongPress && b.held >= 0
	switch {
	case b.dragFrom >= 0:
		if !b.dragging && travel > a.U(scenes.DragThreshold) {
			b.dragging = true
		}
		b.dragX, b.dragY = float64(p.X), float64(p.Y)
		if p.Released || !p.Down {
			from := b.dragFrom
			b.dragFrom = -1
			if !b.dragging {
				if !long {
					act.Kind, act.Region = ugActivate, from
					b.focus = from
				}
				break
			}
			b.dragging = false
			if to := b.regionAt(p.X, p.Y); to >= 0 && to != from && p.Released {
				act.Kind, act.Region, act.From, act.Count = ugRedeploy, to, from, 1
				if b.dragStack && b.v != nil {
					act.Count = b.v.Regions[from].Tokens
				}
			}
		}
	case b.panning:
		if p.X != b.panX || p.Y != b.panY {
			s := b.scale()
			b.camX -= float64(p.X-b.panX) / s
			b.camY -= float64(p.Y-b.panY) / s
			b.panX, b.panY = p.X, p.Y
			b.moved = true
			b.clamp()
		}
		if p.Released || !p.Down {
			b.panning = false
			if p.Released && travel < a.U(scenes.DragThreshold) && !long {
				if reg := b.regionAt(p.X, p.Y); reg >= 0 {
					act.Kind, act.Region = ugActivate, reg
					b.focus = reg
				}
			}
		}
	}
	b.hover = -1
	if in && b.pinch == 0 {
		b.hover = b.regionAt(p.X, p.Y)
	}
}
