package scenes

import (
	"context"
	"errors"
	"math/rand/v2"
	"net"
	"runtime"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/lan"
)

// joinScene is "Join LAN game" (issue 5): the tables heard on the local
// network (the hosts' UDP beacons), a field for a typed address, the
// player's name and the table's password. Once seated the guest waits here
// and sees who sits where, and can chat, until the host starts: then the
// board opens, its moves going to the host.
type joinScene struct {
	p       painter
	browser *lan.Browser
	found   []lan.Found
	pick    int // the chosen found table, -1 none
	addr    string
	name    string
	pass    string
	focus   int // joinAddr, joinName, joinPass, or -1
	chars   []rune
	err     string
	ticks   int
	pending chan joinResult // a Join in progress
	link    *lanLink        // seated, waiting for the start

	rows         []button
	addrR        rect
	nameR, passR rect
	join, back   button
	chat         chatBox
	tourHost     *lobbyScene // --autoplay's tour: the lobby whose table this scene lists (lantour.go)
}

type joinResult struct {
	link *lanLink
	err  error
}

const (
	joinAddr = iota
	joinName
	joinPass
)

func newJoinScene(a *App) *joinScene {
	// The guest's seat is not known before joining: "Player 37", a number
	// two guests without a name of their own are unlikely to share (the
	// host is Player 1).
	s := &joinScene{pick: -1, focus: -1, name: lanPlayerName(a, 2+rand.IntN(98))}
	if utf8.RuneCountInString(s.name) > lan.MaxName {
		s.name = string([]rune(s.name)[:lan.MaxName])
	}
	b, err := lan.Browse(lanNet.Browse, 3*time.Second)
	if err != nil {
		s.err = a.T("lan.join.browse_failed", "error", err.Error())
	} else {
		s.browser = b
	}
	return s
}

func (s *joinScene) Name() string {
	if s.link != nil {
		return "join-seated"
	}
	return "join"
}

func (s *joinScene) layout(a *App) {
	w, h := float64(a.w), float64(a.h)
	total := a.U(900)
	x0 := (w - total) / 2
	listW := a.U(520)
	rx, rw := x0+a.U(560), a.U(340)
	s.rows = s.rows[:0]
	y := a.U(110)
	for i, f := range s.found {
		if i == 8 {
			break
		}
		s.rows = append(s.rows, button{r: rect{x0, y, listW, a.U(52)}, label: f.Name, enabled: !f.Started && lanGuestGame(f.Game) != nil, focus: i == s.pick})
		y += a.U(58)
	}
	s.addrR = rect{rx, a.U(110), rw, a.U(36)}
	s.nameR = rect{rx, a.U(180), rw, a.U(36)}
	s.passR = rect{rx, a.U(250), rw, a.U(36)}
	s.join = button{r: rect{rx, a.U(306), rw, a.U(50)}, label: a.T("lan.join.join"), enabled: s.pending == nil, primary: true}
	s.back = button{r: rect{x0, h - a.U(72), a.U(200), a.U(50)}, label: a.T("scene.back"), enabled: true}
	s.chat.layout(a, rect{rx, a.U(110), rw, h - a.U(110) - a.U(96)}, true)
	if s.link != nil {
		s.back.label = a.T("lan.join.leave")
	}
	if a.RTL() {
		for i := range s.rows {
			s.rows[i].r = s.rows[i].r.mirror(w)
		}
		s.addrR, s.nameR, s.passR = s.addrR.mirror(w), s.nameR.mirror(w), s.passR.mirror(w)
		s.join.r, s.back.r = s.join.r.mirror(w), s.back.r.mirror(w)
		s.chat.layout(a, s.chat.r.mirror(w), true)
	}
}

