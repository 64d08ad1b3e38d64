package underground

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
)

// ugLANPair opens an Underground table of three seats from the host's
// menu (an app in language hostLang, its seat playing first: U2.7), a
// guest's app (guestLang) joins it by typed address and sits in seat 1,
// the host starts (seat 2 gets a computer player): both screens.
func ugLANPair(t *testing.T, hostLang, guestLang string) (hh, hg *scenes.Harness, hs, gs *ugPlayScene, link *scenes.LanLink) {
	t.Helper()
	scenes.LoopbackLAN(t)
	hh, hg = scenes.LangHarness(t, hostLang, ugTestGames), scenes.LangHarness(t, guestLang, ugTestGames)
	hh.A.Settings.AnimSpeed, hg.A.Settings.AnimSpeed = 16, 16
	hh.A.GameID = ugGameID
	scenes.ClickMenu(t, hh, scenes.MenuHost)
	ls, ok := hh.A.Cur.(*scenes.LobbyScene)
	if !ok || ls.Link == nil {
		t.Fatalf("lobby: %T", hh.A.Cur)
	}
	t.Cleanup(ls.Link.Close)
	hh.Click(ls.Opts[1].R) // the host's seat plays first (U2.7)
	scenes.ClickMenu(t, hg, scenes.MenuJoin)
	js := hg.A.Cur.(*scenes.JoinScene)
	t.Cleanup(js.Leave)
	hg.Click(js.AddrR)
	hg.In.Chars = []rune("127.0.0.1:" + strconv.Itoa(ls.Link.Port))
	hg.Tick()
	hg.Key(ebiten.KeyEnter)
	scenes.Until(t, 10000, func() bool { return ls.Lobby.Seats[1].Kind == lan.SeatGuest || js.Err != "" }, hh, hg)
	if js.Err != "" {
		t.Fatalf("join: %s", js.Err)
	}
	hh.Click(ls.Start.R)
	scenes.Until(t, 10000, func() bool {
		_, h := hh.A.Cur.(*ugPlayScene)
		_, g := hg.A.Cur.(*ugPlayScene)
		return h && g && hh.A.Fade == 0 && hg.A.Fade == 0 || ls.Err != ""
	}, hh, hg)
	if ls.Err != "" {
		t.Fatalf("start: %s", ls.Err)
	}
	hs, gs = hh.A.Cur.(*ugPlayScene), hg.A.Cur.(*ugPlayScene)
	if hs.m.lan.Seat != 0 || gs.m.lan.Seat != 1 {
		t.Fatalf("seats: host %d, guest %d", hs.m.lan.Seat, gs.m.lan.Seat)
	}
	return hh, hg, hs, gs, ls.Link
}

// ugDrawnIn reports whether h's screen draws a line holding text inside r.
func ugDrawnIn(h *scenes.Harness, r scenes.Rect, text string) bool {
	for _, d := range scenes.DrawnLines(h) {
		if strings.Contains(d.S, text) && d.R.X >= r.X && d.R.X+d.R.W <= r.X+r.W && d.R.Y >= r.Y && d.R.Y+d.R.H <= r.Y+r.H {
			return true
		}
	}
	return false
}

// ugChatShows reports whether screen s on h draws a line holding text in
// its chat box.
func ugChatShows(h *scenes.Harness, s *ugPlayScene, text string) bool {
	return ugDrawnIn(h, s.l.chat, text)
}

