package underground

import (
	"cmp"
	"image"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	ugart "github.com/goldvein/goldvein/sprites/underground"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
)

// A rules page's scene on the map (scenes.HelpUnder): under the page's
// text, in the room left above the page number, a corner of the
// two-player cave drawn by the play screen's own board (board.go: the
// terrain, the Monsters' lairs, the stacks, the Places, Relics and
// figures as a game shows them), set out for the page: the race Active
// and In Decline, the Place or Relic in its Monster's lair, the power's
// piece, the regions a conquest may take with their cost lit.

// ugHelpMap is the cave the pages' scenes are set in.
const ugHelpMap = 2 // players: maps.ForPlayers

// ugHelpSceneH is the tallest a page's scene is drawn, and ugHelpSceneMin
// the least room it needs (layout units).
const (
	ugHelpSceneH   = 250
	ugHelpSceneMin = 110
)

// ugHelpBoard is the board the pages draw their scenes with, made on first
// use and shared (one pre-rendered map for every page).
var ugHelpBoard ugHelpScene

// ugHelpScene is the shared board of the pages' scenes and what it holds.
type ugHelpScene struct {
	b   *ugBoard
	hub int        // the Monster's lair the scenes are set around
	nb  []int      // land regions beside it
	pic *ugHelpPic // the page whose view the board holds
	v   *underground.View

	framed    image.Rectangle // the rectangle and page the camera was last framed for
	framedPic *ugHelpPic
}

// helpBoard readies the shared board with p's view; false when p has no
// scene on the map (the market, the die and the controls pages, and the
// powers that put no piece on it).
func (p *ugHelpPic) helpBoard() (*ugBoard, bool) {
	hb := &ugHelpBoard
	if hb.b == nil {
		m, err := maps.ForPlayers(ugHelpMap)
		if err != nil {
			return nil, false
		}
		hb.b, hb.hub = newUGBoard(m), -1
		hb.b.noIDs = true // a picture of a rule: no log names its regions
		best := math.Inf(1)
		for i := 0; i < m.Len(); i++ {
			if !m.Monster(i) {
				continue
			}
			var nb []int
			for _, j := range m.Adjacent(i) {
				if m.IsLand(j) && !m.Monster(j) {
					nb = append(nb, j)
				}
			}
			// The lair nearest the cave's middle with three land regions
			// beside it; those nearest it first.
			l := m.Regions[i].Label
			dist := func(j int) float64 { q := m.Regions[j].Label; return math.Hypot(q[0]-l[0], q[1]-l[1]) }
			slices.SortFunc(nb, func(x, y int) int { return cmp.Compare(dist(x), dist(y)) })
			if d := math.Hypot(l[0]-m.Width/2, l[1]-m.Height/2); len(nb) >= 3 && d < best {
				best, hb.hub, hb.nb = d, i, nb
			}
		}
		if hb.hub < 0 || len(hb.nb) < 3 {
			hb.b = nil
			return nil, false
		}
	}
	if hb.pic != p {
		v, lit := p.scene(hb.b.m, hb.hub, hb.nb)
		hb.pic, hb.v = p, v
		if v == nil {
			return nil, false
		}
		hb.b.SetTargets(lit)
	}
	return hb.b, hb.v != nil
}

