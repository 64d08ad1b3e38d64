package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// layout places everything for the screen size; it only recomputes when
// the size, the seat count or the language direction changed.
func (s *boardScene) layout(a *App) {
	n := s.view.Options.Players
	rtl := a.RTL()
	L := &s.L
	if L.w == a.w && L.h == a.h && L.n == n && L.rtl == rtl && L.cardW != 0 {
		return
	}
	w, h := float64(a.w), float64(a.h)
	*L = boardLayout{w: a.w, h: a.h, n: n, rtl: rtl, panels: L.panels[:0]}
	topH := a.U(44)
	leftW := a.U(206)
	rightW := a.U(224)
	handH := a.U(150)
	L.top = rect{0, 0, w, topH}
	L.cardW = int(a.U(76))
	L.maze = rect{leftW, topH, w - leftW - rightW, h - topH - handH}
	if s.coaching() {
		// The guided round's coach has a band of its own above the maze
		// (tutorial.go): it never hides a card.
		L.maze.y += a.U(coachH)
		L.maze.h -= a.U(coachH)
	}
	L.handArea = rect{leftW, h - handH, w - leftW - rightW, handH}
	L.right = rect{w - rightW, topH, rightW, h - topH}
	ph := math.Min(a.U(64), (h-topH-a.U(8))/float64(max(n, 1)))
	for i := 0; i < n; i++ {
		L.panels = append(L.panels, rect{a.U(6), topH + a.U(4) + float64(i)*ph, leftW - a.U(12), ph - a.U(4)})
	}
	pw := a.U(64)
	pileH := pw * 1.5
	L.drawPile = rect{L.right.x + a.U(24), topH + a.U(30), pw, pileH}
	L.discard = rect{L.right.x + rightW - a.U(24) - pw, topH + a.U(30), pw, pileH}
	L.log = rect{L.right.x + a.U(8), L.drawPile.y + pileH + a.U(40), rightW - a.U(16), 0}
	L.log.h = h - L.log.y - a.U(8)
	if s.m.lan != nil { // room for the LAN chat under the log (chat.go)
		L.log.h -= a.U(chatH + 8)
	}
	L.role = rect{L.handArea.x + a.U(10), L.handArea.y + a.U(34), a.U(60), a.U(90)}
	if rtl {
		for i := range L.panels {
			L.panels[i] = L.panels[i].mirror(w)
		}
		L.maze = L.maze.mirror(w)
		L.handArea = L.handArea.mirror(w)
		L.right = L.right.mirror(w)
		L.drawPile, L.discard = L.discard.mirror(w), L.drawPile.mirror(w)
		L.log = L.log.mirror(w)
		L.role = L.role.mirror(w)
	}
	s.logW = 0
	if !s.zoomed {
		s.fitZoom(a)
	}
}

// placeHand sets where each hand card rests, centred in the hand area,
// overlapping when there are many; the selected and hovered cards lift.
func (s *boardScene) placeHand(a *App) {
	n := len(s.hand)
	if n == 0 {
		return
	}
	cw := float64(s.L.cardW)
	ch := cw * 1.5
	gap := a.U(10)
	area := s.L.handArea
	left := area.x + a.U(84)
	avail := area.w - a.U(84) - a.U(10)
	step := math.Min(cw+gap, (avail-cw)/math.Max(float64(n-1), 1))
	total := step*float64(n-1) + cw
	x0 := left + (avail-total)/2
	for i := range s.hand {
		h := &s.hand[i]
		target := 0.0
		if i == s.sel || (!s.drag.on && a.Hover(h.r)) {
			target = 1
		}
		h.lift += (target - h.lift) * 0.3
		x := x0 + float64(i)*step
		if s.L.rtl {
			x = x0 + float64(n-1-i)*step
		}
		// Lifted, a card still stays below the hint line above the hand
		// (its box ends at U(14)+lineBox(U(14))/2, about U(25)).
		h.r = rect{x, area.y + a.U(34) - h.lift*a.U(8), cw, ch}
	}
}

