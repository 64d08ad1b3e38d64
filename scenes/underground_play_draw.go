package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground"
)

// ugComboTokens is the tokens a combo brings: banner plus badge (U4.3).
func ugComboTokens(race, power string) int {
	n := 0
	if r, ok := underground.ParseRace(race); ok {
		n += r.Banner()
	}
	if p, ok := underground.ParsePower(power); ok {
		n += p.Badge()
	}
	return n
}

func (s *ugPlayScene) Draw(a *App, dst *ebiten.Image) {
	s.layout(a)
	dst.Fill(a.pal.Background)
	if s.curtain {
		s.drawCurtain(a, dst)
		return
	}
	s.board.Draw(a, dst, s.l.board.image())
	s.drawOverBoard(a, dst)
	s.drawTop(a, dst)
	s.drawMarket(a, dst)
	s.drawLog(a, dst)
	s.drawPanels(a, dst)
	if s.m.lan != nil { // the connection's state, the newest chat line (incangold_lan.go)
		b := s.l.board
		s.m.lan.lanDraw(a, &s.p, dst, s.t, rect{b.cx() - a.U(270), b.y + a.U(8), a.U(540), a.U(30)})
	}
	s.drawBar(a, dst)
	s.drawScore(a, dst)
	s.drawCoins(a, dst)
	s.drawTip(a, dst)
	if s.shotName != "" && s.t >= s.shotAt {
		a.RequestShot(s.shotName)
		s.shotName = ""
	}
}

// drawOverBoard draws what the scene adds on the map: the die on the
// regions a roll would take (U5.7), the selected stack, the rolling die,
// the banner.
func (s *ugPlayScene) drawOverBoard(a *App, dst *ebiten.Image) {
	u := a.U
	if s.me >= 0 {
		if md := s.moves.mode(s.modeKey); md != nil && s.modeKey != "" {
			for i, mv := range md.regions {
				if mv.Final == "" {
					continue
				}
				if x, y, ok := s.board.RegionCenter(i); ok {
					s.drawDieFace(a, dst, x+u(14), y-u(14), u(16), -1, colText)
				}
			}
		}
		if s.sel >= 0 {
			if x, y, ok := s.board.RegionCenter(s.sel); ok {
				r := u(26)
				s.p.line(dst, x-r, y-r, x+r, y-r, u(3), colGold)
				s.p.line(dst, x-r, y+r, x+r, y+r, u(3), colGold)
				s.p.line(dst, x-r, y-r, x-r, y+r, u(3), colGold)
				s.p.line(dst, x+r, y-r, x+r, y+r, u(3), colGold)
			}
		}
	}
	if s.die.t >= 0 {
		x, y, ok := s.board.RegionCenter(s.die.region)
		if !ok {
			x, y = s.l.board.cx(), s.l.board.cy()
		}
		size := u(44)
		face := s.die.face
		rolling := s.die.t < 45
		if rolling {
			face = int(s.die.t/5) % 6 // tumbling through the faces
			y -= math.Abs(math.Sin(s.die.t/7)) * u(20)
		}
		s.drawDieFace(a, dst, x, y, size, face, colText)
		if !rolling {
			c, key := colLegal, "ug.die.won"
			if s.die.failed {
				c, key = colBad, "ug.die.failed"
			}
			msg := a.T(key, "n", s.die.face)
			tw := s.textWidth(a, msg, u(18)) + u(20)
			s.p.round(dst, rect{x - tw/2, y + size/2 + u(4), tw, u(28)}, u(6), colShade, 0, colShade)
			drawText(a, dst, msg, u(18), x, y+size/2+u(18), alignCenter, c)
		}
	}
	if s.bannerT > 0 && s.banner != "" {
		alpha := math.Min(1, s.bannerT/20)
		r := rect{s.l.board.cx() - u(300), s.l.board.y + u(10), u(600), u(40)}
		c := colPanelHi
		c.A = uint8(float64(c.A) * alpha)
		s.p.round(dst, r, u(8), c, 0, c)
		drawText(a, dst, fit(a, s.banner, u(18), r.w-u(16)), u(18), r.cx(), r.cy(), alignCenter, colGold)
	}
}

