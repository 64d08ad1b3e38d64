package saboteur

import (
	"encoding/json"
	"fmt"
)

// Cell is a grid position of the maze (R3.1): x grows east, y grows south,
// the start card is at (0,0).
type Cell struct{ X, Y int }

// Add returns the neighbour of c on side s (a single side).
func (c Cell) Add(s Side) Cell {
	dx, dy := s.Delta()
	return Cell{c.X + dx, c.Y + dy}
}

// String writes "x,y", the form the position format's placements use.
func (c Cell) String() string { return fmt.Sprintf("%d,%d", c.X, c.Y) }

// StartCell is where the start card lies (R3.1).
var StartCell = Cell{0, 0}

// GoalCells are the goal positions (R3.1), by goal index 0, 1, 2 (y = -2, 0, 2).
var GoalCells = [3]Cell{{8, -2}, {8, 0}, {8, 2}}

// GoalY returns the y of goal index i (0, 1, 2 -> -2, 0, 2).
func GoalY(i int) int { return 2*i - 2 }

// GoalIndex returns the goal index of a goal's y (-2, 0, 2), or -1.
func GoalIndex(y int) int {
	switch y {
	case -2:
		return 0
	case 0:
		return 1
	case 2:
		return 2
	}
	return -1
}

// The grid is a fixed square. Every path card is placed next to a card that
// lies there at the time (R5.3), and only 40 exist (R2.3), so no card can
// ever lie more than 40 cells from the start or a goal: x in [-40,48], y in
// [-42,42]. The square keeps more rings for the empty cells around them.
const (
	gridMin  = -44
	gridSize = 96
)

// MaxPathCards is the most deck path cards a maze can hold: all 40 of
// R2.3. A game never holds more; mazes read from outside (the position
// format, saved boards) are held to it.
const MaxPathCards = 40

// The area a maze of a real game can reach (see the grid above): positions
// read from outside (the position format, saved boards) must keep their
// cards inside it. Cells are in grid units, x east and y south of the start.
const (
	MinX = -40
	MaxX = 48
	MinY = -42
	MaxY = 42
)

// inReach reports whether c lies in the area of MinX..MaxX, MinY..MaxY.
func inReach(c Cell) bool { return c.X >= MinX && c.X <= MaxX && c.Y >= MinY && c.Y <= MaxY }

// inner reports whether c and its four neighbours all lie in the grid, so
// that a card may go there without bounds checks on its neighbours.
func inner(c Cell) bool {
	return c.X > gridMin && c.X < gridMin+gridSize-1 && c.Y > gridMin && c.Y < gridMin+gridSize-1
}

// InGrid reports whether c lies inside the area any maze can reach.
func InGrid(c Cell) bool {
	return c.X >= gridMin && c.X < gridMin+gridSize && c.Y >= gridMin && c.Y < gridMin+gridSize
}

func index(c Cell) int { return (c.Y-gridMin)*gridSize + (c.X - gridMin) }

// Tile is one card lying in the maze.
type Tile struct {
	At        Cell
	Card      Card // as placed; a face-down goal is Card{Kind: Goal}
	ID        int  // the deck CardID of a path card; -1 for the start and goals
	Connected bool // a tunnel joined to the start (R5.6)
}

// Board is the maze: the start, the three goals and the path cards, with
// their connection to the start (R5.6). The zero Board is empty; NewBoard
// lays out a round's start and goals. Board is a value: assigning it copies
// it (about 9 KB).
type Board struct {
	grid  [gridSize * gridSize]uint8 // tile index + 1; 0 = empty
	tiles []Tile
	goals [3]GoalCard // what lies at each goal cell (hidden while face down)
}

// NewBoard lays out the start card and the three goal cards face down, with
// goals[i] lying at GoalCells[i] (R3.1).
func NewBoard(goals [3]GoalCard) Board {
	var b Board
	b.goals = goals
	b.put(Tile{At: StartCell, Card: Card{Kind: Start, Open: AllSides}, ID: -1})
	for _, c := range GoalCells {
		b.put(Tile{At: c, Card: Card{Kind: Goal}, ID: -1})
	}
	b.connect()
	return b
}

// Clone returns an independent copy of b.
func (b *Board) Clone() Board {
	c := *b
	c.tiles = append([]Tile(nil), b.tiles...)
	return c
}

func (b *Board) put(t Tile) {
	b.tiles = append(b.tiles, t)
	b.grid[index(t.At)] = uint8(len(b.tiles))
}

// At returns the tile at c, if any.
func (b *Board) At(c Cell) (Tile, bool) {
	if !InGrid(c) {
		return Tile{}, false
	}
	i := b.grid[index(c)]
	if i == 0 {
		return Tile{}, false
	}
	return b.tiles[i-1], true
}

