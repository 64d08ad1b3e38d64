package bot

import (
	"github.com/goldvein/goldvein/rules/saboteur"
)

// pgame is one round of a determinized game as hard's playouts play it:
// the maze (with the goals under it), every hand, the draw pile, the
// broken tools and the roles, and nothing else. It applies the moves the
// policy makes by R4-R7 without the events, records and checks of
// saboteur.Game, and allocates nothing per move: a playout is hundreds of
// moves and a decision hundreds of playouts. Its rules are the engine's
// (a test plays the same moves on both and compares).
type pgame struct {
	board   saboteur.Board
	n       int
	connect bool
	roles   []saboteur.Role
	broken  []saboteur.Tool
	hands   [][]saboteur.Card
	draw    []saboteur.Card // top card last (R4.2)
	turn    int
	last    int // the seat that moved last (R8.1, R8.2)
	// goals lie under the goal cells; peeked[s] bit i: seat s has looked
	// at goal i with a map (R6.4), so it knows what lies there.
	goals  [3]saboteur.GoalCard
	peeked []uint8

	// backing store, reused from playout to playout
	handBuf []saboteur.Card
}

// reset makes p a copy of base, reusing p's memory (the maze is cloned:
// one allocation).
func (p *pgame) reset(base *pgame) {
	p.board = base.board.Clone()
	p.n, p.connect, p.turn, p.last = base.n, base.connect, base.turn, base.last
	p.roles = append(p.roles[:0], base.roles...)
	p.broken = append(p.broken[:0], base.broken...)
	p.draw = append(p.draw[:0], base.draw...)
	p.goals = base.goals
	p.peeked = append(p.peeked[:0], base.peeked...)
	// Every hand gets room for one more card than it holds (R4.2 draws
	// after a play), in one shared buffer.
	need := 0
	for _, h := range base.hands {
		need += len(h) + 1
	}
	if cap(p.handBuf) < need {
		p.handBuf = make([]saboteur.Card, need)
	}
	p.handBuf = p.handBuf[:need]
	if cap(p.hands) < base.n {
		p.hands = make([][]saboteur.Card, base.n)
	}
	p.hands = p.hands[:base.n]
	at := 0
	for s, h := range base.hands {
		p.hands[s] = append(p.handBuf[at:at:at+len(h)+1], h...)
		at += len(h) + 1
	}
}

// apply makes move m of the seat on turn (which the policy chose among
// the legal moves) and passes the turn on (R4). It reports whether the
// round is over, and which team won it (R7.3, R7.4, R8.3).
func (p *pgame) apply(m saboteur.Move) (over bool, winner saboteur.Team) {
	s := m.Seat
	h := p.hands[s]
	hi := -1
	for i, c := range h {
		if c.Same(m.Card) {
			hi = i
			break
		}
	}
	if hi < 0 {
		return true, saboteur.NoTeam // not the policy's move: give up on the playout
	}
	if m.Type == saboteur.Play {
		c := m.Card
		switch c.Kind {
		case saboteur.Path:
			p.board.Place(c, 0, m.At)
		case saboteur.Broken:
			p.broken[m.Target] |= c.Tools
		case saboteur.Repair:
			fix := p.broken[m.Target] & c.Tools
			if m.Tool != 0 {
				fix = m.Tool
			}
			p.broken[m.Target] &^= fix
		case saboteur.Rockfall:
			p.board.Remove(m.At)
		case saboteur.Map:
			p.peeked[s] |= 1 << m.Goal // R6.4: its player alone learns the goal
		}
	}
	copy(h[hi:], h[hi+1:])
	h = h[:len(h)-1]
	p.last = s
	if p.board.GoldReached() { // R7.3
		p.hands[s] = h
		return true, saboteur.Diggers
	}
	if len(p.draw) > 0 { // R4.2
		h = append(h, p.draw[len(p.draw)-1])
		p.draw = p.draw[:len(p.draw)-1]
	}
	p.hands[s] = h
	if len(p.draw) == 0 {
		empty := true
		for _, x := range p.hands {
			if len(x) > 0 {
				empty = false
				break
			}
		}
		if empty { // R7.4, R8.3
			for _, r := range p.roles {
				if r == saboteur.Saboteur {
					return true, saboteur.Saboteurs
				}
			}
			return true, saboteur.NoTeam
		}
	}
	t := (s + 1) % p.n // R4.3; an empty hand passes (R4.1)
	for len(p.hands[t]) == 0 {
		t = (t + 1) % p.n
	}
	p.turn = t
	return false, 0
}

// goldFor is where seat s believes the gold lies: the goals face up in the
// maze and those it looked at with a map (R6.4, R7.1), the rest alike.
func (p *pgame) goldFor(s int) [3]float64 {
	var known [3]saboteur.GoalCard
	for i, c := range saboteur.GoalCells {
		t, _ := p.board.At(c)
		known[i] = t.Card.Goal
		if known[i] == saboteur.NoGoal && p.peeked[s]&(1<<i) != 0 {
			known[i] = p.goals[i]
		}
	}
	return goldChances(known)
}
