package scenes

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
)

// gateProbe is a scene with one control and two key readers, to see the
// gate judge them.
type gateProbe struct {
	r           Rect
	d, next     Decision
	show, off   bool
	fired       int
	keys, keys2 int
}

func (*gateProbe) Name() string { return "probe" }
func (s *gateProbe) Update(a *App) error {
	b := Button{R: s.r, Enabled: !s.off}
	if s.show && b.Fire(a, "probe", s.d) {
		s.fired++
	}
	if a.Gate.Key(a, ebiten.KeySpace, s.d) {
		s.keys++
		s.d = s.next // the key ends the step: the next decision opens at once
	}
	if a.Gate.Key(a, ebiten.KeySpace, s.d) && s.d == s.next {
		s.keys2++
	}
	return nil
}
func (*gateProbe) Draw(*App, *ebiten.Image) {}

func probeHarness(t *testing.T) (*Harness, *gateProbe) {
	h := NewHarness(t, TestGames)
	s := &gateProbe{r: Rect{100, 100, 200, 80}, d: Decision{Step: 1, Seat: 0}, next: Decision{Step: 2, Seat: 1}, show: true}
	h.A.Cur = s
	return h, s
}

// drops is the reasons the gate gave for the inputs it dropped.
func drops(h *Harness) []string {
	var out []string
	for _, f := range h.Fires() {
		if f.Dropped != "" {
			out = append(out, f.Dropped)
		}
	}
	return out
}

func TestGateUnarmedControlDropped(t *testing.T) {
	h, s := probeHarness(t)
	h.Tick() // the control shows
	h.Click(s.r)
	if s.fired != 0 || !slices.Contains(drops(h), "unarmed") {
		t.Fatalf("a click %d ticks after the control showed: fired %d, dropped %v", 2, s.fired, drops(h))
	}
	h.Arm()
	h.Click(s.r)
	if s.fired != 1 {
		t.Fatalf("an armed control's click fired %d times", s.fired)
	}
	// Greyed, it takes no click; enabled again, it arms anew.
	s.off = true
	h.Arm()
	h.Click(s.r)
	s.off = false
	h.Tick() // enabled on screen now, not armed yet
	h.Click(s.r)
	if n := len(drops(h)); s.fired != 1 || n < 2 || drops(h)[n-2] != "greyed" || drops(h)[n-1] != "unarmed" {
		t.Fatalf("a greyed button, then one just enabled: fired %d times in all, dropped %v", s.fired, drops(h))
	}
}

func TestGateStaleControlDropped(t *testing.T) {
	h, s := probeHarness(t)
	h.Arm()
	// The press begins on the control for step 1; before the release the
	// step changes (another seat moved): the same control, now for step
	// 2, must not take it.
	h.In.X, h.In.Y, h.In.Pressed, h.In.Down = int(s.r.Cx()), int(s.r.Cy()), true, true
	h.Tick()
	s.d = Decision{Step: 2, Seat: 0}
	h.Ticks(ArmTicks + 2) // even armed for the new step by now
	h.In.Released, h.In.Down = true, false
	h.Tick()
	if s.fired != 0 || !slices.Contains(drops(h), "stale") {
		t.Fatalf("a press begun for step 1 and released at step 2: fired %d, dropped %v", s.fired, drops(h))
	}
	// A press on a place where nothing showed hits nothing, even if a
	// control shows there by the release.
	s.show = false
	h.Arm()
	h.In.X, h.In.Y, h.In.Pressed, h.In.Down = int(s.r.Cx()), int(s.r.Cy()), true, true
	h.Tick()
	s.show = true
	h.Ticks(ArmTicks + 2)
	h.In.Released, h.In.Down = true, false
	h.Tick()
	if s.fired != 0 {
		t.Fatal("a press that began where no control showed fired the control that came")
	}
	// A control that moves re-arms: the button under the pointer is new.
	h.Arm()
	s.r.X += 300
	h.Click(s.r)
	if s.fired != 0 {
		t.Fatal("a control that had just moved fired")
	}
}

