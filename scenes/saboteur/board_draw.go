package saboteur

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// layout places everything for the screen size; it only recomputes when
// the size, the seat count or the language direction changed.
func (s *boardScene) layout(a *scenes.App) {
	n := s.view.Options.Players
	rtl := a.RTL()
	L := &s.L
	if L.w == a.W && L.h == a.H && L.n == n && L.rtl == rtl && L.cardW != 0 {
		return
	}
	w, h := float64(a.W), float64(a.H)
	*L = boardLayout{w: a.W, h: a.H, n: n, rtl: rtl, panels: L.panels[:0]}
	topH := a.U(44)
	leftW := a.U(206)
	rightW := a.U(224)
	// The hand's cards (U(34) from the area's top, 1.5 x U(76) high) keep
	// U(8) clear of the window's bottom edge.
	handH := a.U(156)
	L.top = scenes.R(0, 0, w, topH)
	L.cardW = int(a.U(76))
	L.maze = scenes.R(leftW, topH, w-leftW-rightW, h-topH-handH)
	if s.coaching() {
		// The guided round's coach has a band of its own above the maze
		// (tutorial.go): it never hides a card.
		L.maze.Y += a.U(coachH)
		L.maze.H -= a.U(coachH)
	}
	L.handArea = scenes.R(leftW, h-handH, w-leftW-rightW, handH)
	L.right = scenes.R(w-rightW, topH, rightW, h-topH)
	ph := math.Min(a.U(64), (h-topH-a.U(8))/float64(max(n, 1)))
	for i := 0; i < n; i++ {
		L.panels = append(L.panels, scenes.R(a.U(6), topH+a.U(4)+float64(i)*ph, leftW-a.U(12), ph-a.U(4)))
	}
	pw := a.U(64)
	pileH := pw * 1.5
	L.drawPile = scenes.R(L.right.X+a.U(24), topH+a.U(30), pw, pileH)
	L.discard = scenes.R(L.right.X+rightW-a.U(24)-pw, topH+a.U(30), pw, pileH)
	L.log = scenes.R(L.right.X+a.U(8), L.drawPile.Y+pileH+a.U(40), rightW-a.U(16), 0)
	L.log.H = h - L.log.Y - a.U(8)
	if s.m.lan != nil { // room for the LAN chat under the log (chat.go)
		L.log.H -= a.U(scenes.ChatH + 8)
	}
	L.role = scenes.R(L.handArea.X+a.U(10), L.handArea.Y+a.U(34), a.U(60), a.U(90))
	if rtl {
		for i := range L.panels {
			L.panels[i] = L.panels[i].Mirror(w)
		}
		L.maze = L.maze.Mirror(w)
		L.handArea = L.handArea.Mirror(w)
		L.right = L.right.Mirror(w)
		L.drawPile, L.discard = L.discard.Mirror(w), L.drawPile.Mirror(w)
		L.log = L.log.Mirror(w)
		L.role = L.role.Mirror(w)
	}
	if !s.zoomed {
		s.fitZoom(a)
	}
}

// placeHand sets where each hand card rests, centred in the hand area,
// overlapping when there are many; the selected and hovered cards lift.
func (s *boardScene) placeHand(a *scenes.App) {
	n := len(s.hand)
	if n == 0 {
		return
	}
	cw := float64(s.L.cardW)
	ch := cw * 1.5
	gap := a.U(10)
	area := s.L.handArea
	left := area.X + a.U(84) // the role card lies at the start (board layout)
	if s.L.rtl {
		left = area.X + a.U(10) // at the right-hand end in a right-to-left language
	}
	avail := area.W - a.U(84) - a.U(10)
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
		h.r = scenes.R(x, area.Y+a.U(34)-h.lift*a.U(8), cw, ch)
	}
}