func (s *joinScene) Update(a *App) error {
	s.ticks++
	if s.browser != nil {
		select {
		case <-s.browser.Changed():
		default:
		}
		if s.ticks%15 == 1 {
			s.found = s.browser.Hosts()
			if s.pick >= len(s.found) {
				s.pick = -1
			}
		}
	}
	s.layout(a)
	if s.back.clicked(a) || a.Key(ebiten.KeyEscape) && s.focus < 0 && !s.chat.typing && !s.chat.open {
		s.leave()
		a.GoTo(newMenuScene(a))
		return nil
	}
	if s.pending != nil {
		select {
		case r := <-s.pending:
			s.pending = nil
			if r.err != nil {
				s.err = refusalText(a, r.err)
			} else {
				s.link, s.err = r.link, ""
				s.close()
			}
		default:
		}
		return nil
	}
	if s.link != nil {
		return s.waiting(a)
	}
	for i := range s.rows {
		if s.rows[i].clicked(a) {
			s.pick = i
			s.addr = s.found[i].Addr
			s.focus = -1
			if !s.found[i].Password {
				s.begin(a)
			} else {
				s.focus = joinPass
			}
			return nil
		}
	}
	switch {
	case a.Clicked(s.addrR):
		s.focus, s.pick = joinAddr, -1
	case a.Clicked(s.nameR):
		s.focus = joinName
	case a.Clicked(s.passR):
		s.focus = joinPass
	}
	if s.join.clicked(a) {
		s.begin(a)
		return nil
	}
	if s.focus >= 0 {
		s.typeInto(a)
		return nil
	}
	// The keyboard: Up/Down pick a table, Tab goes to the fields, Enter
	// joins.
	if n := len(s.rows); n > 0 && (a.Key(ebiten.KeyArrowDown) || a.Key(ebiten.KeyArrowUp)) {
		up := a.Key(ebiten.KeyArrowUp)
		switch {
		case s.pick < 0 && up:
			s.pick = n - 1
		case s.pick < 0:
			s.pick = 0
		case up:
			s.pick = (s.pick + n - 1) % n
		default:
			s.pick = (s.pick + 1) % n
		}
		s.addr = s.found[s.pick].Addr
	}
	switch {
	case a.Key(ebiten.KeyTab):
		s.focus = joinAddr
	case a.Key(ebiten.KeyEnter):
		s.begin(a)
	}
	return nil
}

// waiting is the seated guest before the start: the seats and the chat;
// the first update opens the board.
func (s *joinScene) waiting(a *App) error {
	started, _, _, ended := s.link.state()
	if ended != nil {
		s.err = refusalText(a, ended)
		s.link = nil
		return nil
	}
	if started {
		lb, _, _ := s.link.snapshot()
		if s.link.ug != nil {
			m, err := newUGGuestMatch(a, s.link, lb)
			if err != nil {
				s.err = a.T("scene.error", "error", err.Error())
				s.link.close()
				s.link = nil
				return nil
			}
			a.GoTo(newUGPlayScene(a, m))
			return nil
		}
		if s.link.ig != nil {
			m, err := newIGGuestMatch(a, s.link, lb)
			if err != nil {
				s.err = a.T("scene.error", "error", err.Error())
				s.link.close()
				s.link = nil
				return nil
			}
			a.GoTo(newIGBoardScene(a, m))
			return nil
		}
		m := newGuestMatch(s.link, seatNames(a, lb))
		a.GoTo(startScene(a, m))
		return nil
	}
	s.chat.update(a, s.link, false)
	return nil
}

// typeInto edits the focused field; Enter joins, Tab moves on.
func (s *joinScene) typeInto(a *App) {
	if a.Key(ebiten.KeyEnter) {
		s.focus = -1
		s.begin(a)
		return
	}
	if a.Key(ebiten.KeyTab) {
		s.focus = (s.focus + 1) % 3
		return
	}
	if a.Key(ebiten.KeyEscape) {
		s.focus = -1
		return
	}
	field, limit := &s.addr, 64
	switch s.focus {
	case joinName:
		field, limit = &s.name, lan.MaxName
	case joinPass:
		field, limit = &s.pass, lan.MaxPassword
	}
	s.chars = a.in.AppendChars(s.chars[:0])
	for _, r := range s.chars {
		if unicode.IsPrint(r) && utf8.RuneCountInString(*field) < limit {
			*field += string(r)
		}
	}
	if a.Key(ebiten.KeyBackspace) && *field != "" {
		_, n := utf8.DecodeLastRuneInString(*field)
		*field = (*field)[:len(*field)-n]
	}
}

// joinAddress completes a typed address: "http://" and a final "/" are
// dropped (the lobby's browser address works too), a missing port is the
// app's default (47475), and ws:// addresses stay as typed. In a browser
// (GOOS js), which cannot open TCP connections, the address becomes the
// host's WebSocket, ws://HOST:PORT/ws (lan.WebSocketPath).
func joinAddress(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "ws://") || strings.HasPrefix(s, "wss://") || s == "" {
		return s
	}
	s = strings.TrimPrefix(s, "http://")
	s = strings.TrimSuffix(s, "/")
	if _, _, err := net.SplitHostPort(s); err != nil {
		s = net.JoinHostPort(s, strconv.Itoa(47475))
	}
	if runtime.GOOS == "js" {
		return "ws://" + s + lan.WebSocketPath
	}
	return s
}

// begin joins the chosen or typed table off the frame loop.
func (s *joinScene) begin(a *App) {
	addr := joinAddress(s.addr)
	name := strings.TrimSpace(s.name)
	switch {
	case addr == "":
		s.err = a.T("lan.join.no_address")
		return
	case name == "":
		s.err = a.T("lan.join.no_name")
		s.focus = joinName
		return
	}
	s.err = ""
	ch := make(chan joinResult, 1)
	s.pending = ch
	games := joinGames(s.found, addr, a.gameID)
	cfg := lan.ClientConfig{Name: name, Password: s.pass, Reconnect: time.Minute}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
		defer cancel()
		ch <- joinAny(ctx, addr, cfg, games)
	}()
}

