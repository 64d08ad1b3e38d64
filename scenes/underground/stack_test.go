package underground

import (
	"fmt"
	"image"
	"testing"


	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
)

// TestUGArmorClearOfMarkers (issue 25 item 6): on every map, with the
// map where the play screen has it at 1280x800 and at 1024x640 (the whole
// cave and one zoom step in), a stack with Mushroom Armor (two pieces:
// the icon and its count) in every land region, the lairs holding the
// Sword of the Killer Rabbit or a Keep, draws its armor clear of every
// marker there (the printed Black Mountain and lair, the Sword or the
// Keep); the markers' boxes are worked out here from the region's marker
// spots, as the map draws them. A region crowded on every side may leave
// no clear spot: at most ugArmorClashes per view (TestUGArmorClearOfMarkers
// counted 8 to 15 per view with the armor always above left, 0 to 2 now).
func TestUGArmorClearOfMarkers(t *testing.T) {
	const ugArmorClashes = 2
	for _, size := range [][2]float64{{1280, 800}, {1024, 640}} {
		for _, name := range maps.Names() {
			h := scenes.NewHarness(t, ugTestGames)
			h.A.LayoutF(size[0], size[1])
			m, err := maps.Builtin(name)
			if err != nil {
				t.Fatal(err)
			}
			ps := &ugPlayScene{m: &ugMatch{names: make([]string, m.Players)}}
			ps.layout(h.A)
			v := ugFullView(m, m.Players)
			for i := range v.Regions {
				rv := &v.Regions[i]
				if !m.IsLand(i) {
					continue
				}
				rv.Seat, rv.Race, rv.Decline, rv.Tokens, rv.Monsters = i%m.Players, "shrooms", false, 2, 0
				rv.Armor, rv.Place, rv.Relic = 2, "", ""
				if m.Monster(i) { // a lair's one marker (U2.3): the Sword, or a Keep
					if i%2 == 0 {
						rv.Relic = "sword"
					} else {
						rv.Place = "keep"
					}
				}
			}
			for s := range v.Seats {
				v.Seats[s].MarkedBy = nil
			}
			v.Figures = map[string]underground.Figure{}
			s := &ugBoardScene{b: newUGBoard(m), r: ps.l.board.Image()}
			s.b.SetView(v)
			h.A.Cur = s
			h.ScreenBig() // the armor's boxes are laid out, not read back: full size for SCENE_SHOTS only
			for zoom := 0; zoom < 2; zoom++ {
				if zoom == 1 {
					s.b.zoomAt(1, float64(s.r.Min.X+s.r.Max.X)/2, float64(s.r.Min.Y+s.r.Max.Y)/2)
				}
				h.Ticks(40)
				b := s.b
				mark := ugMarkUnits * ugEff(b.scale())
				stacks, clashes := 0, 0
				for i := range v.Regions {
					box := b.armorBox[i]
					if box.W == 0 || !(image.Point{int(box.X), int(box.Y)}).In(s.r) {
						continue
					}
					stacks++
					var marks []scenes.Rect
					add := func(q [2]float64, px float64) {
						x, y := b.toScreen(q[0], q[1])
						hw := px * 0.43
						marks = append(marks, scenes.R(x-hw, y-hw, 2*hw, 2*hw))
					}
					slot := 0
					if m.Regions[i].Terrain == maps.Mountain {
						add(b.g.slots[i][0], mark)
					}
					if m.Monster(i) {
						add(b.regionSlot(i, 0), mark*1.05)
						slot++
					}
					if m.Monster(i) {
						add(b.regionSlot(i, slot), mark*1.1) // the Sword or the Keep
					}
					for _, mk := range marks {
						if ugOverlap(mk, box) {
							clashes++
							t.Logf("%s %vx%v zoom %d: %s's armor %+v lies on a marker %+v", name, size[0], size[1], zoom, m.ID(i), box, mk)
							break
						}
					}
				}
				if stacks == 0 {
					t.Fatalf("%s %vx%v: no armor drawn", name, size[0], size[1])
				}
				// A region crowded on every side (a Black Mountain, a lair
				// and its marker all round a stack) may leave no clear
				// spot: at most ugArmorClashes such per view (armor always
				// above left: 8 to 15 per view).
				if clashes > ugArmorClashes {
					t.Errorf("%s %vx%v zoom %d: %d of %d stacks' armor lie on a marker, want at most %d", name, size[0], size[1], zoom, clashes, stacks, ugArmorClashes)
				}
				if zoom == 0 {
					h.Shot(fmt.Sprintf("ug-armor-%s-%.0f", name, size[0]))
				}
			}
		}
	}
}
