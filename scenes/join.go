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

	"github.com/goldvein/goldvein/clipboard"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/lan/seal"
)

// JoinScene is "Join LAN game" (issue 5): the tables heard on the local
// network (the hosts' UDP beacons), a field for a typed address, the
// player's name and the table's password. Once seated the guest waits here
// and sees who sits where, and can chat, until the host starts: then the
// board opens, its moves going to the host.
type JoinScene struct {
	p       Painter
	Browser *lan.Browser
	Found   []lan.Found
	Pick    int // the chosen found table, -1 none
	Addr    string
	Player  string
	Pass    string
	focus   int // joinAddr, joinName, joinPass, or -1
	chars   []rune
	Err     string
	ticks   int
	// netRefused: a join failed as when macOS refused goldvein the local
	// network (lan.ErrLocalNetwork); the screen then says where to allow it.
	netRefused bool
	pending    chan joinResult // a Join in progress
	pasted     chan string     // a paste (Ctrl+V) in progress, for the field focused then
	pasteTo    int
	Link       *LanLink // seated, waiting for the start

	Rows         []Button
	AddrR        Rect
	NameR, passR Rect
	join, back   Button
	Chat         chatBox
	tourHost     *LobbyScene // --autoplay's tour: the lobby whose table this scene lists (lantour.go)
}

type joinResult struct {
	link *LanLink
	err  error
}

const (
	joinAddr = iota
	joinName
	joinPass
)

// NewJoinScene is "Join LAN game": it starts listening for the tables'
// beacons on the local network (lanNet.Browse).
func NewJoinScene(a *App) *JoinScene {
	// The guest's seat is not known before joining: "Player 37", a number
	// two guests without a name of their own are unlikely to share (the
	// host is Player 1).
	s := &JoinScene{Pick: -1, focus: -1, Player: LanPlayerName(a, 2+rand.IntN(98))}
	if utf8.RuneCountInString(s.Player) > lan.MaxName {
		s.Player = string([]rune(s.Player)[:lan.MaxName])
	}
	b, err := lan.Browse(LanNet.Browse, 3*time.Second)
	if err != nil {
		s.Err = a.T("lan.join.browse_failed", "error", err.Error())
	} else {
		s.Browser = b
	}
	return s
}

func (s *JoinScene) Name() string {
	if s.Link != nil {
		return "join-seated"
	}
	return "join"
}

func (s *JoinScene) layout(a *App) {
	w, h := float64(a.W), float64(a.H)
	total := a.U(900)
	x0 := (w - total) / 2
	listW := a.U(520)
	rx, rw := x0+a.U(560), a.U(340)
	s.Rows = s.Rows[:0]
	y := a.U(110)
	for i, f := range s.Found {
		if i == 8 {
			break
		}
		s.Rows = append(s.Rows, Button{R: Rect{x0, y, listW, a.U(52)}, Label: f.Name, Enabled: !f.Started && LanGuestGame(a, f.Game) != nil, Focus: i == s.Pick})
		y += a.U(58)
	}
	s.AddrR = Rect{rx, a.U(110), rw, a.U(36)}
	s.NameR = Rect{rx, a.U(180), rw, a.U(36)}
	s.passR = Rect{rx, a.U(250), rw, a.U(36)}
	s.join = Button{R: Rect{rx, a.U(306), rw, a.U(50)}, Label: a.T("lan.join.join"), Enabled: s.pending == nil, Primary: true}
	s.back = Button{R: Rect{x0, h - a.U(72), a.U(200), a.U(50)}, Label: a.T("scene.back"), Enabled: true}
	s.Chat.Layout(a, Rect{rx, a.U(110), rw, h - a.U(110) - a.U(96)}, true)
	if s.Link != nil {
		s.back.Label = a.T("lan.join.leave")
	}
	if a.RTL() {
		for i := range s.Rows {
			s.Rows[i].R = s.Rows[i].R.Mirror(w)
		}
		s.AddrR, s.NameR, s.passR = s.AddrR.Mirror(w), s.NameR.Mirror(w), s.passR.Mirror(w)
		s.join.R, s.back.R = s.join.R.Mirror(w), s.back.R.Mirror(w)
		s.Chat.Layout(a, s.Chat.R.Mirror(w), true)
	}
}

