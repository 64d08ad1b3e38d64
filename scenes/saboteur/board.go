package saboteur

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// zoomSteps are the maze zoom levels: a card's width is 64 x zoom layout
// units. Discrete steps let each level keep its own sharp card art.
// The smallest steps are for an overview of a maze that has grown far.
var zoomSteps = [...]float64{0.25, 0.3, 0.38, 0.45, 0.5, 0.6, 0.7, 0.8, 0.95, 1.1, 1.3, 1.55, 1.8}

// fitMaxZoom is the largest zoom step fitting picks (closer is the
// player's choice).
const fitMaxZoom = 10

// boardScene is a round in play: the maze (pan by dragging empty space or
// the arrow keys, zoom by the wheel or +/-), the hand along the bottom, the
// player panels, the draw and discard piles, and the log. Cards are played
// by dragging (legal cells light up; a drop snaps to the nearest legal cell
// or flies back with the rule's reason), by clicking a card then a target,
// or by keyboard: Tab picks a card, arrows a target, R turns, Enter plays,
// D discards.
type boardScene struct {
	p scenes.Painter
	m *match

	view  saboteur.View   // the public table as the screen shows it
	me    int             // the seat whose hand and role show; -1 none
	mine  saboteur.View   // me's own view, in step with view
	tiles []saboteur.Tile // the maze as shown (ahead of view during motion)
	hide  [2]saboteur.Cell
	nhide int

	hold     int // ticks to wait before the next event
	ended    *saboteur.Event
	endHold  int
	endShown bool // the round-over view is on (board_end.go)
	endWait  int

	anims []anim

	// Camera: the maze point (in cells) at the viewport's centre, and the zoom step.
	camX, camY float64
	zoom       int
	zoomed     bool // the player zoomed or panned: no more automatic fitting
	panning    bool
	panX, panY int

	L boardLayout

	hand    []handSlot
	sel     int // the selected hand card (keyboard or click); -1 none
	targets []target
	tsel    int // the selected target; -1 none
	drag    dragState
	places  []saboteur.Placement
	waiting bool // a move was submitted; its events are on the way

	chooser    chooser
	curtain    bool           // hotseat: the screen waits for the next human (veil is down)
	curtainFor int            // hotseat: the human the curtain comes down for once the play has landed; -1 none
	veil       scenes.Curtain // the shell's hand-over curtain (board_table.go)
	lastHuman  int            // the seat of the last move made at this screen (Undo); -1 none

	reason  string // why the last drop was refused
	reasonT int
	peek    peekShow // a map's reveal to its viewer (board_peek.go)

	// The card explaining itself (board_explain.go): what the pointer
	// rests on, for how many ticks, where it was; keyPicked: the hand card
	// picked last was picked by the keyboard.
	explained          explainee
	explainT           int
	explainX, explainY int
	keyPicked          bool

	log      scenes.Log // the game's log as the board shows it (board_log.go)
	logGen   int        // the m.logGen its lines were written for
	logLang  i18n.Lang  // and the language
	logNames []string   // and the seats' names

	plays    [saboteur.MaxPlayers]lastPlay // each seat's last play on the maze (board_log.go)
	initials []string                      // each seat's mark on the maze
	flash    saboteur.Cell                 // a clicked log line's cell, blinking
	flashT   int
	texts    boardTexts
	ticks    int
	dealing  int // ticks until the deal's motion is over (the hand shows then)
	dealt    bool
	shotsAt  int
	shotName string // a screenshot to ask for once the motion is over
	midMove  bool   // some of a move's events are still to be shown
}

// handSlot is one card of the hand as shown.
type handSlot struct {
	card   saboteur.Card // as held (canonical orientation)
	turned bool          // turned 180 degrees by the player (R3.3)
	r      scenes.Rect   // where it rests
	lift   float64       // hover/selection lift, 0 to 1
}

func (h *handSlot) placed() saboteur.Card {
	if h.turned {
		return h.card.Rotated()
	}
	return h.card
}

// target is somewhere the selected card can go: a maze cell (path card,
// rockfall, map on a goal) or a seat (broken tool, repair).
type target struct {
	cell   saboteur.Cell
	seat   int
	isSeat bool
}

