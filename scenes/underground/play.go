package underground

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
	"github.com/goldvein/goldvein/sprites/fonts"
	ugart "github.com/goldvein/goldvein/sprites/underground"
)

// ugPlayScene is Underground's table (issue 14): the cave map (ugBoard),
// the market of six combos, a panel per seat, the game turn track, the
// log, and the acting human's controls. It follows the table's public
// stream one event at a time (conquests light up, the die rolls, a turn's
// score is shown itemised and its coins fly to the player), and when a
// local human owes a move, offers exactly the legal moves of that step
// (underground.View.Legal): picks in the market (click, tap or 1-6),
// conquests on the lit regions with their cost (a region 1-3 short rolls
// the die, U5.7), the other region moves as modes, redeployment by drag
// or by +/- on the selected region, decline (D) at the start of the
// turn, and "done" (Space) always in reach. In hotseat a curtain comes
// before each human's step, the defenders' redeployment included.
type ugPlayScene struct {
	p     scenes.Painter
	m     *ugMatch
	board *ugBoard
	t     int
	sp    float64
	l     ugLayout

	busy   float64 // ticks before the next event is shown
	shownV *underground.View

	// The acting human.
	me        int              // the seat whose controls show, -1 none
	mine      underground.View // its view
	moves     ugMoves
	viewer    int             // hotseat: the human the screen was last shown to
	dec       scenes.Decision // the decision the controls belong to (the match's step, me)
	cur       scenes.Curtain  // hotseat: the screen waits to be passed to me
	undoer    int             // the human who moved last at this screen (Undo), -1 none
	chat      bool            // a LAN table's chat box has the keys this tick
	modeKey   string
	sel       int // the region selected for +/- (redeployment), -1 none
	buttons   []ugButton
	refusal   string
	refT      float64
	ask       *ugAsk      // a question before an irreversible move (ask.go), nil none
	shownCard ugCardShown // the card under the pointer or focus (play_card.go)
	kf        ugKeyFocus  // the keyboard focus on a combo or a panel (play_card.go)
	ptrX      int         // the pointer where it was last tick (its move takes kf off)
	ptrY      int
	pressT    int     // ticks the current press has lasted
	pressKey  int     // the card's key where it began
	cardHeld  bool    // a long press shows a card: its release acts on nothing
	flash     int     // the region of the log line clicked last
	flashT    float64 // ticks its flash lasts

	// Motion.
	die     ugDie
	scoreT  float64 // ticks the last score card stays
	scoreN  int
	coins   []ugCoin
	banner  string
	bannerT float64
	ended   float64 // ticks since the game ended (the final scoring follows)

	shotAt   int
	shotName string
	shots    int
	widths   map[scenes.TextKey]float64 // textWidth's measures
}

// ugButton is one control of the acting human: a button and what it does.
type ugButton struct {
	id  string // its control id (scenes.Gate)
	b   scenes.Button
	do  func(a *scenes.App)
	key ebiten.Key // its key, 0 none
}

// ugDie is the die's motion (U5.7, U12.15): it tumbles, then shows the
// face rolled.
type ugDie struct {
	t      float64 // ticks since the roll; <0 none
	face   int     // the tokens it gave (0-3)
	failed bool
	region int
}

// ugCoin is a coin flying from the score card to a seat's panel.
type ugCoin struct {
	seat     int
	t, delay float64
}

// ugLayout places everything (pixels), left to right, mirrored for
// right-to-left languages (the map is a picture and is not mirrored).
type ugLayout struct {
	top, board, side, market, log, bar scenes.Rect
	lane                               scenes.Rect // under the map: a question, a refusal, the hover tip or the turn banner, one at a time
	combos                             [underground.OfferSize]scenes.Rect
	panels                             []scenes.Rect
	chat                               scenes.Rect // a LAN table's chat box, under the log (lan.go); zero elsewhere
}

// ugSeatColor is seat's colour (panels, log lines, the rings under the
// stacks, the chart): the colour-blind palette when Settings say so
// (sprites/underground SeatColorsSafe).
func ugSeatColor(a *scenes.App, seat int) color.RGBA {
	p := ugart.Seats(a.Settings.ColorBlind)
	if seat < 0 || seat >= len(p) {
		return scenes.ColTextDim
	}
	return p[seat]
}

