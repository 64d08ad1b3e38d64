package maps

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func builtin(t testing.TB, name string) *Map {
	t.Helper()
	m, err := Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestBuiltinMaps: each built-in map loads, passes Validate, CheckTargets
// and CheckGeometry, is found by its player count, and numbers its regions
// r1..rN.
func TestBuiltinMaps(t *testing.T) {
	for _, tc := range []struct {
		name                          string
		players, turns, land, regions int
	}{
		{"caves-2p", 2, 10, 20, 28},
		{"caves-3p", 3, 10, 26, 33},
		{"caves-4p", 4, 9, 35, 44},
		{"caves-5p", 5, 8, 45, 54},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := builtin(t, tc.name)
			if m.Name != tc.name || m.Players != tc.players || m.Turns != tc.turns {
				t.Fatalf("name %q players %d turns %d", m.Name, m.Players, m.Turns)
			}
			if got := bits.OnesCount64(m.LandMask()); got != tc.land {
				t.Errorf("%d land regions, want %d", got, tc.land)
			}
			if m.Len() != tc.regions {
				t.Errorf("%d regions, want %d (land + River + chasms)", m.Len(), tc.regions)
			}
			for _, check := range []func() error{m.Validate, m.CheckTargets, m.CheckGeometry} {
				if err := check(); err != nil {
					t.Error(err)
				}
			}
			for i, r := range m.Regions {
				if want := fmt.Sprintf("r%d", i+1); r.ID != want || m.Index(want) != i || m.ID(i) != want {
					t.Errorf("region %d is %q, want %q", i, r.ID, want)
				}
			}
			p, err := ForPlayers(tc.players)
			if err != nil || p.Name != tc.name {
				t.Errorf("ForPlayers(%d) = %v, %v", tc.players, p, err)
			}
			t.Logf("%s: %d regions, %d borders, %d edge land, %d coastal, Monsters %v, Volcanoes %v",
				m.Name, m.Len(), len(m.Borders), bits.OnesCount64(m.EdgeMask()&m.LandMask()),
				bits.OnesCount64(m.CoastalMask()), ids(m, m.MonsterMask()), ids(m, m.VolcanoMask()))
		})
	}
	if _, err := ForPlayers(6); err == nil || !strings.Contains(err.Error(), "players") {
		t.Errorf("ForPlayers(6): %v", err)
	}
	if _, err := Builtin("caves-9p"); err == nil || !strings.Contains(err.Error(), "caves-9p") {
		t.Errorf("Builtin(caves-9p): %v", err)
	}
	if got := Names(); !slices.Equal(got, []string{"caves-2p", "caves-3p", "caves-4p", "caves-5p"}) {
		t.Errorf("Names() = %v", got)
	}
}

func ids(m *Map, s uint64) []string {
	var out []string
	for _, i := range Indices(s) {
		out = append(out, m.ID(i))
	}
	return out
}

