package underground

import (
	"image"
	"math"
	"slices"

	ugart "github.com/goldvein/goldvein/sprites/underground"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
)

// ugZoom are the board's zoom steps, as factors of the scale that fits the
// whole cave into the board's rectangle. Discrete steps let each keep its
// own pre-rendered map (borders crisp at every step).
var ugZoom = [...]float64{0.8, 1, 1.25, 1.55, 1.9, 2.35, 2.9, 3.5}

// ugZoomFit is the step that shows the whole cave.
const ugZoomFit = 1

// ugLayerMax is the largest side (pixels) of a pre-rendered map: deeper
// zoom steps stop there (GPU texture limits).
const ugLayerMax = 4096

// ugBoard draws one Underground map (the cave regions from their polygons)
// with what a View shows on it, and reads pointer, touch and keys over it.
//
// The map itself (terrain fills with their patterns, borders, the River,
// chasms, Volcano and Monster symbols, Black Mountains) is rendered once
// per zoom step into an image; a frame draws that image where the camera
// puts it, then the stacks, figures and markers from one sprite sheet and
// their numbers from the text cache, so a steady frame allocates nothing.
// Right-to-left languages do not mirror the map (a map is a picture).
type ugBoard struct {
	m *maps.Map
	g *ugGeom
	v *underground.View

	targets  map[int]int // lit regions and their cost (negative: no number)
	lit      []int       // the lit regions in Tab order
	drag     bool        // redeployment by dragging is on
	dragSeat int         // the seat whose stacks may be dragged (SetDrag)
	noKeys   bool        // the keyboard is elsewhere this tick (a LAN table's chat box)
	tabOut   bool        // Tab belongs to the screen around the board (tabWithin), not to the board
	first    bool        // the acting player's next conquest is a first one (SetFirstConquest)

	// Camera: the map point (map units) at the rectangle's centre and the
	// zoom step; fitted until the player pans or zooms.
	camX, camY float64
	zoom       int
	moved      bool
	r          image.Rectangle // the rectangle of the last Update or Draw
	fit        float64         // pixels per map unit at ugZoomFit for r

	// Pointer state.
	panning      bool
	panX, panY   int
	pinch        float64 // distance between two touches at the last tick; 0 none
	dragFrom     int     // the region tokens are dragged from; -1 none
	dragStack    bool    // the whole stack is dragged (Shift held at the press)
	dragging     bool    // the press travelled: tokens follow the pointer
	dragX, dragY float64 // where the dragged token is drawn
	hover        int     // the region under the pointer; -1 none
	focus        int     // the keyboard focus; -1 none
	focusKeys    bool    // the focus was moved by keys (so it shows)
	pressT       int     // ticks the current press has lasted
	held         int     // the region a long press explains; -1 none

	tipRegion int    // the region tip explains
	tip       string // the one-line explanation of tipRegion
	tipView   *underground.View
	tipCat    *i18n.Catalog
	tipLit    int // the lit cost the tip was made with

	plans []ugPlan // per region: where its pieces go at the current scale (plan)
	// rec, when set (tests), is told of every sprite drawn for a region's
	// pieces: the region ri, the piece rg it belongs to and its box.
	rec func(region int, pc ugPiece, box scenes.Rect)
	ri  int     // the region whose pieces are being drawn; -1 none
	rg  ugPiece // the piece being drawn

	art    *ugArt       // the map pre-rendered at the current scale, and the sprites
	sheet  *ugart.Sheet // the sprites at the current token size
	safe   bool         // the races in the colour-blind palette (Settings; set by Draw)
	noIDs  bool         // the regions' ids are not written (a rules page's picture)
	shown  []ugShown    // per region: what is drawn, from the view
	anims  []ugAnim     // tokens moving in
	figs   [ugart.Figures]int
	ticks  int
	vs     []ebiten.Vertex
	is     []uint16
	p      scenes.Painter
	clip   *ebiten.Image // dst.SubImage(r), kept while dst and r stay
	clipOf *ebiten.Image
	clipR  image.Rectangle
	flight []int // tokens in flight per region (drawPieces)
	names  []string
	you    int // the seat the tips call "your" (SetNames); -1 none

	numCat *i18n.Catalog // the catalogue nums are in
	nums   [100]string
	numFn  func(int) string
}

