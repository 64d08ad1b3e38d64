package incangold

import (
	"fmt"

	"github.com/goldvein/goldvein/rules"
)

// Leaks is Incan Gold's hidden-information check for the box's contract
// test (rules/ruletest, Config.Hidden): data is what seat receives from
// match m (a View, or an Event redacted for it, as JSON) and the error
// names the first fact it reveals that INCAN_GOLD.md's "Hidden
// information" keeps from that seat: another seat's sealed choice before
// the reveal (I3.4), or another seat's tent total without open tents (O4)
// before the game is over (I9.1).
func Leaks(m rules.Match, seat int, data []byte) error {
	im, ok := m.(*Match)
	if !ok {
		return fmt.Errorf("not an Incan Gold match: %T", m)
	}
	if v, err := DecodeView(data); err == nil {
		return viewLeaks(im, seat, v)
	}
	e, err := DecodeEvent(data)
	if err != nil {
		return fmt.Errorf("neither a view nor an event: %v", err)
	}
	if e.Type == Sealed && e.Seat != seat && e.Choice != NoChoice {
		return fmt.Errorf("seat %d's sealed choice (I3.4)", e.Seat)
	}
	return nil
}

func viewLeaks(m *Match, seat int, v View) error {
	if v.Seat != seat {
		return fmt.Errorf("a view of seat %d", v.Seat)
	}
	if seat < 0 && v.Choice != NoChoice {
		return fmt.Errorf("a spectator sees a sealed choice (I3.4)")
	}
	if m.opts.OpenTents || m.over {
		return nil
	}
	if len(v.Tents) > 0 {
		return fmt.Errorf("every seat's tent total (O4)")
	}
	for _, r := range v.History {
		for s, b := range r.Banked {
			if s != seat && b != 0 {
				return fmt.Errorf("seat %d's banked gems in round %d (O4)", s, r.Round)
			}
		}
	}
	return nil
}
