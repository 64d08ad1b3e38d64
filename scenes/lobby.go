package scenes

import (
	"encoding/json"
	"fmt"
	"math"
	"net"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/webdist"
)

// lobbyScene is "Host LAN game" (issue 5): the host's table before the
// start. It shows the table's name and optional password (editable while
// no guest sits), the seats (the host in seat 0, guests as they join, the
// other seats open or computer players with a level), the table options
// (R5.5, R8.1a, R8.1b, first player, the dropout grace period), where to
// join (HOST:PORT for the app, the browser address and its QR code for
// phones) and the chat. Start deals the game; the host then plays seat 0
// on the board.
type lobbyScene struct {
	p      painter
	g      lobbyGame // the game the table plays (the menu's pick)
	link   *lanLink
	me     string // the host player's name
	name   string // the table's name field
	pass   string // the password field
	opened string // the password the open table has
	focus  int    // fieldName, fieldPass or -1
	chars  []rune
	lobby  lan.Lobby
	err    string
	ticks  int
	grace  time.Duration
	turn   time.Duration // the turn timer; 0 is off

	players     [2]button // fewer, more
	seats       []lobbyRow
	opts        []button  // the game's table options (lobbyGame.keys)
	graceB      [2]button // shorter, longer
	turnB       [2]button // the turn timer: shorter (down to off), longer
	nameR       rect
	passR       rect
	start, back button
	chat        chatBox
	qr          *ebiten.Image
	qrURL       string
	addrs       []string
	tourJoin    *joinScene // --autoplay's tour goes on to this join scene (lantour.go)
}

// lobbyRow is one seat's row.
type lobbyRow struct {
	r    rect
	kind button // cycles open, computer players of each level; frees a guest's seat
}

const (
	fieldName = iota
	fieldPass
)

// graceSteps are the dropout grace periods the lobby offers (issue 5:
// default 30 s).
var graceSteps = []time.Duration{10 * time.Second, 20 * time.Second, 30 * time.Second, 45 * time.Second,
	time.Minute, 2 * time.Minute, 5 * time.Minute}

// turnSteps are the turn timers the lobby offers (lan/PROTOCOL.md, Turn
// timer: default 90 s, lan.DefaultTurnTimeout); 0 is off.
var turnSteps = []time.Duration{0, 30 * time.Second, time.Minute, 90 * time.Second,
	2 * time.Minute, 3 * time.Minute, 5 * time.Minute}

// lanPlayerName is the name this screen's player takes at a LAN table
// unless they type another: the user's name when the system knows it,
// else "Player n" in the app's language. Never "You" (scene.newgame.you):
// the other players would see that word as this player's name.
func lanPlayerName(a *App, n int) string {
	if me := defaultPlayerName(a); me != a.T("scene.newgame.you") {
		return me
	}
	return playerName(a, n)
}

// newLobbyScene opens a LAN table of the menu's picked game (Saboteur:
// four seats, the host and three open seats). On failure (the port is taken, say) the scene shows why and
// offers to try again.
func newLobbyScene(a *App) *lobbyScene {
	s := &lobbyScene{g: lobbyGameOf(a.gameID), me: lanPlayerName(a, 1), focus: -1, grace: 30 * time.Second, turn: lan.DefaultTurnTimeout}
	s.name = a.T("lan.lobby.default_name", "name", s.me)
	if s.me == playerName(a, 1) {
		s.name = a.T("lan.lobby.default_table")
	}
	if utf8.RuneCountInString(s.name) > lan.MaxName {
		s.name = string([]rune(s.name)[:lan.MaxName])
	}
	s.open(a, s.g.defP, s.g.defaults(s.g.defP))
	return s
}

func (s *lobbyScene) Name() string { return "lobby" }

