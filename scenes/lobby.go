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

// LobbyScene is "Host LAN game" (issue 5): the host's table before the
// start. It shows the table's name and optional password (editable while
// no guest sits), the seats (the host in seat 0, guests as they join, the
// other seats open or computer players with a level), the table options
// (R5.5, R8.1a, R8.1b, first player, the dropout grace period), where to
// join (HOST:PORT for the app, the browser address and its QR code for
// phones) and the chat. Start deals the game; the host then plays seat 0
// on the board.
type LobbyScene struct {
	p      Painter
	game   Game      // the game the table plays (the menu's pick)
	g      LobbyGame // its lobby (game.Lobby())
	Link   *LanLink
	Me     string // the host player's name
	Table  string // the table's name field
	pass   string // the password field
	opened string // the password the open table has
	Focus  int    // fieldName, fieldPass or -1
	chars  []rune
	Lobby  lan.Lobby
	Err    string
	ticks  int
	grace  time.Duration
	Turn   time.Duration // the turn timer; 0 is off

	Players     [2]Button // fewer, more
	Seats       []lobbyRow
	Opts        []Button  // the game's table options (lobbyGame.keys)
	GraceB      [2]Button // shorter, longer
	TurnB       [2]Button // the turn timer: shorter (down to off), longer
	NameR       Rect
	PassR       Rect
	Start, back Button
	Chat        chatBox
	Qr          *ebiten.Image
	QrURL       string
	Addrs       []string
	Net         lobbyNet   // on the internet, through a relay (lobby_relay.go)
	qrY         float64    // the browser address's QR code's top
	tourJoin    *JoinScene // --autoplay's tour goes on to this join scene (lantour.go)
}

// joinHeight is the height (pixels) of the "where to join" block as Draw
// lays it out: the app's addresses (up to three), the browser's address
// when this build serves the browser game, and the relay's invite.
func (s *LobbyScene) joinHeight(a *App) float64 {
	h := a.U(22) + float64(min(len(s.Addrs), 3))*a.U(24) + a.U(8)
	if BrowserBuild() {
		h += a.U(52)
	}
	if s.Net.invite(s) != "" {
		h += a.U(22) + a.U(14)
	}
	return h
}

// lobbyRow is one seat's row.
type lobbyRow struct {
	r    Rect
	Kind Button // cycles open, computer players of each level; frees a guest's seat
}

const (
	FieldName = iota
	fieldPass
)

// graceSteps are the dropout grace periods the lobby offers (issue 5:
// default 30 s).
var graceSteps = []time.Duration{10 * time.Second, 20 * time.Second, 30 * time.Second, 45 * time.Second,
	time.Minute, 2 * time.Minute, 5 * time.Minute}

// TurnSteps are the turn timers the lobby offers (lan/PROTOCOL.md, Turn
// timer: default 90 s, lan.DefaultTurnTimeout); 0 is off.
var TurnSteps = []time.Duration{0, 30 * time.Second, time.Minute, 90 * time.Second,
	2 * time.Minute, 3 * time.Minute, 5 * time.Minute}

// LanPlayerName is the name this screen's player takes at a LAN table
// unless they type another: the user's name when the system knows it,
// else "Player n" in the app's language. Never "You" (scene.newgame.you):
// the other players would see that word as this player's name.
func LanPlayerName(a *App, n int) string {
	if me := DefaultPlayerName(a); me != a.T("scene.newgame.you") {
		return me
	}
	return PlayerName(a, n)
}

// NewLobbyScene opens a LAN table of the menu's picked game (Saboteur:
// four seats, the host and three open seats). On failure (the port is taken, say) the scene shows why and
// offers to try again.
func NewLobbyScene(a *App) *LobbyScene {
	s := &LobbyScene{Me: LanPlayerName(a, 1), Focus: -1, grace: 30 * time.Second, Turn: lan.DefaultTurnTimeout}
	s.game, s.g = lobbyGameOf(a)
	s.Net.Addr = a.Settings.Relay
	s.Table = a.T("lan.lobby.default_name", "name", s.Me)
	if s.Me == PlayerName(a, 1) {
		s.Table = a.T("lan.lobby.default_table")
	}
	if utf8.RuneCountInString(s.Table) > lan.MaxName {
		s.Table = string([]rune(s.Table)[:lan.MaxName])
	}
	s.open(a, s.g.DefP, s.g.Defaults(s.g.DefP))
	return s
}