// TestTargetsByHand re-derives the Maps section's targets for each
// built-in map from its regions and borders alone, without CheckTargets.
func TestTargetsByHand(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			m := builtin(t, name)
			tg, _ := TargetFor(m.Players)
			adj := map[[2]string]bool{}
			for _, b := range m.Borders {
				adj[[2]string{b[0], b[1]}], adj[[2]string{b[1], b[0]}] = true, true
			}
			by := map[Terrain][]Region{}
			for _, r := range m.Regions {
				by[r.Terrain] = append(by[r.Terrain], r)
			}
			// terrain mix within 1, at most 9 Black Mountains
			var counts []int
			for _, tr := range LandTerrains() {
				counts = append(counts, len(by[tr]))
			}
			if slices.Max(counts)-slices.Min(counts) > 1 || len(by[Mountain]) > 9 {
				t.Errorf("terrain counts %v", counts)
			}
			// River: a path of the target length, ends (only) on the edge
			rivers := by[River]
			if len(rivers) != tg.River {
				t.Errorf("%d River regions", len(rivers))
			}
			var ends int
			for _, a := range rivers {
				deg := 0
				for _, b := range rivers {
					if adj[[2]string{a.ID, b.ID}] {
						deg++
					}
				}
				if deg == 1 {
					ends++
					if !a.Edge {
						t.Errorf("River end %s not on the edge", a.ID)
					}
				} else if deg != 2 || a.Edge {
					t.Errorf("River %s: %d River neighbours, edge %v", a.ID, deg, a.Edge)
				}
			}
			if ends != 2 {
				t.Errorf("%d River ends", ends)
			}
			// two land halves of similar size without the River
			land := func(r Region) bool { return r.Terrain.Land() }
			halves := groups(m, adj, land)
			if len(halves) != 2 || 10*min(halves[0], halves[1]) < 4*(halves[0]+halves[1]) {
				t.Errorf("land without the River: groups %v", halves)
			}
			// connected without chasms, reachable from the edge
			if g := groups(m, adj, func(r Region) bool { return r.Terrain != Chasm }); len(g) != 1 {
				t.Errorf("land and River in %d groups", len(g))
			}
			// chasms: 4-5, inner ones carry the Volcano, at least 2
			inner := 0
			for _, c := range by[Chasm] {
				if c.Edge == c.Volcano {
					t.Errorf("chasm %s: edge %v volcano %v", c.ID, c.Edge, c.Volcano)
				}
				if !c.Edge {
					inner++
				}
			}
			if n := len(by[Chasm]); n < 4 || n > 5 || inner < 2 {
				t.Errorf("%d chasms, %d inside", n, inner)
			}
			// Monsters: count, land only, apart, spread over terrains, some on the edge
			var mons []Region
			monTerr := map[Terrain]int{}
			edgeMon, edgeLand, nLand := 0, 0, 0
			for _, r := range m.Regions {
				if land(r) {
					nLand++
					if r.Edge {
						edgeLand++
					}
				}
				if r.Monster {
					mons = append(mons, r)
					monTerr[r.Terrain]++
					if r.Edge {
						edgeMon++
					}
					if !land(r) {
						t.Errorf("Monster on %s %s", r.Terrain, r.ID)
					}
				}
			}
			for _, a := range mons {
				for _, b := range mons {
					if adj[[2]string{a.ID, b.ID}] {
						t.Errorf("Monsters %s and %s adjacent", a.ID, b.ID)
					}
				}
			}
			if len(mons) != tg.Monsters || edgeMon == 0 || edgeMon == len(mons) || len(monTerr) != min(5, len(mons)) {
				t.Errorf("%d Monsters, %d on the edge, terrains %v", len(mons), edgeMon, monTerr)
			}
			if pct := 100 * edgeLand / nLand; pct < 40 || pct > 60 {
				t.Errorf("%d%% edge land regions", pct)
			}
		})
	}
}

// groups returns the sizes of the connected groups of regions that keep
// allows, linked by borders.
func groups(m *Map, adj map[[2]string]bool, keep func(Region) bool) []int {
	seen := map[string]bool{}
	var out []int
	for _, r := range m.Regions {
		if !keep(r) || seen[r.ID] {
			continue
		}
		n, stack := 0, []Region{r}
		seen[r.ID] = true
		for len(stack) > 0 {
			a := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			n++
			for _, b := range m.Regions {
				if keep(b) && !seen[b.ID] && adj[[2]string{a.ID, b.ID}] {
					seen[b.ID] = true
					stack = append(stack, b)
				}
			}
		}
		out = append(out, n)
	}
	return out
}