// dragState is a hand card being dragged: grab offset kept so it does not
// jump to the pointer (examples/drag).
type dragState struct {
	on      bool
	started bool // moved far enough to be a drag rather than a click
	idx     int
	grabX   float64
	grabY   float64
	x, y    float64 // the card's top-left
}

// chooser asks which tool a two-tool repair mends when both are broken (R6.2).
type chooser struct {
	on    bool
	idx   int
	seat  int
	tools [2]saboteur.Tool
	r     [2]scenes.Rect
}

// boardTexts are the strings the board draws, rebuilt when the state
// changes rather than every frame.
type boardTexts struct {
	status, hint, round, draw, discard, role string
	names, hands                             []string
	turnKey                                  string
}

// boardLayout is where everything is on screen, in pixels.
type boardLayout struct {
	w, h, n             int
	top, maze, handArea scenes.Rect
	panels              []scenes.Rect
	right, log          scenes.Rect
	drawPile, discard   scenes.Rect
	role                scenes.Rect
	cardW               int // hand card width in pixels
	rtl                 bool
}

func newBoardScene(a *scenes.App, m *match) *boardScene {
	s := &boardScene{m: m, me: -1, sel: -1, tsel: -1, zoom: 7, camX: 4, camY: 0, curtainFor: -1, lastHuman: -1}
	s.view = m.shown
	if s.view.Options.Players == 0 {
		s.view = m.Table.View(-1)
		m.shown = s.view
	}
	s.tiles = append(s.tiles[:0], s.view.Board.Tiles()...)
	m.localize(a)
	s.makeInitials()
	s.playsFromLog()
	s.chooseMe(a)
	s.handTo(a)
	s.refresh(a)
	return s
}

func (s *boardScene) Name() string { return "board" }

// chooseMe picks the seat whose hand shows: the only human, the human on
// turn after the curtain (hotseat), or the followed bot (--autoplay).
func (s *boardScene) chooseMe(a *scenes.App) {
	switch {
	case len(s.m.humans) == 1:
		s.me = s.m.humans[0]
	case s.m.hotseat():
		if s.m.isHuman(s.view.Turn) && s.view.Phase == saboteur.Playing {
			s.coverFor(a, s.view.Turn)
		}
	default:
		s.me = s.m.follow
	}
	s.syncMine()
}

func (s *boardScene) syncMine() {
	if s.me < 0 {
		s.mine = saboteur.View{}
		s.hand = s.hand[:0]
		return
	}
	v, ok := s.m.viewOf(s.me, s.view.Moves)
	if !ok {
		return
	}
	s.mine = v
	// Keep each card's turn while the hand is unchanged.
	same := len(v.Hand) == len(s.hand)
	for i := 0; same && i < len(v.Hand); i++ {
		same = s.hand[i].card == v.Hand[i]
	}
	if !same {
		s.hand = s.hand[:0]
		for _, c := range v.Hand {
			s.hand = append(s.hand, handSlot{card: c})
		}
		s.sel, s.tsel, s.targets = -1, -1, s.targets[:0]
	}
}

// myTurn reports whether the shown human may move now.
func (s *boardScene) myTurn() bool {
	return s.me >= 0 && !s.m.autoplay && s.m.isHuman(s.me) && s.view.Phase == saboteur.Playing &&
		s.view.Turn == s.me && !s.curtain && s.ended == nil && !s.waiting && s.dealt && s.dealing == 0 && s.mine.Moves == s.view.Moves
}

