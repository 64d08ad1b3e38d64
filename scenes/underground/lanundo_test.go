package underground

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/scenes"
)

// ugLogLines are the texts of the log a play screen has shown.
func ugLogLines(s *ugPlayScene) []string {
	var out []string
	for i := 0; i < s.m.st.log.Len(); i++ {
		out = append(out, s.m.st.log.Line(i).Text)
	}
	return out
}

// ugSettle ticks h until its play screen has shown everything it was
// sent, and returns that screen.
func ugSettle(t *testing.T, h *scenes.Harness, hs ...*scenes.Harness) *ugPlayScene {
	t.Helper()
	var s *ugPlayScene
	scenes.Until(t, 4000, func() bool {
		var ok bool
		s, ok = h.A.Cur.(*ugPlayScene)
		return ok && h.A.Fade == 0 && s.m.caughtUp() && s.busy <= 0
	}, append([]*scenes.Harness{h}, hs...)...)
	return s
}

// TestUGLANUndo (issue 22): at a LAN table of Underground the host's
// screen offers Undo as at one screen. The host conquers a region and
// takes it back through the in-game menu: the host's table loses the
// move, and the guest's app (joined by its address) is told who took
// their move back and shows the game without the conquest: its log is
// the one it had before it. A guest's screen offers no Undo before it
// made a move.
func TestUGLANUndo(t *testing.T) {
	scenes.LoopbackLAN(t)
	hh, hg := scenes.NewHarness(t, ugTestGames), scenes.NewHarness(t, ugTestGames)
	for _, h := range []*scenes.Harness{hh, hg} {
		h.A.Settings.AnimSpeed = 16
		h.A.GameID = ugGameID
	}
	scenes.ClickMenu(t, hh, scenes.MenuHost)
	ls, ok := hh.A.Cur.(*scenes.LobbyScene)
	if !ok || ls.Link == nil {
		t.Fatalf("lobby: %T", hh.A.Cur)
	}
	t.Cleanup(ls.Link.Close)
	hh.Click(ls.Opts[1].R) // the host's seat plays first (U2.7)
	hh.Click(ls.Seats[2].Kind.R)
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
		return h && g || ls.Err != ""
	}, hh, hg)
	if ls.Err != "" {
		t.Fatalf("start: %s", ls.Err)
	}
	host := ls.Link.Host.Table()
	moves := func() int { return len(host.Record().Moves) }

	// The host plays its first turn to a conquest that may be taken back
	// (one that turned a marker face up may not: U5.6).
	var before int
	var guestLog []string
	for tries := 0; ; tries++ {
		s, ok := ugPlayTo(hh, t, func(s *ugPlayScene) bool {
			return s.moves.step == "conquer" && ugScript(s, 0).region >= 0
		})
		if !ok || tries > 3 || s.me != 0 {
			t.Fatalf("no conquest of the host's that may be taken back (tries %d)", tries)
		}
		gs := ugSettle(t, hg, hh)
		if ok, _ := gs.CanUndo(hg.A); ok {
			t.Error("the guest's screen offers Undo before the guest moved")
		}
		before, guestLog = moves(), ugLogLines(gs)
		ugAct(hh, t, s, ugScript(s, 0), false)
		if moves() != before+1 {
			t.Fatal("the conquest was not played")
		}
		ok, why := s.CanUndo(hh.A)
		if ok {
			break
		}
		if !strings.Contains(why, "U5.6") {
			t.Fatalf("the host's conquest: CanUndo says no (%q)", why)
		}
	}
	scenes.Until(t, 4000, func() bool { // the guest's screen shows the conquest
		gs, ok := hg.A.Cur.(*ugPlayScene)
		return ok && len(ugLogLines(gs)) > len(guestLog)
	}, hg, hh)
	ugMenuUndo(t, hh, true)
	if moves() != before {
		t.Fatalf("after the host's Undo: %d moves, want %d", moves(), before)
	}
	if _, _, err := host.Record().Replay(ugGame); err != nil {
		t.Fatalf("the host's record after the undo: %v", err)
	}
	want := hg.A.T("lan.notice.undo", "name", ls.Lobby.Seats[0].Name)
	scenes.Until(t, 4000, func() bool {
		gs, ok := hg.A.Cur.(*ugPlayScene)
		return ok && gs.m.lan.Toast == want
	}, hg, hh)
	gs := ugSettle(t, hg, hh)
	// The log is the one before the conquest and says who took it back
	// (issue 25 item 4).
	if got := ugLogLines(gs); !slices.Equal(got, append(guestLog, want)) {
		t.Errorf("the guest's log after the undo:\n%q\nwant the one before the conquest and %q", got, want)
	}
	hs := ugSettle(t, hh, hg)
	if hs.m.lan.Toast != hh.A.T("lan.notice.undo_you") {
		t.Errorf("the host's screen says %q", hs.m.lan.Toast)
	}
	if got := ugLogLines(hs); len(got) == 0 || got[len(got)-1] != hh.A.T("lan.notice.undo_you") {
		t.Errorf("the host's log after the undo ends %q, want %q", got[max(len(got)-2, 0):], hh.A.T("lan.notice.undo_you"))
	}
	hh.Shot("ug-lan-undo-host")
	hg.Shot("ug-lan-undo-guest")
}