func TestGateKeyThatEndedStepIgnoredOnNext(t *testing.T) {
	h, s := probeHarness(t)
	h.Arm()
	h.Key(ebiten.KeySpace)
	if s.keys != 1 || s.keys2 != 0 {
		t.Fatalf("Space ending step 1: step 1 read it %d times, step 2 (opened in the same tick) %d", s.keys, s.keys2)
	}
	// Held down, the key repeats: the repeats belong to the decision it
	// went down for, never to the next.
	h.In.Held[ebiten.KeySpace] = true
	h.Ticks(ArmTicks + 2)
	h.Key(ebiten.KeySpace) // a repeat of the held key
	if s.keys2 != 0 {
		t.Fatal("a repeat of the key that ended step 1 acted on step 2")
	}
	h.In.Held[ebiten.KeySpace] = false
	h.Tick()
	h.Key(ebiten.KeySpace) // a new press, step 2 long armed
	if s.keys != 2 {
		t.Fatalf("a fresh Space on the armed step 2 did not count (%d)", s.keys)
	}
}

func toyHarness(t *testing.T, seats int) (*Harness, *toyBoard) {
	h := NewHarness(t, TestGames)
	b := newToyBoard(h.A, seats)
	h.A.Cur = b
	return h, b
}

// lift lifts the toy's curtain with a deliberate click on its button.
func lift(t *testing.T, h *Harness, b *toyBoard) {
	t.Helper()
	h.Lift(&b.curtain)
}

func TestCurtainNotLiftedByEndingKey(t *testing.T) {
	h, b := toyHarness(t, 2)
	h.Tick()
	// The curtain is down for Ann: Enter pressed at once (the key of the
	// screen before) does not lift it, on its press nor its release.
	h.Key(ebiten.KeyEnter)
	h.Ticks(2)
	if !b.curtain.Covering() {
		t.Fatal("an Enter pressed as the curtain came down lifted it")
	}
	lift(t, h, b)
	if h.A.Holder() != 0 {
		t.Fatalf("the lifted curtain handed the screen to %d, not Ann (0)", h.A.Holder())
	}
	// Ann ends her step with Space; the curtain comes down for Bob, and
	// that Space, pressed and released, does not lift it.
	h.Arm()
	h.In.Keys[ebiten.KeySpace], h.In.Held[ebiten.KeySpace] = true, true
	h.Tick()
	h.In.Held[ebiten.KeySpace] = false
	h.Ticks(2)
	if b.moves != 1 || !b.curtain.Covering() || b.curtain.Seat() != 1 {
		t.Fatalf("after Ann's Space: %d moves, curtain down %v for %d; want 1, true, Bob (1)", b.moves, b.curtain.Covering(), b.curtain.Seat())
	}
	if h.A.Holder() != -1 {
		t.Fatalf("the screen is handed to %d while the curtain is down", h.A.Holder())
	}
	// A deliberate Space (down and up while the curtain shows) lifts it.
	h.Arm()
	h.In.Keys[ebiten.KeySpace], h.In.Held[ebiten.KeySpace] = true, true
	h.Tick()
	h.In.Held[ebiten.KeySpace] = false
	h.Tick()
	if b.curtain.Covering() || h.A.Holder() != 1 {
		t.Fatalf("a deliberate Space on Bob's curtain: down %v, holder %d", b.curtain.Covering(), h.A.Holder())
	}
	if b.moves != 1 {
		t.Fatal("the Space that lifted the curtain also picked for Bob")
	}
}

// playToy plays the toy board to its end with deliberate clicks on pick
// 2, lifting each curtain.
func playToy(t *testing.T, h *Harness, b *toyBoard) {
	t.Helper()
	for i := 0; !b.m.Over(); i++ {
		if i > 200 {
			t.Fatal("the toy game did not end")
		}
		if b.curtain.Covering() {
			lift(t, h, b)
		}
		h.Arm()
		h.Click(b.pickRect(h.A, 2))
	}
	h.Ticks(2)
}

