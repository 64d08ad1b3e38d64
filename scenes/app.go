// Package scenes is the game window (DESIGN.md, scenes): the scene manager,
// which is the ebiten.Game, and every scene: menu, new game, role reveal,
// board, round end, final scoring, settings, rules help and the crash
// screen. Every word on screen comes from the i18n catalogue; card art comes
// from sprites, sounds from sounds, and the game itself from a game.Table.
package scenes

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/sprites"
)

// MinWidth and MinHeight are the smallest window, in device-independent
// pixels (issue 3).
const (
	MinWidth  = 1024
	MinHeight = 640
)

// FadeTicks is the length of the cross-fade between scenes (60 ticks = 1 s).
const FadeTicks = 12

// Config is how the app is started (the flags of cmd_app.go).
type Config struct {
	Players int    // seats of the quick game --autoplay starts (3-10)
	Game    string // the ID of the game of --autoplay and of the menu's New game: "" is the first of Games
	// Games are the app's games, in the order of box.Games: the menu's
	// picker shows them, the first is the default (the app's registry,
	// cmd_app.go). NewApp refuses an empty list.
	Games         []Game
	Seed          uint64 // seed of that game; 0 picks one from the clock
	Autoplay      bool   // every seat a computer player, fast, straight to the board
	ExitAfterGame bool   // end the app when the final scoring has been shown
	ScreenshotDir string // save a PNG of each scene the first time it shows, and of the board every few turns
	Lang          string // language code (en, ru, fa); "" = the settings', else the system's
	ConfigDir     string // where settings and the autosave live; "" = os.UserConfigDir()/goldvein
	Input         Input  // nil: the real mouse, touch and keyboard
	// Mute starts without sound whatever the settings say (tests).
	Mute bool
	// FastBots makes computer players move as soon as they have chosen
	// (tests; --autoplay always does).
	FastBots bool
	// ArtOnFrame makes art that is slow to make (Underground's map at a
	// new scale) be made on the frame that first needs it, so every frame
	// shows its final picture (tests, the gallery). Without it such art
	// is made off the frame, and frames show a stand-in meanwhile (issue
	// 28: docs/TOOLS.md, Frame stalls).
	ArtOnFrame bool
	// StillFrames lets a frame that comes with no tick since the last one
	// drawn draw nothing (the window: Ebitengine then keeps the picture,
	// and after four such frames skips presenting it; docs/TOOLS.md,
	// Frame stalls). Off, every Draw draws (tests draw after changing a
	// scene by hand).
	StillFrames bool
	// Invite, when set, opens the join scene with this invite link in its
	// address field (--invite: a relay's invite page in a browser).
	Invite string
}

// Scene is one screen of the app.
type Scene interface {
	// Name is the scene's name for screenshots ("menu", "board", ...).
	Name() string
	// Update advances the scene one tick (1/60 s).
	Update(a *App) error
	// Draw draws the scene on dst, which is the size of the screen.
	Draw(a *App, dst *ebiten.Image)
}