func (s *boardScene) Update(a *scenes.App) error {
	s.ticks++
	s.layout(a)
	// A move taken back (board_table.go): the board opens afresh, before
	// the LAN notice that says so goes to the new log.
	if s.m.fill(); s.m.rewound {
		s.rewound(a)
		return nil
	}
	s.keepMazeInView(a)
	s.stepAnims(a)
	if s.reasonT > 0 {
		s.reasonT--
	}
	if s.peek.on {
		s.peek.t++
	}
	if s.flashT > 0 {
		s.flashT--
	}
	if s.ended != nil {
		s.endUpdate(a) // board_end.go
		return nil
	}
	if !s.dealt {
		s.dealt = true
		s.deal(a)
		s.refresh(a)
	}
	if s.dealing > 0 {
		if s.dealing--; s.dealing == 0 {
			s.refresh(a) // the hand and the hints show now
		}
		return nil
	}
	s.advance(a)
	s.curtainUpdate(a)
	if s.curtain {
		// Lifted only on the curtain itself, armed (scenes.Curtain).
		if s.veil.Update(a) {
			s.curtain = false
			s.syncMine()
			s.refresh(a)
		}
		return nil
	}
	if s.m.lan != nil && lanBoardUpdate(s.m.lan, a, s) { // LAN chat has the keys (chat.go)
		return nil
	}
	s.input(a)
	if s.m.autoplay && s.view.Moves >= s.shotsAt+12 && s.shotName == "" {
		s.shotsAt = s.view.Moves
		s.shotName = fmt.Sprintf("board-r%d-m%03d", s.view.Round, s.view.Moves)
	}
	return nil
}

// curtainUpdate brings the hotseat curtain down for the next human once
// the last play has landed: no card in flight and the pause after the
// move over, so its player saw it land.
func (s *boardScene) curtainUpdate(a *scenes.App) {
	if s.curtainFor < 0 || len(s.anims) > 0 || s.hold > 0 || s.midMove || s.peekHolds() {
		return
	}
	if s.ended != nil || s.view.Turn != s.curtainFor {
		s.curtainFor = -1
		return
	}
	s.coverFor(a, s.view.Turn)
	s.curtainFor = -1
	s.sel, s.tsel = -1, -1
	s.syncMine()
	s.refresh(a)
}

// Settled reports that no card is moving, turning or being dealt, and
// the last move is shown whole (--screenshots waits for it).
func (s *boardScene) Settled() bool {
	return s.dealt && s.dealing == 0 && len(s.anims) == 0 && !s.midMove
}

// deal shows the round's cards flying from the draw pile to every player,
// one at a time around the table, when the board opens on a fresh round.
func (s *boardScene) deal(a *scenes.App) {
	v := &s.view
	n := v.Options.Players
	h := saboteur.HandSize(n)
	if n == 0 || v.Board.PathCards() != 0 || v.Moves > 0 && v.DrawPile != saboteur.DeckSize-n*h {
		return
	}
	for _, hs := range v.HandSizes {
		if hs != h {
			return
		}
	}
	sp := scenes.Speed(a)
	step := math.Max(3/sp, 0.5)
	img := cardArt(a, s.L.pileW()).Back()
	b := img.Bounds()
	k := 0
	for c := 0; c < h; c++ {
		for seat := 0; seat < n; seat++ {
			x, y := s.seatPoint(seat)
			an := s.startFly(a, img, s.L.drawPile.X, s.L.drawPile.Y, x-float64(b.Dx())*0.3, y-float64(b.Dy())*0.3, 1, 0.6, int(16/sp)+1)
			an.t = -int(float64(k) * step)
			an.fade = true
			k++
		}
	}
	s.dealing = int(float64(k)*step+16/sp) + 1
	a.Audio.Play(scenes.SfxDeal)
}

