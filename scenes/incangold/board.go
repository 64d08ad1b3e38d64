package incangold

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
	"github.com/goldvein/goldvein/sounds"
)

// igBoardScene is Incan Gold's table (issue 16, "Playing it"): the round
// track of five temple cards, the temple path growing card by card, the
// pool, the hazards of the round grouped by kind, what the deck holds, a
// panel per seat, and, when a human owes a choice, the torch and camp
// cards. It follows the public stream one event at a time: cards turn
// over, gems slide out to the explorers, all choices turn over together,
// leavers walk back to their tents, a bust shakes the path and the lost
// gems fly back to the supply. In hotseat each human chooses behind the
// curtain in turn, and the reveal waits until everyone has.
type igBoardScene struct {
	p  scenes.Painter
	m  *igMatch
	t  int
	l  igLayout
	sp float64 // motion speed

	busy    float64 // ticks before the next event is shown
	shake   float64 // ticks of shaking left
	anims   []igAnim
	banner  string
	bannerT float64

	chooser   int            // the human whose choice cards show, -1 none
	step      int            // the choice step the chooser owes (rules.Match.Step)
	curtain   bool           // hotseat: the screen waits to be passed to chooser (veil is down)
	veil      scenes.Curtain // the shell's hand-over curtain (board_table.go)
	lastHuman int            // the seat of the last choice sealed at this screen (Undo); -1 none
	focus     int            // keyboard focus on the choice cards: 0 torch, 1 camp, -1 none
	ended     bool           // the round is over: the round end comes once the motion has
	idle      int            // ticks with nothing moving

	shotAt   int // --screenshots: the tick to picture a moment at (a bust, a reveal, leavers)
	shotName string
	shots    int
}

// igAnim is one moving thing: gems sliding from a path card to a seat, a
// leaver walking from the path to the tent, lost gems flying back to the
// supply. from/to are path card indexes (-1: the supply above) and seats.
type igAnim struct {
	kind       int
	card, seat int
	n          int
	t, delay   float64
	dur        float64
}

const (
	igGemSlide = iota
	igWalkHome
	igGemsLost
)

// Seat colours, so a walker and its panel match.
var igSeatColors = [8]color.RGBA{
	{0xe0, 0x6c, 0x4a, 0xff}, {0x5a, 0xa8, 0xe0, 0xff}, {0x7c, 0xc4, 0x6a, 0xff}, {0xe0, 0xb8, 0x3a, 0xff},
	{0xb0, 0x78, 0xd8, 0xff}, {0x48, 0xc8, 0xb8, 0xff}, {0xe0, 0x7c, 0xb0, 0xff}, {0xa8, 0xa0, 0x90, 0xff},
}

var (
	colTurq   = color.RGBA{0x38, 0xc8, 0xc0, 0xff}
	colDanger = color.RGBA{0xe8, 0x4a, 0x32, 0xff}
	colWarn   = color.RGBA{0xff, 0xd2, 0x6a, 0xff} // a warning's text on a dark ground
)

func newIGBoardScene(a *scenes.App, m *igMatch) *igBoardScene {
	s := &igBoardScene{m: m, chooser: -1, focus: -1, lastHuman: -1}
	s.handTo(a)
	return s
}

func (s *igBoardScene) Name() string { return "ig-board" }

// igLayout is where everything goes, in pixels, for the screen's size and
// the path's length; laid out left to right, mirrored for right-to-left.
type igLayout struct {
	track            [incangold.Rounds]scenes.Rect
	status, deck     scenes.Rect
	path             scenes.Rect
	cardW            float64
	perRow           int
	hazards          [incangold.Kinds]scenes.Rect
	torch, camp      scenes.Rect
	panels           []scenes.Rect
	supplyX, supplyY float64
	// chat is a LAN table's chat box (lan.go), at the middle band's far
	// end; zero elsewhere. midW is the width the texts over the choice
	// cards may take.
	chat scenes.Rect
	midW float64
	// log is the game's log panel, beside the path.
	log scenes.Rect
}