func newUGPlayScene(a *scenes.App, m *ugMatch) *ugPlayScene {
	s := &ugPlayScene{m: m, board: newUGBoardWith(m.mp, ugGeomFor(a, m.mp)), me: -1, viewer: -1, sel: -1, undoer: -1, die: ugDie{t: -1}}
	s.board.SetNames(m.names, m.you())
	a.HandTo(-1)
	if len(m.humans) == 1 {
		// One human at the screen: it is theirs from the start.
		s.viewer = m.humans[0]
		a.HandTo(s.viewer)
	}
	s.scoreN = m.st.scoreN
	return s
}

func (s *ugPlayScene) Name() string { return "ug-board" }

func (s *ugPlayScene) layout(a *scenes.App) {
	w, h := float64(a.W), float64(a.H)
	u := a.U
	l := &s.l
	sideW := u(340)
	l.top = scenes.R(0, 0, w, u(44))
	panelH := u(112)
	barH := u(50)
	l.side = scenes.R(w-sideW-u(8), u(50), sideW, h-u(58))
	laneH := u(30)
	l.board = scenes.R(u(8), u(50), w-sideW-u(24), h-u(58)-panelH-barH-laneH-u(8))
	l.lane = scenes.R(u(8), l.board.Y+l.board.H+u(4), l.board.W, laneH-u(4))
	l.bar = scenes.R(u(8), l.lane.Y+l.lane.H+u(4), l.board.W, barH-u(4))
	n := len(s.m.names)
	pw := (l.board.W - float64(n-1)*u(6)) / float64(n)
	l.panels = l.panels[:0]
	for i := 0; i < n; i++ {
		l.panels = append(l.panels, scenes.R(l.board.X+float64(i)*(pw+u(6)), h-panelH-u(8), pw, panelH))
	}
	rowH := u(46)
	l.market = scenes.R(l.side.X, l.side.Y, sideW, u(28)+float64(underground.OfferSize)*rowH)
	for i := range l.combos {
		l.combos[i] = scenes.R(l.market.X, l.market.Y+u(28)+float64(i)*rowH, sideW, rowH-u(4))
	}
	l.log = scenes.R(l.side.X, l.market.Y+l.market.H+u(8), sideW, l.side.Y+l.side.H-(l.market.Y+l.market.H+u(8)))
	l.chat = scenes.Rect{}
	if s.m.lan != nil {
		// The table talk takes the column's foot; in a small window it
		// leaves the log half the room.
		ch := math.Min(u(scenes.ChatH), l.log.H/2)
		l.chat = scenes.R(l.side.X, l.log.Y+l.log.H-ch, sideW, ch)
		l.log.H -= ch + u(8)
	}
	s.layCoach(a) // the guided game's coach over the log (tutorial.go)
	if a.RTL() {
		// The columns swap; the map is a picture and is not mirrored.
		l.side, l.market, l.log = l.side.Mirror(w), l.market.Mirror(w), l.log.Mirror(w)
		if l.chat.W > 0 {
			l.chat = l.chat.Mirror(w)
		}
		for i := range l.combos {
			l.combos[i] = l.combos[i].Mirror(w)
		}
		l.board, l.bar, l.lane = l.board.Mirror(w), l.bar.Mirror(w), l.lane.Mirror(w)
		for i := range l.panels {
			l.panels[i] = l.panels[i].Mirror(w)
		}
	}
}

