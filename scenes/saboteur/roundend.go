package saboteur

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// roundEndScene shows a round's end: who won, every role and the set-aside
// card and the goals face up (R1.4), then the gold handing-out of R8, where
// a human keeps one of the gold cards offered (computer players choose for
// themselves). Amounts stay hidden from the others until the game ends
// (R8.4): each human sees only their own.
type roundEndScene struct {
	p      scenes.Painter
	m      *match
	ended  saboteur.Event
	view   saboteur.View
	tiles  []saboteur.Tile
	lines  []string   // the handing-out in its order (roundend_order.go)
	steps  []goldStep // who kept a gold card, in turn
	offerN int        // the cards in the offer being chosen now
	offer  int        // the seat choosing gold now, -1 none
	offerV saboteur.View
	labels []string // under each offered card: its key and its value
	picks  [3]scenes.Rect
	mine   int // gold this screen's human kept this round (single human)
	done   bool
	next   *saboteur.View // the view after the round (next round dealt, or game over)
	over   bool
	btn    scenes.Button
	t      int
	hold   int
	shown  int // hotseat: the human whose offer is on screen after the curtain
	cover  bool
	veil   scenes.Curtain // the hand-over before a human's gold choice (hotseat)
}

func newRoundEndScene(a *scenes.App, m *match, ended saboteur.Event, v saboteur.View, tiles []saboteur.Tile) *roundEndScene {
	s := &roundEndScene{m: m, ended: ended, view: v, offer: -1, shown: -1}
	if tiles != nil {
		s.tiles = append(s.tiles, tiles...)
	} else {
		s.tiles = append(s.tiles, v.Board.Tiles()...)
	}
	if v.Phase == saboteur.HandingOut {
		// Continued in the middle of the handing-out: the chooser's offer.
		s.offer = v.Turn
		if m.isHuman(v.Turn) {
			s.offerV, _ = m.viewOf(v.Turn, v.Moves)
			s.label(a)
			if m.hotseat() {
				s.coverFor(a, v.Turn)
			}
		}
	}
	switch {
	case m.hotseat():
		if !s.cover {
			a.HandTo(-1)
		}
	case len(m.humans) == 1:
		a.HandTo(m.humans[0])
	}
	return s
}

// coverFor brings the curtain down before seat's gold choice.
func (s *roundEndScene) coverFor(a *scenes.App, seat int) {
	s.cover = true
	s.veil.Note = a.T("scene.curtain.others")
	s.veil.Art = drawCurtainArt
	s.veil.Cover(a, seat, s.offerV.Moves, s.m.name(seat))
}

// Covered: nothing over the round's end closes by Esc (scenes.Board).
func (s *roundEndScene) Covered() bool { return false }

// CanUndo: no gold kept is taken back (R8.1: the offer showed the gold
// cards to their chooser).
func (s *roundEndScene) CanUndo(a *scenes.App) (bool, string) {
	return false, "R8.1 · " + a.T("sab.undo.R8.1")
}

// Undo does nothing (CanUndo is never true).
func (s *roundEndScene) Undo(*scenes.App) {}

var _ scenes.Board = (*roundEndScene)(nil)

// pickIDs are the offered gold cards' controls (scenes.Gate).
var pickIDs = [3]string{"gold0", "gold1", "gold2"}

func (s *roundEndScene) Name() string { return "roundend" }

// label writes, once per offer, what shows under each offered gold card:
// the key that takes it and what it is worth ("1 · 3 gold").
func (s *roundEndScene) label(a *scenes.App) {
	s.labels = s.labels[:0]
	for i, v := range s.offerV.Offer {
		s.labels = append(s.labels, a.Num(i+1)+" · "+a.N("gold.amount", v))
	}
}

func (s *roundEndScene) layout(a *scenes.App) {
	w, h := float64(a.W), float64(a.H)
	label := a.T("scene.roundend.next")
	if s.over {
		label = a.T("scene.roundend.final")
	}
	s.btn = scenes.Button{R: scenes.R(w/2-a.U(160), h-a.U(70), a.U(320), a.U(50)), Label: label,
		Enabled: s.done, Primary: true}
}

