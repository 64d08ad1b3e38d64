package saboteur

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// anim is one piece of motion: a card flying from one place to another
// (growing or shrinking), or turning over in place. Anims live in a slice
// reused from frame to frame.
type anim struct {
	kind           animKind
	img, img2      *ebiten.Image // img2: the face a flip turns to
	x0, y0, x1, y1 float64       // top-left at start and end, pixels
	s0, s1         float64       // scale at start and end
	t, dur         int
	cell           saboteur.Cell // the maze cell hidden until the motion ends
	hides          bool
	fade           bool // fade out towards the end
}

type animKind uint8

const (
	animFly animKind = iota
	animFlip
)

func (s *boardScene) stepAnims(a *scenes.App) {
	k := 0
	for i := range s.anims {
		an := &s.anims[i]
		an.t++
		if an.t >= an.dur {
			if an.hides {
				s.unhide(an.cell)
			}
			continue
		}
		s.anims[k] = *an
		k++
	}
	for i := k; i < len(s.anims); i++ {
		s.anims[i] = anim{}
	}
	s.anims = s.anims[:k]
}

func (s *boardScene) hideCell(c saboteur.Cell) {
	if s.nhide < len(s.hide) {
		s.hide[s.nhide] = c
		s.nhide++
	}
}

func (s *boardScene) unhide(c saboteur.Cell) {
	for i := 0; i < s.nhide; i++ {
		if s.hide[i] == c {
			s.hide[i] = s.hide[s.nhide-1]
			s.nhide--
			return
		}
	}
}

func (s *boardScene) hidden(c saboteur.Cell) bool {
	for i := 0; i < s.nhide; i++ {
		if s.hide[i] == c {
			return true
		}
	}
	return false
}

// startFly adds a flying card.
func (s *boardScene) startFly(a *scenes.App, img *ebiten.Image, x0, y0, x1, y1, s0, s1 float64, dur int) *anim {
	s.anims = append(s.anims, anim{kind: animFly, img: img, x0: x0, y0: y0, x1: x1, y1: y1, s0: s0, s1: s1, dur: max(dur, 1)})
	return &s.anims[len(s.anims)-1]
}

// seatPoint is where cards leave from and land for seat: its panel, or the
// hand for the seat on screen.
func (s *boardScene) seatPoint(seat int) (float64, float64) {
	if seat == s.me && len(s.hand) > 0 {
		return s.L.handArea.Cx(), s.L.handArea.Cy()
	}
	if seat >= 0 && seat < len(s.L.panels) {
		r := s.L.panels[seat]
		return r.Cx(), r.Cy()
	}
	return s.L.maze.Cx(), s.L.maze.Y
}

// flyToCell flies img (cell-sized art) from seat to maze cell c; hide keeps
// the maze from showing the card at c until it lands.
func (s *boardScene) flyToCell(a *scenes.App, img *ebiten.Image, seat int, c saboteur.Cell, dur int, hide bool) {
	x, y := s.seatPoint(seat)
	r := s.cellRect(a, c)
	b := img.Bounds()
	an := s.startFly(a, img, x-float64(b.Dx())*0.3, y-float64(b.Dy())*0.3, r.X, r.Y, 0.6, 1, dur)
	if hide {
		an.cell, an.hides = c, true
		s.hideCell(c)
	} else {
		an.fade = true
	}
}

// flipAt turns the goal at c face up (to face).
func (s *boardScene) flipAt(a *scenes.App, c saboteur.Cell, face saboteur.Card, dur int) {
	r := s.cellRect(a, c)
	s.anims = append(s.anims, anim{kind: animFlip, img: s.cardImg(a, saboteur.Card{Kind: saboteur.Goal}), img2: s.cardImg(a, face),
		x0: r.X, y0: r.Y, x1: r.X, y1: r.Y, s0: 1, s1: 1, dur: max(dur, 2), cell: c, hides: true})
	s.hideCell(c)
}

// rockfallAt shows the card at c crumbling away to the discard pile.
func (s *boardScene) rockfallAt(a *scenes.App, c saboteur.Cell, card saboteur.Card, dur int) {
	r := s.cellRect(a, c)
	an := s.startFly(a, s.cardImg(a, card), r.X, r.Y, s.L.discard.X, s.L.discard.Y, 1, 0.4, dur)
	an.fade = true
}

func (s *boardScene) flyBetweenSeats(a *scenes.App, img *ebiten.Image, from, to, dur int) {
	x0, y0 := s.seatPoint(from)
	x1, y1 := s.seatPoint(to)
	b := img.Bounds()
	w, h := float64(b.Dx())*0.6, float64(b.Dy())*0.6
	an := s.startFly(a, img, x0-w/2, y0-h/2, x1-w/2, y1-h/2, 0.6, 0.6, dur)
	an.fade = true
}

// flyToPile flies a face-down card from seat to the discard pile (R4.4).
func (s *boardScene) flyToPile(a *scenes.App, seat, dur int) {
	x, y := s.seatPoint(seat)
	img := cardArt(a, s.L.pileW()).Back()
	b := img.Bounds()
	s.startFly(a, img, x-float64(b.Dx())/2, y-float64(b.Dy())/2, s.L.discard.X, s.L.discard.Y, 0.8, 1, dur)
}

// flyFromPile flies a card back from the draw pile to seat.
func (s *boardScene) flyFromPile(a *scenes.App, seat, dur int) {
	x, y := s.seatPoint(seat)
	img := cardArt(a, s.L.pileW()).Back()
	b := img.Bounds()
	an := s.startFly(a, img, s.L.drawPile.X, s.L.drawPile.Y, x-float64(b.Dx())*0.3, y-float64(b.Dy())*0.3, 1, 0.6, dur)
	an.fade = true
}

func (l *boardLayout) pileW() int { return int(l.drawPile.W) }

// drawAnims draws every motion in flight.
func (s *boardScene) drawAnims(dst *ebiten.Image) {
	for i := range s.anims {
		an := &s.anims[i]
		if an.t < 0 {
			continue // waiting for its turn
		}
		k := float64(an.t) / float64(an.dur)
		switch an.kind {
		case animFly:
			e := scenes.EaseOut(k)
			sc := scenes.Lerp(an.s0, an.s1, e)
			alpha := float32(1)
			if an.fade && k > 0.7 {
				alpha = float32(1 - (k-0.7)/0.3)
			}
			s.p.Image(dst, an.img, scenes.Lerp(an.x0, an.x1, e), scenes.Lerp(an.y0, an.y1, e), sc, sc, alpha)
		case animFlip:
			img := an.img
			if k > 0.5 {
				img = an.img2
			}
			b := img.Bounds()
			sx := math.Max(math.Abs(math.Cos(k*math.Pi)), 0.03)
			lift := math.Sin(k*math.Pi) * 0.15
			s.p.ImageCentered(dst, img, an.x0+float64(b.Dx())/2, an.y0+float64(b.Dy())/2, sx*(1+lift), 1+lift, 0, 1)
		}
	}
}
