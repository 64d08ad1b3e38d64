package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"
)

// boxGame is one game of the box as the menu's game picker shows it: its
// ID (box.Games), its seat range, and a small picture drawn by code from
// the game's own art (Game.Picture). Its name and one-line description are
// the catalogue keys game.<id>.name and game.<id>.summary.
type boxGame struct {
	id       string
	min, max int
	picture  func(a *App, p *Painter, dst *ebiten.Image, r Rect, ticks int)
}

// boxGames lists the games the window offers (Config.Games), in the order
// of box.Games.
func boxGames(a *App) []boxGame {
	var out []boxGame
	for _, g := range a.Games() {
		lo, hi := g.Rules().Seats()
		out = append(out, boxGame{id: g.Rules().ID(), min: lo, max: hi, picture: g.Picture})
	}
	return out
}

// picker is the menu's column of game cards: one is selected, and New
// game, Host LAN game and Rules act on it.
type picker struct {
	Games    []boxGame
	Cards    []Rect
	selected int
}

func newPicker(a *App) picker {
	p := picker{Games: boxGames(a)}
	for i, g := range p.Games {
		if g.id == a.GameID {
			p.selected = i
		}
	}
	return p
}

// layout shares column r out among the cards, top down, gap apart.
func (pk *picker) layout(r Rect, gap float64) {
	pk.Cards = pk.Cards[:0]
	n := float64(len(pk.Games))
	h := (r.H - (n-1)*gap) / n
	for i := range pk.Games {
		pk.Cards = append(pk.Cards, Rect{r.X, r.Y + float64(i)*(h+gap), r.W, h})
	}
}

// update selects a clicked card; it reports whether one was clicked.
func (pk *picker) update(a *App) bool {
	for i, r := range pk.Cards {
		if a.Clicked(r) {
			pk.selected = i
			a.GameID = pk.Games[i].id
			return true
		}
	}
	return false
}

// draw draws every card; focus is the card with the keyboard focus (-1:
// none).
func (pk *picker) draw(a *App, p *Painter, dst *ebiten.Image, focus, ticks int) {
	nameSize := pk.NameSize(a)
	for i, r := range pk.Cards {
		g := pk.Games[i]
		bg, edge, ew := ColPanel, ColEdge, a.U(2)
		if i == pk.selected {
			bg, edge, ew = ColPanelHi, ColGold, a.U(3)
		}
		if i == focus || a.Hover(r) {
			edge = ColGold
		}
		p.Round(dst, r, a.U(10), bg, ew, edge)
		pic, players, text, small := pk.areas(a, r)
		g.picture(a, p, dst, pic, ticks)
		x, al := StartOf(a, text, 0)
		name := a.T("game." + g.id + ".name")
		count := a.T("game.players", "min", g.min, "max", g.max)
		y := text.Y + LineBox(nameSize)/2
		DrawText(a, dst, Fit(a, name, nameSize, text.W), nameSize, x, y, al, ColGold)
		if players.W > 0 {
			// A short card: the players under the picture.
			size := FitSize(a, count, small, players.W)
			DrawText(a, dst, count, size, players.Cx(), players.Cy(), AlignCenter, ColText)
			y += LineBox(nameSize)/2 + a.U(2)
		} else {
			y += LineBox(nameSize)/2 + a.U(6) + LineBox(small)/2
			DrawText(a, dst, count, small, x, y, al, ColText)
			y += LineBox(small)/2 + a.U(6)
		}
		DrawWrapped(a, dst, a.T("game."+g.id+".summary"), small, text.X, y, text.W, AlignStart, ColTextDim)
	}
}

// areas shares card r out: the picture, the players line (zero on a tall
// card, where the players follow the name), the words, and the size of
// the small words, in pixels. A tall card (few games) has its picture on
// top; a short one (three games or more) has it beside the words, with
// the players under it, so the name has the words' whole width.
func (pk *picker) areas(a *App, r Rect) (pic, players, text Rect, small float64) {
	pad := a.U(14)
	if r.H > a.U(240) {
		pic = Rect{r.X + pad, r.Y + pad, r.W - 2*pad, r.H * 0.42}
		text = Rect{r.X + pad, pic.Y + pic.H + pad, r.W - 2*pad, r.Y + r.H - pic.Y - pic.H - 2*pad}
		small = a.U(15)
	} else {
		small = a.U(13)
		colW := a.U(96)
		line := LineBox(small)
		side := min(r.H-2*pad-line, colW)
		top := r.Cy() - (side+line)/2
		pic = Rect{r.X + pad + (colW-side)/2, top, side, side}
		players = Rect{r.X + pad, top + side, colW, line}
		text = Rect{r.X + 2*pad + colW, r.Y + pad, r.W - colW - 3*pad, r.H - 2*pad}
	}
	if a.RTL() {
		pic, players, text = pic.MirrorIn(r), players.MirrorIn(r), text.MirrorIn(r)
	}
	return pic, players, text, small
}

// NameSize is the size of the games' names on the cards, pixels: one size
// for every card, the largest at which every name fits its card's words.
func (pk *picker) NameSize(a *App) float64 {
	if len(pk.Cards) == 0 {
		return 0
	}
	_, _, text, _ := pk.areas(a, pk.Cards[0])
	size := a.U(24)
	if pk.Cards[0].H <= a.U(240) {
		size = a.U(20)
	}
	for _, g := range pk.Games {
		size = min(size, FitSize(a, a.T("game."+g.id+".name"), size, text.W))
	}
	return size
}

// MirrorIn is r mirrored left to right inside parent (right-to-left
// layouts).
func (r Rect) MirrorIn(parent Rect) Rect {
	return Rect{parent.X + parent.W - (r.X - parent.X) - r.W, r.Y, r.W, r.H}
}