func (s *igBoardScene) layout(a *scenes.App) {
	w, h := float64(a.W), float64(a.H)
	l := &s.l
	u := a.U
	tw := u(40)
	for i := range l.track {
		l.track[i] = scenes.R(u(20)+float64(i)*(tw+u(6)), u(14), tw, tw*1.5)
	}
	// The deck's box stops short of the menu button (scenes.MenuButtonRect).
	l.status = scenes.R(u(270), u(10), w-u(270)-u(448), u(90))
	l.deck = scenes.R(w-u(438), u(10), u(370), u(90))
	// The panels along the bottom.
	n := s.m.st.n
	pw := math.Min(u(200), (w-u(40)-float64(n-1)*u(8))/float64(n))
	ph := u(178)
	x0 := (w - (float64(n)*pw + float64(n-1)*u(8))) / 2
	l.panels = l.panels[:0]
	for i := 0; i < n; i++ {
		l.panels = append(l.panels, scenes.R(x0+float64(i)*(pw+u(8)), h-ph-u(12), pw, ph))
	}
	// The path: as wide as the screen, its cards as large as fit in two
	// rows (three for a very long path).
	top, bottom := u(112), h-ph-u(12)-u(216)
	// The log (log.go) beside the path, at the reader's far end.
	lw := math.Min(u(300), w*0.26)
	l.log = scenes.R(w-u(20)-lw, top, lw, bottom-top)
	l.path = scenes.R(u(20), top, w-u(40)-lw-u(12), bottom-top)
	cw := u(96) // large while the path is short, smaller as it grows
	count := max(len(s.m.st.path), 1)
	for {
		step := cw * 1.1
		per := max(int((l.path.W+cw*0.1)/step), 1)
		rows := (count + per - 1) / per
		ch := cw * 1.5
		if float64(rows)*(ch+u(8)) <= l.path.H || cw < u(30) {
			l.cardW, l.perRow = cw, per
			break
		}
		cw -= u(4)
	}
	// The middle band: hazards on the reader's start side, the choice
	// cards on the other.
	my := bottom + u(8)
	hw, bw := u(104), u(96)
	cx := w * 0.72
	l.chat, l.midW = scenes.Rect{}, u(400)
	if s.m.lan != nil {
		// A LAN table's chat box takes the band's far end, the choice
		// cards sit between it and the hazards, which narrow in a small
		// window.
		cw := math.Min(math.Max(w*0.25, u(250)), u(360))
		l.chat = scenes.R(w-u(20)-cw, my, cw, u(scenes.ChatH))
		cards := 2*bw + u(48)
		hw = math.Min(hw, (l.chat.X-u(20)-cards-u(32)-4*u(6))/5)
		end := u(20) + 5*hw + 4*u(6)
		cx, l.midW = (end+l.chat.X)/2, l.chat.X-end-u(16)
	}
	for k := range l.hazards {
		l.hazards[k] = scenes.R(u(20)+float64(k)*(hw+u(6)), my, hw, u(176))
	}
	l.torch = scenes.R(cx-bw-u(24), my+u(22), bw, bw*1.5)
	l.camp = scenes.R(cx+u(24), my+u(22), bw, bw*1.5)
	l.supplyX, l.supplyY = w/2, -u(20)
	if a.RTL() {
		for i := range l.track {
			l.track[i] = l.track[i].Mirror(w)
		}
		l.status, l.deck, l.log = l.status.Mirror(w), l.deck.Mirror(w), l.log.Mirror(w)
		for k := range l.hazards {
			l.hazards[k] = l.hazards[k].Mirror(w)
		}
		l.torch, l.camp = l.torch.Mirror(w), l.camp.Mirror(w)
		if l.chat.W > 0 {
			l.chat = l.chat.Mirror(w)
		}
		for i := range l.panels {
			l.panels[i] = l.panels[i].Mirror(w)
		}
	}
}

// pathCard is where path card i lies (reading order: left to right, or
// right to left in a right-to-left language).
func (s *igBoardScene) pathCard(a *scenes.App, i int) scenes.Rect {
	l := &s.l
	cw, ch := l.cardW, l.cardW*1.5
	row, col := i/l.perRow, i%l.perRow
	x := l.path.X + float64(col)*cw*1.1
	r := scenes.R(x, l.path.Y+float64(row)*(ch+a.U(8)), cw, ch)
	if a.RTL() {
		r = r.Mirror(float64(a.W))
	}
	return r
}

