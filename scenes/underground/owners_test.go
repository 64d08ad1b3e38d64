package underground

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
)

// near reports whether two colours differ by at most tol in every channel.
func near(a color.Color, want color.RGBA, tol int) bool {
	r, g, b, _ := a.RGBA()
	d := func(x uint32, y uint8) bool { return math.Abs(float64(int(x>>8)-int(y))) <= float64(tol) }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// TestUGStackSeatRing (issue 25 item 6): every stack on the map, Active
// or In Decline, stands on a ring of its owner's seat colour, the colour
// of that player's panel: the pixel just left of each stack's bottom token
// is the seat's colour, in the classic and the colour-blind palettes.
// Only a stack another picture lies over (a Place, a figure) may hide it.
func TestUGStackSeatRing(t *testing.T) {
	for _, c := range []struct {
		name string
		safe bool
	}{{"caves-2p", false}, {"caves-5p", false}, {"caves-5p", true}} {
		name := c.name
		h, s, v := ugBoardHarness(t, name)
		h.A.Settings.ColorBlind = c.safe
		h.Screen = ebiten.NewImage(h.A.W, h.A.H)
		h.Ticks(40) // the stacks' arrival bounce is over
		b := s.b
		tok := 30 * ugEff(b.scale())
		stacks, ringed, seats := 0, 0, map[int]bool{}
		for i, rv := range v.Regions {
			if rv.Tokens == 0 || rv.Seat < 0 {
				continue
			}
			lbl := b.m.Regions[i].Label
			x, y := b.toScreen(lbl[0], lbl[1])
			if x < float64(s.r.Min.X) || y < float64(s.r.Min.Y) || x > float64(s.r.Max.X) || y > float64(s.r.Max.Y) {
				continue
			}
			stacks++
			layers := min(rv.Tokens, 4)
			y += tok * 0.12 * float64(layers-1) / 2
			px := h.Screen.At(int(math.Round(x-tok*(0.9+ugRingK)/4)), int(math.Round(y))) // left of the bottom token (the id tag is under it)
			if near(px, ugSeatColor(h.A, rv.Seat), 24) {
				ringed++
				seats[rv.Seat] = true
			}
		}
		if stacks == 0 {
			t.Fatalf("%s: no stack on screen", name)
		}
		if ringed*10 < stacks*9 || len(seats) != v.Players {
			t.Errorf("%s: %d of %d stacks on their owner's colour, seats seen %v of %d", name, ringed, stacks, seats, v.Players)
		}
		h.Shot(fmt.Sprintf("ug-rings-%s-safe%v", name, c.safe))
	}
}

// TestUGRegionIDsOnMap (issue 25 item 6): every region but the chasms
// has its id ("r28", as the log names it) written on the map, inside the
// region itself, so a line of the log can be found on the map.
func TestUGRegionIDsOnMap(t *testing.T) {
	h, s, v := ugBoardHarness(t, "caves-3p")
	h.Screen = ebiten.NewImage(h.A.W, h.A.H)
	h.Ticks(40)
	at := map[string]scenes.Rect{}
	for _, d := range scenes.DrawnLines(h) {
		at[d.S] = d.R
	}
	b := s.b
	named := 0
	for i := range v.Regions {
		id := b.m.ID(i)
		r, ok := at[id]
		if b.m.IsChasm(i) {
			if ok && b.regionAt(int(r.Cx()), int(r.Cy())) == i {
				t.Errorf("the chasm %s is named", id)
			}
			continue
		}
		if !ok {
			t.Errorf("region %s: its id is not on the map", id)
			continue
		}
		if got := b.regionAt(int(r.Cx()), int(r.Cy())); got != i {
			t.Errorf("region %s: its id is written in region %d", id, got)
		}
		named++
	}
	h.Shot("ug-region-ids")
	t.Logf("%d regions named", named)
}

// TestUGPanelShowsArmorToPlace (issue 25 item 6): a player holding
// Mushroom Armor still to place (U13.14) reads how many on their panel,
// whole (not cut short), in English, Russian and Persian at 1280x800 and
// 1024x640.
func TestUGPanelShowsArmorToPlace(t *testing.T) {
	for _, lang := range []string{"en", "ru", "fa"} {
		for _, sz := range [][2]float64{{1280, 800}, {1024, 640}} {
			h := scenes.LangHarness(t, lang, ugTestGames)
			h.SetSize(sz[0], sz[1])
			m, err := newUGMatch(h.A, ugSetup{Seats: []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Name: "Bot 2", Level: "easy"}}, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			s := newUGPlayScene(h.A, m)
			h.A.Cur = s
			h.Ticks(3)
			v := &s.m.st.view
			v.Seats[1].Active = &underground.SlotView{Race: "shrooms", Power: "wise", Hand: 7}
			v.Seats[1].ArmorHand = 3
			want := h.A.T("ug.panel.hand_armor", "hand", 7, "armor", 3, "n", 0)
			found := false
			for _, d := range scenes.DrawnLines(h) {
				found = found || d.S == want
			}
			if !found {
				t.Errorf("%s %vx%v: the panel does not say %q whole", lang, sz[0], sz[1], want)
			}
			h.Shot(fmt.Sprintf("ug-armor-%s-%v", lang, sz[0]))
			m.close()
		}
	}
}
