package underground

import (
	"image"
	"image/color"
	"math"
	"unicode/utf8"

	ugart "github.com/goldvein/goldvein/sprites/underground"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
)

// ugShown is what a region shows, derived from the view once per SetView.
type ugShown struct {
	token    ugart.Icon // the stack's token; -1 no stack
	tokens   int
	race     color.RGBA
	seat     int // the owner's seat (its colour rings the stack); -1 none
	monsters int
	armor    int
	marker   ugart.Icon // the Place or Relic there; -1 none
	relic    ugart.Icon // a Relic beside a Place (both can lie there); -1 none
	figs     uint8      // figures here, a bit per ugFig*
	venge    bool       // the owner carries a Vengeance marker (U16.9)
	hammers  int        // Silver Hammers waiting with the Iron Dwarves here (U12.5)
	pop      int        // ticks left of the stack's "tokens arrived" bounce
}

// ugAnim is a token flying into a region (a conquest or redeployment).
type ugAnim struct {
	icon   ugart.Icon
	fromX  float64 // map units; NaN: from the lower edge (the hand)
	fromY  float64
	to     int
	t, dur float64
}

// ugLayer is the map pre-rendered at one scale (pixels per map unit).
type ugLayer struct {
	s   float64
	img *ebiten.Image
	pad float64
}

const ugLayerPad = 10

// ugEff is the scale markers are drawn at: they grow with the map up to
// 1.3 pixels per map unit and more slowly beyond, so a deep zoom shows
// more of the map around them.
func ugEff(s float64) float64 {
	if s <= 1.3 {
		return s
	}
	return 1.3 + (s-1.3)*0.45
}

// refreshShown rebuilds the per-region summary from b.v, and starts the
// motion of tokens that arrived since old.
func (b *ugBoard) refreshShown(old *underground.View) {
	for i := range b.shown {
		pop := b.shown[i].pop
		b.shown[i] = ugShown{token: -1, seat: -1, marker: -1, relic: -1, pop: pop}
	}
	for i := range b.figs {
		b.figs[i] = -1
	}
	v := b.v
	if v == nil {
		return
	}
	for i := range v.Regions {
		if i >= len(b.shown) {
			break
		}
		rv := &v.Regions[i]
		sh := &b.shown[i]
		if rv.Tokens > 0 {
			if r, ok := underground.ParseRace(rv.Race); ok {
				sh.token = ugart.IconRace + ugart.Icon(r)
				if rv.Decline {
					sh.token = ugart.IconDecline + ugart.Icon(r)
				}
				sh.race = ugart.Races(b.safe)[r]
			}
			sh.tokens = rv.Tokens
			if rv.Seat >= 0 && rv.Seat < len(v.Seats) {
				sh.seat = rv.Seat
			}
			if rv.Seat >= 0 && rv.Seat < len(v.Seats) && !rv.Decline {
				sv := &v.Seats[rv.Seat]
				sh.venge = len(sv.MarkedBy) > 0
			}
		}
		sh.monsters, sh.armor = rv.Monsters, rv.Armor
		if mk, ok := underground.ParseMarker(rv.Place); ok {
			sh.marker = ugart.IconMarker + ugart.Icon(mk)
		}
		if mk, ok := underground.ParseMarker(rv.Relic); ok {
			if sh.marker < 0 {
				sh.marker = ugart.IconMarker + ugart.Icon(mk)
			} else {
				sh.relic = ugart.IconMarker + ugart.Icon(mk)
			}
		}
	}
	for f, name := range ugart.FigureNames {
		fg, ok := v.Figures[name]
		if !ok || fg.Region == "" {
			continue
		}
		if i := b.m.Index(fg.Region); i >= 0 && i < len(b.shown) {
			b.figs[f] = i
			b.shown[i].figs |= 1 << f
		}
	}
	// Silver Hammers wait beside the Active Iron Dwarves' largest stack.
	for s := range v.Seats {
		sv := &v.Seats[s]
		if sv.Hammers <= 0 || sv.Active == nil || sv.Active.Race != "dwarves" {
			continue
		}
		best := -1
		for i := range v.Regions {
			rv := &v.Regions[i]
			if rv.Seat == s && !rv.Decline && rv.Tokens > 0 && i < len(b.shown) && (best < 0 || rv.Tokens > v.Regions[best].Tokens) {
				best = i
			}
		}
		if best >= 0 {
			b.shown[best].hammers = sv.Hammers
		}
	}
	b.startAnims(old)
}

