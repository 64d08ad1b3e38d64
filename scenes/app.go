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

// fadeTicks is the length of the cross-fade between scenes (60 ticks = 1 s).
const fadeTicks = 12

// Config is how the app is started (the flags of cmd_app.go).
type Config struct {
	Players       int    // seats of the quick game --autoplay starts (3-10)
	Game          string // the game of --autoplay and of the menu's New game: "" (Saboteur), "incangold" or "underground"
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
	cfg      Config
	in       Input
	settings Settings
	cat      *i18n.Catalog
	pal      sprites.Palette
	arts     map[int]*sprites.Art
	audio    *audioOut
	dirs     dirs

	w, h  int     // screen size in pixels
	scale float64 // pixels per layout unit (device scale x UI scale, clamped)

	gameID string // the game picked on the menu (picker.go); "" is the first

	cur, next Scene
	fade      int
	from, to  *ebiten.Image
	fadeOp    ebiten.DrawImageOptions

	ptr  pointer
	text textCache

	shots    map[string]bool
	shotWait int
	shotReqs []string
	ticks    int
	quit     bool
	exitCode int
	tpsMin   float64
	tourStep int
	shotsWG  sync.WaitGroup
	tpsSum   float64
	tpsN     int
	crashed  bool
	lastErr  error
}

// dirs are the files the app keeps in the config folder.
type dirs struct {
	config   string
	settings string
	autosave string
}

// pointer is the primary pointer as the scenes see it this tick.
type pointer struct {
	stroke           StrokeSource
	x, y             int
	startX, startY   int
	down             bool // a stroke is in progress (pressed this tick or earlier)
	pressed          bool // the stroke began this tick
	released         bool // the stroke ended this tick
	right, middle    bool // right / middle button pressed this tick
	wheelX, wheelY   float64
	consumedPress    bool
	consumedRelease  bool
	lastMoveX, moveY int
}

// NewApp prepares the window's game: settings and the catalogue are loaded,
// the first scene is the menu (or, with Autoplay, the board of a game of
// computer players).
func NewApp(cfg Config) (*App, error) {
	a := &App{cfg: cfg, in: cfg.Input, arts: map[int]*sprites.Art{}, shots: map[string]bool{}, scale: 1, w: MinWidth, h: MinHeight, gameID: cfg.Game}
	if a.in == nil {
		a.in = &EbitenInput{}
	}
	dir, err := game.ConfigDir(cfg.ConfigDir)
	if err != nil {
		return nil, err
	}
	a.dirs = dirs{config: dir, settings: filepath.Join(dir, "settings.json"), autosave: filepath.Join(dir, game.AutosaveFile)}
	a.settings = LoadSettings(a.dirs.settings)
	if cfg.Lang != "" {
		a.settings.Lang = cfg.Lang
	}
	if a.settings.Lang == "" {
		a.settings.Lang = string(i18n.FromEnv(os.Getenv))
	}
	if err := a.setLang(i18n.Lang(a.settings.Lang)); err != nil {
		return nil, err
	}
	a.applyPalette()
	a.audio = newAudioOut(a)
	a.cur = newMenuScene(a)
	return a, nil
}

func (a *App) setLang(l i18n.Lang) error {
	if !l.Valid() {
		l = i18n.English
	}
	c, err := i18n.Load(l)
	if err != nil {
		return fmt.Errorf("scenes: language %s: %w", l, err)
	}
	// The Persian digits setting belongs to the app, not to one catalogue:
	// a new catalogue (at start, or a language change) takes it over.
	c.SetPersianDigits(a.settings.PersianDigits)
	a.cat = c
	a.settings.Lang = string(l)
	return nil
}

func (a *App) applyPalette() {
	if a.settings.ColorBlind {
		a.pal = sprites.ColorBlindSafe()
	} else {
		a.pal = sprites.Classic()
	}
	a.arts = map[int]*sprites.Art{}
}

// T is the catalogue's text for key (i18n.Catalog.T).
func (a *App) T(key string, args ...any) string { return a.cat.T(key, args...) }

// N is the catalogue's plural text for key and count n (i18n.Catalog.N).
func (a *App) N(key string, n int, args ...any) string { return a.cat.N(key, n, args...) }