func (s *JoinScene) Update(a *App) error {
	s.ticks++
	if s.Browser != nil {
		select {
		case <-s.Browser.Changed():
		default:
		}
		if s.ticks%15 == 1 {
			s.Found = s.Browser.Hosts()
			if s.Pick >= len(s.Found) {
				s.Pick = -1
			}
		}
	}
	s.layout(a)
	s.takePaste()
	if s.back.Clicked(a) || a.Key(ebiten.KeyEscape) && s.focus < 0 && !s.Chat.typing && !s.Chat.open {
		s.Leave()
		a.GoTo(NewMenuScene(a))
		return nil
	}
	if s.pending != nil {
		select {
		case r := <-s.pending:
			s.pending = nil
			if r.err != nil {
				s.Err = refusalText(a, r.err)
				s.netRefused = s.netRefused || errors.Is(r.err, lan.ErrLocalNetwork)
				if re := (*lan.RefusedError)(nil); errors.As(r.err, &re) && re.Code == lan.CodePassword && s.Pass == "" {
					s.Err = a.T("lan.refused.password_needed") // no guess was made
				}
			} else {
				s.Link, s.Err = r.link, ""
				s.close()
			}
		default:
		}
		return nil
	}
	if s.Link != nil {
		return s.waiting(a)
	}
	for i := range s.Rows {
		if s.Rows[i].Clicked(a) {
			s.Pick = i
			s.Addr = s.Found[i].Addr
			s.focus = -1
			if !s.Found[i].Password {
				s.begin(a)
			} else {
				s.focus = joinPass
			}
			return nil
		}
	}
	switch {
	case a.Clicked(s.AddrR):
		s.focus, s.Pick = joinAddr, -1
	case a.Clicked(s.NameR):
		s.focus = joinName
	case a.Clicked(s.passR):
		s.focus = joinPass
	}
	if s.join.Clicked(a) {
		s.begin(a)
		return nil
	}
	if s.focus >= 0 {
		s.typeInto(a)
		return nil
	}
	// The keyboard: Up/Down pick a table, Tab goes to the fields, Enter
	// joins.
	if n := len(s.Rows); n > 0 && (a.Key(ebiten.KeyArrowDown) || a.Key(ebiten.KeyArrowUp)) {
		up := a.Key(ebiten.KeyArrowUp)
		switch {
		case s.Pick < 0 && up:
			s.Pick = n - 1
		case s.Pick < 0:
			s.Pick = 0
		case up:
			s.Pick = (s.Pick + n - 1) % n
		default:
			s.Pick = (s.Pick + 1) % n
		}
		s.Addr = s.Found[s.Pick].Addr
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
func (s *JoinScene) waiting(a *App) error {
	started, _, _, ended := s.Link.State()
	if ended != nil {
		s.Err = refusalText(a, ended)
		s.Link = nil
		return nil
	}
	if started {
		lb, _, _ := s.Link.Snapshot()
		sc, err := s.Link.Guest.Scene(a, lb)
		if err != nil {
			s.Err = a.T("scene.error", "error", err.Error())
			s.Link.Close()
			s.Link = nil
			return nil
		}
		a.GoTo(sc)
		return nil
	}
	s.Chat.Update(a, s.Link, false)
	return nil
}

// typeInto edits the focused field; Enter joins, Tab moves on.
func (s *JoinScene) typeInto(a *App) {
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
	// Ctrl+V (Cmd+V) pastes, off the frame loop (clipboard): an invite
	// link is too long to type.
	if a.Key(ebiten.KeyV) && (a.In.KeyPressed(ebiten.KeyControl) || a.In.KeyPressed(ebiten.KeyMeta)) && s.pasted == nil {
		ch := make(chan string, 1)
		s.pasted, s.pasteTo = ch, s.focus
		go func() {
			text, _ := clipboard.Read()
			ch <- strings.TrimSpace(text)
		}()
		return
	}
	field, limit := &s.Addr, maxJoinAddr
	switch s.focus {
	case joinName:
		field, limit = &s.Player, lan.MaxName
	case joinPass:
		field, limit = &s.Pass, lan.MaxPassword
	}
	s.chars = a.In.AppendChars(s.chars[:0])
	if a.In.KeyPressed(ebiten.KeyControl) || a.In.KeyPressed(ebiten.KeyMeta) {
		s.chars = s.chars[:0] // a shortcut, not text
	}
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

// maxJoinAddr bounds the address field, in characters: room for an
// invite link (lan.ParseInvite).
const maxJoinAddr = 300

// takePaste puts a finished paste into the field that was focused when
// Ctrl+V was pressed (only printable characters, within the field's
// limit).
func (s *JoinScene) takePaste() {
	if s.pasted == nil {
		return
	}
	select {
	case text := <-s.pasted:
		s.pasted = nil
		field, limit := &s.Addr, maxJoinAddr
		switch s.pasteTo {
		case joinName:
			field, limit = &s.Player, lan.MaxName
		case joinPass:
			field, limit = &s.Pass, lan.MaxPassword
		}
		for _, r := range text {
			if unicode.IsPrint(r) && utf8.RuneCountInString(*field) < limit {
				*field += string(r)
			}
		}
		if s.pasteTo == joinAddr {
			s.Pick = -1
		}
	default:
	}
}

// JoinAddress completes a typed address: "http://" and a final "/" are
// dropped (the lobby's browser address works too), a missing port is the
// app's default (47475), and ws:// addresses stay as typed. In a browser
// (GOOS js), which cannot open TCP connections, the address becomes the
// host's WebSocket, ws://HOST:PORT/ws (lan.WebSocketPath).
func JoinAddress(s string) string {
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
func (s *JoinScene) begin(a *App) {
	addr := JoinAddress(s.Addr)
	name := strings.TrimSpace(s.Player)
	switch {
	case addr == "":
		s.Err = a.T("lan.join.no_address")
		return
	case name == "":
		s.Err = a.T("lan.join.no_name")
		s.focus = joinName
		return
	}
	s.Err = ""
	games := joinGames(a, s.Found, addr)
	cfg := lan.ClientConfig{Name: name, Password: s.Pass, Reconnect: time.Minute}
	if strings.Contains(s.Addr, "#") { // an invite: through its relay
		inv, err := lan.ParseInvite(s.Addr)
		if err != nil {
			s.Err = a.T("lan.join.bad_invite", "error", strings.TrimPrefix(err.Error(), "lan: invite: "))
			return
		}
		addr, cfg.Dial = inv.Link(), lan.RelayDialer(inv)
	}
	ch := make(chan joinResult, 1)
	s.pending = ch
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
	if errors.Is(err, seal.ErrWrongKey) {
		return a.T("lan.join.wrong_key")
	}
	if errors.Is(err, ErrLANClosed) {
		return a.T("lan.join.left")
	}
	return a.T("lan.join.failed", "error", err.Error())
}

// close stops listening for beacons.
func (s *JoinScene) close() {
	if s.Browser != nil {
		s.Browser.Close()
		s.Browser = nil
	}
}

// Leave closes the browser and, when seated, leaves the table.
func (s *JoinScene) Leave() {
	s.close()
	if s.Link != nil {
		s.Link.Close()
		s.Link = nil
	}
	if s.pending != nil {
		// A join in flight: leave it when it lands.
		ch := s.pending
		go func() {
			if r := <-ch; r.link != nil {
				r.link.Close()
			}
		}()
		s.pending = nil
	}
}

func (s *JoinScene) Draw(a *App, dst *ebiten.Image) {
	s.layout(a)
	DrawTableBackground(a, &s.p, dst)
	w, h := float64(a.W), float64(a.H)
	if s.Link != nil {
		s.drawSeated(a, dst)
		return
	}
	DrawText(a, dst, a.T("lan.join.title"), a.U(30), w/2, a.U(38), AlignCenter, ColGold)
	lr := s.listRect(a)
	lx, lal := StartOf(a, lr, 0)
	DrawText(a, dst, a.T("lan.join.found"), a.U(13), lx, a.U(92), lal, ColTextDim)
	if len(s.Rows) == 0 {
		s.p.Round(dst, Rect{lr.X, lr.Y, lr.W, a.U(120)}, a.U(8), ColPanel, a.U(1), ColEdge)
		DrawWrapped(a, dst, a.T("lan.join.searching"), a.U(15), lr.Cx(), lr.Y+a.U(40), lr.W-a.U(40), AlignCenter, ColTextDim)
	}
	if s.LocalNetworkShown() {
		y := lr.Y + a.U(132)
		if n := len(s.Rows); n > 0 {
			y = s.Rows[n-1].R.Y + s.Rows[n-1].R.H + a.U(12)
		}
		DrawWrapped(a, dst, a.T("lan.join.local_network"), a.U(13), lr.X, y, lr.W, AlignStart, ColGold)
	}
	for i := range s.Rows {
		b := &s.Rows[i]
		f := s.Found[i]
		bg := ColPanel
		switch {
		case !b.Enabled:
			bg = colDisabled
		case b.Focus || a.Hover(b.R):
			bg = ColButtonHi
		}
		edge := ColEdge
		if b.Focus {
			edge = ColGold
		}
		s.p.Round(dst, b.R, a.U(8), bg, a.U(2), edge)
		x, al := StartOf(a, b.R, a.U(14))
		DrawText(a, dst, Fit(a, f.Name, a.U(18), b.R.W*0.6), a.U(18), x, b.R.Y+a.U(17), al, ColText)
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
		DrawText(a, dst, info, a.U(13), x, b.R.Y+a.U(37), al, ColTextDim)
		ex, eal := b.R.X+b.R.W-a.U(14), AlignEnd
		if a.RTL() {
			ex, eal = b.R.X+a.U(14), AlignStart
		}
		DrawText(a, dst, f.Addr, a.U(13), ex, b.R.Cy(), eal, ColTextDim)
	}
	field := func(r Rect, key, text, placeholder string, focus bool) {
		x, al := StartOf(a, r, 0)
		DrawText(a, dst, a.T(key), a.U(13), x, r.Y-a.U(11), al, ColTextDim)
		drawField(a, &s.p, dst, r, text, placeholder, focus, s.ticks)
	}
	field(s.AddrR, "lan.join.address", s.Addr, a.T("lan.join.address_hint"), s.focus == joinAddr)
	field(s.NameR, "lan.join.name", s.Player, "", s.focus == joinName)
	pass := s.Pass
	if s.focus != joinPass {
		pass = strings.Repeat("•", utf8.RuneCountInString(pass))
	}
	field(s.passR, "lan.join.password", pass, a.T("lan.join.password_hint"), s.focus == joinPass)
	if s.pending != nil {
		s.join.Label = a.T("lan.join.joining")
	}
	DrawButton(a, &s.p, dst, &s.join)
	if s.Err != "" {
		DrawWrapped(a, dst, s.Err, a.U(14), s.join.R.X, s.join.R.Y+s.join.R.H+a.U(12), s.join.R.W, AlignStart, ColBad)
	}
	DrawWrapped(a, dst, a.T("lan.join.help"), a.U(12), s.join.R.X, s.join.R.Y+s.join.R.H+a.U(70), s.join.R.W, AlignStart, ColTextDim)
	DrawButton(a, &s.p, dst, &s.back)
	_ = h
}

// noTablesTicks is how long the discovery hears no table before the Join
// screen says where macOS allows the local network: 5 s at 60 ticks a
// second, over the 3 s a table's beacon may take to be heard (lan.Browse).
const noTablesTicks = 5 * 60

// LocalNetworkShown is whether the Join screen says where macOS allows
// goldvein the local network (issue 23): only where the system asks for it
// (lan.AsksLocalNetwork), once no table was heard for noTablesTicks or a
// join failed as a refused local network does (lan.ErrLocalNetwork).
func (s *JoinScene) LocalNetworkShown() bool {
	return lan.AsksLocalNetwork && (s.netRefused || len(s.Found) == 0 && s.ticks >= noTablesTicks)
}

// listRect is the left column (the right one in a right-to-left
// language): found tables, or the seats; its height is left 0.
func (s *JoinScene) listRect(a *App) Rect {
	w := float64(a.W)
	r := Rect{(w - a.U(900)) / 2, a.U(110), a.U(520), 0}
	if a.RTL() {
		r = r.Mirror(w)
	}
	return r
}

// drawSeated is the waiting room: the table, its seats and the chat.
func (s *JoinScene) drawSeated(a *App, dst *ebiten.Image) {
	w := float64(a.W)
	lb, _, _ := s.Link.Snapshot()
	DrawText(a, dst, lb.Name, a.U(30), w/2, a.U(38), AlignCenter, ColGold)
	lr := s.listRect(a)
	lx, lal := StartOf(a, lr, 0)
	DrawText(a, dst, a.T("lan.join.seated"), a.U(13), lx, a.U(92), lal, ColTextDim)
	rowH := a.U(38)
	for i, st := range lb.Seats {
		r := Rect{lr.X, lr.Y + float64(i)*rowH, lr.W, rowH - a.U(4)}
		bg := ColPanel
		if i%2 == 1 {
			bg = ColPanelHi
		}
		s.p.Round(dst, r, a.U(6), bg, 0, bg)
		x, al := StartOf(a, r, a.U(10))
		dir := 1.0
		if a.RTL() {
			dir = -1
		}
		DrawText(a, dst, a.Num(i+1), a.U(15), x, r.Cy(), al, ColTextDim)
		name, status, col := SeatName(a, st.Name), "", ColText
		switch st.Kind {
		case lan.SeatLocal:
			status = a.T("lan.seat.host")
		case lan.SeatGuest:
			status = a.T("lan.seat.guest")
			if i == s.Link.Seat {
				status, col = a.T("lan.seat.you"), ColLegal
				if strings.EqualFold(name, status) {
					status = "" // the default name is already "you" (scene.newgame.you)
				}
			}
		case lan.SeatOpen:
			name, col = a.T("lan.seat.waiting"), ColTextDim
		case lan.SeatBot:
			status = a.T("scene.newgame.computer") + " · " + a.T("scene.level."+st.Level)
		}
		DrawText(a, dst, Fit(a, name, a.U(16), a.U(220)), a.U(16), x+dir*a.U(30), r.Cy(), al, col)
		DrawText(a, dst, Fit(a, status, a.U(13), a.U(220)), a.U(13), x+dir*a.U(270), r.Cy(), al, ColTextDim)
	}
	y := lr.Y + float64(len(lb.Seats))*rowH + a.U(16)
	msg, col := a.T("lan.join.wait_start"), ColText
	if _, dropped, _, _ := s.Link.State(); dropped {
		msg, col = a.T("lan.board.reconnecting"), ColBad
	}
	y += DrawWrapped(a, dst, msg, a.U(15), lr.X, y, lr.W, AlignStart, col) + a.U(10)
	// The table's timers (lan/PROTOCOL.md, Turn timer), so a guest knows
	// how long a turn may take.
	timers := a.T("lan.join.timers", "turn", TurnText(a, time.Duration(lb.TurnTimeoutMS)*time.Millisecond),
		"grace", a.T("lan.lobby.seconds", "n", a.Num(lb.GraceMS/1000)))
	DrawWrapped(a, dst, timers, a.U(13), lr.X, y, lr.W, AlignStart, ColTextDim)
	cx, cal := StartOf(a, s.Chat.R, 0)
	DrawText(a, dst, a.T("lan.chat.title"), a.U(13), cx, s.Chat.R.Y-a.U(11), cal, ColTextDim)
	a.FlushText()
	s.Chat.Draw(a, &s.p, dst, s.Link, s.ticks)
	DrawButton(a, &s.p, dst, &s.back)
}

// tableGameName is the name of the game a found table plays (its beacon's
// game ID, lan/PROTOCOL.md, Discovery): the catalogue's game.<id>.name for
// a game of the box, the ID itself for another, "" for a host of protocol
// version 2 (its beacon names no game).
func tableGameName(a *App, id string) string {
	if id == "" {
		return ""
	}
	if a.GameByID(id) != nil || a.Cat.Has("game."+id+".name") {
		return a.T("game." + id + ".name")
	}
	return id
}
