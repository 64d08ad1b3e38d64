package scenes

import (
	"context"
	"errors"
	"net"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/webdist"
	"github.com/hajimehoshi/ebiten/v2"
)

// LanNet is where the LAN scenes listen, announce and browse. The app uses
// the defaults (issue 5: TCP port 47475 on every interface, the beacon
// broadcast to UDP port lan.BeaconPort); tests point everything at
// 127.0.0.1.
var LanNet = struct {
	Listen   string       // the host's TCP (and HTTP, WebSocket) address
	Announce *net.UDPAddr // where the host's beacon goes
	Browse   string       // where the join scene listens for beacons
	Every    time.Duration
}{
	Listen:   ":47475",
	Announce: &net.UDPAddr{IP: net.IPv4bcast, Port: lan.BeaconPort},
	Browse:   ":47474",
	Every:    time.Second,
}

// ChatEntry is one line of the table talk.
type ChatEntry struct {
	Seat         int
	Name         string
	Text, Phrase string // free text, or a quick phrase ID (lan.QuickPhrases)
}

// LanLink is a LAN game as the scenes hold it, on the host's side (host)
// or a guest's (client): the lobby, the chat and the connection's state.
// The guest's messages are read on their own goroutine (run), so a frame
// never waits for the network; the scenes read the link under its lock.
type LanLink struct {
	Host   *lan.Host
	stop   context.CancelFunc // the host's beacon
	Port   int                // the host's TCP port
	Client *lan.Client
	// Guest is a guest's table (Game.NewGuest), nil on the host's side.
	Guest GuestTable
	// phrases are the game's quick chat phrases (rules.Phraser).
	phrases []rules.Phrase
	Seat    int     // this screen's seat
	Box     chatBox // the chat box on the board

	Mu      sync.Mutex
	Lobby   lan.Lobby
	chat    []ChatEntry
	chatGen int // counts chat lines ever seen (new-line marks)
	// notices are the host's notices (lan/PROTOCOL.md, notice) not yet
	// shown: the board takes them into its log (takeNotices).
	notices []lan.Notice
	// Toast is the last notice's line, shown over board toastOn's maze
	// until its tick toastEnd (see drawBoard); board goroutine only.
	Toast    string
	ToastOn  any
	ToastEnd int
	ToastFit string // toast cut to the banner's width toastW (drawBoard)
	ToastW   float64
	hostChat []lan.ChatLine // the host's chat log as last read (refreshHost)
	hostNote []lan.Notice   // the host's notices as last read (refreshHost)
	refused  string         // the host's last refusal of one of our messages
	dropped  bool           // the connection is down; the client is reconnecting
	started  bool           // the first update has come (guest)
	ended    error          // the connection is over (guest); errLANClosed when we left
	closed   bool
	invite   string // the relay room's link once it is open (host)
	// undoRefused is the host's last refusal of this guest's undo
	// (lan.CodeUndo; TakeUndoRefusal).
	undoRefused string
}

// Invite is the host's invite link once its relay room is open, "" before
// or without a relay.
func (l *LanLink) Invite() string {
	l.Mu.Lock()
	defer l.Mu.Unlock()
	return l.invite
}

var ErrLANClosed = errors.New("lan: left the table")

// hostLAN opens a LAN table: the host listens on lanNet.Listen, serves the
// browser build when this binary has it (issue 6), and announces itself.
// The host player sits in seat 0.
func hostLAN(cfg lan.HostConfig, name string) (*LanLink, error) {
	if h := webdist.Handler(); h != nil {
		cfg.Web = h
	}
	h, err := lan.NewHost(cfg)
	if err != nil {
		return nil, err
	}
	if err := h.SetSeat(0, lan.SeatLocal, name, ""); err != nil {
		h.Close()
		return nil, err
	}
	addr, err := h.Listen(LanNet.Listen)
	if err != nil {
		h.Close()
		return nil, err
	}
	port := 0
	if ta, ok := addr.(*net.TCPAddr); ok {
		port = ta.Port
	}
	ctx, cancel := context.WithCancel(context.Background())
	go h.Announce(ctx, LanNet.Announce, port, LanNet.Every)
	l := &LanLink{Host: h, stop: cancel, Port: port, Seat: 0, phrases: rules.PhrasesOf(cfg.Game)}
	if cfg.Relay != nil { // on the internet too (lobby_relay.go)
		go h.ServeRelay(ctx, func(inv lan.Invite) {
			l.Mu.Lock()
			l.invite = inv.Link()
			l.Mu.Unlock()
		})
	}
	l.RefreshHost()
	return l, nil
}

