package cardart

import (
	"image"
	"image/color"
	"image/draw"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// pathCodes lists every path card code of R2.2 as it may lie in the maze:
// each kind of R2.3 in both orientations (R3.3), tunnels then dead ends.
var pathCodes = []string{
	"NESW", "NES", "NSW", "ESW", "NEW", "NS", "EW", "NE", "SW", "NW", "ES",
	"xNESW", "xNES", "xNSW", "xESW", "xNEW", "xNS", "xEW", "xNE", "xSW", "xNW", "xES", "xN", "xS", "xE", "xW",
}

// otherCodes lists the other card codes of R2.2: start, goals face down and
// up (each coal in both orientations) and the action cards.
var otherCodes = []string{
	"START", "GOAL", "GOLD", "coal:NE", "coal:SW", "coal:NW", "coal:ES",
	"broken:pickaxe", "broken:lantern", "broken:cart",
	"repair:pickaxe", "repair:lantern", "repair:cart",
	"repair:pickaxe+lantern", "repair:pickaxe+cart", "repair:lantern+cart",
	"rockfall", "map",
}

// AllCards returns every card of R2.2 that can show a face: the path cards
// in both orientations, the start, the goals (face down, gold, both coals
// in both orientations) and every action card. 44 cards.
func AllCards() []saboteur.Card {
	out := make([]saboteur.Card, 0, len(pathCodes)+len(otherCodes))
	for _, code := range append(append([]string{}, pathCodes...), otherCodes...) {
		out = append(out, saboteur.MustCard(code))
	}
	return out
}

// Sheet draws every face on one labelled sheet, card width widthPx, in
// palette p: the path cards, start and goals, backs and roles, action
// cards, gold cards and tool icons, each captioned with its card code. It is
// what `goldvein gallery` writes.
func Sheet(widthPx int, p Palette) *image.RGBA {
	widthPx = max(widthPx, 4)
	type item struct {
		img   *image.RGBA
		label string
	}
	var rows [][]item
	row := func(codes []string) []item {
		var r []item
		for _, code := range codes {
			r = append(r, item{RenderCard(saboteur.MustCard(code), widthPx, p), code})
		}
		return r
	}
	rows = append(rows, row(pathCodes[:11]), row(pathCodes[11:]), row(otherCodes[:7]))
	rows[2] = append(rows[2],
		item{RenderBack(widthPx, p), "back"},
		item{RenderRole(saboteur.GoldDigger, widthPx, p), "gold-digger"},
		item{RenderRole(saboteur.Saboteur, widthPx, p), "saboteur"},
		item{RenderRole(saboteur.NoRole, widthPx, p), "role back"},
	)
	rows = append(rows, row(otherCodes[7:]))
	var last []item
	for v := 1; v <= 3; v++ {
		last = append(last, item{RenderGoldCard(v, widthPx, p), "gold " + string(rune('0'+v))})
	}
	icon := max(widthPx/2, 16)
	for _, broken := range []bool{false, true} {
		for _, t := range []saboteur.Tool{saboteur.Pickaxe, saboteur.Lantern, saboteur.Cart} {
			label := t.String()
			if broken {
				label = "x " + label
			}
			last = append(last, item{RenderTool(t, broken, icon, p), label})
		}
	}
	last = append(last, item{RenderIcon(max(widthPx, 32), p), "app icon"})
	rows = append(rows, last)

	face := basicfont.Face7x13
	gap, labelH := max(widthPx/8, 6), 29
	cellW := max(widthPx, 15*7) + gap
	cellH := CardHeight(widthPx) + labelH + gap
	cols := 0
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	sheet := image.NewRGBA(image.Rect(0, 0, gap+cols*cellW, gap+len(rows)*cellH))
	draw.Draw(sheet, sheet.Bounds(), image.NewUniform(p.Background), image.Point{}, draw.Src)
	d := font.Drawer{Dst: sheet, Src: image.NewUniform(color.RGBA{230, 220, 200, 255}), Face: face}
	for y, r := range rows {
		for x, it := range r {
			ox, oy := gap+x*cellW, gap+y*cellH
			b := it.img.Bounds()
			at := image.Pt(ox+(cellW-gap-b.Dx())/2, oy+(CardHeight(widthPx)-b.Dy())/2)
			draw.Draw(sheet, b.Add(at), it.img, image.Point{}, draw.Over)
			lines := []string{it.label}
			if i := strings.IndexByte(it.label, ':'); i > 0 && font.MeasureString(face, it.label).Round() > cellW-2 {
				lines = []string{it.label[:i+1], it.label[i+1:]}
			}
			for j, l := range lines {
				w := font.MeasureString(face, l).Round()
				d.Dot = fixed.P(ox+(cellW-gap-w)/2, oy+CardHeight(widthPx)+13+13*j)
				d.DrawString(l)
			}
		}
	}
	return sheet
}