// open (re)opens the table of players seats and table options opts with
// the current name and password.
func (s *lobbyScene) open(a *App, players int, opts json.RawMessage) {
	if s.link != nil {
		s.link.close()
		s.link = nil
	}
	cfg := lan.HostConfig{Name: strings.TrimSpace(s.name), Password: s.pass, Game: s.g.game, Players: players, Options: opts,
		BotLevel: "normal", BotDelay: botDelay(a), Grace: s.grace, TurnTimeout: s.turn}
	if s.turn == 0 {
		cfg.TurnTimeout = -1 // off (0 would be the default)
	}
	for i := 0; i < s.g.maxP; i++ { // seats still open at the start
		cfg.BotNames = append(cfg.BotNames, a.T("scene.bot.name", "n", i+1))
	}
	l, err := hostLAN(cfg, s.me)
	if err != nil {
		s.err = a.T("lan.lobby.open_failed", "error", err.Error())
		return
	}
	s.err = ""
	s.link = l
	s.opened = s.pass
	s.lobby, _, _ = l.snapshot()
	s.addrs = lan.JoinAddresses(l.port)
	s.qrURL = joinURL(l.port)
	if host, _, _ := net.SplitHostPort(lanNet.Listen); host == "127.0.0.1" || len(s.addrs) == 0 {
		// Listening on loopback only (tests, the --autoplay tour): only
		// this machine can join.
		s.addrs = []string{fmt.Sprintf("127.0.0.1:%d", l.port)}
		s.qrURL = fmt.Sprintf("http://127.0.0.1:%d/", l.port)
	}
	s.makeQR(a)
}

// browserBuild reports whether this binary carries the browser game
// (webdist.Embedded); the lobby shows the browser address and its QR code
// only then. Tests swap it.
var browserBuild = webdist.Embedded

// makeQR draws the browser address's QR code at the pixel size it is
// shown (sharp modules, no filtering).
func (s *lobbyScene) makeQR(a *App) {
	if s.qr != nil {
		s.qr.Deallocate()
		s.qr = nil
	}
	if !browserBuild() {
		return
	}
	if img, err := webdist.QRCode(s.qrURL, int(a.U(180))); err == nil && s.qrURL != "" {
		s.qr = ebiten.NewImageFromImage(img)
	}
}

func (s *lobbyScene) guests() int {
	n := 0
	for _, st := range s.lobby.Seats {
		if st.Kind == lan.SeatGuest {
			n++
		}
	}
	return n
}