func (s *igBoardScene) Update(a *scenes.App) error {
	s.t++
	s.sp = scenes.Speed(a)
	s.layout(a)
	for i := 0; i < len(s.anims); i++ {
		s.anims[i].t += s.sp
		if s.anims[i].t >= s.anims[i].delay+s.anims[i].dur {
			s.anims = append(s.anims[:i], s.anims[i+1:]...)
			i--
		}
	}
	if s.busy > 0 {
		s.busy -= s.sp
	}
	if s.shake > 0 {
		s.shake -= s.sp
	}
	if s.bannerT > 0 {
		s.bannerT -= s.sp
	}
	// A move taken back (board_table.go): the board starts afresh, before
	// the LAN notice that says so goes to the new log (igBoardUpdate).
	if s.m.takeFeed(); s.m.rewind != nil {
		s.rewound(a)
		return nil
	}
	// A LAN table's chat box (lan.go) has the keys while it is open:
	// T is then a letter, not the torch, and Escape closes the box.
	// Esc reaches the board only while the chat line is typed (Covered);
	// else it opens the shell's in-game menu.
	chat := s.m.lan != nil && igBoardUpdate(s.m.lan, a, s)
	s.m.log.Update(a, s.l.log, !chat) // the wheel, a drag, PgUp, PgDn, End
	if s.curtain {
		// Lifted only on the curtain itself, armed (scenes.Curtain).
		if s.veil.Update(a) {
			s.curtain = false
		}
		return nil
	}
	if s.chooser >= 0 && !chat && a.Shows(s.chooser) {
		s.choose(a)
	}
	for s.busy <= 0 && !s.ended {
		it, ok := s.m.pop()
		if !ok {
			break
		}
		s.show(a, it)
	}
	if s.busy <= 0 && len(s.anims) == 0 && s.shake <= 0 {
		if s.ended {
			a.GoTo(newIGRoundEndScene(a, s.m))
			return nil
		}
		// A tick's breath between one step's motion and the next step.
		if s.idle++; s.idle > 1 && len(s.m.feed) == 0 {
			s.m.table.Pump(scenes.Now())
			s.pickChooser(a)
		}
	} else {
		s.idle = 0
	}
	if s.m.autoplay && a.Cfg.ScreenshotDir != "" && s.t%(int(600/s.sp)+1) == 0 && s.shots < 6 {
		s.shots++
		a.RequestShot("ig-board-" + string(rune('a'+s.shots)))
	}
	if s.shotAt > 0 && s.t >= s.shotAt {
		a.RequestShot(s.shotName)
		s.shotAt = 0
	}
	return nil
}

// pickChooser puts the next human who owes a choice on screen: behind the
// curtain in hotseat, at once with one human.
func (s *igBoardScene) pickChooser(a *scenes.App) {
	if s.chooser >= 0 || s.m.autoplay {
		return
	}
	for _, h := range s.m.humans {
		// The screen's own state first: the table's view is built (under
		// its lock) only for a seat the screen shows owing.
		if !s.m.st.owes[h] {
			continue
		}
		if v := s.m.table.View(h); v.Owes() {
			s.chooser, s.focus, s.step = h, -1, v.Step
			if s.m.hotseat() {
				s.cover(a, h)
			}
			return
		}
	}
}

// choose takes the chooser's choice: a click or tap on a card, T or C,
// or the arrows and Enter.
func (s *igBoardScene) choose(a *scenes.App) {
	c := incangold.NoChoice
	d := s.decision()
	torch := a.Tap("torch", s.l.torch, d)
	camp := a.Tap("camp", s.l.camp, d)
	switch {
	case torch || a.Gate.Key(a, ebiten.KeyT, d):
		c = incangold.Torch
	case camp || a.Gate.Key(a, ebiten.KeyC, d):
		c = incangold.Camp
	}
	left, right := ebiten.KeyArrowLeft, ebiten.KeyArrowRight
	if a.RTL() {
		left, right = right, left
	}
	switch {
	case a.Key(left) || a.Key(ebiten.KeyArrowUp):
		s.focus = 0
	case a.Key(right) || a.Key(ebiten.KeyArrowDown):
		s.focus = 1
	case a.Key(ebiten.KeyTab):
		s.focus = (s.focus + 1) % 2
	case s.focus >= 0 && (a.Gate.Key(a, ebiten.KeyEnter, d) || a.Gate.Key(a, ebiten.KeySpace, d)):
		c = [2]incangold.Choice{incangold.Torch, incangold.Camp}[s.focus]
	}
	if c == incangold.NoChoice {
		return
	}
	if err := s.m.table.Submit(s.chooser, c); err != nil {
		a.Audio.Play(scenes.SfxRefuse)
		return
	}
	a.Audio.Play(scenes.SfxPlace)
	s.lastHuman = s.chooser
	if s.m.hotseat() {
		a.HandTo(-1) // the choice is sealed: nothing of it shows any more
	}
	s.chooser, s.focus = -1, -1
}