// startAnims flies a token into each region whose stack grew (or changed
// hands) since old: from a region the same seat's tokens left, else from
// the lower edge (the hand).
func (b *ugBoard) startAnims(old *underground.View) {
	v := b.v
	if old == nil || len(old.Regions) != len(v.Regions) {
		return
	}
	for i := range v.Regions {
		nv, ov := &v.Regions[i], &old.Regions[i]
		if nv.Tokens == 0 || nv.Decline {
			continue
		}
		gain := nv.Tokens
		if ov.Seat == nv.Seat && ov.Race == nv.Race && !ov.Decline {
			gain = nv.Tokens - ov.Tokens
		}
		if gain <= 0 {
			continue
		}
		src := -1
		for j := range v.Regions {
			o, n := &old.Regions[j], &v.Regions[j]
			if j != i && o.Seat == nv.Seat && o.Race == nv.Race && !o.Decline && o.Tokens > n.Tokens && (n.Race == o.Race || n.Tokens == 0) {
				src = j
				break
			}
		}
		fx, fy := math.NaN(), math.NaN()
		if src >= 0 {
			l := b.m.Regions[src].Label
			fx, fy = l[0], l[1]
		}
		for k := 0; k < min(gain, 4) && len(b.anims) < 48; k++ {
			b.anims = append(b.anims, ugAnim{icon: b.shown[i].token, fromX: fx, fromY: fy, to: i, t: -float64(k) * 4, dur: 22})
		}
		b.shown[i].pop = 0
	}
}

// stepAnims advances the motions one tick at the player's animation speed.
func (b *ugBoard) stepAnims(a *scenes.App) {
	sp := a.Settings.AnimSpeed
	if sp <= 0 {
		sp = 1
	}
	k := 0
	for _, an := range b.anims {
		an.t += sp
		if an.t >= an.dur {
			b.shown[an.to].pop = 10
			continue
		}
		b.anims[k] = an
		k++
	}
	b.anims = b.anims[:k]
	for i := range b.shown {
		if b.shown[i].pop > 0 {
			b.shown[i].pop--
		}
	}
}

// polyPath makes region i's outline the pen's path, at scale s.
func (b *ugBoard) polyPath(pen *ugart.Pen, i int, s float64) {
	pen.Begin()
	fs, pad := float32(s), float32(ugLayerPad)
	for k, p := range b.g.pts[i] {
		if k == 0 {
			pen.Path.MoveTo(p[0]*fs+pad, p[1]*fs+pad)
		} else {
			pen.Path.LineTo(p[0]*fs+pad, p[1]*fs+pad)
		}
	}
	pen.Path.Close()
}

// clipFor is dst limited to r, kept while both stay the same (SubImage
// makes a new image each call).
func (b *ugBoard) clipFor(dst *ebiten.Image, r image.Rectangle) *ebiten.Image {
	if b.clip == nil || b.clipOf != dst || b.clipR != r {
		b.clip, b.clipOf, b.clipR = dst.SubImage(r).(*ebiten.Image), dst, r
	}
	return b.clip
}

var (
	ugRock    = color.RGBA{0x16, 0x11, 0x0d, 0xff}
	ugLitFill = color.RGBA{0xff, 0xe0, 0x70, 0xff}
	ugLitEdge = color.RGBA{0xff, 0xd0, 0x40, 0xff}
	ugFocus   = color.RGBA{0xff, 0xff, 0xff, 0xff}
)

// Draw draws the board into r of dst: the map, the lit regions with their
// cost, the stacks with their counts, the figures and markers, the tokens
// in motion and the one being dragged.
func (b *ugBoard) Draw(a *scenes.App, dst *ebiten.Image, r image.Rectangle) {
	b.safe = a.Settings.ColorBlind
	b.setRect(r)
	if r.Empty() {
		return
	}
	clip := b.clipFor(dst, r)
	fr := scenes.R(float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()))
	b.p.Fill(clip, fr, ugRock)
	if l := b.layer(a); l != nil {
		// A layer of another scale (the new one is being painted) is
		// drawn scaled to this one.
		ox, oy := b.origin()
		k := b.scale() / l.s
		b.p.Op.GeoM.Reset()
		b.p.Op.GeoM.Scale(k, k)
		b.p.Op.GeoM.Translate(ox-l.pad*k, oy-l.pad*k)
		b.p.Op.ColorScale.Reset()
		b.p.Op.Filter = ebiten.FilterNearest
		if k != 1 {
			b.p.Op.Filter = ebiten.FilterLinear
		}
		clip.DrawImage(l.img, &b.p.Op)
		b.drawOverlays(clip, l)
	} else {
		b.drawOverlays(clip, nil)
	}
	b.drawPieces(a, clip)
}