// App is the ebiten.Game: it holds the settings, the catalogue, the art and
// the sounds, reads input once per tick and runs the current scene, with a
// cross-fade when the scene changes. A panic in a scene becomes the crash
// screen.
type App struct {
	Cfg      Config
	In       Input
	Settings Settings
	Cat      *i18n.Catalog
	Pal      sprites.Palette
	cache    map[any]any // the games' per-app values (Cached): art at a size
	Audio    *audioOut
	Dirs     dirs

	W, H  int     // screen size in pixels
	scale float64 // pixels per layout unit (device scale x UI scale, clamped)

	GameID string // the game picked on the menu (picker.go); "" is the first

	Cur, next Scene
	Fade      int
	fade      fadeShots // the two scenes of a cross-fade, drawn once (drawFade)
	fadeGen   int       // counts the cross-fades begun (GoTo)
	fadeOp    ebiten.DrawImageOptions

	drawn  drawnFrame // what the last frame drawn showed (StillFrames)
	warmed bool       // the work ahead has been started (warm.go)

	Ptr  pointer
	Text textCache
	// Gate is the input gate of the boards (gate.go): which control a
	// press may act on, for which decision.
	Gate Gate

	shellPainter Painter // the shell's drawing over the scenes (the menu button)

	holder int    // the seat the screen is handed to (HandTo); -1 nobody
	leak   string // the first private draw of this frame not the holder's (Private)

	Shots    map[string]bool
	ShotWait int
	shotReqs []string
	Ticks    int
	quit     bool
	exitCode int
	tpsMin   float64
	tourStep int
	shotsWG  sync.WaitGroup
	tpsSum   float64
	fpsSum   float64 // frames per second, summed as tpsSum
	tpsN     int
	Crashed  bool
	lastErr  error
}

// dirs are the files the app keeps in the config folder.
type dirs struct {
	Config   string
	settings string
	Autosave string
	// History is the history of finished games (game.HistoryFile), which
	// every game's autosave and a LAN host add to when a game ends.
	History string
}

// pointer is the primary pointer as the scenes see it this tick.
type pointer struct {
	stroke           StrokeSource
	X, Y             int
	StartX, StartY   int
	Down             bool // a stroke is in progress (pressed this tick or earlier)
	Pressed          bool // the stroke began this tick
	Released         bool // the stroke ended this tick
	Right, Middle    bool // right / middle button pressed this tick
	wheelX, WheelY   float64
	consumedPress    bool
	consumedRelease  bool
	lastMoveX, moveY int
}

// NewApp prepares the window's game: settings and the catalogue are loaded,
// the first scene is the menu (or, with Autoplay, the board of a game of
// computer players).
func NewApp(cfg Config) (*App, error) {
	if len(cfg.Games) == 0 {
		return nil, errors.New("scenes: no games (Config.Games)")
	}
	a := &App{Cfg: cfg, In: cfg.Input, cache: map[any]any{}, Shots: map[string]bool{}, scale: 1, holder: -1, W: MinWidth, H: MinHeight, GameID: cfg.Game}
	if a.In == nil {
		a.In = &EbitenInput{}
	}
	dir, err := game.ConfigDir(cfg.ConfigDir)
	if err != nil {
		return nil, err
	}
	a.Dirs = dirs{Config: dir, settings: filepath.Join(dir, "settings.json"), Autosave: filepath.Join(dir, game.AutosaveFile), History: filepath.Join(dir, game.HistoryFile)}
	a.Settings = LoadSettings(a.Dirs.settings)
	if cfg.Lang != "" {
		a.Settings.Lang = cfg.Lang
	}
	if a.Settings.Lang == "" {
		a.Settings.Lang = string(i18n.FromEnv(os.Getenv))
	}
	if err := a.SetLang(i18n.Lang(a.Settings.Lang)); err != nil {
		return nil, err
	}
	a.applyPalette()
	a.Audio = newAudioOut(a)
	a.Cur = NewMenuScene(a)
	if cfg.Invite != "" {
		js := NewJoinScene(a)
		js.Addr, js.Err = cfg.Invite, "" // no LAN to browse matters here
		a.Cur = js
	}
	return a, nil
}

// SetLang loads the catalogue of language l (English for an unknown one)
// and keeps the Persian digits setting; the error names a catalogue that
// fails to load.
func (a *App) SetLang(l i18n.Lang) error {
	if !l.Valid() {
		l = i18n.English
	}
	c, err := i18n.Load(l)
	if err != nil {
		return fmt.Errorf("scenes: language %s: %w", l, err)
	}
	// The Persian digits setting belongs to the app, not to one catalogue:
	// a new catalogue (at start, or a language change) takes it over.
	c.SetPersianDigits(a.Settings.PersianDigits)
	a.Cat = c
	a.Settings.Lang = string(l)
	return nil
}