// Draw draws the board: maze, panels, piles, log, hand, motion, overlays.
func (s *boardScene) Draw(a *App, dst *ebiten.Image) {
	s.layout(a)
	s.placeHand(a)
	p := &s.p
	// Text is queued and drawn in batches between the layers (textCache).
	a.beginText(dst)
	defer a.endText()
	s.drawMaze(a, dst)
	a.flushText()
	s.drawSurround(a, dst)
	s.drawTop(a, dst)
	// Two passes, shapes then pictures, so each pass is one draw call.
	for pass := 0; pass < 2; pass++ {
		for i := range s.L.panels {
			s.drawPanel(a, dst, i, pass)
		}
	}
	s.drawPiles(a, dst)
	s.drawLog(a, dst)
	s.drawHand(a, dst)
	a.flushText()
	s.drawAnims(dst)
	if s.drag.on && s.drag.started && s.drag.idx < len(s.hand) {
		img := s.handImg(a, s.drag.idx)
		alpha := float32(1)
		if snap := s.dragSnap(a); snap >= 0 {
			// Snapped: the card lies in the lit cell it would drop into;
			// a faint copy stays under the pointer.
			r := s.cellRect(a, s.targets[snap].cell)
			p.image(dst, s.cardImg(a, s.hand[s.drag.idx].placed()), r.x, r.y, 1, 1, 0.95)
			p.frame(dst, r, a.U(3), colGold)
			alpha = 0.35
		} else {
			p.fill(dst, rect{s.drag.x + a.U(6), s.drag.y + a.U(8), float64(s.L.cardW), float64(s.L.cardW) * 1.5}, colShade)
		}
		p.image(dst, img, s.drag.x, s.drag.y, 1, 1, alpha)
	}
	if s.reasonT > 0 && s.reason != "" {
		alpha := math.Min(float64(s.reasonT)/30, 1)
		r := rect{s.L.handArea.x + a.U(90), s.L.handArea.y - a.U(40), s.L.handArea.w - a.U(100), a.U(34)}
		c := colBad
		c.A = uint8(230 * alpha)
		p.round(dst, r, a.U(8), c, 0, c)
		drawText(a, dst, s.reason, a.U(15), r.cx(), r.cy(), alignCenter, colText)
		a.flushText()
	}
	if s.peekT > 0 {
		s.drawPeek(a, dst)
		a.flushText()
	}
	if s.ended != nil {
		s.drawEnd(a, dst)
		a.flushText()
	}
	if s.m.tutor != nil {
		s.drawCoach(a, dst)
		a.flushText()
	}
	if s.m.lan != nil {
		s.m.lan.drawBoard(a, s, dst) // the LAN chat and connection state (chat.go)
	}
	if s.chooser.on {
		s.drawChooser(a, dst)
		a.flushText()
	}
	if s.curtain {
		a.flushText()
		drawCurtainFrom(a, p, dst, s.m.name(s.me), 0)
		b := s.curtainButton(a)
		drawButton(a, p, dst, &b)
	}
	if s.shotName != "" && a.fade == 0 && s.settled() {
		// Asked for here, for this very frame (Ebitengine may run several
		// Updates before one Draw), once no card is in flight.
		a.RequestShot(s.shotName)
		s.shotName = ""
	}
}

