package underground

import (
	"sort"
	"strconv"
)

func (m *Match) query(cm checkMove, field string) (checkResult, error) {
	s := m.active
	switch cm.Query {
	case "cost":
		i := m.mp.Index(cm.Region)
		if i < 0 {
			return checkResult{}, bad(field+".region", "%q is no region of the map", cm.Region)
		}
		uses, _ := parseUses(cm.With)
		c := m.costOf(s, i, uses, true)
		_, ok := m.target(s, i)
		door := false
		for _, u := range uses {
			door = door || u.relic == Doormat
		}
		reach := ok && m.seats[s].Active.has() && m.reaches(s, i, door)
		return checkResult{Cost: &c.n, Reach: &reach, Parts: c.parts}, nil
	case "targets":
		ts := []Target{}
		for _, i := range m.targets(s) {
			ts = append(ts, Target{Region: m.mp.ID(i), Cost: m.costOf(s, i, nil, false).n})
		}
		sort.Slice(ts, func(a, b int) bool { return idLess(ts[a].Region, ts[b].Region) })
		return checkResult{Target: ts}, nil
	}
	if cm.Query == "final" {
		return m.finalQuery(), nil
	}
	sc := m.score(s)
	t := sc.Total()
	items := sc.items
	if items == nil {
		items = []Item{}
	}
	return checkResult{Score: &t, Items: items}, nil
}

// targets lists the regions seat's Active race may conquer by adjacency
// now, whatever the tokens in hand (U5.2-U5.4).
func (m *Match) targets(s int) []int {
	if !m.seats[s].Active.has() {
		return nil
	}
	var out []int
	reach, plain := m.reachSet(s, false), m.reachSet(s, true)
	for i := 0; i < m.mp.Len(); i++ {
		set := reach
		if m.gnomeGuard(s, i) {
			set = plain
		}
		if _, ok := m.target(s, i); ok && set&(1<<uint(i)) != 0 {
			out = append(out, i)
		}
	}
	return out
}

// idLess orders region ids naturally: "r2" before "r10".
func idLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// finalQuery scores the position as if the game ended now (U10): each
// seat's coins (the turn's own scoring not yet taken), its race tokens on
// the board, and the winners after the tie-break ("tiebreak": "tokens",
// U10.2; still tied: a shared win, UR13), the shape of Incan Gold's final
// query.
func (m *Match) finalQuery() checkResult {
	coins, tokens, winners := m.standings()
	res := checkResult{Scores: map[string]int{}, OnBoard: map[string]int{}, Winners: winners, Tiebreak: "tokens"}
	for s := range coins {
		res.Scores[strconv.Itoa(s)] = coins[s]
		res.OnBoard[strconv.Itoa(s)] = tokens[s]
	}
	return res
}
