package scenes

import (
	"errors"
	"net"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules/saboteur"
)

// listenHost starts a host for cfg on a free loopback port; it is closed
// when the test ends.
func listenHost(t *testing.T, cfg lan.HostConfig) (*lan.Host, net.Addr) {
	t.Helper()
	h, err := lan.NewHost(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	addr, err := h.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return h, addr
}

// loopbackLAN points the LAN scenes at 127.0.0.1 (listen on a free port,
// browse on a free UDP port) for one test.
func loopbackLAN(t *testing.T) {
	old := lanNet
	lanNet.Listen = "127.0.0.1:0"
	lanNet.Browse = "127.0.0.1:0"
	lanNet.Announce = &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 9} // set per test once a browser listens
	lanNet.Every = 50 * time.Millisecond
	t.Cleanup(func() { lanNet = old })
}

// until ticks the harnesses (round robin) until ok holds, failing after
// limit ticks; the network works on its own goroutines meanwhile.
func until(t *testing.T, limit int, ok func() bool, hs ...*harness) {
	t.Helper()
	for i := 0; i < limit; i++ {
		if ok() {
			return
		}
		for _, h := range hs {
			h.tick()
		}
		if i%4 == 0 {
			time.Sleep(2 * time.Millisecond)
		}
	}
	t.Fatalf("condition not met after %d ticks", limit)
}

// clickMenu clicks menu button i and waits for the next scene.
func clickMenu(t *testing.T, h *harness, i int) {
	t.Helper()
	m, ok := h.a.cur.(*menuScene)
	if !ok {
		t.Fatalf("not on the menu: %s", h.a.cur.Name())
	}
	m.layout(h.a)
	if !m.buttons[i].enabled {
		t.Fatalf("menu button %q is greyed", m.buttons[i].label)
	}
	h.click(m.buttons[i].r)
	h.ticks(fadeTicks + 1)
}