// drawMaze draws the maze floor and grid, its cards, the legal cells and the
// selected target into the maze viewport.
func (s *boardScene) drawMaze(a *App, dst *ebiten.Image) {
	// The maze is drawn unclipped and the frame around it is painted over
	// afterwards (drawSurround): no sub-image, so everything batches.
	mr := s.L.maze
	sub := dst
	s.p.fill(sub, mr, s.floor(a))
	cw, ch := s.cellSize(a)
	// Faint cell grid, so empty space reads as places to build.
	x0 := mr.cx() - (s.camX)*cw - cw/2
	y0 := mr.cy() - (s.camY)*ch - ch/2
	gx := x0 - math.Ceil((x0-mr.x)/cw)*cw
	for x := gx; x < mr.x+mr.w; x += cw {
		s.p.fill(sub, rect{x, mr.y, 1, mr.h}, colPanelHi)
	}
	gy := y0 - math.Ceil((y0-mr.y)/ch)*ch
	for y := gy; y < mr.y+mr.h; y += ch {
		s.p.fill(sub, rect{mr.x, y, mr.w, 1}, colPanelHi)
	}
	s.drawTiles(a, sub)
	s.drawPlays(a, sub)
	// Peeked goals carry a mark only their viewer sees.
	if s.me >= 0 {
		for i, g := range s.mine.Peeked {
			if g == saboteur.NoGoal || s.mine.Board.GoalFaceUp(i) {
				continue
			}
			r := s.cellRect(a, saboteur.GoalCells[i])
			col := colTextDim
			if g == saboteur.Gold {
				col = colGold
			}
			label := s.peekLabel(a, g)
			tw := a.text.line(label, a.U(12), a.RTL()).w + a.U(10)
			s.p.round(sub, rect{r.cx() - tw/2, r.y + r.h - r.h*0.24, tw, a.U(18)}, a.U(4), colTextDark, a.U(2), col)
			drawText(a, sub, label, a.U(12), r.cx(), r.y+r.h-r.h*0.24+a.U(9), alignCenter, col)
		}
	}
	// Targets of the selected or dragged card.
	if s.sel >= 0 && (s.myTurn() || s.m.autoplay) {
		for i, t := range s.targets {
			if t.isSeat {
				continue
			}
			r := s.cellRect(a, t.cell)
			c := colLegal
			c.A = 70
			if i == s.tsel {
				c.A = 140
			}
			s.p.fill(sub, r.inset(a.U(2)), c)
			s.p.frame(sub, r.inset(a.U(2)), a.U(2), colLegal)
		}
		if s.tsel >= 0 && s.tsel < len(s.targets) && !s.targets[s.tsel].isSeat && !s.drag.started {
			// The keyboard's choice: a ghost of the card where it would go.
			r := s.cellRect(a, s.targets[s.tsel].cell)
			c := s.hand[s.sel].placed()
			if c.Kind == saboteur.Path {
				s.p.image(sub, s.cardImg(a, c), r.x, r.y, 1, 1, 0.6)
			}
			s.p.frame(sub, r, a.U(3), colGold)
		}

	}
}

// floor is the colour of the maze's empty ground: the table, a little
// lighter, so the dark tunnels of the cards stand out against it.
func (s *boardScene) floor(a *App) color.RGBA {
	b := a.pal.Background
	mix := func(v uint8) uint8 { return uint8(float64(v)*0.75 + 255*0.25*0.55) }
	return color.RGBA{mix(b.R), mix(b.G), mix(b.B), 255}
}

// dragSnap is the lit cell the path card being dragged snaps to, or -1.
func (s *boardScene) dragSnap(a *App) int {
	if !s.drag.started || s.drag.idx >= len(s.hand) || s.sel != s.drag.idx || s.hand[s.drag.idx].card.Kind != saboteur.Path || !s.myTurn() {
		return -1
	}
	return s.snapTarget(a)
}

// snapReach is how far (in cells) from the dragged card's centre a lit
// cell still catches it.
const snapReach = 1.6

// snapTarget is the legal cell a dragged path card would snap to, or -1.
func (s *boardScene) snapTarget(a *App) int { return s.snapAt(a, s.drag.x, s.drag.y) }

// snapAt is the lit cell nearest the centre of a hand card whose top-left
// is at (x, y), within snapReach cells, or -1.
func (s *boardScene) snapAt(a *App, x, y float64) int {
	if !s.L.maze.in(int(x+float64(s.L.cardW)/2), int(y+float64(s.L.cardW)*0.75)) {
		return -1
	}
	cw, ch := s.cellSize(a)
	hw, hh := float64(s.L.cardW)/2, float64(s.L.cardW)*0.75
	px := (x+hw-s.L.maze.cx())/cw + s.camX
	py := (y+hh-s.L.maze.cy())/ch + s.camY
	best, bd := -1, snapReach
	for i, t := range s.targets {
		if t.isSeat {
			continue
		}
		d := math.Hypot(float64(t.cell.X)-px, float64(t.cell.Y)-py)
		if d < bd {
			best, bd = i, d
		}
	}
	return best
}

func (s *boardScene) peekLabel(a *App, g saboteur.GoalCard) string {
	if g == saboteur.Gold {
		return s.texts.peekGold(a)
	}
	return s.texts.peekCoal(a)
}

