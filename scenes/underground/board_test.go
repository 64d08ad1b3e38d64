package underground

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	ugart "github.com/goldvein/goldvein/sprites/underground"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
)

// ugBoardScene shows one ugBoard on the whole screen but a margin, and
// keeps what its Update reported: the tests drive the board through the
// app's real pointer and key handling.
type ugBoardScene struct {
	b    *ugBoard
	r    image.Rectangle
	acts []ugBoardAction
}

func (s *ugBoardScene) Name() string { return "ug-board-test" }
func (s *ugBoardScene) Update(a *scenes.App) error {
	if act := s.b.Update(a, s.r); act.Kind != ugNone {
		s.acts = append(s.acts, act)
	}
	return nil
}

// ugTestFloor is boxed once, so the benchmark's frame allocates nothing
// of the test's own.
var ugTestFloor color.Color = scenes.ColMazeFloor

func (s *ugBoardScene) Draw(a *scenes.App, dst *ebiten.Image) {
	dst.Fill(ugTestFloor)
	s.b.Draw(a, dst, s.r)
}

// last is the last action reported, and forgets them all.
func (s *ugBoardScene) last() ugBoardAction {
	if len(s.acts) == 0 {
		return ugBoardAction{Kind: ugNone, Region: -1, From: -1}
	}
	a := s.acts[len(s.acts)-1]
	s.acts = s.acts[:0]
	return a
}

// ugFullView is a view of map m as seat 0 sees it with every land region
// held: each seat an Active race and an In Decline race (Active tokens 1
// to 9, the rest 1 to 3), Monsters left on some lairs, every Place and
// Relic out, armor, the figures, a Vengeance marker and hammers.
func ugFullView(m *maps.Map, players int) *underground.View {
	v := &underground.View{Seat: 0, Players: players, Map: m.Name, Turn: 3, Turns: m.Turns, Step: "conquer",
		Figures: map[string]underground.Figure{}}
	v.Seats = make([]underground.SeatView, players)
	active := func(s int) underground.Race { return underground.Race((s*3 + 4) % int(underground.NumRaces)) }
	decline := func(s int) underground.Race { return underground.Race((s*3 + 5) % int(underground.NumRaces)) }
	for s := range v.Seats {
		v.Seats[s].Active = &underground.SlotView{Race: active(s).String(), Hand: 2}
		v.Seats[s].Decline = &underground.SlotView{Race: decline(s).String()}
	}
	v.Seats[0].Hammers = 3 // seat 0's Active race is the Iron Dwarves
	v.Seats[1].MarkedBy = []int{0}
	v.Regions = make([]underground.RegionView, m.Len())
	marker, held := 0, 0
	var land []int
	for i := range v.Regions {
		rv := &v.Regions[i]
		rv.ID, rv.Seat = m.ID(i), -1
		if !m.IsLand(i) {
			continue
		}
		land = append(land, i)
		if m.Monster(i) && i%3 == 0 {
			rv.Monsters = 1 + i%2
			continue
		}
		s := i % players
		rv.Seat = s
		if i%4 == 3 {
			rv.Race, rv.Decline, rv.Tokens = decline(s).String(), true, 1+i%3
		} else {
			rv.Race, rv.Tokens = active(s).String(), 1+i%9
		}
		held++
		if held%2 == 1 && marker < int(underground.NumMarkers) {
			mk := underground.Marker(marker)
			if mk.IsRelic() {
				rv.Relic = mk.String()
			} else {
				rv.Place = mk.String()
			}
			marker++
		}
		if i%11 == 2 {
			rv.Armor = 1 + i%2
		}
	}
	for k, name := range ugart.FigureNames {
		if name == "volcano" {
			for i := range v.Regions {
				if m.Volcano(i) {
					v.Figures[name] = underground.Figure{Region: m.ID(i), Seat: -1}
					break
				}
			}
			continue
		}
		v.Figures[name] = underground.Figure{Region: m.ID(land[(k*7+3)%len(land)]), Seat: k % players}
	}
	return v
}