// TestUGLANBoardChat: at a LAN table of Underground the play screen has
// the table talk under the log. The host, owing its first pick, opens the
// box with T and types "1 d" (the market's 1, Space and D are letters
// while the box is open: no move goes to the table), Enter sends it, and
// the guest's screen (in Persian) shows it; Escape closes the box and
// leaves the screen where it was. The guest answers with T, a line and
// Enter; the host's box shows it. The guest's panel of seat 0 says host.
func TestUGLANBoardChat(t *testing.T) {
	hh, hg, hs, gs, link := ugLANPair(t, "en", "fa")
	table := link.Host.Table()
	scenes.Until(t, 20000, func() bool { return hs.me == 0 && hs.mine.Legal != nil && hs.busy <= 0 }, hh, hg)
	before := len(table.Record().Moves)
	hh.Key(ebiten.KeyT)
	if !link.Box.Typing() {
		t.Fatal("T did not open the host's chat box")
	}
	for _, k := range []struct {
		key ebiten.Key
		r   rune
	}{{ebiten.KeyDigit1, '1'}, {ebiten.KeySpace, ' '}, {ebiten.KeyD, 'd'}} {
		hh.In.Keys[k.key] = true
		hh.In.Chars = []rune{k.r}
		hh.Tick()
	}
	hh.Ticks(10)
	if n := len(table.Record().Moves); n != before || hs.me != 0 {
		t.Fatalf("keys typed in the chat box played: %d moves, was %d (me %d)", n, before, hs.me)
	}
	hh.Key(ebiten.KeyEnter)
	scenes.Until(t, 6000, func() bool { return ugChatShows(hg, gs, "1 d") }, hg, hh)
	hh.Key(ebiten.KeyEscape)
	if link.Box.Typing() || hh.A.Cur != scenes.Scene(hs) || hh.A.Fade != 0 {
		t.Fatalf("Escape in the chat box: typing %v, scene %s", link.Box.Typing(), hh.A.Cur.Name())
	}
	hh.Key(ebiten.KeyDigit1) // the box closed: 1 picks the first combo again
	scenes.Until(t, 6000, func() bool { return len(table.Record().Moves) > before }, hh, hg)
	hg.Key(ebiten.KeyT)
	hg.In.Chars = []rune("خوش باشید")
	hg.Tick()
	hg.Key(ebiten.KeyEnter)
	scenes.Until(t, 6000, func() bool { return ugChatShows(hh, hs, "خوش باشید") }, hh, hg)
	if !ugChatShows(hh, hs, "1 d") {
		t.Error("the host's box lost its own line")
	}
	if want := hg.A.T("lan.seat.host"); !ugDrawnIn(hg, gs.l.panels[0], want) {
		t.Errorf("the guest's panel of seat 0 does not say %q", want)
	}
	hh.Shot("ug-lan-chat-host-en")
	hg.Shot("ug-lan-chat-guest-fa")
}

// TestUGLANPanels: the host's panels at a LAN table say whose each seat
// is: its own ("you"), the guest's, the computer player's with its level;
// a guest whose connection drops is away, and once the grace period is
// over, away with a computer player standing in (issue 5).
func TestUGLANPanels(t *testing.T) {
	hh, hg, hs, _, link := ugLANPair(t, "en", "en")
	a := hh.A
	want := []string{a.T("lan.seat.you"), a.T("lan.seat.guest"), a.T("ug.seat.computer") + " · " + a.T("ug.level.normal")}
	for i, w := range want {
		if got, away := hs.m.seatKind(a, i); got != w || away {
			t.Errorf("seat %d: %q (away %v), want %q", i, got, away, w)
		}
		if !ugDrawnIn(hh, hs.l.panels[i], w) {
			t.Errorf("panel %d does not show %q", i, w)
		}
	}
	if kind, _ := (&ugMatch{}).seatKind(a, 0); kind != "" {
		t.Errorf("a table that is not a LAN one: %q", kind)
	}
	hh.Shot("ug-lan-panels")
	// The guest's connection drops (no goodbye): away, then a computer
	// player stands in.
	link.Host.SetGrace(200 * time.Millisecond)
	gl := hg.A.Cur.(*ugPlayScene).m.lan
	gl.Client.Close()
	away := a.T("lan.seat.away")
	scenes.Until(t, 3000, func() bool { k, aw := hs.m.seatKind(a, 1); return k == away && aw }, hh)
	if !ugDrawnIn(hh, hs.l.panels[1], away) {
		t.Errorf("panel 1 does not show %q", away)
	}
	hh.Shot("ug-lan-panels-away")
	standIn := a.T("lan.board.stand_in")
	scenes.Until(t, 3000, func() bool { k, aw := hs.m.seatKind(a, 1); return k == standIn && aw }, hh)
}

