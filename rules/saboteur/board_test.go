package saboteur

import (
	"strconv"
	"strings"
	"testing"
)

// placement reads "CODE@x,y", the form placements answer in.
func placement(t testing.TB, s string) Placement {
	t.Helper()
	code, cell, ok := strings.Cut(s, "@")
	xs, ys, ok2 := strings.Cut(cell, ",")
	x, err1 := strconv.Atoi(xs)
	y, err2 := strconv.Atoi(ys)
	if !ok || !ok2 || err1 != nil || err2 != nil {
		t.Fatalf("bad placement %q", s)
	}
	return Placement{MustCard(code), Cell{x, y}}
}

// testGoals lays the gold at y=0, the NE coal at y=-2, the NW coal at y=2.
var testGoals = [3]GoalCard{CoalNE, Gold, CoalNW}

// testBoard lays the start, the goals and the given cards ("CODE@x,y") as
// they are, whether or not they could have been placed so, and connects
// them (R5.6). Goals stay face down; no goal is turned.
func testBoard(t testing.TB, goals [3]GoalCard, cards ...string) Board {
	t.Helper()
	b := NewBoard(goals)
	for _, s := range cards {
		p := placement(t, s)
		if _, ok := b.At(p.At); ok {
			t.Fatalf("testBoard: %s given twice", p.At)
		}
		b.put(Tile{At: p.At, Card: p.Card, ID: -1})
	}
	b.connect()
	return b
}

// row is a tunnel from the start to (toX, y): up or down column 0, then
// east along row y.
func row(y, toX int) []string {
	cell := func(code string, x, y int) string { return code + "@" + strconv.Itoa(x) + "," + strconv.Itoa(y) }
	var out []string
	switch {
	case y < 0:
		for yy := -1; yy > y; yy-- {
			out = append(out, cell("NS", 0, yy))
		}
		out = append(out, cell("ES", 0, y))
	case y > 0:
		for yy := 1; yy < y; yy++ {
			out = append(out, cell("NS", 0, yy))
		}
		out = append(out, cell("NE", 0, y))
	}
	return append(out, corridor(1, toX, y)...)
}

// corridor is EW cards from x=from to x=to on row y.
func corridor(from, to, y int) []string {
	var out []string
	for x := from; x <= to; x++ {
		out = append(out, "EW@"+strconv.Itoa(x)+","+strconv.Itoa(y))
	}
	return out
}

func TestR3_1Layout(t *testing.T) {
	b := NewBoard(testGoals)
	if tl, ok := b.At(Cell{0, 0}); !ok || tl.Card.Kind != Start || tl.Card.Open != AllSides || !tl.Connected {
		t.Fatalf("start: %+v", tl)
	}
	for i, c := range []Cell{{8, -2}, {8, 0}, {8, 2}} {
		tl, ok := b.At(c)
		if !ok || tl.Card != (Card{Kind: Goal}) || b.GoalFaceUp(i) {
			t.Fatalf("goal %d at %s: %+v", i, c, tl)
		}
		if GoalCells[i] != c || GoalY(i) != c.Y || GoalIndex(c.Y) != i {
			t.Fatalf("goal %d: cells and indexes disagree", i)
		}
	}
	if len(b.Tiles()) != 4 || b.PathCards() != 0 {
		t.Fatalf("a new maze holds %d cards", len(b.Tiles()))
	}
}

