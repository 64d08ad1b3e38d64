package underground

import (
	"fmt"
	"io"
	"strings"

	"github.com/goldvein/goldvein/rules"
)

// Describe writes a record as text for goldvein replay: each player turn
// with the combo picked, the conquests and their costs, die rolls,
// declines and the coins scored by rule; then the final scores and the
// tie-break (U10.2).
func Describe(rec *rules.Record, w io.Writer) error {
	mt, revs, err := rec.Replay(Game{})
	if mt == nil {
		return err
	}
	evs := make([]Event, 0, len(revs))
	for _, e := range revs {
		if x, ok := e.(Event); ok {
			evs = append(evs, x)
		}
	}
	m := mt.(*Match)
	name := func(s int) string {
		if s >= 0 && s < len(rec.Seats) && rec.Seats[s].Name != "" {
			return fmt.Sprintf("%s (seat %d)", rec.Seats[s].Name, s)
		}
		return fmt.Sprintf("seat %d", s)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Small World: Underground, %d players, map %s, %d game turns, seed %d\n", len(m.seats), m.mp.Name, m.mp.Turns, rec.Seed)
	// The first turn's event is dealt by New, not by a move.
	first, _ := New(len(m.seats), m.opts, rec.Seed)
	fmt.Fprintf(&b, "  %s (game turn 1):\n", name(first.active))
	for _, e := range evs {
		describeEvent(&b, e, name)
	}
	if m.over {
		fmt.Fprintf(&b, "Final scores (U10.1):")
		for s, c := range m.final {
			fmt.Fprintf(&b, " %s %d;", name(s), c)
		}
		b.WriteString("\n")
		var ws []string
		for _, s := range m.winners {
			ws = append(ws, name(s))
		}
		fmt.Fprintf(&b, "Winner%s: %s\n", map[bool]string{true: "s (shared, UR13)", false: ""}[len(ws) > 1], strings.Join(ws, ", "))
		for _, e := range evs {
			if e.Kind == EvOver && tiedOnCoins(e) {
				fmt.Fprintf(&b, "Tie-break (U10.2): race tokens on the board %v\n", e.OnBoard)
			}
		}
	} else {
		b.WriteString("(the game is not over)\n")
	}
	if _, werr := io.WriteString(w, b.String()); werr != nil {
		return werr
	}
	return err
}

func tiedOnCoins(e Event) bool {
	best, n := -1, 0
	for _, c := range e.Finals {
		if c > best {
			best, n = c, 1
		} else if c == best {
			n++
		}
	}
	return n > 1
}

func withText(w []string) string {
	if len(w) == 0 {
		return ""
	}
	return " with " + strings.Join(w, ", ")
}

func describeEvent(b *strings.Builder, e Event, name func(int) string) {
	p := func(format string, args ...any) { fmt.Fprintf(b, "    "+format+"\n", args...) }
	switch e.Kind {
	case EvTurn:
		if e.Seat >= 0 {
			fmt.Fprintf(b, "  %s (game turn %d):\n", name(e.Seat), e.Turn)
		}
	case EvPick:
		p("picks %s + %s at position %d (coins %+d)", e.Race, e.Power, e.Pos, e.Coins)
	case EvSwap:
		p("swaps badges with position %d: now %s (U12.12)", e.Pos, e.Power)
	case EvVolcano:
		p("puts the Volcano on %s (U12.3)", e.Region)
	case EvDecline:
		p("goes In Decline: %s (U8)", e.Race)
	case EvLost:
		p("loses %s, wiped out (U8.7)", e.Race)
	case EvReborn:
		p("Reborn in %s (U13.12)", e.Region)
	case EvAncient:
		p("moves the Great Ancient to %s (U16.3)", e.Region)
	case EvConquer:
		p("conquers %s for %d%s%s", e.Region, e.Cost, withText(e.With), lossText(e, name))
	case EvFinal, EvWisps:
		what := "final conquest (U5.7)"
		if e.Kind == EvWisps {
			what = "Wisps roll (U12.15)"
		}
		res := "conquered"
		if e.Failed {
			res = "failed"
		}
		p("%s on %s: cost %d, die %d: %s%s%s", what, e.Region, e.Cost, e.Die, res, withText(e.With), lossText(e, name))
	case EvSubstitute:
		p("substitutes in %s (%s)%s", e.Region, e.Rule, lossText(e, name))
	case EvAbandon:
		p("abandons %s", e.Region)
	case EvDraw:
		p("finds %s in %s", e.Marker, e.Region)
	case EvStonehedge:
		p("the Stonehedge draws %s (U14.8)", e.Power)
	case EvBalrog:
		p("sends the Balrog into %s%s", e.Region, lossText(e, name))
	case EvBonus:
		if e.Armor > 0 {
			p("takes %d Mushroom Armor (%s)", e.Armor, e.Rule)
		} else {
			p("gains %d token(s) (%s %s)", e.Tokens, e.Rule, e.Text)
		}
	case EvCoins:
		p("%s takes %d coin(s) (%s %s)", name(e.Seat), e.Coins, e.Rule, e.Text)
	case EvPay:
		p("%s pays %s %d coin(s) (%s %s)", name(e.Seat), name(e.By), e.Coins, e.Rule, e.Text)
	case EvMarked:
		p("%s takes a Vengeance marker from %s (U13.20)", name(e.Seat), name(e.By))
	case EvPlace:
		p("places the %s in %s (%s)", e.Text, e.Region, e.Rule)
	case EvScore:
		var parts []string
		for _, it := range e.Items {
			s := fmt.Sprintf("%s %s %d", it.Rule, it.What, it.Coins)
			if it.From >= 0 {
				s += " from " + name(it.From)
			}
			parts = append(parts, s)
		}
		p("scores %d: %s", e.Coins, strings.Join(parts, ", "))
	}
}

func lossText(e Event, name func(int) string) string {
	if e.Lost == 0 && e.By == 0 {
		return ""
	}
	if e.Lost > 0 {
		return fmt.Sprintf(" (%s loses %d)", name(e.By), e.Lost)
	}
	return ""
}
