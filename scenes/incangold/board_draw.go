package incangold

import (
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

func (s *igBoardScene) Draw(a *scenes.App, dst *ebiten.Image) {
	s.layout(a)
	scenes.DrawTableBackground(a, &s.p, dst)
	st := &s.m.st
	s.drawTrack(a, dst)
	s.drawStatus(a, dst)
	s.drawDeck(a, dst)
	s.drawPath(a, dst)
	s.m.log.Draw(a, &s.p, dst, s.l.log, a.T("ig.log.title"))
	s.drawHazards(a, dst)
	for i := range s.l.panels {
		s.drawPanel(a, dst, i)
	}
	if s.chooser >= 0 && !s.curtain && a.Shows(s.chooser) {
		s.drawChoice(a, dst)
	} else {
		s.drawWaiting(a, dst)
	}
	s.drawCoach(a, dst) // the guided round's coach (tutorial.go)
	if s.m.lan != nil {
		igDrawChat(s.m.lan, a, s, dst) // the table talk (lan.go)
	}
	s.drawAnims(a, dst)
	if s.bannerT > 0 && s.banner != "" {
		al := float32(math.Min(1, s.bannerT/15))
		pw := s.l.path.W // over the path, clear of the log
		size := scenes.FitSize(a, s.banner, a.U(34), pw-a.U(60))
		bw := min(pw, max(math.Min(a.U(440), pw), a.Text.Line(s.banner, size, a.RTL()).W+a.U(60)))
		r := scenes.R(s.l.path.Cx()-bw/2, s.l.path.Cy()-a.U(40), bw, a.U(80))
		c := scenes.ColPanelHi
		c.A = uint8(float32(c.A) * al)
		s.p.Round(dst, r, a.U(12), c, 0, scenes.ColGold)
		g := scenes.ColGold
		g.A = uint8(255 * al)
		scenes.DrawText(a, dst, s.banner, size, r.Cx(), r.Cy(), scenes.AlignCenter, g)
	}
	if s.m.lan != nil {
		igDrawBoard(s.m.lan, a, s, dst) // the connection's state, the host's newest notice
	}
	if s.curtain {
		// Over the public table: the reveal before it stays in view.
		s.veil.Draw(a, dst)
	}
	_ = st
}

// drawTrack draws the five temple cards: the rounds played, the one in
// play lit, and under each past one how it ended.
func (s *igBoardScene) drawTrack(a *scenes.App, dst *ebiten.Image) {
	st := &s.m.st
	art := igArt(a, int(s.l.track[0].W))
	for i, r := range s.l.track {
		round := i + 1
		alpha := float32(1)
		if round > st.round {
			alpha = 0.45
		}
		s.p.Image(dst, art.Temple(round == st.round), r.X, r.Y, 1, 1, alpha)
		scenes.DrawText(a, dst, a.Num(round), a.U(14), r.Cx(), r.Y+r.H*0.22, scenes.AlignCenter, scenes.ColText)
		if round == st.round {
			s.p.Frame(dst, scenes.R(r.X-a.U(2), r.Y-a.U(2), r.W+a.U(4), r.H+a.U(4)), a.U(2), scenes.ColGold)
		}
		if i < len(st.rounds) && st.rounds[i].bust.IsHazard() {
			s.p.Round(dst, scenes.R(r.Cx()-a.U(6), r.Y+r.H+a.U(4), a.U(12), a.U(12)), a.U(6), colDanger, 0, colDanger)
		} else if i < len(st.rounds) {
			s.p.Round(dst, scenes.R(r.Cx()-a.U(6), r.Y+r.H+a.U(4), a.U(12), a.U(12)), a.U(6), scenes.ColLegal, 0, scenes.ColLegal)
		}
	}
	r0, r4 := s.l.track[0], s.l.track[4]
	cx := (r0.Cx() + r4.Cx()) / 2
	scenes.DrawText(a, dst, a.T("round.number", "n", max(st.round, 1), "total", incangold.Rounds), a.U(14), cx, r0.Y+r0.H+a.U(26), scenes.AlignCenter, scenes.ColTextDim)
}

// drawStatus is the line at the top: who is in the temple, the pool, and
// what the table waits for.
func (s *igBoardScene) drawStatus(a *scenes.App, dst *ebiten.Image) {
	st := &s.m.st
	r := s.l.status
	title, tc := a.N("ig.explorers", st.explorers()), scenes.ColGold
	switch {
	case st.cur.bust.IsHazard():
		title, tc = a.T("ig.collapse"), colDanger
	case st.explorers() == 0 && len(st.path) > 0:
		title = a.T("ig.all_out")
	}
	scenes.DrawText(a, dst, scenes.Fit(a, title, a.U(24), r.W), a.U(24), r.Cx(), r.Y+a.U(22), scenes.AlignCenter, tc)
	pool := a.N("ig.pool", st.pool)
	scenes.DrawText(a, dst, pool, a.U(17), r.Cx(), r.Y+a.U(52), scenes.AlignCenter, colTurq)
	hint := a.T("ig.hint.keys")
	switch {
	case s.m.replay:
		hint = a.T("scene.replay.keys") // the viewer's keys, not play's
	case s.m.autoplay:
		hint = a.T("ig.hint.autoplay")
	}
	scenes.DrawText(a, dst, scenes.Fit(a, hint, a.U(13), r.W), a.U(13), r.Cx(), r.Y+a.U(78), scenes.AlignCenter, scenes.ColTextDim)
}

// drawDeck says what the deck still holds, and (a setting) the chance
// that the next card ends the round.
func (s *igBoardScene) drawDeck(a *scenes.App, dst *ebiten.Image) {
	st := &s.m.st
	r := s.l.deck
	s.p.Round(dst, r, a.U(8), scenes.ColPanel, a.U(1), scenes.ColEdge)
	d := st.deck()
	haz := 0
	for _, k := range d.Hazards {
		haz += k
	}
	art := igArt(a, int(a.U(36)))
	bx := r.X + a.U(10)
	if a.RTL() {
		bx = r.X + r.W - a.U(10) - float64(art.Width())
	}
	s.p.Image(dst, art.Back(), bx, r.Y+a.U(10), 1, 1, 1)
	tx, al := scenes.StartOf(a, scenes.R(r.X+a.U(54), r.Y, r.W-a.U(54), r.H), a.U(4))
	if a.RTL() {
		tx, al = scenes.StartOf(a, scenes.R(r.X, r.Y, r.W-a.U(54), r.H), a.U(4))
	}
	tw := r.W - a.U(64)
	scenes.DrawText(a, dst, scenes.Fit(a, a.N("ig.deck.cards", d.Size()), a.U(16), tw), a.U(16), tx, r.Y+a.U(18), al, scenes.ColText)
	line := a.N("ig.deck.treasures", len(d.Treasures)) + " · " + a.N("ig.deck.hazards", haz)
	if !st.opts.Diamant {
		line += " · " + a.N("ig.deck.artifacts", len(d.Artifacts))
	}
	scenes.DrawText(a, dst, scenes.Fit(a, line, a.U(13), tw), a.U(13), tx, r.Y+a.U(42), al, scenes.ColTextDim)
	if s.m.setup.ShowChance {
		cards, size := st.bustChance()
		pct := 0
		if size > 0 {
			pct = int(math.Round(100 * float64(cards) / float64(size)))
		}
		c := scenes.ColLegal
		if pct >= 20 {
			c = colDanger
		}
		scenes.DrawText(a, dst, scenes.Fit(a, a.T("ig.deck.chance", "pct", a.Num(pct), "cards", a.Num(cards), "size", a.Num(size)), a.U(13), tw), a.U(13), tx, r.Y+a.U(66), al, c)
	} else {
		scenes.DrawText(a, dst, scenes.Fit(a, a.N("ig.deck.path", len(st.path)), a.U(13), tw), a.U(13), tx, r.Y+a.U(66), al, scenes.ColTextDim)
	}
}

// drawPath lays the round's cards, each turning over as it comes, with
// the gems of its remainder lying on it; a bust shakes it.
func (s *igBoardScene) drawPath(a *scenes.App, dst *ebiten.Image) {
	st := &s.m.st
	art := igArt(a, int(s.l.cardW))
	dx := 0.0
	if s.shake > 0 {
		dx = math.Sin(float64(s.t)*1.7) * a.U(7) * math.Min(1, s.shake/30)
	}
	if len(st.path) == 0 {
		r := s.pathCard(a, 0)
		s.p.Round(dst, r, a.U(4), scenes.ColPanel, a.U(1), scenes.ColEdge)
		return
	}
	for i, pc := range st.path {
		r := s.pathCard(a, i)
		r.X += dx
		age := float64(s.t-pc.born) * s.sp
		const flip = 22.0
		img := art.Card(pc.card)
		sx := 1.0
		if age < flip {
			k := age / flip
			sx = math.Abs(math.Cos(math.Pi * k))
			if k < 0.5 {
				img = art.Back()
			}
			r.Y -= math.Sin(math.Pi*k) * a.U(10)
		}
		bust := i == len(st.path)-1 && st.cur.bust == pc.card && pc.card.IsHazard()
		if bust {
			s.p.Round(dst, scenes.R(r.X-a.U(4), r.Y-a.U(4), r.W+a.U(8), r.H+a.U(8)), a.U(6), colDanger, 0, colDanger)
		}
		s.p.ImageCentered(dst, img, r.Cx(), r.Cy(), sx*r.W/float64(img.Bounds().Dx()), r.H/float64(img.Bounds().Dy()), 0, 1)
		if age < flip*0.5 {
			continue
		}
		switch {
		case pc.card.IsTreasure():
			scenes.DrawText(a, dst, a.Num(pc.card.Value()), a.U(18), r.Cx(), r.Y+r.H*0.18, scenes.AlignCenter, scenes.ColText)
			if pc.gems > 0 {
				g := scenes.R(r.Cx()-a.U(17), r.Y+r.H-a.U(30), a.U(34), a.U(22))
				s.p.Round(dst, g, a.U(10), scenes.ColTextDark, a.U(1), colTurq)
				s.gem(dst, g.X+a.U(9), g.Cy(), a.U(5), colTurq)
				scenes.DrawText(a, dst, a.Num(pc.gems), a.U(14), g.X+a.U(23), g.Cy(), scenes.AlignCenter, scenes.ColText)
			}
		case pc.card.IsArtifact():
			w := 0
			if s.m.st.opts.Artifacts2020 && !s.m.st.opts.Diamant {
				w = incangold.Artifacts2020Worth[pc.card.Temple()]
			} else {
				w = incangold.ClaimWorth(st.opts, pc.card, st.claimed+1)
			}
			scenes.DrawText(a, dst, a.Num(w), a.U(16), r.Cx(), r.Y+r.H*0.16, scenes.AlignCenter, scenes.ColGold)
		case pc.card.IsHazard():
			scenes.DrawText(a, dst, scenes.Fit(a, a.T("ig.hazard."+pc.card.Kind().String()), a.U(12), r.W-a.U(6)), a.U(12), r.Cx(), r.Y+r.H*0.14, scenes.AlignCenter, scenes.ColText)
		}
	}
}

// gem draws one small gem (a diamond) centred at (x, y).
func (s *igBoardScene) gem(dst *ebiten.Image, x, y, r float64, c color.RGBA) {
	s.p.Op.GeoM.Reset()
	s.p.Op.GeoM.Translate(-0.5, -0.5)
	s.p.Op.GeoM.Scale(r*1.4, r*1.4)
	s.p.Op.GeoM.Rotate(math.Pi / 4)
	s.p.Op.GeoM.Translate(x, y)
	s.p.Op.ColorScale.Reset()
	scenes.SetColor(&s.p.Op.ColorScale, c)
	s.p.Op.Filter = ebiten.FilterLinear
	dst.DrawImage(scenes.WhiteSub, &s.p.Op)
}

// drawHazards groups the round's hazards by kind: a kind on the path is
// lit, with how many of it the deck still holds, so that a second of a
// kind is obvious before it comes (I7.1, I7.2).
func (s *igBoardScene) drawHazards(a *scenes.App, dst *ebiten.Image) {
	st := &s.m.st
	d := st.deck()
	art := igArt(a, int(a.U(60)))
	inside := slices.Contains(st.in, true) // nobody inside: the round is over
	for k := range incangold.Kinds {
		r := s.l.hazards[k]
		on := st.onPath(incangold.Hazard(k))
		bg, edge := scenes.ColPanel, scenes.ColEdge
		if on > 0 {
			bg, edge = color.RGBA{0x4a, 0x1c, 0x14, 0xf0}, colDanger
		}
		s.p.Round(dst, r, a.U(8), bg, a.U(2), edge)
		alpha := float32(0.45)
		if on > 0 {
			alpha = 1
		}
		s.p.Image(dst, art.Card(incangold.HazardCard(incangold.Hazard(k))), r.Cx()-float64(art.Width())/2, r.Y+a.U(8), 1, 1, alpha)
		name := a.T("ig.hazard." + incangold.Hazard(k).String())
		y := r.Y + a.U(16) + float64(art.Height())
		scenes.DrawText(a, dst, scenes.Fit(a, name, a.U(13), r.W-a.U(8)), a.U(13), r.Cx(), y, scenes.AlignCenter, scenes.ColText)
		left := a.N("ig.hazard.in_deck", d.Hazards[k])
		c := scenes.ColTextDim
		warn := ""
		switch {
		case st.cur.bust.IsHazard() && st.cur.bust.Kind() == incangold.Hazard(k):
			c = colDanger
			left = a.T("ig.hazard.collapsed") // I7.2: it did end the round
		case on > 0 && d.Hazards[k] > 0 && inside:
			// A second of a kind on the path ends the round (I7.2).
			c = colDanger
			warn = a.T("ig.hazard.next_ends")
		}
		scenes.DrawText(a, dst, scenes.Fit(a, left, a.U(12), r.W-a.U(8)), a.U(12), r.Cx(), y+a.U(18), scenes.AlignCenter, c)
		if warn != "" {
			// Light on near black, clear of the box's edges: legible.
			pill := scenes.R(r.X+a.U(4), y+a.U(25), r.W-a.U(8), a.U(20))
			s.p.Round(dst, pill, a.U(5), scenes.ColTextDark, a.U(1), colDanger)
			sz := scenes.FitSize(a, warn, a.U(13), pill.W-a.U(8))
			scenes.DrawText(a, dst, scenes.Fit(a, warn, sz, pill.W-a.U(8)), sz, r.Cx(), pill.Cy(), scenes.AlignCenter, colWarn)
			y += a.U(20)
		}
		if st.removed[k] > 0 {
			scenes.DrawText(a, dst, scenes.Fit(a, a.N("ig.hazard.removed", st.removed[k]), a.U(11), r.W-a.U(8)), a.U(11), r.Cx(), y+a.U(34), scenes.AlignCenter, scenes.ColTextDim)
		}
	}
}

// drawPanel is one seat: name, in the temple or at camp, the sealed or
// revealed choice, gems carried, artifacts, and the tent total when this
// screen may show it.
func (s *igBoardScene) drawPanel(a *scenes.App, dst *ebiten.Image, seat int) {
	st := &s.m.st
	r := s.l.panels[seat]
	bg, edge := scenes.ColPanel, scenes.ColEdge
	if st.in[seat] {
		bg = scenes.ColPanelHi
	}
	if seat == s.chooser && !s.curtain && a.Shows(seat) {
		edge = scenes.ColGold
	}
	s.p.Round(dst, r, a.U(8), bg, a.U(2), edge)
	sc := igSeatColors[seat%len(igSeatColors)]
	s.p.Fill(dst, scenes.R(r.X, r.Y+a.U(8), a.U(5), r.H-a.U(16)), sc)
	if a.RTL() {
		s.p.Fill(dst, scenes.R(r.X+r.W-a.U(5), r.Y+a.U(8), a.U(5), r.H-a.U(16)), sc)
	}
	pad := a.U(12)
	tx, al := scenes.StartOf(a, r, pad)
	inner := r.W - 2*pad
	name := s.m.name(seat)
	scenes.DrawText(a, dst, scenes.Fit(a, name, a.U(16), inner-a.U(34)), a.U(16), tx, r.Y+a.U(18), al, scenes.ColText)
	where, wc := a.T("ig.in_temple"), scenes.ColLegal
	if !st.in[seat] {
		where, wc = a.T("ig.at_camp"), scenes.ColTextDim
	}
	scenes.DrawText(a, dst, scenes.Fit(a, where, a.U(13), inner-a.U(34)), a.U(13), tx, r.Y+a.U(40), al, wc)
	// The choice slot, top corner on the reader's far side.
	art := igArt(a, int(a.U(28)))
	cr := scenes.R(r.X+r.W-pad-float64(art.Width()), r.Y+a.U(8), float64(art.Width()), float64(art.Height()))
	if a.RTL() {
		cr.X = r.X + pad
	}
	age := float64(s.t-st.revealAt) * s.sp
	switch {
	case st.owes[seat] && st.sealed[seat]:
		s.p.Image(dst, art.Back(), cr.X, cr.Y, 1, 1, 1)
	case st.owes[seat]:
		s.p.Round(dst, cr, a.U(3), scenes.ColTextDark, a.U(1), scenes.ColEdge)
		scenes.DrawText(a, dst, "…", a.U(16), cr.Cx(), cr.Cy(), scenes.AlignCenter, scenes.ColTextDim)
	case st.choices[seat] != incangold.NoChoice && st.revealAt > 0 && age < 400:
		img := art.Torch()
		if st.choices[seat] == incangold.Camp {
			img = art.Camp()
		}
		sx := 1.0
		if age < 20 {
			sx = math.Abs(math.Cos(math.Pi * age / 20))
			if age < 10 {
				img = art.Back()
			}
		}
		s.p.ImageCentered(dst, img, cr.Cx(), cr.Cy(), sx, 1, 0, 1)
	}
	y := r.Y + a.U(68)
	// Gems carried (at risk, in view of all: I5.2).
	gx := tx + a.U(7)
	if a.RTL() {
		gx = tx - a.U(7)
	}
	s.gem(dst, gx, y, a.U(6), colTurq)
	carried := a.N("ig.carried", st.carried[seat])
	off := a.U(18)
	if a.RTL() {
		off = -off
	}
	scenes.DrawText(a, dst, scenes.Fit(a, carried, a.U(15), inner-a.U(20)), a.U(15), tx+off, y, al, colTurq)
	y += a.U(26)
	// Artifacts claimed.
	if len(st.artifacts[seat]) > 0 {
		parts := make([]string, 0, len(st.artifacts[seat]))
		for _, w := range st.artifacts[seat] {
			parts = append(parts, a.Num(w))
		}
		scenes.DrawText(a, dst, scenes.Fit(a, a.T("ig.artifacts", "list", strings.Join(parts, " + ")), a.U(13), inner), a.U(13), tx, y, al, scenes.ColGold)
	} else if !st.opts.Diamant {
		scenes.DrawText(a, dst, a.T("ig.no_artifacts"), a.U(13), tx, y, al, scenes.ColTextDim)
	}
	y += a.U(24)
	// The tent: its total for its owner only, or for all with open tents.
	tent := a.T("ig.tent.hidden")
	tc := scenes.ColTextDim
	if s.tentShown(a, seat) {
		if a.Shows(seat) {
			a.Private(seat)
		}
		tent, tc = a.N("ig.tent", st.tents[seat]), scenes.ColGold
	}
	scenes.DrawText(a, dst, scenes.Fit(a, tent, a.U(14), inner), a.U(14), tx, y, al, tc)
	y += a.U(24)
	kind := s.m.seatKind(a, seat) // human, computer, or a LAN table's host or guest (lan.go)
	if seat == st.start {
		kind += " · " + a.T("ig.seat.start")
	}
	// A long line ("Компьютер · средний · начинает") is set smaller, down
	// to two thirds, before it is cut.
	ks := scenes.FitSize(a, kind, a.U(12), inner)
	scenes.DrawText(a, dst, scenes.Fit(a, kind, ks, inner), ks, tx, y, al, scenes.ColTextDim)
}

// drawChoice shows the two big cards, torch and camp (I1.6, I3.3).
func (s *igBoardScene) drawChoice(a *scenes.App, dst *ebiten.Image) {
	art := igArt(a, int(s.l.torch.W))
	who := a.T("ig.choose")
	if s.m.hotseat() {
		who = s.m.name(s.chooser) + ": " + who
	}
	mid := (s.l.torch.X + s.l.camp.X + s.l.camp.W) / 2
	scenes.DrawText(a, dst, scenes.Fit(a, who, a.U(18), s.l.midW), a.U(18), mid, s.l.torch.Y-a.U(4), scenes.AlignCenter, scenes.ColGold)
	for i, r := range [2]scenes.Rect{s.l.torch, s.l.camp} {
		img, label := art.Torch(), a.T("ig.torch")
		if i == 1 {
			img, label = art.Camp(), a.T("ig.camp")
		}
		lift := 0.0
		if a.Hover(r) || s.focus == i {
			lift = a.U(8)
			s.p.Round(dst, scenes.R(r.X-a.U(4), r.Y+a.U(12)-lift-a.U(4), r.W+a.U(8), r.H+a.U(8)), a.U(6), scenes.ColGold, 0, scenes.ColGold)
		}
		s.p.ImageIn(dst, img, scenes.R(r.X, r.Y+a.U(12)-lift, r.W, r.H), 1)
		scenes.DrawText(a, dst, scenes.Fit(a, label, a.U(15), r.W+a.U(44)), a.U(15), r.Cx(), r.Y+r.H+a.U(26), scenes.AlignCenter, scenes.ColText)
	}
}

// drawWaiting says who the table waits for while no human chooses.
func (s *igBoardScene) drawWaiting(a *scenes.App, dst *ebiten.Image) {
	st := &s.m.st
	var names []string
	for seat, o := range st.owes {
		if o && !st.sealed[seat] {
			names = append(names, s.m.name(seat))
		}
	}
	if len(names) == 0 {
		return
	}
	mid := (s.l.torch.X + s.l.camp.X + s.l.camp.W) / 2
	w := min(s.l.camp.X+s.l.camp.W-s.l.torch.X+a.U(120), s.l.midW)
	y := s.l.torch.Cy()
	scenes.DrawText(a, dst, a.T("ig.waiting"), a.U(16), mid, y-a.U(14), scenes.AlignCenter, scenes.ColTextDim)
	scenes.DrawText(a, dst, scenes.Fit(a, strings.Join(names, ", "), a.U(16), w), a.U(16), mid, y+a.U(14), scenes.AlignCenter, scenes.ColText)
}

// drawAnims draws the gems and walkers on their way.
func (s *igBoardScene) drawAnims(a *scenes.App, dst *ebiten.Image) {
	for _, an := range s.anims {
		k := (an.t - an.delay) / an.dur
		if k < 0 {
			continue
		}
		p := s.l.panels[an.seat]
		switch an.kind {
		case igGemSlide:
			from := s.pathCard(a, an.card)
			for g := 0; g < an.n; g++ {
				kk := scenes.Ease(math.Min(1, math.Max(0, k*1.2-float64(g)*0.04)))
				x := scenes.Lerp(from.Cx(), p.Cx(), kk) + float64(g-an.n/2)*a.U(5)
				y := scenes.Lerp(from.Cy(), p.Y+a.U(68), kk) - math.Sin(math.Pi*kk)*a.U(40)
				s.gem(dst, x, y, a.U(6), colTurq)
			}
		case igGemsLost:
			for g := 0; g < an.n; g++ {
				kk := scenes.EaseOut(math.Min(1, math.Max(0, k*1.1-float64(g)*0.03)))
				x := scenes.Lerp(p.Cx()+float64(g-an.n/2)*a.U(8), s.l.supplyX, kk)
				y := scenes.Lerp(p.Y+a.U(68), s.l.supplyY, kk)
				c := colTurq
				c.A = uint8(255 * (1 - kk*0.7))
				s.gem(dst, x, y, a.U(6), c)
			}
		case igWalkHome:
			from := s.pathCard(a, an.card)
			kk := scenes.Ease(math.Min(1, k))
			x := scenes.Lerp(from.Cx(), p.Cx(), kk)
			y := scenes.Lerp(from.Cy(), p.Y+a.U(40), kk) + math.Abs(math.Sin(kk*math.Pi*6))*-a.U(6)
			sc := igSeatColors[an.seat%len(igSeatColors)]
			s.p.Round(dst, scenes.R(x-a.U(14), y-a.U(14), a.U(28), a.U(28)), a.U(14), sc, a.U(2), scenes.ColTextDark)
			if an.n > 0 {
				scenes.DrawText(a, dst, "+"+a.Num(an.n), a.U(15), x, y-a.U(26), scenes.AlignCenter, colTurq)
			}
		}
	}
}

// drawIGPicture is Incan Gold's picture for the menu's game card (the
// picture of its boxGames entry, picker.go): a short temple path, a
// treasure, a hazard and an artifact, the last one glowing.
func drawIGPicture(a *scenes.App, p *scenes.Painter, dst *ebiten.Image, r scenes.Rect, ticks int) {
	cards := []incangold.Card{incangold.Treasure(9), incangold.HazardCard(incangold.Spider), incangold.Treasure(14), incangold.Artifact(1)}
	art := igArt(a, int(min(r.W/float64(len(cards)), r.H*0.9/1.5)))
	cw, ch := float64(art.Width()), float64(art.Height())
	x0, y0 := r.Cx()-cw*float64(len(cards))/2, r.Cy()-ch/2
	for i, c := range cards {
		alpha := float32(1)
		if i == len(cards)-1 {
			alpha = float32(0.85 + 0.15*math.Sin(float64(ticks)/25))
		}
		p.Image(dst, art.Card(c), x0+float64(i)*cw, y0, 1, 1, alpha)
	}
}
