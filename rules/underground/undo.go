package underground

import (
	"slices"

	"github.com/goldvein/goldvein/rules"
)

// lastMove is what Apply noted of the last move it applied, for Undoable:
// its seat, its events, whether it drew on the generator (a die, a random
// badge, a reshuffle) and whether a stack lost a card into view.
type lastMove struct {
	seat   int
	made   bool
	evs    []Event
	random bool // the generator moved: something was left to chance
	drawn  bool // a banner, badge or marker stack shrank
	rng    rules.RNG
	stacks int
}

// noteBefore takes what noteAfter compares, before seat's move.
func (m *Match) noteBefore(seat int) lastMove {
	return lastMove{seat: seat, rng: m.rng, stacks: len(m.banners) + len(m.badges) + len(m.markers)}
}

// noteAfter notes the move just applied, with its events.
func (m *Match) noteAfter(before lastMove, evs []Event) {
	m.last = lastMove{seat: before.seat, made: true, evs: evs,
		random: m.rng != before.rng,
		drawn:  len(m.banners)+len(m.badges)+len(m.markers) < before.stacks}
}

// Undoable reports whether seat may take back the move it just made
// (rules.Undoer; docs/UNDERGROUND.md, "Undo"). Every event of the game is
// public, so the question is only whether the move brought anything
// hidden or left to chance into view; each of these refuses, citing its
// rule:
//   - the die rolled: a final conquest (U5.7) or the Will-o'-Wisps' roll
//     (U12.15); taken back, the same seeded roll would come again, known;
//   - a Place or Relic marker drawn from the face-down stack (U5.6);
//   - the Stonehedge's random badge (U14.8);
//   - a combo picked, when the next banner or badge of the stacks came
//     into view as the new position 5 (U4.4);
//   - anything else left to chance (the badge stack reshuffled, U4.5) or
//     taken from a stack.
//
// Any other move may be taken back: a conquest without the die, abandoning
// a region, readying and redeploying tokens, the end of a step, a decline
// (U8) and the end of the turn, placing figures, while the next seat has
// not moved (the table checks that: rules.CanUndo).
func (m *Match) Undoable(seat int) error {
	l := m.last
	has := func(k EventKind) bool {
		return slices.ContainsFunc(l.evs, func(e Event) bool { return e.Kind == k })
	}
	switch {
	case seat < 0 || seat >= len(m.seats):
		return rules.Refuse("U1.1", "seat %d: the table has seats 0 to %d", seat, len(m.seats)-1)
	case m.over:
		return rules.Refuse("U10.1", "the game is over")
	case !l.made:
		return rules.Refuse("U3.2", "no move has been made")
	case l.seat != seat:
		return rules.Refuse("U3.2", "the last move is seat %d's", l.seat)
	case has(EvFinal):
		return rules.Refuse("U5.7", "the die was rolled for a final conquest")
	case has(EvWisps):
		return rules.Refuse("U12.15", "the die was rolled for the Will-o'-Wisps")
	case has(EvDraw):
		return rules.Refuse("U5.6", "a Place or Relic marker was drawn face up")
	case has(EvStonehedge):
		return rules.Refuse("U14.8", "the Stonehedge drew a badge at random")
	case has(EvPick) && l.drawn:
		return rules.Refuse("U4.4", "the pick brought the next banner and badge of the stacks into view")
	case l.random:
		return rules.Refuse("U4.5", "the move left something to chance (the badges were reshuffled)")
	case l.drawn:
		return rules.Refuse("U4.4", "the move brought a card of a stack into view")
	}
	return nil
}
