package underground

import (
	"math"
	"unicode/utf8"

	ugart "github.com/goldvein/goldvein/sprites/underground"

	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
)

// ugVis is half an icon's drawn part as a share of the width it is drawn
// at (96 of a 112-pixel cell, halved).
const ugVis = 0.43

// ugPiece is one thing a region shows beside its stack, in the order the
// planner places them (issue 25 item 6: every piece clear of every other).
type ugPiece uint8

const (
	ugPcMountain ugPiece                      = iota // the printed Black Mountain (fixed by the map)
	ugPcLair                                         // the printed lair and the Monsters on it (fixed by the map)
	ugPcPlace                                        // the Place or Relic there (ugShown.marker)
	ugPcRelic                                        // a Relic beside a Place (ugShown.relic)
	ugPcFigure                                       // ugPcFigure+f: figure f (the Volcano stands on its chasm's label)
	ugPcArmor    = ugPcFigure + ugart.Figures        // the stack's Mushroom Armor (U13.14)
	ugPcHammers  = ugPcArmor + 1                     // the Silver Hammers waiting with the stack (U12.5)
	ugPcVenge    = ugPcArmor + 2                     // the owner's Vengeance marker (U16.9)
	ugPcCost     = ugPcArmor + 3                     // a lit region's conquest cost (U5.5)
	ugPieces     = ugPcArmor + 4
	ugPcStack    = ugPieces // the stack itself, its count and the region's id (drawing records only)
)

// ugPlanKey is what a region's plan was made for: the scale and what the
// region shows (counts only as "none, one, more").
type ugPlanKey struct {
	s, fsz                   float64
	layers                   int // the pile's layers (1 to 4); 0 no stack
	armor, hammers           int // 0, 1, 2 (a count shows)
	place, relic, venge, lit bool
	figs                     uint8
	made                     bool
}

// ugPlan is where a region's pieces go at one scale: offsets (pixels)
// from its label on screen, so panning moves them with the map and only a
// new scale or a change of what it shows makes a new plan.
type ugPlan struct {
	key   ugPlanKey
	at    [ugPieces][2]float64  // each piece's centre
	box   [ugPieces]scenes.Rect // each piece's box with its count; W 0: not shown
	stack [4]scenes.Rect        // the stack's boxes (a pile of four: its ring, top token, count and region id); W 0: none
	dir   float64               // the side of the armor's count: -1 left, +1 right
	loose int                   // pieces that found no clear spot inside the region
}

// ugSizes are the sizes (pixels) pieces are drawn at for scale s.
type ugSizes struct {
	tok, mark, fsz, px float64
}

func ugSizesAt(s float64) ugSizes {
	e := ugEff(s)
	tok := 30 * e
	return ugSizes{tok: tok, mark: ugMarkUnits * e, fsz: math.Max(11, 12*e), px: math.Round(tok)}
}

// badgeD is the diameter of a badge holding runes characters at text
// size size (badge draws it so), px the sprite sheet's size.
func ugBadgeD(runes int, size, px float64) float64 {
	d := math.Max(size*1.3, size*0.6*float64(runes)+size*0.5)
	return math.Max(d, px*0.52)
}

// ugDisc is the box of an icon drawn d pixels wide centred on (x, y).
func ugDisc(x, y, d float64) scenes.Rect {
	h := d * ugVis
	return scenes.R(x-h, y-h, 2*h, 2*h)
}

// plan is region i's plan for what sh shows at scale s, made anew only
// when either changed.
func (b *ugBoard) plan(i int, sh *ugShown, s float64, layers int, lit bool) *ugPlan {
	if len(b.plans) != b.m.Len() {
		b.plans = make([]ugPlan, b.m.Len())
	}
	z := ugSizesAt(s)
	k := ugPlanKey{s: s, fsz: z.fsz, layers: layers, armor: min(sh.armor, 2), hammers: min(sh.hammers, 2),
		place: sh.marker >= 0, relic: sh.relic >= 0, venge: sh.venge, lit: lit, figs: sh.figs, made: true}
	p := &b.plans[i]
	if p.key != k {
		*p = ugPlan{key: k}
		b.makePlan(i, p, z)
	}
	return p
}