// Num writes n with the catalogue's digits.
func (a *App) Num(n int) string { return a.cat.Num(n) }

// RTL reports whether the language is written right to left.
func (a *App) RTL() bool { return a.cat.RTL() }

// Art returns the card art drawn widthPx pixels wide, made once per width.
func (a *App) Art(widthPx int) *sprites.Art {
	if widthPx < 8 {
		widthPx = 8
	}
	art, ok := a.arts[widthPx]
	if !ok {
		art = sprites.NewArt(widthPx, a.pal)
		a.arts[widthPx] = art
	}
	return art
}

// U converts layout units to pixels.
func (a *App) U(v float64) float64 { return v * a.scale }

// Size returns the screen size in pixels.
func (a *App) Size() (w, h int) { return a.w, a.h }

// GoTo switches to scene s with a cross-fade.
func (a *App) GoTo(s Scene) {
	if a.cur == nil {
		a.cur = s
		return
	}
	a.next = s
	a.fade = fadeTicks
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
	defer func() {
		if r := recover(); r != nil {
			a.crash(fmt.Errorf("%v", r), debug.Stack())
			err = nil
		}
	}()
	if a.quit {
		return ebiten.Termination
	}
	a.ticks++
	a.text.sweep()
	a.trackTPS()
	a.in.Update()
	a.readPointer()
	if a.in.KeyJustPressed(ebiten.KeyF11) {
		a.settings.Fullscreen = !a.settings.Fullscreen
		ebiten.SetFullscreen(a.settings.Fullscreen)
		a.saveSettings()
	}
	if a.fade > 0 {
		a.fade--
		if a.fade == 0 {
			a.cur, a.next = a.next, nil
			a.shotWait = 0
		}
		return nil
	}
	if err := a.cur.Update(a); err != nil {
		if errors.Is(err, ebiten.Termination) {
			return err
		}
		a.crash(err, nil)
	}
	a.shotWait++
	a.tour()
	if a.quit {
		return ebiten.Termination
	}
	return nil
}

// trackTPS keeps the lowest and mean ticks per second after the first
// seconds (reported by cmd_app at exit).
func (a *App) trackTPS() {
	if a.ticks < 120 || a.ticks%60 != 0 {
		return
	}
	t := ebiten.ActualTPS()
	if a.tpsN == 0 || t < a.tpsMin {
		a.tpsMin = t
	}
	a.tpsSum += t
	a.tpsN++
}

// TPS returns the mean and lowest ticks per second measured so far.
func (a *App) TPS() (mean, low float64) {
	if a.tpsN == 0 {
		return 0, 0
	}
	return a.tpsSum / float64(a.tpsN), a.tpsMin
}

func (a *App) readPointer() {
	p := &a.ptr
	p.pressed, p.released, p.consumedPress, p.consumedRelease = false, false, false, false
	if p.stroke != nil && !p.down {
		p.stroke = nil
	}
	if p.stroke == nil {
		if s := a.in.NewStroke(); s != nil {
			p.stroke, p.pressed, p.down = s, true, true
			p.x, p.y = s.Position()
			p.startX, p.startY = p.x, p.y
		} else {
			p.x, p.y = a.in.Cursor()
		}
	}
	if p.stroke != nil && !p.pressed {
		p.x, p.y = p.stroke.Position()
		if p.stroke.IsJustReleased() {
			p.released, p.down = true, false
		}
	}
	p.right = a.in.ButtonJustPressed(ebiten.MouseButtonRight)
	p.middle = a.in.ButtonJustPressed(ebiten.MouseButtonMiddle)
	p.wheelX, p.wheelY = a.in.Wheel()
}

// Clicked reports a press that began and ended in r this tick (a tap or a
// click released where it started, within a few pixels of travel).
func (a *App) Clicked(r rect) bool {
	p := &a.ptr
	if !p.released || p.consumedRelease {
		return false
	}
	if !r.in(p.x, p.y) || !r.in(p.startX, p.startY) {
		return false
	}
	p.consumedRelease = true
	return true
}

// Hover reports whether the pointer is over r.
func (a *App) Hover(r rect) bool { return r.in(a.ptr.x, a.ptr.y) }