// refusalText says why a join failed or a seat was lost, in the reader's
// language when the host gave a known reason (lan/PROTOCOL.md, refused).
func refusalText(a *App, err error) string {
	var re *lan.RefusedError
	if errors.As(err, &re) {
		switch re.Code {
		case lan.CodeVersion, lan.CodePassword, lan.CodeFull, lan.CodeStarted, lan.CodeName, lan.CodeBusy:
			return a.T("lan.refused." + re.Code)
		}
		return a.T("lan.join.failed", "error", re.Text)
	}
	if errors.Is(err, errLANClosed) {
		return a.T("lan.join.left")
	}
	return a.T("lan.join.failed", "error", err.Error())
}

// close stops listening for beacons.
func (s *joinScene) close() {
	if s.browser != nil {
		s.browser.Close()
		s.browser = nil
	}
}

// leave closes the browser and, when seated, leaves the table.
func (s *joinScene) leave() {
	s.close()
	if s.link != nil {
		s.link.close()
		s.link = nil
	}
	if s.pending != nil {
		// A join in flight: leave it when it lands.
		ch := s.pending
		go func() {
			if r := <-ch; r.link != nil {
				r.link.close()
			}
		}()
		s.pending = nil
	}
}

func (s *joinScene) Draw(a *App, dst *ebiten.Image) {
	s.layout(a)
	drawTableBackground(a, &s.p, dst)
	w, h := float64(a.w), float64(a.h)
	if s.link != nil {
		s.drawSeated(a, dst)
		return
	}
	drawText(a, dst, a.T("lan.join.title"), a.U(30), w/2, a.U(38), alignCenter, colGold)
	lr := s.listRect(a)
	lx, lal := startOf(a, lr, 0)
	drawText(a, dst, a.T("lan.join.found"), a.U(13), lx, a.U(92), lal, colTextDim)
	if len(s.rows) == 0 {
		s.p.round(dst, rect{lr.x, lr.y, lr.w, a.U(120)}, a.U(8), colPanel, a.U(1), colEdge)
		drawWrapped(a, dst, a.T("lan.join.searching"), a.U(15), lr.cx(), lr.y+a.U(40), lr.w-a.U(40), alignCenter, colTextDim)
	}
	for i := range s.rows {
		b := &s.rows[i]
		f := s.found[i]
		bg := colPanel
		switch {
		case !b.enabled:
			bg = colDisabled
		case b.focus || a.Hover(b.r):
			bg = colButtonHi
		}
		edge := colEdge
		if b.focus {
			edge = colGold
		}
		s.p.round(dst, b.r, a.U(8), bg, a.U(2), edge)
		x, al := startOf(a, b.r, a.U(14))
		drawText(a, dst, fit(a, f.Name, a.U(18), b.r.w*0.6), a.U(18), x, b.r.y+a.U(17), al, colText)
		info := a.T("lan.join.table_info", "players", a.N("player.count", f.Players), "open", a.Num(f.Open))
		if f.Started {
			info = a.T("lan.join.table_started")
		}
		if f.Password {
			info += " · " + a.T("lan.join.password_needed")
		}
		if g := tableGameName(a, f.Game); g != "" {
			info = g + " · " + info
		}
		drawText(a, dst, info, a.U(13), x, b.r.y+a.U(37), al, colTextDim)
		ex, eal := b.r.x+b.r.w-a.U(14), alignEnd
		if a.RTL() {
			ex, eal = b.r.x+a.U(14), alignStart
		}
		drawText(a, dst, f.Addr, a.U(13), ex, b.r.cy(), eal, colTextDim)
	}
	field := func(r rect, key, text, placeholder string, focus bool) {
		x, al := startOf(a, r, 0)
		drawText(a, dst, a.T(key), a.U(13), x, r.y-a.U(11), al, colTextDim)
		drawField(a, &s.p, dst, r, text, placeholder, focus, s.ticks)
	}
	field(s.addrR, "lan.join.address", s.addr, a.T("lan.join.address_hint"), s.focus == joinAddr)
	field(s.nameR, "lan.join.name", s.name, "", s.focus == joinName)
	pass := s.pass
	if s.focus != joinPass {
		pass = strings.Repeat("•", utf8.RuneCountInString(pass))
	}
	field(s.passR, "lan.join.password", pass, a.T("lan.join.password_hint"), s.focus == joinPass)
	if s.pending != nil {
		s.join.label = a.T("lan.join.joining")
	}
	drawButton(a, &s.p, dst, &s.join)
	if s.err != "" {
		drawWrapped(a, dst, s.err, a.U(14), s.join.r.x, s.join.r.y+s.join.r.h+a.U(12), s.join.r.w, alignStart, colBad)
	}
	drawWrapped(a, dst, a.T("lan.join.help"), a.U(12), s.join.r.x, s.join.r.y+s.join.r.h+a.U(70), s.join.r.w, alignStart, colTextDim)
	drawButton(a, &s.p, dst, &s.back)
	_ = h
}