// ugBoardActionKind says what the player did on the board.
type ugBoardActionKind uint8

const (
	ugNone     ugBoardActionKind = iota // nothing
	ugActivate                          // a click, tap or Enter on a region
	ugRedeploy                          // tokens dragged from one region to another
)

// ugBoardAction is what the player did on the board this frame.
type ugBoardAction struct {
	Kind   ugBoardActionKind // ugNone, ugActivate (click/tap/Enter on a region), ugRedeploy (drag from -> to)
	Region int               // the activated region, or the drop region
	From   int               // ugRedeploy: the region the token came from
	// Key is true when the keyboard (Enter on the focus) did it, false
	// for the pointer.
	Key bool
	// Count is, for ugRedeploy, how many tokens the drag carries: 1, or
	// the whole stack on From when Shift was held at the press (the caller
	// keeps what the rules allow, U7.5).
	Count int
}

// newUGBoard makes a board for map m (maps.Builtin / maps.ForPlayers).
func newUGBoard(m *maps.Map) *ugBoard { return newUGBoardWith(m, newUGGeom(m)) }

// newUGBoardWith makes a board for map m with its geometry g (ugGeomFor).
func newUGBoardWith(m *maps.Map, g *ugGeom) *ugBoard {
	b := &ugBoard{m: m, g: g, zoom: ugZoomFit, camX: m.Width / 2, camY: m.Height / 2,
		dragFrom: -1, dragSeat: -1, hover: -1, ri: -1, you: -1, focus: -1, held: -1, tipRegion: -1}
	b.shown = make([]ugShown, m.Len())
	for i := range b.figs {
		b.figs[i] = -1
	}
	return b
}

// SetView gives the board what to draw (v as the viewing seat sees it;
// the board keeps the pointer, never mutates v). Called after every event.
// Stacks that grow start a short motion from where tokens left (or from
// the rectangle's lower edge: the hand).
func (b *ugBoard) SetView(v *underground.View) {
	old := b.v
	b.v = v
	b.tipView = nil // the tip is rebuilt on the next Update
	b.refreshShown(old)
}

// SetTargets lights regions the player may act on now, by region index,
// with a number to print on them (the conquest cost in tokens; a negative
// number lights without a number); nil clears. The board copies t.
func (b *ugBoard) SetTargets(t map[int]int) {
	clear(b.targets)
	b.lit = b.lit[:0]
	for i, c := range t {
		if i < 0 || i >= b.m.Len() {
			continue
		}
		if b.targets == nil {
			b.targets = make(map[int]int, len(t))
		}
		b.targets[i] = c
		b.lit = append(b.lit, i)
	}
	slices.Sort(b.lit)
	if b.focus >= 0 && len(b.lit) > 0 && !b.isLit(b.focus) {
		b.focus = -1
	}
	b.tipView = nil
}

// SetDrag enables redeployment dragging for seat (-1: off): the player
// can drag tokens from one of that seat's Active regions to another (one
// token per drag, or the stack with Shift held); Update reports it as a
// Redeploy. The seat is given, not read from the view: the play screen's
// board draws the public view (View(-1)), which names no seat.
func (b *ugBoard) SetDrag(seat int) {
	b.drag = seat >= 0
	b.dragSeat = seat
	if !b.drag {
		b.dragFrom, b.dragging = -1, false
	}
}

func (b *ugBoard) isLit(i int) bool {
	_, ok := b.targets[i]
	return ok
}

// Hovered is the region under the pointer (or last long-pressed), or the
// keyboard focus (-1 none)
// and a one-line explanation of it with its U-number (terrain, owner and
// tokens, monster lair, place, relic, markers), for the caller's tooltip.
func (b *ugBoard) Hovered() (region int, tip string) {
	if b.tipRegion < 0 {
		return -1, ""
	}
	return b.tipRegion, b.tip
}