// frame points the board's camera at the regions the scene is about (the
// lair and every region with something on it or lit), at the deepest
// zoom step that shows their stacks in r (pixels) with a margin (pixels)
// around, then leaves out the Monsters of the lairs that the
// frame would cut (a picture shows nothing half).
func (hb *ugHelpScene) frame(r image.Rectangle, margin float64) {
	b := hb.b
	if hb.framed == r && hb.framedPic == hb.pic {
		return
	}
	hb.framed, hb.framedPic = r, hb.pic
	b.SetView(hb.v)
	b.setRect(r)
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i, rv := range hb.v.Regions {
		if _, lit := b.targets[i]; i != hb.hub && rv.Seat < 0 && !lit {
			continue
		}
		q := b.m.Regions[i].Label
		minX, minY = math.Min(minX, q[0]), math.Min(minY, q[1])
		maxX, maxY = math.Max(maxX, q[0]), math.Max(maxY, q[1])
	}
	b.camX, b.camY, b.moved = (minX+maxX)/2, (minY+maxY)/2, true
	b.zoom = 0
	w, h := float64(r.Dx())-2*margin, float64(r.Dy())-2*margin
	for z := b.maxZoom(); z > 0; z-- {
		if s := b.fit * ugZoom[z]; (maxX-minX)*s <= w && (maxY-minY)*s <= h {
			b.zoom = z
			break
		}
	}
	v := *hb.v
	v.Regions = slices.Clone(hb.v.Regions)
	inner := scenes.R(float64(r.Min.X)+margin, float64(r.Min.Y)+margin, w, h)
	for i := range v.Regions {
		if rv := &v.Regions[i]; rv.Monsters > 0 || rv.Seat >= 0 {
			l := b.m.Regions[i].Label
			if x, y := b.toScreen(l[0], l[1]); !inner.In(int(x), int(y)) {
				rv.Monsters, rv.Seat, rv.Tokens, rv.Race = 0, -1, 0, ""
			}
		}
	}
	b.SetView(&v)
	b.anims = b.anims[:0] // a page shows its scene at once
}

// scene is p's view on map m around Monster's lair hub with its land
// neighbours nb, and the regions lit with their cost; nil when the page
// has no scene.
func (p *ugHelpPic) scene(m *maps.Map, hub int, nb []int) (*underground.View, map[int]int) {
	v := &underground.View{Seat: -1, Players: 2, Map: m.Name, Turn: 3, Turns: m.Turns, Step: "conquer",
		Figures: map[string]underground.Figure{}}
	v.Seats = make([]underground.SeatView, 2)
	v.Regions = make([]underground.RegionView, m.Len())
	for i := range v.Regions {
		v.Regions[i] = underground.RegionView{ID: m.ID(i), Seat: -1}
		if m.Monster(i) {
			v.Regions[i].Monsters = 2 // every lair holds two Monsters at the start (U2.3, U11.6)
		}
	}
	hold := func(i, seat int, r underground.Race, decline bool, tokens int) {
		rv := &v.Regions[i]
		rv.Seat, rv.Race, rv.Decline, rv.Tokens, rv.Monsters = seat, r.String(), decline, tokens, 0
		sl := &underground.SlotView{Race: r.String()}
		if decline {
			v.Seats[seat].Decline = sl
		} else {
			v.Seats[seat].Active = sl
		}
	}
	var lit map[int]int
	switch {
	case p.race != underground.NoRace: // its tokens Active, and In Decline (U12, U8)
		hold(nb[0], 0, p.race, false, 4)
		hold(nb[1], 0, p.race, false, 2)
		hold(nb[2], 1, p.race, true, 1)
	case p.power != underground.NoPower:
		if _, ok := ugPowerIcon[p.power]; !ok {
			return nil, nil
		}
		hold(nb[0], 0, underground.Drow, false, 3)
		hold(nb[1], 0, underground.Drow, false, 2)
		switch p.power {
		case underground.Royal:
			v.Figures["queen"] = underground.Figure{Region: m.ID(nb[0]), Seat: 0}
		case underground.Magic:
			v.Figures["bag"] = underground.Figure{Region: m.ID(nb[0]), Seat: 0}
		case underground.Shield:
			v.Regions[nb[0]].Armor = 2
		case underground.Vengeful:
			hold(nb[2], 1, underground.Ogres, false, 2)
			v.Seats[1].MarkedBy = []int{0}
		default: // the Stone: the Black Mountains on the map count (U13.20)
			lit = map[int]int{}
			for _, i := range nb[2:] {
				lit[i] = -1
			}
		}
	case p.marker != underground.NoMarker: // found in the lair its Monsters held (U5.6), beside one still held
		hold(hub, 0, underground.Lizardmen, false, 4)
		rv := &v.Regions[hub]
		if p.marker.IsRelic() {
			rv.Relic = p.marker.String()
		} else {
			rv.Place = p.marker.String()
		}
		hold(nb[0], 0, underground.Lizardmen, false, 2)
	case len(p.icons) > 0:
		return p.turnScene(m, v, hub, nb, hold)
	default:
		return nil, nil
	}
	return v, lit
}