func (a *App) applyPalette() {
	if a.Settings.ColorBlind {
		a.Pal = sprites.ColorBlindSafe()
	} else {
		a.Pal = sprites.Classic()
	}
	clear(a.cache) // art is drawn again in the new colours
}

// T is the catalogue's text for key (i18n.Catalog.T).
func (a *App) T(key string, args ...any) string { return a.Cat.T(key, args...) }

// N is the catalogue's plural text for key and count n (i18n.Catalog.N).
func (a *App) N(key string, n int, args ...any) string { return a.Cat.N(key, n, args...) }

// Num writes n with the catalogue's digits.
func (a *App) Num(n int) string { return a.Cat.Num(n) }

// RTL reports whether the language is written right to left.
func (a *App) RTL() bool { return a.Cat.RTL() }

// Cached returns the value this app keeps under key, made by make the
// first time it is asked for: a game's art at one size, say (its own key
// type keeps games apart). The app forgets every value when the palette
// changes, and all of them past 256, so art is drawn again as needed.
func (a *App) Cached(key any, make func() any) any {
	v, ok := a.cache[key]
	if !ok {
		if len(a.cache) >= 256 {
			clear(a.cache)
		}
		v = make()
		a.cache[key] = v
	}
	return v
}

// U converts layout units to pixels.
func (a *App) U(v float64) float64 { return v * a.scale }

// Size returns the screen size in pixels.
func (a *App) Size() (w, h int) { return a.W, a.H }

// GoTo switches to scene s with a cross-fade.
func (a *App) GoTo(s Scene) {
	if a.Cur == nil {
		a.Cur = s
		return
	}
	a.next = s
	a.Fade = FadeTicks
	a.fadeGen++
}

// Quit ends the app after this tick with exit status code.
func (a *App) Quit(code int) {
	a.quit = true
	a.exitCode = code
}

// ExitCode is the status the process should exit with.
func (a *App) ExitCode() int { return a.exitCode }

// Err is the error that crashed a scene, if any.
func (a *App) Err() error { return a.lastErr }

// Update reads input and runs the current scene one tick.
func (a *App) Update() (err error) {
	defer stalls.updated(stalls.tick(a.sceneName))
	defer func() {
		if r := recover(); r != nil {
			a.crash(fmt.Errorf("%v", r), debug.Stack())
			err = nil
		}
	}()
	if a.quit {
		return ebiten.Termination
	}
	a.Ticks++
	a.warm()
	a.Text.sweep()
	a.trackTPS()
	a.In.Update()
	a.readPointer()
	a.Gate.begin(a)
	if a.In.KeyJustPressed(ebiten.KeyF11) {
		a.Settings.Fullscreen = !a.Settings.Fullscreen
		ebiten.SetFullscreen(a.Settings.Fullscreen)
		a.SaveSettings()
	}
	if a.Fade > 0 {
		a.Fade--
		if a.Fade == 0 {
			a.Cur, a.next = a.next, nil
			a.ShotWait = 0
		}
		return nil
	}
	if b, ok := a.Cur.(Board); ok && a.boardUpdate(b) {
		return nil
	}
	if err := a.Cur.Update(a); err != nil {
		if errors.Is(err, ebiten.Termination) {
			return err
		}
		a.crash(err, nil)
	}
	a.ShotWait++
	a.tour()
	if a.quit {
		return ebiten.Termination
	}
	return nil
}

// sceneName names the current scene (for the stall lines).
func (a *App) sceneName() string {
	if a.Cur == nil {
		return "none"
	}
	return a.Cur.Name()
}