func (s *ugPlayScene) Update(a *scenes.App) error {
	s.t++
	s.sp = scenes.Speed(a)
	s.layout(a)
	s.motion()
	// A move taken back (play_table.go), before the LAN notice that says
	// so goes to the new log (ugBoardChat).
	if s.m.fill(); s.m.rewound {
		s.rewound(a)
		return nil
	}
	// A LAN table's chat box (lan.go) has the keys while it is open: the
	// letters are text, not the controls' keys, and Escape closes the box.
	chat := s.m.lan != nil && ugBoardChat(s.m.lan, a, s)
	s.chat = chat
	if s.ask != nil && a.Key(ebiten.KeyEscape) {
		s.ask = nil // Esc closes the question (Covered); the shell's menu else
	}
	if s.m.st.over != nil && s.busy <= 0 && s.die.t < 0 {
		s.ended += s.sp
		if s.ended > 150 {
			a.GoTo(newUGEndScene(a, s.m))
			return nil
		}
	}
	if s.cur.Covering() {
		if s.cur.Update(a) {
			s.viewer = s.me // lifted: the screen is the seat's (Curtain hands it)
		}
		return nil
	}
	s.follow(a)
	s.findMover(a)
	if ref := s.m.st.log.Update(a, s.l.log, !chat); ref >= 0 {
		s.board.showRegion(ref)
		s.flash, s.flashT = ref, 90
	}
	s.board.noKeys = chat
	if !chat {
		s.focusKeys(a) // Tab along the market, the panels and the map (play_card.go)
	}
	act := s.board.Update(a, s.l.board.Image())
	s.updateCard(a)
	switch {
	case s.me < 0:
	case chat:
		a.Gate.Open(s.dec) // the decision stays open (and armed) behind the chat box
	case s.cardRelease(a):
		s.showControls(a) // the release of a long press that showed a card acts on nothing
	default:
		s.act(a, act)
	}
	return nil
}

// showControls registers the acting human's controls with the gate for
// this tick without reading them (they stay on screen, and armed).
func (s *ugPlayScene) showControls(a *scenes.App) {
	d := s.dec
	s.buildButtons(a)
	for i := range s.buttons {
		a.Gate.Show(s.buttons[i].id, s.buttons[i].b.R, d)
	}
	for i := range s.l.combos {
		if s.moves.pick[i] != nil || s.moves.step == "swap" && s.moves.swap[i] != nil {
			a.Gate.Show(ugComboIDs[i], s.l.combos[i], d)
		}
	}
	a.Gate.Show("ug.map", s.l.board, d)
}

// motion steps the timers and the flying coins.
func (s *ugPlayScene) motion() {
	if s.busy > 0 {
		s.busy -= s.sp
	}
	if s.bannerT > 0 {
		s.bannerT -= s.sp
	}
	if s.refT > 0 {
		s.refT -= s.sp
	}
	if s.flashT > 0 {
		s.flashT -= 1 // the flash keeps its pace whatever the animation speed
	}
	if s.scoreT > 0 {
		s.scoreT -= s.sp
	}
	if s.die.t >= 0 {
		s.die.t += s.sp
		if s.die.t > 110 {
			s.die.t = -1
		}
	}
	for i := 0; i < len(s.coins); i++ {
		s.coins[i].t += s.sp
		if s.coins[i].t > s.coins[i].delay+40 {
			s.coins = append(s.coins[:i], s.coins[i+1:]...)
			i--
		}
	}
}

// follow shows the next events of the stream, at the pace of the motion.
func (s *ugPlayScene) follow(a *scenes.App) {
	for s.busy <= 0 && s.die.t < 0 {
		it, ok := s.m.pop(a)
		if !ok {
			break
		}
		if it.last && it.view != nil && it.view != s.shownV {
			s.shownV = it.view
			s.board.SetView(it.view)
		}
		if it.ev != nil {
			s.busy += s.show(a, *it.ev)
		}
	}
	if s.shownV == nil {
		v := s.m.st.view
		s.shownV = &v
		s.board.SetView(s.shownV)
	}
}