// drawDieFace draws the reinforcement die (U1.6) at (x, y): face 0 blank,
// 1 to 3 pips; -1 a small die symbol.
func (s *ugPlayScene) drawDieFace(a *App, dst *ebiten.Image, x, y, size float64, face int, c color.RGBA) {
	r := rect{x - size/2, y - size/2, size, size}
	s.p.round(dst, r, size/6, color.RGBA{0xf4, 0xec, 0xdc, 0xff}, a.U(1.5), colTextDark)
	pip := func(fx, fy float64) {
		d := size / 6
		s.p.round(dst, rect{r.x + fx*size - d/2, r.y + fy*size - d/2, d, d}, d/2, colTextDark, 0, colTextDark)
	}
	switch face {
	case -1:
		pip(0.3, 0.3)
		pip(0.7, 0.7)
	case 1:
		pip(0.5, 0.5)
	case 2:
		pip(0.3, 0.3)
		pip(0.7, 0.7)
	case 3:
		pip(0.27, 0.27)
		pip(0.5, 0.5)
		pip(0.73, 0.73)
	}
}

// drawTop is the top bar: the game turn track (U1.2) and what happens now.
func (s *ugPlayScene) drawTop(a *App, dst *ebiten.Image) {
	u := a.U
	v := &s.m.st.view
	w := float64(a.w)
	s.p.fill(dst, s.l.top, colPanel)
	// The track: one pip per game turn, the current one gold.
	pip := u(20)
	x0 := u(12)
	label := a.T("ug.track", "turn", v.Turn, "turns", v.Turns)
	lx, al := x0, alignStart
	if a.RTL() {
		lx, al = w-x0, alignEnd
	}
	drawText(a, dst, label, u(16), lx, s.l.top.cy(), al, colText)
	tx := x0 + s.textWidth(a, label, u(16)) + u(12)
	for t := 1; t <= v.Turns; t++ {
		r := rect{tx + float64(t-1)*(pip+u(4)), s.l.top.cy() - pip/2, pip, pip}
		if a.RTL() {
			r = r.mirror(w)
		}
		c, e := colPanelHi, colEdge
		switch {
		case t == v.Turn:
			c, e = colGold, colGold
		case t < v.Turn:
			c = colGoldDim
		}
		s.p.round(dst, r, u(4), c, u(1), e)
	}
	// What happens now.
	msg := ""
	switch {
	case s.m.st.over != nil:
		msg = a.T("ug.status.over")
	case s.me >= 0 && s.mine.Step != "": // none while a LAN host answers a move
		msg = a.T("ug.prompt."+s.mine.Step, "name", s.m.name(s.me))
	case s.m.autoplay:
		msg = a.T("ug.hint.autoplay")
	default:
		mover := v.Active
		if len(v.ToMove) > 0 {
			mover = v.ToMove[0]
		}
		msg = a.T("ug.status.playing", "name", s.m.name(mover))
	}
	// The message takes the rest of the bar; the keys go to the side
	// column's heading while nobody acts, and under the controls else.
	trackEnd := tx + float64(v.Turns)*(pip+u(4)) + u(16)
	right := w - u(12)
	if s.me < 0 {
		right = s.l.board.x + s.l.board.w
		if a.RTL() {
			right = w - s.l.board.x
		}
		kx, kal := startOf(a, s.l.side, 0)
		drawText(a, dst, fit(a, a.T("ug.hint.keys"), u(13), s.l.side.w), u(13), kx, s.l.top.cy(), kal, colTextDim)
	} else if n := len(s.buttons); n > 0 {
		// At the bar's far end, when the buttons leave room.
		last := s.buttons[n-1].b.r
		room := s.l.bar.x + s.l.bar.w - (last.x + last.w) - u(16)
		kx, kal := s.l.bar.x+s.l.bar.w, alignEnd
		if a.RTL() {
			room = last.x - s.l.bar.x - u(16)
			kx, kal = s.l.bar.x, alignStart
		}
		if hint := a.T("ug.hint.keys"); s.textWidth(a, hint, u(13)) < room {
			drawText(a, dst, hint, u(13), kx, s.l.bar.cy(), kal, colTextDim)
		}
	}
	size := fitSize(a, msg, u(17), right-trackEnd)
	mx, mal := trackEnd, alignStart
	if a.RTL() {
		mx, mal = w-trackEnd, alignEnd
	}
	drawText(a, dst, fit(a, msg, size, right-trackEnd), size, mx, s.l.top.cy(), mal, colGold)
}

