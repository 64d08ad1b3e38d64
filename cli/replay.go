//go:build !js

package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/goldvein/goldvein/box"
	"github.com/goldvein/goldvein/cmdline"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
)

// maxRecordBytes bounds the size of a record file replay reads.
const maxRecordBytes = 16 << 20

// replayUsage is what goldvein replay --help prints.
const replayUsage = `usage: goldvein replay FILE   (FILE - reads standard input)
Replays a game record (an autosave, or a goldvein serve --save file) through
the rules and prints the course of the game. Exit status 0 for a good record,
finished or not; 1 at the first illegal move; 2 when FILE cannot be read or
is not a record.`

func init() {
	RegisterBox("replay", "verify a game record (FILE, or - for stdin) and print the course of the game", runReplay)
}

// runReplay is `goldvein replay FILE`: it reads a game record
// (saboteur.Record), replays every move through the rules, and prints the
// game round by round: who started, the goals reached and by whom, the
// roles and goals shown at the end of the round, the gold handed out, and
// the final scores. Exit status: 0 for a good record (finished or not), 1
// when a move is illegal (the first one is named, after the course up to
// it), 2 for a file that cannot be read or is not a record.
func runReplay(b box.Box, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 1 && cmdline.IsHelp(args[0]) {
		fmt.Fprintln(stdout, replayUsage)
		return 0
	}
	if len(args) == 1 && len(args[0]) > 1 && args[0][0] == '-' {
		fmt.Fprintf(stderr, "goldvein replay: unknown flag %s (goldvein replay --help; a file named so: ./%s)\n", args[0], args[0])
		return 2
	}
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: goldvein replay FILE   (FILE - reads standard input; goldvein replay --help)")
		return 2
	}
	var r io.Reader = stdin
	if args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			fmt.Fprintf(stderr, "goldvein replay: %v\n", err)
			return 2
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxRecordBytes+1))
	if err != nil {
		fmt.Fprintf(stderr, "goldvein replay: read %s: %v\n", args[0], err)
		return 2
	}
	if len(data) > maxRecordBytes {
		fmt.Fprintf(stderr, "goldvein replay: %s is larger than %d bytes\n", args[0], maxRecordBytes)
		return 2
	}
	// A dedicated host's save (goldvein serve --save) wraps the record
	// together with its LAN session; replay reads the record inside.
	var wrapped lanSave
	if json.Unmarshal(data, &wrapped) == nil && len(wrapped.Record) > 0 {
		data = wrapped.Record
	}
	// Saboteur's records (format 1, or format 2 naming the game) get its
	// own course below; any other game's, its Describe.
	var head struct {
		Format int    `json:"format"`
		Game   string `json:"game"`
	}
	if json.Unmarshal(data, &head) == nil && head.Format == rules.RecordFormat && head.Game != saboteur.ID {
		return replayBox(b, args[0], data, stdout, stderr)
	}
	rec, err := readSaboteurRecord(data)
	if err != nil {
		fmt.Fprintf(stderr, "goldvein replay: %s: %s\n", args[0], cmdline.OneLine(err.Error()))
		return 2
	}
	w := &courseWriter{out: stdout, names: rec.Seats}
	w.header(rec)
	g, evs, err := saboteur.New(rec.Options, rec.Seed)
	if err != nil { // ParseRecord validated the options
		fmt.Fprintf(stderr, "goldvein replay: %s: %v\n", args[0], err)
		return 2
	}
	w.events(0, evs)
	for i, m := range rec.Moves {
		evs, err := g.Apply(m)
		if err != nil {
			fmt.Fprintf(stderr, "goldvein replay: %s: moves[%d] (%s) is illegal: %v\n", args[0], i, m, err)
			return 1
		}
		w.events(i+1, evs)
	}
	if g.Phase() != saboteur.Over {
		fmt.Fprintf(stdout, "The record ends in round %d after %d moves; the game is not over (seat %s to move).\n",
			g.Round(), len(rec.Moves), w.name(g.Turn()))
	}
	return 0
}

// courseWriter prints the course of a game from its events.
type courseWriter struct {
	out   io.Writer
	names []string
	won   map[int]int // gold value kept per seat this round
}

