package incangold

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/goldvein/goldvein/rules"
)

// Describe replays an Incan Gold record through the rules and writes the
// course of the game for `goldvein replay`: per round the start player and
// the artifact shuffled in, every card turned and what it gave, every
// reveal of choices, who left with what (gems and artifacts), busts, what
// went back to the supply, and at the end the final scores and winners
// (I3-I9). A record that is not an Incan Gold record or whose options or
// seats do not fit returns an *InputError before anything is written (exit
// status 2); an illegal or malformed move returns an error naming it after
// the course up to it has been written (exit status 1). A write error is
// returned as it is.
func Describe(rec *rules.Record, w io.Writer) error {
	if rec.Game != ID {
		return inputErr("record: game: %q, not %q", rec.Game, ID)
	}
	opts, err := ParseOptions(rec.Options)
	if err != nil {
		return inputErr("record: %v", err)
	}
	m, evs, err := NewMatch(len(rec.Seats), opts, rec.Seed)
	if err != nil {
		return inputErr("record: %v", err)
	}
	bw := bufio.NewWriter(w)
	d := &describer{w: bw, names: seatNames(rec.Seats), opts: m.opts}
	d.header(rec)
	d.events(evs)
	var bad error
	for i, rm := range rec.Moves {
		mv, err := DecodeMove(rm.Move)
		if err != nil {
			bad = fmt.Errorf("record: moves[%d]: %w", i, err)
			break
		}
		if evs, err = m.Play(rm.Seat, mv.Choice, evs[:0]); err != nil {
			bad = fmt.Errorf("record: moves[%d] (seat %d, %s): %w", i, rm.Seat, mv, err)
			break
		}
		d.events(evs)
	}
	if bad != nil {
		fmt.Fprintf(bw, "illegal move: %v\n", bad)
	} else if !m.Over() {
		fmt.Fprintf(bw, "The record ends in round %d, before the game is over.\n", m.Round())
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return bad
}

// seatNames returns printable names: control and format characters become
// "?" so that a record cannot drive the terminal.
func seatNames(seats []rules.RecordSeat) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		name := strings.Map(func(r rune) rune {
			if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
				return '?'
			}
			return r
		}, s.Name)
		if name == "" {
			name = fmt.Sprintf("seat %d", i)
		}
		out[i] = name
	}
	return out
}

// describer writes the course of a game, one event at a time.
type describer struct {
	w     io.Writer
	names []string
	opts  Options
	// sealed counts the sealed choices of the open step (their content is
	// shown at the reveal).
	sealed int
}

func (d *describer) header(rec *rules.Record) {
	var on []string
	for _, o := range []struct {
		on   bool
		name string
	}{{d.opts.Diamant, "diamant"}, {d.opts.Artifacts2020, "artifacts2020"},
		{d.opts.TiebreakValue, "tiebreak_value"}, {d.opts.OpenTents, "open_tents"}} {
		if o.on {
			on = append(on, o.name)
		}
	}
	opts := "published rules"
	if len(on) > 0 {
		opts = strings.Join(on, ", ")
	}
	fmt.Fprintf(d.w, "Incan Gold, %d players, seed %d, %s\n", len(rec.Seats), rec.Seed, opts)
	for i, s := range rec.Seats {
		kind := string(s.Kind)
		if s.Level != "" {
			kind += ", " + s.Level
		}
		fmt.Fprintf(d.w, "  seat %d: %s (%s)\n", i, d.names[i], kind)
	}
}

func (d *describer) events(evs []Event) {
	for _, e := range evs {
		d.event(e)
	}
}

