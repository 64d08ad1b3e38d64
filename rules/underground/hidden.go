package underground

import (
	"fmt"

	"github.com/goldvein/goldvein/rules"
)

// Leaks is Underground's hidden-information check for the box's contract
// test (rules/ruletest, Config.Hidden): data is what seat receives from
// match m (a View, or an Event, as JSON) and the error names the first fact
// it reveals that UNDERGROUND.md's "Hidden information" keeps from that
// seat: another player's coin total before the end without the open_coins
// option, or a view of another seat. Events are public by that section
// (every payment and score is in view), so an event only has to decode.
func Leaks(m rules.Match, seat int, data []byte) error {
	um, ok := m.(*Match)
	if !ok {
		return fmt.Errorf("not an Underground match: %T", m)
	}
	v, err := DecodeView(data)
	if err != nil {
		if _, eerr := DecodeEvent(data); eerr != nil {
			return fmt.Errorf("neither a view nor an event: %v", err)
		}
		return nil
	}
	if v.Seat != seat {
		return fmt.Errorf("a view of seat %d", v.Seat)
	}
	if um.opts.OpenCoins || um.over {
		return nil
	}
	for s, sv := range v.Seats {
		if s != seat && sv.Coins != nil {
			return fmt.Errorf("seat %d's coin total (Hidden information)", s)
		}
	}
	return nil
}