// joinLAN joins the table at addr (HOST:PORT) and starts reading its
// messages. It waits for the handshake (at most the client's timeout).
func joinLAN(ctx context.Context, addr string, cfg lan.ClientConfig, g Game) (*LanLink, error) {
	c, err := lan.Join(ctx, addr, cfg)
	if err != nil {
		return nil, err
	}
	l := &LanLink{Client: c, Seat: c.Seat(), phrases: rules.PhrasesOf(cfg.Game)}
	l.Guest = g.NewGuest(l, cfg.Name)
	go l.run()
	return l, nil
}

// run reads the guest's messages until the connection ends.
func (l *LanLink) run() {
	for m := range l.Client.Messages() {
		l.take(m)
	}
	err := l.Client.Err()
	l.Mu.Lock()
	if l.closed || err == nil {
		err = ErrLANClosed
	}
	l.ended = err
	l.Mu.Unlock()
}

// take applies one message from the host.
func (l *LanLink) take(m lan.Message) {
	if l.takeUndo(m) {
		return
	}
	switch m.T {
	case lan.TLobby:
		if m.Lobby != nil {
			l.Mu.Lock()
			l.Lobby = *m.Lobby
			l.Mu.Unlock()
		}
	case lan.TUpdate:
		if l.Guest == nil || m.GameView == nil {
			return
		}
		l.Guest.Deliver(m)
		l.Mu.Lock()
		l.started = true
		l.Mu.Unlock()
	case lan.TChat:
		l.Mu.Lock()
		l.addChat(ChatEntry{Seat: m.Seat, Name: m.Name, Text: m.Text, Phrase: m.Phrase})
		l.Mu.Unlock()
	case lan.TError:
		l.Mu.Lock()
		l.refused = m.Error
		l.Mu.Unlock()
		if m.Code == lan.CodeRule || m.Code == lan.CodeState {
			if l.Guest != nil {
				l.Guest.Refused()
			}
		}
	case lan.TNotice:
		l.Mu.Lock()
		l.addNotice(lan.Notice{Code: m.Code, Seat: m.Seat, Name: m.Name, Text: m.Text})
		l.Mu.Unlock()
	case lan.TDropped:
		l.Mu.Lock()
		l.dropped = true
		l.Mu.Unlock()
	case lan.TBack:
		if l.Guest != nil {
			l.Guest.Reconnected()
		}
		l.Mu.Lock()
		l.dropped = false
		l.Mu.Unlock()
	}
}

// addChat keeps the last 50 lines. l.mu is held.
func (l *LanLink) addChat(e ChatEntry) {
	l.chat = append(l.chat, e)
	if len(l.chat) > 50 {
		l.chat = append(l.chat[:0], l.chat[len(l.chat)-50:]...)
	}
	l.chatGen++
}

// addNotice queues a notice for the board, keeping the last 20 not yet
// shown. l.mu is held.
func (l *LanLink) addNotice(n lan.Notice) {
	l.notices = append(l.notices, n)
	if len(l.notices) > 20 {
		l.notices = append(l.notices[:0], l.notices[len(l.notices)-20:]...)
	}
}

// TakeNotices returns and forgets the notices not shown yet, oldest first.
func (l *LanLink) TakeNotices() []lan.Notice {
	l.Mu.Lock()
	defer l.Mu.Unlock()
	n := l.notices
	l.notices = nil
	return n
}