// TestR5Placement judges single placements against R5.2-R5.5 on small mazes.
func TestR5Placement(t *testing.T) {
	tests := []struct {
		name    string
		maze    []string
		play    string
		connect bool   // R5.5 on
		rule    string // "" = legal
	}{
		{"R5.2 on the start", nil, "NESW@0,0", false, "R5.2"},
		{"R5.2 on a goal", corridor(1, 7, 0), "NESW@8,0", false, "R5.2"},
		{"R5.2 on a path card", []string{"EW@1,0"}, "EW@1,0", false, "R5.2"},
		{"R5.3 far away", nil, "NESW@3,3", false, "R5.3"},
		{"R5.3 diagonal contact", nil, "NESW@1,1", false, "R5.3"},
		{"R5.3 a face-down goal alone", nil, "NESW@7,0", false, "R5.3"},
		{"R5.3 beside a face-down goal only, off the goal row", nil, "NS@8,1", false, "R5.3"},
		{"R5.4 wall against the start's opening", nil, "NE@1,0", false, "R5.4"},
		{"R5.4 opening against a wall", []string{"NS@0,1"}, "EW@1,1", false, "R5.4"},
		{"R5.4 a dead end's wall against an opening", nil, "xE@1,0", false, "R5.4"},
		{"R5.4 one bad side of two", []string{"EW@1,0", "NS@2,-1"}, "EW@2,0", false, "R5.4"},
		{"R5.4 checks a face-up coal", nil, "", false, ""},
		{"tunnel meets the start", nil, "EW@1,0", false, ""},
		{"SW (NE turned) meets the start", nil, "SW@1,0", false, ""},
		{"NE turned to SW under the start", nil, "NE@0,1", false, ""},
		{"dead end meets the start", nil, "xW@1,0", false, ""},
		{"walls meet walls", []string{"EW@1,0"}, "EW@1,-1", false, ""},
		{"all four sides agree", []string{"EW@1,0", "NS@2,-1", "NS@2,1", "EW@3,0"}, "NESW@2,0", false, ""},
		{"beside a face-down goal, not checked", corridor(1, 6, 0), "NS@7,-1", false, "R5.3"},
		{"against a face-down goal's side", corridor(1, 6, 0), "EW@7,0", false, ""},
		{"wall against a face-down goal", corridor(1, 6, 0), "xW@7,0", false, ""},
		{"R5.7 island beyond a dead end", []string{"xEW@1,0"}, "EW@2,0", false, ""},
		{"R5.5 island beyond a dead end", []string{"xEW@1,0"}, "EW@2,0", true, "R5.5"},
		{"R5.5 a dead end ends a tunnel", []string{"EW@1,0"}, "xW@2,0", true, ""},
		{"R5.5 touching walls join nothing", []string{"EW@1,0"}, "EW@1,1", true, "R5.5"},
		{"R5.5 tunnel from the start", []string{"EW@1,0"}, "NW@2,0", true, ""},
	}
	for _, tc := range tests {
		if tc.play == "" {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			b := testBoard(t, testGoals, tc.maze...)
			p := placement(t, tc.play)
			err := b.Placeable(p.Card, p.At, tc.connect)
			if got := RuleOf(err); got != tc.rule || (tc.rule == "") != (err == nil) {
				t.Fatalf("Placeable(%s) = %v, want rule %q", tc.play, err, tc.rule)
			}
			// The fast form and the list of placements agree with it.
			if b.placeable(p.Card, p.At, tc.connect) != (err == nil) {
				t.Fatalf("placeable and Placeable disagree on %s", tc.play)
			}
			found := false
			for _, q := range b.Placements(nil, p.Card, tc.connect) {
				found = found || q == p
			}
			if found != (err == nil) {
				t.Fatalf("Placements lists %s: %v, Placeable: %v", tc.play, found, err)
			}
		})
	}
}

// TestR5_4FaceUpCoal: a face-up coal is an anchor and is checked (R7.2).
func TestR5_4FaceUpCoal(t *testing.T) {
	b := testBoard(t, testGoals, row(-2, 7)...)
	b.reveal()
	tl, _ := b.At(GoalCells[0])
	if tl.Card.String() != "coal:SW" {
		t.Fatalf("coal turned as %s, want coal:SW", tl.Card)
	}
	for _, tc := range []struct {
		play string
		rule string
	}{
		{"NS@8,-1", ""},     // S opening of the coal meets N
		{"EW@8,-1", "R5.4"}, // wall against the coal's S opening
		{"EW@9,-2", "R5.4"}, // opening against the coal's E wall
		{"NS@8,-3", "R5.4"}, // opening against the coal's N wall
		{"xE@9,-2", ""},     // wall meets wall; anchored by the coal alone
	} {
		p := placement(t, tc.play)
		if got := RuleOf(b.Placeable(p.Card, p.At, false)); got != tc.rule {
			t.Errorf("%s: rule %q, want %q", tc.play, got, tc.rule)
		}
	}
}

