package bot

import (
	"math"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// The maze is judged by its open ends: the empty cells that a tunnel
// connected to the start (R5.6) opens onto. The next path card can go
// there and carry the tunnel on. Each end has a distance: the number of
// cards still needed from it to the gold, in expectation over where the
// gold may lie (the manhattan distance to each goal cell, weighted by the
// chance that goal is the gold). The maze's reach is a soft minimum of the
// ends' distances: a maze with several ends near the goals is harder to
// block than one with a single end at the same distance.

// The soft minimum has base 2^sharp: with sharp = 2 (base 4) an extra
// end at the same distance as the best counts log4(2) = half a card. The
// simple reading of the easy level uses plainSharp, which makes it the
// plain minimum: only the best end counts.
const (
	softSharp  = 2.0
	plainSharp = 16.0
)

// blocked is the reach of a maze with no open end at all: nothing can be
// built on until a rockfall clears a way (R6.3).
const blocked = 12.0

var sides = [4]saboteur.Side{saboteur.N, saboteur.E, saboteur.S, saboteur.W}

// end is one open end of the maze and its expected distance to the gold.
type end struct {
	at   saboteur.Cell
	dist float64
	w    float64 // 2^(-sharp*dist)
}

// analysis is a maze seen with a belief about where the gold lies.
type analysis struct {
	b     *saboteur.Board
	gold  [3]float64 // chance the gold lies under goal i (0 for a face-up coal)
	ends  []end
	sum   float64 // sum over ends of 2^(-sharp*dist)
	reach float64 // -log2(sum)/sharp, or blocked

	// simple is the easy level's reading: the plain minimum, the distance
	// to the nearest goal that may hold the gold rather than the expected
	// one, and no islands (R5.7) joined.
	simple bool
	sharp  float64
	floor  float64 // the sum of weights at which the reach is blocked

	visited [104 * 104 / 64]uint64 // reachAlt's cells seen
	stack   []saboteur.Cell

	// wcache memoises cellWeight for the cells near the goals and the
	// start, valid where wgen equals gen (init starts a new generation).
	wcache [wspan * wspan]float64
	wgen   [wspan * wspan]uint32
	gen    uint32

	// endAt indexes a.ends by cell near the goals and the start, valid
	// where endGen equals egen (every init starts a new generation).
	endAt  [wspan * wspan]uint16
	endGen [wspan * wspan]uint32
	egen   uint32
}

// wspan is the side of the square of cells whose weights are memoised,
// from wmin to wmin+wspan-1 in x and y.
const (
	wspan = 40
	wmin  = -14
)

// cellWeight is the weight of an open end at c: 2^(-sharp*dist(c)).
func (a *analysis) cellWeight(c saboteur.Cell) float64 {
	x, y := c.X-wmin, c.Y-wmin
	if x < 0 || y < 0 || x >= wspan || y >= wspan {
		return a.weight(a.dist(c))
	}
	i := y*wspan + x
	if a.wgen[i] != a.gen {
		a.wcache[i], a.wgen[i] = a.weight(a.dist(c)), a.gen
	}
	return a.wcache[i]
}

// weight is an end's share of the soft minimum.
func (a *analysis) weight(d float64) float64 { return math.Exp2(-a.sharp * d) }

// reachOf turns a sum of weights back into a distance.
func (a *analysis) reachOf(sum float64) float64 {
	if sum <= a.floor {
		return blocked
	}
	return min(-log2(sum)/a.sharp, blocked)
}

// log2 is a fast base-2 logarithm for positive x, within 1e-4 of
// math.Log2: enough for scores, and it runs on every placement of every
// playout.
func log2(x float64) float64 {
	m, e := math.Frexp(x) // x = m * 2^e, m in [0.5, 1)
	// log2(m) = log2(0.75) + ln(1+u)/ln 2 with u = m/0.75 - 1 in
	// [-1/3, 1/3]: the series to u^7 leaves less than 1e-4.
	u := m/0.75 - 1
	ln := u * (1 - u*(1.0/2-u*(1.0/3-u*(1.0/4-u*(1.0/5-u*(1.0/6-u*(1.0/7)))))))
	return float64(e) - 0.41503749927884376 + ln*1.4426950408889634
}

// dist is the expected number of cards from an end at c to the gold: the
// card at c itself and the cells between it and the gold's cell.
func (a *analysis) dist(c saboteur.Cell) float64 {
	if a.simple {
		d := math.Inf(1)
		for i, p := range a.gold {
			if p > 0 {
				g := saboteur.GoalCells[i]
				d = min(d, float64(abs(c.X-g.X)+abs(c.Y-g.Y)))
			}
		}
		return d
	}
	d := 0.0
	for i, p := range a.gold {
		if p == 0 {
			continue
		}
		g := saboteur.GoalCells[i]
		d += p * float64(abs(c.X-g.X)+abs(c.Y-g.Y))
	}
	return d
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// init computes the open ends of board b for gold belief gold.
func (a *analysis) init(b *saboteur.Board, gold [3]float64) {
	sharp := softSharp
	if a.simple {
		sharp = plainSharp
	}
	if a.gen == 0 || gold != a.gold || sharp != a.sharp {
		// The memoised weights hold for one belief about the gold.
		a.gen++
		if a.gen == 0 {
			clear(a.wgen[:])
			a.gen = 1
		}
	}
	a.b, a.gold, a.sharp, a.floor = b, gold, sharp, math.Exp2(-sharp*blocked)
	a.egen++
	if a.egen == 0 {
		clear(a.endGen[:])
		a.egen = 1
	}
	a.ends = a.ends[:0]
	a.sum = 0
	for _, t := range b.Tiles() {
		if !t.Connected || !t.Card.Tunnel() {
			continue
		}
		for _, d := range sides {
			if t.Card.Open&d == 0 {
				continue
			}
			n := t.At.Add(d)
			if !saboteur.InGrid(n) {
				continue
			}
			if _, ok := b.At(n); ok {
				continue
			}
			if a.isEnd(n) {
				continue
			}
			e := end{n, a.dist(n), a.cellWeight(n)}
			if x, y := n.X-wmin, n.Y-wmin; x >= 0 && y >= 0 && x < wspan && y < wspan {
				a.endAt[y*wspan+x], a.endGen[y*wspan+x] = uint16(len(a.ends)), a.egen
			}
			a.ends = append(a.ends, e)
			a.sum += e.w
		}
	}
	a.reach = a.reachOf(a.sum)
}

func (a *analysis) isEnd(c saboteur.Cell) bool { return a.endIndex(c) >= 0 }

// endIndex is the index in a.ends of the end at c, or -1.
func (a *analysis) endIndex(c saboteur.Cell) int {
	x, y := c.X-wmin, c.Y-wmin
	if x >= 0 && y >= 0 && x < wspan && y < wspan {
		i := y*wspan + x
		if a.endGen[i] != a.egen {
			return -1
		}
		return int(a.endAt[i])
	}
	for i, e := range a.ends {
		if e.at == c {
			return i
		}
	}
	return -1
}

// endWeight is the weight of the end at c, or 0 when c is no open end.
func (a *analysis) endWeight(c saboteur.Cell) float64 {
	if i := a.endIndex(c); i >= 0 {
		return a.ends[i].w
	}
	return 0
}

// placeEffect is what laying path card c (as placed) at x would do to the
// maze: the new reach, whether the card joins the tunnel from the start,
// and the chance that it turns up the gold (R7.1) with the goals it opens
// onto. It changes nothing.
type placeEffect struct {
	reach     float64
	connected bool
	goldHit   float64 // chance this card reveals the gold and ends the round
	reveals   bool    // it opens onto a face-down goal
}

func (a *analysis) place(c saboteur.Card, x saboteur.Cell) placeEffect {
	var eff placeEffect
	if c.Tunnel() {
		for _, d := range sides {
			if c.Open&d == 0 {
				continue
			}
			t, ok := a.b.At(x.Add(d))
			if ok && t.Connected && t.Card.Tunnel() && t.Card.Open&d.Opposite() != 0 {
				eff.connected = true
				break
			}
		}
	}
	sum := a.sum - a.endWeight(x)
	if eff.connected && !a.simple && a.joinsIsland(c, x) {
		eff.reach = a.reachAlt(saboteur.Cell{X: 1 << 20}, saboteur.Tile{At: x, Card: c})
		return eff
	}
	if eff.connected {
		for _, d := range sides {
			if c.Open&d == 0 {
				continue
			}
			n := x.Add(d)
			t, ok := a.b.At(n)
			switch {
			case !ok:
				if !a.isEnd(n) {
					sum += a.cellWeight(n)
				}
			case t.Card.Kind == saboteur.Goal && t.Card.Goal == saboteur.NoGoal:
				// Opens onto a face-down goal: it turns up (R7.1).
				gi := saboteur.GoalIndex(n.Y)
				eff.reveals = true
				eff.goldHit = max(eff.goldHit, a.gold[gi])
				if a.gold[gi] < 1 {
					// Coal: the tunnel carries on from the coal card,
					// somewhere near that goal.
					sum += a.weight(a.dist(n) + 1)
				}
			}
		}
	}
	eff.reach = a.reachOf(max(sum, 0))
	return eff
}

// joinsIsland reports whether card c at x would open onto a tunnel card
// that is not yet connected to the start (R5.7: islands count once joined).
func (a *analysis) joinsIsland(c saboteur.Card, x saboteur.Cell) bool {
	for _, d := range sides {
		if c.Open&d == 0 {
			continue
		}
		t, ok := a.b.At(x.Add(d))
		if ok && !t.Connected && t.Card.Kind == saboteur.Path && t.Card.Tunnel() && t.Card.Open&d.Opposite() != 0 {
			return true
		}
	}
	return false
}

// without returns the reach of the maze with the path card at x removed
// (R6.3).
func (a *analysis) without(x saboteur.Cell) float64 {
	return a.reachAlt(x, saboteur.Tile{})
}

// cellBit indexes the grid's cells for the visited set of reachAlt.
func cellBit(c saboteur.Cell) int { return (c.Y+48)*104 + (c.X + 48) }

// reachAlt returns the reach of the maze changed by removing the card at
// gone (when it holds one) and laying tile add (when add.Card.Kind is
// Path): it walks the tunnels from the start (R5.6) afresh, so it sees
// everything a change can do, such as a card that joins an island of
// tunnels to the start. It changes nothing.
func (a *analysis) reachAlt(gone saboteur.Cell, add saboteur.Tile) float64 {
	clear(a.visited[:])
	at := func(c saboteur.Cell) (saboteur.Tile, bool) {
		if add.Card.Kind == saboteur.Path && c == add.At {
			return add, true
		}
		if c == gone {
			return saboteur.Tile{}, false
		}
		return a.b.At(c)
	}
	stack := append(a.stack[:0], saboteur.StartCell)
	a.visited[cellBit(saboteur.StartCell)>>6] |= 1 << (cellBit(saboteur.StartCell) & 63)
	sum := 0.0
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		t, _ := at(c)
		for _, d := range sides {
			if t.Card.Open&d == 0 {
				continue
			}
			n := c.Add(d)
			if !saboteur.InGrid(n) {
				continue
			}
			k := cellBit(n)
			if a.visited[k>>6]&(1<<(k&63)) != 0 {
				continue
			}
			u, ok := at(n)
			switch {
			case !ok:
				a.visited[k>>6] |= 1 << (k & 63)
				sum += a.cellWeight(n)
			case u.Card.Kind == saboteur.Goal && u.Card.Goal == saboteur.NoGoal:
				a.visited[k>>6] |= 1 << (k & 63)
				gi := saboteur.GoalIndex(n.Y)
				if a.gold[gi] == 1 {
					return 0
				}
				sum += a.weight(a.dist(n) + 1)
			case u.Card.Tunnel() && u.Card.Open&d.Opposite() != 0:
				a.visited[k>>6] |= 1 << (k & 63)
				stack = append(stack, n)
			}
		}
	}
	a.stack = stack
	return a.reachOf(sum)
}