// Key reports a key pressed this tick.
func (a *App) Key(k ebiten.Key) bool { return a.in.KeyJustPressed(k) }

// Draw draws the current scene, or the cross-fade between two scenes.
func (a *App) Draw(screen *ebiten.Image) {
	defer func() {
		if r := recover(); r != nil {
			a.crash(fmt.Errorf("%v", r), debug.Stack())
		}
	}()
	// Every scene paints the whole screen (the board without a full-screen
	// fill: its maze and frame cover it), so no clear here.
	if a.fade > 0 && a.next != nil {
		a.ensureFadeImages()
		a.from.Clear()
		a.cur.Draw(a, a.from)
		a.to.Clear()
		a.next.Draw(a, a.to)
		screen.DrawImage(a.from, nil)
		a.fadeOp.ColorScale.Reset()
		a.fadeOp.ColorScale.ScaleAlpha(1 - float32(a.fade)/fadeTicks)
		screen.DrawImage(a.to, &a.fadeOp)
		return
	}
	a.cur.Draw(a, screen)
	a.screenshot(screen)
}

func (a *App) ensureFadeImages() {
	if a.from == nil || a.from.Bounds().Dx() != a.w || a.from.Bounds().Dy() != a.h {
		if a.from != nil {
			a.from.Deallocate()
			a.to.Deallocate()
		}
		a.from = ebiten.NewImage(a.w, a.h)
		a.to = ebiten.NewImage(a.w, a.h)
	}
}

// RequestShot asks for a screenshot named name of the next frame drawn
// (with --screenshots; the board asks every few turns).
func (a *App) RequestShot(name string) {
	if a.cfg.ScreenshotDir != "" && len(a.shotReqs) < 8 {
		a.shotReqs = append(a.shotReqs, name)
	}
}

// screenshot saves the first settled frame of each scene (20 ticks after it
// appeared, so the entry motion is over) and any requested frame.
func (a *App) screenshot(screen *ebiten.Image) {
	if a.cfg.ScreenshotDir == "" {
		return
	}
	name := ""
	settled := a.shotWait >= 20
	if st, ok := a.cur.(interface{ settled() bool }); ok {
		settled = a.shotWait >= 20 && st.settled() || a.shotWait > 600
	}
	if n := a.cur.Name(); !a.shots[n] && settled {
		name = n
	} else if len(a.shotReqs) > 0 {
		name = a.shotReqs[0]
		a.shotReqs = append(a.shotReqs[:0], a.shotReqs[1:]...)
	}
	if name == "" {
		return
	}
	a.shots[name] = true
	// Pixels are read now; encoding and writing happen off the frame.
	rgba := image.NewRGBA(screen.Bounds())
	screen.ReadPixels(rgba.Pix)
	path := filepath.Join(a.cfg.ScreenshotDir, name+".png")
	a.shotsWG.Add(1)
	go func() {
		defer a.shotsWG.Done()
		if err := writePNG(rgba, path); err != nil {
			fmt.Fprintln(os.Stderr, "goldvein: screenshot:", err)
		}
	}()
}

// WaitScreenshots waits until every screenshot taken is written.
func (a *App) WaitScreenshots() { a.shotsWG.Wait() }

func savePNG(img *ebiten.Image, path string) error {
	rgba := image.NewRGBA(img.Bounds())
	img.ReadPixels(rgba.Pix)
	return writePNG(rgba, path)
}

func writePNG(rgba *image.RGBA, path string) error {
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
	a.w, a.h = int(w), int(h)
	ui := a.settings.UIScale
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
	if a.crashed {
		// The crash screen itself failed: give up cleanly.
		a.Quit(1)
		return
	}
	a.crashed = true
	a.fade, a.next = 0, nil
	a.cur = newCrashScene(a, err, stack)
	if a.cfg.ExitAfterGame {
		a.exitCode = 1
	}
}

func (a *App) saveSettings() {
	if err := a.settings.Save(a.dirs.settings); err != nil {
		fmt.Fprintln(os.Stderr, "goldvein: settings:", err)
	}
}

// now is the wall clock, for seeds only (never for game logic).
func now() time.Time { return time.Now() }

// Fullscreen reports whether the settings ask for fullscreen.
func (a *App) Fullscreen() bool { return a.settings.Fullscreen }