// Tiles returns the cards in the maze (start, goals, path cards). The slice
// is b's own: do not change it.
func (b *Board) Tiles() []Tile { return b.tiles }

// PathCards returns how many deck path cards lie in the maze.
func (b *Board) PathCards() int { return len(b.tiles) - 4 }

// GoalFaceUp reports whether goal i has been turned face up (R7.1).
func (b *Board) GoalFaceUp(i int) bool {
	t, _ := b.At(GoalCells[i])
	return t.Card.Goal != NoGoal
}

// anchor reports whether a tile counts for R5.3 and R5.4: the start, a deck
// path card or a face-up goal; not a face-down goal.
func anchor(t *Tile) bool {
	return t.Card.Kind == Start || t.Card.Kind == Path || t.Card.Goal != NoGoal
}

// Placeable checks R5.2-R5.5 for path card c (as placed) at cell at, and
// returns nil or a *RuleError naming the rule. It does not check R5.1
// (broken tools belong to the player, not the maze). A card that is not a
// deck path card is refused (R5). It allocates nothing when the placement
// is legal; Fits is the form that never allocates.
func (b *Board) Placeable(c Card, at Cell, connectToStart bool) error {
	if !b.placeable(c, at, connectToStart) {
		return b.whyNot(c, at, connectToStart)
	}
	return nil
}

// Fits is the yes/no form of Placeable (R5.2-R5.5):
// whether path card c, as placed, may go at cell at. It never allocates,
// legal or not, so a drag may ask it for every cell on every frame; ask
// Placeable for the reason when it says no.
func (b *Board) Fits(c Card, at Cell, connectToStart bool) bool {
	return b.placeable(c, at, connectToStart)
}

// placeable is the fast yes/no form of Placeable.
func (b *Board) placeable(c Card, at Cell, connectToStart bool) bool {
	if c.Kind != Path || !inner(at) {
		return false
	}
	if b.grid[index(at)] != 0 {
		return false
	}
	anchored, joined := false, !connectToStart
	for _, d := range sideOrder {
		n := b.grid[index(at.Add(d))]
		if n == 0 {
			continue
		}
		t := &b.tiles[n-1]
		if !anchor(t) {
			continue
		}
		anchored = true
		mine, theirs := c.Open&d != 0, t.Card.Open&d.Opposite() != 0
		if mine != theirs {
			return false
		}
		if mine && t.Connected {
			joined = true
		}
	}
	return anchored && joined
}

func (b *Board) whyNot(c Card, at Cell, connectToStart bool) error {
	if c.Kind != Path {
		return refuse("R5", "%s is not a path card", c)
	}
	if t, ok := b.At(at); ok {
		return refuse("R5.2", "cell %s already holds %s", at, t.Card)
	}
	if !inner(at) {
		return refuse("R5.3", "cell %s is out of reach of the maze", at)
	}
	anchored, joined := false, false
	for _, d := range sideOrder {
		t, ok := b.At(at.Add(d))
		if !ok || !anchor(&t) {
			continue
		}
		anchored = true
		mine, theirs := c.Open&d != 0, t.Card.Open&d.Opposite() != 0
		if mine != theirs {
			what, against := "a wall", "an opening"
			if mine {
				what, against = against, what
			}
			return refuse("R5.4", "%s at %s puts %s against %s of %s at %s", c, at, what, against, t.Card, t.At)
		}
		if mine && t.Connected {
			joined = true
		}
	}
	if !anchored {
		return refuse("R5.3", "%s at %s touches no start, path card or face-up goal", c, at)
	}
	if connectToStart && !joined {
		return refuse("R5.5", "%s at %s does not continue a tunnel from the start", c, at)
	}
	return nil
}

// Place lays path card c (as placed) at cell at, which must have passed
// Placeable (and a maze holds at most 255 cards, far above the 44 of a
// game), recomputes the connections (R5.6) and turns face up every goal
// that is now reached (R7.1, R7.2). It returns the goals turned, in order.
func (b *Board) Place(c Card, id CardID, at Cell) []int {
	return b.place(c, int(id), at)
}

// place is Place with any tile id (-1 for a card of no deck identity).
func (b *Board) place(c Card, id int, at Cell) []int {
	b.put(Tile{At: at, Card: c, ID: id})
	b.connect()
	return b.reveal()
}