// TestUGChatLayout: at a LAN table the chat box sits at the foot of the
// side column, inside the window, under a log that keeps room for its
// lines, and neither it nor any line drawn outside it overlaps the map,
// the market, the log, the controls or the panels, in every language, at
// 1280x800 and at the smallest window, with 2 and 5 seats.
func TestUGChatLayout(t *testing.T) {
	for _, lang := range []string{"en", "ru", "fa"} {
		for _, size := range [][2]float64{{1280, 800}, {scenes.MinWidth, scenes.MinHeight}} {
			for _, n := range []int{2, 5} {
				h := scenes.LangHarness(t, lang, ugTestGames)
				h.A.Settings.AnimSpeed = 16
				h.A.LayoutF(size[0], size[1])
				h.ScreenBig()
				seats := []scenes.SeatSetup{{Human: true, Name: "Ann"}}
				for i := 1; i < n; i++ {
					seats = append(seats, scenes.SeatSetup{Name: "Bot " + strconv.Itoa(i+1), Level: "easy"})
				}
				m, err := newUGMatch(h.A, ugSetup{Seats: seats, Seed: 9})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(m.close)
				m.lan = &scenes.LanLink{} // a LAN table's screen, no network
				s := newUGPlayScene(h.A, m)
				h.A.Cur = s
				if _, ok := ugWait(h, nil); !ok {
					t.Fatal("no human step")
				}
				where := lang + " " + strconv.Itoa(int(size[0])) + " " + strconv.Itoa(n)
				c, u := s.l.chat, h.A.U
				if c.W < u(240) || c.H < u(120) || c.X < 0 || c.X+c.W > float64(h.A.W) || c.Y+c.H > float64(h.A.H) {
					t.Errorf("%s: chat box %v in a %dx%d window", where, c, h.A.W, h.A.H)
				}
				if s.l.log.H < u(120) {
					t.Errorf("%s: the log keeps %.0f px", where, s.l.log.H)
				}
				parts := map[string]scenes.Rect{"map": s.l.board, "market": s.l.market, "log": s.l.log, "bar": s.l.bar}
				for i, r := range s.l.panels {
					parts["panel "+strconv.Itoa(i)] = r
				}
				for name, r := range parts {
					if scenes.Overlaps(c, r) {
						t.Errorf("%s: the chat box %v covers the %s %v", where, c, name, r)
					}
				}
				for _, d := range scenes.DrawnLines(h) {
					inside := d.R.X >= c.X && d.R.X+d.R.W <= c.X+c.W && d.R.Y >= c.Y && d.R.Y+d.R.H <= c.Y+c.H
					if !inside && scenes.Overlaps(c, d.R) {
						t.Errorf("%s: %q %v runs into the chat box %v", where, d.S, d.R, c)
					}
				}
				if lang != "en" && n == 5 {
					h.Shot("ug-chat-layout-" + lang + "-" + strconv.Itoa(int(size[0])))
				}
			}
		}
	}
}

// TestUGQuickPhrases: Underground's quick phrases (underground.QuickPhrases)
// open from the "…" under the log on a 1024x640 Russian guest, each whole
// inside its button and on the screen; the one picked reaches the host's
// box in English.
func TestUGQuickPhrases(t *testing.T) {
	hh, hg, hs, gs, _ := ugLANPair(t, "en", "ru")
	hg.A.LayoutF(1024, 640)
	hg.ScreenBig()
	hg.Ticks(3)
	box := gs.m.lan.Box
	if !box.Quick.Enabled {
		t.Fatal("no quick phrase button on the screen")
	}
	hg.Click(box.Quick.R)
	hg.Tick()
	if len(box.Phrases) != len(underground.QuickPhrases) {
		t.Fatalf("%d phrase buttons for %d phrases", len(box.Phrases), len(underground.QuickPhrases))
	}
	// Every language's phrases fit (the guest's app switches language).
	for _, l := range i18n.Langs {
		if err := hg.A.SetLang(l); err != nil {
			t.Fatal(err)
		}
		hg.Tick()
		hg.Shot("ug-quick-phrases-" + string(l))
		for _, label := range hg.NotDrawnWhole(box.Phrases) {
			t.Errorf("%s: the phrase %q is not drawn whole in its button", l, label)
		}
	}
	first := box.Phrases[0]
	hg.Click(first.R)
	want := hh.A.T("lan.phrase." + underground.QuickPhrases[0].ID)
	scenes.Until(t, 6000, func() bool { return ugChatShows(hh, hs, want) }, hh, hg)
}
