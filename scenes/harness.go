package scenes

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"runtime"
	"time"

	"github.com/goldvein/goldvein/lan"
	"github.com/hajimehoshi/ebiten/v2"
)

// The scene tests' harness: an App on a scripted input (ScriptInput) and an
// offscreen screen, driven tick by tick through the same Input interface
// the real mouse, touch and keyboard come through (STYLE.md, "Testing what
// is drawn"). It lives outside the _test files so that every game's screens
// package (scenes/<game>) tests with it too; the app itself never makes
// one.

// TB is what the harness needs of a test (testing.TB).
type TB interface {
	Helper()
	Cleanup(func())
	TempDir() string
	Error(args ...any)
	Errorf(format string, args ...any)
	Context() context.Context
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

// testLoop runs a test binary's tests inside Ebitengine's first Update
// (RunTests).
type testLoop struct {
	m    interface{ Run() int }
	code int
}

func (g *testLoop) Update() error {
	g.code = g.m.Run()
	return ebiten.Termination
}
func (g *testLoop) Draw(*ebiten.Image)                      {}
func (g *testLoop) Layout(w, h int) (int, int)              { return w, h }
func (g *testLoop) LayoutF(w, h float64) (float64, float64) { return w, h }

// RunTests runs m's tests (a *testing.M) inside Ebitengine's game loop, so
// that they can draw to images and read pixels back, and returns m.Run's
// exit code: a scene test package's TestMain is os.Exit(RunTests(m)).
// Run them under Xvfb (xvfb-run go test ./scenes/...).
func RunTests(m interface{ Run() int }) int {
	g := &testLoop{m: m}
	ebiten.SetWindowSize(320, 200)
	if err := ebiten.RunGame(g); err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return g.code
}

// scriptInput is an Input the test writes into before each tick: the same
// interface the real mouse, touch and keyboard come through.
type scriptInput struct {
	X, Y     int
	Down     bool
	Pressed  bool // a stroke begins this tick
	Released bool // the stroke ends this tick
	Right    bool
	Scroll   float64
	Keys     map[ebiten.Key]bool // pressed this tick
	Held     map[ebiten.Key]bool
	Chars    []rune
	stroke   *scriptStroke
}

type scriptStroke struct{ in *scriptInput }

func (s *scriptStroke) Position() (int, int) { return s.in.X, s.in.Y }

func (s *scriptStroke) IsJustReleased() bool { return s.in.Released }

// NewScript is an empty scripted input (ScriptInput) for a test to write
// into before each tick.
func NewScript() *scriptInput {
	return &scriptInput{Keys: map[ebiten.Key]bool{}, Held: map[ebiten.Key]bool{}}
}

func (in *scriptInput) Update() {}

func (in *scriptInput) NewStroke() StrokeSource {
	if in.Pressed {
		in.stroke = &scriptStroke{in}
		return in.stroke
	}
	return nil
}

func (in *scriptInput) Cursor() (int, int) { return in.X, in.Y }

func (in *scriptInput) ButtonJustPressed(b ebiten.MouseButton) bool {
	return b == ebiten.MouseButtonRight && in.Right
}

func (in *scriptInput) Wheel() (float64, float64) { return 0, in.Scroll }

func (in *scriptInput) KeyJustPressed(k ebiten.Key) bool { return in.Keys[k] }

func (in *scriptInput) KeyPressed(k ebiten.Key) bool { return in.Held[k] || in.Keys[k] }

func (in *scriptInput) AppendChars(dst []rune) []rune { return append(dst, in.Chars...) }

// clear forgets this tick's one-shot input.
func (in *scriptInput) clear() {
	in.Pressed, in.Released, in.Right, in.Scroll, in.Chars = false, false, false, 0, nil
	clear(in.Keys)
}

// Harness is an App on a scripted input and an offscreen screen.
type Harness struct {
	T      TB
	A      *App
	In     *scriptInput
	Screen *ebiten.Image

	privacy bool         // CheckPrivacy is on
	owing   func() []int // the seats owing a move (CheckPrivacy)
	leaks   int          // privacy failures reported
	ticks   int          // ticks run (Tick), for endFrame
}

// NewHarness is an app with games on a scripted input and an offscreen
// screen, its settings and autosaves in a folder of the test's own.
func NewHarness(t TB, games []Game) *Harness { return NewHarnessIn(t, t.TempDir(), games) }

// NewHarnessIn is newHarness with the settings and autosave in dir.
func NewHarnessIn(t TB, dir string, games []Game) *Harness {
	in := NewScript()
	a, err := NewApp(Config{Input: in, ConfigDir: dir, Mute: true, FastBots: true, ArtOnFrame: true, Lang: "en", Games: games})
	if err != nil {
		t.Fatal(err)
	}
	a.Settings.AnimSpeed = 4
	a.Gate.logging = true
	a.LayoutF(1280, 800)
	return &Harness{T: t, A: a, In: in, Screen: NewScreen(a)}
}

// Tick runs one Update and one Draw, then clears the one-shot input.
func (h *Harness) Tick() {
	h.T.Helper()
	// Ebitengine lays the game out before every frame: a new interface
	// size takes effect at once, as in the app.
	h.A.LayoutF(float64(h.A.W), float64(h.A.H))
	if err := h.A.Update(); err != nil && !errors.Is(err, ebiten.Termination) {
		h.T.Fatal(err)
	}
	h.A.Draw(h.Screen)
	h.In.clear()
	if h.A.Crashed {
		h.T.Fatalf("crashed: %v", h.A.lastErr)
	}
	h.checkPrivacy()
	if h.ticks++; h.ticks%flushTicks == 0 {
		endFrame(h.Screen, h.ticks%(flushTicks*gcFlushes) == 0)
	}
}

// flushTicks is how many harness ticks run between two endFrame calls.
const flushTicks = 60

// gcFlushes is how many endFrame calls of a harness there are to one
// forced garbage collection. A collection marks the whole live heap, and
// within one test binary that grows past a gigabyte (Ebitengine's text
// caches let entries go only as frames pass, and in the tests none does):
// one every flush took about a third of the scene tests' CPU. One every
// fifth (every 300 ticks), with the collections the Go runtime starts
// itself in between, still frees the images.
const gcFlushes = 5

// endFrame does for the tests what the end of a frame does in the app.
// The tests run inside one Update of the game loop, so no frame ever
// ends: every draw command queued stays queued, and every image the
// garbage collector let go waits to be freed, until pixels are read back
// (Ebitengine frees them then, its issue #2292). A whole package's games
// piled up gigabytes that way until the kernel killed the test binary.
// Reading one pixel runs the queue and frees what waits; with gc a
// collection first lets go of the images nothing holds any more.
func endFrame(img *ebiten.Image, gc bool) {
	if gc {
		runtime.GC() // finalizers queue the images nothing holds any more
	}
	img.At(0, 0)
}

// Ticks runs n ticks (Tick).
func (h *Harness) Ticks(n int) {
	for i := 0; i < n; i++ {
		h.Tick()
	}
}

// Key presses k for one tick.
func (h *Harness) Key(k ebiten.Key) {
	h.In.Keys[k] = true
	h.Tick()
}

// Drag presses at (x0, y0), moves to (x1, y1) in steps and releases there.
func (h *Harness) Drag(x0, y0, x1, y1 float64) {
	h.In.X, h.In.Y, h.In.Pressed, h.In.Down = int(x0), int(y0), true, true
	h.Tick()
	const steps = 8
	for i := 1; i <= steps; i++ {
		k := float64(i) / steps
		h.In.X, h.In.Y = int(x0+(x1-x0)*k), int(y0+(y1-y0)*k)
		h.Tick()
	}
	h.In.Released, h.In.Down = true, false
	h.Tick()
}

// Shot saves the harness screen as name.png when SCENE_SHOTS names a
// folder (to look at scenes the autoplay tour does not reach).
func (h *Harness) Shot(name string) {
	if dir := os.Getenv("SCENE_SHOTS"); dir != "" {
		h.A.Draw(h.Screen)
		if err := savePNG(h.Screen, dir+"/"+name+".png"); err != nil {
			h.T.Error(err)
		}
	}
}

// Click presses and releases at the centre of r.
func (h *Harness) Click(r Rect) {
	h.In.X, h.In.Y, h.In.Pressed, h.In.Down = int(r.Cx()), int(r.Cy()), true, true
	h.Tick()
	h.In.Released, h.In.Down = true, false
	h.Tick()
}

// NewScreen is the harness's screen: the size of the app's layout when
// pictures are wanted (SCENE_SHOTS, GALLERY), else a small corner of it.
// The scenes lay out and draw exactly the same either way (what falls off
// a small screen is clipped), but the GPU, Mesa's software one under Xvfb,
// then has next to nothing to fill when a test reads pixels back (the
// --screenshots test) and Ebitengine runs every draw command queued by the
// tests before it: the tests run inside one Update of the game loop, where
// nothing else ends a frame.
func NewScreen(a *App) *ebiten.Image {
	if os.Getenv("SCENE_SHOTS") != "" || os.Getenv("GALLERY") != "" {
		return ebiten.NewImage(a.W, a.H)
	}
	return ebiten.NewImage(64, 64)
}

// ContinueGame opens the menu on dir's autosave and clicks Continue.
func ContinueGame(t TB, dir string, games []Game) *Harness {
	t.Helper()
	h := NewHarnessIn(t, dir, games)
	h.Ticks(2)
	menu := h.A.Cur.(*MenuScene)
	menu.Layout(h.A)
	if !menu.Buttons[MenuContinue].Enabled {
		t.Fatal("Continue is greyed with an autosave present")
	}
	h.Click(menu.Buttons[MenuContinue].R)
	h.Ticks(FadeTicks + 2)
	return h
}

// ListenHost starts a host for cfg on a free loopback port; it is closed
// when the test ends.
func ListenHost(t TB, cfg lan.HostConfig) (*lan.Host, net.Addr) {
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

// LoopbackLAN points the LAN scenes at 127.0.0.1 (listen on a free port,
// browse on a free UDP port) for one test.
func LoopbackLAN(t TB) {
	old := LanNet
	LanNet.Listen = "127.0.0.1:0"
	LanNet.Browse = "127.0.0.1:0"
	LanNet.Announce = &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 9} // set per test once a browser listens
	LanNet.Every = 50 * time.Millisecond
	t.Cleanup(func() { LanNet = old })
}

// Until ticks the harnesses (round robin) until ok holds, failing after
// limit ticks; the network works on its own goroutines meanwhile.
func Until(t TB, limit int, ok func() bool, hs ...*Harness) {
	t.Helper()
	for i := 0; i < limit; i++ {
		if ok() {
			return
		}
		for _, h := range hs {
			h.Tick()
		}
		if i%4 == 0 {
			time.Sleep(2 * time.Millisecond)
		}
	}
	t.Fatalf("condition not met after %d ticks", limit)
}

// ClickMenu clicks menu button i and waits for the next scene.
func ClickMenu(t TB, h *Harness, i int) {
	t.Helper()
	m, ok := h.A.Cur.(*MenuScene)
	if !ok {
		t.Fatalf("not on the menu: %s", h.A.Cur.Name())
	}
	m.Layout(h.A)
	if !m.Buttons[i].Enabled {
		t.Fatalf("menu button %q is greyed", m.Buttons[i].Label)
	}
	h.Click(m.Buttons[i].R)
	h.Ticks(FadeTicks + 1)
}

// LangHarness is newHarness in language l.
func LangHarness(t TB, l string, games []Game) *Harness {
	t.Helper()
	in := NewScript()
	a, err := NewApp(Config{Input: in, ConfigDir: t.TempDir(), Mute: true, FastBots: true, ArtOnFrame: true, Lang: l, Games: games})
	if err != nil {
		t.Fatal(err)
	}
	a.Settings.AnimSpeed = 4
	a.Gate.logging = true
	a.LayoutF(1280, 800)
	return &Harness{T: t, A: a, In: in, Screen: NewScreen(a)}
}

// DrawnLines draws the current scene once and returns every line drawText
// placed, with its box.
func DrawnLines(h *Harness) []DrawnText {
	var d []DrawnText
	h.A.Text.drawn = &d
	h.A.Draw(h.Screen)
	h.A.Text.drawn = nil
	return d
}

// Overlaps reports whether two boxes share any area.
func Overlaps(p, q Rect) bool {
	return p.X < q.X+q.W && q.X < p.X+p.W && p.Y < q.Y+q.H && q.Y < p.Y+p.H
}

// ScreenBig gives the harness a full-size screen when pictures are wanted.
func (h *Harness) ScreenBig() {
	if os.Getenv("SCENE_SHOTS") != "" {
		h.Screen = ebiten.NewImage(h.A.W, h.A.H)
	}
}

// PanicScene fails on its first Update, as a bug would (the crash
// screen's tests).
type PanicScene struct{}

func (PanicScene) Name() string { return "panic" }

func (PanicScene) Update(*App) error { panic("something broke") }

func (PanicScene) Draw(*App, *ebiten.Image) {}

// NotDrawnWhole lists the labels of buttons that the screen's next frame
// does not draw whole inside their button and on the screen (a label cut
// short, wrapped or spilling over): the layout checks of a game's
// controls.
func (h *Harness) NotDrawnWhole(buttons []Button) []string {
	lines := DrawnLines(h)
	var bad []string
	for _, b := range buttons {
		whole := false
		for _, d := range lines {
			in := d.R.X >= b.R.X-1 && d.R.X+d.R.W <= b.R.X+b.R.W+1 && d.R.Y >= b.R.Y-1 && d.R.Y+d.R.H <= b.R.Y+b.R.H+1
			whole = whole || (in && d.S == b.Label)
		}
		if !whole || b.R.Y < 0 || b.R.X < 0 || b.R.X+b.R.W > float64(h.A.W) {
			bad = append(bad, b.Label)
		}
	}
	return bad
}
