package scenes

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// crashScene is shown instead of vanishing when a scene fails: what
// happened, where in the code, and where the autosave is, so the game can
// be continued after a restart.
type crashScene struct {
	p     Painter
	err   string
	where string
	quit  Button
	menu  Button
}

func newCrashScene(a *App, err error, stack []byte) *crashScene {
	s := &crashScene{err: err.Error()}
	// The first frame of our own code in the stack (past the app's own
	// recovery) says where: "function (file:line)".
	lines := strings.Split(string(stack), "\n")
	for i := 0; i+1 < len(lines); i++ {
		fn := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(fn, "github.com/goldvein/goldvein/") || strings.Contains(fn, "scenes.(*App)") {
			continue
		}
		file := strings.TrimSpace(lines[i+1])
		if j := strings.LastIndex(file, " +0x"); j > 0 {
			file = file[:j]
		}
		if j := strings.LastIndex(fn, "("); j > 0 {
			fn = fn[:j]
		}
		s.where = strings.TrimPrefix(fn, "github.com/goldvein/goldvein/") + " (" + file + ")"
		break
	}
	return s
}

func (s *crashScene) Name() string { return "crash" }

func (s *crashScene) layout(a *App) {
	w, h := float64(a.W), float64(a.H)
	s.menu = Button{R: Rect{w/2 - a.U(320), h - a.U(80), a.U(300), a.U(52)}, Label: a.T("scene.crash.menu"), Enabled: true, Primary: true}
	s.quit = Button{R: Rect{w/2 + a.U(20), h - a.U(80), a.U(300), a.U(52)}, Label: a.T("scene.menu.quit"), Enabled: true}
	if a.RTL() {
		s.menu.R, s.quit.R = s.quit.R, s.menu.R
	}
}

func (s *crashScene) Update(a *App) error {
	s.layout(a)
	if a.Cfg.ExitAfterGame {
		a.Quit(1)
		return nil
	}
	if s.menu.Clicked(a) {
		a.Crashed = false
		a.GoTo(NewMenuScene(a))
	}
	if s.quit.Clicked(a) || a.Key(ebiten.KeyEscape) {
		a.Quit(1)
	}
	return nil
}

func (s *crashScene) Draw(a *App, dst *ebiten.Image) {
	s.layout(a)
	DrawTableBackground(a, &s.p, dst)
	w := float64(a.W)
	tw := w - a.U(160)
	x := a.U(80)
	DrawText(a, dst, a.T("scene.crash.title"), a.U(34), w/2, a.U(70), AlignCenter, ColBad)
	// Each part follows the one above it, so a body or an error that
	// needs more lines in some language pushes the rest down.
	y := a.U(120)
	y += DrawWrapped(a, dst, a.T("scene.crash.body"), a.U(17), x, y, tw, AlignStart, ColText) + a.U(24)
	// Labels start where the UI reads from; what happened, where and the
	// autosave's path are technical text that reads left to right.
	lx, lal := x, AlignStart
	if a.RTL() {
		lx, lal = x+tw, AlignEnd
	}
	part := func(label, text string, size float64, c color.RGBA) {
		DrawText(a, dst, label, a.U(15), lx, y+a.U(8), lal, ColGold)
		y += a.U(24)
		y += drawWrappedDir(a, dst, text, size, x, y, tw, AlignStart, c, false) + a.U(28)
	}
	part(a.T("scene.crash.what"), s.err, a.U(15), ColText)
	if s.where != "" {
		part(a.T("scene.crash.where"), s.where, a.U(14), ColTextDim)
	}
	saved := a.Game().AutosavePath(a) // each game keeps its own
	part(a.T("scene.crash.autosave"), saved, a.U(14), ColText)
	DrawButton(a, &s.p, dst, &s.menu)
	DrawButton(a, &s.p, dst, &s.quit)
}