// ugBoardHarness shows map name with ugFullView on a 1280x800 screen.
func ugBoardHarness(t testing.TB, name string) (*scenes.Harness, *ugBoardScene, *underground.View) {
	h := scenes.NewHarness(t, ugTestGames)
	m, err := maps.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	v := ugFullView(m, m.Players)
	s := &ugBoardScene{b: newUGBoard(m), r: image.Rect(20, 60, 1260, 780)}
	s.b.SetView(v)
	h.A.Cur = s
	h.Tick()
	return h, s, v
}

// tapAt presses and releases at (x, y) without moving.
func tapAt(h *scenes.Harness, x, y float64) {
	h.In.X, h.In.Y, h.In.Pressed, h.In.Down = int(x), int(y), true, true
	h.Tick()
	h.In.Released, h.In.Down = true, false
	h.Tick()
}

// TestUGBoardDrawsEveryMap: each built-in map draws, with stacks,
// figures and lit targets, and shows terrain (many colours, not one
// fill); SCENE_SHOTS=DIR keeps ugboard-<map>.png (1280x800) to look at.
func TestUGBoardDrawsEveryMap(t *testing.T) {
	for _, name := range maps.Names() {
		h, s, v := ugBoardHarness(t, name)
		h.Screen = ebiten.NewImage(h.A.W, h.A.H)
		lit := map[int]int{}
		for i, rv := range v.Regions {
			if s.b.m.IsLand(i) && rv.Seat != 0 && len(lit) < 6 {
				lit[i] = 2 + i%4
			}
		}
		s.b.SetTargets(lit)
		h.Ticks(3)
		img := image.NewRGBA(image.Rect(0, 0, h.A.W, h.A.H))
		h.Screen.ReadPixels(img.Pix)
		colours := map[[3]uint8]bool{}
		for y := s.r.Min.Y; y < s.r.Max.Y; y += 7 {
			for x := s.r.Min.X; x < s.r.Max.X; x += 7 {
				o := img.PixOffset(x, y)
				colours[[3]uint8{img.Pix[o], img.Pix[o+1], img.Pix[o+2]}] = true
			}
		}
		if len(colours) < 200 {
			t.Errorf("%s: only %d colours on the board", name, len(colours))
		}
		// A chasm's label is dark, a River's blue, a Mine's warm.
		for i, r := range s.b.m.Regions {
			x, y, ok := s.b.RegionCenter(i)
			if !ok {
				t.Errorf("%s: %s's label off screen at the fitted zoom", name, r.ID)
			}
			_ = x + y
		}
		if d := os.Getenv("SCENE_SHOTS"); d != "" {
			if err := scenes.WritePNG(img, filepath.Join(d, "ugboard-"+name+".png")); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestUGBoardZoomed: three steps in, the map is rendered anew at the
// deeper scale (crisp, not a stretched picture) and the stacks grow less
// than the map; SCENE_SHOTS keeps ugboard-zoomed.png, with a drag under
// way, to look at.
func TestUGBoardZoomed(t *testing.T) {
	h, s, v := ugBoardHarness(t, "caves-5p")
	h.Screen = ebiten.NewImage(h.A.W, h.A.H)
	from, _ := ownAndOther(t, s, v)
	to, best := -1, math.Inf(1) // the nearest other region, to stay on screen
	fl := s.b.m.Regions[from].Label
	for i, r := range s.b.m.Regions {
		if d := math.Hypot(r.Label[0]-fl[0], r.Label[1]-fl[1]); i != from && s.b.m.IsLand(i) && d < best {
			to, best = i, d
		}
	}
	x, y, _ := s.b.RegionCenter(from)
	for k := 0; k < 3; k++ {
		h.In.X, h.In.Y, h.In.Scroll = int(x), int(y), 1
		h.Tick()
	}
	l := s.b.layer(h.A)
	sc := s.b.scale()
	if want := int(math.Ceil(s.b.m.Width*sc)) + 2*ugLayerPad; l.img.Bounds().Dx() != want || math.Abs(l.s-sc) > 1e-9 {
		t.Errorf("zoomed layer %d px wide at scale %.3f, want %d at %.3f", l.img.Bounds().Dx(), l.s, want, sc)
	}
	if ugEff(sc) >= sc {
		t.Errorf("markers grow as fast as the map at scale %.2f", sc)
	}
	s.b.SetDrag(v.Seat)
	s.b.SetTargets(map[int]int{to: -1})
	x, y, _ = s.b.RegionCenter(from)
	tx, ty, _ := s.b.RegionCenter(to)
	h.In.X, h.In.Y, h.In.Pressed, h.In.Down = int(x), int(y), true, true
	h.Tick()
	for k := 1; k <= 6; k++ {
		h.In.X, h.In.Y = int(x+(tx-x)*float64(k)/8), int(y+(ty-y)*float64(k)/8)
		h.Tick()
	}
	if !s.b.dragging {
		t.Fatal("not dragging")
	}
	if d := os.Getenv("SCENE_SHOTS"); d != "" {
		img := image.NewRGBA(image.Rect(0, 0, h.A.W, h.A.H))
		h.Screen.ReadPixels(img.Pix)
		if err := scenes.WritePNG(img, filepath.Join(d, "ugboard-zoomed.png")); err != nil {
			t.Fatal(err)
		}
	}
}

// TestUGBoardRightToLeftKeepsMap: in Persian the map is not mirrored
// (every label where it is in English) and the tip still cites its rule.
func TestUGBoardRightToLeftKeepsMap(t *testing.T) {
	h, s, _ := ugBoardHarness(t, "caves-3p")
	var en [][2]float64
	for i := range s.b.m.Regions {
		x, y, _ := s.b.RegionCenter(i)
		en = append(en, [2]float64{x, y})
	}
	if err := h.A.SetLang("fa"); err != nil {
		t.Fatal(err)
	}
	if !h.A.RTL() {
		t.Fatal("Persian is not right to left")
	}
	h.Tick()
	for i := range s.b.m.Regions {
		if x, y, _ := s.b.RegionCenter(i); x != en[i][0] || y != en[i][1] {
			t.Errorf("%s moved from %v to %.0f,%.0f in Persian", s.b.m.ID(i), en[i], x, y)
		}
	}
	h.In.X, h.In.Y = int(en[0][0]), int(en[0][1])
	h.Tick()
	if r, tip := s.b.Hovered(); r != 0 || !strings.Contains(tip, "(U11.") || !strings.Contains(tip, "r1") {
		t.Errorf("Persian tip of r1: %d %q", r, tip)
	}
}

// TestUGBoardClickHitsEveryRegion: a click at any region's label
// activates that region (maps.Locate under the camera), at the fitted
// zoom and zoomed in after panning to it.
func TestUGBoardClickHitsEveryRegion(t *testing.T) {
	for _, name := range maps.Names() {
		h, s, _ := ugBoardHarness(t, name)
		for i, r := range s.b.m.Regions {
			x, y, ok := s.b.RegionCenter(i)
			if !ok {
				t.Fatalf("%s: %s off screen", name, r.ID)
			}
			tapAt(h, x, y)
			if a := s.last(); a.Kind != ugActivate || a.Region != i {
				t.Errorf("%s: click on %s's label at %.0f,%.0f gave %+v", name, r.ID, x, y, a)
			}
		}
	}
	// Zoomed in three steps about the centre, labels still hit.
	h, s, _ := ugBoardHarness(t, "caves-5p")
	for k := 0; k < 3; k++ {
		h.Key(ebiten.KeyEqual)
	}
	if s.b.zoom != ugZoomFit+3 {
		t.Fatalf("zoom step %d after three +", s.b.zoom)
	}
	hits := 0
	for i := range s.b.m.Regions {
		x, y, ok := s.b.RegionCenter(i)
		if !ok {
			continue
		}
		tapAt(h, x, y)
		if a := s.last(); a.Kind != ugActivate || a.Region != i {
			t.Errorf("zoomed: click on %s gave %+v", s.b.m.ID(i), a)
		}
		hits++
	}
	if hits == 0 || hits == s.b.m.Len() {
		t.Errorf("zoomed in, %d of %d labels on screen", hits, s.b.m.Len())
	}
}

// TestUGBoardPanZoom: a drag on the map pans it (the label under the
// press follows the pointer), the wheel zooms about the pointer, Home fits.
func TestUGBoardPanZoom(t *testing.T) {
	h, s, _ := ugBoardHarness(t, "caves-4p")
	i := 5
	x0, y0, _ := s.b.RegionCenter(i)
	h.Drag(x0, y0, x0+100, y0+40)
	if a := s.last(); a.Kind != ugNone {
		t.Errorf("a pan reported %+v", a)
	}
	x1, y1, _ := s.b.RegionCenter(i)
	if math.Abs(x1-x0-100) > 2 || math.Abs(y1-y0-40) > 2 {
		t.Errorf("label moved from %.0f,%.0f to %.0f,%.0f, want +100,+40", x0, y0, x1, y1)
	}
	h.In.X, h.In.Y, h.In.Scroll = int(x1), int(y1), 1
	h.Tick()
	x2, y2, _ := s.b.RegionCenter(i)
	if s.b.zoom != ugZoomFit+1 || math.Abs(x2-x1) > 2 || math.Abs(y2-y1) > 2 {
		t.Errorf("wheel: zoom %d, label %.0f,%.0f -> %.0f,%.0f (want it to stay under the pointer)", s.b.zoom, x1, y1, x2, y2)
	}
	h.Key(ebiten.KeyHome)
	x3, y3, _ := s.b.RegionCenter(i)
	if s.b.zoom != ugZoomFit || math.Abs(x3-x0) > 1 || math.Abs(y3-y0) > 1 {
		t.Errorf("Home: zoom %d, label at %.0f,%.0f, want %.0f,%.0f", s.b.zoom, x3, y3, x0, y0)
	}
}

// TestUGBoardTabOrder: Tab visits the lit regions in order and wraps,
// Shift+Tab goes back, Enter activates the focus; with none lit, Tab goes
// through every region.
func TestUGBoardTabOrder(t *testing.T) {
	h, s, _ := ugBoardHarness(t, "caves-3p")
	s.b.SetTargets(map[int]int{12: 3, 4: -1, 30: 2})
	var got []int
	for k := 0; k < 4; k++ {
		h.Key(ebiten.KeyTab)
		got = append(got, s.b.focus)
	}
	if fmt.Sprint(got) != "[4 12 30 4]" {
		t.Errorf("Tab visited %v, want [4 12 30 4]", got)
	}
	h.In.Held[ebiten.KeyShift] = true
	h.Key(ebiten.KeyTab)
	delete(h.In.Held, ebiten.KeyShift)
	if s.b.focus != 30 {
		t.Errorf("Shift+Tab from 4 went to %d, want 30", s.b.focus)
	}
	h.Key(ebiten.KeyEnter)
	if a := s.last(); a.Kind != ugActivate || a.Region != 30 {
		t.Errorf("Enter gave %+v, want region 30 activated", a)
	}
	if r, tip := s.b.Hovered(); r != 30 || !strings.Contains(tip, "(U5.5)") {
		t.Errorf("focused region's tip %d %q, want region 30 with its cost (U5.5)", r, tip)
	}
	s.b.SetTargets(nil)
	s.b.focus = -1
	got = got[:0]
	for k := 0; k < 3; k++ {
		h.Key(ebiten.KeyTab)
		got = append(got, s.b.focus)
	}
	if fmt.Sprint(got) != "[0 1 2]" {
		t.Errorf("nothing lit: Tab visited %v, want [0 1 2]", got)
	}
}

// TestUGBoardTips: the hovered region's line names its terrain, stack,
// Monsters, Place or Relic and figures, each with its rule number.
func TestUGBoardTips(t *testing.T) {
	h, s, v := ugBoardHarness(t, "caves-5p")
	m := s.b.m
	want := func(i int, parts ...string) {
		t.Helper()
		x, y, _ := s.b.RegionCenter(i)
		h.In.X, h.In.Y = int(x), int(y)
		h.Tick()
		r, tip := s.b.Hovered()
		if r != i {
			t.Fatalf("hovering %s's label: region %d", m.ID(i), r)
		}
		for _, p := range parts {
			if !strings.Contains(tip, p) {
				t.Errorf("%s: tip %q lacks %q", m.ID(i), tip, p)
			}
		}
	}
	checked := map[string]bool{}
	for i, rv := range v.Regions {
		switch {
		case m.IsChasm(i) && !checked["chasm"]:
			want(i, m.ID(i), "(U11.4)")
			checked["chasm"] = true
		case m.IsRiver(i) && !checked["river"]:
			want(i, "River", "(U11.2")
			checked["river"] = true
		case rv.Monsters > 0 && !checked["monster"]:
			want(i, "(U11.6)", "(U11.1)")
			checked["monster"] = true
		case rv.Place == "keep":
			want(i, "Keep on the Motherland (U14.6)")
			checked["place"] = true
		case rv.Tokens > 0 && !rv.Decline && !checked["active"]:
			want(i, "Player", "(U5.6)")
			checked["active"] = true
		case rv.Relic == "doormat":
			want(i, "Flying Doormat (U15.1)")
			checked["relic"] = true
		case rv.Decline && !checked["decline"]:
			want(i, "In Decline", "(U8)")
			checked["decline"] = true
		case m.Terrain(i) == maps.Mountain && !checked["mountain"]:
			want(i, "(U11.7)")
			checked["mountain"] = true
		}
	}
	if len(checked) != 8 {
		t.Errorf("checked only %v", checked)
	}
	q := m.Index(v.Figures["queen"].Region)
	want(q, "Queen: immune (U16.4)")
	h.In.X, h.In.Y = 2, 2 // off the board
	h.Tick()
	if r, tip := s.b.Hovered(); r != -1 || tip != "" {
		t.Errorf("off the board: %d %q", r, tip)
	}
}

// TestUGBoardLongPressExplains: a press resting on a region (touch has
// no hover) shows its tip, keeps it after the finger lifts, and
// activates nothing.
func TestUGBoardLongPressExplains(t *testing.T) {
	h, s, _ := ugBoardHarness(t, "caves-2p")
	x, y, _ := s.b.RegionCenter(3)
	h.In.X, h.In.Y, h.In.Pressed, h.In.Down = int(x), int(y), true, true
	h.Tick()
	h.Ticks(ugLongPress + 2)
	h.In.Released, h.In.Down = true, false
	h.Tick()
	h.In.X, h.In.Y = 0, 0 // a touch screen has no cursor over the map
	h.Tick()
	if a := s.last(); a.Kind != ugNone {
		t.Errorf("a long press reported %+v", a)
	}
	if r, tip := s.b.Hovered(); r != 3 || !strings.Contains(tip, "(U11.") {
		t.Errorf("after a long press on %s: %d %q", s.b.m.ID(3), r, tip)
	}
	tapAt(h, x, y)
	if a := s.last(); a.Kind != ugActivate || a.Region != 3 {
		t.Errorf("a short tap after it gave %+v", a)
	}
}

// ownAndOther finds a region of seat 0's Active race with at least two
// tokens, and another region.
func ownAndOther(t testing.TB, s *ugBoardScene, v *underground.View) (from, to int) {
	from, to = -1, -1
	for i, rv := range v.Regions {
		if rv.Seat == 0 && !rv.Decline && rv.Tokens >= 2 && from < 0 {
			from = i
		}
	}
	for i, rv := range v.Regions {
		if i != from && rv.Seat == 0 && !rv.Decline && rv.Tokens > 0 {
			to = i
			break
		}
	}
	if from < 0 || to < 0 {
		t.Fatal("no two regions of seat 0's Active race")
	}
	return from, to
}

// TestUGBoardDragRedeploys: with dragging on, a drag from an own Active
// region to another reports ugRedeploy of one token (Shift: the stack);
// with it off the same drag pans; a press without travel activates.
func TestUGBoardDragRedeploys(t *testing.T) {
	h, s, v := ugBoardHarness(t, "caves-4p")
	from, to := ownAndOther(t, s, v)
	fx, fy, _ := s.b.RegionCenter(from)
	tx, ty, _ := s.b.RegionCenter(to)
	s.b.SetDrag(v.Seat)
	h.Drag(fx, fy, tx, ty)
	if a := s.last(); a.Kind != ugRedeploy || a.From != from || a.Region != to || a.Count != 1 {
		t.Errorf("drag %d -> %d gave %+v, want a redeploy of 1", from, to, a)
	}
	h.In.Held[ebiten.KeyShift] = true
	h.Drag(fx, fy, tx, ty)
	delete(h.In.Held, ebiten.KeyShift)
	if a := s.last(); a.Kind != ugRedeploy || a.Count != v.Regions[from].Tokens {
		t.Errorf("Shift-drag gave %+v, want the stack of %d", a, v.Regions[from].Tokens)
	}
	tapAt(h, fx, fy)
	if a := s.last(); a.Kind != ugActivate || a.Region != from {
		t.Errorf("a click on an own region with dragging on gave %+v", a)
	}
	h.Drag(fx, fy, fx+3, fy+200) // dropped outside any region or on the same one: nothing
	h.In.X, h.In.Y = 0, 0
	s.acts = s.acts[:0]
	s.b.SetDrag(-1)
	h.Drag(fx, fy, tx, ty)
	if a := s.last(); a.Kind != ugNone {
		t.Errorf("dragging off: %+v", a)
	}
	if x, y, _ := s.b.RegionCenter(from); math.Hypot(x-tx, y-ty) > 2 {
		t.Errorf("dragging off: the map did not pan (label at %.0f,%.0f, pointer at %.0f,%.0f)", x, y, tx, ty)
	}
}

// TestUGBoardTokensFlyIn: a stack that grows in a new view starts tokens
// flying to it, and they land.
func TestUGBoardTokensFlyIn(t *testing.T) {
	h, s, v := ugBoardHarness(t, "caves-2p")
	from, to := ownAndOther(t, s, v)
	nv := *v
	nv.Regions = append([]underground.RegionView(nil), v.Regions...)
	nv.Regions[from].Tokens--
	nv.Regions[to].Tokens++
	s.b.SetView(&nv)
	if len(s.b.anims) != 1 || s.b.anims[0].to != to || math.IsNaN(s.b.anims[0].fromX) {
		t.Fatalf("anims %+v, want one from %d to %d", s.b.anims, from, to)
	}
	h.Ticks(40)
	if len(s.b.anims) != 0 {
		t.Errorf("%d tokens still flying", len(s.b.anims))
	}
}

// BenchmarkUGBoardDrag is one frame (Update + Draw) of the board with the
// 5-player map, every land region full of stacks, while a token is
// dragged across the map (issue 14: under 2 ms CPU and no allocations).
func BenchmarkUGBoardDrag(b *testing.B) {
	h, s, v := ugBoardHarness(b, "caves-5p")
	h.Screen = ebiten.NewImage(h.A.W, h.A.H)
	lit := map[int]int{}
	for i := range v.Regions {
		if s.b.m.IsLand(i) && i%3 == 0 {
			lit[i] = i % 5
		}
	}
	s.b.SetTargets(lit)
	s.b.SetDrag(v.Seat)
	from, _ := ownAndOther(b, s, v)
	fx, fy, _ := s.b.RegionCenter(from)
	h.In.X, h.In.Y, h.In.Pressed, h.In.Down = int(fx), int(fy), true, true
	h.Tick()
	r := s.r
	frame := 0
	move := func() {
		k := float64(frame%120) / 120
		h.In.X = int(float64(r.Min.X) + float64(r.Dx())*(0.1+0.8*k))
		h.In.Y = int(float64(r.Min.Y) + float64(r.Dy())*(0.3+0.4*math.Sin(k*math.Pi)))
		frame++
		h.Tick()
	}
	for i := 0; i < 200; i++ {
		move()
	}
	if !s.b.dragging {
		b.Fatal("not dragging")
	}
	var px [4]byte
	flush := func() { h.Screen.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image).ReadPixels(px[:]) }
	flush()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		move()
		b.StopTimer()
		flush()
		b.StartTimer()
	}
}