// show starts the motion of one event and returns the ticks it takes.
func (s *ugPlayScene) show(a *scenes.App, e underground.Event) float64 {
	switch e.Kind {
	case underground.EvTurn:
		// The last player's score card goes as the next turn starts: it
		// stayed over the map into the next player's turn.
		s.scoreT = min(s.scoreT, 12)
		s.banner, s.bannerT = ugYouSay(a, s.m, "ug.ev.turn", e.Seat, "turn", e.Turn, "name", s.m.name(e.Seat)), 90
		s.shotMoment(a, "ug-turn", 2, 24)
		return 30
	case underground.EvPick:
		a.Audio.Play(sfxUGCoins)
		return 30
	case underground.EvConquer, underground.EvSubstitute:
		a.Audio.Play(sfxUGConquer)
		if e.Lost > 0 {
			a.Audio.Play(sfxUGLoss)
		}
		return 18
	case underground.EvFinal, underground.EvWisps:
		a.Audio.Play(sfxUGDie)
		s.die = ugDie{t: 0, face: e.Die, failed: e.Failed, region: s.m.mp.Index(e.Region)}
		s.shotMoment(a, "ug-die", 0, 24)
		return 20
	case underground.EvDecline, underground.EvLost:
		a.Audio.Play(sfxUGDecline)
		s.banner, s.bannerT = ugEventText(a, s.m, e), 100
		return 40
	case underground.EvDraw:
		if k, ok := underground.ParseMarker(e.Marker); ok && k.IsRelic() {
			a.Audio.Play(sfxUGRelic)
		} else {
			a.Audio.Play(sfxUGMonster)
		}
		return 24
	case underground.EvBalrog, underground.EvAncient:
		a.Audio.Play(sfxUGMonster)
		return 20
	case underground.EvScore:
		a.Audio.Play(sfxUGCoins)
		s.scoreT = 170
		for k := 0; k < min(e.Coins, 12); k++ {
			s.coins = append(s.coins, ugCoin{seat: e.Seat, delay: float64(k) * 5})
		}
		s.shotMoment(a, "ug-score", 1, 8) // the card goes when the next turn starts
		return 70
	case underground.EvCoins, underground.EvPay:
		a.Audio.Play(sfxUGCoins)
		return 12
	case underground.EvOver:
		a.Audio.Play(scenes.SfxRoundEnd)
		return 60
	}
	return 6
}

// shotMoment asks for a screenshot of a moment (--screenshots), once per
// name, after ticks so its motion shows, at the nth chance (8 events
// apart).
func (s *ugPlayScene) shotMoment(a *scenes.App, name string, nth, ticks int) {
	if a.Cfg.ScreenshotDir == "" || s.shotName != "" {
		return
	}
	s.shots++
	if s.shots < 8*nth {
		return
	}
	if a.Shots[name] {
		return
	}
	s.shotName, s.shotAt = name, s.t+ticks
}

// findMover finds the local human who owes a move, once the screen is up
// to date, and readies that seat's controls (or the curtain in hotseat).
func (s *ugPlayScene) findMover(a *scenes.App) {
	if s.m.hotseat() && a.Holder() >= 0 && !s.m.owes(a.Holder()) {
		// The turn has left the human holding the screen: their coins
		// turn face down while the others play (issue 22).
		a.HandTo(-1)
	}
	if s.busy > 0 || s.die.t >= 0 {
		// No control of a human's decision while a move plays out.
		s.me = -1
		return
	}
	seat, v, step := s.m.owing()
	if seat < 0 {
		s.me, s.ask = -1, nil
		s.board.SetFirstConquest(false)
		s.board.SetTargets(nil)
		s.board.SetDrag(-1)
		return
	}
	changed := seat != s.me || step != s.dec.Step || v.Step != s.mine.Step || len(v.Legal) != len(s.mine.Legal) || !sameLegal(v.Legal, s.mine.Legal)
	s.me, s.mine = seat, v
	s.dec = scenes.Decision{Step: step, Seat: seat}
	if !changed {
		return
	}
	s.ask = nil         // a question belongs to the decision it was asked at
	s.kf = ugKeyFocus{} // Tab starts afresh: in the market for a pick, else on the map
	s.board.SetFirstConquest(ugFirstConquest(&v, seat))
	if v.Step == "defend" {
		// The defenders redeploy before the turn is scored (U3.2 steps 5
		// and 6, UR44): no score card over their step.
		s.scoreT = 0
	}
	s.moves = ugSortMoves(&s.mine, s.m.mp)
	if md := s.moves.mode(s.modeKey); md == nil || md.key != s.modeKey {
		s.modeKey = ""
		if md != nil && !s.moves.hasRedep {
			s.modeKey = md.key // the step's first mode (a plain conquest first)
		}
	}
	drag := -1
	if s.moves.hasRedep && s.mine.Step == "redeploy" {
		drag = seat
	}
	s.board.SetDrag(drag)
	s.applyTargets()
	if s.m.hotseat() && s.viewer != seat {
		// Another human's step: the screen is passed first (the shell's
		// curtain over the public table; the coins stay hidden).
		key := "ug.curtain.turn"
		if v.Step == "defend" {
			key = "ug.curtain.defend"
		}
		s.cur.Note = a.T(key, "name", s.m.name(seat))
		s.cur.Label = a.T("ug.curtain.show", "name", s.m.name(seat))
		s.cur.Cover(a, seat, step, s.m.name(seat))
		s.shotMoment(a, "ug-curtain", 0, 24)
		return
	}
	s.viewer = seat
	if a.Holder() != seat {
		a.HandTo(seat) // the same human again, after the others played
	}
}