// drawOverlays lights the target regions (a soft pulse and a bright edge),
// dims the others while some are lit, and marks the hovered, focused and
// drop regions.
func (b *ugBoard) drawOverlays(dst *ebiten.Image, l *ugLayer) {
	b.vs, b.is = b.vs[:0], b.is[:0]
	pulse := 0.5 + 0.5*math.Sin(float64(b.ticks)*0.09)
	if len(b.lit) > 0 {
		// Dim everything, then draw the lit regions again from the map
		// layer: two cheap draws rather than every other region's shape.
		b.p.Fill(dst, scenes.R(float64(b.r.Min.X), float64(b.r.Min.Y), float64(b.r.Dx()), float64(b.r.Dy())), color.RGBA{0, 0, 0, 0x58})
		if l != nil {
			for _, i := range b.lit {
				b.addFill(i, color.RGBA{0xff, 0xff, 0xff, 0xff}, l)
			}
			b.flushTrisFrom(dst, l.img)
		}
		for _, i := range b.lit {
			b.addFill(i, withAlpha(ugLitFill, uint8(0x18+0x20*pulse)), nil)
		}
	}
	drop := -1
	if b.dragging && b.dragFrom >= 0 {
		drop = b.regionAt(int(b.dragX), int(b.dragY))
		b.addFill(b.dragFrom, color.RGBA{0xff, 0xff, 0xff, 0x30}, nil)
	}
	if b.hover >= 0 && b.hover != drop {
		b.addFill(b.hover, color.RGBA{0xff, 0xff, 0xff, 0x22}, nil)
	}
	if drop >= 0 {
		b.addFill(drop, color.RGBA{0x7c, 0xe0, 0x8a, 0x60}, nil)
	}
	// Edges: lit regions, then the focus and the drop region above them.
	s := b.scale()
	w := math.Max(2.5, 2.2*math.Sqrt(s))
	for _, i := range b.lit {
		b.addEdge(i, w, ugLitEdge)
	}
	if b.focus >= 0 && b.focusKeys {
		b.addEdge(b.focus, w+1, ugFocus)
	}
	if drop >= 0 {
		b.addEdge(drop, w+1, scenes.ColLegal)
	}
	b.flushTris(dst)
}

func withAlpha(c color.RGBA, a uint8) color.RGBA { c.A = a; return c }

// addFill queues region i's triangles (simplified outline) in colour c
// (straight alpha); with l, textured from the map layer l (c tints it).
func (b *ugBoard) addFill(i int, c color.RGBA, l *ugLayer) {
	ox, oy := b.origin()
	s := b.scale()
	base := len(b.vs)
	pts := b.g.spts[i]
	if base+len(pts) > math.MaxUint16 {
		return
	}
	cr, cg, cb, ca := float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255
	for _, p := range pts {
		sx, sy := float32(1.5), float32(1.5)
		if l != nil {
			sx, sy = float32(float64(p[0])*l.s+l.pad), float32(float64(p[1])*l.s+l.pad)
		}
		b.vs = append(b.vs, ebiten.Vertex{DstX: float32(ox + float64(p[0])*s), DstY: float32(oy + float64(p[1])*s),
			SrcX: sx, SrcY: sy, ColorR: cr * ca, ColorG: cg * ca, ColorB: cb * ca, ColorA: ca})
	}
	for _, k := range b.g.stris[i] {
		b.is = append(b.is, uint16(base)+k)
	}
}