func (t *boardTexts) peekGold(a *App) string { return a.T("card.goal.gold") }
func (t *boardTexts) peekCoal(a *App) string { return a.T("card.goal.coal") }

// drawTiles draws every card of the maze that is in view, one image each,
// pixel-aligned from the card art's atlas page: they batch with the floor,
// the grid and the panels into one draw call, where a cached layer image
// of the maze cost a draw call (and an allocation in Ebitengine) of its own
// every frame (BenchmarkBoardDrag).
func (s *boardScene) drawTiles(a *App, dst *ebiten.Image) {
	art := a.Art(s.cellW(a))
	mr := s.L.maze
	for _, t := range s.tiles {
		if s.hidden(t.At) {
			continue
		}
		r := s.cellRect(a, t.At)
		if r.x+r.w < mr.x || r.y+r.h < mr.y || r.x > mr.x+mr.w || r.y > mr.y+mr.h {
			continue
		}
		s.p.image(dst, art.Card(t.Card), r.x, r.y, 1, 1, 1)
	}
}

// drawSurround paints the table colour around the maze viewport, over
// whatever of the maze lies outside it.
func (s *boardScene) drawSurround(a *App, dst *ebiten.Image) {
	mr := s.L.maze
	w, h := float64(a.w), float64(a.h)
	bg := a.pal.Background
	s.p.fill(dst, rect{0, 0, w, mr.y}, bg)
	s.p.fill(dst, rect{0, mr.y + mr.h, w, h - mr.y - mr.h}, bg)
	s.p.fill(dst, rect{0, mr.y, mr.x, mr.h}, bg)
	s.p.fill(dst, rect{mr.x + mr.w, mr.y, w - mr.x - mr.w, mr.h}, bg)
	s.p.frame(dst, mr, a.U(1), colEdge)
}

func (s *boardScene) drawTop(a *App, dst *ebiten.Image) {
	r := s.L.top
	s.p.fill(dst, r, colPanel)
	s.p.fill(dst, rect{r.x, r.y + r.h - a.U(2), r.w, a.U(2)}, colEdge)
	start, end, al, ar := a.U(16), r.w-a.U(16), alignStart, alignEnd
	if s.L.rtl {
		start, end, al, ar = end, start, alignEnd, alignStart
	}
	drawText(a, dst, s.texts.round, a.U(18), start, r.cy(), al, colGold)
	col := colText
	if s.view.Turn == s.me && s.m.isHuman(s.me) {
		col = colGold
	}
	drawText(a, dst, s.texts.status, a.U(20), r.cx(), r.cy(), alignCenter, col)
	// The keys line only where it does not run into the status.
	rtl := a.RTL()
	room := r.w/2 - a.text.line(s.texts.status, a.U(20), rtl).w/2 - a.U(40)
	if help := s.texts.help(a); a.text.line(help, a.U(13), rtl).w < room {
		drawText(a, dst, help, a.U(13), end, r.cy(), ar, colTextDim)
	}
}

func (t *boardTexts) help(a *App) string {
	if t.turnKey == "" {
		t.turnKey = a.T("scene.board.keys")
	}
	return t.turnKey
}