// turnScene sets out a turn page's scene (by its first icon).
func (p *ugHelpPic) turnScene(m *maps.Map, v *underground.View, hub int, nb []int, hold func(i, seat int, r underground.Race, decline bool, tokens int)) (*underground.View, map[int]int) {
	switch len(p.icons) {
	case 1: // redeployment (U7): own regions, one stack to spread
		hold(nb[0], 0, underground.Lizardmen, false, 5)
		hold(nb[1], 0, underground.Lizardmen, false, 1)
		hold(nb[2], 0, underground.Lizardmen, false, 1)
		return v, map[int]int{nb[0]: -1, nb[1]: -1, nb[2]: -1}
	case 3:
		if p.icons[0] == ugart.IconMonster { // conquest (U5): from a race's region, the regions beside it lit with their plain cost
			hold(nb[0], 0, underground.Drow, false, 3)
			lit := map[int]int{}
			for _, j := range m.Adjacent(nb[0]) {
				if m.IsLand(j) || m.IsRiver(j) {
					lit[j] = ugHelpCost(m, &v.Regions[j], j)
				}
			}
			return v, lit
		}
		return nil, nil // the market
	case 2:
		switch {
		case p.icons[1] == ugart.IconMarker+ugart.Icon(underground.Scepter): // scoring (U9): regions held, a Place among them
			hold(nb[0], 0, underground.Drow, false, 2)
			hold(nb[1], 0, underground.Drow, false, 1)
			hold(nb[2], 0, underground.Mummies, true, 1)
			hold(hub, 0, underground.Drow, false, 2)
			v.Regions[hub].Place = underground.Diamonds.String()
			return v, nil
		default: // the turn and the decline (U3, U8): a race Active beside one In Decline
			race := underground.Ogres
			if p.icons[0] != ugart.IconRace+ugart.Icon(underground.Ogres) {
				race = underground.Mummies
			}
			hold(nb[0], 0, race, true, 1)
			hold(nb[1], 0, race, true, 1)
			hold(nb[2], 0, underground.Drow, false, 3)
			return v, nil
		}
	}
	return nil, nil
}

// ugHelpCost is region i's conquest cost for an attacker without
// modifiers, such as the Drow (U5.5): 2 tokens (1 for a River region), +1
// for a Black Mountain (U11.7), +1 for each Mushroom Armor, Monster and
// race token in it.
func ugHelpCost(m *maps.Map, rv *underground.RegionView, i int) int {
	c := 2
	if m.IsRiver(i) {
		c = 1
	}
	if m.Terrain(i) == maps.Mountain {
		c++
	}
	return c + rv.Armor + rv.Monsters + rv.Tokens
}

// DrawUnder draws the page's scene on the map in r (scenes.HelpUnder), at
// most ugHelpSceneH high, centred; nothing when r is too small or the page
// has no scene. It records where it drew (under) for the layout test.
func (p *ugHelpPic) DrawUnder(a *scenes.App, pt *scenes.Painter, dst *ebiten.Image, r scenes.Rect) {
	p.under = scenes.Rect{}
	if r.H < a.U(ugHelpSceneMin) || r.W < a.U(200) {
		return
	}
	b, ok := p.helpBoard()
	if !ok {
		return
	}
	h := math.Min(r.H, a.U(ugHelpSceneH))
	box := scenes.R(r.X, r.Y+(r.H-h)/2, r.W, h)
	pt.Round(dst, box.Inset(-a.U(3)), a.U(8), ugRock, a.U(2), scenes.ColEdge)
	ir := image.Rect(int(box.X), int(box.Y), int(box.X+box.W), int(box.Y+box.H))
	ugHelpBoard.frame(ir, a.U(26))
	b.Draw(a, dst, ir)
	p.under = box
}