// NewEntries returns the entries of a host's log (ChatLog, Notices: the
// last 100, the oldest dropped first) that were not in its previous read
// prev: the log is prev without its first d entries, then the new ones.
func NewEntries[T comparable](prev, log []T) []T {
	for d := 0; d <= len(prev); d++ {
		old := prev[d:]
		if len(old) <= len(log) && slices.Equal(old, log[:len(old)]) {
			return log[len(old):]
		}
	}
	return log
}

// Poll brings the host side's lobby and chat up to date when the host says
// something changed (once a tick; never blocks).
func (l *LanLink) Poll() {
	if l.Host == nil {
		return
	}
	select {
	case <-l.Host.Changed():
		l.RefreshHost()
	default:
	}
}

// RefreshHost reads the host's lobby, chat and notices into the link (the
// host's side); the scenes call it each frame through Poll.
func (l *LanLink) RefreshHost() {
	lb := l.Host.Lobby()
	log := l.Host.ChatLog()
	notes := l.Host.Notices()
	l.Mu.Lock()
	defer l.Mu.Unlock()
	l.Lobby = lb
	// The host's logs keep their last 100 entries; take the ones not seen
	// yet (the chat box keeps 50 lines, so its length says nothing).
	for _, c := range NewEntries(l.hostChat, log) {
		l.addChat(ChatEntry{Seat: c.Seat, Name: c.Name, Text: c.Text, Phrase: c.Phrase})
	}
	l.hostChat = log
	for _, n := range NewEntries(l.hostNote, notes) {
		l.addNotice(n)
	}
	l.hostNote = notes
}

// Snapshot returns the lobby and the chat as they are now.
func (l *LanLink) Snapshot() (lan.Lobby, []ChatEntry, int) {
	l.Mu.Lock()
	defer l.Mu.Unlock()
	return l.Lobby, append([]ChatEntry(nil), l.chat...), l.chatGen
}

// State returns the guest connection's state.
func (l *LanLink) State() (started, dropped bool, refused string, ended error) {
	l.Mu.Lock()
	defer l.Mu.Unlock()
	return l.started, l.dropped, l.refused, l.ended
}

// takeRefused returns and forgets the host's last refusal.
func (l *LanLink) takeRefused() string {
	l.Mu.Lock()
	defer l.Mu.Unlock()
	r := l.refused
	l.refused = ""
	return r
}

// say sends a chat line (text) or a quick phrase (phrase, a
// lan.QuickPhrases ID) from this screen's seat.
func (l *LanLink) say(text, phrase string) error {
	if l.Host != nil {
		err := l.Host.Chat(l.Seat, text, phrase)
		l.RefreshHost()
		return err
	}
	if phrase != "" {
		return l.Client.Phrase(phrase)
	}
	return l.Client.Chat(text)
}

// CloseAtEnd closes the host's LAN table once the game at t is over
// (every game's end: R9, I9, U10), after every guest has had the last
// updates (at most 5 s), so the table stops announcing itself; unless the
// host has closed first.
func (l *LanLink) CloseAtEnd(t *game.Table) {
	go func() {
		select {
		case <-t.Done():
			l.Host.Finish(5 * time.Second)
			l.Close()
		case <-l.Host.Done():
		}
	}()
}

// Leave is the host player leaving the table: it ends the LAN game for
// everyone, once the game is over only after the guests have had the last
// updates (at most 5 s).
func (l *LanLink) Leave(over bool) {
	if over {
		go func() {
			l.Host.Finish(5 * time.Second)
			l.Close()
		}()
		return
	}
	l.Close()
}

// Close leaves the table: a guest says goodbye, a host ends the game for
// everyone and stops announcing.
func (l *LanLink) Close() {
	l.Mu.Lock()
	if l.closed {
		l.Mu.Unlock()
		return
	}
	l.closed = true
	l.Mu.Unlock()
	if l.Host != nil {
		l.stop()
		l.Host.Close()
	}
	if l.Client != nil {
		l.Client.Leave()
	}
}

