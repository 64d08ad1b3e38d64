package underground

import (
	"fmt"
	"image"
	"os"
	"sort"
	"testing"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
	ugart "github.com/goldvein/goldvein/sprites/underground"
)

// ugCrowdedView is map m's view with every land region as full as the
// rules let it be (issue 25 item 6): a pile of four or more with two
// Mushroom Armor, its owner's Vengeance, the Silver Hammers beside each
// seat's largest stack; a lair's Place or Relic; elsewhere a Place and a
// Relic together; the figures in lair regions with a Black Mountain first.
func ugCrowdedView(m *maps.Map) *underground.View {
	v := ugFullView(m, m.Players)
	var lairs []int
	for i := range v.Regions {
		rv := &v.Regions[i]
		if !m.IsLand(i) {
			continue
		}
		rv.Seat, rv.Race, rv.Decline, rv.Tokens, rv.Monsters = i%m.Players, "shrooms", false, 4+i%9, 0
		rv.Armor, rv.Place, rv.Relic = 2, "keep", "sword"
		if m.Monster(i) { // a lair's one marker (U2.3): a Relic or a Place
			lairs = append(lairs, i)
			if i%2 == 0 {
				rv.Place = ""
			} else {
				rv.Relic = ""
			}
		}
	}
	sort.SliceStable(lairs, func(x, y int) bool {
		return m.Regions[lairs[x]].Terrain == maps.Mountain && m.Regions[lairs[y]].Terrain != maps.Mountain
	})
	for s := range v.Seats {
		v.Seats[s].MarkedBy = []int{(s + 1) % m.Players}
		v.Seats[s].Hammers = 3
		v.Seats[s].Active.Race = "dwarves"
	}
	v.Figures = map[string]underground.Figure{}
	k := 0
	for _, name := range ugart.FigureNames {
		if name == "volcano" {
			continue
		}
		v.Figures[name] = underground.Figure{Region: m.ID(lairs[k%len(lairs)]), Seat: 0}
		k++
	}
	return v
}

// TestUGPiecesClear (issue 25 item 6): on every map, in the board's
// rectangle of the play screen at 1280x800 and at 1024x640 and at every
// zoom step the board has there, every region as crowded as
// ugCrowdedView makes it and lit with its cost draws each of its pieces
// (the stack with its count and id, the printed Black Mountain and lair,
// the Place, the Relic, the figures, the armor with its count, the
// hammers, the Vengeance mark, the cost) clear of every other piece of the
// region. The boxes are those of the sprites drawPieces draws (the
// board's rec hook), not the plan's own.
// (Seen failing with up to 31 overlapping pairs per view while the
// printed lair and Black Mountain stayed where the map layer painted them,
// on the stack's count or id; the armor alone lay on a marker in up to 2
// regions per view before.)
func TestUGPiecesClear(t *testing.T) {
	for _, size := range [][2]float64{{1280, 800}, {1024, 640}} {
		h := scenes.NewHarness(t, ugTestGames)
		h.A.LayoutF(size[0], size[1])
		for _, name := range maps.Names() {
			m, err := maps.Builtin(name)
			if err != nil {
				t.Fatal(err)
			}
			ps := &ugPlayScene{m: &ugMatch{names: make([]string, m.Players)}}
			ps.layout(h.A)
			r := ps.l.board.Image()
			v := ugCrowdedView(m)
			b := newUGBoard(m)
			b.SetView(v)
			lit := map[int]int{}
			for i := range v.Regions {
				if m.IsLand(i) {
					lit[i] = 3 + i%9
				}
			}
			b.SetTargets(lit)
			type drawn struct {
				pc  ugPiece
				box scenes.Rect
			}
			byRegion := make([][]drawn, m.Len())
			b.rec = func(i int, pc ugPiece, box scenes.Rect) { byRegion[i] = append(byRegion[i], drawn{pc, box}) }
			img := scenes.NewScreen(h.A) // the boxes are recorded, not read back: full size for SCENE_SHOTS only
			b.setRect(r)
			for zoom := 0; zoom <= b.maxZoom(); zoom++ {
				b.zoom, b.camX, b.camY = zoom, m.Width/2, m.Height/2
				for i := range byRegion {
					byRegion[i] = byRegion[i][:0]
				}
				b.drawPieces(h.A, img)
				regions, pieces, clashes, loose := 0, 0, 0, 0
				for i, ds := range byRegion {
					lx, ly := b.toScreen(m.Regions[i].Label[0], m.Regions[i].Label[1])
					if len(ds) == 0 || !(image.Point{int(lx), int(ly)}).In(r) {
						continue
					}
					regions++
					pieces += len(ds)
					loose += b.plans[i].loose
					for x := range ds {
						for y := x + 1; y < len(ds); y++ {
							if ds[x].pc != ds[y].pc && ugOverlap(ds[x].box, ds[y].box) {
								clashes++
								t.Logf("%s %vx%v zoom %d: %s's piece %d %+v lies on its piece %d %+v", name, size[0], size[1], zoom, m.ID(i), ds[x].pc, ds[x].box, ds[y].pc, ds[y].box)
							}
						}
					}
				}
				if regions == 0 || pieces < 5*regions {
					t.Fatalf("%s %vx%v zoom %d: %d pieces drawn in %d regions", name, size[0], size[1], zoom, pieces, regions)
				}
				t.Logf("%s %vx%v zoom %d: %d pieces in %d regions, %d with no room inside their region", name, size[0], size[1], zoom, pieces, regions, loose)
				if clashes > 0 {
					t.Errorf("%s %vx%v zoom %d: %d pairs of pieces overlap in %d regions, want none", name, size[0], size[1], zoom, clashes, regions)
				}
			}
			if os.Getenv("SCENE_SHOTS") != "" {
				s := &ugBoardScene{b: b, r: r}
				b.rec = nil
				b.zoom, b.camX, b.camY, b.moved = ugZoomFit, m.Width/2, m.Height/2, false
				h.A.Cur = s
				h.ScreenBig()
				h.Ticks(2)
				h.Shot(fmt.Sprintf("ug-pieces-%s-%.0f", name, size[0]))
				b.zoomAt(2, float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2)
				h.Ticks(2)
				h.Shot(fmt.Sprintf("ug-pieces-%s-%.0f-zoom", name, size[0]))
			}
		}
	}
}