// listRect is the left column (the right one in a right-to-left
// language): found tables, or the seats; its height is left 0.
func (s *joinScene) listRect(a *App) rect {
	w := float64(a.w)
	r := rect{(w - a.U(900)) / 2, a.U(110), a.U(520), 0}
	if a.RTL() {
		r = r.mirror(w)
	}
	return r
}

// drawSeated is the waiting room: the table, its seats and the chat.
func (s *joinScene) drawSeated(a *App, dst *ebiten.Image) {
	w := float64(a.w)
	lb, _, _ := s.link.snapshot()
	drawText(a, dst, lb.Name, a.U(30), w/2, a.U(38), alignCenter, colGold)
	lr := s.listRect(a)
	lx, lal := startOf(a, lr, 0)
	drawText(a, dst, a.T("lan.join.seated"), a.U(13), lx, a.U(92), lal, colTextDim)
	rowH := a.U(38)
	for i, st := range lb.Seats {
		r := rect{lr.x, lr.y + float64(i)*rowH, lr.w, rowH - a.U(4)}
		bg := colPanel
		if i%2 == 1 {
			bg = colPanelHi
		}
		s.p.round(dst, r, a.U(6), bg, 0, bg)
		x, al := startOf(a, r, a.U(10))
		dir := 1.0
		if a.RTL() {
			dir = -1
		}
		drawText(a, dst, a.Num(i+1), a.U(15), x, r.cy(), al, colTextDim)
		name, status, col := seatName(a, st.Name), "", colText
		switch st.Kind {
		case lan.SeatLocal:
			status = a.T("lan.seat.host")
		case lan.SeatGuest:
			status = a.T("lan.seat.guest")
			if i == s.link.seat {
				status, col = a.T("lan.seat.you"), colLegal
				if strings.EqualFold(name, status) {
					status = "" // the default name is already "you" (scene.newgame.you)
				}
			}
		case lan.SeatOpen:
			name, col = a.T("lan.seat.waiting"), colTextDim
		case lan.SeatBot:
			status = a.T("scene.newgame.computer") + " · " + a.T("scene.level."+st.Level)
		}
		drawText(a, dst, fit(a, name, a.U(16), a.U(220)), a.U(16), x+dir*a.U(30), r.cy(), al, col)
		drawText(a, dst, fit(a, status, a.U(13), a.U(220)), a.U(13), x+dir*a.U(270), r.cy(), al, colTextDim)
	}
	y := lr.y + float64(len(lb.Seats))*rowH + a.U(16)
	msg, col := a.T("lan.join.wait_start"), colText
	if _, dropped, _, _ := s.link.state(); dropped {
		msg, col = a.T("lan.board.reconnecting"), colBad
	}
	y += drawWrapped(a, dst, msg, a.U(15), lr.x, y, lr.w, alignStart, col) + a.U(10)
	// The table's timers (lan/PROTOCOL.md, Turn timer), so a guest knows
	// how long a turn may take.
	timers := a.T("lan.join.timers", "turn", turnText(a, time.Duration(lb.TurnTimeoutMS)*time.Millisecond),
		"grace", a.T("lan.lobby.seconds", "n", a.Num(lb.GraceMS/1000)))
	drawWrapped(a, dst, timers, a.U(13), lr.x, y, lr.w, alignStart, colTextDim)
	cx, cal := startOf(a, s.chat.r, 0)
	drawText(a, dst, a.T("lan.chat.title"), a.U(13), cx, s.chat.r.y-a.U(11), cal, colTextDim)
	a.flushText()
	s.chat.draw(a, &s.p, dst, s.link, s.ticks)
	drawButton(a, &s.p, dst, &s.back)
}

// tableGameName is the name of the game a found table plays (its beacon's
// game ID, lan/PROTOCOL.md, Discovery): the catalogue's game.<id>.name for
// a game of the box, the ID itself for another, "" for a host of protocol
// version 2 (its beacon names no game).
func tableGameName(a *App, id string) string {
	if id == "" {
		return ""
	}
	for _, g := range boxGames() {
		if g.id == id {
			return a.T("game." + id + ".name")
		}
	}
	return id
}
