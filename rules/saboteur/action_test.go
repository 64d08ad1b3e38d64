package saboteur

import (
	"slices"
	"testing"
)

// TestR6Actions plays action cards in a game and checks R6.1-R6.5.
func TestR6Actions(t *testing.T) {
	g := newGame(t, Options{Players: 4, FirstPlayer: 0}, 11)
	clearHands(g)
	setHand(t, g, 0, "broken:pickaxe", "broken:pickaxe", "EW", "map", "rockfall", "repair:pickaxe+lantern")
	setHand(t, g, 1, "broken:lantern", "repair:pickaxe+cart", "repair:cart", "NS", "map", "xN")
	setHand(t, g, 2, "EW", "NESW", "NESW", "NS", "NS", "NE")
	setHand(t, g, 3, "rockfall", "rockfall", "NS", "NES", "NES", "NES")

	// R6.1: a broken tool on oneself; a second of the same type is refused.
	refused(t, g, on(0, "broken:pickaxe", 4, 0), "R6.1")
	refused(t, g, on(0, "broken:pickaxe", -1, 0), "R6.1")
	apply(t, g, on(0, "broken:pickaxe", 0, 0))
	if g.broken[0] != Pickaxe || len(g.inFront) != 1 {
		t.Fatalf("broken %v, in front %v", g.broken, g.inFront)
	}
	apply(t, g, on(1, "broken:lantern", 0, 0))
	apply(t, g, Move{Seat: 2, Type: Play, Card: MustCard("EW"), At: Cell{1, 0}})
	apply(t, g, Move{Seat: 3, Type: Discard, Card: MustCard("NSW")})
	// R5.1: no path card with a broken tool; R6.5: action cards and
	// discards still go.
	refused(t, g, play(0, "EW", 2, 0), "R5.1")
	refused(t, g, on(0, "broken:pickaxe", 0, 0), "R6.1")
	if !slices.ContainsFunc(g.LegalMoves(0), func(m Move) bool { return m.Card.Kind == Map }) {
		t.Fatal("no map move for a seat with broken tools (R6.5)")
	}
	if slices.ContainsFunc(g.LegalMoves(0), func(m Move) bool { return m.Card.Kind == Path && m.Type == Play }) {
		t.Fatal("a path move for a seat with broken tools (R5.1)")
	}
	// R6.2: a two-tool repair with both tools broken must say which; it
	// mends exactly that one, and the broken card and the repair card go
	// to the discard pile.
	refused(t, g, on(0, "repair:pickaxe+lantern", 0, 0), "R6.2")
	refused(t, g, on(0, "repair:pickaxe+lantern", 0, Cart), "R6.2")
	refused(t, g, on(0, "repair:pickaxe+lantern", 0, Pickaxe|Lantern), "R6.2")
	refused(t, g, on(0, "repair:pickaxe+lantern", 2, Pickaxe), "R6.2")
	discards := len(g.discards)
	evs := apply(t, g, on(0, "repair:pickaxe+lantern", 0, Lantern))
	if g.broken[0] != Pickaxe || evs[0].Type != ToolRepaired || evs[0].Tool != Lantern || len(g.discards) != discards+2 {
		t.Fatalf("after the repair: broken %v, events %s, discards %d", g.broken, types(evs), len(g.discards)-discards)
	}
	if last := deck[g.discards[len(g.discards)-2]]; last.String() != "broken:lantern" {
		t.Fatalf("the mended card on the discard pile is %s", last)
	}
	checkCards(t, g)
	// One-tool repair of a tool that is not broken is refused.
	refused(t, g, on(1, "repair:cart", 0, 0), "R6.2")
	// A two-tool repair with one of its tools broken mends that one.
	apply(t, g, on(1, "repair:pickaxe+cart", 0, 0))
	if g.broken[0] != 0 {
		t.Fatalf("broken %v", g.broken)
	}
	// R6.3: rockfall never on the start or a goal, nor an empty cell.
	refused(t, g, play(2, "NESW", 1, 0), "R5.2")
	apply(t, g, play(2, "NESW", 2, 0))
	refused(t, g, play(3, "rockfall", 0, 0), "R6.3")
	refused(t, g, play(3, "rockfall", 8, 0), "R6.3")
	refused(t, g, play(3, "rockfall", 5, 5), "R6.3")
	discards = len(g.discards)
	evs = apply(t, g, play(3, "rockfall", 1, 0))
	if evs[0].Type != RockFell || evs[0].Card.String() != "EW" || len(g.discards) != discards+2 {
		t.Fatalf("rockfall: %+v", evs[0])
	}
	if tl, _ := g.board.At(Cell{2, 0}); tl.Connected {
		t.Fatal("the card beyond the rockfall is still connected")
	}
	checkCards(t, g)
	// R6.4: a map shows one face-down goal to the seat only.
	refused(t, g, Move{Seat: 0, Type: Play, Card: MustCard("map"), Goal: 3}, "R6.4")
	evs = apply(t, g, Move{Seat: 0, Type: Play, Card: MustCard("map"), Goal: 2})
	want := Card{Kind: Goal, Goal: g.board.goals[2], Open: g.board.goals[2].Open()}
	if evs[0].Type != MapPlayed || evs[0].Card != want || evs[0].Redact(1).Card != (Card{}) {
		t.Fatalf("map event %+v", evs[0])
	}
	if v := g.View(0); v.Peeked[2] != g.board.goals[2] || v.Peeked[0] != NoGoal {
		t.Fatalf("seat 0 peeked %v", v.Peeked)
	}
	if v := g.View(1); v.Peeked != [3]GoalCard{} || !slices.Equal(v.MapsPlayed, []MapSight{{Seat: 0, Goal: 2}}) {
		t.Fatalf("seat 1's view of the map: %v %v", v.Peeked, v.MapsPlayed)
	}
	// A map on a face-up goal is refused.
	g.board.turnUp(1)
	refused(t, g, Move{Seat: 1, Type: Play, Card: MustCard("map"), Goal: 1}, "R6.4")
}