// advance shows the next event of the table when the previous one has had
// its time on screen.
func (s *boardScene) advance(a *scenes.App) {
	if s.hold > 0 {
		s.hold--
		return
	}
	for s.hold == 0 {
		if s.peekHolds() && !s.midMove {
			// At a shared screen the next moves wait until the map's
			// viewer has turned the goal back (board_peek.go).
			return
		}
		if s.shotName != "" && !s.midMove {
			// --screenshots: the next move waits until this one has
			// settled and been shot (Draw asks for it).
			return
		}
		it, ok := s.m.peek()
		if !ok {
			return
		}
		if it.ev.Type == saboteur.RoundStarted && it.ev.Round != s.view.Round {
			// A new round is dealt: the round end scene takes over.
			return
		}
		s.m.pop()
		s.apply(a, it)
		s.midMove = !it.last
		if toDiscardPile(it.ev.Type) && it.view != nil && it.view.Discards > s.view.Discards {
			// The card on its way to the discard pile counts at once:
			// the pile never reads its old count (0 on an empty one)
			// under a card flying onto it.
			s.view.Discards = it.view.Discards
			s.texts.discard = a.Num(s.view.Discards)
		}
		if it.last {
			s.view = *it.view
			s.m.shown = s.view
			s.tiles = append(s.tiles[:0], s.view.Board.Tiles()...)
			curtainNext := s.m.hotseat() && s.m.isHuman(s.view.Turn) && s.view.Turn != s.me && s.view.Phase == saboteur.Playing && s.ended == nil
			if curtainNext {
				// The curtain waits until the play has landed and been
				// seen by its player (curtainUpdate).
				s.curtainFor = s.view.Turn
				s.sel, s.tsel = -1, -1
			}
			s.syncMine()
			s.waiting = false
			s.refresh(a)
			if s.hold == 0 {
				s.hold = int(12 / scenes.Speed(a))
			}
			if curtainNext {
				s.hold = max(s.hold, int(40/scenes.Speed(a)))
			}
		}
		if s.ended != nil {
			return
		}
	}
}

// apply shows one event: motion, sound and a line in the log.
func (s *boardScene) apply(a *scenes.App, it feedItem) {
	e := it.ev
	sp := scenes.Speed(a)
	dur := func(t float64) int { return max(int(t/sp), 1) }
	mover := e.Seat
	switch e.Type {
	case saboteur.Placed:
		s.tiles = append(s.tiles, saboteur.Tile{At: e.At, Card: e.Card, ID: -1})
		s.keepMazeInView(a) // before the flight, so it lands where the card will lie
		s.flyToCell(a, s.cardImg(a, e.Card), mover, e.At, dur(22), true)
		a.Audio.Play(scenes.SfxPlace)
		s.markPlay(mover, e.At, nil)
		s.hold = dur(26)
	case saboteur.GoalRevealed:
		for i := range s.tiles {
			if s.tiles[i].At == e.At {
				s.tiles[i].Card = e.Card
			}
		}
		s.flipAt(a, e.At, e.Card, dur(36))
		if e.Card.Goal == saboteur.Gold {
			a.Audio.Play(scenes.SfxGold)
		} else {
			a.Audio.Play(scenes.SfxCoal)
		}
		s.hold = dur(40)
	case saboteur.ToolBroken:
		s.flyBetweenSeats(a, s.cardImg(a, saboteur.Card{Kind: saboteur.Broken, Tools: e.Tool}), mover, e.Target, dur(24))
		a.Audio.Play(scenes.SfxBreak)
		s.hold = dur(26)
	case saboteur.ToolRepaired:
		s.flyBetweenSeats(a, s.cardImg(a, e.Card), mover, e.Target, dur(24))
		a.Audio.Play(scenes.SfxRepair)
		s.hold = dur(26)
	case saboteur.RockFell:
		for i := range s.tiles {
			if s.tiles[i].At == e.At {
				s.tiles = append(s.tiles[:i], s.tiles[i+1:]...)
				break
			}
		}
		s.rockfallAt(a, e.At, e.Card, dur(30))
		a.Audio.Play(scenes.SfxRockfall)
		removed := e.Card
		s.markPlay(mover, e.At, &removed)
		s.hold = dur(30)
	case saboteur.MapPlayed:
		s.flyToCell(a, s.cardImg(a, saboteur.Card{Kind: saboteur.Map}), mover, saboteur.GoalCells[e.Goal], dur(24), false)
		a.Audio.Play(scenes.SfxMap)
		s.markPlay(mover, saboteur.GoalCells[e.Goal], nil)
		s.startPeek(a, mover, e.Goal, it.view) // to a person at this screen only (board_peek.go)
		s.hold = dur(28)
	case saboteur.Discarded:
		s.flyToPile(a, mover, dur(20))
		s.hold = dur(16)
	case saboteur.Drew:
		s.flyFromPile(a, mover, dur(18))
	case saboteur.TurnStarted:
		if mover == s.me && s.m.isHuman(mover) {
			a.Audio.Play(scenes.SfxDeal)
		}
	case saboteur.RoundEnded:
		ev := e
		s.ended = &ev
		s.endHold = dur(40)
		s.closePeek(a) // every goal turns face up now (R1.4)
		a.Audio.Play(scenes.SfxRoundEnd)
	}
}

