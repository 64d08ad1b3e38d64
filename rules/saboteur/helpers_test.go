package saboteur

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"unsafe"
)

// randomGame plays a whole game of random legal moves (chosen by pick, which
// gets the number of legal moves and returns an index) and calls step after
// every move. It fails the test when the game does not end within a bound
// far above any real game (R7.4: every round ends).
func randomGame(t testing.TB, g *Game, pick func(n int) int, step func(m Move, evs []Event)) {
	t.Helper()
	const bound = 3 * (DeckSize + 10) // turns and gold choices of three rounds
	for i := 0; g.Phase() != Over; i++ {
		if i > bound {
			t.Fatalf("the game did not end after %d moves", bound)
		}
		moves := g.LegalMoves(g.Turn())
		if len(moves) == 0 {
			t.Fatalf("seat %d on turn has no legal move (phase %d, round %d)", g.Turn(), g.Phase(), g.Round())
		}
		m := moves[pick(len(moves))]
		evs, err := g.Apply(m)
		if err != nil {
			t.Fatalf("legal move %s refused: %v", m, err)
		}
		if step != nil {
			step(m, evs)
		}
	}
}

// fataler is what the checks need of *testing.T and *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// newGame starts a game or fails the test.
func newGame(t testing.TB, o Options, seed uint64) *Game {
	t.Helper()
	g, _, err := New(o, seed)
	if err != nil {
		t.Fatalf("New(%+v): %v", o, err)
	}
	return g
}

// checkCards checks that every one of the 67 path and action cards lies in
// exactly one place (draw pile, a hand, the maze, in front of a player,
// the discard pile), and every one of the 28 gold cards too (gold pile,
// the offer being handed out, a seat's gold) (R2.3, R2.5, R2.6).
func checkCards(t fataler, g *Game) {
	t.Helper()
	var seen [DeckSize]int
	count := func(ids []CardID) {
		for _, id := range ids {
			seen[id]++
		}
	}
	count(g.draw)
	for _, h := range g.hands {
		count(h)
	}
	count(g.discards)
	for _, b := range g.inFront {
		seen[b.ID]++
		if deck[b.ID].Kind != Broken || g.broken[b.Seat]&deck[b.ID].Tools == 0 {
			t.Fatalf("card %d (%s) in front of seat %d, whose broken tools are %q", b.ID, deck[b.ID], b.Seat, g.broken[b.Seat])
		}
	}
	for _, tl := range g.board.Tiles() {
		if tl.Card.Kind == Path {
			if tl.ID < 0 || !deck[tl.ID].Same(tl.Card) {
				t.Fatalf("maze card %s at %s has id %d (%s)", tl.Card, tl.At, tl.ID, deck[max(tl.ID, 0)])
			}
			seen[tl.ID]++
		}
	}
	for id, n := range seen {
		if n != 1 {
			t.Fatalf("card %d (%s) lies in %d places", id, deck[id], n)
		}
	}
	inFront := 0
	for s, b := range g.broken {
		inFront += len(b.Tools())
		_ = s
	}
	if inFront != len(g.inFront) {
		t.Fatalf("%d broken tools, %d broken tool cards in front of players", inFront, len(g.inFront))
	}
	var gold [4]int
	for _, v := range g.goldPile {
		gold[v]++
	}
	for _, v := range g.offer {
		gold[v]++
	}
	for _, gs := range g.gold {
		for _, v := range gs {
			gold[v]++
		}
	}
	if gold != [4]int{0, 16, 8, 4} {
		t.Fatalf("gold cards by value 1, 2, 3: %v, want 16, 8, 4", gold[1:])
	}
}

// sortedMoves returns moves in a stable order, for comparing move lists.
func sortedMoves(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String() + "|" + m.Tool.String()
	}
	slices.Sort(out)
	return out
}

// rng returns a seeded generator for tests.
func rng(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 7)) }

// boardsEqual compares two boards fast (reflect would walk the grid cell
// by cell).
func boardsEqual(a, b *Board) bool {
	return a.grid == b.grid && a.goals == b.goals && slices.Equal(a.tiles, b.tiles) && (a.tiles == nil) == (b.tiles == nil)
}

// gamesEqual reports whether two games are in exactly the same state:
// every field deep-equal, the boards compared by boardsEqual.
func gamesEqual(a, b *Game) bool { return equalExceptBoards(a, b) }

// viewsEqual reports whether two views are the same.
func viewsEqual(a, b View) bool { return equalExceptBoards(&a, &b) }

var boardType = reflect.TypeFor[Board]()

// equalExceptBoards compares the structs *a and *b field by field, unexported
// fields included, with boardsEqual for Board fields and reflect.DeepEqual
// for the rest (which would walk a board's grid cell by cell).
func equalExceptBoards[T any](a, b *T) bool {
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	for i := range va.NumField() {
		fa, fb := va.Field(i), vb.Field(i)
		pa := reflect.NewAt(fa.Type(), unsafe.Pointer(fa.UnsafeAddr())).Interface()
		pb := reflect.NewAt(fb.Type(), unsafe.Pointer(fb.UnsafeAddr())).Interface()
		if fa.Type() == boardType {
			if !boardsEqual(pa.(*Board), pb.(*Board)) {
				return false
			}
		} else if !reflect.DeepEqual(pa, pb) {
			return false
		}
	}
	return true
}