func (s *lobbyScene) layout(a *App) {
	w, h := float64(a.w), float64(a.h)
	total := a.U(980)
	x0 := (w - total) / 2
	leftW := a.U(420)
	midX, midW := x0+a.U(440), a.U(310)
	rightX, rightW := x0+a.U(770), a.U(210)
	s.nameR = rect{x0, a.U(96), a.U(260), a.U(34)}
	s.passR = rect{x0 + a.U(270), a.U(96), leftW - a.U(270), a.U(34)}
	py := a.U(146)
	n := len(s.lobby.Seats)
	s.players = [2]button{
		{r: rect{x0 + leftW - a.U(120), py, a.U(34), a.U(30)}, label: "‹", enabled: n > s.g.minP},
		{r: rect{x0 + leftW - a.U(34), py, a.U(34), a.U(30)}, label: "›", enabled: n < s.g.maxP},
	}
	top := a.U(186)
	rowH := min(a.U(38), (h-a.U(96)-top)/float64(s.g.maxP))
	s.seats = s.seats[:0]
	for i, st := range s.lobby.Seats {
		y := top + float64(i)*rowH
		row := lobbyRow{r: rect{x0, y, leftW, rowH - a.U(4)}}
		b := button{r: rect{x0 + leftW - a.U(134), y + a.U(2), a.U(130), rowH - a.U(8)}, enabled: true}
		switch st.Kind {
		case lan.SeatOpen:
			b.label = a.T("lan.seat.open_button")
		case lan.SeatBot:
			b.label = a.T("scene.level." + st.Level)
		case lan.SeatGuest:
			b.label = a.T("lan.seat.free")
		default:
			b.enabled = false
		}
		row.kind = b
		s.seats = append(s.seats, row)
	}
	vals := s.g.vals(s.lobby)
	oy := a.U(96)
	s.opts = s.opts[:0]
	for i, k := range s.g.keys {
		s.opts = append(s.opts, button{r: rect{midX, oy, midW, a.U(36)}, label: a.T(k), enabled: true, focus: vals[i]})
		oy += a.U(42)
	}
	gy := oy + a.U(26)
	s.graceB = [2]button{
		{r: rect{midX + midW - a.U(140), gy, a.U(34), a.U(30)}, label: "‹", enabled: s.grace > graceSteps[0]},
		{r: rect{midX + midW - a.U(34), gy, a.U(34), a.U(30)}, label: "›", enabled: s.grace < graceSteps[len(graceSteps)-1]},
	}
	ty := gy + a.U(36)
	s.turnB = [2]button{
		{r: rect{midX + midW - a.U(140), ty, a.U(34), a.U(30)}, label: "‹", enabled: s.turn > turnSteps[0]},
		{r: rect{midX + midW - a.U(34), ty, a.U(34), a.U(30)}, label: "›", enabled: s.turn < turnSteps[len(turnSteps)-1]},
	}
	// The table talk starts below the browser's QR code, or level with the
	// table options when this build has no browser game to point phones at.
	chatY := a.U(336)
	if !browserBuild() {
		chatY = a.U(96)
	}
	s.chat.layout(a, rect{rightX, chatY, rightW, h - a.U(96) - chatY}, true)
	s.back = button{r: rect{x0, h - a.U(72), a.U(200), a.U(50)}, label: a.T("scene.back"), enabled: true}
	s.start = button{r: rect{rightX, h - a.U(72), rightW, a.U(50)}, label: a.T("lan.lobby.start"),
		enabled: s.link != nil, primary: true}
	if a.RTL() {
		s.nameR, s.passR = s.nameR.mirror(w), s.passR.mirror(w)
		// Fewer at the right pointing right, more at the left (as the
		// new-game scene's level arrows).
		s.players[0].r, s.players[1].r = s.players[0].r.mirror(w), s.players[1].r.mirror(w)
		s.players[0].label, s.players[1].label = "›", "‹"
		for i := range s.seats {
			s.seats[i].r = s.seats[i].r.mirror(w)
			s.seats[i].kind.r = s.seats[i].kind.r.mirror(w)
		}
		for i := range s.opts {
			s.opts[i].r = s.opts[i].r.mirror(w)
		}
		s.graceB[0].r, s.graceB[1].r = s.graceB[0].r.mirror(w), s.graceB[1].r.mirror(w)
		s.graceB[0].label, s.graceB[1].label = "›", "‹"
		s.turnB[0].r, s.turnB[1].r = s.turnB[0].r.mirror(w), s.turnB[1].r.mirror(w)
		s.turnB[0].label, s.turnB[1].label = "›", "‹"
		s.chat.layout(a, s.chat.r.mirror(w), true)
		s.back.r, s.start.r = s.back.r.mirror(w), s.start.r.mirror(w)
	}
}