// toDiscardPile reports whether an event of type t puts cards on the
// discard pile: a discard (R4.4), a played repair with its mended broken
// card (R6.2), a rockfall with the path card it removes, a map.
func toDiscardPile(t saboteur.EventType) bool {
	switch t {
	case saboteur.Discarded, saboteur.ToolRepaired, saboteur.RockFell, saboteur.MapPlayed:
		return true
	}
	return false
}

// refresh rebuilds the texts and targets after the state changed.
func (s *boardScene) refresh(a *scenes.App) {
	t := &s.texts
	n := s.view.Options.Players
	t.round = a.T("round.number", "n", s.view.Round, "total", saboteur.Rounds)
	t.draw = a.Num(s.view.DrawPile)
	t.discard = a.Num(s.view.Discards)
	t.names = t.names[:0]
	t.hands = t.hands[:0]
	for i := 0; i < n; i++ {
		name := s.m.name(i)
		// "You (you)" says it twice: a player without a name of their own
		// is called "You" already (defaultPlayerName).
		if i == s.me && s.m.isHuman(i) && !s.m.hotseat() && name != a.T("scene.newgame.you") {
			name = a.T("scene.board.you", "name", name)
		}
		t.names = append(t.names, name)
		hs := 0
		if i < len(s.view.HandSizes) {
			hs = s.view.HandSizes[i]
		}
		t.hands = append(t.hands, a.Num(hs))
	}
	turn := s.view.Turn
	switch {
	case s.view.Phase != saboteur.Playing:
		t.status = ""
	case s.m.replay: // no one thinks in a replay: whose turn it was
		t.status = a.T("turn.of", "name", s.m.name(turn))
	case turn == s.me && s.m.isHuman(turn) && !s.m.hotseat():
		t.status = a.T("turn.yours")
	case s.m.isHuman(turn):
		t.status = a.T("turn.of", "name", s.m.name(turn))
	default:
		t.status = a.T("scene.board.thinking", "name", s.m.name(turn))
	}
	t.hint = ""
	if s.myTurn() {
		switch {
		case s.view.Broken[s.me] != 0:
			t.hint = a.T("scene.board.hint_broken")
		case s.sel >= 0 && s.sel < len(s.hand) && s.hand[s.sel].card.Kind != saboteur.Path:
			// Only a path card turns (R3.3): no word of R for the others.
			t.hint = a.T("scene.board.hint_selected_action")
		case s.sel >= 0:
			t.hint = a.T("scene.board.hint_selected")
		default:
			t.hint = a.T("scene.board.hint")
		}
		if len(s.hand) == 0 {
			t.hint = a.T("scene.board.hint_empty")
		}
	} else if s.m.autoplay && s.me >= 0 {
		t.hint = a.T("scene.reveal.watching", "name", s.m.name(s.me))
	}
	t.role = ""
	if s.me >= 0 {
		switch s.mine.Role {
		case saboteur.GoldDigger:
			t.role = a.T("role.gold_digger")
		case saboteur.Saboteur:
			t.role = a.T("role.saboteur")
		}
	}
	s.computeTargets()
	if s.m.tutor != nil {
		s.tutorPick()
	}
}

func (s *boardScene) cardImg(a *scenes.App, c saboteur.Card) *ebiten.Image {
	return cardArt(a, s.cellW(a)).Card(c)
}

// cellW is the maze cell width in pixels at the current zoom.
func (s *boardScene) cellW(a *scenes.App) int {
	return max(int(math.Round(a.U(float64(64)*zoomSteps[s.zoom]))), 16)
}

// cellSize returns the maze cell size in pixels (width, height).
func (s *boardScene) cellSize(a *scenes.App) (float64, float64) {
	art := cardArt(a, s.cellW(a))
	return float64(art.Width()), float64(art.Height())
}

