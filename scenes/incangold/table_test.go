package incangold

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// The table discipline at Incan Gold's screens (issue 22): choices only
// from armed controls of their step and seat, a shared screen showing only
// its holder's tent, the reveal played out before the next curtain, Undo
// of a sealed choice, and the menu button's place.

// igOwing is who may hold the screen: the explorers the table waits for.
func igOwing(m *igMatch) func() []int {
	return func() []int {
		seats, _ := m.table.(*igGameTable).t.ToMove()
		return seats
	}
}

// igStep makes the next deliberate input of a keyboard player, once what
// is on screen has been there a moment: lift a curtain, choose (the torch
// while the path is short, then camp), go on from a round's end. It
// reports whether it did anything.
func igStep(h *scenes.Harness) bool {
	switch s := h.A.Cur.(type) {
	case *igBoardScene:
		if s.curtain {
			h.Arm()
			h.Key(ebiten.KeyEnter)
			h.Tick()
			return true
		}
		if s.chooser >= 0 && h.A.Shows(s.chooser) {
			h.Arm()
			k := ebiten.KeyT
			if len(s.m.st.path) >= 4 {
				k = ebiten.KeyC
			}
			h.Key(k)
			return true
		}
	case *igRoundEndScene:
		h.Arm()
		h.Key(ebiten.KeyEnter)
		return true
	}
	return false
}

// igOver reports the final scoring on screen.
func igOver(h *scenes.Harness) func() bool {
	return func() bool { _, ok := h.A.Cur.(*igFinalScene); return ok }
}

// TestHotseatPrivacy plays a whole game of two humans at one screen (and
// three computer players) by the keyboard: at every frame, a tent total
// drawn as private belongs to the seat the screen is handed to, and the
// screen is handed only to an explorer the table waits for
// (scenes.Harness.CheckPrivacy); the curtain comes down only once the
// reveal before it has played out (no motion left, nothing of the stream
// unshown).
func TestHotseatPrivacy(t *testing.T) {
	h, b := igHarness(t, igSeats(2, 5), incangold.Options{StartPlayer: 0}, 21)
	h.A.Settings.AnimSpeed = 8
	m := b.m
	h.CheckPrivacy(igOwing(m))
	deadline := time.Now().Add(240 * time.Second)
	curtains, early := 0, 0
	for !igOver(h)() {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end; at %s", h.A.Cur.Name())
		}
		if bs, ok := h.A.Cur.(*igBoardScene); ok && bs.curtain {
			curtains++
			if len(bs.anims) > 0 || bs.busy > 0 || len(bs.m.feed) > 0 {
				early++
			}
		}
		if !igStep(h) {
			h.Tick()
		}
	}
	if curtains == 0 || early > 0 {
		t.Errorf("%d curtains seen, %d of them over a reveal still playing out", curtains, early)
	}
	if err := h.CheckMoves(igGame, m.table.(*igGameTable).Record()); err != nil {
		t.Fatal(err)
	}
}

// igMonkeySeeds are TestMonkey's seeds.
var igMonkeySeeds = []uint64{1, 2}

// TestMonkey plays whole games at one screen (two humans, three computer
// players) through a seeded storm of random input at random times and
// places: during reveals, busts, leavers walking home, round ends and
// curtains; between storms a keyboard player makes the next deliberate
// choice. The game ends, the record replays, and every choice of a human
// came from a control armed for its step and seat.
func TestMonkey(t *testing.T) {
	for _, seed := range igMonkeySeeds {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			h, b := igHarness(t, igSeats(2, 5), incangold.Options{StartPlayer: 0}, 40+seed)
			h.A.Settings.AnimSpeed = 8
			m := b.m
			h.CheckPrivacy(igOwing(m))
			mk := h.NewMonkey(seed)
			deadline := time.Now().Add(240 * time.Second)
			for !igOver(h)() {
				if time.Now().After(deadline) {
					t.Fatalf("seed %d: the game did not end; at %s", seed, h.A.Cur.Name())
				}
				if mk.Run(40, igOver(h)) {
					break
				}
				if h.A.Cur.Name() == "table-menu" {
					h.Key(ebiten.KeyEscape) // Resume
				}
				igStep(h)
			}
			rec := m.table.(*igGameTable).Record()
			if err := h.CheckMoves(igGame, rec); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if _, _, err := rec.Replay(igGame); err != nil {
				t.Fatalf("seed %d: the record does not replay: %v", seed, err)
			}
			dropped := map[string]int{}
			for _, f := range h.Fires() {
				if f.Dropped != "" {
					dropped[f.Dropped]++
				}
			}
			t.Logf("seed %d: %d moves, %d monkey inputs, %d inputs judged, dropped %v", seed, len(rec.Moves), mk.Inputs(), len(h.Fires()), dropped)
		})
	}
}

