package saboteur

import (
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// goldStep is one step of a round's gold handing-out as everyone saw it:
// seat kept a gold card (its value stays hidden, R8.4). offered is how
// many cards seat held when it chose (R8.1), 0 when the rules kept the
// card for it (every card left worth the same).
type goldStep struct {
	seat    int
	offered int
}

// goldLines writes the handing-out in its order (R8.1: who drew, who kept
// one of how many and passed how many on; R8.2: each saboteur's share),
// a heading first. pending is the count of an offer still being chosen.
func (s *roundEndScene) goldLines(a *scenes.App, pending int) []string {
	if len(s.steps) == 0 {
		return nil
	}
	me := s.m.viewer()
	phrase := func(key string, seat int, args ...any) string {
		if seat == me && me >= 0 {
			return a.T(key+".me", args...)
		}
		return a.T(key, append(args, "name", s.m.name(seat))...)
	}
	cards := func(n int) string { return a.N("scene.roundend.cards", n) }
	if s.ended.Winner == saboteur.Saboteurs {
		// The share is the gold, by the number of saboteurs (R8.2): two
		// cards may make 4 gold; the cards are how it was paid.
		saboteurs := 0
		for _, r := range s.ended.Roles {
			if r == saboteur.Saboteur {
				saboteurs++
			}
		}
		gold := a.N("gold.amount", saboteur.SaboteurShare(saboteurs))
		out := []string{a.T("scene.roundend.order_saboteurs")}
		for i := 0; i < len(s.steps); {
			j := i
			for j < len(s.steps) && s.steps[j].seat == s.steps[i].seat {
				j++
			}
			out = append(out, phrase("scene.roundend.share", s.steps[i].seat, "gold", gold, "cards", cards(j-i)))
			i = j
		}
		return out
	}
	// How many cards each held when they kept one: an offer says it; a
	// card kept by the rules held one more than the next step.
	held := make([]int, len(s.steps))
	for i := len(s.steps) - 1; i >= 0; i-- {
		switch {
		case s.steps[i].offered > 0:
			held[i] = s.steps[i].offered
		case i+1 < len(s.steps):
			held[i] = held[i+1] + 1
		default:
			held[i] = pending + 1
		}
	}
	out := []string{a.T("scene.roundend.order_diggers")}
	for i, st := range s.steps {
		n := held[i]
		var line string
		switch {
		case n <= 1:
			line = phrase("scene.roundend.last", st.seat)
		case i == 0:
			line = phrase("scene.roundend.draws", st.seat, "cards", cards(n), "rest", cards(n-1))
		default:
			line = phrase("scene.roundend.passed", st.seat, "cards_of", a.N("scene.roundend.cards_of", n), "rest", cards(n-1))
		}
		out = append(out, a.Num(i+1)+". "+line)
	}
	return out
}