func TestPrivacyChecker(t *testing.T) {
	h, b := toyHarness(t, 2)
	owing := func() []int { return b.m.ToMove() }
	h.CheckPrivacy(owing)
	playToy(t, h, b)
	if err := h.CheckMoves(b.g, b.rec); err != nil {
		t.Fatal(err)
	}
	// The same game with a board that draws Ann's pick on Bob's turn.
	h2, b2 := toyHarness(t, 2)
	b2.leak = true
	lift(t, h2, b2)
	h2.Arm()
	h2.Click(b2.pickRect(h2.A, 1))
	h2.Tick()
	if l := h2.Leak(); !strings.Contains(l, "seat 0's private thing") {
		t.Fatalf("a board showing Ann's pick behind Bob's curtain: leak %q", l)
	}
}

func TestEscAndMenuButton(t *testing.T) {
	h, b := toyHarness(t, 2)
	lift(t, h, b)
	h.Key(ebiten.KeyEscape)
	if _, ok := h.A.Cur.(*tableMenu); !ok {
		t.Fatalf("Esc on the board: scene %s, want the in-game menu", h.A.Cur.Name())
	}
	h.Key(ebiten.KeyEscape)
	if h.A.Cur != Scene(b) {
		t.Fatalf("Esc on the in-game menu: scene %s, want the board", h.A.Cur.Name())
	}
	// Something over the table: Esc closes it and opens no menu.
	h.Arm()
	h.Key(ebiten.KeyZ)
	if !b.zoom {
		t.Fatal("Z did not show the card large")
	}
	h.Key(ebiten.KeyEscape)
	if b.zoom || h.A.Cur != Scene(b) {
		t.Fatalf("Esc over a large card: still large %v, scene %s", b.zoom, h.A.Cur.Name())
	}
	// The menu button, on the board and on a curtain.
	h.Arm()
	h.Click(MenuButtonRect(h.A))
	tm, ok := h.A.Cur.(*tableMenu)
	if !ok {
		t.Fatalf("the menu button: scene %s", h.A.Cur.Name())
	}
	// Undo is greyed before any move, with a reason.
	tm.layout(h.A)
	if tm.buttons[tmUndo].Enabled || tm.why == "" {
		t.Fatalf("Undo before any move: enabled %v, reason %q", tm.buttons[tmUndo].Enabled, tm.why)
	}
	h.Arm()
	h.Click(tm.buttons[tmResume].R)
	h.Arm()
	h.Click(b.pickRect(h.A, 2)) // Ann picks; Bob's curtain comes down
	if !b.curtain.Covering() {
		t.Fatal("no curtain after Ann's pick")
	}
	h.Arm()
	h.Click(MenuButtonRect(h.A))
	tm, ok = h.A.Cur.(*tableMenu)
	if !ok {
		t.Fatalf("the menu button on the curtain: scene %s", h.A.Cur.Name())
	}
	// Settings from the in-game menu come back to it, and it to the game.
	h.Arm()
	tm.layout(h.A)
	h.Click(tm.buttons[tmSettings].R)
	h.Ticks(FadeTicks + 1)
	if h.A.Cur.Name() != "settings" {
		t.Fatalf("Settings from the in-game menu: scene %s", h.A.Cur.Name())
	}
	// The computer players' wait changed mid-game: the board takes it
	// again when the menu gives it back (Retuner).
	st := h.A.Cur.(*settingsScene)
	was := h.A.Settings.BotWaitMs
	h.Arm()
	h.Click(settingsRow(t, h, st, "scene.settings.bot_wait").inc.R)
	if h.A.Settings.BotWaitMs == was {
		t.Fatalf("the wait's › left it at %d ms", was)
	}
	h.Key(ebiten.KeyEscape)
	h.Ticks(FadeTicks + 1)
	if h.A.Cur != Scene(tm) {
		t.Fatalf("leaving Settings: scene %s, want the in-game menu", h.A.Cur.Name())
	}
	h.Key(ebiten.KeyEscape)
	if h.A.Cur != Scene(b) || b.tuned != h.A.Settings.BotWaitMs {
		t.Fatalf("resumed after Settings: scene %s, the board read a wait of %d ms, the setting is %d", h.A.Cur.Name(), b.tuned, h.A.Settings.BotWaitMs)
	}
	h.Arm()
	h.Key(ebiten.KeyEscape)
	tm = h.A.Cur.(*tableMenu)
	// Undo takes Ann's pick back (nothing was revealed by it).
	h.Arm()
	tm.layout(h.A)
	if !tm.buttons[tmUndo].Enabled {
		t.Fatal("Undo greyed after Ann's pick")
	}
	h.Click(tm.buttons[tmUndo].R)
	if h.A.Cur != Scene(b) || len(b.rec.Moves) != 0 || b.curtain.Seat() != 0 {
		t.Fatalf("after Undo: scene %s, %d moves, curtain for %d", h.A.Cur.Name(), len(b.rec.Moves), b.curtain.Seat())
	}
	// Back to the menu.
	h.Arm()
	h.Key(ebiten.KeyEscape)
	tm = h.A.Cur.(*tableMenu)
	h.Arm()
	tm.layout(h.A)
	h.Click(tm.buttons[tmLeave].R)
	h.Ticks(FadeTicks + 1)
	if _, ok := h.A.Cur.(*MenuScene); !ok || h.A.Holder() != -1 {
		t.Fatalf("Back to the menu: scene %s, holder %d", h.A.Cur.Name(), h.A.Holder())
	}
}