// roundGold prints the gold handed out in the round that just ended.
func (w *courseWriter) roundGold() {
	if w.won == nil {
		return
	}
	var parts []string
	for s := range w.names {
		if v := w.won[s]; v > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", w.name(s), v))
		}
	}
	if len(parts) == 0 {
		parts = append(parts, "nobody")
	}
	fmt.Fprintf(w.out, "  gold handed out: %s\n", strings.Join(parts, ", "))
	w.won = nil
}

func (w *courseWriter) name(seat int) string {
	if seat >= 0 && seat < len(w.names) && w.names[seat] != "" {
		n := w.names[seat]
		if strings.IndexFunc(n, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 {
			// A name is outside input: a newline, a terminal escape or a
			// bidi override must not forge lines of the course.
			n = strconv.Quote(n)
		}
		return fmt.Sprintf("%d (%s)", seat, n)
	}
	return fmt.Sprint(seat)
}

func (w *courseWriter) header(rec *saboteur.Record) {
	o := rec.Options
	var opts []string
	if o.ConnectToStart {
		opts = append(opts, "connect to start (R5.5)")
	}
	if o.OneNuggetPerDigger {
		opts = append(opts, "one nugget card per gold-digger (R8.1a)")
	}
	if o.SabotagedGetNothing {
		opts = append(opts, "sabotaged diggers get nothing (R8.1b)")
	}
	if len(opts) == 0 {
		opts = append(opts, "none")
	}
	first := "random"
	if o.FirstPlayer >= 0 {
		first = "seat " + w.name(o.FirstPlayer)
	}
	fmt.Fprintf(w.out, "goldvein record, format %d: %d players, seed %d, %d moves\n", rec.Format, o.Players, rec.Seed, len(rec.Moves))
	fmt.Fprintf(w.out, "Seats: %s\n", strings.Join(seatList(rec.Seats), ", "))
	fmt.Fprintf(w.out, "Table options: %s; first player: %s\n", strings.Join(opts, ", "), first)
}

func seatList(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = fmt.Sprintf("%d %q", i, n)
	}
	return out
}