// TestIncanUndoThroughTheScreen: at a shared screen, the first human's
// sealed choice is taken back through the in-game menu while its step is
// open (I3.4): the record loses it, the curtain comes down for them again,
// they choose again, and the record replays; after the reveal, Undo is
// greyed citing I3.4.
func TestIncanUndoThroughTheScreen(t *testing.T) {
	h, b := igHarness(t, igSeats(2, 4), incangold.Options{StartPlayer: 0}, 11)
	rec := func() int { return len(b.m.table.(*igGameTable).Record().Moves) }
	lift := func() {
		t.Helper()
		if _, ok := igWaitChoice(h); !ok || !b.curtain || b.chooser != 0 {
			t.Fatalf("no curtain for the first human (curtain %v, chooser %d)", b.curtain, b.chooser)
		}
		h.Key(ebiten.KeyEnter)
		h.Tick()
		h.Arm()
	}
	lift()
	before := rec()
	views := func() string {
		var out []string
		for seat := -1; seat < 4; seat++ {
			out = append(out, igJSON(t, b.m.table.View(seat)))
		}
		return strings.Join(out, "\n")
	}
	was := views()
	h.Key(ebiten.KeyT)
	if n := rec(); n != before+1 {
		t.Fatalf("T: %d moves recorded, want %d", n, before+1)
	}
	if ok, why := b.CanUndo(h.A); !ok {
		t.Fatalf("a sealed choice, the second human still to choose: CanUndo says no (%q)", why)
	}
	h.Arm()
	h.Key(ebiten.KeyEscape)
	if h.A.Cur.Name() != "table-menu" {
		t.Fatalf("Esc: scene %s, want the in-game menu", h.A.Cur.Name())
	}
	h.Key(ebiten.KeyArrowDown)
	h.Key(ebiten.KeyArrowDown)
	h.Arm()
	h.Key(ebiten.KeyEnter)
	if h.A.Cur != scenes.Scene(b) {
		t.Fatalf("after Undo: scene %s, want the board", h.A.Cur.Name())
	}
	if n := rec(); n != before {
		t.Fatalf("after Undo: %d moves recorded, want %d", n, before)
	}
	// The log says who took a choice back (a shared screen: by name; the
	// choice itself stays sealed).
	if l := b.m.log; l.Len() == 0 || l.Line(l.Len()-1).Text != h.A.T("lan.notice.undo", "name", b.m.name(0)) {
		t.Fatalf("after Undo the log's last line is not %q", h.A.T("lan.notice.undo", "name", b.m.name(0)))
	}
	if _, _, err := b.m.table.(*igGameTable).Record().Replay(igGame); err != nil {
		t.Fatal(err)
	}
	if now := views(); now != was {
		t.Fatalf("after Undo every seat's view should be as before the choice:\n%s\nwas:\n%s", now, was)
	}
	// The first human chooses again (camp this time), the second the torch.
	lift()
	h.Key(ebiten.KeyC)
	reveal := b.m.st.revealAt
	for i := 0; i < 600 && b.m.st.revealAt == reveal; i++ {
		if !igStep(h) {
			h.Tick()
		}
	}
	if b.m.st.choices[0] != incangold.Camp {
		t.Fatalf("revealed %v, want the camp chosen after Undo", b.m.st.choices[0])
	}
	ok, why := b.CanUndo(h.A)
	if ok || !strings.HasPrefix(why, "I3.4") {
		t.Fatalf("after the reveal: CanUndo %v %q, want no, citing I3.4", ok, why)
	}
	// The in-game menu says so under its greyed Undo, and Undo there
	// changes nothing.
	n := rec()
	h.Arm()
	h.Key(ebiten.KeyEscape)
	if h.A.Cur.Name() != "table-menu" {
		t.Fatalf("Esc after the reveal: scene %s", h.A.Cur.Name())
	}
	said := false
	for _, d := range scenes.DrawnLines(h) {
		said = said || d.S == why
	}
	if !said {
		t.Errorf("the in-game menu does not say why Undo is greyed (%q)", why)
	}
	// Up thrice: Settings, Rules, then past the greyed Undo to Resume;
	// Down: past it again to Rules. The keyboard never lands on Undo, and
	// Enter opens the rules.
	h.Key(ebiten.KeyArrowUp)
	h.Key(ebiten.KeyArrowUp)
	h.Key(ebiten.KeyArrowUp)
	h.Key(ebiten.KeyArrowDown)
	h.Arm()
	h.Key(ebiten.KeyEnter)
	h.Ticks(scenes.FadeTicks + 2)
	if _, ok := h.A.Cur.(*scenes.HelpScene); !ok {
		t.Errorf("Up, Up, Up, Down, Enter on the in-game menu: scene %s, want the rules", h.A.Cur.Name())
	}
	if rec() != n {
		t.Fatalf("a refused Undo changed the record: %d moves, was %d", rec(), n)
	}
}