// addEdge queues region i's outline as quads w pixels wide, inside the
// region (so neighbouring lit edges do not cover each other).
func (b *ugBoard) addEdge(i int, w float64, c color.RGBA) {
	ox, oy := b.origin()
	s := b.scale()
	pts := b.g.spts[i]
	n := len(pts)
	if len(b.vs)+4*n > math.MaxUint16 {
		return
	}
	cr, cg, cb, ca := float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255
	sign := 1.0
	if maps.Area(b.m.Regions[i].Shape) < 0 {
		sign = -1
	}
	for k := 0; k < n; k++ {
		p, q := pts[k], pts[(k+1)%n]
		x0, y0 := ox+float64(p[0])*s, oy+float64(p[1])*s
		x1, y1 := ox+float64(q[0])*s, oy+float64(q[1])*s
		dx, dy := x1-x0, y1-y0
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		// The inward normal of a counter-clockwise (on screen) polygon.
		nx, ny := sign*dy/l*w, -sign*dx/l*w
		// Overlap each quad a little with the next so joints have no gaps.
		ex, ey := dx/l*w*0.5, dy/l*w*0.5
		base := uint16(len(b.vs))
		for _, v := range [4][2]float64{{x0 - ex, y0 - ey}, {x1 + ex, y1 + ey}, {x1 + ex + nx, y1 + ey + ny}, {x0 - ex + nx, y0 - ey + ny}} {
			b.vs = append(b.vs, ebiten.Vertex{DstX: float32(v[0]), DstY: float32(v[1]), SrcX: 1.5, SrcY: 1.5,
				ColorR: cr * ca, ColorG: cg * ca, ColorB: cb * ca, ColorA: ca})
		}
		b.is = append(b.is, base, base+1, base+2, base, base+2, base+3)
	}
}

func (b *ugBoard) flushTris(dst *ebiten.Image) { b.flushTrisFrom(dst, scenes.WhitePx) }

// flushTrisFrom draws the queued triangles from src and empties the queue.
func (b *ugBoard) flushTrisFrom(dst, src *ebiten.Image) {
	if len(b.is) > 0 {
		b.p.Tri.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
		b.p.Tri.AntiAlias = false
		b.p.Tri.Address = ebiten.AddressUnsafe
		b.p.Tri.Filter = ebiten.FilterNearest
		dst.DrawTriangles(b.vs, b.is, src, &b.p.Tri)
	}
	b.vs, b.is = b.vs[:0], b.is[:0]
}

// sprite draws icon k centred on screen point (x, y), px wide, from the
// sheet made at the frame's token size.
func (b *ugBoard) sprite(dst *ebiten.Image, k ugart.Icon, x, y, px float64, alpha float32) {
	b.spriteTint(dst, k, x, y, px, color.RGBA{0xff, 0xff, 0xff, uint8(alpha * 255)})
}

// spriteTint is sprite with the icon's colours scaled by c.
func (b *ugBoard) spriteTint(dst *ebiten.Image, k ugart.Icon, x, y, px float64, c color.RGBA) {
	if k < 0 || k >= ugart.IconCount || b.sheet == nil {
		return
	}
	if b.rec != nil && b.ri >= 0 {
		b.rec(b.ri, b.rg, ugDisc(x, y, px))
	}
	sc := px / float64(b.sheet.Px)
	op := &b.p.Op
	op.GeoM.Reset()
	op.GeoM.Scale(sc, sc)
	x, y = x-px/2, y-px/2
	if math.Abs(sc-1) < 0.01 {
		x, y = math.Round(x), math.Round(y)
	}
	op.GeoM.Translate(x, y)
	op.ColorScale.Reset()
	scenes.SetColor(&op.ColorScale, c)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(b.sheet.Icons[k], op)
}