// TestR5_6Connected checks which cards count as joined to the start.
func TestR5_6Connected(t *testing.T) {
	tests := []struct {
		name string
		maze []string
		cell Cell
		want bool
	}{
		{"tunnel beside the start", []string{"EW@1,0"}, Cell{1, 0}, true},
		{"through two tunnels", []string{"EW@1,0", "EW@2,0"}, Cell{2, 0}, true},
		{"a dead end is never connected", []string{"xEW@1,0"}, Cell{1, 0}, false},
		{"nothing passes through a dead end", []string{"xEW@1,0", "EW@2,0"}, Cell{2, 0}, false},
		{"touching walls join nothing", []string{"EW@1,0", "EW@1,1"}, Cell{1, 1}, false},
		{"diagonal joins nothing", []string{"NS@1,1"}, Cell{1, 1}, false},
		{"around a corner", []string{"EW@1,0", "SW@2,0", "NS@2,1"}, Cell{2, 1}, true},
		{"opening against a wall", []string{"EW@1,0", "NS@2,0"}, Cell{2, 0}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := testBoard(t, testGoals, tc.maze...)
			tl, _ := b.At(tc.cell)
			if tl.Connected != tc.want {
				t.Fatalf("%s at %s connected = %v, want %v", tl.Card, tc.cell, tl.Connected, tc.want)
			}
		})
	}
}

// TestR7Reveal checks which goals a placement turns face up, and how.
func TestR7Reveal(t *testing.T) {
	tests := []struct {
		name   string
		goals  [3]GoalCard
		maze   []string
		play   string
		turned []string // "y=card", in order
	}{
		{"R7.1 a tunnel reaches the gold", testGoals, corridor(1, 6, 0), "EW@7,0", []string{"0=GOLD"}},
		{"R7.1 a dead end next to a goal reveals nothing", testGoals, corridor(1, 6, 0), "xEW@7,0", nil},
		{"R7.1 a wall next to a goal reveals nothing", testGoals, corridor(1, 6, 0), "NW@7,0", nil},
		{"R7.1 an island next to a goal reveals nothing", testGoals, append(corridor(1, 4, 0), "xEW@5,0", "EW@6,0"), "EW@7,0", nil},
		{"R7.1 from below", testGoals, append(row(4, 7), "NW@8,4"), "NS@8,3", []string{"2=coal:ES"}},
		{"R7.1 one card reveals two goals", testGoals, row(-1, 7), "NSW@8,-1", []string{"-2=coal:SW", "0=GOLD"}},
		{"R7.1 a late card joins an island and reveals a goal it does not touch",
			testGoals, append(corridor(1, 2, 0), corridor(4, 7, 0)...), "EW@3,0", []string{"0=GOLD"}},
		{"R7.2 coal turns to meet the path from the west", testGoals, row(-2, 6), "EW@7,-2", []string{"-2=coal:SW"}},
		{"R7.2 coal turns to meet the path from the north", testGoals, append(row(-4, 7), "SW@8,-4"), "NS@8,-3", []string{"-2=coal:NE"}},
		{"R7.2 the NW coal from the west", testGoals, row(2, 6), "EW@7,2", []string{"2=coal:NW"}},
		{"R7.2 the NW coal from the north", testGoals, row(1, 7), "NSW@8,1", []string{"0=GOLD", "2=coal:NW"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := testBoard(t, tc.goals, tc.maze...)
			if turned := b.reveal(); len(turned) != 0 {
				t.Fatalf("the maze as laid already reaches goals %v", turned)
			}
			p := placement(t, tc.play)
			if err := b.Placeable(p.Card, p.At, false); err != nil {
				t.Fatalf("%s: %v", tc.play, err)
			}
			var got []string
			for _, i := range b.Place(p.Card, 0, p.At) {
				tl, _ := b.At(GoalCells[i])
				got = append(got, strconv.Itoa(GoalY(i))+"="+tl.Card.String())
			}
			if strings.Join(got, " ") != strings.Join(tc.turned, " ") {
				t.Fatalf("turned %v, want %v", got, tc.turned)
			}
		})
	}
}