// TestIncanMenuButtonClear: the menu button's place is free of the
// board's text and controls, on the board and its curtain, in English,
// Russian and Persian, at 1280x800 and 1024x640.
func TestIncanMenuButtonClear(t *testing.T) {
	for _, l := range i18n.Langs {
		for _, sz := range [][2]float64{{1280, 800}, {1024, 640}} {
			name := fmt.Sprintf("%s-%.0f", l, sz[0])
			h := scenes.LangHarness(t, string(l), igTestGames)
			h.SetSize(sz[0], sz[1])
			m, err := newIGMatch(h.A, igSetup{Seats: igSeats(2, 4), Options: incangold.Options{StartPlayer: 0}, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			b := newIGBoardScene(h.A, m)
			h.A.Cur = b
			if _, ok := igWaitChoice(h); !ok || !b.curtain {
				t.Fatalf("%s: no curtain before the first choice", name)
			}
			if bad := h.CheckMenuButton(); bad != nil {
				t.Errorf("%s, curtain: %v", name, bad)
			}
			h.Shot("ig-menubutton-curtain-" + name)
			h.Key(ebiten.KeyEnter)
			h.Tick()
			h.Arm()
			if b.curtain {
				t.Fatalf("%s: the curtain did not lift", name)
			}
			if bad := h.CheckMenuButton(); bad != nil {
				t.Errorf("%s, board: %v", name, bad)
			}
			h.Shot("ig-menubutton-board-" + name)
			m.table.Close()
		}
	}
}

// TestIncanHazardFirstSaid (issue 26): when a round's first card is a
// hazard, the second turns at once (I3.5), and the board says so; a
// leaver's "+n" floats up from a treasure card, never from a hazard.
func TestIncanHazardFirstSaid(t *testing.T) {
	for seed := uint64(1); seed < 200; seed++ {
		h, b := igHarness(t, igSeats(0, 3), incangold.Options{StartPlayer: 0}, seed)
		for i := 0; i < 400 && len(b.m.st.path) == 0; i++ {
			h.Tick()
		}
		if len(b.m.st.path) == 0 || !b.m.st.path[0].card.IsHazard() {
			b.m.table.Close()
			continue
		}
		if b.banner != h.A.T("ig.hazard_first") || b.bannerT <= 0 {
			t.Fatalf("seed %d: the round opened on a hazard; banner %q", seed, b.banner)
		}
		found := false
		for _, d := range scenes.DrawnLines(h) {
			found = found || d.S == b.banner
		}
		if !found {
			t.Fatal("the banner is not drawn")
		}
		h.Shot("ig-hazard-first")
		if got := lastTreasure(b.m.st.path); b.m.st.path[got].card.IsHazard() && len(b.m.st.path) > 1 {
			t.Errorf("a leaver would walk home from the hazard at %d", got)
		}
		return
	}
	t.Skip("no seed opens a round on a hazard")
}

// TestIncanRoundEndMenu: the round's summary is a screen of the table as
// the board is (issue 22, "a visible way out"): its menu button's place
// is free of its text and controls in English, Russian and Persian at
// 1280x800 and 1024x640; Esc opens the in-game menu over it, and Esc
// again closes the menu back onto the same summary, which still waits
// for its reader.
func TestIncanRoundEndMenu(t *testing.T) {
	for _, l := range i18n.Langs {
		h := scenes.LangHarness(t, string(l), igTestGames)
		m, err := newIGMatch(h.A, igSetup{Seats: igSeats(0, 3), Options: incangold.Options{StartPlayer: 0}, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(m.table.Close)
		h.A.Cur = newIGBoardScene(h.A, m)
		var re *igRoundEndScene
		for end := time.Now().Add(60 * time.Second); re == nil || !re.Settled() || h.A.Fade > 0; {
			if time.Now().After(end) {
				t.Fatalf("%s: no round end; at %s", l, h.A.Cur.Name())
			}
			h.Tick()
			re, _ = h.A.Cur.(*igRoundEndScene)
		}
		h.Arm()
		for _, sz := range [][2]float64{{1280, 800}, {1024, 640}} {
			name := fmt.Sprintf("%s-%.0f", l, sz[0])
			h.SetSize(sz[0], sz[1])
			h.Tick()
			if bad := h.CheckMenuButton(); bad != nil {
				t.Errorf("%s, round end: %v", name, bad)
			}
			h.Shot("ig-menubutton-roundend-" + name)
		}
		h.Key(ebiten.KeyEscape)
		if h.A.Cur.Name() != "table-menu" {
			t.Fatalf("%s: Esc on the round end: scene %s, want the in-game menu", l, h.A.Cur.Name())
		}
		h.Shot("ig-roundend-menu-" + string(l))
		h.Arm()
		h.Key(ebiten.KeyEscape)
		if h.A.Cur != scenes.Scene(re) {
			t.Fatalf("%s: Esc on the in-game menu: scene %s, want the round end back", l, h.A.Cur.Name())
		}
		h.Ticks(30)
		if h.A.Cur != scenes.Scene(re) {
			t.Fatalf("%s: the round end went on by itself to %s", l, h.A.Cur.Name())
		}
	}
}