func (s *lobbyScene) Update(a *App) error {
	s.ticks++
	if s.link != nil {
		s.link.poll()
		s.lobby, _, _ = s.link.snapshot()
	}
	s.layout(a)
	if s.back.clicked(a) || a.Key(ebiten.KeyEscape) && s.focus < 0 && !s.chat.typing && !s.chat.open {
		if s.link != nil {
			s.link.close()
		}
		a.GoTo(newMenuScene(a))
		return nil
	}
	if s.link == nil {
		if s.start.clicked(a) {
			s.open(a, s.g.defP, s.g.defaults(s.g.defP))
		}
		return nil
	}
	if s.chat.update(a, s.link, false) {
		s.focus = -1
		return nil
	}
	switch {
	case a.Clicked(s.nameR):
		s.commit(a)
		s.focus = fieldName
	case a.Clicked(s.passR):
		s.commit(a)
		s.focus = fieldPass
	}
	if s.focus >= 0 {
		s.typeInto(a)
		return nil
	}
	h := s.link.host
	players := len(s.lobby.Seats)
	setOpts := func(players int, o json.RawMessage) {
		if err := h.SetOptions(players, o); err != nil {
			s.err = a.T("lan.lobby.players_locked")
		} else {
			s.err = ""
		}
		s.link.refreshHost()
	}
	switch {
	case s.players[0].clicked(a):
		setOpts(players-1, s.g.resize(s.lobby, players-1))
	case s.players[1].clicked(a):
		setOpts(players+1, s.g.resize(s.lobby, players+1))
	case s.graceB[0].clicked(a):
		s.grace = step(graceSteps, s.grace, -1)
		h.SetGrace(s.grace)
		s.link.refreshHost()
	case s.graceB[1].clicked(a):
		s.grace = step(graceSteps, s.grace, 1)
		h.SetGrace(s.grace)
		s.link.refreshHost()
	case s.turnB[0].clicked(a):
		s.turn = step(turnSteps, s.turn, -1)
		h.SetTurnTimeout(s.turn) // 0: off
		s.link.refreshHost()
	case s.turnB[1].clicked(a):
		s.turn = step(turnSteps, s.turn, 1)
		h.SetTurnTimeout(s.turn)
		s.link.refreshHost()
	}
	for i := range s.opts {
		if s.opts[i].clicked(a) {
			setOpts(players, s.g.toggle(s.lobby, i))
		}
	}
	for i := range s.seats {
		if !s.seats[i].kind.clicked(a) {
			continue
		}
		st := s.lobby.Seats[i]
		var err error
		switch st.Kind {
		case lan.SeatOpen:
			err = h.SetSeat(i, lan.SeatBot, a.T("scene.bot.name", "n", i+1), s.g.levels[0])
		case lan.SeatBot:
			// Open, then each level weakest first, then open again.
			if k := slices.Index(s.g.levels, st.Level); k < 0 || k+1 >= len(s.g.levels) {
				err = h.SetSeat(i, lan.SeatOpen, "", "")
			} else {
				err = h.SetSeat(i, lan.SeatBot, st.Name, s.g.levels[k+1])
			}
		case lan.SeatGuest:
			err = h.SetSeat(i, lan.SeatOpen, "", "")
		}
		if err != nil {
			s.err = a.T("scene.error", "error", err.Error())
		}
		s.link.refreshHost()
	}
	if s.start.clicked(a) || a.Key(ebiten.KeyEnter) {
		s.begin(a)
		return nil
	}
	s.lobby, _, _ = s.link.snapshot()
	return nil
}

// step moves cur d places along steps (ascending), staying within them;
// a value between two steps counts as the lower one.
func step(steps []time.Duration, cur time.Duration, d int) time.Duration {
	i := 0
	for k, v := range steps {
		if v <= cur {
			i = k
		}
	}
	return steps[max(0, min(len(steps)-1, i+d))]
}

// turnText is the turn timer as the lobby shows it: "off" or "90 s".
func turnText(a *App, d time.Duration) string {
	if d <= 0 {
		return a.T("lan.lobby.turn_off")
	}
	return a.T("lan.lobby.seconds", "n", a.Num(int(d/time.Second)))
}