// cellRect is the screen rectangle of maze cell c.
func (s *boardScene) cellRect(a *scenes.App, c saboteur.Cell) scenes.Rect {
	cw, ch := s.cellSize(a)
	mx, my := s.L.maze.Cx(), s.L.maze.Cy()
	return scenes.R(mx+(float64(c.X)-s.camX)*cw-cw/2, my+(float64(c.Y)-s.camY)*ch-ch/2, cw, ch)
}

// cellAt is the maze cell under screen point (x, y).
func (s *boardScene) cellAt(a *scenes.App, x, y float64) saboteur.Cell {
	cw, ch := s.cellSize(a)
	fx := (x-s.L.maze.Cx())/cw + s.camX
	fy := (y-s.L.maze.Cy())/ch + s.camY
	return saboteur.Cell{X: int(math.Floor(fx + 0.5)), Y: int(math.Floor(fy + 0.5))}
}

// fitZoom picks the largest zoom at which the whole maze (the start, the
// goals, every card) and a ring of cells around it fit the viewport, and
// centres it (Home; and by itself whenever the maze outgrows the view,
// until the player zooms or pans). Where even the smallest zoom cannot
// show the ring, the maze alone is fitted.
func (s *boardScene) fitZoom(a *scenes.App) {
	minX, minY, maxX, maxY := 0, -2, 8, 2
	for _, t := range s.tiles {
		minX, maxX = min(minX, t.At.X), max(maxX, t.At.X)
		minY, maxY = min(minY, t.At.Y), max(maxY, t.At.Y)
	}
	for _, ring := range [2]int{1, 0} {
		x0, y0, x1, y1 := minX-ring, minY-ring, maxX+ring, maxY+ring
		s.camX, s.camY = float64(x0+x1)/2, float64(y0+y1)/2
		for z := fitMaxZoom; z >= 0; z-- {
			s.zoom = z
			cw, ch := s.cellSize(a)
			if float64(x1-x0+1)*cw <= s.L.maze.W && float64(y1-y0+1)*ch <= s.L.maze.H {
				return
			}
		}
	}
}

// mazeInView reports whether every card of the maze lies wholly inside the
// viewport.
func (s *boardScene) mazeInView(a *scenes.App) bool {
	mr := s.L.maze
	for _, t := range s.tiles {
		r := s.cellRect(a, t.At)
		if r.X < mr.X-0.5 || r.Y < mr.Y-0.5 || r.X+r.W > mr.X+mr.W+0.5 || r.Y+r.H > mr.Y+mr.H+0.5 {
			return false
		}
	}
	return true
}

// keepMazeInView refits the view when the maze has outgrown it, unless the
// player has taken the camera (zoom, pan) or is dragging a card.
func (s *boardScene) keepMazeInView(a *scenes.App) {
	if s.zoomed || s.drag.on || s.panning || s.mazeInView(a) {
		return
	}
	s.fitZoom(a)
}

// computeTargets lists where the selected card may go.
func (s *boardScene) computeTargets() {
	s.targets = s.targets[:0]
	if s.sel < 0 || s.sel >= len(s.hand) || s.me < 0 {
		s.tsel = -1
		return
	}
	h := &s.hand[s.sel]
	c := h.placed()
	v := &s.mine
	switch c.Kind {
	case saboteur.Path:
		if v.Broken == nil || v.Broken[s.me] != 0 {
			break
		}
		s.places = v.Board.Placements(s.places[:0], c, v.Options.ConnectToStart)
		for _, p := range s.places {
			if p.Card == c {
				s.targets = append(s.targets, target{cell: p.At})
			}
		}
	case saboteur.Broken:
		for t, b := range v.Broken {
			if b&c.Tools == 0 {
				s.targets = append(s.targets, target{seat: t, isSeat: true})
			}
		}
	case saboteur.Repair:
		for t, b := range v.Broken {
			if b&c.Tools != 0 {
				s.targets = append(s.targets, target{seat: t, isSeat: true})
			}
		}
	case saboteur.Rockfall:
		for _, t := range v.Board.Tiles() {
			if t.Card.Kind == saboteur.Path {
				s.targets = append(s.targets, target{cell: t.At})
			}
		}
	case saboteur.Map:
		// Goals not looked at yet first: Enter's choice is one of them
		// (a map on a goal already peeked shows nothing new, R6.4).
		for _, peeked := range [2]bool{false, true} {
			for i, gc := range saboteur.GoalCells {
				known := i < len(v.Peeked) && v.Peeked[i] != saboteur.NoGoal
				if !v.Board.GoalFaceUp(i) && known == peeked {
					s.targets = append(s.targets, target{cell: gc})
				}
			}
		}
	}
	if s.tsel >= len(s.targets) {
		s.tsel = -1
	}
	if s.tsel < 0 && len(s.targets) > 0 {
		s.tsel = s.nearestTarget()
		if c.Kind == saboteur.Map {
			s.tsel = 0
		}
	}
}