func (s *roundEndScene) Update(a *scenes.App) error {
	s.t++
	s.layout(a)
	if s.hold > 0 {
		s.hold--
	} else {
		s.consume(a)
	}
	if s.cover {
		if s.veil.Update(a) {
			s.cover = false
			s.shown = s.offer
		}
		return nil
	}
	if s.offer >= 0 && s.m.isHuman(s.offer) && !s.m.autoplay && a.Shows(s.offer) && s.hold == 0 {
		pick := -1
		d := scenes.Decision{Step: s.offerV.Moves, Seat: s.offer}
		for i := range s.offerV.Offer {
			if i < len(s.picks) && a.Tap(pickIDs[i], s.picks[i], d) {
				pick = i
			}
		}
		for i, k := range [3]ebiten.Key{ebiten.Key1, ebiten.Key2, ebiten.Key3} {
			if i < len(s.offerV.Offer) && a.Gate.Key(a, k, d) {
				pick = i
			}
		}
		if pick >= 0 {
			v := s.offerV.Offer[pick]
			if err := s.m.Submit(s.offer, saboteur.Move{Type: saboteur.Keep, Gold: v}); err == nil {
				if s.m.hotseat() {
					a.HandTo(-1) // the gold kept turns face down at once
				}
				s.offer = -1
				a.Audio.Play(scenes.SfxGold)
			}
		}
	}
	if !s.done {
		return nil
	}
	d := scenes.Decision{Step: s.view.Moves, Seat: -1}
	if s.btn.Fire(a, "roundend.next", d) || a.Gate.Key(a, ebiten.KeyEnter, d) || a.Gate.Key(a, ebiten.KeySpace, d) ||
		(s.m.autoplay && s.t > int(240/scenes.Speed(a))) {
		s.leave(a)
	}
	return nil
}

// consume follows the gold handing-out on the table's stream, up to the
// next round's deal or the game's end.
func (s *roundEndScene) consume(a *scenes.App) {
	for !s.done {
		it, ok := s.m.peek()
		if !ok {
			return
		}
		if it.ev.Type == saboteur.RoundStarted || it.ev.Type == saboteur.GameEnded {
			s.done = true
			s.over = it.ev.Type == saboteur.GameEnded
			if s.over {
				s.m.pop()
				for !it.last {
					it, _ = s.m.pop()
				}
				s.next = it.view
			}
			return
		}
		s.m.pop()
		e := it.ev
		switch e.Type {
		case saboteur.GoldOffered:
			s.offer, s.offerN = e.Seat, e.Count
			s.lines = s.goldLines(a, e.Count)
			if s.m.isHuman(e.Seat) {
				s.offerV, _ = s.m.viewOf(e.Seat, it.view.Moves)
				s.label(a)
				if s.m.hotseat() && !a.Shows(e.Seat) {
					s.coverFor(a, e.Seat)
				}
			}
		case saboteur.GoldKept:
			if len(s.m.humans) == 1 {
				// The spectator stream hides amounts (R8.4); the human's own view has theirs.
				me := s.m.humans[0]
				if v, ok := s.m.viewOf(me, it.view.Moves); ok && len(v.Results) > 0 {
					if r := v.Results[len(v.Results)-1]; r.Round == s.ended.Round && me < len(r.Gold) {
						s.mine = r.Gold[me]
					}
				}
			}
			st := goldStep{seat: e.Seat}
			if s.offerN > 0 && s.offer == e.Seat {
				st.offered = s.offerN
			}
			s.steps, s.offerN = append(s.steps, st), 0
			s.lines = s.goldLines(a, 0)
			s.offer = -1
			s.hold = int(20 / scenes.Speed(a))
			a.Audio.Play(scenes.SfxGold)
		}
		if it.last {
			s.view = *it.view
			s.m.shown = s.view
			if s.view.Phase == saboteur.HandingOut {
				s.offer = s.view.Turn
			}
		}
		if s.hold > 0 {
			return
		}
	}
}

// leave goes on to the next round's role reveal, or the final scoring.
func (s *roundEndScene) leave(a *scenes.App) {
	if s.over && s.next != nil {
		a.GoTo(newFinalScene(a, s.m, *s.next))
		return
	}
	// Take the next round's deal from the stream.
	var v *saboteur.View
	for {
		it, ok := s.m.pop()
		if !ok {
			break
		}
		if it.last {
			v = it.view
			break
		}
	}
	if v == nil {
		cur := s.m.Table.View(-1)
		v = &cur
	}
	s.m.shown = *v
	a.GoTo(newRevealScene(a, s.m, *v))
}