// scale is the pixels per map unit at the current zoom step.
func (b *ugBoard) scale() float64 { return b.fit * ugZoom[b.zoom] }

// setRect adopts the board's rectangle: the fitting scale follows it, and
// the deepest zoom steps are cut to what ugLayerMax allows.
func (b *ugBoard) setRect(r image.Rectangle) {
	if r == b.r && b.fit > 0 {
		return
	}
	b.r = r
	w, h := math.Max(b.m.Width, 1), math.Max(b.m.Height, 1)
	b.fit = math.Max(math.Min(float64(r.Dx())/w, float64(r.Dy())/h)*0.97, 0.05)
	for b.zoom > 0 && b.scale()*math.Max(w, h) > ugLayerMax-64 {
		b.zoom--
	}
	b.clamp()
}

// maxZoom is the deepest zoom step the layer size allows.
func (b *ugBoard) maxZoom() int {
	z := len(ugZoom) - 1
	for z > 0 && b.fit*ugZoom[z]*math.Max(b.m.Width, b.m.Height) > ugLayerMax-64 {
		z--
	}
	return z
}

// origin is where map point (0, 0) is on screen, in whole pixels (the map
// image is drawn unscaled, so it stays crisp).
func (b *ugBoard) origin() (float64, float64) {
	s := b.scale()
	cx, cy := float64(b.r.Min.X+b.r.Max.X)/2, float64(b.r.Min.Y+b.r.Max.Y)/2
	return math.Round(cx - b.camX*s), math.Round(cy - b.camY*s)
}

// toScreen maps a map point to screen pixels.
func (b *ugBoard) toScreen(mx, my float64) (float64, float64) {
	ox, oy := b.origin()
	s := b.scale()
	return ox + mx*s, oy + my*s
}

// toMap maps a screen point to map units.
func (b *ugBoard) toMap(x, y float64) (float64, float64) {
	ox, oy := b.origin()
	s := b.scale()
	return (x - ox) / s, (y - oy) / s
}

// regionAt is the region under screen point (x, y), or -1.
func (b *ugBoard) regionAt(x, y int) int {
	if !(image.Point{x, y}).In(b.r) {
		return -1
	}
	mx, my := b.toMap(float64(x), float64(y))
	return b.m.Locate([2]float64{mx, my})
}

// clamp keeps the camera over the cave: its centre stays within the map.
func (b *ugBoard) clamp() {
	b.camX = math.Max(0, math.Min(b.m.Width, b.camX))
	b.camY = math.Max(0, math.Min(b.m.Height, b.camY))
}

// zoomAt moves d zoom steps keeping the map point under (fx, fy) there.
func (b *ugBoard) zoomAt(d int, fx, fy float64) {
	z := min(max(b.zoom+d, 0), b.maxZoom())
	if z == b.zoom {
		return
	}
	mx, my := b.toMap(fx, fy)
	b.zoom, b.moved = z, true
	s := b.scale()
	cx, cy := float64(b.r.Min.X+b.r.Max.X)/2, float64(b.r.Min.Y+b.r.Max.Y)/2
	b.camX, b.camY = mx-(fx-cx)/s, my-(fy-cy)/s
	b.clamp()
}

// RegionCenter is where region i's label sits on screen now (for flying
// tokens and coins), and false when off screen (or before the first
// Update or Draw gave the board its rectangle).
func (b *ugBoard) RegionCenter(i int) (x, y float64, ok bool) {
	if i < 0 || i >= b.m.Len() || b.fit == 0 {
		return 0, 0, false
	}
	l := b.m.Regions[i].Label
	x, y = b.toScreen(l[0], l[1])
	return x, y, x >= float64(b.r.Min.X) && y >= float64(b.r.Min.Y) && x < float64(b.r.Max.X) && y < float64(b.r.Max.Y)
}

// showRegion pans so region i's label is inside the rectangle (keyboard
// focus moving to a region off screen).
func (b *ugBoard) showRegion(i int) {
	if _, _, ok := b.RegionCenter(i); ok {
		return
	}
	l := b.m.Regions[i].Label
	b.camX, b.camY = l[0], l[1]
	b.clamp()
}