// TestLookupTables: Adj, AdjMask, Open, Coastal (U11.3), Chasmside
// (U12.14), Across (U12.8) and the masks agree with the regions and
// borders, by brute force.
func TestLookupTables(t *testing.T) {
	for _, name := range Names() {
		m := builtin(t, name)
		n := m.Len()
		border := func(i, j int) bool {
			for _, b := range m.Borders {
				if (b[0] == m.ID(i) && b[1] == m.ID(j)) || (b[1] == m.ID(i) && b[0] == m.ID(j)) {
					return true
				}
			}
			return false
		}
		for i := range n {
			var adj, open, across []int
			coastal, side := false, false
			for j := range n {
				if border(i, j) {
					adj = append(adj, j)
					if !m.IsChasm(j) {
						open = append(open, j)
					}
					coastal = coastal || (m.IsLand(i) && m.IsRiver(j))
					side = side || (!m.IsChasm(i) && m.IsChasm(j))
				}
				if j != i && m.IsLand(i) && m.IsLand(j) {
					// one River chain: both border some River region
					a, b := false, false
					for k := range n {
						if m.IsRiver(k) {
							a, b = a || border(i, k), b || border(j, k)
						}
					}
					if a && b {
						across = append(across, j)
					}
				}
				if m.AreAdjacent(i, j) != border(i, j) {
					t.Errorf("%s: AreAdjacent(%d, %d) wrong", name, i, j)
				}
			}
			if !slices.Equal(m.Adjacent(i), adj) || !slices.Equal(m.Adj[i], adj) {
				t.Errorf("%s: Adj[%d] = %v, want %v", name, i, m.Adj[i], adj)
			}
			if !slices.Equal(m.Open(i), open) {
				t.Errorf("%s: Open(%d) = %v, want %v", name, i, m.Open(i), open)
			}
			if !slices.Equal(m.Across(i), across) {
				t.Errorf("%s: Across(%d) = %v, want %v", name, i, m.Across(i), across)
			}
			if m.Coastal(i) != coastal || m.Chasmside(i) != side {
				t.Errorf("%s: region %d coastal %v chasmside %v", name, i, m.Coastal(i), m.Chasmside(i))
			}
			if (m.Stretch(i) == 0) != m.IsRiver(i) || (m.Stretch(i) == -1) == m.IsRiver(i) {
				t.Errorf("%s: Stretch(%d) = %d", name, i, m.Stretch(i))
			}
			r := m.Regions[i]
			if m.Edge(i) != r.Edge || m.Monster(i) != r.Monster || m.Volcano(i) != r.Volcano || m.Terrain(i) != r.Terrain ||
				m.TerrainMask(r.Terrain)&(1<<uint(i)) == 0 {
				t.Errorf("%s: flags of region %d", name, i)
			}
		}
	}
}

// TestCloneAndRoundTrip: Builtin hands out independent copies, and a map
// written as JSON reads back the same.
func TestCloneAndRoundTrip(t *testing.T) {
	a := builtin(t, "caves-3p")
	a.Regions[0].Terrain = Chasm
	a.Regions[1].Shape[0][0] = -5
	a.Adj[2] = nil
	b := builtin(t, "caves-3p")
	if b.Regions[0].Terrain == Chasm || b.Regions[1].Shape[0][0] == -5 || b.Adj[2] == nil {
		t.Fatal("Builtin shares data between callers")
	}
	data, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(b, c) {
		t.Fatal("JSON round trip changed the map")
	}
	raw, err := Raw("caves-3p")
	if err != nil || !json.Valid(raw) {
		t.Fatalf("Raw: %v", err)
	}
}

// TestCheckTargetsCatches: breaking each target on a built-in map is
// reported, naming the target.
func TestCheckTargetsCatches(t *testing.T) {
	first := func(m *Map, ok func(int) bool) int {
		for i := range m.Len() {
			if ok(i) {
				return i
			}
		}
		panic("none")
	}
	for _, tc := range []struct {
		name   string
		break_ func(m *Map)
		want   string
	}{
		{"turns", func(m *Map) { m.Turns = 7 }, "turns: 7"},
		{"terrain mix", func(m *Map) {
			m.Regions[first(m, func(i int) bool { return m.Terrain(i) == Mine && !m.Monster(i) })].Terrain = Forest
		}, "terrain counts"},
		{"Monsters adjacent", func(m *Map) {
			i := Indices(m.MonsterMask())[0]
			m.Regions[first(m, func(j int) bool { return m.AreAdjacent(i, j) && m.IsLand(j) })].Monster = true
		}, "are adjacent"},
		{"Monster count", func(m *Map) { m.Regions[Indices(m.MonsterMask())[0]].Monster = false }, "Monster regions, the target"},
		{"River end off the edge", func(m *Map) {
			m.Regions[first(m, func(i int) bool { return m.IsRiver(i) && m.Edge(i) })].Edge = false
		}, "is not on the edge"},
		{"River middle on the edge", func(m *Map) {
			m.Regions[first(m, func(i int) bool { return m.IsRiver(i) && !m.Edge(i) })].Edge = true
		}, "is not an end"},
		{"Volcano on an edge chasm", func(m *Map) {
			m.Regions[first(m, func(i int) bool { return m.IsChasm(i) && m.Edge(i) })].Volcano = true
		}, "Volcano symbols"},
		{"too many edge regions", func(m *Map) {
			for i := range m.Regions {
				m.Regions[i].Edge = m.IsLand(i) || m.Regions[i].Edge
			}
		}, "on the edge, the target is 40-60%"},
		{"region cut off", func(m *Map) {
			i := first(m, func(i int) bool { return m.IsLand(i) && !m.Edge(i) })
			m.Borders = slices.DeleteFunc(m.Borders, func(b [2]string) bool { return b[0] == m.ID(i) || b[1] == m.ID(i) })
		}, "cannot be reached"},
		{"players", func(m *Map) { m.Players = 0 }, "players: 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := builtin(t, "caves-4p")
			tc.break_(m)
			if err := m.Validate(); err != nil {
				t.Fatal(err)
			}
			err := m.CheckTargets()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("CheckTargets() = %v, want %q", err, tc.want)
			}
		})
	}
}