// Draw draws the board: maze, panels, piles, log, hand, motion, overlays.
func (s *boardScene) Draw(a *scenes.App, dst *ebiten.Image) {
	s.layout(a)
	s.placeHand(a)
	p := &s.p
	// Text is queued and drawn in batches between the layers (textCache).
	a.BeginText(dst)
	defer a.EndText()
	s.drawMaze(a, dst)
	a.FlushText()
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
	a.FlushText()
	s.drawAnims(dst)
	if s.drag.on && s.drag.started && s.drag.idx < len(s.hand) && a.Shows(s.me) {
		a.Private(s.me)
		img := s.handImg(a, s.drag.idx)
		alpha := float32(1)
		if snap := s.dragSnap(a); snap >= 0 {
			// Snapped: the card lies in the lit cell it would drop into;
			// a faint copy stays under the pointer.
			r := s.cellRect(a, s.targets[snap].cell)
			p.Image(dst, s.cardImg(a, s.hand[s.drag.idx].placed()), r.X, r.Y, 1, 1, 0.95)
			p.Frame(dst, r, a.U(3), scenes.ColGold)
			alpha = 0.35
		} else {
			p.Fill(dst, scenes.R(s.drag.x+a.U(6), s.drag.y+a.U(8), float64(s.L.cardW), float64(s.L.cardW)*1.5), scenes.ColShade)
		}
		p.Image(dst, img, s.drag.x, s.drag.y, 1, 1, alpha)
	}
	s.drawExplain(a, dst)
	a.FlushText()
	if s.reasonT > 0 && s.reason != "" {
		alpha := math.Min(float64(s.reasonT)/30, 1)
		r := scenes.R(s.L.handArea.X+a.U(90), s.L.handArea.Y-a.U(40), s.L.handArea.W-a.U(100), a.U(34))
		c := scenes.ColBad
		c.A = uint8(230 * alpha)
		p.Round(dst, r, a.U(8), c, 0, c)
		scenes.DrawText(a, dst, s.reason, a.U(15), r.Cx(), r.Cy(), scenes.AlignCenter, scenes.ColText)
		a.FlushText()
	}
	if s.peek.on {
		s.drawPeek(a, dst)
		a.FlushText()
	}
	if s.ended != nil {
		s.drawEnd(a, dst)
		a.FlushText()
	}
	if s.m.tutor != nil {
		s.drawCoach(a, dst)
		a.FlushText()
	}
	if s.m.lan != nil {
		lanDrawBoard(s.m.lan, a, s, dst) // the LAN chat and connection state (chat.go)
	}
	if s.chooser.on {
		s.drawChooser(a, dst)
		a.FlushText()
	}
	if s.curtain {
		// Over the public table: the play that came before stays in view.
		a.FlushText()
		s.veil.Draw(a, dst)
	}
	if s.shotName != "" && a.Fade == 0 && s.Settled() {
		// Asked for here, for this very frame (Ebitengine may run several
		// Updates before one Draw), once no card is in flight.
		a.RequestShot(s.shotName)
		s.shotName = ""
	}
}

// drawMaze draws the maze floor and grid, its cards, the legal cells and the
// selected target into the maze viewport.
func (s *boardScene) drawMaze(a *scenes.App, dst *ebiten.Image) {
	// The maze is drawn unclipped and the frame around it is painted over
	// afterwards (drawSurround): no sub-image, so everything batches.
	mr := s.L.maze
	sub := dst
	s.p.Fill(sub, mr, s.floor(a))
	cw, ch := s.cellSize(a)
	// Faint cell grid, so empty space reads as places to build.
	x0 := mr.Cx() - (s.camX)*cw - cw/2
	y0 := mr.Cy() - (s.camY)*ch - ch/2
	gx := x0 - math.Ceil((x0-mr.X)/cw)*cw
	for x := gx; x < mr.X+mr.W; x += cw {
		s.p.Fill(sub, scenes.R(x, mr.Y, 1, mr.H), scenes.ColPanelHi)
	}
	gy := y0 - math.Ceil((y0-mr.Y)/ch)*ch
	for y := gy; y < mr.Y+mr.H; y += ch {
		s.p.Fill(sub, scenes.R(mr.X, y, mr.W, 1), scenes.ColPanelHi)
	}
	s.drawTiles(a, sub)
	s.drawPlays(a, sub)
	// Peeked goals carry a mark only their viewer sees.
	if a.Shows(s.me) {
		a.Private(s.me)
		for i, g := range s.mine.Peeked {
			if g == saboteur.NoGoal || s.mine.Board.GoalFaceUp(i) {
				continue
			}
			r := s.cellRect(a, saboteur.GoalCells[i])
			col := scenes.ColTextDim
			if g == saboteur.Gold {
				col = scenes.ColGold
			}
			label := s.peekLabel(a, g)
			tw := a.Text.Line(label, a.U(12), a.RTL()).W + a.U(10)
			s.p.Round(sub, scenes.R(r.Cx()-tw/2, r.Y+r.H-r.H*0.24, tw, a.U(18)), a.U(4), scenes.ColTextDark, a.U(2), col)
			scenes.DrawText(a, sub, label, a.U(12), r.Cx(), r.Y+r.H-r.H*0.24+a.U(9), scenes.AlignCenter, col)
		}
	}
	// Targets of the selected or dragged card.
	if s.sel >= 0 && (s.myTurn() || s.m.autoplay) && a.Shows(s.me) {
		for i, t := range s.targets {
			if t.isSeat {
				continue
			}
			r := s.cellRect(a, t.cell)
			c := scenes.ColLegal
			c.A = 70
			if i == s.tsel {
				c.A = 140
			}
			s.p.Fill(sub, r.Inset(a.U(2)), c)
			s.p.Frame(sub, r.Inset(a.U(2)), a.U(2), scenes.ColLegal)
		}
		if s.tsel >= 0 && s.tsel < len(s.targets) && !s.targets[s.tsel].isSeat && !s.drag.started {
			// The keyboard's choice: a ghost of the card where it would go.
			r := s.cellRect(a, s.targets[s.tsel].cell)
			c := s.hand[s.sel].placed()
			if c.Kind == saboteur.Path {
				s.p.Image(sub, s.cardImg(a, c), r.X, r.Y, 1, 1, 0.6)
			}
			s.p.Frame(sub, r, a.U(3), scenes.ColGold)
		}

	}
}