// events prints what the events caused by move number move (0 for the
// deal) say about the course of the game.
func (w *courseWriter) events(move int, evs []saboteur.Event) {
	for _, e := range evs {
		switch e.Type {
		case saboteur.RoundStarted:
			w.roundGold()
			fmt.Fprintf(w.out, "\nRound %d: seat %s starts\n", e.Round, w.name(e.Seat))
		case saboteur.GoalRevealed:
			what := "a coal goal"
			if e.Card.Goal == saboteur.Gold {
				what = "the gold"
			}
			fmt.Fprintf(w.out, "  move %d: seat %s reached %s at y=%d, turned up as %s\n", move, w.name(e.Seat), what, saboteur.GoalY(e.Goal), e.Card)
		case saboteur.RoundEnded:
			why := "the gold was reached"
			if e.Winner != saboteur.Diggers {
				why = "the cards ran out"
			}
			fmt.Fprintf(w.out, "  move %d: round over, %s; winner: %s; last card by seat %s\n", move, why, e.Winner, w.name(e.Seat))
			roles := make([]string, len(e.Roles))
			for s, r := range e.Roles {
				roles[s] = fmt.Sprintf("%s %s", w.name(s), r)
			}
			fmt.Fprintf(w.out, "  roles: %s; set aside: %s\n", strings.Join(roles, ", "), e.SetAside)
			goals := make([]string, len(e.Goals))
			for i, g := range e.Goals {
				goals[i] = fmt.Sprintf("y=%d %s", saboteur.GoalY(i), g)
			}
			fmt.Fprintf(w.out, "  goals: %s\n", strings.Join(goals, ", "))
			w.won = map[int]int{}
		case saboteur.GoldKept:
			fmt.Fprintf(w.out, "  gold: seat %s keeps a card worth %d\n", w.name(e.Seat), e.Gold)
			if w.won != nil {
				w.won[e.Seat] += e.Gold
			}
		case saboteur.GameEnded:
			w.roundGold()
			scores := make([]string, len(e.Scores))
			for s, v := range e.Scores {
				scores[s] = fmt.Sprintf("%s %d", w.name(s), v)
			}
			winners := make([]string, len(e.Winners))
			for i, s := range e.Winners {
				winners[i] = w.name(s)
			}
			fmt.Fprintf(w.out, "\nFinal scores (gold value): %s\n", strings.Join(scores, ", "))
			fmt.Fprintf(w.out, "Winner%s: %s\n", plural(len(winners)), strings.Join(winners, ", "))
		}
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// replayBox replays a format-2 record of any game of the box and prints its
// course with the game's Describe: exit 0 for a good record, 1 at the first
// illegal move (the course up to it is printed first), 2 for a record that
// is malformed or of a game this build lacks.
func replayBox(b box.Box, file string, data []byte, stdout, stderr io.Writer) int {
	rec, err := rules.ParseRecord(data)
	if err != nil {
		fmt.Fprintf(stderr, "goldvein replay: %s: %s\n", file, cmdline.OneLine(err.Error()))
		return 2
	}
	g, err := b.Find(rec.Game)
	if err == nil && (g.Rules == nil || g.Describe == nil) {
		err = fmt.Errorf("game %s: this build cannot replay its records", rec.Game)
	}
	if err != nil {
		fmt.Fprintf(stderr, "goldvein replay: %s: %s\n", file, strings.Replace(err.Error(), "--game ", "game ", 1))
		return 2
	}
	// A computer seat plays at one of the game's levels, and every move
	// must read as one of the game's moves: a record that says otherwise
	// is not a record of this game (exit 2), unlike a legal-looking move
	// the rules refuse (exit 1, below).
	for i, s := range rec.Seats {
		if s.Kind == rules.Computer && !slices.Contains(g.Rules.Levels(), s.Level) {
			fmt.Fprintf(stderr, "goldvein replay: %s: record: seats[%d]: level: %q: want %s\n", file, i, printable(s.Level), strings.Join(g.Rules.Levels(), ", "))
			return 2
		}
	}
	for i, m := range rec.Moves {
		if _, err := g.Rules.DecodeMove(m.Move); err != nil {
			fmt.Fprintf(stderr, "goldvein replay: %s: record: moves[%d]: %s\n", file, i, cmdline.OneLine(err.Error()))
			return 2
		}
	}
	_, _, rerr := rec.Replay(g.Rules)
	// Seat names come from a file anybody may have written: the course
	// shows them on one line each, without control or format characters
	// (which could fake lines or drive the terminal).
	rec = rec.Clone()
	for i := range rec.Seats {
		rec.Seats[i].Name = printable(rec.Seats[i].Name)
	}
	shown := rec
	if rerr != nil {
		// Describe the moves before the illegal one, then name it.
		var me *rules.MoveError
		if !errors.As(rerr, &me) {
			fmt.Fprintf(stderr, "goldvein replay: %s: %s\n", file, cmdline.OneLine(rerr.Error()))
			return 2
		}
		shown = rec.Clone()
		shown.Moves = shown.Moves[:me.Index]
	}
	if err := g.Describe(shown, stdout); err != nil {
		fmt.Fprintf(stderr, "goldvein replay: %s: %s\n", file, cmdline.OneLine(err.Error()))
		return 1
	}
	if rerr != nil {
		fmt.Fprintf(stderr, "goldvein replay: %s: %s\n", file, cmdline.OneLine(rerr.Error()))
		return 1
	}
	return 0
}

// readSaboteurRecord reads a record of any format (rules.ReadRecord) as
// Saboteur's typed record.
func readSaboteurRecord(data []byte) (*saboteur.Record, error) {
	r, err := rules.ReadRecord(data, saboteur.Rules{})
	if err != nil {
		return nil, err
	}
	return saboteur.FromRecord(r)
}

// printable is s with every control or format character (a newline, an
// escape, a bidirectional override) shown as "?", cut to rules.MaxName
// runes.
func printable(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return '?'
		}
		return r
	}, s)
	if r := []rune(s); len(r) > rules.MaxName {
		s = string(r[:rules.MaxName]) + "…"
	}
	return s
}