// drawPieces draws the stacks, markers and figures of every region, the
// lit regions' costs, the tokens in motion and the dragged token, with
// their numbers.
func (b *ugBoard) drawPieces(a *scenes.App, dst *ebiten.Image) {
	s := b.scale()
	e := ugEff(s)
	tok := 30 * e
	mark := ugMarkUnits * e
	fsz := math.Max(11, 12*e)
	num := b.numbers(a)
	inFlight := b.inFlight()
	if px := int(math.Round(tok)); b.sheet == nil || b.sheet.Px != px || b.sheet.Safe != b.safe {
		b.sheet = ugart.SpritesAt(px, b.safe)
	}
	a.BeginText(dst)
	defer a.EndText()
	for i := range b.shown {
		sh := &b.shown[i]
		lbl := b.m.Regions[i].Label
		lx, ly := b.toScreen(lbl[0], lbl[1])
		if lx < float64(b.r.Min.X)-80 || ly < float64(b.r.Min.Y)-80 || lx > float64(b.r.Max.X)+80 || ly > float64(b.r.Max.Y)+80 {
			continue
		}
		shown := 0
		if sh.token >= 0 && sh.tokens > 0 {
			shown = sh.tokens - inFlight[i]
			if i == b.dragFrom && b.dragging {
				shown = b.dragLeft()
			}
		}
		_, lit := b.targets[i]
		layers := min(max(shown, 0), 4)
		// Every piece where the region's plan puts it, clear of the others
		// (issue 25 item 6).
		p := b.plan(i, sh, s, layers, lit)
		b.ri = i
		if p.box[ugPcMountain].W > 0 {
			b.rg = ugPcMountain
			b.sprite(dst, ugart.IconMountain, lx+p.at[ugPcMountain][0], ly+p.at[ugPcMountain][1], mark, 1)
		}
		if p.box[ugPcLair].W > 0 {
			b.rg = ugPcLair
			b.sprite(dst, ugart.IconLair, lx+p.at[ugPcLair][0], ly+p.at[ugPcLair][1], mark, 1)
		}
		if p.box[ugPcLair].W > 0 && sh.monsters > 0 {
			b.rg = ugPcLair
			x, y := lx+p.at[ugPcLair][0], ly+p.at[ugPcLair][1]
			b.sprite(dst, ugart.IconMonster, x, y, mark*1.05, 1)
			if sh.monsters > 1 {
				b.badge(a, dst, x+mark*0.45, y+mark*0.4, num(sh.monsters), fsz*0.85, scenes.ColText, color.RGBA{0x20, 0x30, 0x14, 0xf0})
			}
		}
		for pc := ugPcPlace; pc <= ugPcRelic; pc++ {
			k := sh.marker
			if pc == ugPcRelic {
				k = sh.relic
			}
			if k < 0 || p.box[pc].W == 0 {
				continue
			}
			b.rg = pc
			b.sprite(dst, k, lx+p.at[pc][0], ly+p.at[pc][1], mark*1.1, 1)
		}
		for f := 0; f < ugart.Figures; f++ {
			if sh.figs&(1<<f) == 0 {
				continue
			}
			b.rg = ugPcFigure + ugPiece(f)
			if f == ugart.FigVolcano {
				b.sprite(dst, ugart.IconFigure+ugart.Icon(f), lx, ly, tok*1.1, 1)
				continue
			}
			pc := ugPcFigure + ugPiece(f)
			b.sprite(dst, ugart.IconFigure+ugart.Icon(f), lx+p.at[pc][0], ly+p.at[pc][1], mark*1.3, 1)
		}
		b.rg = ugPcStack
		if shown > 0 {
			b.stack(a, dst, sh, lx, ly, tok, shown, fsz, num, p)
		}
		b.regionID(a, dst, i, lx, ly, shown > 0, tok, fsz)
		if c, ok := b.targets[i]; ok && c >= 0 {
			b.rg = ugPcCost
			b.costBadge(a, dst, lx+p.at[ugPcCost][0], ly+p.at[ugPcCost][1], num(c), fsz*1.15)
		}
	}
	b.ri = -1
	b.drawAnims(dst, tok)
	if b.dragging && b.dragFrom >= 0 {
		sh := &b.shown[b.dragFrom]
		n := 1
		if b.dragStack {
			n = sh.tokens
		}
		b.stack(a, dst, sh, b.dragX, b.dragY-tok*0.3, tok*1.1, n, fsz, num, nil)
	}
}

// dragLeft is how many tokens the drag leaves on its region, as shown.
func (b *ugBoard) dragLeft() int {
	sh := &b.shown[b.dragFrom]
	if b.dragStack {
		return 0
	}
	return sh.tokens - 1
}

// ugIDInk is the colour of a region's id on the map.
var ugIDInk = color.RGBA{0xe8, 0xdc, 0xc4, 0xff}

