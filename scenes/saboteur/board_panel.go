package saboteur

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// drawPanel draws seat i's panel: name, hand size, broken tools, turn.
func (s *boardScene) drawPanel(a *scenes.App, dst *ebiten.Image, i, pass int) {
	r := s.L.panels[i]
	onTurn := s.view.Turn == i && s.view.Phase == saboteur.Playing
	bg, edge := scenes.ColPanel, scenes.ColEdge
	if onTurn {
		bg, edge = scenes.ColPanelHi, scenes.ColGold
	}
	// A lit panel while dragging a tool card onto players.
	lit := false
	if s.sel >= 0 {
		for _, t := range s.targets {
			if t.isSeat && t.seat == i {
				lit = true
			}
		}
	}
	if lit {
		edge = scenes.ColLegal
		if s.tsel >= 0 && s.tsel < len(s.targets) && s.targets[s.tsel].isSeat && s.targets[s.tsel].seat == i {
			bg = scenes.ColButtonHi
		}
	}
	if pass == 0 {
		s.p.Round(dst, r, a.U(6), bg, a.U(2), edge)
	}
	big := r.H >= a.U(50)
	nameSize := a.U(16)
	if !big {
		nameSize = a.U(14)
	}
	x, al := r.X+a.U(12), scenes.AlignStart
	xr, ar := r.X+r.W-a.U(10), scenes.AlignEnd
	if s.L.rtl {
		x, al, xr, ar = xr, ar, x, al
	}
	ny := r.Y + r.H*0.32
	if i < len(s.texts.names) {
		col := scenes.ColText
		if onTurn {
			col = scenes.ColGold
		}
		if pass == 1 {
			scenes.DrawText(a, dst, s.texts.names[i], nameSize, x, ny, al, col)
		}
	}
	if pass == 0 {
		s.drawThinking(a, dst, i, onTurn, ny, xr)
		return
	}
	// Hand size: a small card back and the count.
	art := cardArt(a, int(a.U(14)))
	by := r.Y + r.H*0.72
	bx := x
	if s.L.rtl {
		bx = x - float64(art.Width())
	}
	s.p.Image(dst, art.Back(), bx, by-float64(art.Height())/2, 1, 1, 1)
	if i < len(s.texts.hands) {
		tx := bx + float64(art.Width()) + a.U(5)
		if s.L.rtl {
			tx = bx - a.U(5)
		}
		scenes.DrawText(a, dst, s.texts.hands[i], a.U(13), tx, by, al, scenes.ColTextDim)
	}
	s.drawOwnGold(a, dst, i, bx, by)
	// The seat's three tools, each whole or broken (R6.1): a broken one
	// stops its player laying path cards.
	if i < len(s.view.Broken) {
		size := s.toolSize(a, r)
		for k, t := range panelTools {
			img := cardArt(a, s.L.cardW).Tool(t, s.view.Broken[i]&t != 0, size)
			tr := s.toolRect(a, i, k)
			s.p.Image(dst, img, tr.X, tr.Y, 1, 1, 1)
		}
	}
}

// panelTools are the tools each panel shows, in order from its far edge
// inwards.
var panelTools = [3]saboteur.Tool{saboteur.Cart, saboteur.Lantern, saboteur.Pickaxe}

// toolSize is the size of a tool icon on panel r, in pixels.
func (s *boardScene) toolSize(a *scenes.App, r scenes.Rect) int {
	return int(math.Min(a.U(24), r.H*0.42))
}

// toolRect is where tool k of panelTools shows on seat i's panel.
func (s *boardScene) toolRect(a *scenes.App, i, k int) scenes.Rect {
	r := s.L.panels[i]
	size := float64(s.toolSize(a, r))
	by := r.Y + r.H*0.72
	x := r.X + r.W - a.U(10) - float64(k+1)*(size+a.U(3))
	if s.L.rtl {
		x = r.X + a.U(10) + float64(k)*(size+a.U(3))
	}
	return scenes.R(x, by-size/2, size, size)
}

// drawOwnGold draws, on the panel of the seat the screen is handed to,
// the gold it has won so far: a gold card and the amount (R8.4: nobody
// else sees it, so it is drawn only for the screen's holder).
func (s *boardScene) drawOwnGold(a *scenes.App, dst *ebiten.Image, i int, bx, by float64) {
	if i != s.me || !a.Shows(i) || s.mine.Seat != i {
		return
	}
	a.Private(i)
	r := s.goldRect(a, i)
	art := cardArt(a, int(a.U(14)))
	x, tx, al := r.X, r.X+float64(art.Width())+a.U(5), scenes.AlignStart
	if s.L.rtl {
		x, tx, al = r.X+r.W-float64(art.Width()), r.X+r.W-float64(art.Width())-a.U(5), scenes.AlignEnd
	}
	s.p.Image(dst, art.GoldCard(3), x, by-float64(art.Height())/2, 1, 1, 1)
	scenes.DrawText(a, dst, a.Num(s.mine.Gold), a.U(13), tx, by, al, scenes.ColGold)
}

// goldRect is where the own gold shows on seat i's panel: after the
// hand's size.
func (s *boardScene) goldRect(a *scenes.App, i int) scenes.Rect {
	r := s.L.panels[i]
	by := r.Y + r.H*0.72
	x := r.X + a.U(12) + a.U(46)
	if s.L.rtl {
		x = r.X + r.W - a.U(12) - a.U(46) - a.U(40)
	}
	return scenes.R(x, by-a.U(10), a.U(40), a.U(20))
}

// drawThinking draws the dots of a computer player thinking on its turn.
func (s *boardScene) drawThinking(a *scenes.App, dst *ebiten.Image, i int, onTurn bool, ny, xr float64) {
	if onTurn && !s.m.isHuman(i) && !s.m.replay {
		// Thinking dots.
		for d := 0; d < 3; d++ {
			alpha := 0.3 + 0.7*math.Max(0, math.Sin(float64(s.ticks)/8-float64(d)*0.9))
			c := scenes.ColGold
			c.A = uint8(255 * alpha)
			dx := xr - a.U(8) - float64(2-d)*a.U(9)
			if s.L.rtl {
				dx = xr + a.U(4) + float64(d)*a.U(9)
			}
			s.p.Round(dst, scenes.R(dx, ny-a.U(3), a.U(6), a.U(6)), a.U(3), c, 0, c)
		}
	}
}