// SeatNames returns the seats' names from the lobby, the names the game
// gave by itself in the reader's language (localName: a Persian host's
// "ربات ۳" is "Бот 3" on a Russian guest's screen).
func SeatNames(a *App, lb lan.Lobby) []string {
	out := make([]string, len(lb.Seats))
	for i, s := range lb.Seats {
		out[i] = SeatName(a, s.Name)
	}
	return out
}

// playerWords are the word "Player" in every language (the "player" key),
// for seatName.
var playerWords = sync.OnceValue(func() []string {
	var ws []string
	for _, l := range i18n.Langs {
		ws = append(ws, i18n.MustLoad(l).T("player")+" ")
	}
	return ws
})

// SeatName is a LAN seat's name as this screen shows it: a name the game
// gave by itself in the reader's language (localName), also "Player N" of
// any number N, in any language and digits (the join scene's default
// name, lanPlayerName); a name a person chose as it is.
func SeatName(a *App, name string) string {
	if l := LocalName(a, name); l != name {
		return l
	}
	for _, w := range playerWords() {
		rest, ok := strings.CutPrefix(name, w)
		if !ok || rest == "" || utf8.RuneCountInString(rest) > 3 { // 1 to 999
			continue
		}
		n := 0
		for _, r := range rest {
			switch {
			case r >= '0' && r <= '9':
				n = n*10 + int(r-'0')
			case r >= '۰' && r <= '۹':
				n = n*10 + int(r-'۰')
			default:
				return name
			}
		}
		if n > 0 {
			return PlayerName(a, n)
		}
	}
	return name
}

// joinURL is the browser address shown (and drawn as a QR code) in the
// lobby: the first of webdist.JoinURLs, a LAN address before loopback.
func joinURL(port int) string {
	if us := webdist.JoinURLs(port); len(us) > 0 {
		return us[0]
	}
	return ""
}

// lanToast is how long a host's notice stays on a game screen: 6 s at 60
// ticks a second.
const lanToast = 6 * 60

// UpdateScreen keeps a game screen of a LAN game up
// to date at its tick t: the seats' names from the lobby (names, changed
// in place; this screen's own seat keeps its name), and the host's
// notices (a computer player made a timed-out guest's move, a seat took
// its move back): the newest shown for a while and, with a log, each
// written in it too, as Saboteur's board does (issue 25 item 4). A game
// takes a move back (a Rewind delivery, its log written afresh) before it
// calls this, so the notice that says so stays in the new log. The chat
// lines show in the screen's chat box (Box).
func (l *LanLink) UpdateScreen(a *App, t int, names []string, log *Log) {
	l.Poll()
	lb, _, _ := l.Snapshot()
	if len(lb.Seats) == len(names) {
		for i, st := range lb.Seats {
			if n := SeatName(a, st.Name); st.Name != "" && i != l.Seat {
				names[i] = n
			}
		}
	}
	for _, n := range l.TakeNotices() {
		l.Toast, l.ToastEnd = NoticeText(a, n, l.Seat, names), t+lanToast
		if log != nil {
			log.Add(LogLine{Text: l.Toast, Color: ColTextDim, Ref: -1})
		}
	}
}

// DrawStatus draws the connection's state (lost, getting back) or the newest
// notice in r at the screen's tick t.
func (l *LanLink) DrawStatus(a *App, p *Painter, dst *ebiten.Image, t int, r Rect) {
	_, dropped, _, ended := l.State()
	msg, bg := "", ColBad
	switch {
	case ended != nil && ended != ErrLANClosed:
		msg = a.T("lan.board.host_gone")
	case dropped:
		msg = a.T("lan.board.reconnecting")
	case t < l.ToastEnd && l.Toast != "":
		msg, bg = l.Toast, ColPanel
	}
	if msg == "" {
		return
	}
	a.FlushText()
	p.Round(dst, r, a.U(8), bg, a.U(2), ColGold)
	DrawText(a, dst, Fit(a, msg, a.U(15), r.W-a.U(24)), a.U(15), r.Cx(), r.Cy(), AlignCenter, ColText)
}

// ErrNotYourSeat is a guest's move for a seat that is not its own.
var ErrNotYourSeat = errors.New("lan: a guest plays only its own seat")