func TestMenuButtonLayout(t *testing.T) {
	for _, l := range i18n.Langs {
		for _, sz := range [][2]float64{{1280, 800}, {1024, 640}} {
			h := LangHarness(t, string(l), TestGames)
			h.SetSize(sz[0], sz[1])
			b := newToyBoard(h.A, 2)
			h.A.Cur = b
			h.Tick()
			if bad := h.CheckMenuButton(); bad != nil {
				t.Errorf("%s %vx%v, curtain: %v", l, sz[0], sz[1], bad)
			}
			name := fmt.Sprintf("%s-%.0f", l, sz[0])
			h.Shot("table-curtain-" + name)
			lift(t, h, b)
			if bad := h.CheckMenuButton(); bad != nil {
				t.Errorf("%s %vx%v, board: %v", l, sz[0], sz[1], bad)
			}
			h.Shot("table-board-" + name)
			h.Arm()
			h.Click(MenuButtonRect(h.A))
			if _, ok := h.A.Cur.(*tableMenu); !ok {
				t.Fatalf("%s: the menu button did not open the in-game menu", l)
			}
			h.Shot("table-menu-" + name)
			h.Key(ebiten.KeyEscape)
			b.under = true
			if bad := h.CheckMenuButton(); len(bad) != 1 || !strings.Contains(bad[0], "under the menu button") {
				t.Errorf("%s: a word drawn under the menu button: %v", l, bad)
			}
		}
	}
}

// settingsRow finds the settings row labelled key's text.
func settingsRow(t *testing.T, h *Harness, s *settingsScene, key string) *settingRow {
	t.Helper()
	s.build(h.A)
	for i := range s.rows {
		if s.rows[i].label == h.A.T(key) {
			return &s.rows[i]
		}
	}
	t.Fatalf("no settings row %s", key)
	return nil
}