// TestInlineMap: the map_inline shape of the position format, with
// geometry left out, reads; the flags default to false; the tables answer
// River, coastal, chasm and Lizardmen questions (U11.3, U11.4, U12.8,
// U12.14).
func TestInlineMap(t *testing.T) {
	// r1 r2 | r3 (river) r4 (river) | r5, chasm r6 between r1 and r5.
	m, err := Parse([]byte(`{"turns": 10, "regions": [
		{"id": "r1", "terrain": "mine", "edge": true, "monster": true, "volcano": false},
		{"id": "r2", "terrain": "mud"},
		{"id": "r3", "terrain": "river", "edge": true},
		{"id": "r4", "terrain": "river"},
		{"id": "r5", "terrain": "mountain", "edge": true},
		{"id": "r6", "terrain": "chasm", "volcano": true},
		{"id": "r7", "terrain": "crystal"}],
		"borders": [["r1", "r2"], ["r2", "r3"], ["r3", "r4"], ["r4", "r5"], ["r1", "r6"], ["r6", "r5"], ["r7", "r5"]]}`))
	if err != nil {
		t.Fatal(err)
	}
	idx := func(ids ...string) []int {
		var out []int
		for _, id := range ids {
			out = append(out, m.Index(id))
		}
		return out
	}
	if m.Index("r9") != -1 || !m.Monster(0) || m.Monster(1) || !m.Volcano(5) || m.Edge(1) {
		t.Error("flags")
	}
	if got := m.Open(m.Index("r1")); !slices.Equal(got, idx("r2")) {
		t.Errorf("Open(r1) = %v: a chasm is no way through (U11.4)", got)
	}
	if got := ids(m, m.CoastalMask()); !slices.Equal(got, []string{"r2", "r5"}) {
		t.Errorf("coastal %v", got)
	}
	if got := ids(m, m.ChasmsideMask()); !slices.Equal(got, []string{"r1", "r5"}) {
		t.Errorf("chasmside %v", got)
	}
	if got := m.Across(m.Index("r2")); !slices.Equal(got, idx("r5")) {
		t.Errorf("Across(r2) = %v", got)
	}
	if got := m.Across(m.Index("r7")); len(got) != 0 {
		t.Errorf("Across(r7) = %v", got)
	}
	if m.Stretch(2) != 0 || m.Stretch(3) != 0 || m.Stretch(0) != -1 {
		t.Error("Stretch")
	}
	if err := m.CheckTargets(); err == nil || !strings.Contains(err.Error(), "players") {
		t.Errorf("CheckTargets on an inline map without players: %v", err)
	}
	if err := m.CheckGeometry(); err == nil || !strings.Contains(err.Error(), "shape: missing") {
		t.Errorf("CheckGeometry without shapes: %v", err)
	}
}

const okRegion = `{"id": "r1", "terrain": "mine", "edge": true}`