// Remove takes the path card at cell at out of the maze (R6.3) and returns
// it; ok is false (and nothing changes) when there is no path card there.
func (b *Board) Remove(at Cell) (Tile, bool) {
	t, ok := b.At(at)
	if !ok || t.Card.Kind != Path {
		return Tile{}, false
	}
	i := int(b.grid[index(at)]) - 1
	last := len(b.tiles) - 1
	b.tiles[i] = b.tiles[last]
	b.grid[index(b.tiles[i].At)] = uint8(i + 1)
	b.tiles = b.tiles[:last]
	b.grid[index(at)] = 0
	b.connect()
	return t, true
}

// connect recomputes which tunnels are joined to the start (R5.6): from the
// start through openings that meet openings of tunnel cards. Dead ends and
// face-down goals pass nothing on.
func (b *Board) connect() {
	for i := range b.tiles {
		b.tiles[i].Connected = false
	}
	var stack [256]uint8 // every tile is pushed at most once; there are at most 255
	sp := 0
	if n := b.grid[index(StartCell)]; n != 0 {
		b.tiles[n-1].Connected = true
		stack[sp] = n - 1
		sp++
	}
	for sp > 0 {
		sp--
		t := b.tiles[stack[sp]]
		for _, d := range sideOrder {
			if t.Card.Open&d == 0 {
				continue
			}
			at := t.At.Add(d)
			if !InGrid(at) {
				continue
			}
			n := b.grid[index(at)]
			if n == 0 {
				continue
			}
			u := &b.tiles[n-1]
			if u.Connected || !u.Card.Tunnel() || u.Card.Open&d.Opposite() == 0 {
				continue
			}
			u.Connected = true
			stack[sp] = n - 1
			sp++
		}
	}
}

// reveal turns face up every face-down goal that a connected tunnel opens
// onto (R7.1), orienting coal by R7.2, and repeats while a turned goal joins
// more of the maze. It returns the goal indexes turned, in order. The goals
// need not touch the card just placed: any connected tunnel counts.
func (b *Board) reveal() []int {
	var turned []int
	for {
		found := -1
		for i, gc := range GoalCells {
			n := b.grid[index(gc)]
			// A board that does not know what lies face down (a View's)
			// cannot turn the goal; it stays face down there.
			if n == 0 || b.goals[i] == NoGoal || b.tiles[n-1].Card.Goal != NoGoal {
				continue
			}
			for _, d := range sideOrder {
				u, ok := b.At(gc.Add(d))
				if ok && u.Connected && u.Card.Tunnel() && u.Card.Open&d.Opposite() != 0 {
					found = i
					break
				}
			}
			if found >= 0 {
				break
			}
		}
		if found < 0 {
			return turned
		}
		b.turnUp(found)
		turned = append(turned, found)
	}
}

// turnUp turns goal i face up. Coal takes the orientation whose openings meet
// the most openings of connected tunnels beside it, on a tie the orientation
// its kind is named by (R7.2).
func (b *Board) turnUp(i int) {
	gc := GoalCells[i]
	g := b.goals[i]
	c := Card{Kind: Goal, Goal: g, Open: g.Open()}
	if g != Gold {
		if b.meets(gc, c.Open.Rotate()) > b.meets(gc, c.Open) {
			c.Open = c.Open.Rotate()
		}
	}
	b.tiles[b.grid[index(gc)]-1].Card = c
	b.connect()
}

// meets counts the openings of open at cell at that meet openings of
// connected tunnel cards beside it.
func (b *Board) meets(at Cell, open Side) int {
	n := 0
	for _, d := range sideOrder {
		if open&d == 0 {
			continue
		}
		u, ok := b.At(at.Add(d))
		if ok && u.Connected && u.Card.Tunnel() && u.Card.Open&d.Opposite() != 0 {
			n++
		}
	}
	return n
}

// GoldReached reports whether the gold goal lies face up (R7.3).
func (b *Board) GoldReached() bool {
	for i := range GoalCells {
		if b.goals[i] == Gold && b.GoalFaceUp(i) {
			return true
		}
	}
	return false
}