// typeInto edits the focused field; Enter or Tab commits it.
func (s *lobbyScene) typeInto(a *App) {
	if a.Key(ebiten.KeyEnter) || a.Key(ebiten.KeyTab) || a.Key(ebiten.KeyEscape) {
		s.commit(a)
		return
	}
	field := &s.name
	if s.focus == fieldPass {
		field = &s.pass
	}
	s.chars = a.in.AppendChars(s.chars[:0])
	for _, r := range s.chars {
		if unicode.IsPrint(r) && utf8.RuneCountInString(*field) < lan.MaxName {
			*field += string(r)
		}
	}
	if a.Key(ebiten.KeyBackspace) && *field != "" {
		_, n := utf8.DecodeLastRuneInString(*field)
		*field = (*field)[:len(*field)-n]
	}
}

// commit applies an edited name or password: the table reopens under it
// (guests would have to join again, so only while none sits).
func (s *lobbyScene) commit(a *App) {
	if s.focus < 0 {
		return
	}
	s.focus = -1
	if strings.TrimSpace(s.name) == "" {
		s.name = s.lobby.Name
	}
	if s.link != nil && s.name == s.lobby.Name && s.pass == s.opened {
		return
	}
	if s.guests() > 0 {
		s.err = a.T("lan.lobby.name_locked")
		s.name = s.lobby.Name
		return
	}
	players, opts := len(s.lobby.Seats), s.lobby.Options
	if players == 0 || s.lobby.Game != s.g.id {
		players, opts = s.g.defP, s.g.defaults(s.g.defP)
	}
	s.open(a, players, opts)
}

// begin deals the game and opens the host player's board.
func (s *lobbyScene) begin(a *App) {
	switch s.g.id {
	case igGameID:
		s.beginIG(a)
		return
	case ugGameID:
		s.beginUG(a)
		return
	}
	inbox := game.NewInbox(s.me)
	if err := s.link.host.Start(map[int]game.Seat{0: inbox}); err != nil {
		s.err = a.T("scene.error", "error", err.Error())
		return
	}
	s.link.refreshHost()
	m := newHostMatch(s.link, 0, inbox)
	a.GoTo(startScene(a, m))
}

