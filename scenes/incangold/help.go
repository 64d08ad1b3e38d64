package incangold

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
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

// igHelpPics are one page's pictures (scenes.HelpPicture).
type igHelpPics []igHelpPic

// igHelpPages is Incan Gold's rules help (the menu's Rules with Incan Gold
// picked): a summary of INCAN_GOLD.md in pages, each citing its I-numbers
// (and the table options' O-numbers), with the cards it talks about.
var igHelpPages = []scenes.HelpPage{
	{Title: "ig.help.turn.title", Body: "ig.help.turn.body", Pic: igHelpPics{{torch: true}, {camp: true}}},
	{Title: "ig.help.treasure.title", Body: "ig.help.treasure.body", Pic: igHelpPics{{card: incangold.Treasure(7)}, {card: incangold.Treasure(11)}, {card: incangold.Treasure(17)}}},
	{Title: "ig.help.hazards.title", Body: "ig.help.hazards.body", Pic: igHelpPics{{card: incangold.HazardCard(incangold.Snake)}, {card: incangold.HazardCard(incangold.Spider)}, {card: incangold.HazardCard(incangold.Snake), again: true}}},
	{Title: "ig.help.artifacts.title", Body: "ig.help.artifacts.body", Pic: igHelpPics{{card: incangold.Artifact(1)}, {card: incangold.Artifact(2)}, {camp: true}}},
	{Title: "ig.help.score.title", Body: "ig.help.score.body", Pic: igHelpPics{{temple: 1}, {temple: 2}, {temple: 3}, {temple: 4}, {temple: 5}}},
	{Title: "ig.help.options.title", Body: "ig.help.options.body"},
	{Title: "ig.help.controls.title", Body: "ig.help.controls.body"},
}

// Draw draws the page's Incan Gold pictures (scenes.HelpPicture) in a row from y, each with
// its name under it (the first where the reader starts: on the right in a
// right-to-left language), and returns the y under them.
func (pics igHelpPics) Draw(a *scenes.App, pt *scenes.Painter, dst *ebiten.Image, y float64) float64 {
	w := float64(a.W)
	art := igArt(a, int(a.U(86)))
	n := len(pics)
	gap := a.U(18)
	cw, ch := float64(art.Width()), float64(art.Height())
	x := (w - (float64(n)*cw + float64(n-1)*gap)) / 2
	step := cw + gap
	if a.RTL() {
		x, step = x+float64(n-1)*step, -step
	}
	capY := y + ch + a.U(14)
	capH := 0.0
	for _, p := range pics {
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
		pt.Image(dst, img, x, y, 1, 1, 1)
		if p.temple > 0 {
			scenes.DrawText(a, dst, a.Num(p.temple), a.U(15), x+cw/2, y+ch*0.22, scenes.AlignCenter, scenes.ColText)
		}
		capH = max(capH, scenes.DrawWrapped(a, dst, caption, a.U(13), x+cw/2, capY-a.U(8), cw+gap-a.U(4), scenes.AlignCenter, scenes.ColTextDim))
		x += step
	}
	return capY + capH + a.U(14)
}

// igCardCaption names a quest card as the help's picture shows it.
func igCardCaption(a *scenes.App, c incangold.Card) string {
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