// show puts one event of the stream on screen and starts its motion.
func (s *igBoardScene) show(a *scenes.App, it igItem) {
	st := &s.m.st
	e := it.ev
	if e.Type == 0 {
		return
	}
	before := append([]int(nil), st.carried...)
	wasIn := append([]bool(nil), st.in...)
	s.m.apply(a, e, s.t)
	switch e.Type {
	case incangold.RoundStarted:
		s.banner = a.T("round.number", "n", e.Round, "total", incangold.Rounds)
		s.bannerT = 70
		s.busy = 50
		if e.Card.IsArtifact() {
			a.Audio.Play(sounds.IGArtifact)
		}
	case incangold.Flipped:
		a.Audio.Play(sounds.IGFlip)
		s.busy = 34
		idx := len(st.path) - 1
		switch {
		case e.Card.IsTreasure():
			if e.Each > 0 {
				a.Audio.Play(sounds.IGGems)
				for seat, in := range st.in {
					if in {
						s.anims = append(s.anims, igAnim{kind: igGemSlide, card: idx, seat: seat, n: min(e.Each, 6), delay: 16 + float64(seat)*2, dur: 30})
					}
				}
				s.busy = 54
			}
		case e.Card.IsHazard():
			a.Audio.Play(sounds.IGHazard)
			s.busy = 44
			if len(st.path) == 1 {
				// The round opened on a hazard: nobody has anything to
				// lose yet, so the next card turns at once (I3.5). Said on
				// the board, or it looks like a skipped turn.
				s.banner, s.bannerT = a.T("ig.hazard_first"), 110
				s.busy = 90
			}
		case e.Card.IsArtifact():
			s.moment(a, "ig-artifact", 30)
			a.Audio.Play(sounds.IGArtifact)
			s.busy = 44
		}
	case incangold.Bust:
		s.moment(a, "ig-bust", 18)
		a.Audio.Play(sounds.IGBust)
		s.shake, s.busy = 60, 90
		for seat, n := range before {
			if n > 0 {
				s.anims = append(s.anims, igAnim{kind: igGemsLost, card: -1, seat: seat, n: min(n, 8), delay: 20, dur: 50})
			}
		}
	case incangold.Sealed:
		s.busy = 6
	case incangold.Revealed:
		a.Audio.Play(sounds.IGFlip)
		s.busy = 40
	case incangold.Left:
		s.moment(a, "ig-leaving", 26)
		if wasIn[e.Seat] {
			s.anims = append(s.anims, igAnim{kind: igWalkHome, card: lastTreasure(st.path), seat: e.Seat, n: e.Banked, dur: 50})
		}
		a.Audio.Play(sounds.IGLeave)
		if len(e.Cards) > 0 {
			a.Audio.Play(sounds.IGArtifact)
		}
		s.busy = 16
	case incangold.RoundEnded:
		s.ended = true
		s.busy = 40
	}
}

// lastTreasure is the path's last treasure card (the first card when
// there is none): a leaver walks home from there with the gems it banks,
// so a "+n" never floats up from a hazard, which pays nothing.
func lastTreasure(path []igPathCard) int {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i].card.IsTreasure() {
			return i
		}
	}
	return 0
}

// moment asks for a picture named name (once a game) ticks from now,
// with --screenshots.
func (s *igBoardScene) moment(a *scenes.App, name string, ticks int) {
	if a.Cfg.ScreenshotDir == "" || igShot[name] || s.shotAt > 0 {
		return
	}
	igShot[name] = true
	s.shotAt, s.shotName = s.t+int(float64(ticks)/s.sp)+1, name
}

// igShot remembers the moments pictured (--screenshots).
var igShot = map[string]bool{}

// tentShown reports whether seat's tent total may show: the screen is
// handed to seat (the one human, the hotseat human behind the lifted
// curtain, or with --autoplay the first seat), or every tent is open (O4)
// or the game over. A tent shown as its holder's is drawn as private.
func (s *igBoardScene) tentShown(a *scenes.App, seat int) bool {
	return s.m.st.opts.OpenTents || s.m.st.over || a.Shows(seat)
}

// Settled: the screenshot waits for the round's first card.
func (s *igBoardScene) Settled() bool { return len(s.m.st.path) > 0 && s.busy <= 0 }