// applyTargets lights the regions the acting human may act on: the own
// stacks while redeploying (no mode chosen), else the regions of the
// chosen mode with their cost.
func (s *ugPlayScene) applyTargets() {
	if s.moves.hasRedep && s.modeKey == "" {
		lit := map[int]int{}
		for _, set := range []map[int]underground.Move{s.moves.deploy, s.moves.lift, s.moves.armor} {
			for i := range set {
				lit[i] = -1
			}
		}
		s.board.SetTargets(lit)
		if _, ok := lit[s.sel]; !ok {
			s.sel = -1
		}
		return
	}
	s.board.SetTargets(ugTargets(&s.mine, s.m.mp, s.moves.mode(s.modeKey)))
}

// ugFirstConquest reports whether seat's next conquest is a first one
// (U5.2): it is conquering and its Active race holds no region.
func ugFirstConquest(v *underground.View, seat int) bool {
	if v.Step != "conquer" && v.Step != "pick" {
		return false
	}
	for _, rv := range v.Regions {
		if rv.Seat == seat && !rv.Decline && rv.Tokens > 0 {
			return false
		}
	}
	return true
}

func sameLegal(a, b []underground.Move) bool {
	for i := range a {
		if a[i].String() != b[i].String() {
			return false
		}
	}
	return true
}

// act reads the acting human's controls: the board, the market, the
// buttons and the keys.
//
// Every control goes through the shell's input gate (scenes.Gate) for the
// decision it belongs to (s.dec: the match's step and the acting seat): a
// click acts only on a control that was on screen and armed for this very
// decision when the press began, a key only if it went down while the
// decision was open and armed (issue 22).
func (s *ugPlayScene) act(a *scenes.App, act ugBoardAction) {
	d := s.dec
	s.buildButtons(a)
	for i := range s.buttons {
		b := &s.buttons[i]
		if b.b.Fire(a, b.id, d) || b.key != 0 && a.Gate.Key(a, b.key, d) {
			b.do(a)
			return
		}
	}
	if s.ask != nil {
		// A question is open: only its answer acts (the map still pans).
		s.askKeys(a)
		return
	}
	for i := range s.l.combos {
		pick := s.moves.pick[i]
		if s.moves.step == "swap" {
			pick = s.moves.swap[i]
		}
		if pick == nil {
			continue
		}
		focused := s.kf == ugKeyFocus{ugFocusCombo, i} && (a.Gate.Key(a, ebiten.KeyEnter, d) || a.Gate.Key(a, ebiten.KeyKPEnter, d))
		if focused || a.Tap(ugComboIDs[i], s.l.combos[i], d) || a.Gate.Key(a, ebiten.Key1+ebiten.Key(i), d) || a.Gate.Key(a, ebiten.KeyDigit1+ebiten.Key(i), d) {
			s.play(a, *pick)
			return
		}
	}
	// The whole map is one control; the board hit-tests inside it.
	a.Gate.Show("ug.map", s.l.board, d)
	switch {
	case act.Kind == ugNone:
		return
	case act.Key:
		if !a.Gate.Key(a, ebiten.KeyEnter, d) && !a.Gate.Key(a, ebiten.KeyKPEnter, d) {
			return
		}
	case !a.Gate.Fired(a, "ug.map"):
		return
	}
	switch act.Kind {
	case ugActivate:
		s.activate(a, act.Region)
	case ugRedeploy:
		s.drag(a, act.From, act.Region, max(act.Count, 1))
	}
}