// trackTPS keeps the lowest and mean ticks per second after the first
// seconds (reported by cmd_app at exit).
func (a *App) trackTPS() {
	if a.Ticks < 120 || a.Ticks%60 != 0 {
		return
	}
	t := ebiten.ActualTPS()
	if a.tpsN == 0 || t < a.tpsMin {
		a.tpsMin = t
		stalls.low(t, a.Ticks, a.sceneName)
	}
	a.tpsSum += t
	a.tpsN++
	a.fpsSum += ebiten.ActualFPS()
}

// FPS returns the mean frames per second drawn, measured with TPS.
func (a *App) FPS() float64 {
	if a.tpsN == 0 {
		return 0
	}
	return a.fpsSum / float64(a.tpsN)
}

// TPS returns the mean and lowest ticks per second measured so far.
func (a *App) TPS() (mean, low float64) {
	if a.tpsN == 0 {
		return 0, 0
	}
	return a.tpsSum / float64(a.tpsN), a.tpsMin
}

func (a *App) readPointer() {
	p := &a.Ptr
	p.Pressed, p.Released, p.consumedPress, p.consumedRelease = false, false, false, false
	if p.stroke != nil && !p.Down {
		p.stroke = nil
	}
	if p.stroke == nil {
		if s := a.In.NewStroke(); s != nil {
			p.stroke, p.Pressed, p.Down = s, true, true
			p.X, p.Y = s.Position()
			p.StartX, p.StartY = p.X, p.Y
		} else {
			p.X, p.Y = a.In.Cursor()
		}
	}
	if p.stroke != nil && !p.Pressed {
		p.X, p.Y = p.stroke.Position()
		if p.stroke.IsJustReleased() {
			p.Released, p.Down = true, false
		}
	}
	p.Right = a.In.ButtonJustPressed(ebiten.MouseButtonRight)
	p.Middle = a.In.ButtonJustPressed(ebiten.MouseButtonMiddle)
	p.wheelX, p.WheelY = a.In.Wheel()
}

// Clicked reports a press that began and ended in r this tick (a tap or a
// click released where it started, within a few pixels of travel).
func (a *App) Clicked(r Rect) bool {
	p := &a.Ptr
	if !p.Released || p.consumedRelease || a.Gate.muted {
		return false
	}
	if !r.In(p.X, p.Y) || !r.In(p.StartX, p.StartY) {
		return false
	}
	p.consumedRelease = true
	return true
}

// Hover reports whether the pointer is over r.
func (a *App) Hover(r Rect) bool { return r.In(a.Ptr.X, a.Ptr.Y) }

// Key reports a key pressed this tick.
func (a *App) Key(k ebiten.Key) bool { return !a.Gate.muted && a.In.KeyJustPressed(k) }

// Draw draws the current scene, or the cross-fade between two scenes.
func (a *App) Draw(screen *ebiten.Image) {
	defer stalls.drawn(stalls.drawStart())
	defer func() {
		if r := recover(); r != nil {
			a.crash(fmt.Errorf("%v", r), debug.Stack())
		}
	}()
	// A frame with no tick since the last one drawn would draw the same
	// picture again: with StillFrames the screen keeps it (it is not
	// cleared every frame), and Mesa's software GL, which spends most of
	// a frame filling pixels, is spared a whole frame.
	now := drawnFrame{tick: a.Ticks, w: a.W, h: a.H, screen: screen}
	if a.Cfg.StillFrames && now == a.drawn {
		return
	}
	a.drawn = now
	// Every scene paints the whole screen (the board without a full-screen
	// fill: its maze and frame cover it), so no clear here.
	a.leak = ""
	if a.Fade > 0 && a.next != nil {
		a.drawFade(screen)
		return
	}
	a.drawScene(a.Cur, screen)
	a.screenshot(screen)
}

// drawnFrame is what a frame drew: the tick, the screen's size and the
// screen image (Ebitengine makes a new one, blank, on a resize).
type drawnFrame struct {
	tick, w, h int
	screen     *ebiten.Image
}

