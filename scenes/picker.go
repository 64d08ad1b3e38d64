package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/sprites/fonts"
)

// boxGame is one game of the box as the menu's game picker shows it: its
// ID (box.Games), its seat range, and a small picture drawn by code from
// the game's own art. Its name and one-line description are the catalogue
// keys game.<id>.name and game.<id>.summary.
type boxGame struct {
	id       string
	min, max int
	picture  func(a *App, p *painter, dst *ebiten.Image, r rect, ticks int)
}

// boxGames lists the games the window offers, in the order of box.Games.
func boxGames() []boxGame {
	return []boxGame{
		{id: "saboteur", min: saboteur.MinPlayers, max: saboteur.MaxPlayers, picture: drawSaboteurPicture},
		{id: igGameID, min: incangold.MinPlayers, max: incangold.MaxPlayers, picture: drawIGPicture},
		{id: ugGameID, min: 2, max: 5, picture: drawUGPicture}, // U1.1
	}
}

// picker is the menu's column of game cards: one is selected, and New
// game, Host LAN game and Rules act on it.
type picker struct {
	games    []boxGame
	cards    []rect
	selected int
}

func newPicker(a *App) picker {
	p := picker{games: boxGames()}
	for i, g := range p.games {
		if g.id == a.gameID {
			p.selected = i
		}
	}
	return p
}

// layout shares column r out among the cards, top down, gap apart.
func (pk *picker) layout(r rect, gap float64) {
	pk.cards = pk.cards[:0]
	n := float64(len(pk.games))
	h := (r.h - (n-1)*gap) / n
	for i := range pk.games {
		pk.cards = append(pk.cards, rect{r.x, r.y + float64(i)*(h+gap), r.w, h})
	}
}

// update selects a clicked card; it reports whether one was clicked.
func (pk *picker) update(a *App) bool {
	for i, r := range pk.cards {
		if a.Clicked(r) {
			pk.selected = i
			a.gameID = pk.games[i].id
			return true
		}
	}
	return false
}

// draw draws every card; focus is the card with the keyboard focus (-1:
// none).
func (pk *picker) draw(a *App, p *painter, dst *ebiten.Image, focus, ticks int) {
	for i, r := range pk.cards {
		g := pk.games[i]
		bg, edge, ew := colPanel, colEdge, a.U(2)
		if i == pk.selected {
			bg, edge, ew = colPanelHi, colGold, a.U(3)
		}
		if i == focus || a.Hover(r) {
			edge = colGold
		}
		p.round(dst, r, a.U(10), bg, ew, edge)
		pad := a.U(14)
		// A tall card (few games) has its picture on top, a short one
		// beside the words.
		side := min(r.h-2*pad, a.U(120))
		pic := rect{r.x + pad, r.cy() - side/2, side, side}
		text := rect{pic.x + pic.w + pad, r.y + pad, r.w - pic.w - 3*pad, r.h - 2*pad}
		if r.h > a.U(240) {
			pic = rect{r.x + pad, r.y + pad, r.w - 2*pad, r.h * 0.42}
			text = rect{r.x + pad, pic.y + pic.h + pad, r.w - 2*pad, r.y + r.h - pic.y - pic.h - 2*pad}
		}
		if a.RTL() {
			pic = pic.mirrorIn(r)
			text = text.mirrorIn(r)
		}
		g.picture(a, p, dst, pic, ticks)
		x, al := startOf(a, text, 0)
		name := a.T("game." + g.id + ".name")
		players := a.T("game.players", "min", g.min, "max", g.max)
		// A short card (three games or more) has smaller words and the
		// players at the end of the name's line, so the summary keeps
		// its two lines.
		nameSize, small := a.U(24), a.U(15)
		compact := r.h < a.U(150)
		nameW := text.w
		if compact {
			nameSize, small = a.U(20), a.U(13)
			pw, _ := fonts.Measure(players, small, a.RTL())
			nameW -= pw + a.U(10)
		}
		size := fitSize(a, name, nameSize, nameW)
		y := text.y + lineBox(nameSize)/2
		drawText(a, dst, fit(a, name, size, nameW), size, x, y, al, colGold)
		if compact {
			ex, eal := text.x+text.w, alignEnd
			if a.RTL() {
				ex, eal = text.x, alignStart
			}
			drawText(a, dst, players, small, ex, y, eal, colText)
			y += lineBox(nameSize)/2 + a.U(2)
		} else {
			y += lineBox(nameSize)/2 + a.U(6) + lineBox(small)/2
			drawText(a, dst, players, small, x, y, al, colText)
			y += lineBox(small)/2 + a.U(6)
		}
		drawWrapped(a, dst, a.T("game."+g.id+".summary"), small, text.x, y, text.w, alignStart, colTextDim)
	}
}

// drawSaboteurPicture is Saboteur's picture: a tunnel from the start card
// to the gold, the gold glinting.
func drawSaboteurPicture(a *App, p *painter, dst *ebiten.Image, r rect, ticks int) {
	cards := []saboteur.Card{saboteur.MustCard("START"), saboteur.MustCard("EW"), saboteur.MustCard("GOLD")}
	art := a.Art(int(min(r.w/float64(len(cards)), r.h*0.9/1.45)))
	cw, ch := float64(art.Width()), float64(art.Height())
	x0, y0 := r.cx()-cw*float64(len(cards))/2, r.cy()-ch/2
	for i, c := range cards {
		alpha := float32(1)
		if i == len(cards)-1 {
			alpha = float32(0.85 + 0.15*math.Sin(float64(ticks)/25))
		}
		p.image(dst, art.Card(c), x0+float64(i)*cw, y0, 1, 1, alpha)
	}
}

// mirrorIn is r mirrored left to right inside parent (right-to-left
// layouts).
func (r rect) mirrorIn(parent rect) rect {
	return rect{parent.x + parent.w - (r.x - parent.x) - r.w, r.y, r.w, r.h}
}
