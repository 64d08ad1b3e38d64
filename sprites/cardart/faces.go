package cardart

import (
	"image"
	"image/color"
	"math"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// CardW and CardH are the size of a card at scale 1, in pixels, and the
// size of the art unit box every card is drawn in: portrait cards, long side
// vertical, because all cards lie the same way (R3.3).
const CardW, CardH = 64, 96

// Geometry of the maze art, in card units (a card is CardW x CardH units).
const (
	// TunnelW is the width of a tunnel.
	TunnelW = 20.0
	// deadReach is how far from the card's centre a dead end's tunnel
	// stops: the boulder of radius boulderR sits in the rock between.
	deadReach = 15.0
	boulderR  = 10.5
	cornerR   = 4.0 // card corner radius
	borderW   = 1.3 // width of a card's outer edge
)

// CardHeight returns the pixel height of a card widthPx pixels wide
// (CardH/CardW of it, rounded down, at least 1).
func CardHeight(widthPx int) int {
	return max(1, widthPx*CardH/CardW)
}

// newFace makes an empty card image widthPx wide (at least 4 px) and a
// canvas on it whose units are card units. It returns the height of the
// card in units (CardH, give or take the rounding of the pixel height).
func newFace(widthPx int) (*image.RGBA, *canvas, float64) {
	widthPx = max(widthPx, 4)
	img := image.NewRGBA(image.Rect(0, 0, widthPx, CardHeight(widthPx)))
	s := float64(widthPx) / CardW
	return img, newCanvas(img, s), float64(img.Bounds().Dy()) / s
}

// RenderCard draws the face of card c, as placed (R2.2: a path card's
// openings are its orientation), widthPx pixels wide and
// CardHeight(widthPx) high, in palette p. Path cards, the start, goals face
// down (GOAL) and face up (GOLD, coal), and all action cards have a face;
// a card that is none of these (Kind NoCard, say) gets a plain "unknown"
// face rather than a panic.
func RenderCard(c saboteur.Card, widthPx int, p Palette) *image.RGBA {
	img, cv, h := newFace(widthPx)
	drawCard(cv, h, c, p)
	return img
}

// RenderBack draws the back of a draw-pile card (the deck's path and action
// cards), widthPx wide.
func RenderBack(widthPx int, p Palette) *image.RGBA {
	img, cv, h := newFace(widthPx)
	drawBack(cv, h, p, false)
	return img
}

// RenderRole draws role card r (R1) widthPx wide: the gold-digger (a miner
// with a helmet lamp and a pickaxe) or the saboteur (a hooded figure with a
// lit bomb). NoRole gives the back of a role card.
func RenderRole(r saboteur.Role, widthPx int, p Palette) *image.RGBA {
	img, cv, h := newFace(widthPx)
	switch r {
	case saboteur.GoldDigger:
		drawDigger(cv, h, p)
	case saboteur.Saboteur:
		drawSaboteur(cv, h, p)
	default:
		drawBack(cv, h, p, true)
	}
	return img
}

// RenderGoldCard draws a gold card worth value (R2.6: 1, 2 or 3) widthPx
// wide: as many nuggets as it is worth. Other values get the unknown face.
func RenderGoldCard(value, widthPx int, p Palette) *image.RGBA {
	img, cv, h := newFace(widthPx)
	if value < 1 || value > 3 {
		drawUnknown(cv, h, p)
	} else {
		drawGoldCard(cv, h, value, p)
	}
	return img
}

// RenderTool draws the small round icon of one tool (saboteur.Pickaxe,
// saboteur.Lantern or saboteur.Cart), whole or broken (cracked, with a cross),
// sizePx pixels square (at least 4), for the player panels (R6.1).
func RenderTool(t saboteur.Tool, broken bool, sizePx int, p Palette) *image.RGBA {
	sizePx = max(sizePx, 4)
	img := image.NewRGBA(image.Rect(0, 0, sizePx, sizePx))
	cv := newCanvas(img, float64(sizePx)/64)
	drawToolBadge(cv, t, broken, p)
	return img
}

func drawToolBadge(c *canvas, t saboteur.Tool, broken bool, p Palette) {
	// Below 32 px a crack is sub-pixel noise: small badges show the tool
	// larger and the cross in a smaller disc, off the tool's middle.
	small := c.scale()*64 < 32
	bg, ring := p.Paper, p.Ink
	if broken {
		bg, ring = mix(p.Paper, p.Danger, 0.3), p.Danger
	}
	c.circle(32, 32, 30.5)
	c.fill(p.Ink)
	c.circle(32, 32, 28)
	c.fill(ring)
	c.circle(32, 32, 25.5)
	c.fill(bg)
	ic := c.sub(6, 6, 52.0/64)
	if broken && !small {
		ic = c.sub(6, 4, 50.0/64)
	}
	if broken && small {
		ic = c.sub(3, 2, 54.0/64)
	}
	drawTool(ic, t, p)
	if !broken {
		return
	}
	// The tool stays recognisable; a crack splits it and a cross in a disc
	// at the lower right says "broken" by shape, not only colour.
	if small {
		c.circle(48, 48, 12)
		c.inked(p.Danger, p.Ink, 2)
		drawCross(c, 48, 48, 5, 4.5, p.Paper, p.Danger)
		return
	}
	drawCrack(ic, bg)
	c.circle(45, 45, 14)
	c.inked(p.Danger, p.Ink, 2)
	drawCross(c, 45, 45, 6.5, 4.5, p.Paper, p.Danger)
}

func drawCard(c *canvas, h float64, card saboteur.Card, p Palette) {
	code := card.String()
	switch card.Kind {
	case saboteur.Path:
		if card.Open == 0 || card.Open&^saboteur.AllSides != 0 {
			drawUnknown(c, h, p)
			return
		}
		drawRock(c, h, p, code)
		drawTunnels(c, h, card.Open, card.DeadEnd, p)
		if card.DeadEnd {
			drawBoulder(c, CardW/2, h/2, boulderR, p, code)
		}
	case saboteur.Start:
		drawRock(c, h, p, code)
		drawTunnels(c, h, saboteur.AllSides, false, p)
		drawLadder(c, h, p)
	case saboteur.Goal:
		switch card.Goal {
		case saboteur.NoGoal:
			drawGoalBack(c, h, p)
		case saboteur.Gold:
			drawRock(c, h, p, code)
			drawTunnels(c, h, saboteur.AllSides, false, p)
			drawGoldPile(c, h, p)
		default:
			open := card.Open
			if open == 0 {
				open = card.Goal.Open()
			}
			drawRock(c, h, p, code)
			drawTunnels(c, h, open, false, p)
			drawCoalPile(c, h, p)
		}
	case saboteur.Broken:
		drawBrokenCard(c, h, card.Tools, p)
	case saboteur.Repair:
		drawRepairCard(c, h, card.Tools, p)
	case saboteur.Rockfall:
		drawRockfallCard(c, h, p)
	case saboteur.Map:
		drawMapCard(c, h, p)
	default:
		drawUnknown(c, h, p)
	}
}

// drawRock fills the card with textured rock: the ground of every maze card.
func drawRock(c *canvas, h float64, p Palette, code string) {
	c.roundRect(0, 0, CardW, h, cornerR)
	c.fill(p.RockDark)
	c.roundRect(borderW, borderW, CardW-2*borderW, h-2*borderW, cornerR-borderW/2)
	c.fill(p.Rock)
	r := seed("rock" + code)
	// Strata: gentle wavy bands across the card.
	for i := 0; i < 4; i++ {
		y := h * (0.12 + 0.24*float64(i) + r.between(-0.04, 0.04))
		var pts []pt
		amp, ph := r.between(1, 3), r.between(0, 6)
		for x := 3.0; x <= CardW-3; x += 4 {
			pts = append(pts, pt{x, y + amp*math.Sin(x/9+ph)})
		}
		c.polyline(r.between(0.5, 1.1), pts...)
		c.fill(alpha(p.RockDark, 70))
	}
	// A few stones set in the rock.
	for i := 0; i < 5; i++ {
		x, y := r.between(6, CardW-6), r.between(6, h-6)
		rad := r.between(1.8, 3)
		c.poly(c.blobPts(&r, x, y, rad, rad*r.between(0.6, 0.9), 0.2, 6), false)
		c.inked(mix(p.Rock, p.RockLight, 0.5), alpha(p.RockDark, 180), 0.7)
	}
	// Speckles: pebbles lighter and darker than the rock.
	for i := 0; i < 34; i++ {
		x, y := r.between(4, CardW-4), r.between(4, h-4)
		rad := r.between(0.6, 1.8)
		c.poly(c.blobPts(&r, x, y, rad, rad*r.between(0.6, 1), 0.25, 5), false)
		if i%2 == 0 {
			c.fill(alpha(p.RockLight, 170))
		} else {
			c.fill(alpha(p.RockDark, 130))
		}
	}
}

// tunnelShape adds the shape of the tunnels of a card with openings open,
// grown outward by g units (negative g shrinks it): arms from each opening
// toward the centre, joined at the centre for a tunnel card, stopping
// deadReach short of it for a dead end (R2.1).
func tunnelShape(c *canvas, h float64, open saboteur.Side, dead bool, g float64) {
	cx, cy := CardW/2.0, h/2
	hw := TunnelW/2 + g
	for _, s := range []saboteur.Side{saboteur.N, saboteur.E, saboteur.S, saboteur.W} {
		if open&s == 0 {
			continue
		}
		dx, dy := s.Delta()
		fdx, fdy := float64(dx), float64(dy)
		// Distance from the centre to the card edge on this side.
		edge := cy
		if dx != 0 {
			edge = cx
		}
		in := 0.0 // where the arm starts, measured from the centre
		if dead {
			in = deadReach + TunnelW/2
			c.circle(cx+fdx*in, cy+fdy*in, hw)
		}
		out := edge + 2
		a, b := pt{cx + fdx*in, cy + fdy*in}, pt{cx + fdx*out, cy + fdy*out}
		c.seg(a, b, 2*hw)
	}
	if !dead {
		c.circle(cx, cy, hw)
	}
}

// drawTunnels cuts the tunnels into the rock: a dark rim, shaded walls and
// the floor in the Tunnel colour, which reaches the card edge at every
// opening.
func drawTunnels(c *canvas, h float64, open saboteur.Side, dead bool, p Palette) {
	// Light from the upper left: the far lip of the cut catches it.
	tunnelShape(c.sub(1.4, 1.4, 1), h, open, dead, 2.2)
	c.fill(alpha(p.RockLight, 220))
	tunnelShape(c, h, open, dead, 2.2)
	c.fill(p.RockDark)
	tunnelShape(c, h, open, dead, 0)
	c.fill(p.TunnelDark)
	tunnelShape(c, h, open, dead, -2.4)
	c.fill(p.Tunnel)
	// A worn, slightly lighter path down the middle of the floor.
	tunnelShape(c, h, open, dead, -6.5)
	c.fill(alpha(mix(p.Tunnel, p.Rock, 0.5), 40))
}

// drawBoulder draws the boulder that blocks a dead end at (cx, cy).
func drawBoulder(c *canvas, cx, cy, r float64, p Palette, code string) {
	rs := seed("boulder" + code)
	c.ellipse(cx+1.5, cy+r*0.75, r*1.05, r*0.4)
	c.fill(alpha(p.Ink, 110))
	// Rubble at its foot.
	for i := 0; i < 4; i++ {
		a := math.Pi*0.15 + float64(i)*math.Pi*0.25 + rs.between(-0.1, 0.1)
		x, y := cx+r*1.05*math.Cos(a)*1.1, cy+r*0.85*math.Sin(a)
		rr := rs.between(2, 3.2)
		c.poly(c.blobPts(&rs, x, y, rr, rr*0.8, 0.2, 5), false)
		c.inked(mix(p.Boulder, p.RockDark, 0.4), p.Ink, 0.8)
	}
	c.poly(c.blobPts(&rs, cx, cy, r, r*0.92, 0.09, 7), false)
	c.inked(p.Boulder, p.Ink, 1.2)
	c.ellipse(cx-r*0.3, cy-r*0.35, r*0.45, r*0.3)
	c.fill(alpha(p.RockLight, 200))
	c.polyline(0.9, pt{cx + r*0.45, cy - r*0.75}, pt{cx + r*0.6, cy - r*0.2}, pt{cx + r*0.35, cy + r*0.25}, pt{cx + r*0.5, cy + r*0.7})
	c.fill(alpha(p.Ink, 150))
}

// drawLadder draws the start's shaft and its ladder at the card centre.
func drawLadder(c *canvas, h float64, p Palette) {
	cx, cy := CardW/2.0, h/2
	c.circle(cx, cy, 13.5)
	c.fill(alpha(p.GoldLight, 60))
	c.ellipse(cx, cy+3, 9.5, 7.5)
	c.inked(p.TunnelDark, p.Ink, 1)
	for _, x := range []float64{cx - 5.5, cx + 5.5} {
		c.roundRect(x-1.4, cy-17, 2.8, 30, 1.2)
		c.inked(p.Wood, p.Ink, 0.9)
	}
	for y := cy - 13.0; y <= cy+9; y += 5.5 {
		c.rect(cx-4.3, y, 8.6, 2)
		c.inked(p.Wood, p.Ink, 0.8)
	}
}

// nugget draws one gold nugget (a lumpy blob with shade and shine).
func nugget(c *canvas, r *rng, x, y, rad float64, p Palette) {
	body := c.blobPts(r, x, y, rad, rad*0.8, 0.2, 9)
	c.poly(body, false)
	c.inked(p.Gold, p.GoldDark, math.Max(0.8, rad*0.12))
	// Facets: a shaded lower side and small dents.
	c.poly(c.blobPts(r, x+rad*0.2, y+rad*0.3, rad*0.65, rad*0.38, 0.2, 7), false)
	c.fill(alpha(p.GoldDark, 110))
	for i := 0; i < 3; i++ {
		a := r.between(0, 2*math.Pi)
		d := r.between(0.2, 0.55) * rad
		c.circle(x+d*math.Cos(a), y+d*0.8*math.Sin(a), rad*r.between(0.07, 0.12))
	}
	c.fill(alpha(p.GoldDark, 150))
	c.poly(c.blobPts(r, x-rad*0.32, y-rad*0.32, rad*0.3, rad*0.17, 0.2, 5), false)
	c.fill(p.GoldLight)
	c.circle(x+rad*0.25, y-rad*0.45, rad*0.08)
	c.fill(white)
}

// sparkle draws a four-pointed glint.
func sparkle(c *canvas, x, y, r float64, p Palette) {
	c.star(x, y, r)
	c.fill(p.GoldLight)
	c.star(x, y, r*0.45)
	c.fill(white)
}

// drawGoldPile draws the heap of glittering nuggets on the gold goal.
func drawGoldPile(c *canvas, h float64, p Palette) {
	cx, cy := CardW/2.0, h/2
	c.circle(cx, cy, 17)
	c.fill(alpha(p.Gold, 70))
	r := seed("gold pile")
	for _, n := range []struct{ x, y, r float64 }{
		{-7, 5, 5.5}, {6, 6, 5.8}, {0, -1, 6.2}, {-9, -6, 4.2}, {9, -5, 4.4}, {0, 11, 4},
	} {
		nugget(c, &r, cx+n.x, cy+n.y, n.r, p)
	}
	sparkle(c, cx-3, cy-10, 4, p)
	sparkle(c, cx+12, cy+3, 3.2, p)
	sparkle(c, cx-13, cy+9, 2.6, p)
	sparkle(c, cx+4, cy-28, 2.4, p)
	sparkle(c, cx-3, cy+28, 2.4, p)
}

// drawCoalPile draws the dark coal lumps on a coal goal.
func drawCoalPile(c *canvas, h float64, p Palette) {
	cx, cy := CardW/2.0, h/2
	r := seed("coal pile")
	for _, n := range []struct{ x, y, r float64 }{
		{-5, 3, 5.5}, {5, 4, 5.2}, {0, -3, 5.8}, {-3, 9, 3.8}, {6, -6, 3.5},
	} {
		x, y, rad := cx+n.x, cy+n.y, n.r
		c.poly(c.blobPts(&r, x, y, rad, rad*0.85, 0.22, 6), false)
		c.inked(p.Coal, p.CoalLight, 0.9)
		c.polygon(pt{x - rad*0.5, y - rad*0.1}, pt{x - rad*0.1, y - rad*0.6}, pt{x + rad*0.2, y - rad*0.2})
		c.fill(alpha(p.CoalLight, 200))
	}
}

// drawGoalBack draws a goal card face down: a stone slab in a gold frame
// with a question mark.
func drawGoalBack(c *canvas, h float64, p Palette) {
	cx, cy := CardW/2.0, h/2
	c.roundRect(0, 0, CardW, h, cornerR)
	c.fill(p.Ink)
	c.roundRect(borderW, borderW, CardW-2*borderW, h-2*borderW, cornerR-borderW/2)
	c.fill(mix(p.RockDark, p.Tunnel, 0.45))
	c.roundRect(5, 5, CardW-10, h-10, 3)
	c.outline(1.6)
	c.fill(p.Accent)
	c.roundRect(8, 8, CardW-16, h-16, 2)
	c.outline(0.7)
	c.fill(alpha(p.Accent, 150))
	for _, q := range []pt{{8, 8}, {CardW - 8, 8}, {8, h - 8}, {CardW - 8, h - 8}} {
		c.polygon(pt{q.x, q.y - 3}, pt{q.x + 3, q.y}, pt{q.x, q.y + 3}, pt{q.x - 3, q.y})
		c.fill(p.Accent)
	}
	c.circle(cx, cy, 19)
	c.fill(alpha(p.Accent, 40))
	drawQuestion(c, cx, cy, 1, p.Gold, p.Ink)
}

// drawQuestion draws a question mark centred on (cx, cy), k times 30 units
// tall.
func drawQuestion(c *canvas, cx, cy, k float64, col, edge color.RGBA) {
	shape := func(w float64) {
		c.arcStroke(cx, cy-7*k, 7.5*k, -math.Pi*1.05, math.Pi*0.35, w)
		c.polyline(w, pt{cx + 7.5*k*math.Cos(math.Pi*0.35), cy - 7*k + 7.5*k*math.Sin(math.Pi*0.35)}, pt{cx, cy + 4*k}, pt{cx, cy + 6*k})
		c.circle(cx, cy+13*k, w*0.75)
	}
	shape(5.5*k + 2.4)
	c.fill(edge)
	shape(5.5 * k)
	c.fill(col)
}

// drawPaper draws the face of an action or gold card: paper in an ink
// edge, with an inner frame line and a coloured band across the top.
func drawPaper(c *canvas, h float64, band color.RGBA, p Palette) {
	c.roundRect(0, 0, CardW, h, cornerR)
	c.fill(p.Ink)
	c.roundRect(borderW, borderW, CardW-2*borderW, h-2*borderW, cornerR-borderW/2)
	c.fill(p.Paper)
	c.roundRect(4, 4, CardW-8, h-8, 2.5)
	c.outline(0.8)
	c.fill(p.PaperDark)
	c.roundRect(4, 4, CardW-8, 11, 2.5)
	c.fill(band)
}

func drawBrokenCard(c *canvas, h float64, t saboteur.Tool, p Palette) {
	drawPaper(c, h, p.Danger, p)
	drawCross(c, CardW/2, 9.5, 3, 2, p.Paper, p.Danger)
	cy := h * 0.5
	c.circle(CardW/2, cy, 27)
	c.fill(mix(p.Paper, p.Danger, 0.18))
	ic := c.sub(CardW/2-25, cy-25, 50.0/64)
	drawTool(ic, t, p)
	drawCrack(ic, mix(p.Paper, p.Danger, 0.18))
	drawCross(c, CardW/2, cy+22, 8, 5, p.Danger, p.Paper)
}

func drawRepairCard(c *canvas, h float64, t saboteur.Tool, p Palette) {
	drawPaper(c, h, p.Safe, p)
	drawCheck(c, CardW/2, 9.5, 3.5, 2, p.Paper, p.Safe)
	tools := t.Tools()
	switch len(tools) {
	case 1:
		cy := h * 0.42
		c.circle(CardW/2, cy, 23)
		c.fill(mix(p.Paper, p.Safe, 0.16))
		drawTool(c.sub(CardW/2-22, cy-22, 44.0/64), tools[0], p)
	default:
		// Either tool may be mended (R6.2): both are shown, split by a slash.
		cy := h * 0.38
		for i, tool := range tools {
			x := 17.5 + float64(i)*29
			y := cy - 8 + float64(i)*16
			c.circle(x, y, 14)
			c.fill(mix(p.Paper, p.Safe, 0.16))
			drawTool(c.sub(x-14, y-14, 28.0/64), tool, p)
		}
		c.line(pt{41, cy - 16}, pt{23, cy + 16}, 1.6)
		c.fill(p.PaperDark)
	}
	drawWrench(c, pt{12, h - 14}, pt{42, h - 30}, 4.2, p)
	c.circle(46, h-17, 9.5)
	c.inked(p.Safe, p.Ink, 1)
	drawCheck(c, 46, h-17, 5, 2.6, p.Paper, p.Safe)
}

func drawRockfallCard(c *canvas, h float64, p Palette) {
	drawPaper(c, h, p.RockDark, p)
	// A window of rock with a tunnel, crushed by falling boulders.
	x0, y0, w, hh := 8.0, 19.0, 48.0, h-27
	c.roundRect(x0, y0, w, hh, 3)
	c.inked(p.Rock, p.Ink, 1.2)
	ty := y0 + hh*0.68
	c.rect(x0+0.6, ty-8, w-1.2, 16)
	c.fill(p.RockDark)
	c.rect(x0+0.6, ty-6, w-1.2, 12)
	c.fill(p.Tunnel)
	// A crack in the roof where the rocks broke away.
	c.polyline(1.2, pt{22, y0 + 1}, pt{27, y0 + 10}, pt{23, y0 + 17}, pt{29, y0 + 26}, pt{27, ty - 8})
	c.fill(p.RockDark)
	r := seed("rockfall")
	drawBoulderSmall(c, &r, 20, ty+1, 7, p)
	drawBoulderSmall(c, &r, 44, ty+1.5, 6.5, p)
	drawBoulderSmall(c, &r, 32, ty-3, 8, p)
	// Falling rocks with speed lines.
	for _, f := range []struct{ x, y, r float64 }{{19, y0 + 15, 4.8}, {43, y0 + 11, 5.4}} {
		for i := -1; i <= 1; i++ {
			c.line(pt{f.x + float64(i)*2.2, f.y - f.r - 7}, pt{f.x + float64(i)*2.2, f.y - f.r - 2}, 0.9)
		}
		c.fill(alpha(p.RockLight, 230))
		drawBoulderSmall(c, &r, f.x, f.y, f.r, p)
	}
	// Down arrows on the band.
	for _, x := range []float64{20, 32, 44} {
		c.polygon(pt{x - 3, 7}, pt{x + 3, 7}, pt{x, 12})
		c.fill(p.Paper)
	}
}

func drawBoulderSmall(c *canvas, r *rng, x, y, rad float64, p Palette) {
	c.poly(c.blobPts(r, x, y, rad, rad*0.88, 0.14, 6), false)
	c.inked(p.Boulder, p.Ink, 0.9)
	c.ellipse(x-rad*0.3, y-rad*0.35, rad*0.4, rad*0.25)
	c.fill(alpha(p.RockLight, 200))
}

func drawMapCard(c *canvas, h float64, p Palette) {
	drawPaper(c, h, p.Wood, p)
	// Folded parchment: three panels.
	y0, y1 := 19.0, h-10
	for i := 0; i < 3; i++ {
		x := 9 + float64(i)*15.4
		skew := 2.0
		if i%2 == 1 {
			skew = -2
		}
		c.polygon(pt{x, y0 + skew}, pt{x + 15.4, y0 - skew}, pt{x + 15.4, y1 - skew}, pt{x, y1 + skew})
		col := mix(p.Paper, p.PaperDark, 0.28)
		if i%2 == 1 {
			col = mix(p.Paper, p.PaperDark, 0.5)
		}
		c.inked(col, p.Ink, 1)
	}
	// The dashed trail from the start (bottom left) to the goal (top right).
	var trail []pt
	for t := 0.0; t <= 1.0001; t += 0.02 {
		x := 14 + 34*t
		y := y1 - 8 - (y1-y0-24)*t + 7*math.Sin(t*2*math.Pi*1.3)
		trail = append(trail, pt{x, y})
	}
	for i := 0; i+2 < len(trail); i += 5 {
		c.line(trail[i], trail[i+2], 1.6)
	}
	c.fill(p.WoodDark)
	end := trail[len(trail)-1]
	drawCross(c, end.x, end.y-4, 3.8, 2.2, p.Danger, p.Paper)
	// The start: a small ladder mark.
	c.rect(11, y1-12, 1.2, 8)
	c.rect(15, y1-12, 1.2, 8)
	c.rect(11, y1-10, 5, 1)
	c.rect(11, y1-7, 5, 1)
	c.fill(p.WoodDark)
	// A magnifier on the band: the map lets you look.
	c.ring(28, 9, 3, 1.4)
	c.line(pt{30.5, 11.5}, pt{34, 14}, 1.6)
	c.fill(p.Paper)
}

// drawBack draws the back of a deck card (role=false) or of a role card
// (role=true): a dark field in a gold frame with an emblem.
func drawBack(c *canvas, h float64, p Palette, role bool) {
	cx, cy := CardW/2.0, h/2
	c.roundRect(0, 0, CardW, h, cornerR)
	c.fill(p.Ink)
	c.roundRect(borderW, borderW, CardW-2*borderW, h-2*borderW, cornerR-borderW/2)
	c.fill(p.Back)
	// A lattice of fine diagonal lines.
	for k := -100.0; k < 160; k += 8 {
		c.seg(pt{k, 0}, pt{k + h, h}, 0.6)
		c.seg(pt{k + h, 0}, pt{k, h}, 0.6)
	}
	c.fill(alpha(p.Accent, 38))
	c.roundRect(4.5, 4.5, CardW-9, h-9, 3)
	c.outline(1.5)
	c.fill(p.Accent)
	c.roundRect(7, 7, CardW-14, h-14, 2)
	c.outline(0.6)
	c.fill(alpha(p.Accent, 150))
	c.circle(cx, cy, 20)
	c.inked(mix(p.Back, p.Ink, 0.4), p.Accent, 1.6)
	if role {
		// Role back: a helmet and a hood side by side would give the
		// game away; a single question mark does not.
		drawQuestion(c, cx, cy, 0.95, p.Accent, p.Ink)
		return
	}
	// Deck back: crossed pickaxes over a nugget.
	drawPickaxe(c.rot(-0.62-0.7, cx, cy).sub(cx-16, cy-18, 0.5), p)
	drawPickaxe(c.rot(-0.62+0.7, cx, cy).sub(cx-16, cy-18, 0.5), p)
	r := seed("back")
	nugget(c, &r, cx, cy+8, 6, p)
	sparkle(c, cx+6, cy+3, 2.4, p)
}

// drawRoleFrame draws a role card's frame and field in colour col, with a
// soft light behind the figure.
func drawRoleFrame(c *canvas, h float64, col color.RGBA, p Palette) {
	c.roundRect(0, 0, CardW, h, cornerR)
	c.fill(p.Ink)
	c.roundRect(borderW, borderW, CardW-2*borderW, h-2*borderW, cornerR-borderW/2)
	c.fill(mix(col, p.Ink, 0.25))
	for i, r := range []float64{28, 22, 16} {
		c.circle(CardW/2, h*0.42, r)
		c.fill(alpha(mix(col, white, 0.25), uint8(70+40*i)))
	}
	c.roundRect(4.5, 4.5, CardW-9, h-9, 3)
	c.outline(1.2)
	c.fill(p.Accent)
}

// drawDigger draws the gold-digger: a bearded miner with a helmet lamp,
// holding a pickaxe.
func drawDigger(c *canvas, h float64, p Palette) {
	drawRoleFrame(c, h, p.Digger, p)
	cx, cy := CardW/2.0, h*0.42
	// Lamp beam.
	c.polygon(pt{cx + 2, cy - 13}, pt{cx + 25, cy - 30}, pt{cx + 26, cy - 16})
	c.fill(alpha(p.GoldLight, 120))
	// Pickaxe over the shoulder, behind the body.
	drawPickaxe(c.sub(cx-4, cy-10, 0.62), p)
	// Body: overalls.
	c.polygon(pt{cx - 17, h - 7}, pt{cx - 14, cy + 12}, pt{cx + 14, cy + 12}, pt{cx + 17, h - 7})
	c.inked(p.WoodDark, p.Ink, 1.2)
	c.rect(cx-8, cy+17, 16, 12)
	c.inked(p.Wood, p.Ink, 0.9)
	// Head, beard, helmet.
	c.circle(cx, cy, 10)
	c.inked(p.Skin, p.Ink, 1.2)
	c.polygon(pt{cx - 10, cy}, pt{cx + 10, cy}, pt{cx + 8, cy + 12}, pt{cx, cy + 21}, pt{cx - 8, cy + 12})
	c.inked(mix(p.WoodDark, p.Wood, 0.3), p.Ink, 1.1)
	c.ellipse(cx, cy+3, 5, 2)
	c.fill(p.Skin)
	c.circle(cx-3.6, cy-1.5, 1.3)
	c.circle(cx+3.6, cy-1.5, 1.3)
	c.fill(p.Ink)
	c.circle(cx, cy+1.5, 2)
	c.fill(mix(p.Skin, p.Danger, 0.3))
	helmet := c.arcPts(nil, cx, cy-5, 11.5, 10, math.Pi, 2*math.Pi)
	c.polygon(helmet...)
	c.inked(p.Accent, p.Ink, 1.2)
	c.roundRect(cx-14, cy-6, 28, 3.2, 1.5)
	c.inked(p.Accent, p.Ink, 1)
	c.circle(cx+1, cy-12, 3.4)
	c.inked(p.GoldLight, p.Ink, 1)
	// A nugget at the feet.
	r := seed("digger")
	nugget(c, &r, cx+19, h-14, 4.5, p)
}

// drawSaboteur draws the saboteur: a hooded, masked figure holding a bomb
// with a lit fuse.
func drawSaboteur(c *canvas, h float64, p Palette) {
	drawRoleFrame(c, h, p.Saboteur, p)
	cx, cy := CardW/2.0, h*0.42
	cloak := mix(p.Saboteur, p.Ink, 0.55)
	// Cloak and hood: one pointed silhouette.
	c.polygon(pt{cx - 20, h - 7}, pt{cx - 13, cy + 6}, pt{cx - 12, cy - 8}, pt{cx, cy - 20}, pt{cx + 12, cy - 8}, pt{cx + 13, cy + 6}, pt{cx + 20, h - 7})
	c.inked(cloak, p.Ink, 1.2)
	// Face in the hood's shadow, masked.
	c.ellipse(cx, cy, 8, 9)
	c.fill(mix(p.Skin, p.Ink, 0.45))
	c.roundRect(cx-9, cy-3.5, 18, 5, 2)
	c.fill(p.Ink)
	c.ellipse(cx-3.5, cy-1, 1.8, 1.1)
	c.ellipse(cx+3.5, cy-1, 1.8, 1.1)
	c.fill(p.Paper)
	// Hood edge.
	c.arcStroke(cx, cy+1, 10, math.Pi*1.05, math.Pi*1.95, 1.6)
	c.fill(mix(cloak, white, 0.2))
	// The bomb, held in front, its fuse lit.
	bx, by := cx+10, cy+23
	c.arcStroke(bx+5, by-8, 5, math.Pi, math.Pi*1.6, 1.2)
	c.fill(p.WoodDark)
	sparkle(c, bx+8, by-13, 3.6, p)
	c.circle(bx+8, by-13, 1.3)
	c.fill(p.Flame)
	c.circle(bx, by, 7)
	c.inked(p.Coal, p.Ink, 1.2)
	c.rect(bx-2, by-9.5, 4, 3)
	c.inked(p.MetalDark, p.Ink, 0.8)
	c.ellipse(bx-2.5, by-2.5, 2, 1.3)
	c.fill(alpha(white, 150))
	// A hand on the bomb.
	c.circle(bx-6, by+3, 2.8)
	c.inked(mix(p.Skin, p.Ink, 0.2), p.Ink, 0.9)
}

// drawGoldCard draws a gold card worth v: v nuggets, and v pips in the
// corners so the value reads in a fanned hand too.
func drawGoldCard(c *canvas, h float64, v int, p Palette) {
	c.roundRect(0, 0, CardW, h, cornerR)
	c.fill(p.Ink)
	c.roundRect(borderW, borderW, CardW-2*borderW, h-2*borderW, cornerR-borderW/2)
	c.fill(mix(p.Paper, p.Gold, 0.3))
	c.roundRect(4.5, 4.5, CardW-9, h-9, 3)
	c.outline(1.2)
	c.fill(p.GoldDark)
	r := seed("gold card")
	cx, cy := CardW/2.0, h/2
	layouts := [][]pt{
		{{cx, cy}},
		{{cx - 8, cy - 10}, {cx + 8, cy + 10}},
		{{cx, cy - 15}, {cx - 10, cy + 8}, {cx + 10, cy + 8}},
	}
	rad := []float64{14, 11, 10}[v-1]
	c.circle(cx, cy, 24)
	c.fill(alpha(p.GoldLight, 90))
	for _, q := range layouts[v-1] {
		nugget(c, &r, q.x, q.y, rad, p)
	}
	sparkle(c, cx+13, cy-19, 3.4, p)
	sparkle(c, cx-15, cy+18, 2.6, p)
	for i := 0; i < v; i++ {
		y := 10.5 + float64(i)*6
		nugget(c, &r, 10.5, y, 2.4, p)
		nugget(c, &r, CardW-10.5, h-y, 2.4, p)
	}
}

// drawUnknown draws the face of something that is no known card: paper
// with a question mark in the danger colour, never a panic.
func drawUnknown(c *canvas, h float64, p Palette) {
	drawPaper(c, h, p.Danger, p)
	drawQuestion(c, CardW/2, h/2, 1, p.Danger, p.Ink)
}

// RenderIcon draws the app's icon sizePx pixels square (at least 8): the
// emblem of the card back, crossed pickaxes over a gold nugget, on a
// rounded dark tile with a gold edge.
func RenderIcon(sizePx int, p Palette) *image.RGBA {
	sizePx = max(sizePx, 8)
	img := image.NewRGBA(image.Rect(0, 0, sizePx, sizePx))
	c := newCanvas(img, float64(sizePx)/64)
	c.roundRect(0.5, 0.5, 63, 63, 12)
	c.fill(p.Ink)
	c.roundRect(2.5, 2.5, 59, 59, 10.5)
	c.fill(p.Back)
	c.roundRect(5, 5, 54, 54, 8.5)
	c.outline(2.4)
	c.fill(p.Accent)
	drawPickaxe(c.rot(-0.62-0.7, 32, 32).sub(2, 0, 0.94), p)
	drawPickaxe(c.rot(-0.62+0.7, 32, 32).sub(2, 0, 0.94), p)
	r := seed("icon")
	nugget(c, &r, 32, 44, 11, p)
	sparkle(c, 43, 35, 4.5, p)
	return img
}
