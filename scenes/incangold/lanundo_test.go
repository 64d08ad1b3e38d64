package incangold

import (
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// igMenuUndo chooses Undo in the in-game menu of h's board b, opened with
// the menu button: it fails when the menu greys Undo.
func igMenuUndo(t *testing.T, h *scenes.Harness, b *igBoardScene) {
	t.Helper()
	h.Arm()
	h.Click(scenes.MenuButtonRect(h.A))
	if h.A.Cur.Name() != "table-menu" {
		t.Fatalf("the menu button: scene %s", h.A.Cur.Name())
	}
	if ok, why := b.CanUndo(h.A); !ok {
		t.Fatalf("the in-game menu greys Undo: %q", why)
	}
	h.Arm()
	h.Key(ebiten.KeyArrowDown)
	h.Key(ebiten.KeyArrowDown)
	h.Key(ebiten.KeyEnter)
	if h.A.Cur.Name() == "table-menu" {
		t.Fatal("Undo left the in-game menu open")
	}
}

// TestIncanLANUndo (issue 22): at a LAN table of Incan Gold, Undo is
// offered on the host's and the guest's boards as at one screen. The
// guest (its app) seals the torch and takes it back through the in-game
// menu: the host's table loses the choice, both boards show the step open
// for the guest again and say who took their move back; the host then
// seals and takes its own choice back the same way, and the guest's board
// says so. A guest's undo the host refuses (the choices revealed, I3.4)
// is shown on the guest's board with its reason, and Undo is greyed on
// the host's board while another explorer has chosen since.
func TestIncanLANUndo(t *testing.T) {
	hh, hg, hb, gb := igLANPair(t, "en", "en")
	hb, gb = igFirstChoice(t, hh, hg, hb, gb)
	host := hb.m.lan.Host.Table()
	moves := func() int { return len(host.Record().Moves) }
	hostView := func() incangold.View { v, _ := host.View(-1).(incangold.View); return v }
	scenes.Until(t, 2000, func() bool { // the computer players seal at once
		v := hostView()
		return slices.Contains(v.Sealed, 2) && slices.Contains(v.Sealed, 3)
	}, hh, hg)
	if ok, _ := gb.CanUndo(hg.A); ok {
		t.Error("the guest's board offers Undo before the guest chose")
	}

	// The guest seals the torch and takes it back.
	before := moves()
	hg.Arm()
	hg.Key(ebiten.KeyT)
	scenes.Until(t, 2000, func() bool { return moves() == before+1 }, hh, hg)
	scenes.Until(t, 600, func() bool { return hb.m.st.sealed[1] }, hh, hg)
	igMenuUndo(t, hg, gb)
	scenes.Until(t, 2000, func() bool { return moves() == before && !slices.Contains(hostView().Sealed, 1) }, hh, hg)
	scenes.Until(t, 2000, func() bool {
		hb, _ = hh.A.Cur.(*igBoardScene)
		gb, _ = hg.A.Cur.(*igBoardScene)
		return hb != nil && gb != nil && !hb.m.st.sealed[1] && hb.m.st.owes[1] && gb.chooser == 1
	}, hh, hg)
	if want := hh.A.T("lan.notice.undo", "name", hb.m.names[1]); hb.m.lan.Toast != want {
		t.Errorf("the host's board says %q, want %q", hb.m.lan.Toast, want)
	}
	if want := hg.A.T("lan.notice.undo_you"); gb.m.lan.Toast != want {
		t.Errorf("the guest's board says %q, want %q", gb.m.lan.Toast, want)
	}
	// The log says it too, as its newest line (issue 25 item 4).
	igLastLine(t, "host", hb, hh.A.T("lan.notice.undo", "name", hb.m.names[1]))
	igLastLine(t, "guest", gb, hg.A.T("lan.notice.undo_you"))
	if _, _, err := host.Record().Replay(igGame); err != nil {
		t.Fatalf("the host's record after the undo: %v", err)
	}
	hh.Shot("ig-lan-undo-host")
	hg.Shot("ig-lan-undo-guest")

	// The host may not take back what it never chose; it chooses, and
	// the guest's choice afterwards reveals the step (I3.3): the host's
	// refusal of the guest's undo reaches the guest's board with why.
	if ok, why := hb.CanUndo(hh.A); ok || why == "" {
		t.Errorf("the host's board before its choice: Undo %v (%q), want greyed with a reason", ok, why)
	}
	scenes.Until(t, 2000, func() bool { return hb.chooser == 0 }, hh, hg)
	hh.Arm()
	hh.Key(ebiten.KeyT)
	scenes.Until(t, 2000, func() bool { return moves() == before+1 }, hh, hg)

	// The host takes its choice back through its menu; the guest is told.
	igMenuUndo(t, hh, hb)
	if moves() != before {
		t.Fatalf("after the host's undo: %d moves, want %d", moves(), before)
	}
	scenes.Until(t, 2000, func() bool {
		gb, _ = hg.A.Cur.(*igBoardScene)
		return gb != nil && gb.m.lan.Toast == hg.A.T("lan.notice.undo", "name", gb.m.names[0]) && !gb.m.st.sealed[0]
	}, hh, hg)
	if hb, _ = hh.A.Cur.(*igBoardScene); hb == nil || hb.m.st.sealed[0] || !hb.m.st.owes[0] {
		t.Fatalf("the host's board after its undo: %+v", hb)
	}
	igLastLine(t, "guest", gb, hg.A.T("lan.notice.undo", "name", gb.m.names[0]))
	igLastLine(t, "host", hb, hh.A.T("lan.notice.undo_you"))

	// Both choose: the step is revealed, the last choice stays (I3.4;
	// or, when the computer players have chosen in the next step already,
	// another explorer has chosen since).
	scenes.Until(t, 2000, func() bool { return hb.chooser == 0 && gb.chooser == 1 }, hh, hg)
	hh.Arm()
	hh.Key(ebiten.KeyT)
	hg.Arm()
	hg.Key(ebiten.KeyT)
	scenes.Until(t, 2000, func() bool { return moves() >= before+2 }, hh, hg)
	link := gb.m.lan
	if err := link.Undo(1); err != nil { // as a guest whose screen still offered it would
		t.Fatal(err)
	}
	why := []string{
		hg.A.T("lan.undo.refused", "why", "I3.4 · "+hg.A.T("ig.undo.I3.4")),
		hg.A.T("lan.undo.refused", "why", hg.A.T("ig.undo.moved_since")),
	}
	scenes.Until(t, 4000, func() bool {
		for _, p := range []*scenes.Harness{hh, hg} { // a bust's round end waits for Enter
			if e, ok := p.A.Cur.(*igRoundEndScene); ok && e.Settled() && p.A.Fade == 0 {
				p.Key(ebiten.KeyEnter)
			}
		}
		return slices.Contains(why, link.Toast)
	}, hg, hh)
	if n := moves(); n < before+2 {
		t.Errorf("a refused undo took a move back: %d moves", n)
	}
	hg.Shot("ig-lan-undo-refused")
}

// igLastLine checks that board b's log ends with the line want.
func igLastLine(t *testing.T, who string, b *igBoardScene, want string) {
	t.Helper()
	if n := b.m.log.Len(); n == 0 || b.m.log.Line(n-1).Text != want {
		last := ""
		if n > 0 {
			last = b.m.log.Line(n - 1).Text
		}
		t.Errorf("the %s's log ends with %q, want %q", who, last, want)
	}
}
