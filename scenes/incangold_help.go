package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/incangold"
)

// igHelpPic is one picture on an Incan Gold rules page, drawn by the
// game's own card art: a quest card, the torch or camp card, or a temple
// card with its number.
type igHelpPic struct {
	card   incangold.Card // a quest card, or 0
	torch  bool
	camp   bool
	temple int  // a temple card's number, 1 to 5, or 0
	again  bool // the second hazard of its kind: the collapse (I7.2)
}

// igHelpPages is Incan Gold's rules help (the menu's Rules with Incan Gold
// picked): a summary of INCAN_GOLD.md in pages, each citing its I-numbers
// (and the table options' O-numbers), with the cards it talks about.
var igHelpPages = []helpPage{
	{title: "ig.help.turn.title", body: "ig.help.turn.body", ig: []igHelpPic{{torch: true}, {camp: true}}},
	{title: "ig.help.treasure.title", body: "ig.help.treasure.body", ig: []igHelpPic{{card: incangold.Treasure(7)}, {card: incangold.Treasure(11)}, {card: incangold.Treasure(17)}}},
	{title: "ig.help.hazards.title", body: "ig.help.hazards.body", ig: []igHelpPic{{card: incangold.HazardCard(incangold.Snake)}, {card: incangold.HazardCard(incangold.Spider)}, {card: incangold.HazardCard(incangold.Snake), again: true}}},
	{title: "ig.help.artifacts.title", body: "ig.help.artifacts.body", ig: []igHelpPic{{card: incangold.Artifact(1)}, {card: incangold.Artifact(2)}, {camp: true}}},
	{title: "ig.help.score.title", body: "ig.help.score.body", ig: []igHelpPic{{temple: 1}, {temple: 2}, {temple: 3}, {temple: 4}, {temple: 5}}},
	{title: "ig.help.options.title", body: "ig.help.options.body"},
	{title: "ig.help.controls.title", body: "ig.help.controls.body"},
}

// drawIG draws the page's Incan Gold pictures in a row from y, each with
// its name under it (the first where the reader starts: on the right in a
// right-to-left language), and returns the y under them.
func (s *helpScene) drawIG(a *App, dst *ebiten.Image, pg helpPage, y float64) float64 {
	w := float64(a.w)
	art := igArt(a, int(a.U(86)))
	n := len(pg.ig)
	gap := a.U(18)
	cw, ch := float64(art.Width()), float64(art.Height())
	x := (w - (float64(n)*cw + float64(n-1)*gap)) / 2
	step := cw + gap
	if a.RTL() {
		x, step = x+float64(n-1)*step, -step
	}
	capY := y + ch + a.U(14)
	capH := 0.0
	for _, p := range pg.ig {
		var img *ebiten.Image
		var caption string
		switch {
		case p.torch:
			img, caption = art.Torch(), a.T("ig.help.torch")
		case p.camp:
			img, caption = art.Camp(), a.T("ig.help.camp")
		case p.temple > 0:
			img, caption = art.Temple(p.temple == 1), a.T("ig.help.temple", "n", p.temple)
		default:
			img, caption = art.Card(p.card), igCardCaption(a, p.card)
			if p.again {
				caption = a.T("ig.help.again", "hazard", caption)
			}
		}
		s.p.image(dst, img, x, y, 1, 1, 1)
		if p.temple > 0 {
			drawText(a, dst, a.Num(p.temple), a.U(15), x+cw/2, y+ch*0.22, alignCenter, colText)
		}
		capH = max(capH, drawWrapped(a, dst, caption, a.U(13), x+cw/2, capY-a.U(8), cw+gap-a.U(4), alignCenter, colTextDim))
		x += step
	}
	return capY + capH + a.U(14)
}

// igCardCaption names a quest card as the help's picture shows it.
func igCardCaption(a *App, c incangold.Card) string {
	switch {
	case c.IsTreasure():
		return a.N("ig.gems", c.Value())
	case c.IsHazard():
		return a.T("ig.hazard." + c.Kind().String())
	case c.IsArtifact():
		return a.T("ig.help.artifact")
	}
	return ""
}