// drawPanel draws seat i's panel: name, hand size, broken tools, turn.
func (s *boardScene) drawPanel(a *App, dst *ebiten.Image, i, pass int) {
	r := s.L.panels[i]
	onTurn := s.view.Turn == i && s.view.Phase == saboteur.Playing
	bg, edge := colPanel, colEdge
	if onTurn {
		bg, edge = colPanelHi, colGold
	}
	// A lit panel while dragging a tool card onto players.
	lit := false
	if s.sel >= 0 {
		for _, t := range s.targets {
			if t.isSeat && t.seat == i {
				lit = true
			}
		}
	}
	if lit {
		edge = colLegal
		if s.tsel >= 0 && s.tsel < len(s.targets) && s.targets[s.tsel].isSeat && s.targets[s.tsel].seat == i {
			bg = colButtonHi
		}
	}
	if pass == 0 {
		s.p.round(dst, r, a.U(6), bg, a.U(2), edge)
	}
	big := r.h >= a.U(50)
	nameSize := a.U(16)
	if !big {
		nameSize = a.U(14)
	}
	x, al := r.x+a.U(12), alignStart
	xr, ar := r.x+r.w-a.U(10), alignEnd
	if s.L.rtl {
		x, al, xr, ar = xr, ar, x, al
	}
	ny := r.y + r.h*0.32
	if i < len(s.texts.names) {
		col := colText
		if onTurn {
			col = colGold
		}
		if pass == 1 {
			drawText(a, dst, s.texts.names[i], nameSize, x, ny, al, col)
		}
	}
	if pass == 0 {
		s.drawThinking(a, dst, i, onTurn, ny, xr)
		return
	}
	// Hand size: a small card back and the count.
	art := a.Art(int(a.U(14)))
	by := r.y + r.h*0.72
	bx := x
	if s.L.rtl {
		bx = x - float64(art.Width())
	}
	s.p.image(dst, art.Back(), bx, by-float64(art.Height())/2, 1, 1, 1)
	if i < len(s.texts.hands) {
		tx := bx + float64(art.Width()) + a.U(5)
		if s.L.rtl {
			tx = bx - a.U(5)
		}
		drawText(a, dst, s.texts.hands[i], a.U(13), tx, by, al, colTextDim)
	}
	// Broken tools, as broken icons (R6.1).
	if i < len(s.view.Broken) {
		size := int(math.Min(a.U(24), r.h*0.42))
		k := 0
		for _, t := range [3]saboteur.Tool{saboteur.Pickaxe, saboteur.Lantern, saboteur.Cart} {
			if s.view.Broken[i]&t == 0 {
				continue
			}
			img := a.Art(s.L.cardW).Tool(t, true, size)
			ix := xr - float64((k+1)*(size+2))
			if s.L.rtl {
				ix = xr + float64(k*(size+2))
			}
			s.p.image(dst, img, ix, by-float64(size)/2, 1, 1, 1)
			k++
		}
	}
}

// drawThinking draws the dots of a computer player thinking on its turn.
func (s *boardScene) drawThinking(a *App, dst *ebiten.Image, i int, onTurn bool, ny, xr float64) {
	if onTurn && !s.m.isHuman(i) {
		// Thinking dots.
		for d := 0; d < 3; d++ {
			alpha := 0.3 + 0.7*math.Max(0, math.Sin(float64(s.ticks)/8-float64(d)*0.9))
			c := colGold
			c.A = uint8(255 * alpha)
			dx := xr - a.U(8) - float64(2-d)*a.U(9)
			if s.L.rtl {
				dx = xr + a.U(4) + float64(d)*a.U(9)
			}
			s.p.round(dst, rect{dx, ny - a.U(3), a.U(6), a.U(6)}, a.U(3), c, 0, c)
		}
	}
}

func (s *boardScene) drawPiles(a *App, dst *ebiten.Image) {
	art := a.Art(s.L.pileW())
	d, x := s.L.drawPile, s.L.discard
	if s.view.DrawPile > 0 {
		// A little stack.
		for k := min(s.view.DrawPile/10, 3); k > 0; k-- {
			s.p.image(dst, art.Back(), d.x+float64(k)*a.U(2), d.y-float64(k)*a.U(2), 1, 1, 1)
		}
		s.p.image(dst, art.Back(), d.x, d.y, 1, 1, 1)
	} else {
		s.p.round(dst, d, a.U(6), colPanel, a.U(2), colEdge)
	}
	drop := s.drag.started && s.myTurn()
	edge := colEdge
	if drop {
		edge = colLegal
	}
	if s.view.Discards > 0 {
		s.p.image(dst, art.Back(), x.x, x.y, 1, 1, 0.75)
		if drop {
			s.p.frame(dst, x, a.U(3), colLegal)
		}
	} else {
		s.p.round(dst, x, a.U(6), colPanel, a.U(2), edge)
	}
	drawText(a, dst, s.texts.drawLabel(a), a.U(12), d.cx(), d.y-a.U(14), alignCenter, colTextDim)
	drawText(a, dst, s.texts.discardLabel(a), a.U(12), x.cx(), x.y-a.U(14), alignCenter, colTextDim)
	drawText(a, dst, s.texts.draw, a.U(18), d.cx(), d.y+d.h+a.U(14), alignCenter, colText)
	drawText(a, dst, s.texts.discard, a.U(18), x.cx(), x.y+x.h+a.U(14), alignCenter, colText)
}