// drawScene draws s, and the menu button over a Board.
func (a *App) drawScene(s Scene, dst *ebiten.Image) {
	s.Draw(a, dst)
	if _, ok := s.(Board); ok {
		drawMenuButton(a, &a.shellPainter, dst, false)
	}
}

// drawFade draws a frame of the cross-fade from a.Cur to a.next. Neither
// scene runs while it lasts (Update returns before them), so each is drawn
// once, on the fade's first frame, into an image of the screen's size, and
// every frame lays the coming one over the going one: two full-screen
// passes a frame, not two whole scenes and two passes (issue 28: Mesa's
// software GL spends a frame filling pixels, and a frame over 83 ms runs
// one tick where Ebitengine would catch up five).
func (a *App) drawFade(screen *ebiten.Image) {
	f := &a.fade
	drawn := f.gen == a.fadeGen
	if f.from == nil || f.from.Bounds().Dx() != a.W || f.from.Bounds().Dy() != a.H {
		for _, img := range []*ebiten.Image{f.from, f.to} {
			if img != nil {
				img.Deallocate()
			}
		}
		f.from, f.to = ebiten.NewImage(a.W, a.H), ebiten.NewImage(a.W, a.H)
		drawn = false
	}
	if !drawn {
		f.from.Clear()
		f.to.Clear()
		a.drawScene(a.Cur, f.from)
		a.drawScene(a.next, f.to)
		f.gen = a.fadeGen
	}
	op := &a.fadeOp
	op.ColorScale.Reset()
	op.Blend = ebiten.BlendCopy
	screen.DrawImage(f.from, op)
	op.Blend = ebiten.Blend{}
	op.ColorScale.ScaleAlpha(1 - float32(a.Fade)/FadeTicks)
	screen.DrawImage(f.to, op)
}

// fadeShots are the two scenes of a cross-fade as drawn on its first frame
// (App.drawFade), for the fade numbered gen (App.fadeGen); the images, the
// screen's size, are kept for the next fade.
type fadeShots struct {
	from, to *ebiten.Image
	gen      int
}

// RequestShot asks for a screenshot named name of the next frame drawn
// (with --screenshots; the board asks every few turns).
func (a *App) RequestShot(name string) {
	if a.Cfg.ScreenshotDir != "" && len(a.shotReqs) < 8 {
		a.shotReqs = append(a.shotReqs, name)
	}
}

// Settler is a scene whose motion can be under way (cards flying, a die
// rolling): Settled reports whether it has come to rest, so --screenshots
// takes its picture then.
type Settler interface {
	Settled() bool
}

// screenshot saves the first settled frame of each scene (20 ticks after it
// appeared, so the entry motion is over) and any requested frame.
func (a *App) screenshot(screen *ebiten.Image) {
	if a.Cfg.ScreenshotDir == "" {
		return
	}
	name := ""
	settled := a.ShotWait >= 20
	if st, ok := a.Cur.(Settler); ok {
		settled = a.ShotWait >= 20 && st.Settled() || a.ShotWait > 600
	}
	if n := a.Cur.Name(); !a.Shots[n] && settled {
		name = n
	} else if len(a.shotReqs) > 0 {
		name = a.shotReqs[0]
		a.shotReqs = append(a.shotReqs[:0], a.shotReqs[1:]...)
	}
	if name == "" {
		return
	}
	a.Shots[name] = true
	// Pixels are read now; encoding and writing happen off the frame.
	rgba := image.NewRGBA(screen.Bounds())
	screen.ReadPixels(rgba.Pix)
	path := filepath.Join(a.Cfg.ScreenshotDir, name+".png")
	a.shotsWG.Add(1)
	go func() {
		defer a.shotsWG.Done()
		if err := WritePNG(rgba, path); err != nil {
			fmt.Fprintln(os.Stderr, "goldvein: screenshot:", err)
		}
	}()
}

// WaitScreenshots waits until every screenshot taken is written.
func (a *App) WaitScreenshots() { a.shotsWG.Wait() }