func (s *roundEndScene) Draw(a *scenes.App, dst *ebiten.Image) {
	s.layout(a)
	scenes.DrawTableBackground(a, &s.p, dst)
	w, h := float64(a.W), float64(a.H)
	title := a.T("team.win.nobody")
	switch s.ended.Winner {
	case saboteur.Diggers:
		title = a.T("team.win.gold_diggers")
	case saboteur.Saboteurs:
		title = a.T("team.win.saboteurs")
	}
	scenes.DrawText(a, dst, a.T("round.number", "n", s.ended.Round, "total", saboteur.Rounds)+" · "+a.T("round.end"), a.U(18), w/2, a.U(30), scenes.AlignCenter, scenes.ColTextDim)
	scenes.DrawText(a, dst, title, a.U(34), w/2, a.U(68), scenes.AlignCenter, scenes.ColGold)
	// The goals, face up.
	art := cardArt(a, int(a.U(60)))
	gy := a.U(100)
	for i, g := range s.ended.Goals {
		x := w/2 + float64(i-1)*a.U(80) - float64(art.Width())/2
		s.p.Image(dst, art.Card(saboteur.Card{Kind: saboteur.Goal, Goal: g, Open: g.Open()}), x, gy, 1, 1, 1)
	}
	// Every role, face up, with the set-aside card (R1.4).
	n := len(s.ended.Roles)
	cols := min(n+1, 11)
	rw := math.Min(a.U(84), (w-a.U(40))/float64(cols))
	roleArt := cardArt(a, int(rw*0.72))
	ry := gy + float64(art.Height()) + a.U(36)
	x0 := (w - rw*float64(cols)) / 2
	for i := 0; i <= n; i++ {
		x := x0 + float64(i)*rw
		if a.RTL() {
			// Seat 1 where a right-to-left reader starts, on the right.
			x = x0 + float64(cols-1-i)*rw
		}
		role, name := s.ended.SetAside, a.T("role.set_aside")
		if i < n {
			role, name = s.ended.Roles[i], s.m.name(i)
		}
		alpha := float32(1)
		if i == n {
			alpha = 0.6
		}
		s.p.Image(dst, roleArt.Role(role), x+(rw-float64(roleArt.Width()))/2, ry, 1, 1, alpha)
		scenes.DrawText(a, dst, name, a.U(12), x+rw/2, ry+float64(roleArt.Height())+a.U(12), scenes.AlignCenter, scenes.ColText)
	}
	// The handing-out.
	y := ry + float64(roleArt.Height()) + a.U(44)
	switch {
	case s.cover:
		// The curtain over the public round end (roles and goals are
		// everyone's now, R1.4).
	case s.offer >= 0 && s.m.isHuman(s.offer) && !s.m.autoplay && len(s.offerV.Offer) > 0 && a.Shows(s.offer):
		a.Private(s.offer)
		who := a.T("round.keep_one")
		if s.m.hotseat() {
			who = s.m.name(s.offer) + ": " + who
		}
		scenes.DrawText(a, dst, who, a.U(20), w/2, y, scenes.AlignCenter, scenes.ColGold)
		ga := cardArt(a, int(a.U(70)))
		k := len(s.offerV.Offer)
		for i, v := range s.offerV.Offer {
			if i >= len(s.picks) {
				break
			}
			col := float64(i)
			if a.RTL() {
				col = float64(k - 1 - i) // card 1 on the right
			}
			gx := w/2 + (col-float64(k-1)/2)*a.U(96) - float64(ga.Width())/2
			r := scenes.R(gx, y+a.U(20), float64(ga.Width()), float64(ga.Height()))
			s.picks[i] = r
			lift := 0.0
			if a.Hover(r) {
				lift = a.U(8)
				s.p.Frame(dst, scenes.R(r.X-a.U(3), r.Y-lift-a.U(3), r.W+a.U(6), r.H+a.U(6)), a.U(3), scenes.ColGold)
			}
			s.p.Image(dst, ga.GoldCard(v), r.X, r.Y-lift, 1, 1, 1)
			if i < len(s.labels) {
				scenes.DrawText(a, dst, s.labels[i], a.U(14), r.Cx(), r.Y+r.H+a.U(12), scenes.AlignCenter, scenes.ColTextDim)
			}
		}
		scenes.DrawText(a, dst, a.T("scene.roundend.others_hidden"), a.U(14), w/2, y+a.U(162), scenes.AlignCenter, scenes.ColTextDim)
	case s.offer >= 0:
		scenes.DrawText(a, dst, a.T("scene.roundend.choosing", "name", s.m.name(s.offer)), a.U(18), w/2, y, scenes.AlignCenter, scenes.ColText)
	default:
		// Every gold card taken (R8), in the order of the handing-out,
		// under a heading that says the order: up to six in one column,
		// more in two (the first on the reader's side).
		lines := s.lines
		if len(lines) > 0 {
			scenes.DrawText(a, dst, scenes.Fit(a, lines[0], a.U(14), w-a.U(80)), a.U(14), w/2, y, scenes.AlignCenter, scenes.ColText)
			lines = lines[1:]
			y += a.U(28)
		}
		n := len(lines)
		cols := 1
		if n > 6 {
			cols = 2
		}
		rows := (n + cols - 1) / cols
		colW := w - a.U(80)
		if cols == 2 {
			colW = (w - a.U(80)) / 2
		}
		for i, l := range lines {
			c, r := i/max(rows, 1), i%max(rows, 1)
			cx := w / 2
			if cols == 2 {
				side := float64(2*c - 1) // -1 the first column, +1 the second
				if a.RTL() {
					side = -side
				}
				cx = w/2 + side*colW/2
			}
			scenes.DrawText(a, dst, scenes.Fit(a, l, a.U(15), colW-a.U(16)), a.U(15), cx, y+float64(r)*a.U(26), scenes.AlignCenter, scenes.ColTextDim)
		}
		y += float64(rows) * a.U(26)
		if s.mine > 0 && a.Shows(s.m.humans[0]) {
			a.Private(s.m.humans[0])
			scenes.DrawText(a, dst, a.T("scene.roundend.you_got", "gold", a.N("gold.amount", s.mine)), a.U(20), w/2, y+a.U(4), scenes.AlignCenter, scenes.ColGold)
			y += a.U(26)
		}
		s.drawMaze(a, dst, scenes.R(a.U(40), y+a.U(30), w-a.U(80), h-y-a.U(156)))
		if s.done {
			scenes.DrawText(a, dst, a.T("gold.hidden"), a.U(14), w/2, h-a.U(100), scenes.AlignCenter, scenes.ColTextDim)
		}
	}
	if s.done && !s.cover {
		scenes.DrawButton(a, &s.p, dst, &s.btn)
	}
	if s.cover {
		s.veil.Draw(a, dst)
	}
}