// activate is a click, tap or Enter on region i.
func (s *ugPlayScene) activate(a *scenes.App, i int) {
	if s.moves.hasRedep && s.modeKey == "" {
		s.sel = i
		if s.moves.step == "defend" {
			if mv, ok := s.moves.deploy[i]; ok {
				s.play(a, mv)
			}
		}
		return
	}
	md := s.moves.mode(s.modeKey)
	if md == nil {
		return
	}
	mv, ok := md.regions[i]
	if !ok {
		s.refuse(a, a.T("ug.refuse.region"))
		return
	}
	s.offer(a, mv) // a final conquest asks first: the die is final (U5.7)
}

// drag moves n tokens from one own region to another (U7.5): a lift, then
// a deploy, each a legal move of the step, as many times as allowed.
func (s *ugPlayScene) drag(a *scenes.App, from, to, n int) {
	if from < 0 || to < 0 || from == to {
		return
	}
	for k := 0; k < n; k++ {
		v, ok := s.ownView()
		if !ok {
			return
		}
		mv := ugSortMoves(&v, s.m.mp)
		lift, ok1 := mv.lift[from]
		if !ok1 {
			if k == 0 {
				s.refuse(a, a.T("ug.refuse.lift"))
			}
			return
		}
		if _, ok := mv.deploy[to]; !ok && mv.step != "redeploy" {
			return
		}
		if err := s.m.submit(s.me, lift); err != nil {
			s.refuse(a, s.ugRefusal(a, err))
			return
		}
		v, _ = s.ownView()
		mv = ugSortMoves(&v, s.m.mp)
		dep, ok2 := mv.deploy[to]
		if !ok2 {
			s.refuse(a, a.T("ug.refuse.region"))
			return
		}
		if err := s.m.submit(s.me, dep); err != nil {
			s.refuse(a, a.T("scene.error", "error", err.Error()))
			return
		}
	}
	s.sel = to
	a.Audio.Play(scenes.SfxPlace)
}

// ownView is the acting seat's view now, from the table.
func (s *ugPlayScene) ownView() (underground.View, bool) {
	v, ok := s.m.table.View(s.me).(underground.View)
	return v, ok && len(v.Legal) > 0
}

// play submits mv for the acting human.
func (s *ugPlayScene) play(a *scenes.App, mv underground.Move) {
	if err := s.m.submit(s.me, mv); err != nil {
		s.refuse(a, s.ugRefusal(a, err))
		return
	}
	s.undoer = s.me
	if s.m.hotseat() && !s.m.owes(s.me) {
		a.HandTo(-1) // the turn has left this human: their coins turn face down
	}
	s.mine = underground.View{}
	s.me, s.buttons = -1, s.buttons[:0] // no control shows until the next decision is found
}

// ugComboIDs are the market's control ids (scenes.Gate).
var ugComboIDs = [underground.OfferSize]string{"ug.combo1", "ug.combo2", "ug.combo3", "ug.combo4", "ug.combo5", "ug.combo6"}

func (s *ugPlayScene) refuse(a *scenes.App, why string) {
	a.Audio.Play(scenes.SfxRefuse)
	s.refusal, s.refT = why, 150
}