func (s *lobbyScene) Draw(a *App, dst *ebiten.Image) {
	s.layout(a)
	drawTableBackground(a, &s.p, dst)
	w, h := float64(a.w), float64(a.h)
	drawText(a, dst, a.T("lan.lobby.title")+" · "+tableGameName(a, s.g.id), a.U(30), w/2, a.U(38), alignCenter, colGold)
	label := func(r rect, key string) {
		x, al := startOf(a, r, 0)
		drawText(a, dst, a.T(key), a.U(13), x, r.y-a.U(11), al, colTextDim)
	}
	field := func(r rect, text, placeholder string, focus bool) {
		drawField(a, &s.p, dst, r, text, placeholder, focus, s.ticks)
	}
	label(s.nameR, "lan.lobby.table_name")
	label(s.passR, "lan.lobby.password")
	field(s.nameR, s.name, "", s.focus == fieldName)
	pass := s.pass
	if s.focus != fieldPass {
		pass = strings.Repeat("•", utf8.RuneCountInString(pass))
	}
	field(s.passR, pass, a.T("lan.lobby.no_password"), s.focus == fieldPass)
	if s.link == nil {
		drawWrapped(a, dst, s.err, a.U(16), w/2, h*0.4, w*0.7, alignCenter, colBad)
		s.start.label = a.T("lan.lobby.retry")
		drawButton(a, &s.p, dst, &s.start)
		drawButton(a, &s.p, dst, &s.back)
		return
	}
	// Seats.
	x0 := s.nameR.x
	if a.RTL() {
		x0 = s.passR.x
	}
	leftW := a.U(420)
	px, pal := startOf(a, rect{x0, 0, leftW, 0}, 0)
	drawText(a, dst, a.T("lan.lobby.players"), a.U(17), px, s.players[0].r.cy(), pal, colText)
	drawButton(a, &s.p, dst, &s.players[0])
	drawButton(a, &s.p, dst, &s.players[1])
	drawText(a, dst, a.Num(len(s.lobby.Seats)), a.U(17), (s.players[0].r.cx()+s.players[1].r.cx())/2, s.players[0].r.cy(), alignCenter, colText)
	for i := range s.seats {
		row := &s.seats[i]
		st := s.lobby.Seats[i]
		bg := colPanel
		if i%2 == 1 {
			bg = colPanelHi
		}
		s.p.round(dst, row.r, a.U(6), bg, 0, bg)
		nx, nal := startOf(a, row.r, a.U(10))
		dir := 1.0
		if a.RTL() {
			dir = -1
		}
		drawText(a, dst, a.Num(i+1), a.U(15), nx, row.r.cy(), nal, colTextDim)
		name, status, col := st.Name, "", colText
		switch st.Kind {
		case lan.SeatLocal:
			status = a.T("lan.seat.you")
			col = colLegal
			if strings.EqualFold(name, status) {
				status = "" // the default name is already "you" (scene.newgame.you)
			}
		case lan.SeatGuest:
			status = a.T("lan.seat.guest")
			if !st.Connected {
				status = a.T("lan.seat.away")
			}
		case lan.SeatOpen:
			name, col = a.T("lan.seat.waiting"), colTextDim
		case lan.SeatBot:
			status = a.T("scene.newgame.computer")
		}
		nameW := a.U(150)
		if status == "" {
			nameW = a.U(220)
		}
		drawText(a, dst, fit(a, name, a.U(16), nameW), a.U(16), nx+dir*a.U(30), row.r.cy(), nal, col)
		drawText(a, dst, fit(a, status, a.U(13), a.U(80)), a.U(13), nx+dir*a.U(186), row.r.cy(), nal, colTextDim)
		if row.kind.enabled {
			drawButton(a, &s.p, dst, &row.kind)
		}
	}
	// Options.
	ox, oal := startOf(a, s.opts[0].r, 0)
	drawText(a, dst, a.T("option.title"), a.U(13), ox, s.opts[0].r.y-a.U(11), oal, colTextDim)
	for i := range s.opts {
		drawToggle(a, &s.p, dst, &s.opts[i])
	}
	gr := s.graceB[0].r
	gw := s.opts[0].r.w - a.U(150)
	drawText(a, dst, a.T("lan.lobby.grace"), fitSize(a, a.T("lan.lobby.grace"), a.U(15), gw), ox, gr.cy(), oal, colText)
	drawText(a, dst, a.T("lan.lobby.seconds", "n", a.Num(int(s.grace/time.Second))), a.U(15), (s.graceB[0].r.cx()+s.graceB[1].r.cx())/2, gr.cy(), alignCenter, colText)
	drawButton(a, &s.p, dst, &s.graceB[0])
	drawButton(a, &s.p, dst, &s.graceB[1])
	tr := s.turnB[0].r
	drawText(a, dst, a.T("lan.lobby.turn"), fitSize(a, a.T("lan.lobby.turn"), a.U(15), gw), ox, tr.cy(), oal, colText)
	// The value fits between the arrows ("off" is a word in some language).
	tt, tw := turnText(a, s.turn), math.Abs(s.turnB[1].r.cx()-s.turnB[0].r.cx())-a.U(40)
	ts := fitSize(a, tt, a.U(15), tw)
	drawText(a, dst, fit(a, tt, ts, tw), ts, (s.turnB[0].r.cx()+s.turnB[1].r.cx())/2, tr.cy(), alignCenter, colText)
	drawButton(a, &s.p, dst, &s.turnB[0])
	drawButton(a, &s.p, dst, &s.turnB[1])
	gh := drawWrapped(a, dst, a.T("lan.lobby.timers_help"), a.U(12), s.opts[0].r.x, tr.y+tr.h+a.U(4), s.opts[0].r.w, alignStart, colTextDim)
	// Where to join.
	jy := tr.y + tr.h + gh + a.U(30)
	jr := rect{s.opts[0].r.x, jy, s.opts[0].r.w, 0}
	jx, jal := startOf(a, jr, 0)
	drawText(a, dst, a.T("lan.lobby.join_app"), a.U(13), jx, jy, jal, colTextDim)
	jy += a.U(22)
	for i, ad := range s.addrs {
		if i == 3 {
			break
		}
		drawText(a, dst, ad, a.U(18), jx, jy, jal, colGold)
		jy += a.U(24)
	}
	jy += a.U(8)
	// Without a browser game in this binary browsers cannot join: no
	// browser address, no QR code, and no word about how to build one
	// (players see only what they can use).
	if browserBuild() {
		drawText(a, dst, a.T("lan.lobby.join_browser"), a.U(13), jx, jy, jal, colTextDim)
		jy += a.U(22)
		// Shown without the final slash, which a right-to-left line would
		// move to the front; the QR code carries the whole address.
		drawText(a, dst, fit(a, strings.TrimSuffix(s.qrURL, "/"), a.U(16), jr.w), a.U(16), jx, jy, jal, colGold)
	}
	// The QR code of the browser address, for phones.
	if browserBuild() && (s.qr == nil || s.qr.Bounds().Dx() != int(a.U(180))) {
		s.makeQR(a)
	}
	if s.qr != nil && browserBuild() {
		a.flushText()
		n := float64(s.qr.Bounds().Dx())
		qr := rect{math.Round(s.chat.r.cx() - n/2), a.U(88), n, n}
		s.p.image(dst, s.qr, qr.x, qr.y, 1, 1, 1)
		drawWrapped(a, dst, a.T("lan.lobby.scan"), a.U(12), s.chat.r.cx(), qr.y+qr.h+a.U(6), s.chat.r.w, alignCenter, colTextDim)
	}
	// Chat.
	cx, cal := startOf(a, s.chat.r, 0)
	drawText(a, dst, a.T("lan.chat.title"), a.U(13), cx, s.chat.r.y-a.U(11), cal, colTextDim)
	a.flushText()
	s.chat.draw(a, &s.p, dst, s.link, s.ticks)
	drawButton(a, &s.p, dst, &s.back)
	drawButton(a, &s.p, dst, &s.start)
	status := a.T("lan.lobby.status", "guests", a.Num(s.guests()), "open", a.Num(s.openSeats()))
	col := colTextDim
	if s.err != "" {
		status, col = s.err, colBad
	}
	drawWrapped(a, dst, status, a.U(14), w/2, s.back.r.cy()-a.U(9), a.U(500), alignCenter, col)
}