func savePNG(img *ebiten.Image, path string) error {
	rgba := image.NewRGBA(img.Bounds())
	img.ReadPixels(rgba.Pix)
	return WritePNG(rgba, path)
}

// WritePNG saves rgba as a PNG file at path (screenshots, the gallery).
func WritePNG(rgba *image.RGBA, path string) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, rgba); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// Layout is unused: LayoutF gives the real size.
func (a *App) Layout(ow, oh int) (int, int) {
	w, h := a.LayoutF(float64(ow), float64(oh))
	return int(w), int(h)
}

// LayoutF makes the screen as many pixels as the window has device pixels
// (sharp on HiDPI) and sets the layout scale: device scale times the UI
// scale of the settings, lowered when the window is too small for the
// 1024x640 layout at that scale.
func (a *App) LayoutF(ow, oh float64) (float64, float64) {
	dsf := ebiten.Monitor().DeviceScaleFactor()
	if dsf <= 0 {
		dsf = 1
	}
	w, h := math.Ceil(ow*dsf), math.Ceil(oh*dsf)
	a.W, a.H = int(w), int(h)
	ui := a.Settings.UIScale
	if ui <= 0 {
		ui = 1
	}
	// The layout needs MinWidth x MinHeight units: a larger UI scale only
	// takes effect in a window with room for it.
	// Large windows grow the interface too (up to 1.6x at 2048x1280 and
	// beyond), so text and cards stay readable from a sofa.
	grow := math.Min(math.Max(math.Min(ow/1280, oh/800), 1), 1.6)
	s := math.Min(dsf*ui*grow, math.Min(w/MinWidth, h/MinHeight))
	a.scale = math.Max(s, 0.5)
	return w, h
}

// crash shows the crash screen: what happened, where the autosave is.
func (a *App) crash(err error, stack []byte) {
	a.lastErr = err
	fmt.Fprintf(os.Stderr, "goldvein: %v\n%s", err, stack)
	if a.Crashed {
		// The crash screen itself failed: give up cleanly.
		a.Quit(1)
		return
	}
	a.Crashed = true
	a.Fade, a.next = 0, nil
	a.Cur = newCrashScene(a, err, stack)
	if a.Cfg.ExitAfterGame {
		a.exitCode = 1
	}
}

// SaveSettings writes the settings to settings.json in the config folder;
// a failure is logged, never fatal.
func (a *App) SaveSettings() {
	if err := a.Settings.Save(a.Dirs.settings); err != nil {
		fmt.Fprintln(os.Stderr, "goldvein: settings:", err)
	}
}

// Now is the wall clock, for seeds only (never for game logic).
func Now() time.Time { return time.Now() }

// Fullscreen reports whether the settings ask for fullscreen.
func (a *App) Fullscreen() bool { return a.Settings.Fullscreen }

// Speed is the motion speed factor (Settings; --autoplay runs fast).
func Speed(a *App) float64 {
	if a.Cfg.Autoplay {
		return math.Max(a.Settings.AnimSpeed, 4)
	}
	return a.Settings.AnimSpeed
}

// HumanMoveWait is how long the computer players of a table at this screen
// wait after a human's move before the next of them moves
// (Settings.BotWaitMs), so Undo has time; none with --autoplay or
// FastBots (tests).
func HumanMoveWait(a *App) time.Duration {
	if a.Cfg.Autoplay || a.Cfg.FastBots {
		return 0
	}
	return time.Duration(a.Settings.BotWaitMs) * time.Millisecond
}

// BotDelay is how long a computer player waits at least before moving,
// so people can follow (shortened by the animation speed).
func BotDelay(a *App) time.Duration {
	if a.Cfg.Autoplay || a.Cfg.FastBots {
		return 0
	}
	return time.Duration(float64(900*time.Millisecond) / a.Settings.AnimSpeed)
}