// TestR7_2Tie: when both orientations of a coal meet as many openings, it
// lies as its kind is named (NE); a mismatch with a neighbour then stays.
// The maze reaches the NE coal from the west and, over the top, from the
// east at once (a position may be given so: the maze is taken as given).
func TestR7_2Tie(t *testing.T) {
	maze := []string{"NS@0,-1", "NES@0,-2", "ES@0,-3", "SW@10,-3", "NW@10,-2", "EW@9,-2"}
	maze = append(maze, corridor(1, 7, -2)...)
	maze = append(maze, corridor(1, 9, -3)...)
	b := testBoard(t, testGoals, maze...)
	if turned := b.reveal(); len(turned) != 1 || turned[0] != 0 {
		t.Fatalf("turned %v, want the goal at y=-2", turned)
	}
	tl, _ := b.At(GoalCells[0])
	if tl.Card.String() != "coal:NE" || !tl.Connected {
		t.Fatalf("coal lies as %s (connected %v), want coal:NE, connected through its E side", tl.Card, tl.Connected)
	}
	// The west neighbour's opening now meets the coal's wall; it stays so.
	w, _ := b.At(Cell{7, -2})
	if w.Card.Open&E == 0 || tl.Card.Open&W != 0 {
		t.Fatalf("expected a mismatch on the coal's west side")
	}
}

// TestR6_3Rockfall checks what a rockfall may remove and what it does to
// the connections.
func TestR6_3Rockfall(t *testing.T) {
	b := testBoard(t, testGoals, corridor(1, 3, 0)...)
	if _, ok := b.Remove(StartCell); ok {
		t.Fatal("removed the start")
	}
	if _, ok := b.Remove(GoalCells[1]); ok {
		t.Fatal("removed a goal")
	}
	if _, ok := b.Remove(Cell{5, 5}); ok {
		t.Fatal("removed an empty cell")
	}
	tl, ok := b.Remove(Cell{2, 0})
	if !ok || tl.Card.String() != "EW" {
		t.Fatalf("Remove(2,0) = %+v, %v", tl, ok)
	}
	if c, _ := b.At(Cell{3, 0}); c.Connected {
		t.Fatal("the card beyond the gap is still connected")
	}
	if _, ok := b.At(Cell{2, 0}); ok || b.PathCards() != 2 {
		t.Fatal("the card is still there")
	}
	// The gap can be filled again; the far card is joined once more.
	b.Place(MustCard("EW"), 0, Cell{2, 0})
	if c, _ := b.At(Cell{3, 0}); !c.Connected {
		t.Fatal("the far card is not joined again")
	}
}

// TestBoardLimits: a placement outside the grid or of a card that is not a
// path card is refused, never a panic.
func TestBoardLimits(t *testing.T) {
	b := NewBoard(testGoals)
	for _, at := range []Cell{{1000, 0}, {-45, 0}, {0, 60}, {gridMin, gridMin}, {gridMin + 1, 0}} {
		if err := b.Placeable(MustCard("NESW"), at, false); err == nil || b.Fits(MustCard("NESW"), at, false) {
			t.Fatalf("placed at %s", at)
		}
	}
	if err := b.Placeable(MustCard("rockfall"), Cell{1, 0}, false); RuleOf(err) != "R5" {
		t.Fatalf("a rockfall as a path card: %v", err)
	}
}