// floor is the colour of the maze's empty ground: the table, a little
// lighter, so the dark tunnels of the cards stand out against it.
func (s *boardScene) floor(a *scenes.App) color.RGBA {
	b := a.Pal.Background
	mix := func(v uint8) uint8 { return uint8(float64(v)*0.75 + 255*0.25*0.55) }
	return color.RGBA{mix(b.R), mix(b.G), mix(b.B), 255}
}

// dragSnap is the lit cell the path card being dragged snaps to, or -1.
func (s *boardScene) dragSnap(a *scenes.App) int {
	if !s.drag.started || s.drag.idx >= len(s.hand) || s.sel != s.drag.idx || s.hand[s.drag.idx].card.Kind != saboteur.Path || !s.myTurn() {
		return -1
	}
	return s.snapTarget(a)
}

// snapReach is how far (in cells) from the dragged card's centre a lit
// cell still catches it.
const snapReach = 1.6

// snapTarget is the legal cell a dragged path card would snap to, or -1.
func (s *boardScene) snapTarget(a *scenes.App) int { return s.snapAt(a, s.drag.x, s.drag.y) }

// snapAt is the lit cell nearest the centre of a hand card whose top-left
// is at (x, y), within snapReach cells, or -1.
func (s *boardScene) snapAt(a *scenes.App, x, y float64) int {
	if !s.L.maze.In(int(x+float64(s.L.cardW)/2), int(y+float64(s.L.cardW)*0.75)) {
		return -1
	}
	cw, ch := s.cellSize(a)
	hw, hh := float64(s.L.cardW)/2, float64(s.L.cardW)*0.75
	px := (x+hw-s.L.maze.Cx())/cw + s.camX
	py := (y+hh-s.L.maze.Cy())/ch + s.camY
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

func (s *boardScene) peekLabel(a *scenes.App, g saboteur.GoalCard) string {
	if g == saboteur.Gold {
		return s.texts.peekGold(a)
	}
	return s.texts.peekCoal(a)
}

func (t *boardTexts) peekGold(a *scenes.App) string { return a.T("card.goal.gold") }
func (t *boardTexts) peekCoal(a *scenes.App) string { return a.T("card.goal.coal") }

// drawTiles draws every card of the maze that is in view, one image each,
// pixel-aligned from the card art's atlas page: they batch with the floor,
// the grid and the panels into one draw call, where a cached layer image
// of the maze cost a draw call (and an allocation in Ebitengine) of its own
// every frame (BenchmarkBoardDrag).
func (s *boardScene) drawTiles(a *scenes.App, dst *ebiten.Image) {
	art := cardArt(a, s.cellW(a))
	mr := s.L.maze
	for _, t := range s.tiles {
		if s.hidden(t.At) {
			continue
		}
		r := s.cellRect(a, t.At)
		if r.X+r.W < mr.X || r.Y+r.H < mr.Y || r.X > mr.X+mr.W || r.Y > mr.Y+mr.H {
			continue
		}
		s.p.Image(dst, art.Card(t.Card), r.X, r.Y, 1, 1, 1)
	}
}

// drawSurround paints the table colour around the maze viewport, over
// whatever of the maze lies outside it.
func (s *boardScene) drawSurround(a *scenes.App, dst *ebiten.Image) {
	mr := s.L.maze
	w, h := float64(a.W), float64(a.H)
	bg := a.Pal.Background
	s.p.Fill(dst, scenes.R(0, 0, w, mr.Y), bg)
	s.p.Fill(dst, scenes.R(0, mr.Y+mr.H, w, h-mr.Y-mr.H), bg)
	s.p.Fill(dst, scenes.R(0, mr.Y, mr.X, mr.H), bg)
	s.p.Fill(dst, scenes.R(mr.X+mr.W, mr.Y, w-mr.X-mr.W, mr.H), bg)
	s.p.Frame(dst, mr, a.U(1), scenes.ColEdge)
}

func (s *boardScene) drawTop(a *scenes.App, dst *ebiten.Image) {
	r := s.L.top
	s.p.Fill(dst, r, scenes.ColPanel)
	s.p.Fill(dst, scenes.R(r.X, r.Y+r.H-a.U(2), r.W, a.U(2)), scenes.ColEdge)
	// The far end keeps the menu button's place free (scenes.MenuButtonRect).
	start, end, al, ar := a.U(16), r.W-a.U(56), scenes.AlignStart, scenes.AlignEnd
	if s.L.rtl {
		start, end, al, ar = r.W-a.U(16), a.U(56), scenes.AlignEnd, scenes.AlignStart
	}
	scenes.DrawText(a, dst, s.texts.round, a.U(18), start, r.Cy(), al, scenes.ColGold)
	col := scenes.ColText
	if s.view.Turn == s.me && s.m.isHuman(s.me) {
		col = scenes.ColGold
	}
	scenes.DrawText(a, dst, s.texts.status, a.U(20), r.Cx(), r.Cy(), scenes.AlignCenter, col)
	// The keys line only where it does not run into the status.
	rtl := a.RTL()
	room := r.W/2 - a.Text.Line(s.texts.status, a.U(20), rtl).W/2 - a.U(80)
	help := s.texts.help(a)
	if s.m.replay {
		help = a.T("scene.replay.keys") // the viewer's keys, not play's
	}
	if a.Text.Line(help, a.U(13), rtl).W < room {
		scenes.DrawText(a, dst, help, a.U(13), end, r.Cy(), ar, scenes.ColTextDim)
	}
}

func (t *boardTexts) help(a *scenes.App) string {
	if t.turnKey == "" {
		t.turnKey = a.T("scene.board.keys")
	}
	return t.turnKey
}

func (s *boardScene) drawPiles(a *scenes.App, dst *ebiten.Image) {
	art := cardArt(a, s.L.pileW())
	d, x := s.L.drawPile, s.L.discard
	if s.view.DrawPile > 0 {
		// A little stack.
		for k := min(s.view.DrawPile/10, 3); k > 0; k-- {
			s.p.Image(dst, art.Back(), d.X+float64(k)*a.U(2), d.Y-float64(k)*a.U(2), 1, 1, 1)
		}
		s.p.Image(dst, art.Back(), d.X, d.Y, 1, 1, 1)
	} else {
		s.p.Round(dst, d, a.U(6), scenes.ColPanel, a.U(2), scenes.ColEdge)
	}
	drop := s.drag.started && s.myTurn()
	edge := scenes.ColEdge
	if drop {
		edge = scenes.ColLegal
	}
	if s.view.Discards > 0 {
		s.p.Image(dst, art.Back(), x.X, x.Y, 1, 1, 0.75)
		if drop {
			s.p.Frame(dst, x, a.U(3), scenes.ColLegal)
		}
	} else {
		s.p.Round(dst, x, a.U(6), scenes.ColPanel, a.U(2), edge)
	}
	scenes.DrawText(a, dst, s.texts.drawLabel(a), a.U(12), d.Cx(), d.Y-a.U(14), scenes.AlignCenter, scenes.ColTextDim)
	scenes.DrawText(a, dst, s.texts.discardLabel(a), a.U(12), x.Cx(), x.Y-a.U(14), scenes.AlignCenter, scenes.ColTextDim)
	scenes.DrawText(a, dst, s.texts.draw, a.U(18), d.Cx(), d.Y+d.H+a.U(14), scenes.AlignCenter, scenes.ColText)
	scenes.DrawText(a, dst, s.texts.discard, a.U(18), x.Cx(), x.Y+x.H+a.U(14), scenes.AlignCenter, scenes.ColText)
}

func (t *boardTexts) drawLabel(a *scenes.App) string    { return a.T("pile.draw") }
func (t *boardTexts) discardLabel(a *scenes.App) string { return a.T("pile.discard") }

func (s *boardScene) drawHand(a *scenes.App, dst *ebiten.Image) {
	area := s.L.handArea
	s.p.Fill(dst, area, scenes.ColPanel)
	s.p.Fill(dst, scenes.R(area.X, area.Y, area.W, a.U(2)), scenes.ColEdge)
	if s.texts.hint != "" {
		// A long hint (Russian at 125%) is set smaller, never wider than
		// the hand's area.
		size, room := a.U(14), area.W-a.U(20)
		if w := a.Text.Line(s.texts.hint, size, a.RTL()).W; w > room {
			size = math.Max(size*room/w, a.U(11))
		}
		scenes.DrawText(a, dst, scenes.Fit(a, s.texts.hint, size, room), size, area.Cx(), area.Y+a.U(14), scenes.AlignCenter, scenes.ColTextDim)
	}
	if s.me < 0 || s.dealing > 0 {
		return
	}
	if !a.Shows(s.me) || s.peekHolds() {
		// Not this screen's holder's (a curtain, another seat's turn at a
		// shared screen), or only a map's goal is for its viewer now: the
		// hand lies face down.
		s.drawHandDown(a, dst)
		return
	}
	a.Private(s.me)
	// The role card, small, beside the hand.
	art := cardArt(a, int(s.L.role.W))
	s.p.Image(dst, art.Role(s.mine.Role), s.L.role.X, s.L.role.Y, 1, 1, 1)
	handArt := cardArt(a, s.L.cardW)
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
		s.p.Image(dst, handArt.Card(h.placed()), h.r.X, h.r.Y, 1, 1, alpha)
		if i == s.sel {
			s.p.Frame(dst, h.r, a.U(3), scenes.ColGold)
		}
		if h.turned {
			// A turned card carries a small gold corner mark.
			s.p.Round(dst, scenes.R(h.r.X+h.r.W-a.U(16), h.r.Y+a.U(4), a.U(12), a.U(12)), a.U(6), scenes.ColGold, a.U(2), scenes.ColTextDark)
		}
	}
}