// nearestTarget is the target closest to the camera centre (cells), or
// the first seat.
func (s *boardScene) nearestTarget() int {
	best, bd := 0, math.Inf(1)
	for i, t := range s.targets {
		if t.isSeat {
			return 0
		}
		d := math.Hypot(float64(t.cell.X)-s.camX, float64(t.cell.Y)-s.camY)
		if d < bd {
			best, bd = i, d
		}
	}
	return best
}

// moveFor builds the move that plays hand card idx on target t.
func (s *boardScene) moveFor(idx int, t target) saboteur.Move {
	h := &s.hand[idx]
	c := h.placed()
	m := saboteur.Move{Seat: s.me, Type: saboteur.Play, Card: c}
	switch c.Kind {
	case saboteur.Path, saboteur.Rockfall:
		m.At = t.cell
	case saboteur.Broken, saboteur.Repair:
		m.Target = t.seat
	case saboteur.Map:
		m.Goal = saboteur.GoalIndex(t.cell.Y)
	}
	return m
}

// play submits the move of hand card idx; a refusal shows the rule's
// reason and the card flies back from (fx, fy).
func (s *boardScene) play(a *scenes.App, idx int, m saboteur.Move, fx, fy float64) bool {
	if !s.tutorAllows(idx, m) {
		// The guided round waits for the move it asked for (tutorial.go).
		s.reason, s.reasonT = a.T("scene.tutorial.not_yet", "lesson", a.T(lessonKeys[s.m.tutor.cur])), 300
		a.Audio.Play(scenes.SfxRefuse)
		if fx >= 0 {
			s.flyBack(a, idx, fx, fy)
		}
		return false
	}
	if c := s.hand[idx].card; c.Kind == saboteur.Repair && m.Type == saboteur.Play && len(c.Tools.Tools()) == 2 && m.Tool == 0 {
		if both := s.mine.Broken[m.Target] & c.Tools; both == c.Tools {
			tools := c.Tools.Tools()
			s.chooser = chooser{on: true, idx: idx, seat: m.Target, tools: [2]saboteur.Tool{tools[0], tools[1]}}
			return false
		}
	}
	err := s.m.Submit(s.me, m)
	if err != nil {
		s.refuse(a, err, idx, fx, fy)
		return false
	}
	s.waiting = true
	s.played(a)
	s.tutorPlayed()
	if fx >= 0 {
		s.startFly(a, s.handImg(a, idx), fx, fy, fx, fy, 1, 1, 1)
	}
	s.hand = append(s.hand[:idx], s.hand[idx+1:]...)
	s.sel, s.tsel, s.targets = -1, -1, s.targets[:0]
	s.drag.on = false
	return true
}

// refuse shows why a move was refused and flies the card home.
func (s *boardScene) refuse(a *scenes.App, err error, idx int, fx, fy float64) {
	key, num := ruleKey(err)
	if key != "" && a.Cat.Has(key) {
		s.reason = num + " · " + a.T(key)
	} else {
		s.reason = a.T("scene.error", "error", err.Error())
	}
	s.reasonT = 240
	a.Audio.Play(scenes.SfxRefuse)
	if fx >= 0 && idx >= 0 && idx < len(s.hand) {
		r := s.hand[idx].r
		s.startFly(a, s.handImg(a, idx), fx, fy, r.X, r.Y, 1, 1, int(18/scenes.Speed(a))+1)
	}
}

func (s *boardScene) handImg(a *scenes.App, idx int) *ebiten.Image {
	return cardArt(a, s.L.cardW).Card(s.hand[idx].placed())
}