// Placements appends to dst every legal (card orientation, cell) for path
// card c, trying both orientations (R3.3), and returns it. Order: by cell
// as the maze lists its tiles' free sides, unsorted.
func (b *Board) Placements(dst []Placement, c Card, connectToStart bool) []Placement {
	if c.Kind != Path {
		return dst
	}
	r := c.Rotated()
	both := r != c
	// step[i] is the grid index offset to the neighbour on sideOrder[i].
	step := [4]int{-gridSize, 1, gridSize, -1}
	for ti := range b.tiles {
		t := &b.tiles[ti]
		if !anchor(t) {
			continue
		}
		for _, d := range sideOrder {
			at := t.At.Add(d)
			if !inner(at) {
				continue
			}
			k := index(at)
			if b.grid[k] != 0 {
				continue
			}
			// Judge the cell once, from its anchor neighbour listed first
			// (R5.3), reading its four sides once for both orientations:
			// which must be openings, which walls (R5.4), and where an
			// opening would join a connected tunnel (R5.5).
			var open, wall, join Side
			first := true
			for i, side := range sideOrder {
				n := b.grid[k+step[i]]
				if n == 0 {
					continue
				}
				u := &b.tiles[n-1]
				if !anchor(u) {
					continue
				}
				if int(n-1) < ti {
					first = false
					break
				}
				if u.Card.Open&side.Opposite() != 0 {
					open |= side
					if u.Connected {
						join |= side
					}
				} else {
					wall |= side
				}
			}
			if !first {
				continue
			}
			if c.Open&open == open && c.Open&wall == 0 && (!connectToStart || c.Open&join != 0) {
				dst = append(dst, Placement{c, at})
			}
			if both && r.Open&open == open && r.Open&wall == 0 && (!connectToStart || r.Open&join != 0) {
				dst = append(dst, Placement{r, at})
			}
		}
	}
	return dst
}

// Placement is a path card in one orientation at one cell.
type Placement struct {
	Card Card
	At   Cell
}

// String writes "CODE@x,y", as the position format's placements query does.
func (p Placement) String() string { return p.Card.String() + "@" + p.At.String() }

// boardJSON is the JSON form of a board: its cards as placed. Face-down
// goals show as "GOAL", so a board never carries a hidden goal's identity.
type boardJSON struct {
	Tiles []tileJSON `json:"tiles"`
}

type tileJSON struct {
	Card Card `json:"card"`
	X    int  `json:"x"`
	Y    int  `json:"y"`
	ID   int  `json:"id"`
}

// MarshalJSON writes the cards of the maze as placed; never a face-down
// goal's identity.
func (b Board) MarshalJSON() ([]byte, error) {
	j := boardJSON{Tiles: make([]tileJSON, len(b.tiles))}
	for i, t := range b.tiles {
		j.Tiles[i] = tileJSON{Card: t.Card, X: t.At.X, Y: t.At.Y, ID: t.ID}
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads a board written by MarshalJSON and checks it is a
// maze this game can have: the start at (0,0), a goal card (face down or
// up) at each goal cell and nowhere else, at most MaxPathCards deck path
// cards inside MinX..MaxX, MinY..MaxY, each cell given once, each path
// card's id a distinct deck id of its kind. Face-down goals come back
// unknown (NoGoal), as a View has them. Errors name the field.
func (b *Board) UnmarshalJSON(data []byte) error {
	var j boardJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("board: %w", err)
	}
	if len(j.Tiles) > MaxPathCards+4 {
		return fmt.Errorf("board: tiles: %d cards, a maze holds at most %d", len(j.Tiles), MaxPathCards+4)
	}
	var nb Board
	var ids [DeckSize]bool
	for i, t := range j.Tiles {
		at := Cell{t.X, t.Y}
		if !inReach(at) {
			return fmt.Errorf("board: tiles[%d]: cell %s out of range", i, at)
		}
		if _, dup := nb.At(at); dup {
			return fmt.Errorf("board: tiles[%d]: cell %s given twice", i, at)
		}
		gi := -1
		if at.X == GoalCells[0].X {
			gi = GoalIndex(at.Y)
		}
		switch {
		case at == StartCell:
			if t.Card.Kind != Start {
				return fmt.Errorf("board: tiles[%d]: %s on the start's cell %s", i, t.Card, at)
			}
			t.ID = -1
		case gi >= 0:
			if t.Card.Kind != Goal {
				return fmt.Errorf("board: tiles[%d]: %s on a goal's cell %s", i, t.Card, at)
			}
			nb.goals[gi] = t.Card.Goal
			t.ID = -1
		case t.Card.Kind != Path:
			return fmt.Errorf("board: tiles[%d]: %s off the start's and goals' cells (R3.1)", i, t.Card)
		case t.ID < 0 || t.ID >= DeckSize || !deck[t.ID].Same(t.Card) || ids[t.ID]:
			return fmt.Errorf("board: tiles[%d]: id %d is not a free deck id of %s", i, t.ID, t.Card)
		default:
			ids[t.ID] = true
		}
		nb.put(Tile{At: at, Card: t.Card, ID: t.ID})
	}
	if t, ok := nb.At(StartCell); !ok || t.Card.Kind != Start {
		return fmt.Errorf("board: tiles: no start card at %s", StartCell)
	}
	for i, gc := range GoalCells {
		if _, ok := nb.At(gc); !ok {
			return fmt.Errorf("board: tiles: no goal card at %s (goal %d)", gc, i)
		}
	}
	nb.connect()
	*b = nb
	return nil
}
