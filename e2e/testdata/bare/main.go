// Command bare is the yardstick of `make bench-web` (e2e/bench_test.go):
// the smallest Ebitengine program that draws, which fills the screen with
// one colour and prints one line. The browser build of goldvein is
// measured against it, built with the same flags and the same Ebitengine.
package main

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

type bare struct{}

func (bare) Update() error { return nil }

func (bare) Draw(screen *ebiten.Image) { screen.Fill(color.RGBA{0x1d, 0x17, 0x13, 0xff}) }

func (bare) Layout(w, h int) (int, int) { return w, h }

func main() {
	fmt.Println("bare: started")
	if err := ebiten.RunGame(bare{}); err != nil {
		fmt.Println("bare:", err)
	}
}
