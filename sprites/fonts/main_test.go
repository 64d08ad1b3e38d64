package fonts

import (
	"errors"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Ebitengine reads pixels back only while its loop runs, so the tests run
// inside the first Update of a hidden game (STYLE.md, "Testing what is
// drawn"). Loading ebiten opens the display, so this package's tests run
// under Xvfb: xvfb-run -a go test ./sprites/fonts/...

type testGame struct {
	m    *testing.M
	code int
}

var errDone = errors.New("tests done")

func (g *testGame) Update() error {
	g.code = g.m.Run()
	return ebiten.Termination
}

func (g *testGame) Draw(*ebiten.Image) {}

func (g *testGame) Layout(int, int) (int, int) { return 64, 64 }

func TestMain(m *testing.M) {
	g := &testGame{m: m}
	ebiten.SetWindowSize(64, 64)
	op := &ebiten.RunGameOptions{InitUnfocused: true}
	if err := ebiten.RunGameWithOptions(g, op); err != nil && !errors.Is(err, errDone) {
		panic(err)
	}
	os.Exit(g.code)
}
