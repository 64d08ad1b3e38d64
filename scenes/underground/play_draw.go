package underground

import (
	"image/color"
	"math"

	ugart "github.com/goldvein/goldvein/sprites/underground"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
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

func (s *ugPlayScene) Draw(a *scenes.App, dst *ebiten.Image) {
	s.layout(a)
	// The board paints the whole of its rectangle (the rock under the
	// map), so the background goes only around it: a fill of half the
	// screen fewer for a software GL to make every frame (issue 28).
	br := s.l.board.Image()
	s.p.FillAround(dst, br, a.Pal.Background)
	s.board.Draw(a, dst, br)
	s.drawOverBoard(a, dst)
	s.drawTop(a, dst)
	s.drawMarket(a, dst)
	s.drawLog(a, dst)
	s.drawPanels(a, dst)
	if s.m.lan != nil { // the table talk, the connection's state, the host's newest notice (lan.go)
		ugDrawChat(s.m.lan, a, s, dst)
		b := s.l.board
		s.m.lan.DrawStatus(a, &s.p, dst, s.t, scenes.R(b.Cx()-a.U(270), b.Y+a.U(8), a.U(540), a.U(30)))
	}
	s.drawBar(a, dst)
	s.drawCoach(a, dst) // the guided game's coach (tutorial.go)
	s.drawScore(a, dst)
	s.drawCoins(a, dst)
	if s.cur.Covering() {
		// The curtain over the public table (nobody's coins show).
		s.cur.Draw(a, dst)
		return
	}
	s.drawLane(a, dst)
	s.drawFocus(a, dst)
	s.drawCard(a, dst)
	if s.shotName != "" && s.t >= s.shotAt {
		a.RequestShot(s.shotName)
		s.shotName = ""
	}
}

// drawOverBoard draws what the scene adds on the map: the die on the
// regions a roll would take (U5.7), the selected stack, the rolling die,
// the banner.
func (s *ugPlayScene) drawOverBoard(a *scenes.App, dst *ebiten.Image) {
	u := a.U
	if s.me >= 0 {
		if md := s.moves.mode(s.modeKey); md != nil && s.modeKey != "" {
			for i, mv := range md.regions {
				if mv.Final == "" {
					continue
				}
				if x, y, ok := s.board.RegionCenter(i); ok {
					s.drawDieFace(a, dst, x+u(14), y-u(14), u(16), -1, scenes.ColText)
				}
			}
		}
		if s.sel >= 0 {
			if x, y, ok := s.board.RegionCenter(s.sel); ok {
				r := u(26)
				s.p.Line(dst, x-r, y-r, x+r, y-r, u(3), scenes.ColGold)
				s.p.Line(dst, x-r, y+r, x+r, y+r, u(3), scenes.ColGold)
				s.p.Line(dst, x-r, y-r, x-r, y+r, u(3), scenes.ColGold)
				s.p.Line(dst, x+r, y-r, x+r, y+r, u(3), scenes.ColGold)
			}
		}
	}
	if s.flashT > 0 {
		// A clicked log line's region, pulsing.
		if x, y, ok := s.board.RegionCenter(s.flash); ok {
			c := scenes.ColGold
			c.A = uint8(255 * (0.5 + 0.5*math.Abs(math.Sin(s.flashT/6))))
			r := u(30)
			s.p.Frame(dst, scenes.R(x-r, y-r, 2*r, 2*r), u(4), c)
		}
	}
	if s.die.t >= 0 {
		x, y, ok := s.board.RegionCenter(s.die.region)
		if !ok {
			x, y = s.l.board.Cx(), s.l.board.Cy()
		}
		size := u(44)
		face := s.die.face
		rolling := s.die.t < 45
		if rolling {
			face = int(s.die.t/5) % 6 // tumbling through the faces
			y -= math.Abs(math.Sin(s.die.t/7)) * u(20)
		}
		s.drawDieFace(a, dst, x, y, size, face, scenes.ColText)
		if !rolling {
			c, key := scenes.ColLegal, "ug.die.won"
			if s.die.failed {
				c, key = scenes.ColBad, "ug.die.failed"
			}
			msg := a.T(key, "n", s.die.face)
			tw := s.textWidth(a, msg, u(18)) + u(20)
			s.p.Round(dst, scenes.R(x-tw/2, y+size/2+u(4), tw, u(28)), u(6), scenes.ColShade, 0, scenes.ColShade)
			scenes.DrawText(a, dst, msg, u(18), x, y+size/2+u(18), scenes.AlignCenter, c)
		}
	}
}

// drawDieFace draws the reinforcement die (U1.6) at (x, y): face 0 blank,
// 1 to 3 pips; -1 a small die symbol.
func (s *ugPlayScene) drawDieFace(a *scenes.App, dst *ebiten.Image, x, y, size float64, face int, c color.RGBA) {
	r := scenes.R(x-size/2, y-size/2, size, size)
	s.p.Round(dst, r, size/6, color.RGBA{0xf4, 0xec, 0xdc, 0xff}, a.U(1.5), scenes.ColTextDark)
	pip := func(fx, fy float64) {
		d := size / 6
		s.p.Round(dst, scenes.R(r.X+fx*size-d/2, r.Y+fy*size-d/2, d, d), d/2, scenes.ColTextDark, 0, scenes.ColTextDark)
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
func (s *ugPlayScene) drawTop(a *scenes.App, dst *ebiten.Image) {
	u := a.U
	v := &s.m.st.view
	w := float64(a.W)
	s.p.Fill(dst, s.l.top, scenes.ColPanel)
	// The track: one pip per game turn, the current one gold.
	pip := u(20)
	x0 := u(12)
	label := a.T("ug.track", "turn", v.Turn, "turns", v.Turns)
	lx, al := x0, scenes.AlignStart
	if a.RTL() {
		lx, al = w-x0, scenes.AlignEnd
	}
	scenes.DrawText(a, dst, label, u(16), lx, s.l.top.Cy(), al, scenes.ColText)
	tx := x0 + s.textWidth(a, label, u(16)) + u(12)
	for t := 1; t <= v.Turns; t++ {
		r := scenes.R(tx+float64(t-1)*(pip+u(4)), s.l.top.Cy()-pip/2, pip, pip)
		if a.RTL() {
			r = r.Mirror(w)
		}
		c, e := scenes.ColPanelHi, scenes.ColEdge
		switch {
		case t == v.Turn:
			c, e = scenes.ColGold, scenes.ColGold
		case t < v.Turn:
			c = scenes.ColGoldDim
		}
		s.p.Round(dst, r, u(4), c, u(1), e)
	}
	// What happens now.
	mover := v.Active // the first seat the view owes a move, else the active one
	if len(v.ToMove) > 0 {
		mover = v.ToMove[0]
	}
	msg := ""
	switch {
	case s.m.st.over != nil:
		msg = a.T("ug.status.over")
	case s.me >= 0 && s.mine.Step != "": // none while a LAN host answers a move
		msg = a.T("ug.prompt."+s.mine.Step, "name", s.m.name(s.me))
	case s.m.replay: // no one is playing now: whose turn it was
		msg = a.T("turn.of", "name", s.m.name(mover))
	case s.m.autoplay:
		msg = a.T("ug.hint.autoplay")
	default:
		msg = ugYouSay(a, s.m, "ug.status.playing", mover, "name", s.m.name(mover))
	}
	// The message takes the rest of the bar; the keys go to the side
	// column's heading while nobody acts, and under the controls else.
	trackEnd := tx + float64(v.Turns)*(pip+u(4)) + u(16)
	right := w - u(56) // the menu button's corner stays free (scenes.MenuButtonRect)
	if s.me < 0 {
		right = s.l.board.X + s.l.board.W
		if a.RTL() {
			right = w - s.l.board.X
		}
		kx, kal := scenes.StartOf(a, s.l.side, 0)
		scenes.DrawText(a, dst, scenes.Fit(a, s.keysHint(a), u(13), s.l.side.W-u(52)), u(13), kx, s.l.top.Cy(), kal, scenes.ColTextDim)
	} else if n := len(s.buttons); n > 0 {
		// At the bar's far end, when the buttons leave room.
		last := s.buttons[n-1].b.R
		room := s.l.bar.X + s.l.bar.W - (last.X + last.W) - u(16)
		kx, kal := s.l.bar.X+s.l.bar.W, scenes.AlignEnd
		if a.RTL() {
			room = last.X - s.l.bar.X - u(16)
			kx, kal = s.l.bar.X, scenes.AlignStart
		}
		if hint := s.keysHint(a); s.textWidth(a, hint, u(13)) < room {
			scenes.DrawText(a, dst, hint, u(13), kx, s.l.bar.Cy(), kal, scenes.ColTextDim)
		}
	}
	size := scenes.FitSize(a, msg, u(17), right-trackEnd)
	mx, mal := trackEnd, scenes.AlignStart
	if a.RTL() {
		mx, mal = w-trackEnd, scenes.AlignEnd
	}
	scenes.DrawText(a, dst, scenes.Fit(a, msg, size, right-trackEnd), size, mx, s.l.top.Cy(), mal, scenes.ColGold)
}

// drawMarket is the six combos (U4.1): banner, badge, tokens, the coins on
// each and the price of each (one coin per combo above, U4.2).
func (s *ugPlayScene) drawMarket(a *scenes.App, dst *ebiten.Image) {
	u := a.U
	v := &s.m.st.view
	x, al := scenes.StartOf(a, s.l.market, u(4))
	scenes.DrawText(a, dst, a.T("ug.market.title"), u(17), x, s.l.market.Y+u(12), al, scenes.ColGold)
	for i, r := range s.l.combos {
		if i >= len(v.Market) {
			s.p.Round(dst, r, u(6), scenes.ColPanel, u(1), scenes.ColEdge)
			continue
		}
		c := v.Market[i]
		can := s.me >= 0 && (s.moves.pick[i] != nil || s.moves.step == "swap" && s.moves.swap[i] != nil)
		bg, edge := scenes.ColPanel, scenes.ColEdge
		if can {
			edge = scenes.ColLegal
			if a.Hover(r) {
				bg = scenes.ColPanelHi
			}
		}
		s.p.Round(dst, r, u(6), bg, u(2), edge)
		// The key, the banner's colour, the names, the tokens, the coins,
		// the price: start to end.
		key := scenes.R(r.X+u(4), r.Y+u(4), u(22), r.H-u(8))
		banner := scenes.R(key.X+key.W+u(4), r.Y+u(4), u(10), r.H-u(8))
		text := scenes.R(banner.X+banner.W+u(6), r.Y, r.W-u(150), r.H)
		toks := scenes.R(r.X+r.W-u(104), r.Y+u(4), u(36), r.H-u(8))
		coins := scenes.R(r.X+r.W-u(64), r.Y+u(4), u(60), r.H-u(8))
		if a.RTL() {
			key, banner, text, toks, coins = key.MirrorIn(r), banner.MirrorIn(r), text.MirrorIn(r), toks.MirrorIn(r), coins.MirrorIn(r)
		}
		kc := scenes.ColTextDim
		if can {
			kc = scenes.ColLegal
		}
		scenes.DrawText(a, dst, a.Num(i+1), u(16), key.Cx(), key.Cy(), scenes.AlignCenter, kc)
		s.p.Fill(dst, banner, ugart.RaceColor(c.Race, a.Settings.ColorBlind))
		tx, tal := scenes.StartOf(a, text, 0)
		scenes.DrawText(a, dst, scenes.Fit(a, ugRaceName(a, c.Race), u(16), text.W), u(16), tx, r.Y+r.H*0.32, tal, scenes.ColText)
		scenes.DrawText(a, dst, scenes.Fit(a, ugPowerName(a, c.Power), u(14), text.W), u(14), tx, r.Y+r.H*0.72, tal, scenes.ColTextDim)
		s.p.Round(dst, toks, u(5), ugart.RaceColor(c.Race, a.Settings.ColorBlind), u(1), scenes.ColEdge)
		scenes.DrawText(a, dst, a.Num(ugComboTokens(c.Race, c.Power)), u(17), toks.Cx(), toks.Cy(), scenes.AlignCenter, ugart.Ink(ugart.RaceColor(c.Race, a.Settings.ColorBlind)))
		// Coins lying on it, and what it costs.
		scenes.DrawText(a, dst, a.T("ug.market.coins", "n", c.Coins), u(13), coins.Cx(), coins.Y+coins.H*0.28, scenes.AlignCenter, scenes.ColGold)
		scenes.DrawText(a, dst, a.T("ug.market.price", "n", i), u(13), coins.Cx(), coins.Y+coins.H*0.75, scenes.AlignCenter, scenes.ColTextDim)
	}
}

// drawLog is the log of the whole game (scenes.Log), the newest at the
// bottom unless the reader scrolled back.
func (s *ugPlayScene) drawLog(a *scenes.App, dst *ebiten.Image) {
	s.m.st.log.Draw(a, &s.p, dst, s.l.log, a.T("ug.log.title"))
}

// drawPanels is a panel per seat: its races (Active and In Decline, U8)
// and the tokens in hand, the regions held, whose turn, and the coins of
// the seat the screen is shown to only (Hidden information), all at the
// end.
func (s *ugPlayScene) drawPanels(a *scenes.App, dst *ebiten.Image) {
	u := a.U
	v := &s.m.st.view
	// Active and In Decline regions are counted apart (U8).
	held := make([]int, v.Players)
	declined := make([]int, v.Players)
	for _, rv := range v.Regions {
		if rv.Seat >= 0 && rv.Seat < len(held) && rv.Tokens > 0 {
			if rv.Decline {
				declined[rv.Seat]++
			} else {
				held[rv.Seat]++
			}
		}
	}
	for i, r := range s.l.panels {
		if i >= len(v.Seats) {
			break
		}
		sv := v.Seats[i]
		bg, edge := scenes.ColPanel, scenes.ColEdge
		if i == v.Active && s.m.st.over == nil {
			bg, edge = scenes.ColPanelHi, scenes.ColGold
		}
		if s.me == i {
			edge = scenes.ColLegal
		}
		s.p.Round(dst, r, u(8), bg, u(2), edge)
		s.p.Fill(dst, scenes.R(r.X+u(8), r.Y+u(4), r.W-u(16), u(4)), ugSeatColor(a, i))
		x, al := scenes.StartOf(a, r, u(10))
		w := r.W - u(20)
		y := r.Y + u(20)
		name := s.m.name(i)
		if i == v.Active && s.m.st.over == nil {
			name = a.T("ug.panel.turn", "name", name)
		}
		nameW := w
		if i == v.First && s.m.lan == nil {
			// The first player, drawn at random (U2.7): said on its panel.
			first := scenes.Fit(a, a.T("ug.panel.first"), u(12), w/2)
			fx, fal := r.X+r.W-u(10), scenes.AlignEnd
			if a.RTL() {
				fx, fal = r.X+u(10), scenes.AlignStart
			}
			scenes.DrawText(a, dst, first, u(12), fx, y, fal, scenes.ColGold)
			nameW = w - s.textWidth(a, first, u(12)) - u(8)
		}
		if kind, away := s.m.seatKind(a, i); kind != "" {
			// A LAN table's host, guest or away seat (lan.go), on the far
			// side of the name line; the name keeps at least half.
			kind = scenes.Fit(a, kind, u(12), w/2)
			kw := s.textWidth(a, kind, u(12))
			kx, kal := r.X+r.W-u(10), scenes.AlignEnd
			if a.RTL() {
				kx, kal = r.X+u(10), scenes.AlignStart
			}
			kc := scenes.ColTextDim
			if away {
				kc = scenes.ColBad
			}
			scenes.DrawText(a, dst, kind, u(12), kx, y, kal, kc)
			nameW = w - kw - u(8)
		}
		scenes.DrawText(a, dst, scenes.Fit(a, name, u(16), nameW), u(16), x, y, al, scenes.ColText)
		y += u(20)
		if sv.Active != nil {
			scenes.DrawText(a, dst, scenes.Fit(a, ugCombo(a, sv.Active.Race, sv.Active.Power), u(13), w), u(13), x, y, al, ugRaceColorText(a, sv.Active.Race))
			y += u(16)
			hand := a.T("ug.panel.hand", "hand", sv.Active.Hand, "n", held[i])
			if sv.ArmorHand > 0 {
				// Mushroom Armor taken and still to place (U13.14).
				hand = a.T("ug.panel.hand_armor", "hand", sv.Active.Hand, "armor", sv.ArmorHand, "n", held[i])
			}
			scenes.DrawText(a, dst, scenes.Fit(a, hand, u(13), w), u(13), x, y, al, scenes.ColText)
		} else {
			scenes.DrawText(a, dst, scenes.Fit(a, a.T("ug.panel.no_active"), u(13), w), u(13), x, y, al, scenes.ColTextDim)
			y += u(16)
			scenes.DrawText(a, dst, scenes.Fit(a, a.T("ug.panel.regions", "n", held[i]), u(13), w), u(13), x, y, al, scenes.ColText)
		}
		y += u(16)
		if sv.Decline != nil {
			scenes.DrawText(a, dst, scenes.Fit(a, a.T("ug.panel.decline_n", "combo", ugCombo(a, sv.Decline.Race, sv.Decline.Power), "n", declined[i]), u(13), w), u(13), x, y, al, scenes.ColTextDim)
		}
		y += u(17)
		// Coins are private until the end (Hidden information): only
		// the seat the screen is handed to sees its own.
		coins := a.T("ug.panel.coins_hidden")
		switch {
		case s.m.st.over != nil || s.m.autoplay:
			coins = a.T("ug.panel.coins", "n", s.m.st.coins[i])
		case a.Shows(i):
			a.Private(i)
			coins = a.T("ug.panel.coins", "n", s.m.st.coins[i])
		}
		scenes.DrawText(a, dst, scenes.Fit(a, coins, u(14), w), u(14), x, y, al, scenes.ColGold)
	}
}

// ugRaceColorText is a race's colour made light enough to read as text
// on a panel.
func ugRaceColorText(a *scenes.App, code string) color.RGBA {
	c := ugart.RaceColor(code, a.Settings.ColorBlind)
	if 0.299*float64(c.R)+0.587*float64(c.G)+0.114*float64(c.B) < 110 {
		c.R, c.G, c.B = uint8(min(255, int(c.R)+90)), uint8(min(255, int(c.G)+90)), uint8(min(255, int(c.B)+90))
	}
	return c
}

// drawBar is the acting human's controls, or what the table waits for.
func (s *ugPlayScene) drawBar(a *scenes.App, dst *ebiten.Image) {
	if s.me < 0 || s.cur.Covering() {
		return
	}
	for i := range s.buttons {
		scenes.DrawButton(a, &s.p, dst, &s.buttons[i].b)
	}
}

// drawScore is the last turn's scoring, itemised (U9): regions, bonuses
// with their source and rule.
func (s *ugPlayScene) drawScore(a *scenes.App, dst *ebiten.Image) {
	e := s.m.st.score
	if s.scoreT <= 0 || e == nil {
		return
	}
	u := a.U
	n := len(e.Items)
	r := scenes.R(s.l.board.X+s.l.board.W-u(330), s.l.board.Y+u(60), u(320), u(48)+float64(n)*u(22))
	if a.RTL() {
		r.X = s.l.board.X + u(10)
	}
	s.p.Round(dst, r, u(10), scenes.ColPanelHi, u(2), scenes.ColGold)
	scenes.DrawText(a, dst, scenes.Fit(a, ugYouSay(a, s.m, "ug.score.title", e.Seat, "name", s.m.name(e.Seat), "n", e.Coins), u(17), r.W-u(16)), u(17), r.Cx(), r.Y+u(20), scenes.AlignCenter, scenes.ColGold)
	x, al := scenes.StartOf(a, r, u(12))
	ex, eal := r.X+r.W-u(12), scenes.AlignEnd
	if a.RTL() {
		ex, eal = r.X+u(12), scenes.AlignStart
	}
	y := r.Y + u(44)
	for _, it := range e.Items {
		what := ugItemName(a, it)
		if it.From >= 0 {
			what = a.T("ug.score.from", "what", what, "name", s.m.name(it.From))
		}
		scenes.DrawText(a, dst, scenes.Fit(a, a.T("ug.score.item", "what", what, "rule", it.Rule), u(14), r.W-u(70)), u(14), x, y, al, scenes.ColText)
		scenes.DrawText(a, dst, "+"+a.Num(it.Coins), u(14), ex, y, eal, scenes.ColGold)
		y += u(22)
	}
}

// drawCoins draws the coins flying from the score card to the scorer's
// panel.
func (s *ugPlayScene) drawCoins(a *scenes.App, dst *ebiten.Image) {
	u := a.U
	for _, c := range s.coins {
		t := (c.t - c.delay) / 40
		if t < 0 || c.seat >= len(s.l.panels) {
			continue
		}
		from := scenes.R(s.l.board.X+s.l.board.W-u(170), s.l.board.Y+u(80), 0, 0)
		to := s.l.panels[c.seat]
		x := scenes.Lerp(from.X, to.Cx(), scenes.EaseOut(t))
		y := scenes.Lerp(from.Y, to.Y+to.H-u(18), scenes.EaseOut(t)) - math.Sin(t*math.Pi)*u(60)
		d := u(16)
		s.p.Round(dst, scenes.R(x-d/2, y-d/2, d, d), d/2, scenes.ColGold, u(1.5), scenes.ColGoldDim)
	}
}

// drawLane is the strip between the map and the controls, which shows one
// thing at a time, the most pressing first: the open question (ask.go),
// a refusal, the region under the pointer or the keyboard focus in one
// line with its U-number (the board's tip), or the turn banner. Nothing
// there covers the map or another message (issue 25 item 8).
func (s *ugPlayScene) drawLane(a *scenes.App, dst *ebiten.Image) {
	u := a.U
	r := s.l.lane
	_, tip := s.board.Hovered()
	text, c, al := "", scenes.ColText, scenes.AlignStart
	switch {
	case s.ask != nil && s.me >= 0:
		text, c = s.ask.text, scenes.ColGold
	case s.refT > 0 && s.refusal != "":
		text, c = s.refusal, scenes.ColBad
	case tip != "":
		text = tip
	case s.bannerT > 0 && s.banner != "":
		text, c, al = s.banner, scenes.ColGold, scenes.AlignCenter
	}
	if text == "" {
		return
	}
	s.p.Round(dst, r, u(6), scenes.ColShade, 0, scenes.ColShade)
	x := r.Cx()
	if al != scenes.AlignCenter {
		x, al = scenes.StartOf(a, r, u(10))
	}
	size := scenes.FitSize(a, text, u(15), r.W-u(20))
	scenes.DrawText(a, dst, scenes.Fit(a, text, size, r.W-u(20)), size, x, r.Cy(), al, c)
}

// Settled reports that nothing moves (the screenshot of the board waits
// for it).
func (s *ugPlayScene) Settled() bool {
	return s.busy <= 0 && s.die.t < 0 && !s.board.painting()
}

// keysHint is the keys line: play's, or in the replay viewer the
// viewer's (its arrows, Home, End, Esc), since no one plays there.
func (s *ugPlayScene) keysHint(a *scenes.App) string {
	if s.m.replay {
		return a.T("scene.replay.keys")
	}
	return a.T("ug.hint.keys")
}