// drawMaze draws the round's maze as it ended, small, inside r, with every
// goal face up (R1.4).
func (s *roundEndScene) drawMaze(a *scenes.App, dst *ebiten.Image, r scenes.Rect) {
	if len(s.tiles) == 0 || r.H < a.U(40) {
		return
	}
	minX, minY, maxX, maxY := 0, 0, 0, 0
	for _, t := range s.tiles {
		minX, maxX = min(minX, t.At.X), max(maxX, t.At.X)
		minY, maxY = min(minY, t.At.Y), max(maxY, t.At.Y)
	}
	cols, rows := float64(maxX-minX+1), float64(maxY-minY+1)
	cw := math.Min(math.Min(r.W/cols, r.H/rows/1.5), a.U(40))
	art := cardArt(a, int(cw))
	cw, ch := float64(art.Width()), float64(art.Height())
	x0 := r.Cx() - cols*cw/2
	y0 := r.Cy() - rows*ch/2
	for _, t := range s.tiles {
		c := t.Card
		if c.Kind == saboteur.Goal && c.Goal == saboteur.NoGoal {
			if gi := saboteur.GoalIndex(t.At.Y); gi >= 0 && gi < len(s.ended.Goals) {
				g := s.ended.Goals[gi]
				c = saboteur.Card{Kind: saboteur.Goal, Goal: g, Open: g.Open()}
			}
		}
		s.p.Image(dst, art.Card(c), x0+float64(t.At.X-minX)*cw, y0+float64(t.At.Y-minY)*ch, 1, 1, 1)
	}
}

// Settled reports that the handing-out is over (screenshots wait for it).
func (s *roundEndScene) Settled() bool { return s.done }