func (s *LobbyScene) Name() string { return "lobby" }

// open (re)opens the table of players seats and table options opts with
// the current name and password.
func (s *LobbyScene) open(a *App, players int, opts json.RawMessage) {
	if s.Link != nil {
		s.Link.Close()
		s.Link = nil
	}
	cfg := lan.HostConfig{Name: strings.TrimSpace(s.Table), Password: s.pass, Game: s.g.Game, Players: players, Options: opts,
		BotLevel: "normal", BotDelay: BotDelay(a), UndoWait: HumanMoveWait(a), Grace: s.grace, TurnTimeout: s.Turn, Relay: s.Net.relay(),
		History: game.FileSaver{History: a.Dirs.History}}
	if s.Turn == 0 {
		cfg.TurnTimeout = -1 // off (0 would be the default)
	}
	for i := 0; i < s.g.MaxP; i++ { // seats still open at the start
		cfg.BotNames = append(cfg.BotNames, a.T("scene.bot.name", "n", i+1))
	}
	l, err := hostLAN(cfg, s.Me)
	if err != nil {
		s.Err = a.T("lan.lobby.open_failed", "error", err.Error())
		return
	}
	s.Err = ""
	s.Link = l
	s.opened = s.pass
	s.Lobby, _, _ = l.Snapshot()
	s.Addrs = lan.JoinAddresses(l.Port)
	s.QrURL = joinURL(l.Port)
	if host, _, _ := net.SplitHostPort(LanNet.Listen); host == "127.0.0.1" || len(s.Addrs) == 0 {
		// Listening on loopback only (tests, the --autoplay tour): only
		// this machine can join.
		s.Addrs = []string{fmt.Sprintf("127.0.0.1:%d", l.Port)}
		s.QrURL = fmt.Sprintf("http://127.0.0.1:%d/", l.Port)
	}
	s.makeQR(a)
}

// BrowserBuild reports whether this binary carries the browser game
// (webdist.Embedded); the lobby shows the browser address and its QR code
// only then. Tests swap it.
var BrowserBuild = webdist.Embedded

// makeQR draws the browser address's QR code at the pixel size it is
// shown (sharp modules, no filtering).
func (s *LobbyScene) makeQR(a *App) {
	if s.Qr != nil {
		s.Qr.Deallocate()
		s.Qr = nil
	}
	if !BrowserBuild() {
		return
	}
	if img, err := webdist.QRCode(s.QrURL, int(qrSide(a, s.qrY, a.U(80)))); err == nil && s.QrURL != "" {
		s.Qr = ebiten.NewImageFromImage(img)
	}
}

func (s *LobbyScene) guests() int {
	n := 0
	for _, st := range s.Lobby.Seats {
		if st.Kind == lan.SeatGuest {
			n++
		}
	}
	return n
}