// TestR6_2TwoToolRepair: a two-tool repair card mends exactly one tool.
func TestR6_2TwoToolRepair(t *testing.T) {
	tests := []struct {
		broken Tool
		card   string
		tool   Tool
		after  Tool
		rule   string
	}{
		{Pickaxe | Lantern, "repair:pickaxe+lantern", Pickaxe, Lantern, ""},
		{Pickaxe | Lantern, "repair:pickaxe+lantern", Lantern, Pickaxe, ""},
		{Pickaxe | Lantern, "repair:pickaxe+lantern", 0, 0, "R6.2"},
		{Pickaxe | Cart, "repair:pickaxe+lantern", 0, Cart, ""},
		{AllTools, "repair:lantern+cart", Cart, Pickaxe | Lantern, ""},
		{AllTools, "repair:lantern+cart", Pickaxe, 0, "R6.2"},
		{Lantern, "repair:pickaxe+cart", 0, 0, "R6.2"},
		{Lantern, "repair:lantern", 0, 0, ""},
		{Lantern, "repair:lantern", Lantern, 0, ""},
		{Lantern, "repair:pickaxe", 0, 0, "R6.2"},
	}
	for _, tc := range tests {
		b := NewBoard(testGoals)
		broken := []Tool{tc.broken, 0, 0}
		e, err := checkAction(&b, broken, 0, Options{Players: 3}, on(1, tc.card, 0, tc.tool))
		if RuleOf(err) != tc.rule {
			t.Errorf("%s on %s (tool %s): %v, want %q", tc.card, tc.broken, tc.tool, err, tc.rule)
			continue
		}
		if err == nil && tc.broken&^e.Tool != tc.after {
			t.Errorf("%s on %s (tool %s) leaves %s, want %s", tc.card, tc.broken, tc.tool, tc.broken&^e.Tool, tc.after)
		}
	}
}