// drawMarket is the six combos (U4.1): banner, badge, tokens, the coins on
// each and the price of each (one coin per combo above, U4.2).
func (s *ugPlayScene) drawMarket(a *App, dst *ebiten.Image) {
	u := a.U
	v := &s.m.st.view
	x, al := startOf(a, s.l.market, u(4))
	drawText(a, dst, a.T("ug.market.title"), u(17), x, s.l.market.y+u(12), al, colGold)
	for i, r := range s.l.combos {
		if i >= len(v.Market) {
			s.p.round(dst, r, u(6), colPanel, u(1), colEdge)
			continue
		}
		c := v.Market[i]
		can := s.me >= 0 && (s.moves.pick[i] != nil || s.moves.step == "swap" && s.moves.swap[i] != nil)
		bg, edge := colPanel, colEdge
		if can {
			edge = colLegal
			if a.Hover(r) {
				bg = colPanelHi
			}
		}
		s.p.round(dst, r, u(6), bg, u(2), edge)
		// The key, the banner's colour, the names, the tokens, the coins,
		// the price: start to end.
		key := rect{r.x + u(4), r.y + u(4), u(22), r.h - u(8)}
		banner := rect{key.x + key.w + u(4), r.y + u(4), u(10), r.h - u(8)}
		text := rect{banner.x + banner.w + u(6), r.y, r.w - u(150), r.h}
		toks := rect{r.x + r.w - u(104), r.y + u(4), u(36), r.h - u(8)}
		coins := rect{r.x + r.w - u(64), r.y + u(4), u(60), r.h - u(8)}
		if a.RTL() {
			key, banner, text, toks, coins = key.mirrorIn(r), banner.mirrorIn(r), text.mirrorIn(r), toks.mirrorIn(r), coins.mirrorIn(r)
		}
		kc := colTextDim
		if can {
			kc = colLegal
		}
		drawText(a, dst, a.Num(i+1), u(16), key.cx(), key.cy(), alignCenter, kc)
		s.p.fill(dst, banner, ugRaceColor(c.Race))
		tx, tal := startOf(a, text, 0)
		drawText(a, dst, fit(a, ugRaceName(a, c.Race), u(16), text.w), u(16), tx, r.y+r.h*0.32, tal, colText)
		drawText(a, dst, fit(a, ugPowerName(a, c.Power), u(14), text.w), u(14), tx, r.y+r.h*0.72, tal, colTextDim)
		s.p.round(dst, toks, u(5), ugRaceColor(c.Race), u(1), colEdge)
		drawText(a, dst, a.Num(ugComboTokens(c.Race, c.Power)), u(17), toks.cx(), toks.cy(), alignCenter, ugInk(ugRaceColor(c.Race)))
		// Coins lying on it, and what it costs.
		drawText(a, dst, a.T("ug.market.coins", "n", c.Coins), u(13), coins.cx(), coins.y+coins.h*0.28, alignCenter, colGold)
		drawText(a, dst, a.T("ug.market.price", "n", i), u(13), coins.cx(), coins.y+coins.h*0.75, alignCenter, colTextDim)
	}
}

// drawLog is the log of every event, the newest at the bottom.
func (s *ugPlayScene) drawLog(a *App, dst *ebiten.Image) {
	u := a.U
	r := s.l.log
	s.p.round(dst, r, u(8), colPanel, u(1), colEdge)
	x, al := startOf(a, r, u(10))
	drawText(a, dst, a.T("ug.log.title"), u(15), x, r.y+u(14), al, colGold)
	size := u(13)
	lh := lineBox(size) + u(2)
	y := r.y + r.h - u(8) - lh/2
	top := r.y + u(28)
	log := s.m.st.log
	for k := len(log) - 1; k >= 0 && y-lh/2 >= top; k-- {
		lines := wrapLines(a, log[k].text, size, r.w-u(20), a.RTL())
		if y-float64(len(lines)-1)*lh-lh/2 < top {
			break
		}
		for j := len(lines) - 1; j >= 0; j-- {
			c := ugSeatColor(log[k].seat)
			if j > 0 {
				c = colTextDim
			}
			drawText(a, dst, lines[j], size, x, y, al, c)
			y -= lh
		}
	}
}