// buildButtons lays out the acting human's controls in the bar: done,
// decline, the modes, +/- for redeployment. Each button exists only when
// its move is legal.
func (s *ugPlayScene) buildButtons(a *scenes.App) {
	s.buttons = s.buttons[:0]
	mv := &s.moves
	if s.ask != nil {
		s.askButtons(a)
		s.layButtons(a)
		return
	}
	add := func(label string, key ebiten.Key, primary bool, do func(a *scenes.App)) {
		s.buttons = append(s.buttons, ugButton{id: "ug.btn" + strconv.Itoa(len(s.buttons)), b: scenes.Button{Label: label, Enabled: true, Primary: primary}, do: do, key: key})
	}
	if mv.end != nil {
		end := *mv.end
		label := a.T("ug.btn.end." + mv.step)
		add(label, ebiten.KeySpace, true, func(a *scenes.App) { s.offer(a, end) })
	}
	if mv.decline != nil {
		d := *mv.decline
		add(a.T("ug.btn.decline"), ebiten.KeyD, false, func(a *scenes.App) { s.offer(a, d) })
	}
	if mv.vanish != nil {
		d := *mv.vanish
		add(a.T("ug.btn.vanish"), ebiten.KeyV, false, func(a *scenes.App) { s.play(a, d) })
	}
	if len(mv.modes) > 1 || len(mv.modes) == 1 && mv.hasRedep {
		for k := range mv.modes {
			md := mv.modes[k]
			label := s.modeLabel(a, md)
			if md.key == s.modeKey {
				label = "• " + label
			}
			var key ebiten.Key
			if k < 9 && mv.step != "pick" {
				key = ebiten.KeyF1 + ebiten.Key(k)
			}
			add(label, key, false, func(a *scenes.App) {
				switch {
				case s.modeKey == md.key && s.moves.hasRedep:
					s.modeKey = "" // back to the stacks
				default:
					s.modeKey = md.key
				}
				s.applyTargets()
			})
		}
	}
	for _, mv2 := range mv.reborn2 {
		m2 := mv2
		add(a.T("ug.btn.reborn2", "a", m2.Reborn[0], "b", m2.Reborn[1]), 0, false, func(a *scenes.App) { s.play(a, m2) })
	}
	if mv.hasRedep && s.sel >= 0 {
		sel := s.sel
		if d, ok := mv.deploy[sel]; ok {
			add(a.T("ug.btn.deploy"), ebiten.KeyBracketRight, false, func(a *scenes.App) { s.play(a, d) })
		}
		if l, ok := mv.lift[sel]; ok {
			add(a.T("ug.btn.lift"), ebiten.KeyBracketLeft, false, func(a *scenes.App) { s.play(a, l) })
		}
		if ar, ok := mv.armor[sel]; ok {
			add(a.T("ug.btn.armor"), ebiten.KeyA, false, func(a *scenes.App) { s.play(a, ar) })
		}
	}
	s.layButtons(a)
}

// layButtons lays the buttons out along the bar, in reading order.
func (s *ugPlayScene) layButtons(a *scenes.App) {
	// Too many for the bar: all narrower (drawButton fits the words).
	gap := a.U(6)
	widths := make([]float64, len(s.buttons))
	total := gap * float64(max(len(s.buttons)-1, 0))
	for i := range s.buttons {
		widths[i] = math.Min(math.Max(s.textWidth(a, s.buttons[i].b.Label, a.U(18))+a.U(28), a.U(120)), a.U(300))
		total += widths[i]
	}
	k := 1.0
	if total > s.l.bar.W {
		k = (s.l.bar.W - (total - sumOf(widths))) / sumOf(widths)
	}
	x := s.l.bar.X
	if a.RTL() {
		x = s.l.bar.X + s.l.bar.W // right to left: from the bar's right end
	}
	for i := range s.buttons {
		b := &s.buttons[i].b
		bw := widths[i] * k
		if a.RTL() {
			b.R = scenes.R(x-bw, s.l.bar.Y, bw, s.l.bar.H)
			x -= bw + gap
			continue
		}
		b.R = scenes.R(x, s.l.bar.Y, bw, s.l.bar.H)
		x += bw + gap
	}
}

func sumOf(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t
}

// modeLabel is a mode's button text.
func (s *ugPlayScene) modeLabel(a *scenes.App, md ugMode) string {
	switch md.kind {
	case "conquer":
		if len(md.with) == 0 {
			return a.T("ug.mode.conquer")
		}
		var names []string
		for _, w := range md.with {
			names = append(names, ugMarkerName(a, w))
		}
		return a.T("ug.mode.conquer_with", "relics", strings.Join(names, ", "))
	case "orb":
		return a.T("ug.mode.orb")
	case "place":
		return a.T("ug.mode.place", "what", ugPlaceWhat(a, md.what))
	}
	return a.T("ug.mode." + md.kind)
}

// textWidth is the width of str drawn at size, measured once per text
// (shaping on every frame cost the frame loop its time).
func (s *ugPlayScene) textWidth(a *scenes.App, str string, size float64) float64 {
	k := scenes.TextKey{S: str, Size: float32(size), Rtl: a.RTL()}
	if w, ok := s.widths[k]; ok {
		return w
	}
	if s.widths == nil || len(s.widths) > 512 {
		s.widths = map[scenes.TextKey]float64{}
	}
	w, _ := fonts.Measure(str, size, a.RTL())
	s.widths[k] = w
	return w
}