// Layout places the lobby's controls for the screen size.
func (s *LobbyScene) Layout(a *App) {
	w, h := float64(a.W), float64(a.H)
	total := a.U(980)
	x0 := (w - total) / 2
	leftW := a.U(420)
	midX, midW := x0+a.U(440), a.U(310)
	rightX, rightW := x0+a.U(770), a.U(210)
	s.NameR = Rect{x0, a.U(96), a.U(260), a.U(34)}
	s.PassR = Rect{x0 + a.U(270), a.U(96), leftW - a.U(270), a.U(34)}
	py := a.U(146)
	n := len(s.Lobby.Seats)
	s.Players = [2]Button{
		{R: Rect{x0 + leftW - a.U(120), py, a.U(34), a.U(30)}, Label: "‹", Enabled: n > s.g.MinP},
		{R: Rect{x0 + leftW - a.U(34), py, a.U(34), a.U(30)}, Label: "›", Enabled: n < s.g.MaxP},
	}
	top := a.U(186)
	rowH := min(a.U(38), (h-a.U(96)-top)/float64(s.g.MaxP))
	s.Seats = s.Seats[:0]
	for i, st := range s.Lobby.Seats {
		y := top + float64(i)*rowH
		row := lobbyRow{r: Rect{x0, y, leftW, rowH - a.U(4)}}
		b := Button{R: Rect{x0 + leftW - a.U(134), y + a.U(2), a.U(130), rowH - a.U(8)}, Enabled: true}
		switch st.Kind {
		case lan.SeatOpen:
			b.Label = a.T("lan.seat.open_button")
		case lan.SeatBot:
			b.Label = a.T("scene.level." + st.Level)
		case lan.SeatGuest:
			b.Label = a.T("lan.seat.free")
		default:
			b.Enabled = false
		}
		row.Kind = b
		s.Seats = append(s.Seats, row)
	}
	vals := s.g.Vals(s.Lobby)
	oy := a.U(96)
	s.Opts = s.Opts[:0]
	for i, k := range s.g.Keys {
		s.Opts = append(s.Opts, Button{R: Rect{midX, oy, midW, a.U(36)}, Label: a.T(k), Enabled: true, Focus: vals[i]})
		oy += a.U(42)
	}
	gy := oy + a.U(26)
	s.GraceB = [2]Button{
		{R: Rect{midX + midW - a.U(140), gy, a.U(34), a.U(30)}, Label: "‹", Enabled: s.grace > graceSteps[0]},
		{R: Rect{midX + midW - a.U(34), gy, a.U(34), a.U(30)}, Label: "›", Enabled: s.grace < graceSteps[len(graceSteps)-1]},
	}
	ty := gy + a.U(36)
	s.TurnB = [2]Button{
		{R: Rect{midX + midW - a.U(140), ty, a.U(34), a.U(30)}, Label: "‹", Enabled: s.Turn > TurnSteps[0]},
		{R: Rect{midX + midW - a.U(34), ty, a.U(34), a.U(30)}, Label: "›", Enabled: s.Turn < TurnSteps[len(TurnSteps)-1]},
	}
	// The table talk starts below the browser's QR code, or level with the
	// table options when this build has no browser game to point phones at.
	// The internet part heads the column; then the browser address's QR
	// code unless the invite's shows.
	chatY := s.Net.layout(a, s, rightX, rightW)
	s.qrY = chatY
	if BrowserBuild() && s.Net.invite(s) == "" {
		chatY += qrSide(a, chatY, a.U(80)) + a.U(80) // the code and up to three lines of its hint
	}
	s.Chat.Layout(a, Rect{rightX, chatY, rightW, h - a.U(96) - chatY}, true)
	s.back = Button{R: Rect{x0, h - a.U(72), a.U(200), a.U(50)}, Label: a.T("scene.back"), Enabled: true}
	s.Start = Button{R: Rect{rightX, h - a.U(72), rightW, a.U(50)}, Label: a.T("lan.lobby.start"),
		Enabled: s.Link != nil, Primary: true}
	if a.RTL() {
		s.NameR, s.PassR = s.NameR.Mirror(w), s.PassR.Mirror(w)
		// Fewer at the right pointing right, more at the left (as the
		// new-game scene's level arrows).
		s.Players[0].R, s.Players[1].R = s.Players[0].R.Mirror(w), s.Players[1].R.Mirror(w)
		s.Players[0].Label, s.Players[1].Label = "›", "‹"
		for i := range s.Seats {
			s.Seats[i].r = s.Seats[i].r.Mirror(w)
			s.Seats[i].Kind.R = s.Seats[i].Kind.R.Mirror(w)
		}
		for i := range s.Opts {
			s.Opts[i].R = s.Opts[i].R.Mirror(w)
		}
		s.GraceB[0].R, s.GraceB[1].R = s.GraceB[0].R.Mirror(w), s.GraceB[1].R.Mirror(w)
		s.GraceB[0].Label, s.GraceB[1].Label = "›", "‹"
		s.TurnB[0].R, s.TurnB[1].R = s.TurnB[0].R.Mirror(w), s.TurnB[1].R.Mirror(w)
		s.TurnB[0].Label, s.TurnB[1].Label = "›", "‹"
		s.Chat.Layout(a, s.Chat.R.Mirror(w), true)
		s.back.R, s.Start.R = s.back.R.Mirror(w), s.Start.R.Mirror(w)
		s.Net.mirror(w)
	}
}