// drawPanels is a panel per seat: its races (Active and In Decline, U8)
// and the tokens in hand, the regions held, whose turn, and the coins of
// the seat the screen is shown to only (Hidden information), all at the
// end.
func (s *ugPlayScene) drawPanels(a *App, dst *ebiten.Image) {
	u := a.U
	v := &s.m.st.view
	held := make([]int, v.Players)
	for _, rv := range v.Regions {
		if rv.Seat >= 0 && rv.Seat < len(held) {
			held[rv.Seat]++
		}
	}
	for i, r := range s.l.panels {
		if i >= len(v.Seats) {
			break
		}
		sv := v.Seats[i]
		bg, edge := colPanel, colEdge
		if i == v.Active && s.m.st.over == nil {
			bg, edge = colPanelHi, colGold
		}
		if s.me == i {
			edge = colLegal
		}
		s.p.round(dst, r, u(8), bg, u(2), edge)
		s.p.fill(dst, rect{r.x + u(8), r.y + u(4), r.w - u(16), u(4)}, ugSeatColor(i))
		x, al := startOf(a, r, u(10))
		w := r.w - u(20)
		y := r.y + u(20)
		name := s.m.name(i)
		if i == v.Active && s.m.st.over == nil {
			name = a.T("ug.panel.turn", "name", name)
		}
		drawText(a, dst, fit(a, name, u(16), w), u(16), x, y, al, colText)
		y += u(20)
		if sv.Active != nil {
			drawText(a, dst, fit(a, ugCombo(a, sv.Active.Race, sv.Active.Power), u(13), w), u(13), x, y, al, ugRaceColorText(sv.Active.Race))
			y += u(16)
			drawText(a, dst, fit(a, a.T("ug.panel.hand", "hand", sv.Active.Hand, "n", held[i]), u(13), w), u(13), x, y, al, colText)
		} else {
			drawText(a, dst, fit(a, a.T("ug.panel.no_active"), u(13), w), u(13), x, y, al, colTextDim)
			y += u(16)
			drawText(a, dst, fit(a, a.T("ug.panel.regions", "n", held[i]), u(13), w), u(13), x, y, al, colText)
		}
		y += u(16)
		if sv.Decline != nil {
			drawText(a, dst, fit(a, a.T("ug.panel.decline", "combo", ugCombo(a, sv.Decline.Race, sv.Decline.Power)), u(13), w), u(13), x, y, al, colTextDim)
		}
		y += u(17)
		coins := a.T("ug.panel.coins_hidden")
		show := s.m.st.over != nil || i == s.viewer && s.m.isHuman(i) || s.m.autoplay
		if show {
			coins = a.T("ug.panel.coins", "n", s.m.st.coins[i])
		}
		drawText(a, dst, fit(a, coins, u(14), w), u(14), x, y, al, colGold)
	}
}

// ugRaceColorText is a race's colour made light enough to read as text
// on a panel.
func ugRaceColorText(code string) color.RGBA {
	c := ugRaceColor(code)
	if 0.299*float64(c.R)+0.587*float64(c.G)+0.114*float64(c.B) < 110 {
		c.R, c.G, c.B = uint8(min(255, int(c.R)+90)), uint8(min(255, int(c.G)+90)), uint8(min(255, int(c.B)+90))
	}
	return c
}

// drawBar is the acting human's controls, or what the table waits for.
func (s *ugPlayScene) drawBar(a *App, dst *ebiten.Image) {
	u := a.U
	if s.me < 0 {
		return
	}
	for i := range s.buttons {
		drawButton(a, &s.p, dst, &s.buttons[i].b)
	}
	if s.refT > 0 && s.refusal != "" {
		r := rect{s.l.board.x + u(20), s.l.bar.y - u(40), s.l.board.w - u(40), u(32)}
		s.p.round(dst, r, u(6), colShade, 0, colShade)
		drawText(a, dst, fit(a, s.refusal, u(15), r.w-u(12)), u(15), r.cx(), r.cy(), alignCenter, colBad)
	}
}

