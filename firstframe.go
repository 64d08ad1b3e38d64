//go:build !headless

package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/scenes"
)

// firstFrameEnv names the environment variable of the first-frame report
// (docs/TOOLS.md, Start-up time; issue 28): "print" writes, once the first
// frame has been drawn and shown, how long after the process started that
// was; "exit" writes it and closes the window. scripts/bench-startup.sh
// (make bench-startup) measures two builds' start-up with it.
const firstFrameEnv = "GOLDVEIN_FIRST_FRAME"

// firstFrameWatch reports the first frame (firstFrameEnv). The frame
// counts as shown at the first tick after the first Draw: Ebitengine
// presents a frame (swaps the buffers) after Draw and before the next
// Update, so that tick comes once the picture is in the window, as the
// browser's first frame is the first draw on the canvas (web/loader.js).
type firstFrameWatch struct {
	exit  bool                 // close the window once reported
	since func() time.Duration // time since the process started
	from  string               // what since counts from, for the line
	w     io.Writer            // where the line goes
	drawn bool                 // Draw has run
	done  bool                 // the line is written
}

// newFirstFrameWatch reads the value v of firstFrameEnv: nil when it is
// empty, and nil with a note on stderr when it is neither "print" nor
// "exit". The line goes to stdout.
func newFirstFrameWatch(v string, stdout, stderr io.Writer) *firstFrameWatch {
	switch v {
	case "":
		return nil
	case "print", "exit":
		since, from := processAge()
		return &firstFrameWatch{exit: v == "exit", since: since, from: from, w: stdout}
	}
	fmt.Fprintf(stderr, "goldvein: %s=%q: want print or exit; not reporting\n", firstFrameEnv, v)
	return nil
}

// drew notes that Draw has run.
func (f *firstFrameWatch) drew() { f.drawn = true }

// tick runs before each Update: at the first tick after a Draw it writes
// "goldvein: first frame N ms after FROM" (N a whole number of
// milliseconds, FROM as processAge says) and reports whether the window
// should close now (firstFrameEnv=exit).
func (f *firstFrameWatch) tick() (exit bool) {
	if !f.drawn || f.done {
		return false
	}
	f.done = true
	fmt.Fprintf(f.w, "goldvein: first frame %d ms after %s\n", f.since().Milliseconds(), f.from)
	return f.exit
}

// firstFrameGame is the app with the first-frame report around its Update
// and Draw; its other methods (Layout, LayoutF) are the app's own.
type firstFrameGame struct {
	*scenes.App
	watch *firstFrameWatch
}

// firstFrame wraps app in the first-frame report when firstFrameEnv asks
// for one, and returns app itself otherwise.
func firstFrame(app *scenes.App, stdout, stderr io.Writer) ebiten.Game {
	w := newFirstFrameWatch(os.Getenv(firstFrameEnv), stdout, stderr)
	if w == nil {
		return app
	}
	return &firstFrameGame{App: app, watch: w}
}

// Update reports the first frame once it is shown, then runs the app's
// Update (or ends the run: ebiten.Termination).
func (g *firstFrameGame) Update() error {
	if g.watch.tick() {
		return ebiten.Termination
	}
	return g.App.Update()
}

// Draw draws the app's frame and notes it.
func (g *firstFrameGame) Draw(screen *ebiten.Image) {
	g.App.Draw(screen)
	g.watch.drew()
}