func (s *LobbyScene) Update(a *App) error {
	s.ticks++
	if s.Link != nil {
		s.Link.Poll()
		s.Lobby, _, _ = s.Link.Snapshot()
	}
	s.Layout(a)
	if s.back.Clicked(a) || a.Key(ebiten.KeyEscape) && s.Focus < 0 && !s.Chat.typing && !s.Chat.open {
		if s.Link != nil {
			s.Link.Close()
		}
		s.Net.Close()
		a.GoTo(NewMenuScene(a))
		return nil
	}
	if s.Link == nil {
		if s.Start.Clicked(a) {
			s.open(a, s.g.DefP, s.g.Defaults(s.g.DefP))
		}
		return nil
	}
	if s.Chat.Update(a, s.Link, false) {
		s.Focus = -1
		return nil
	}
	if s.Net.update(a, s) {
		return nil
	}
	switch {
	case a.Clicked(s.NameR):
		s.Commit(a)
		s.Focus = FieldName
	case a.Clicked(s.PassR):
		s.Commit(a)
		s.Focus = fieldPass
	}
	if s.Focus >= 0 {
		s.typeInto(a)
		return nil
	}
	h := s.Link.Host
	players := len(s.Lobby.Seats)
	setOpts := func(players int, o json.RawMessage) {
		if err := h.SetOptions(players, o); err != nil {
			s.Err = a.T("lan.lobby.players_locked")
		} else {
			s.Err = ""
		}
		s.Link.RefreshHost()
	}
	switch {
	case s.Players[0].Clicked(a):
		setOpts(players-1, s.g.Resize(s.Lobby, players-1))
	case s.Players[1].Clicked(a):
		setOpts(players+1, s.g.Resize(s.Lobby, players+1))
	case s.GraceB[0].Clicked(a):
		s.grace = step(graceSteps, s.grace, -1)
		h.SetGrace(s.grace)
		s.Link.RefreshHost()
	case s.GraceB[1].Clicked(a):
		s.grace = step(graceSteps, s.grace, 1)
		h.SetGrace(s.grace)
		s.Link.RefreshHost()
	case s.TurnB[0].Clicked(a):
		s.Turn = step(TurnSteps, s.Turn, -1)
		h.SetTurnTimeout(s.Turn) // 0: off
		s.Link.RefreshHost()
	case s.TurnB[1].Clicked(a):
		s.Turn = step(TurnSteps, s.Turn, 1)
		h.SetTurnTimeout(s.Turn)
		s.Link.RefreshHost()
	}
	for i := range s.Opts {
		if s.Opts[i].Clicked(a) {
			setOpts(players, s.g.Toggle(s.Lobby, i))
		}
	}
	for i := range s.Seats {
		if !s.Seats[i].Kind.Clicked(a) {
			continue
		}
		st := s.Lobby.Seats[i]
		var err error
		switch st.Kind {
		case lan.SeatOpen:
			err = h.SetSeat(i, lan.SeatBot, a.T("scene.bot.name", "n", i+1), s.g.Levels[0])
		case lan.SeatBot:
			// Open, then each level weakest first, then open again.
			if k := slices.Index(s.g.Levels, st.Level); k < 0 || k+1 >= len(s.g.Levels) {
				err = h.SetSeat(i, lan.SeatOpen, "", "")
			} else {
				err = h.SetSeat(i, lan.SeatBot, st.Name, s.g.Levels[k+1])
			}
		case lan.SeatGuest:
			err = h.SetSeat(i, lan.SeatOpen, "", "")
		}
		if err != nil {
			s.Err = a.T("scene.error", "error", err.Error())
		}
		s.Link.RefreshHost()
	}
	if s.Start.Clicked(a) || a.Key(ebiten.KeyEnter) {
		s.begin(a)
		return nil
	}
	s.Lobby, _, _ = s.Link.Snapshot()
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

// TurnText is the turn timer as the lobby shows it: "off" or "90 s".
func TurnText(a *App, d time.Duration) string {
	if d <= 0 {
		return a.T("lan.lobby.turn_off")
	}
	return a.T("lan.lobby.seconds", "n", a.Num(int(d/time.Second)))
}

// typeInto edits the focused field; Enter or Tab commits it.
func (s *LobbyScene) typeInto(a *App) {
	if a.Key(ebiten.KeyEnter) || a.Key(ebiten.KeyTab) || a.Key(ebiten.KeyEscape) {
		s.Commit(a)
		return
	}
	field := &s.Table
	if s.Focus == fieldPass {
		field = &s.pass
	}
	s.chars = a.In.AppendChars(s.chars[:0])
	if s.Focus == fieldRelay {
		s.Net.typeInto(a, s.chars)
		return
	}
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

// Commit applies an edited name or password: the table reopens under it
// (guests would have to join again, so only while none sits).
func (s *LobbyScene) Commit(a *App) {
	if s.Focus < 0 {
		return
	}
	if s.Focus == fieldRelay { // used when the table goes on the internet
		s.Focus = -1
		return
	}
	s.Focus = -1
	if strings.TrimSpace(s.Table) == "" {
		s.Table = s.Lobby.Name
	}
	if s.Link != nil && s.Table == s.Lobby.Name && s.pass == s.opened {
		return
	}
	if s.guests() > 0 {
		s.Err = a.T("lan.lobby.name_locked")
		s.Table = s.Lobby.Name
		return
	}
	players, opts := len(s.Lobby.Seats), s.Lobby.Options
	if players == 0 || s.Lobby.Game != s.g.Game.ID() {
		players, opts = s.g.DefP, s.g.Defaults(s.g.DefP)
	}
	s.open(a, players, opts)
}

// begin deals the game and opens the host player's board.
func (s *LobbyScene) begin(a *App) {
	s.game.HostBegin(a, s)
}

func (s *LobbyScene) Draw(a *App, dst *ebiten.Image) {
	s.Layout(a)
	DrawTableBackground(a, &s.p, dst)
	w, h := float64(a.W), float64(a.H)
	DrawText(a, dst, a.T("lan.lobby.title")+" · "+tableGameName(a, s.g.Game.ID()), a.U(30), w/2, a.U(38), AlignCenter, ColGold)
	label := func(r Rect, key string) {
		x, al := StartOf(a, r, 0)
		DrawText(a, dst, a.T(key), a.U(13), x, r.Y-a.U(11), al, ColTextDim)
	}
	field := func(r Rect, text, placeholder string, focus bool) {
		drawField(a, &s.p, dst, r, text, placeholder, focus, s.ticks)
	}
	label(s.NameR, "lan.lobby.table_name")
	label(s.PassR, "lan.lobby.password")
	field(s.NameR, s.Table, "", s.Focus == FieldName)
	pass := s.pass
	if s.Focus != fieldPass {
		pass = strings.Repeat("•", utf8.RuneCountInString(pass))
	}
	field(s.PassR, pass, a.T("lan.lobby.no_password"), s.Focus == fieldPass)
	if s.Link == nil {
		DrawWrapped(a, dst, s.Err, a.U(16), w/2, h*0.4, w*0.7, AlignCenter, ColBad)
		s.Start.Label = a.T("lan.lobby.retry")
		DrawButton(a, &s.p, dst, &s.Start)
		DrawButton(a, &s.p, dst, &s.back)
		return
	}
	// Seats.
	x0 := s.NameR.X
	if a.RTL() {
		x0 = s.PassR.X
	}
	leftW := a.U(420)
	px, pal := StartOf(a, Rect{x0, 0, leftW, 0}, 0)
	DrawText(a, dst, a.T("lan.lobby.players"), a.U(17), px, s.Players[0].R.Cy(), pal, ColText)
	DrawButton(a, &s.p, dst, &s.Players[0])
	DrawButton(a, &s.p, dst, &s.Players[1])
	DrawText(a, dst, a.Num(len(s.Lobby.Seats)), a.U(17), (s.Players[0].R.Cx()+s.Players[1].R.Cx())/2, s.Players[0].R.Cy(), AlignCenter, ColText)
	for i := range s.Seats {
		row := &s.Seats[i]
		st := s.Lobby.Seats[i]
		bg := ColPanel
		if i%2 == 1 {
			bg = ColPanelHi
		}
		s.p.Round(dst, row.r, a.U(6), bg, 0, bg)
		nx, nal := StartOf(a, row.r, a.U(10))
		dir := 1.0
		if a.RTL() {
			dir = -1
		}
		DrawText(a, dst, a.Num(i+1), a.U(15), nx, row.r.Cy(), nal, ColTextDim)
		name, status, col := st.Name, "", ColText
		switch st.Kind {
		case lan.SeatLocal:
			status = a.T("lan.seat.you")
			col = ColLegal
			if strings.EqualFold(name, status) {
				status = "" // the default name is already "you" (scene.newgame.you)
			}
		case lan.SeatGuest:
			status = a.T("lan.seat.guest")
			if !st.Connected {
				status = a.T("lan.seat.away")
			}
		case lan.SeatOpen:
			name, col = a.T("lan.seat.waiting"), ColTextDim
		case lan.SeatBot:
			status = a.T("scene.newgame.computer")
		}
		nameW := a.U(150)
		if status == "" {
			nameW = a.U(220)
		}
		DrawText(a, dst, Fit(a, name, a.U(16), nameW), a.U(16), nx+dir*a.U(30), row.r.Cy(), nal, col)
		DrawText(a, dst, Fit(a, status, a.U(13), a.U(80)), a.U(13), nx+dir*a.U(186), row.r.Cy(), nal, ColTextDim)
		if row.Kind.Enabled {
			DrawButton(a, &s.p, dst, &row.Kind)
		}
	}
	// Options.
	ox, oal := StartOf(a, s.Opts[0].R, 0)
	DrawText(a, dst, a.T("option.title"), a.U(13), ox, s.Opts[0].R.Y-a.U(11), oal, ColTextDim)
	for i := range s.Opts {
		DrawToggle(a, &s.p, dst, &s.Opts[i])
	}
	gr := s.GraceB[0].R
	gw := s.Opts[0].R.W - a.U(150)
	DrawText(a, dst, a.T("lan.lobby.grace"), FitSize(a, a.T("lan.lobby.grace"), a.U(15), gw), ox, gr.Cy(), oal, ColText)
	DrawText(a, dst, a.T("lan.lobby.seconds", "n", a.Num(int(s.grace/time.Second))), a.U(15), (s.GraceB[0].R.Cx()+s.GraceB[1].R.Cx())/2, gr.Cy(), AlignCenter, ColText)
	DrawButton(a, &s.p, dst, &s.GraceB[0])
	DrawButton(a, &s.p, dst, &s.GraceB[1])
	tr := s.TurnB[0].R
	DrawText(a, dst, a.T("lan.lobby.turn"), FitSize(a, a.T("lan.lobby.turn"), a.U(15), gw), ox, tr.Cy(), oal, ColText)
	// The value fits between the arrows ("off" is a word in some language).
	tt, tw := TurnText(a, s.Turn), math.Abs(s.TurnB[1].R.Cx()-s.TurnB[0].R.Cx())-a.U(40)
	ts := FitSize(a, tt, a.U(15), tw)
	DrawText(a, dst, Fit(a, tt, ts, tw), ts, (s.TurnB[0].R.Cx()+s.TurnB[1].R.Cx())/2, tr.Cy(), AlignCenter, ColText)
	DrawButton(a, &s.p, dst, &s.TurnB[0])
	DrawButton(a, &s.p, dst, &s.TurnB[1])
	gh := DrawWrapped(a, dst, a.T("lan.lobby.timers_help"), a.U(12), s.Opts[0].R.X, tr.Y+tr.H+a.U(4), s.Opts[0].R.W, AlignStart, ColTextDim)
	// Where to join: under the timers, or, when the middle column has no
	// room left for it above the bar of buttons (a small window, the
	// browser's address and the relay's invite shown), under the seats.
	jy := tr.Y + tr.H + gh + a.U(30)
	jr := Rect{s.Opts[0].R.X, jy, s.Opts[0].R.W, 0}
	if need := s.joinHeight(a); jy+need > s.Start.R.Y-a.U(8) && len(s.Seats) > 0 {
		last := s.Seats[len(s.Seats)-1].r
		if ly := last.Y + last.H + a.U(30); ly+need <= s.back.R.Y-a.U(8) {
			jr, jy = Rect{last.X, ly, last.W, 0}, ly
		}
	}
	jx, jal := StartOf(a, jr, 0)
	DrawText(a, dst, a.T("lan.lobby.join_app"), a.U(13), jx, jy, jal, ColTextDim)
	jy += a.U(22)
	for i, ad := range s.Addrs {
		if i == 3 {
			break
		}
		DrawText(a, dst, ad, a.U(18), jx, jy, jal, ColGold)
		jy += a.U(24)
	}
	jy += a.U(8)
	// Without a browser game in this binary browsers cannot join: no
	// browser address, no QR code, and no word about how to build one
	// (players see only what they can use).
	if BrowserBuild() {
		DrawText(a, dst, a.T("lan.lobby.join_browser"), a.U(13), jx, jy, jal, ColTextDim)
		jy += a.U(22)
		// Shown without the final slash, which a right-to-left line would
		// move to the front; the QR code carries the whole address.
		DrawText(a, dst, Fit(a, strings.TrimSuffix(s.QrURL, "/"), a.U(16), jr.W), a.U(16), jx, jy, jal, ColGold)
		jy += a.U(30)
	}
	// The invite, when the table is on the internet too.
	if link := s.Net.invite(s); link != "" {
		DrawText(a, dst, a.T("lan.relay.invite"), a.U(13), jx, jy, jal, ColTextDim)
		DrawText(a, dst, Fit(a, link, a.U(14), jr.W), a.U(14), jx, jy+a.U(22), jal, ColGold)
	}
	s.Net.draw(a, s, dst)
	// The QR code of the browser address, for phones.
	if BrowserBuild() && (s.Qr == nil || s.Qr.Bounds().Dx() != int(qrSide(a, s.qrY, a.U(80)))) {
		s.makeQR(a)
	}
	if s.Qr != nil && BrowserBuild() && s.Net.invite(s) == "" {
		a.FlushText()
		n := float64(s.Qr.Bounds().Dx())
		qr := Rect{math.Round(s.Chat.R.Cx() - n/2), s.qrY, n, n}
		s.p.Image(dst, s.Qr, qr.X, qr.Y, 1, 1, 1)
		DrawWrapped(a, dst, a.T("lan.lobby.scan"), a.U(12), s.Chat.R.Cx(), qr.Y+qr.H+a.U(6), s.Chat.R.W, AlignCenter, ColTextDim)
	}
	// Chat.
	cx, cal := StartOf(a, s.Chat.R, 0)
	DrawText(a, dst, a.T("lan.chat.title"), a.U(13), cx, s.Chat.R.Y-a.U(11), cal, ColTextDim)
	a.FlushText()
	s.Chat.Draw(a, &s.p, dst, s.Link, s.ticks)
	DrawButton(a, &s.p, dst, &s.back)
	DrawButton(a, &s.p, dst, &s.Start)
	status := a.T("lan.lobby.status", "guests", a.Num(s.guests()), "open", a.Num(s.openSeats()))
	col := ColTextDim
	if s.Err != "" {
		status, col = s.Err, ColBad
	}
	DrawWrapped(a, dst, status, a.U(14), w/2, s.back.R.Cy()-a.U(9), a.U(500), AlignCenter, col)
}

func (s *LobbyScene) openSeats() int {
	n := 0
	for _, st := range s.Lobby.Seats {
		if st.Kind == lan.SeatOpen {
			n++
		}
	}
	return n
}

// FitSize returns size, made smaller (down to two thirds of it) until s
// fits in w pixels.
func FitSize(a *App, s string, size, w float64) float64 {
	min := size * 2 / 3
	for size > min && a.Text.Line(s, size, a.RTL()).W > w {
		size -= 0.5
	}
	return size
}

// drawField draws a one-line text input at r: the text (or, empty and
// unfocused, the dimmed placeholder), a gold edge and a blinking caret while
// focused (ticks is the scene's tick count; the caret blinks every 30).
func drawField(a *App, p *Painter, dst *ebiten.Image, r Rect, text, placeholder string, focus bool, ticks int) {
	edge := ColEdge
	if focus {
		edge = ColGold
	}
	p.Round(dst, r, a.U(6), ColTextDark, a.U(2), edge)
	col := ColText
	if text == "" && !focus {
		text, col = placeholder, ColTextDim
	}
	if focus && (ticks/30)%2 == 0 {
		text += "|"
	}
	x, al := StartOf(a, r, a.U(10))
	DrawText(a, dst, Fit(a, text, a.U(16), r.W-a.U(20)), a.U(16), x, r.Cy(), al, col)
}