// makePlan places region i's pieces: the stack on the label (room for a
// pile of four, its count and the region's id below it, whether or not a
// stack stands there, so markers do not move when one arrives); then the
// printed Black Mountain and lair, the Place, the Relic and the figures
// (the map's marker spots first), the armor, hammers and Vengeance beside
// the stack and the cost above it, each at the first of its spots clear of
// all placed before, inside the region, or clear outside it when the
// region has no room left.
func (b *ugBoard) makePlan(i int, p *ugPlan, z ugSizes) {
	k := p.key
	s := k.s
	lbl := b.m.Regions[i].Label
	off := func(q [2]float64) (float64, float64) { return (q[0] - lbl[0]) * s, (q[1] - lbl[1]) * s }
	tok := z.tok
	if !b.m.IsChasm(i) {
		dy := tok * 0.12
		ring := ugDisc(0, dy*1.5, tok*ugRingK)
		top := ugDisc(0, -dy*1.5, tok)
		cnt := ugDisc(tok*0.42, -dy*1.5+tok*0.36, ugBadgeD(2, z.fsz, z.px))
		id := ugDisc(0, tok*0.8, ugBadgeD(utf8.RuneCountInString(b.m.ID(i)), math.Max(10, z.fsz*0.75), z.px))
		p.stack = [4]scenes.Rect{ring, top, cnt, id}
	}
	// The map's marker spots, the printed symbols taking the first.
	sl := b.g.slots[i]
	var spots [8][2]float64
	n := 0
	for j := 0; j < len(sl) && n < len(spots); j++ {
		x, y := off(sl[j])
		spots[n] = [2]float64{x, y}
		n++
	}
	marker := func(pc ugPiece, d float64) {
		p.place(b, i, pc, d, spots[:n])
	}
	if b.m.Regions[i].Terrain == maps.Mountain {
		marker(ugPcMountain, z.mark)
	}
	if b.m.Monster(i) {
		marker(ugPcLair, z.mark*1.05)
	}
	if k.place {
		marker(ugPcPlace, z.mark*1.1)
	}
	if k.relic {
		marker(ugPcRelic, z.mark*1.1)
	}
	for f := 0; f < ugart.Figures; f++ {
		if k.figs&(1<<f) != 0 && f != ugart.FigVolcano {
			marker(ugPcFigure+ugPiece(f), z.mark*1.3)
		}
	}
	if k.layers == 0 {
		return
	}
	// Beside the stack's top token.
	top := tok * 0.12 * float64(k.layers-1) / 2
	if k.armor > 0 {
		var own [len(ugArmorSpots)][2]float64
		for j, o := range ugArmorSpots {
			own[j] = [2]float64{o[0] * tok, -top + o[1]*tok}
		}
		p.place(b, i, ugPcArmor, tok*0.55, own[:])
	}
	if k.hammers > 0 {
		p.place(b, i, ugPcHammers, tok*0.55, [][2]float64{{-tok * 0.8, -top + tok*0.35}})
	}
	if k.venge {
		p.place(b, i, ugPcVenge, tok*0.52, [][2]float64{{tok * 0.8, -top - tok*0.3}})
	}
	if k.lit {
		d := z.fsz * 1.15 * 1.75
		p.place(b, i, ugPcCost, d, [][2]float64{{0, -tok*0.61 - d*ugVis - 1}})
	}
}

// ugArmorSpots are the armor's own spots beside a stack whose top token is
// centred on (0, 0), in token widths, in order of preference: left, right,
// lower left, above; its count goes towards the stack.
var ugArmorSpots = [...][2]float64{{-0.8, -0.2}, {0.82, -0.3}, {-0.8, 0.35}, {0, -1}}