// TestParseErrors: bad input is refused with one line naming the field.
func TestParseErrors(t *testing.T) {
	mapOf := func(regions, borders string) string {
		return `{"turns": 9, "regions": [` + regions + `], "borders": [` + borders + `]}`
	}
	for _, tc := range []struct{ in, want string }{
		{``, "map: unexpected end"},
		{`[]`, "map: want a JSON object"},
		{`{"turns": 9, "regions": [` + okRegion + `], "borders": []} x`, "data after"},
		{`{"turns": 9, "regions": [` + okRegion + `], "borders": [], "sea": 1}`, `"sea": unknown field`},
		{`{"turns": 9, "turns": 9, "regions": [` + okRegion + `], "borders": []}`, "turns: given twice"},
		{`{"regions": [` + okRegion + `], "borders": []}`, "turns: missing"},
		{`{"turns": 9, "borders": []}`, "regions: missing"},
		{`{"turns": 9, "regions": [` + okRegion + `]}`, "borders: missing"},
		{`{"turns": 9.5, "regions": [], "borders": []}`, "turns: number 9.5 is not a whole number"},
		{`{"turns": "9", "regions": [], "borders": []}`, "turns: string is not a whole number"},
		{`{"turns": 0, "regions": [` + okRegion + `], "borders": []}`, "turns: 0 is not between"},
		{`{"turns": 9, "players": 7, "regions": [` + okRegion + `], "borders": []}`, "players: 7"},
		{`{"turns": 9, "regions": null, "borders": []}`, "regions: null"},
		{`{"turns": 9, "regions": {}, "borders": []}`, "regions: object is not a list"},
		{mapOf(``, ``), "regions: no region"},
		{mapOf(`{"id": "r1", "terrain": "mine", "edge": true, "lava": true}`, ``), `"regions[0].lava": unknown field`},
		{mapOf(`{"terrain": "mine"}`, ``), "regions[0].id: missing"},
		{mapOf(`{"id": "r1"}`, ``), "regions[0].terrain: missing"},
		{mapOf(`{"id": "", "terrain": "mine"}`, ``), "regions[0].id: empty"},
		{mapOf(okRegion+`, {"id": "r1", "terrain": "mud"}`, ``), `regions[1].id: "r1" is also regions[0]`},
		{mapOf(okRegion+`, {"id": "r2", "terrain": "lava"}`, ``), `regions[1].terrain: unknown terrain "lava"`},
		{mapOf(okRegion+`, {"id": "r2", "terrain": "mudpool"}`, ``), `regions[1].terrain: unknown terrain "mudpool"`},
		{mapOf(okRegion+`, {"id": "r2", "terrain": "mud", "edge": 1}`, ``), "regions[1].edge: number is not a boolean"},
		{mapOf(okRegion+`, {"id": "r2", "terrain": "mud", "edge": null}`, ``), "regions[1].edge: null"},
		{mapOf(okRegion+`, {"id": "r2", "terrain": "river", "monster": true}`, ``), "regions[1].monster: a river region cannot"},
		{mapOf(okRegion+`, {"id": "r2", "terrain": "chasm", "monster": true}`, ``), "regions[1].monster: a chasm region cannot"},
		{mapOf(okRegion+`, {"id": "r2", "terrain": "mud", "volcano": true}`, ``), "regions[1].volcano: only a chasm"},
		{mapOf(`{"id": "r1", "terrain": "mine"}`, ``), "no edge region"},
		{mapOf(`{"id": "r1", "terrain": "river", "edge": true}`, ``), "no land region"},
		{mapOf(okRegion, `["r1", "r2"]`), `borders[0]: unknown region "r2"`},
		{mapOf(okRegion, `["r2", "r1"]`), `borders[0]: unknown region "r2"`},
		{mapOf(okRegion, `["r1", "r1"]`), `borders[0]: region "r1" borders itself`},
		{mapOf(okRegion+`, {"id": "r2", "terrain": "mud"}`, `["r1", "r2"], ["r2", "r1"]`), `borders[1]: "r2"-"r1" is also borders[0]`},
		{mapOf(okRegion, `["r1"]`), "borders[0]: 1 ids"},
		{mapOf(okRegion, `["r1", "r2", "r3"]`), "borders[0]: 3 ids"},
		{mapOf(okRegion, `"r1-r2"`), "borders[0]: string is not a list"},
		{mapOf(okRegion, `[1, 2]`), "borders[0]: number is not a string"},
		{mapOf(`{"id": "r1", "terrain": "mine", "edge": true, "shape": [[0, 0], [1, 0]]}`, ``), "regions[0].shape: 2 points"},
		{mapOf(`{"id": "r1", "terrain": "mine", "edge": true, "shape": [[0, 0], [1, 0], [2]]}`, ``), "regions[0].shape[2]: 1 numbers"},
		{mapOf(`{"id": "r1", "terrain": "mine", "edge": true, "shape": [[0, 0], [1, 0], [2, 0]]}`, ``), "regions[0].shape: encloses no area"},
		{mapOf(`{"id": "r1", "terrain": "mine", "edge": true, "label": [1]}`, ``), "regions[0].label: 1 numbers"},
		{`{"turns": 9, "width": -3, "regions": [` + okRegion + `], "borders": []}`, "width, height"},
		{mapOf(strings.Repeat(okRegion+",", 64)+okRegion, ``), "65 regions, at most 64"},
	} {
		_, err := Parse([]byte(tc.in))
		if err == nil {
			t.Errorf("Parse(%.60q) accepted", tc.in)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, tc.want) || !strings.HasPrefix(msg, "maps: ") || strings.ContainsAny(msg, "\n\r") {
			t.Errorf("Parse(%.60q):\n  got  %q\n  want %q", tc.in, msg, tc.want)
		}
	}
}