// drawScore is the last turn's scoring, itemised (U9): regions, bonuses
// with their source and rule.
func (s *ugPlayScene) drawScore(a *App, dst *ebiten.Image) {
	e := s.m.st.score
	if s.scoreT <= 0 || e == nil {
		return
	}
	u := a.U
	n := len(e.Items)
	r := rect{s.l.board.x + s.l.board.w - u(330), s.l.board.y + u(60), u(320), u(48) + float64(n)*u(22)}
	if a.RTL() {
		r.x = s.l.board.x + u(10)
	}
	s.p.round(dst, r, u(10), colPanelHi, u(2), colGold)
	drawText(a, dst, fit(a, a.T("ug.score.title", "name", s.m.name(e.Seat), "n", e.Coins), u(17), r.w-u(16)), u(17), r.cx(), r.y+u(20), alignCenter, colGold)
	x, al := startOf(a, r, u(12))
	ex, eal := r.x+r.w-u(12), alignEnd
	if a.RTL() {
		ex, eal = r.x+u(12), alignStart
	}
	y := r.y + u(44)
	for _, it := range e.Items {
		what := ugItemName(a, it)
		if it.From >= 0 {
			what = a.T("ug.score.from", "what", what, "name", s.m.name(it.From))
		}
		drawText(a, dst, fit(a, a.T("ug.score.item", "what", what, "rule", it.Rule), u(14), r.w-u(70)), u(14), x, y, al, colText)
		drawText(a, dst, "+"+a.Num(it.Coins), u(14), ex, y, eal, colGold)
		y += u(22)
	}
}

// drawCoins draws the coins flying from the score card to the scorer's
// panel.
func (s *ugPlayScene) drawCoins(a *App, dst *ebiten.Image) {
	u := a.U
	for _, c := range s.coins {
		t := (c.t - c.delay) / 40
		if t < 0 || c.seat >= len(s.l.panels) {
			continue
		}
		from := rect{s.l.board.x + s.l.board.w - u(170), s.l.board.y + u(80), 0, 0}
		to := s.l.panels[c.seat]
		x := lerp(from.x, to.cx(), easeOut(t))
		y := lerp(from.y, to.y+to.h-u(18), easeOut(t)) - math.Sin(t*math.Pi)*u(60)
		d := u(16)
		s.p.round(dst, rect{x - d/2, y - d/2, d, d}, d/2, colGold, u(1.5), colGoldDim)
	}
}

// drawTip explains the region under the pointer or the keyboard focus in
// one line with its U-number (the board's tip).
func (s *ugPlayScene) drawTip(a *App, dst *ebiten.Image) {
	_, tip := s.board.Hovered()
	if tip == "" {
		return
	}
	u := a.U
	r := rect{s.l.board.x + u(8), s.l.board.y + s.l.board.h - u(34), s.l.board.w - u(16), u(28)}
	s.p.round(dst, r, u(6), colShade, 0, colShade)
	x, al := startOf(a, r, u(10))
	drawText(a, dst, fit(a, tip, u(14), r.w-u(20)), u(14), x, r.cy(), al, colText)
}

// drawCurtain hides the table until the next human takes the screen
// (hotseat): the table shows nobody's coins meanwhile.
func (s *ugPlayScene) drawCurtain(a *App, dst *ebiten.Image) {
	drawTableBackground(a, &s.p, dst)
	w, h := float64(a.w), float64(a.h)
	u := a.U
	key := "ug.curtain.turn"
	if s.mine.Step == "defend" {
		key = "ug.curtain.defend"
	}
	drawText(a, dst, a.T("ug.curtain.pass", "name", s.m.name(s.me)), u(30), w/2, h*0.36, alignCenter, colGold)
	drawWrapped(a, dst, a.T(key, "name", s.m.name(s.me)), u(17), w/2, h*0.36+u(50), w*0.6, alignCenter, colText)
	drawButton(a, &s.p, dst, &s.cover)
}

// settled reports that nothing moves (the screenshot of the board waits
// for it).
func (s *ugPlayScene) settled() bool { return s.busy <= 0 && s.die.t < 0 }
