package saboteur

import (
	"fmt"
	"slices"

	"github.com/goldvein/goldvein/rules"
)

// Leaks is Saboteur's hidden-information check for the box's contract test
// (rules/ruletest, Config.Hidden): data is what seat receives from match m
// (a View, or an Event redacted for it, as JSON) and the error names the
// first fact it reveals that SABOTEUR.md's "Hidden information" keeps from
// that seat: another seat's role before the round ends (R1.4), another
// seat's hand, drawn or discarded card (R4.2, R4.4), another seat's map
// sight (R6.4), a face-down goal (R7), another seat's gold before the game
// ends (R8.4), or any of it for a spectator (seat -1). It judges the JSON
// as the game's decoders read it, so a field a client would see is a field
// it checks.
func Leaks(m rules.Match, seat int, data []byte) error {
	sm, ok := m.(*Match)
	if !ok {
		return fmt.Errorf("not a Saboteur match: %T", m)
	}
	g := sm.g
	var r Rules
	if v, err := r.DecodeView(data); err == nil {
		return viewLeaks(g, seat, v.(View))
	}
	e, err := r.DecodeEvent(data)
	if err != nil {
		return fmt.Errorf("neither a view nor an event: %v", err)
	}
	return eventLeaks(g, seat, *e.(*Event))
}

func viewLeaks(g *Game, seat int, v View) error {
	if v.Seat != seat {
		return fmt.Errorf("a view of seat %d", v.Seat)
	}
	if seat < 0 {
		if v.Role != NoRole || len(v.Hand) > 0 || v.Gold != 0 || len(v.Offer) > 0 {
			return fmt.Errorf("a spectator's view holds a role, hand, offer or gold")
		}
	} else {
		if v.Role != NoRole && v.Role != g.roles[seat] {
			return fmt.Errorf("a role that is not the seat's own")
		}
		if !slices.Equal(v.Hand, g.handCards(seat)) && !(len(v.Hand) == 0 && len(g.hands[seat]) == 0) {
			return fmt.Errorf("a hand that is not the seat's own")
		}
	}
	for i := range 3 {
		if !g.board.GoalFaceUp(i) && v.Board.goals[i] != NoGoal {
			return fmt.Errorf("face-down goal %d (R7)", i)
		}
		if v.Peeked[i] != NoGoal && (seat < 0 || g.peeked[seat]&(1<<i) == 0) {
			return fmt.Errorf("a sight of goal %d the seat never took (R6.4)", i)
		}
	}
	if g.phase != Over {
		for _, res := range v.Results {
			for s, gold := range res.Gold {
				if s != seat && gold != 0 {
					return fmt.Errorf("seat %d's gold before the end (R8.4)", s)
				}
			}
		}
		if len(v.Scores) > 0 {
			return fmt.Errorf("scores before the end (R8.4)")
		}
	}
	return nil
}

func eventLeaks(g *Game, seat int, e Event) error {
	if e.Seat == seat && seat >= 0 {
		return nil
	}
	switch {
	case e.Type == Dealt && (e.Role != NoRole || len(e.Cards) > 0):
		return fmt.Errorf("seat %d's dealt role or hand (R1.3, R3.2)", e.Seat)
	case (e.Type == MapPlayed || e.Type == Discarded || e.Type == Drew) && e.Card != (Card{}):
		return fmt.Errorf("seat %d's private card in %s", e.Seat, e.Type)
	case e.Type == GoldOffered && len(e.Golds) > 0:
		return fmt.Errorf("the gold offered to seat %d (R8.1)", e.Seat)
	case e.Type == GoldKept && e.Gold != 0:
		return fmt.Errorf("the gold seat %d kept (R8.4)", e.Seat)
	}
	return nil
}