// drawHandDown draws the hand and the role card face down, where they
// lie: their number is public (R4.2), their faces are not.
func (s *boardScene) drawHandDown(a *scenes.App, dst *ebiten.Image) {
	art := cardArt(a, int(s.L.role.W))
	s.p.Image(dst, art.Role(saboteur.NoRole), s.L.role.X, s.L.role.Y, 1, 1, 1)
	back := cardArt(a, s.L.cardW).Back()
	for i := range s.hand {
		h := &s.hand[i]
		s.p.Image(dst, back, h.r.X, h.r.Y, 1, 1, 1)
	}
}

func (s *boardScene) drawChooser(a *scenes.App, dst *ebiten.Image) {
	ch := &s.chooser
	w, h := float64(a.W), float64(a.H)
	r := scenes.R(w/2-a.U(180), h/2-a.U(90), a.U(360), a.U(180))
	s.p.Round(dst, r, a.U(12), scenes.ColPanel, a.U(3), scenes.ColGold)
	scenes.DrawText(a, dst, a.T("scene.board.which_tool"), a.U(17), r.Cx(), r.Y+a.U(28), scenes.AlignCenter, scenes.ColText)
	size := int(a.U(72))
	art := cardArt(a, s.L.cardW)
	for i, t := range ch.tools {
		ch.r[i] = scenes.R(r.Cx()-a.U(110)+float64(i)*a.U(130), r.Y+a.U(56), a.U(90), a.U(90))
		bg := scenes.ColPanelHi
		if a.Hover(ch.r[i]) {
			bg = scenes.ColButtonHi
		}
		s.p.Round(dst, ch.r[i], a.U(8), bg, a.U(2), scenes.ColEdge)
		s.p.ImageIn(dst, art.Tool(t, true, size), ch.r[i].Inset(a.U(8)), 1)
	}
}