func (s *lobbyScene) openSeats() int {
	n := 0
	for _, st := range s.lobby.Seats {
		if st.Kind == lan.SeatOpen {
			n++
		}
	}
	return n
}

// fitSize returns size, made smaller (down to two thirds of it) until s
// fits in w pixels.
func fitSize(a *App, s string, size, w float64) float64 {
	min := size * 2 / 3
	for size > min && a.text.line(s, size, a.RTL()).w > w {
		size -= 0.5
	}
	return size
}

// drawField draws a one-line text input at r: the text (or, empty and
// unfocused, the dimmed placeholder), a gold edge and a blinking caret while
// focused (ticks is the scene's tick count; the caret blinks every 30).
func drawField(a *App, p *painter, dst *ebiten.Image, r rect, text, placeholder string, focus bool, ticks int) {
	edge := colEdge
	if focus {
		edge = colGold
	}
	p.round(dst, r, a.U(6), colTextDark, a.U(2), edge)
	col := colText
	if text == "" && !focus {
		text, col = placeholder, colTextDim
	}
	if focus && (ticks/30)%2 == 0 {
		text += "|"
	}
	x, al := startOf(a, r, a.U(10))
	drawText(a, dst, fit(a, text, a.U(16), r.w-a.U(20)), a.U(16), x, r.cy(), al, col)
}