// TestLANHostAndGuest is issue 5 end to end on loopback: a host opens the
// lobby from the menu, a guest finds it through the join scene's beacon
// list and joins with a click, both chat, the host starts, both see the
// board, and a move of each side reaches the host's table.
func TestLANHostAndGuest(t *testing.T) {
	loopbackLAN(t)
	hh, hg := newHarness(t), newHarness(t)

	// The guest opens "Join LAN game": it listens for beacons.
	clickMenu(t, hg, menuJoin)
	js, ok := hg.a.cur.(*joinScene)
	if !ok || js.browser == nil {
		t.Fatalf("join scene: %T, err %q", hg.a.cur, js.err)
	}
	lanNet.Announce = js.browser.Addr()
	lanNet.Announce.IP = net.IPv4(127, 0, 0, 1)
	hg.shot("lan-join-empty")

	// The host opens "Host LAN game": a table with the host in seat 0.
	clickMenu(t, hh, menuHost)
	ls, ok := hh.a.cur.(*lobbyScene)
	if !ok || ls.link == nil {
		t.Fatalf("lobby: %T, err %q", hh.a.cur, ls.err)
	}
	t.Cleanup(ls.link.close)
	if n := len(ls.lobby.Seats); n != 4 || ls.lobby.Seats[0].Kind != lan.SeatLocal {
		t.Fatalf("lobby seats: %+v", ls.lobby.Seats)
	}
	// The host makes seat 3 a computer player and lets seat 0 start (R3.5).
	hh.click(ls.seats[3].kind.r)
	hh.click(ls.opts[3].r)
	if st := ls.lobby.Seats[3]; st.Kind != lan.SeatBot || st.Level != "random" {
		t.Errorf("seat 3 after a click: %+v", st)
	}
	if lobbyOptions(ls.lobby).FirstPlayer != 0 {
		t.Errorf("first player %d, want the host's seat 0 (%q)", lobbyOptions(ls.lobby).FirstPlayer, ls.err)
	}

	// The beacon shows up in the guest's list.
	// A beacon sent before seat 3 became a computer player may arrive
	// first; a later one (the lobby re-announces every lanNet.Every) counts.
	until(t, 600, func() bool { return len(js.found) == 1 && js.found[0].Open == 2 }, hg, hh)
	f := js.found[0]
	if f.Name != ls.lobby.Name || f.Open != 2 || f.Players != 4 {
		t.Errorf("found %+v, want %q with 2 open seats of 4", f, ls.lobby.Name)
	}
	if _, port, _ := net.SplitHostPort(f.Addr); port != strconv.Itoa(ls.link.port) {
		t.Errorf("found at %s, host port %d", f.Addr, ls.link.port)
	}
	hg.shot("lan-join-found")

	// The guest types a name and clicks the table.
	hg.click(js.nameR)
	for range []rune(js.name) {
		hg.key(ebiten.KeyBackspace)
	}
	hg.in.chars = []rune("Bob")
	hg.tick()
	hg.key(ebiten.KeyEscape) // leave the field
	hg.click(js.rows[0].r)
	until(t, 600, func() bool { return js.link != nil || js.err != "" }, hg, hh)
	if js.link == nil {
		t.Fatalf("join failed: %s", js.err)
	}
	until(t, 600, func() bool { return ls.lobby.Seats[1].Kind == lan.SeatGuest }, hh, hg)
	if got := ls.lobby.Seats[1].Name; got != "Bob" {
		t.Errorf("guest seated as %q, want Bob", got)
	}
	until(t, 600, func() bool { lb, _, _ := js.link.snapshot(); return len(lb.Seats) == 4 }, hg, hh)

	// Table talk: a quick phrase from the guest, a typed line from the host.
	hg.click(js.chat.quick.r)
	hg.click(js.chat.phrases[3].r) // "The gold is at the bottom."
	hh.click(ls.chat.field)
	hh.in.chars = []rune("hello")
	hh.tick()
	hh.key(ebiten.KeyEnter)
	until(t, 600, func() bool {
		_, lines, _ := js.link.snapshot()
		_, hostLines, _ := ls.link.snapshot()
		return len(lines) == 2 && len(hostLines) == 2
	}, hg, hh)
	_, lines, _ := js.link.snapshot()
	_, hostLines, _ := ls.link.snapshot()
	for _, ls := range [][]chatEntry{lines, hostLines} {
		got := map[string]chatEntry{}
		for _, e := range ls {
			got[e.phrase+map[bool]string{true: e.text}[e.phrase == ""]] = e
		}
		if e := got["gold_bottom"]; e.name != "Bob" || e.seat != 1 {
			t.Errorf("the guest's quick phrase: %+v", ls)
		}
		if e := got["hello"]; e.seat != 0 {
			t.Errorf("the host's line: %+v", ls)
		}
	}
	hg.shot("lan-join-seated")
	hh.shot("lan-lobby")

	// The host starts; both go through the role reveal to the board.
	hh.click(ls.start.r)
	until(t, 2000, toBoard(t, hh), hh, hg)
	until(t, 2000, toBoard(t, hg), hg, hh)
	hb, gb := hh.a.cur.(*boardScene), hg.a.cur.(*boardScene)
	if hb.me != 0 || gb.me != 1 || gb.m.lan == nil || hb.m.lan == nil {
		t.Fatalf("boards: host plays seat %d, guest seat %d", hb.me, gb.me)
	}
	until(t, 600, func() bool { return len(gb.hand) > 0 && len(hb.hand) > 0 }, hg, hh)
	if v := gb.m.table.View(-1); len(v.Hand) != 0 || v.Role != saboteur.NoRole {
		t.Errorf("the guest's public stream holds a hand or role: %+v", v)
	}

	// The host moves (seat 0 first), then the guest, through its board's
	// seam: the move travels to the host's table.
	host := localTable{ls.link.host.Table()}
	until(t, 2000, func() bool { return hb.myTurn() }, hh, hg)
	if err := hb.m.submit(0, hb.mine.LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	until(t, 2000, func() bool { return gb.myTurn() }, hg, hh)
	if err := gb.m.submit(0, saboteur.Move{Type: saboteur.Discard}); !errors.Is(err, errNotYourSeat) {
		t.Errorf("a guest's move for seat 0: %v", err)
	}
	mv := gb.mine.LegalMoves()[0]
	if err := gb.m.submit(1, mv); err != nil {
		t.Fatal(err)
	}
	until(t, 2000, func() bool { return len(typedRecord(t, host.Record()).Moves) >= 2 }, hg, hh)
	if got := typedRecord(t, host.Record()).Moves[1]; got.Seat != 1 || got.Card != mv.Card || got.Type != mv.Type {
		t.Errorf("the host's table got %v, the guest played %v", got, mv)
	}
	// Chat on the board: T opens the line, Enter sends.
	hg.key(ebiten.KeyT)
	hg.in.chars = []rune("gg")
	hg.tick()
	hg.key(ebiten.KeyEnter)
	until(t, 600, func() bool {
		_, l, _ := ls.link.snapshot()
		return len(l) == 3 && l[2].text == "gg"
	}, hh, hg)
	t.Logf("guest shows moves %d turn %d; host table moves %d turn %d; feed %d", gb.view.Moves, gb.view.Turn, host.View(-1).Moves, host.View(-1).Turn, len(gb.m.feed))
	hh.shot("lan-board-host")
	hg.shot("lan-board-guest")

	// The guest leaves; the host's game goes on with a computer player.
	hg.key(ebiten.KeyEscape)
	hg.key(ebiten.KeyEscape)
	until(t, 600, func() bool { _, ok := hg.a.cur.(*menuScene); return ok }, hg, hh)
	until(t, 600, func() bool { return !ls.link.host.Lobby().Seats[1].Connected }, hh)
	hh.ticks(5)
	hh.shot("lan-board-host-guest-away")
}

// TestJoinRefusals: a wrong password and a full table are refused with the
// reason in the player's language, and the join scene stays usable.
func TestJoinRefusals(t *testing.T) {
	loopbackLAN(t)
	_, addr := listenHost(t, lan.HostConfig{Name: "t", Password: "secret", Game: sabGame(), Players: 3, Options: sabOptions(saboteur.Options{Players: 3, FirstPlayer: -1}), Bots: 2})
	hg := newHarness(t)
	clickMenu(t, hg, menuJoin)
	js := hg.a.cur.(*joinScene)
	t.Cleanup(js.leave)
	tests := []struct {
		pass string
		want string
	}{
		{"wrong", "lan.refused.password"},
		{"secret", ""},
		{"secret", "lan.refused.full"},
	}
	for _, tt := range tests {
		js.link, js.err = nil, ""
		js.addr, js.pass, js.name = addr.String(), tt.pass, "Eve"
		hg.key(ebiten.KeyEnter)
		until(t, 600, func() bool { return js.link != nil || js.err != "" }, hg)
		switch {
		case tt.want == "" && js.link == nil:
			t.Errorf("password %q: %s", tt.pass, js.err)
		case tt.want != "" && js.err != hg.a.T(tt.want):
			t.Errorf("password %q: %q, want %q", tt.pass, js.err, hg.a.T(tt.want))
		}
	}
}

// TestGuestTable: what a guest's board reads of the host's updates, and
// the guest's own check of a move before it is sent.
func TestGuestTable(t *testing.T) {
	g, _, err := saboteur.New(saboteur.Options{Players: 4, FirstPlayer: 0}, 7)
	if err != nil {
		t.Fatal(err)
	}
	gt := &guestTable{seat: 1, watch: game.NewInbox("w"), inbox: game.NewInbox("me")}
	gt.deliver(g.View(1), nil)
	pub := gt.View(-1)
	if pub.Seat != -1 || pub.Hand != nil || pub.Role != saboteur.NoRole || pub.Gold != 0 {
		t.Errorf("public view keeps private parts: %+v", pub)
	}
	want := g.View(-1)
	if pub.Turn != want.Turn || pub.DrawPile != want.DrawPile || len(pub.HandSizes) != len(want.HandSizes) {
		t.Errorf("public view %+v, want %+v", pub, want)
	}
	if d, ok := gt.watch.Poll(); !ok || d.View.(saboteur.View).Hand != nil {
		t.Errorf("the screen's stream got %+v", d)
	}
	if mine := gt.View(1); len(mine.Hand) == 0 {
		t.Error("the guest's own view has no hand")
	}
	mine := gt.View(1)
	v0 := g.View(0)
	tests := []struct {
		name string
		v    saboteur.View
		m    saboteur.Move
		ok   bool
	}{
		{"not my turn", mine, saboteur.Move{Seat: 1, Type: saboteur.Discard, Card: mine.Hand[0]}, false},
		{"a legal move", v0, v0.LegalMoves()[0], true},
		{"a discard", v0, saboteur.Move{Seat: 0, Type: saboteur.Discard, Card: v0.Hand[0]}, true},
		{"a card not in the hand", v0, saboteur.Move{Seat: 0, Type: saboteur.Discard, Card: saboteur.MustCard("xNS")}, !notIn(v0.Hand, saboteur.MustCard("xNS"))},
		{"a path card far from the maze", v0, saboteur.Move{Seat: 0, Type: saboteur.Play, Card: saboteur.MustCard("NESW"), At: saboteur.Cell{X: 30, Y: 30}}, false},
	}
	for _, tt := range tests {
		err := tt.v.Check(tt.m)
		if (err == nil) != tt.ok {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}

// TestQuickPhrasesTranslated: every quick phrase of the protocol has its
// text in every language.
func TestQuickPhrasesTranslated(t *testing.T) {
	for _, l := range i18n.Langs {
		c, err := i18n.Load(l)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range saboteur.QuickPhrases {
			if !c.Has("lan.phrase." + p.ID) {
				t.Errorf("%s: no text for the quick phrase %s", l, p.ID)
			}
		}
	}
}

func notIn(hand []saboteur.Card, c saboteur.Card) bool {
	for _, h := range hand {
		if h == c {
			return false
		}
	}
	return true
}

// TestLANScenesInEveryLanguage opens the lobby (with a guest seated and a
// chat line) and the join scene listing it in each language, right to left
// in Persian; SCENE_SHOTS keeps the pictures (lan-lobby-fa.png, ...).
func TestLANScenesInEveryLanguage(t *testing.T) {
	for _, l := range i18n.Langs {
		t.Run(string(l), func(t *testing.T) {
			loopbackLAN(t)
			mk := func() *harness {
				in := newScript()
				a, err := NewApp(Config{Input: in, ConfigDir: t.TempDir(), Mute: true, FastBots: true, Lang: string(l)})
				if err != nil {
					t.Fatal(err)
				}
				a.LayoutF(1280, 800)
				return &harness{t: t, a: a, in: in, screen: ebiten.NewImage(a.w, a.h)}
			}
			hh, hg := mk(), mk()
			js := newJoinScene(hg.a)
			t.Cleanup(js.leave)
			hg.a.cur = js
			lanNet.Announce = js.browser.Addr()
			lanNet.Announce.IP = net.IPv4(127, 0, 0, 1)
			ls := newLobbyScene(hh.a)
			if ls.link == nil {
				t.Fatal(ls.err)
			}
			t.Cleanup(ls.link.close)
			hh.a.cur = ls
			until(t, 600, func() bool { return len(js.found) == 1 }, hg, hh)
			hg.shot("lan-join-" + string(l))
			hg.key(ebiten.KeyArrowDown)
			if js.pick != 0 || js.addr != js.found[0].Addr {
				t.Errorf("Down picked %d (%q)", js.pick, js.addr)
			}
			c, err := lan.Join(t.Context(), js.found[0].Addr, lan.ClientConfig{Game: sabGame(), Name: "Шахрзад"})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(c.Close)
			if err := c.Phrase("digger"); err != nil {
				t.Fatal(err)
			}
			until(t, 600, func() bool {
				_, lines, _ := ls.link.snapshot()
				return len(ls.lobby.Seats) > 1 && ls.lobby.Seats[1].Kind == lan.SeatGuest && len(lines) == 1
			}, hh)
			hh.click(ls.seats[3].kind.r)
			hh.ticks(30)
			hh.shot("lan-lobby-" + string(l))
			if got := ls.lobby.Seats[3].Kind; got != lan.SeatBot {
				t.Errorf("seat 4's button made it %s", got)
			}
		})
	}
}

// TestLANGuestWholeGame: a guest app joins a headless host (two computer
// players) by typed address and plays a whole 3-round game by keyboard on
// its board, through the round ends' gold handing-out (R8) to the final
// scores, every move going over the network.
func TestLANGuestWholeGame(t *testing.T) {
	loopbackLAN(t)
	host, addr := listenHost(t, lan.HostConfig{Name: "t", Game: sabGame(), Players: 3, Options: sabOptions(saboteur.Options{Players: 3, FirstPlayer: 0}),
		Bots: 2, AutoStart: true, Seed: 5})
	h := newHarness(t)
	clickMenu(t, h, menuJoin)
	js := h.a.cur.(*joinScene)
	h.click(js.addrR)
	h.in.chars = []rune(addr.String())
	h.tick()
	h.key(ebiten.KeyEnter)
	deadline := time.Now().Add(90 * time.Second)
	seen := map[string]bool{}
	played := 0
	for {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end; at %s (join error %q)", h.a.cur.Name(), js.err)
		}
		seen[h.a.cur.Name()] = true
		switch s := h.a.cur.(type) {
		case *finalScene:
			if len(s.view.Scores) != 3 {
				t.Fatalf("final scores %v", s.view.Scores)
			}
			for _, n := range []string{"reveal", "board", "roundend", "final"} {
				if !seen[n] {
					t.Errorf("never saw %s", n)
				}
			}
			if got := len(typedRecord(t, host.Table().Record()).Moves); played == 0 || got == 0 {
				t.Errorf("the guest played %d moves of %d", played, got)
			}
			if s.again.enabled {
				t.Error("play again offered after a LAN game")
			}
			return
		case *boardScene:
			if s.myTurn() && h.a.fade == 0 {
				for k := 0; k < len(s.hand) && len(s.targets) == 0; k++ {
					h.key(ebiten.KeyTab)
				}
				if len(s.targets) > 0 {
					h.key(ebiten.KeyEnter)
				} else {
					if s.sel < 0 {
						h.key(ebiten.KeyTab)
					}
					h.key(ebiten.KeyD)
				}
				if s.reasonT > 0 {
					t.Fatalf("a move was refused: %s", s.reason)
				}
				played++
				continue
			}
			if h.passByKeys() {
				continue
			}
		default:
			if h.passByKeys() {
				continue
			}
		}
		h.tick()
		if h.a.ticks%20 == 0 {
			time.Sleep(time.Millisecond)
		}
	}
}

// TestJoinAddress: what the join scene makes of a typed address.
func TestJoinAddress(t *testing.T) {
	tests := []struct{ in, want string }{
		{"192.168.1.20", "192.168.1.20:47475"},
		{" 192.168.1.20:5000 ", "192.168.1.20:5000"},
		{"http://192.168.1.20:47475/", "192.168.1.20:47475"},
		{"ws://10.0.0.2:47475/ws", "ws://10.0.0.2:47475/ws"},
		{"host.lan", "host.lan:47475"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := joinAddress(tt.in); got != tt.want {
			t.Errorf("joinAddress(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestLobbyRenameAndPassword: the table's name and password can be edited
// while no guest sits (the table reopens under them); a guest then needs
// the password.
func TestLobbyRenameAndPassword(t *testing.T) {
	loopbackLAN(t)
	h := newHarness(t)
	clickMenu(t, h, menuHost)
	ls := h.a.cur.(*lobbyScene)
	t.Cleanup(func() {
		if ls.link != nil {
			ls.link.close()
		}
	})
	h.click(ls.nameR)
	for range []rune(ls.name) {
		h.key(ebiten.KeyBackspace)
	}
	h.in.chars = []rune("Mine 7")
	h.tick()
	h.click(ls.passR) // commits the name, edits the password
	h.in.chars = []rune("pick")
	h.tick()
	h.key(ebiten.KeyEnter)
	h.tick()
	if ls.link == nil || ls.lobby.Name != "Mine 7" || !ls.lobby.Password {
		t.Fatalf("lobby after editing: %+v (err %q)", ls.lobby, ls.err)
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(ls.link.port))
	if _, err := lan.Join(t.Context(), addr, lan.ClientConfig{Game: sabGame(), Name: "Eve"}); err == nil {
		t.Error("joined without the password")
	}
	c, err := lan.Join(t.Context(), addr, lan.ClientConfig{Game: sabGame(), Name: "Eve", Password: "pick"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	until(t, 600, func() bool { return ls.lobby.Seats[1].Kind == lan.SeatGuest }, h)
	// A guest sits: the name stays.
	h.click(ls.nameR)
	h.in.chars = []rune("!")
	h.tick()
	h.key(ebiten.KeyEnter)
	if ls.lobby.Name != "Mine 7" || ls.err != h.a.T("lan.lobby.name_locked") {
		t.Errorf("renamed under a guest: %q (%q)", ls.lobby.Name, ls.err)
	}
}

// langHarness is newHarness in language l.
func langHarness(t *testing.T, l string) *harness {
	t.Helper()
	in := newScript()
	a, err := NewApp(Config{Input: in, ConfigDir: t.TempDir(), Mute: true, FastBots: true, Lang: l})
	if err != nil {
		t.Fatal(err)
	}
	a.settings.AnimSpeed = 4
	a.LayoutF(1280, 800)
	return &harness{t: t, a: a, in: in, screen: newScreen(a)}
}

// TestLobbyTurnTimer: the lobby's turn timer (lan/PROTOCOL.md, Turn timer)
// starts at the default 90 s, its arrows step it down to off and up to the
// longest, and every step reaches the host's lobby (turn_timeout_ms, 0 when
// off), which guests read; the label is the catalogue's in each language.
func TestLobbyTurnTimer(t *testing.T) {
	for _, l := range i18n.Langs {
		t.Run(string(l), func(t *testing.T) {
			loopbackLAN(t)
			h := langHarness(t, string(l))
			ls := newLobbyScene(h.a)
			if ls.link == nil {
				t.Fatal(ls.err)
			}
			t.Cleanup(ls.link.close)
			h.a.cur = ls
			h.tick()
			if got := ls.lobby.TurnTimeoutMS; got != int(lan.DefaultTurnTimeout/time.Millisecond) {
				t.Fatalf("turn_timeout_ms %d at the start, want the default %v", got, lan.DefaultTurnTimeout)
			}
			for _, want := range []time.Duration{time.Minute, 30 * time.Second, 0, 0} {
				h.click(ls.turnB[0].r)
				if ls.turn != want || ls.lobby.TurnTimeoutMS != int(want/time.Millisecond) {
					t.Errorf("after ‹: timer %v, lobby %d ms; want %v", ls.turn, ls.lobby.TurnTimeoutMS, want)
				}
			}
			if ls.turnB[0].enabled {
				t.Error("‹ still enabled with the timer off")
			}
			if got := turnText(h.a, 0); got != h.a.T("lan.lobby.turn_off") || (l != i18n.English && got == "off") {
				t.Errorf("the timer off reads %q", got)
			}
			h.shot("lan-lobby-timer-off-" + string(l))
			for range turnSteps {
				h.click(ls.turnB[1].r)
			}
			if last := turnSteps[len(turnSteps)-1]; ls.turn != last || ls.lobby.TurnTimeoutMS != int(last/time.Millisecond) || ls.turnB[1].enabled {
				t.Errorf("at the top: timer %v, lobby %d ms, › enabled %v", ls.turn, ls.lobby.TurnTimeoutMS, ls.turnB[1].enabled)
			}
			// A table reopened (renamed) keeps the timer, off included.
			h.click(ls.turnB[0].r)
			for ls.turn > 0 {
				h.click(ls.turnB[0].r)
			}
			ls.focus, ls.name = fieldName, "Other"
			ls.commit(h.a)
			if ls.link == nil || ls.lobby.Name != "Other" || ls.lobby.TurnTimeoutMS != 0 {
				t.Errorf("reopened: %q, turn_timeout_ms %d (err %q)", ls.lobby.Name, ls.lobby.TurnTimeoutMS, ls.err)
			}
		})
	}
}

// TestLANDefaultNames: without USER (USERNAME, LOGNAME) a host and a guest
// are "Player 1" and "Player N" in the app's language, never "You" ("Вы"),
// which the other players would read as their name; with USER set the
// user's name is taken.
func TestLANDefaultNames(t *testing.T) {
	for _, k := range []string{"USER", "USERNAME", "LOGNAME"} {
		t.Setenv(k, "")
	}
	for _, l := range i18n.Langs {
		h := langHarness(t, string(l))
		you := h.a.T("scene.newgame.you")
		js := &joinScene{name: lanPlayerName(h.a, 7)}
		if js.name == you || js.name != h.a.T("player")+" "+h.a.Num(7) {
			t.Errorf("%s: a guest without a user name is %q", l, js.name)
		}
		for range 20 {
			loopbackLAN(t)
			j := newJoinScene(h.a)
			j.leave()
			n, ok := strings.CutPrefix(j.name, h.a.T("player")+" ")
			if !ok || n == "" || j.name == you {
				t.Fatalf("%s: the join scene's default name %q", l, j.name)
			}
		}
	}
	t.Setenv("USER", "ann")
	h := langHarness(t, "ru")
	if got := lanPlayerName(h.a, 3); got != "Ann" {
		t.Errorf("with USER=ann: %q", got)
	}
}

// TestLANNoticesOnBoards: a Russian guest without a user name joins a
// Persian host's lobby by typed address under its default name ("Игрок
// N", not "Вы"), does not move on its turn, and the host's turn timer has a
// computer player move for it: both boards' logs say so, each in its own
// language (lan/PROTOCOL.md, Notices), the guest's in the second person.
func TestLANNoticesOnBoards(t *testing.T) {
	for _, k := range []string{"USER", "USERNAME", "LOGNAME"} {
		t.Setenv(k, "")
	}
	loopbackLAN(t)
	hh, hg := langHarness(t, "fa"), langHarness(t, "ru")
	ls := newLobbyScene(hh.a)
	if ls.link == nil {
		t.Fatal(ls.err)
	}
	t.Cleanup(ls.link.close)
	hh.a.cur = ls
	if got := ls.lobby.Seats[0].Name; got != playerName(hh.a, 1) {
		t.Errorf("the host is called %q, want %q", got, playerName(hh.a, 1))
	}
	js := newJoinScene(hg.a)
	t.Cleanup(js.leave)
	hg.a.cur = js
	guest := js.name
	hg.tick()
	hg.click(js.addrR)
	hg.in.chars = []rune(net.JoinHostPort("127.0.0.1", strconv.Itoa(ls.link.port)))
	hg.tick()
	hg.key(ebiten.KeyEnter)
	until(t, 600, func() bool { return ls.lobby.Seats[1].Kind == lan.SeatGuest || js.err != "" }, hh, hg)
	hg.ticks(3)
	hg.shot("lan-join-seated-ru")
	if got := ls.lobby.Seats[1].Name; got != guest || got == hg.a.T("scene.newgame.you") || !strings.HasPrefix(got, "Игрок ") {
		t.Errorf("the host sees the guest as %q (the join scene said %q)", got, guest)
	}
	// The guest starts (seat 1), its timer short for the test.
	o := lobbyOptions(ls.lobby)
	o.FirstPlayer = 1
	if err := ls.link.host.SetOptions(o.Players, sabOptions(o)); err != nil {
		t.Fatal(err)
	}
	ls.link.host.SetTurnTimeout(300 * time.Millisecond)
	hh.tick()
	hh.click(ls.start.r)
	until(t, 3000, toBoard(t, hh), hh, hg)
	until(t, 3000, toBoard(t, hg), hg, hh)
	hb, gb := hh.a.cur.(*boardScene), hg.a.cur.(*boardScene)
	// The guest's default name reads in the host's language ("بازیکن N").
	hostLine := hh.a.T("lan.notice.turn_timeout", "name", playerName(hh.a, seatNumber(t, guest)))
	guestLine := hg.a.T("lan.notice.turn_timeout_you")
	until(t, 3000, func() bool {
		return slices.Contains(logStrings(hh.a, hb.m), hostLine) && slices.Contains(logStrings(hg.a, gb.m), guestLine)
	}, hh, hg)
	if n := ls.link.host.Notices(); len(n) == 0 || n[0].Seat != 1 || n[0].Code != lan.NoticeTurnTimeout {
		t.Errorf("host notices %+v", n)
	}
	for _, l := range append(logStrings(hh.a, hb.m), logStrings(hg.a, gb.m)...) {
		if strings.Contains(l, "computer player made") {
			t.Errorf("the host's English text in a log: %q", l)
		}
	}
	// The last notice also shows over the maze for toastTicks, then goes.
	for _, c := range []struct {
		who  string
		b    *boardScene
		line string
	}{{"host", hb, hostLine}, {"guest", gb, guestLine}} {
		if got, ok := c.b.m.lan.toastShown(c.b, c.b.ticks); !ok || got != c.line {
			t.Errorf("the %s's board shows the notice %q (%v) over the maze, want %q", c.who, got, ok, c.line)
		}
	}
	hh.shot("lan-board-notice-fa")
	hg.shot("lan-board-notice-ru")
	if _, ok := hb.m.lan.toastShown(hb, hb.m.lan.toastEnd); ok {
		t.Error("the notice is still shown over the maze after toastTicks")
	}
	if _, ok := hb.m.lan.toastShown(&boardScene{m: hb.m}, 0); ok {
		t.Error("the notice would show again over the next round's board")
	}
}

// TestNoticeText: each notice code has its catalogue line in every
// language; a code this version does not know gives the generic line, with
// the seat's name, never the host's English text; a notice without a name
// names the seat.
func TestNoticeText(t *testing.T) {
	names := []string{"Ann", "Bob", "Бот 3"}
	for _, l := range i18n.Langs {
		a := langHarness(t, string(l)).a
		tests := []struct {
			n    lan.Notice
			me   int
			want string
		}{
			{lan.Notice{Code: lan.NoticeTurnTimeout, Seat: 1, Name: "Bob", Text: "Bob took longer"}, 0, a.T("lan.notice.turn_timeout", "name", "Bob")},
			{lan.Notice{Code: lan.NoticeTurnTimeout, Seat: 1, Name: "Bob", Text: "Bob took longer"}, 1, a.T("lan.notice.turn_timeout_you")},
			{lan.Notice{Code: lan.NoticeTurnTimeout, Seat: 0, Text: "took longer"}, 1, a.T("lan.notice.turn_timeout", "name", "Ann")},
			{lan.Notice{Code: "solar_flare", Seat: 2, Name: "Eve", Text: "Eve's screen melted."}, 0, a.T("lan.notice.unknown", "name", "Eve")},
			{lan.Notice{Code: "solar_flare", Seat: 5, Text: "Seat 6 melted."}, 0, a.T("lan.notice.unknown", "name", playerName(a, 6))},
		}
		for _, tc := range tests {
			got := noticeText(a, tc.n, tc.me, names)
			if got != tc.want || got == tc.n.Text || strings.Contains(got, "{") {
				t.Errorf("%s: notice %+v for seat %d: %q, want %q", l, tc.n, tc.me, got, tc.want)
			}
		}
	}
}

// TestNewEntries: what a host's log read holds that the previous read did
// not, also once the host's log is full and drops its oldest lines.
func TestNewEntries(t *testing.T) {
	tests := []struct {
		prev, log, want []int
	}{
		{nil, nil, nil},
		{nil, []int{1, 2}, []int{1, 2}},
		{[]int{1, 2}, []int{1, 2}, nil},
		{[]int{1, 2}, []int{1, 2, 3}, []int{3}},
		{[]int{1, 2, 3}, []int{2, 3, 4}, []int{4}},
		{[]int{1, 2, 3}, []int{3, 4, 5}, []int{4, 5}},
		{[]int{1, 2, 3}, []int{7, 8, 9}, []int{7, 8, 9}},
		{[]int{1, 2, 3}, nil, nil},
	}
	for _, tc := range tests {
		if got := newEntries(tc.prev, tc.log); !slices.Equal(got, tc.want) {
			t.Errorf("newEntries(%v, %v) = %v, want %v", tc.prev, tc.log, got, tc.want)
		}
	}
}

// seatNumber is N of a "Игрок N" name.
func seatNumber(t *testing.T, name string) int {
	t.Helper()
	n, err := strconv.Atoi(strings.TrimPrefix(name, "Игрок "))
	if err != nil {
		t.Fatalf("%q is not Игрок N", name)
	}
	return n
}

// TestSeatName: the names the game gives read in the reader's language on
// a LAN screen, "Player N" of any number included; names people chose stay.
func TestSeatName(t *testing.T) {
	fa := langHarness(t, "fa").a
	fa.cat.SetPersianDigits(true)
	ru := langHarness(t, "ru").a
	tests := []struct {
		a          *App
		name, want string
	}{
		{ru, "Player 37", "Игрок 37"},
		{ru, "بازیکن ۱", "Игрок 1"},
		{ru, "Bot 3", "Бот 3"},
		{fa, "Игрок 90", "بازیکن ۹۰"},
		{fa, "Ann", "Ann"},
		{ru, "Player", "Player"},
		{ru, "Player 3x", "Player 3x"},
		{ru, "Player 0", "Player 0"},
		{ru, "Playerish 4", "Playerish 4"},
	}
	for _, tc := range tests {
		if got := seatName(tc.a, tc.name); got != tc.want {
			t.Errorf("seatName(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// toBoard is a condition for until that takes h from the lobby or the join
// scene through the role reveal (Enter once the button is on) and holds
// once the board is up and faded in; any other scene fails the test.
func toBoard(t *testing.T, h *harness) func() bool {
	return func() bool {
		switch s := h.a.cur.(type) {
		case *revealScene:
			if s.btn.enabled && h.a.fade == 0 {
				h.in.keys[ebiten.KeyEnter] = true
			}
		case *boardScene:
			return h.a.fade == 0
		case *lobbyScene, *joinScene:
		default:
			t.Fatalf("%s instead of the board", h.a.cur.Name())
		}
		return false
	}
}