// FuzzParse: no input makes Parse panic; an error is one line; a map it
// accepts passes Validate again and survives a JSON round trip.
func FuzzParse(f *testing.F) {
	// Two squares side by side with shapes (the built-in maps are too big
	// to be minimised quickly).
	f.Add([]byte(`{"name": "x", "players": 2, "turns": 10, "width": 3, "height": 2, "regions": [
		{"id": "r1", "terrain": "mine", "edge": true, "shape": [[0,0],[0,1],[1,1],[1,0]], "label": [0.5,0.5]},
		{"id": "r2", "terrain": "river", "edge": true, "shape": [[1,0],[1,1],[2,1],[2,0]], "label": [1.5,0.5]}],
		"borders": [["r1", "r2"]]}`))
	f.Add([]byte(`{"turns": 10, "regions": [{"id": "r1", "terrain": "mine", "edge": true, "monster": true, "volcano": false}, {"id": "r2", "terrain": "chasm", "volcano": true}], "borders": [["r1", "r2"]]}`))
	f.Add([]byte(`{"turns": 1, "regions": [{"id": "a", "terrain": "forest", "edge": true, "shape": [[0,0],[0,1],[1,0]], "label": [0.2, 0.2]}], "borders": []}`))
	f.Add([]byte(`{"turns": 9, "regions": [{"id": "r1", "terrain": "mine", "edge": true}], "borders": [["r1", "r1"]]}`))
	f.Add([]byte(`{`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse(data)
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "maps: ") || strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("error %q is not one line", msg)
			}
			return
		}
		if err := m.Validate(); err != nil {
			t.Fatalf("Parse accepted, Validate refuses: %v", err)
		}
		out, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Parse(out)
		if err != nil {
			t.Fatalf("round trip: %v", err)
		}
		if len(again.Regions) != len(m.Regions) || len(again.Borders) != len(m.Borders) {
			t.Fatal("round trip changed the map")
		}
		_ = m.CheckTargets()
		_ = m.CheckGeometry()
	})
}

// BenchmarkAdjacency walks every region's neighbours, as the engine's
// target search does.
func BenchmarkAdjacency(b *testing.B) {
	m := builtin(b, "caves-5p")
	n := m.Len()
	b.ReportAllocs()
	sum := 0
	for b.Loop() {
		for i := range n {
			for _, j := range m.Open(i) {
				sum += j
			}
		}
	}
	_ = sum
}

// BenchmarkAreAdjacent asks one border question per pair of regions.
func BenchmarkAreAdjacent(b *testing.B) {
	m := builtin(b, "caves-5p")
	n := m.Len()
	b.ReportAllocs()
	c := 0
	for b.Loop() {
		for i := range n {
			for j := range n {
				if m.AreAdjacent(i, j) {
					c++
				}
			}
		}
	}
	_ = c
}

// BenchmarkBuiltin is the cost of a fresh copy of the 5-player map.
func BenchmarkBuiltin(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Builtin("caves-5p"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseBuiltin parses the four built-in maps, as the first
// Builtin or ForPlayers of a run does (the app does it off the frame
// once its first frame is drawn: issue 28).
func BenchmarkParseBuiltin(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, name := range Names() {
			raw, err := Raw(name)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := Parse(raw); err != nil {
				b.Fatal(err)
			}
		}
	}
}