// pieceBox is piece pc's box drawn d wide at (x, y), with its count
// where it has one; dir is the side the armor's count goes.
func (p *ugPlan) pieceBox(pc ugPiece, x, y, d float64, z ugSizes) (scenes.Rect, float64) {
	r := ugDisc(x, y, d)
	dir := 0.0
	switch pc {
	case ugPcLair: // with room for its Monsters' count
		r = ugUnion(r, ugDisc(x+z.mark*0.45, y+z.mark*0.4, ugBadgeD(2, z.fsz*0.85, z.px)))
	case ugPcArmor:
		dir = -1
		if x < 0 {
			dir = 1 // the count towards the stack
		}
		if p.key.armor > 1 {
			r = ugUnion(r, ugDisc(x+dir*z.tok*0.22, y+z.tok*0.2, ugBadgeD(2, z.fsz*0.8, z.px)))
		}
	case ugPcHammers:
		r = ugUnion(r, ugDisc(x-z.tok*0.25, y+z.tok*0.15, ugBadgeD(2, z.fsz*0.8, z.px)))
	}
	return r, dir
}

// clear reports whether box r overlaps nothing placed yet.
func (p *ugPlan) clear(r scenes.Rect) bool {
	for _, q := range p.stack {
		if q.W > 0 && ugOverlap(q, r) {
			return false
		}
	}
	for _, q := range p.box {
		if q.W > 0 && ugOverlap(q, r) {
			return false
		}
	}
	return true
}

// ugRingDirs are the directions (degrees, y down) rings of spots round
// the stack are tried in: left and right first, as the map's spots.
var ugRingDirs = [...]float64{180, 0, 225, 315, 135, 45, 270, 90, 202.5, 337.5, 157.5, 22.5, 247.5, 292.5, 112.5, 67.5}

// place puts piece pc (drawn d wide) at the first clear spot: own spots,
// then rings round the stack further out; inside region i
// (centre and box) if any such is clear, else with only its centre
// inside, else anywhere clear.
func (p *ugPlan) place(b *ugBoard, i int, pc ugPiece, d float64, own [][2]float64) {
	z := ugSizesAt(p.key.s)
	for pass := 0; pass < 3; pass++ {
		try := func(x, y float64) bool {
			box, dir := p.pieceBox(pc, x, y, d, z)
			if !p.clear(box) || !b.fits(i, p.key.s, x, y, box, pass) {
				return false
			}
			p.at[pc], p.box[pc], p.dir = [2]float64{x, y}, box, dir
			if pc != ugPcArmor {
				p.dir = p.dirOr()
			}
			if pass == 2 {
				p.loose++
			}
			return true
		}
		for _, q := range own {
			if try(q[0], q[1]) {
				return
			}
		}
		for ring := 0; ring < 8; ring++ {
			dist := z.tok*0.5 + d*ugVis*(1+0.8*float64(ring))
			for _, deg := range ugRingDirs {
				a := deg * math.Pi / 180
				if try(dist*math.Cos(a), dist*math.Sin(a)) {
					return
				}
			}
		}
	}
}

// dirOr keeps the armor's count side when another piece is placed.
func (p *ugPlan) dirOr() float64 {
	if p.box[ugPcArmor].W > 0 {
		return p.dir
	}
	return -1
}

// fits reports whether a piece centred at offset (x, y) with box box
// lies inside region i: pass 0 its centre and the box's corners drawn in
// by a quarter, pass 1 its centre, pass 2 anywhere.
func (b *ugBoard) fits(i int, s, x, y float64, box scenes.Rect, pass int) bool {
	if pass == 2 {
		return true
	}
	lbl := b.m.Regions[i].Label
	in := func(px, py float64) bool {
		return ugInside(b.g.spts[i], lbl[0]+px/s, lbl[1]+py/s)
	}
	if !in(x, y) {
		return false
	}
	if pass == 1 {
		return true
	}
	dx, dy := box.W*0.25, box.H*0.25
	return in(box.X+dx, box.Y+dy) && in(box.X+box.W-dx, box.Y+dy) && in(box.X+dx, box.Y+box.H-dy) && in(box.X+box.W-dx, box.Y+box.H-dy)
}

// ugInside reports whether map point (x, y) lies inside polygon p.
func ugInside(p [][2]float32, x, y float64) bool {
	in := false
	for k := range p {
		a, c := p[k], p[(k+1)%len(p)]
		ax, ay, cx, cy := float64(a[0]), float64(a[1]), float64(c[0]), float64(c[1])
		if (ay > y) != (cy > y) && x < ax+(y-ay)*(cx-ax)/(cy-ay) {
			in = !in
		}
	}
	return in
}