func TestSettingsKeepControlUnderPointer(t *testing.T) {
	h := NewHarness(t, TestGames)
	s := NewSettingsScene(h.A, NewMenuScene(h.A))
	h.A.Cur = s
	h.Tick()
	// Two clicks on the interface size's ›: the size grows twice, and
	// nothing else changes, though the page grows between them.
	at := settingsRow(t, h, s, "scene.settings.scale").inc.R
	h.Click(at)
	h.Click(at)
	st := h.A.Settings
	if st.UIScale != 1.25 || st.ColorBlind || st.Lang != "en" {
		t.Fatalf("two clicks on the size's ›: size %v, colour-blind %v, language %s; want 1.25, false, en", st.UIScale, st.ColorBlind, st.Lang)
	}
	// Once the pointer leaves, the page takes its new size.
	h.In.X, h.In.Y = 5, 5
	h.Tick()
	if s.geo.held || s.geo.scale != h.A.U(1) {
		t.Fatalf("the pointer left: the page still held (%v) at scale %v, the app's %v", s.geo.held, s.geo.scale, h.A.U(1))
	}
	// The language's ›: English to Russian to Persian, which mirrors the
	// page and adds a row; a third click changes the language again.
	at = settingsRow(t, h, s, "scene.settings.language").inc.R
	var seen []string
	for range 3 {
		h.Click(at)
		seen = append(seen, h.A.Settings.Lang)
	}
	if strings.Join(seen, " ") != "ru fa en" || h.A.Settings.PersianDigits || h.A.Settings.UIScale != 1.25 {
		t.Fatalf("three clicks on the language's ›: %v, Persian digits %v, size %v", seen, h.A.Settings.PersianDigits, h.A.Settings.UIScale)
	}
}

// monkeyToy plays a toy game at one screen through a storm of random
// input: between the storms a player lifts each curtain and picks 2 with
// deliberate clicks. It returns the harness and board once the game is
// over.
func monkeyToy(t *testing.T, seed uint64, fault func(*toyBoard)) (*Harness, *toyBoard) {
	h, b := toyHarness(t, 3)
	fault(b)
	h.CheckPrivacy(func() []int { return b.m.ToMove() })
	m := h.NewMonkey(seed)
	for i := 0; !b.m.Over(); i++ {
		if i > 400 {
			t.Fatalf("seed %d: the toy game did not end", seed)
		}
		if m.Run(40, b.m.Over) {
			break
		}
		if tm, ok := h.A.Cur.(*tableMenu); ok {
			tm.resume(h.A)
		}
		if b.zoom {
			h.Key(ebiten.KeyEscape)
		}
		if b.curtain.Covering() {
			lift(t, h, b)
		}
		h.Arm()
		h.Click(b.pickRect(h.A, 2))
	}
	t.Logf("seed %d: the monkey made %d inputs", seed, m.Inputs())
	return h, b
}

func TestMonkeyToy(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		h, b := monkeyToy(t, seed, func(*toyBoard) {})
		if len(drops(h)) == 0 {
			t.Errorf("seed %d: the storm had no input dropped (%d judged)", seed, len(h.Fires()))
		}
		if err := h.CheckMoves(b.g, b.rec); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
		if _, _, err := b.rec.Replay(b.g); err != nil {
			t.Errorf("seed %d: the record does not replay: %v", seed, err)
		}
	}
	// A board that picks on any plain click: its moves came from no
	// control the gate let through.
	h, b := monkeyToy(t, 1, func(b *toyBoard) { b.raw = true })
	if err := h.CheckMoves(b.g, b.rec); err == nil {
		t.Error("a board picking on plain clicks passed CheckMoves")
	}
}

func TestSettingsRowsFit(t *testing.T) {
	for _, l := range i18n.Langs {
		for _, sz := range [][2]float64{{1280, 800}, {1024, 640}} {
			h := LangHarness(t, string(l), TestGames)
			h.SetSize(sz[0], sz[1])
			s := NewSettingsScene(h.A, NewMenuScene(h.A))
			h.A.Cur = s
			h.Tick()
			h.Shot(fmt.Sprintf("settings-%s-%.0f", l, sz[0]))
			lines := DrawnLines(h)
			for _, r := range s.rows {
				room := Rect{r.r.X, r.r.Y, r.r.W * 0.55, r.r.H}
				if h.A.RTL() {
					room = room.Mirror(2 * r.r.Cx())
				}
				whole := false
				for _, d := range lines {
					whole = whole || d.S == r.label && d.R.X >= room.X && d.R.X+d.R.W <= room.X+room.W
				}
				if !whole {
					t.Errorf("%s %vx%v: the row %q is not drawn whole left of its value", l, sz[0], sz[1], r.label)
				}
			}
		}
	}
}