// regionID writes region i's id ("r28", as the log and the tips name it)
// small on a dark tag, on the region's label point, or under its stack
// when it holds one, so a region the log names can be found on the map
// (issue 25 item 6). Chasms hold nothing and are not named; the rules
// pages' pictures (help_board.go) name no region.
func (b *ugBoard) regionID(a *scenes.App, dst *ebiten.Image, i int, x, y float64, stack bool, tok, fsz float64) {
	if b.noIDs || b.m.IsChasm(i) {
		return
	}
	if stack {
		y += tok * 0.8
	}
	b.badge(a, dst, x, y, b.m.ID(i), math.Max(10, fsz*0.75), ugIDInk, color.RGBA{0x10, 0x0c, 0x08, 0xb0})
}

// badge draws a number on a small dark disc centred on (x, y).
func (b *ugBoard) badge(a *scenes.App, dst *ebiten.Image, x, y float64, s string, size float64, fg, bg color.RGBA) {
	// Never small enough for a mipmap (keeps the batch); as wide as its
	// characters (not bytes: a Persian digit is two).
	d := ugBadgeD(utf8.RuneCountInString(s), size, float64(b.sheet.Px))
	b.spriteTint(dst, ugart.IconDisc, x, y, d, bg)
	if b.whole(x, y, d/2, size) {
		scenes.DrawTextDir(a, dst, s, size, x, y, scenes.AlignCenter, fg, false)
	}
}

// whole reports whether a number at text size size centred on (x, y), w
// pixels either side, lies wholly inside the board's rectangle: one cut
// by its edge is left out (its disc shows cut; half a digit misleads).
func (b *ugBoard) whole(x, y, w, size float64) bool {
	return x-w >= float64(b.r.Min.X) && x+w <= float64(b.r.Max.X) && y-size >= float64(b.r.Min.Y) && y+size <= float64(b.r.Max.Y)
}

// costBadge draws a lit region's conquest cost: a gold disc with the
// number (U5.5).
func (b *ugBoard) costBadge(a *scenes.App, dst *ebiten.Image, x, y float64, s string, size float64) {
	b.sprite(dst, ugart.IconCost, x, y, size*1.75, 1)
	if b.whole(x, y, size*0.75, size) {
		scenes.DrawTextDir(a, dst, s, size, x, y, scenes.AlignCenter, scenes.ColTextDark, false)
	}
}

// inFlight counts, per region, the tokens still flying in (they land on
// the stack as they arrive); the array is reused.
func (b *ugBoard) inFlight() []int {
	if cap(b.flight) < len(b.shown) {
		b.flight = make([]int, len(b.shown))
	}
	f := b.flight[:len(b.shown)]
	clear(f)
	for _, an := range b.anims {
		f[an.to]++
	}
	return f
}

// drawAnims draws the tokens in motion along an arc.
func (b *ugBoard) drawAnims(dst *ebiten.Image, tok float64) {
	for _, an := range b.anims {
		if an.t < 0 {
			continue
		}
		to := b.m.Regions[an.to].Label
		tx, ty := b.toScreen(to[0], to[1])
		fx, fy := an.fromX, an.fromY
		var sx, sy float64
		if math.IsNaN(fx) {
			sx, sy = float64(b.r.Min.X+b.r.Max.X)/2, float64(b.r.Max.Y)+tok
		} else {
			sx, sy = b.toScreen(fx, fy)
		}
		k := scenes.Ease(an.t / an.dur)
		x, y := scenes.Lerp(sx, tx, k), scenes.Lerp(sy, ty, k)-math.Sin(k*math.Pi)*tok*1.2
		b.sprite(dst, an.icon, x, y, tok*(1+0.2*math.Sin(k*math.Pi)), 1)
	}
}

// numbers returns the board's number formatter: counts in the app's
// digits (Persian digits in Persian), cached per catalogue so a frame
// formats nothing.
func (b *ugBoard) numbers(a *scenes.App) func(int) string {
	if b.numCat != a.Cat {
		b.numCat = a.Cat
		clear(b.nums[:])
	}
	if b.numFn == nil {
		b.numFn = func(n int) string {
			if n < 0 || n >= len(b.nums) {
				return b.numCatNum(n)
			}
			if b.nums[n] == "" {
				b.nums[n] = b.numCatNum(n)
			}
			return b.nums[n]
		}
	}
	return b.numFn
}

func (b *ugBoard) numCatNum(n int) string { return b.numCat.Num(n) }

// ugMarkUnits is a marker's size in map units (at ugEff's scale).
const ugMarkUnits = 22