func (t *boardTexts) drawLabel(a *App) string    { return a.T("pile.draw") }
func (t *boardTexts) discardLabel(a *App) string { return a.T("pile.discard") }

func (s *boardScene) drawHand(a *App, dst *ebiten.Image) {
	area := s.L.handArea
	s.p.fill(dst, area, colPanel)
	s.p.fill(dst, rect{area.x, area.y, area.w, a.U(2)}, colEdge)
	if s.texts.hint != "" {
		drawText(a, dst, s.texts.hint, a.U(14), area.cx(), area.y+a.U(14), alignCenter, colTextDim)
	}
	if s.me < 0 || s.curtain || s.dealing > 0 {
		return
	}
	// The role card, small, beside the hand.
	art := a.Art(int(s.L.role.w))
	s.p.image(dst, art.Role(s.mine.Role), s.L.role.x, s.L.role.y, 1, 1, 1)
	handArt := a.Art(s.L.cardW)
	mine := s.myTurn()
	for i := range s.hand {
		if s.drag.on && s.drag.started && s.drag.idx == i {
			continue
		}
		h := &s.hand[i]
		alpha := float32(1)
		if !mine && !s.m.autoplay {
			alpha = 0.85
		}
		s.p.image(dst, handArt.Card(h.placed()), h.r.x, h.r.y, 1, 1, alpha)
		if i == s.sel {
			s.p.frame(dst, h.r, a.U(3), colGold)
		}
		if h.turned {
			// A turned card carries a small gold corner mark.
			s.p.round(dst, rect{h.r.x + h.r.w - a.U(16), h.r.y + a.U(4), a.U(12), a.U(12)}, a.U(6), colGold, a.U(2), colTextDark)
		}
	}
}

// drawPeek shows what this player's map showed (R6.4), to them only.
func (s *boardScene) drawPeek(a *App, dst *ebiten.Image) {
	g := s.mine.Peeked[s.peekG]
	if g == saboteur.NoGoal {
		return
	}
	// In the side panel, over the log: nothing of the maze is hidden
	// while the others go on playing (board_end.go).
	r := s.peekRect(a)
	s.p.round(dst, r, a.U(10), colPanel, a.U(3), colGold)
	art := a.Art(int(a.U(56)))
	img := art.Card(saboteur.Card{Kind: saboteur.Goal, Goal: g, Open: g.Open()})
	s.p.imageCentered(dst, img, r.cx(), r.y+a.U(14)+float64(art.Height())/2, 1, 1, 0, 1)
	key := "scene.board.peek_coal"
	if g == saboteur.Gold {
		key = "scene.board.peek_gold"
	}
	ty := r.y + a.U(22) + float64(art.Height())
	ty += drawWrapped(a, dst, a.T(key, "goal", goalName(a, s.peekG)), a.U(15), r.cx(), ty, r.w-a.U(16), alignCenter, colGold)
	drawWrapped(a, dst, a.T("scene.board.peek_close"), a.U(12), r.cx(), ty+a.U(4), r.w-a.U(16), alignCenter, colTextDim)
}

func (s *boardScene) drawChooser(a *App, dst *ebiten.Image) {
	ch := &s.chooser
	w, h := float64(a.w), float64(a.h)
	r := rect{w/2 - a.U(180), h/2 - a.U(90), a.U(360), a.U(180)}
	s.p.round(dst, r, a.U(12), colPanel, a.U(3), colGold)
	drawText(a, dst, a.T("scene.board.which_tool"), a.U(17), r.cx(), r.y+a.U(28), alignCenter, colText)
	size := int(a.U(72))
	art := a.Art(s.L.cardW)
	for i, t := range ch.tools {
		ch.r[i] = rect{r.cx() - a.U(110) + float64(i)*a.U(130), r.y + a.U(56), a.U(90), a.U(90)}
		bg := colPanelHi
		if a.Hover(ch.r[i]) {
			bg = colButtonHi
		}
		s.p.round(dst, ch.r[i], a.U(8), bg, a.U(2), colEdge)
		s.p.imageIn(dst, art.Tool(t, true, size), ch.r[i].inset(a.U(8)), 1)
	}
}