// liveToy is the toy board kept running under the in-game menu (a LAN
// table), counting its ticks and the input it was given meanwhile.
type liveToy struct {
	*toyBoard
	live         bool
	ticks, input int
	left         bool
}

func (b *liveToy) LiveUnderMenu() bool { return b.live }
func (b *liveToy) Leave(a *App)        { b.left = true }
func (b *liveToy) Update(a *App) error {
	b.ticks++
	if a.Key(ebiten.KeySpace) || a.Clicked(Rect{0, 0, float64(a.W), float64(a.H)}) || a.Gate.Key(a, ebiten.KeySpace, b.decision(a)) {
		b.input++
	}
	return b.toyBoard.Update(a)
}

func TestTableMenuLiveAndLeave(t *testing.T) {
	for _, live := range []bool{false, true} {
		h := NewHarness(t, TestGames)
		b := &liveToy{toyBoard: newToyBoard(h.A, 2), live: live}
		h.A.Cur = b
		h.Arm()
		h.Key(ebiten.KeyEscape) // on the curtain
		tm, ok := h.A.Cur.(*tableMenu)
		if !ok {
			t.Fatalf("Esc on the curtain: scene %s, want the in-game menu", h.A.Cur.Name())
		}
		before := b.ticks
		h.Arm()
		h.Key(ebiten.KeySpace)
		h.Click(Rect{5, 700, 10, 10})
		if ran := b.ticks > before; ran != live || b.input != 0 {
			t.Fatalf("live %v: the board ran under the menu %v, got %d inputs", live, ran, b.input)
		}
		tm.layout(h.A)
		h.Click(tm.buttons[tmLeave].R)
		if !b.left {
			t.Fatal("Back to the menu did not ask the board to leave (Leaver)")
		}
	}
}

// reopenToy opens a new board on the position before the move it takes
// back, as a game's board may.
type reopenToy struct{ *toyBoard }

func (b *reopenToy) Undo(a *App) {
	b.toyBoard.Undo(a)
	a.Cur = &reopenToy{b.toyBoard}
}

func TestUndoMayOpenANewBoard(t *testing.T) {
	h := NewHarness(t, TestGames)
	b := &reopenToy{newToyBoard(h.A, 2)}
	h.A.Cur = b
	h.Lift(&b.curtain)
	h.Arm()
	h.Click(b.pickRect(h.A, 1))
	h.Arm()
	h.Key(ebiten.KeyEscape)
	tm := h.A.Cur.(*tableMenu)
	h.Arm()
	tm.layout(h.A)
	h.Click(tm.buttons[tmUndo].R)
	if nb, ok := h.A.Cur.(*reopenToy); !ok || nb == b || len(b.rec.Moves) != 0 {
		t.Fatalf("after Undo: scene %T (the old board: %v), %d moves; want the board Undo opened", h.A.Cur, h.A.Cur == Scene(b), len(b.rec.Moves))
	}
}

// BenchmarkGateTick is one tick of the gate on a board of 40 controls
// (a Saboteur hand, seats and the maze): registering each and asking it,
// and two keys; it allocates nothing in steady state.
func BenchmarkGateTick(b *testing.B) {
	h := NewHarness(b, TestGames)
	a := h.A
	ids := make([]string, 40)
	for i := range ids {
		ids[i] = fmt.Sprint("c", i)
	}
	d := Decision{Step: 3, Seat: 1}
	b.ReportAllocs()
	for b.Loop() {
		a.Ticks++
		a.Gate.begin(a)
		for i, id := range ids {
			a.Tap(id, Rect{float64(i * 20), 0, 18, 18}, d)
		}
		a.Gate.Key(a, ebiten.KeySpace, d)
		a.Gate.Key(a, ebiten.KeyEnter, d)
	}
}