func (d *describer) event(e Event) {
	w := d.w
	switch e.Type {
	case RoundStarted:
		art := ""
		if e.Card != 0 {
			art = fmt.Sprintf("; %s shuffled in", e.Card)
		}
		fmt.Fprintf(w, "Round %d: %s starts%s; the deck holds %d cards\n", e.Round, d.names[e.Seat], art, e.Deck)
	case Flipped:
		switch {
		case e.Card.IsTreasure():
			fmt.Fprintf(w, "  turned %s: %d each for %d explorers, pool %d\n", e.Card, e.Each, e.Explorers, e.Pool)
		case e.Card.IsHazard():
			fmt.Fprintf(w, "  turned %s: the first of its kind\n", e.Card)
		default:
			fmt.Fprintf(w, "  turned %s: the artifact lies on the path\n", e.Card)
		}
	case Bust:
		var lost []string
		for s, g := range e.Lost {
			if g > 0 {
				lost = append(lost, fmt.Sprintf("%s %d", d.names[s], g))
			}
		}
		what := "nobody carried anything"
		if len(lost) > 0 {
			what = "lost: " + strings.Join(lost, ", ")
		}
		fmt.Fprintf(w, "  turned %s: a second %s, the round ends (%s); one %s is out of the game\n",
			e.Card, e.Card.Kind(), what, e.Card.Kind())
	case ChoiceOpened:
		d.sealed = 0
	case Sealed:
		d.sealed++
	case Revealed:
		var cs []string
		for s, c := range e.Choices {
			if c != NoChoice {
				cs = append(cs, fmt.Sprintf("%s %s", d.names[s], c))
			}
		}
		fmt.Fprintf(w, "  choices: %s\n", strings.Join(cs, ", "))
	case Left:
		arts := ""
		if len(e.Cards) > 0 {
			var as []string
			for i, c := range e.Cards {
				as = append(as, fmt.Sprintf("%s worth %d", c, e.Worths[i]))
			}
			arts = " and " + strings.Join(as, ", ")
		}
		fmt.Fprintf(w, "  %s leaves with %s (%d carried + %d from the pool)%s\n",
			d.names[e.Seat], gems(e.Banked), e.Carried, e.Share, arts)
	case RoundEnded:
		var parts []string
		if e.Pool > 0 {
			parts = append(parts, fmt.Sprintf("%s of the pool back to the supply", gems(e.Pool)))
		}
		for _, c := range e.Cards {
			parts = append(parts, fmt.Sprintf("%s is removed from the game", c))
		}
		end := ""
		if len(parts) > 0 {
			end = ": " + strings.Join(parts, "; ")
		}
		fmt.Fprintf(w, "  round %d over%s\n", e.Round, end)
	case GameEnded:
		fmt.Fprintln(w, "Final scores:")
		for s, sc := range e.Scores {
			fmt.Fprintf(w, "  %s: %d (tent %d, artifacts %d)\n", d.names[s], sc, e.Tents[s], sc-e.Tents[s])
		}
		var win []string
		for _, s := range e.Winners {
			win = append(win, d.names[s])
		}
		how := "the highest score"
		if len(e.Winners) > 1 {
			how = "a shared win (IR10)"
		} else if tied(e.Scores, e.Winners[0]) {
			how = "the tie-break by artifact " + e.Tiebreak + " (I9.3)"
			if e.Tiebreak == "value" {
				how = "the tie-break by artifact value (I9.4)"
			}
		}
		fmt.Fprintf(w, "Winner: %s, by %s\n", strings.Join(win, ", "), how)
	}
}

// gems writes "1 gem" or "n gems".
func gems(n int) string {
	if n == 1 {
		return "1 gem"
	}
	return fmt.Sprintf("%d gems", n)
}

// tied reports whether another seat has the winner's score.
func tied(scores []int, winner int) bool {
	for s, x := range scores {
		if s != winner && x == scores[winner] {
			return true
		}
	}
	return false
}

// IsInputError reports whether err is bad input (an *InputError): what
// `goldvein check` and `goldvein replay` answer with exit status 2.
func IsInputError(err error) bool {
	var ie *InputError
	return errors.As(err, &ie)
}
