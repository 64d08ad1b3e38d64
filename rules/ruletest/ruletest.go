// Package ruletest is the contract test every game of the box passes
// (issue 12, docs/DESIGN.md): one table-driven test run for each game. It
// plays random games and computer-player games through the rules.Match
// contract only and checks that they end, that every legal move is
// accepted, that a refused move changes nothing, that a record replays to
// the same match, that moves, views and events survive their game's JSON
// decoders, and, through a hook each game gives, that no view or redacted
// event tells a seat what its rules reference's "Hidden information"
// section forbids. Game packages call Contract from a test and
// FuzzDecoders from a fuzz test.
package ruletest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/goldvein/goldvein/rules"
)

// Config says which tables Contract plays.
type Config struct {
	Game rules.Game
	// Tables are the table sizes and options to play; nil plays every seat
	// count from the game's minimum to its maximum with default options.
	Tables []Table
	// Games is the number of random games to play in all, spread over the
	// tables (default 2000).
	Games int
	// BotGames is the number of games each computer player level plays
	// against itself (default 4).
	BotGames int
	// MaxMoves bounds one game; a game still going after it fails
	// (default 100000, rules.MaxRecordMoves).
	MaxMoves int
	// Probes is how many positions per table get every legal move tried on
	// a fresh replay (default 20).
	Probes int
	// Hidden checks the JSON that seat receives in match m (a view, or an
	// event redacted for it) and returns an error when it reveals anything
	// the game's rules reference forbids that seat to know. Nil skips the
	// check (a game must give one).
	Hidden func(m rules.Match, seat int, data []byte) error
	// Seed varies the games (default 1).
	Seed uint64
}

// Table is one table size with its options (nil: the defaults).
type Table struct {
	Players int
	Options json.RawMessage
}

func (c *Config) defaults() {
	if c.Tables == nil {
		lo, hi := c.Game.Seats()
		for n := lo; n <= hi; n++ {
			c.Tables = append(c.Tables, Table{Players: n})
		}
	}
	if c.Games == 0 {
		c.Games = 2000
	}
	if c.BotGames == 0 {
		c.BotGames = 4
	}
	if c.MaxMoves == 0 {
		c.MaxMoves = rules.MaxRecordMoves
	}
	if c.Probes == 0 {
		c.Probes = 20
	}
	if c.Seed == 0 {
		c.Seed = 1
	}
}

// Contract runs every check of the contract for c.Game as subtests of t.
func Contract(t *testing.T, c Config) {
	c.defaults()
	if c.Hidden == nil {
		t.Error("ruletest: the game gives no Hidden check")
	}
	t.Run("RandomGamesEnd", func(t *testing.T) {
		per := max(1, c.Games/len(c.Tables))
		if testing.Short() {
			per = max(1, per/10)
		}
		for ti, tb := range c.Tables {
			for i := range per {
				seed := c.Seed + uint64(ti)*1_000_003 + uint64(i)
				if err := RandomGame(c, tb, seed, i < 2); err != nil {
					t.Fatalf("%d players, game %d (seed %d): %v", tb.Players, i, seed, err)
				}
			}
		}
	})
	t.Run("LegalMovesAccepted", func(t *testing.T) {
		for ti, tb := range c.Tables {
			if err := ProbeLegal(c, tb, c.Seed+uint64(ti)); err != nil {
				t.Fatalf("%d players: %v", tb.Players, err)
			}
		}
	})
	t.Run("Bots", func(t *testing.T) {
		for _, level := range c.Game.Levels() {
			for i := range c.BotGames {
				tb := c.Tables[i%len(c.Tables)]
				if err := BotGame(c, tb, level, c.Seed+uint64(i)); err != nil {
					t.Fatalf("level %s, %d players: %v", level, tb.Players, err)
				}
			}
		}
		if _, err := c.Game.NewBot("no-such-level", 0, 1); err == nil {
			t.Error("NewBot accepts an unknown level")
		}
	})
}

// player makes one seat's move: a random legal move, or a bot's.
type player func(m rules.Match, seat int) (rules.Move, error)

// RandomGame plays one game of random legal moves at table tb and checks
// it as it goes (see Contract). With full set it also checks every view and
// redacted event against c.Hidden and the decoders, and replays the record.
func RandomGame(c Config, tb Table, seed uint64, full bool) error {
	rng := rand.New(rand.NewPCG(seed, 7))
	return play(c, tb, seed, full, func(m rules.Match, seat int) (rules.Move, error) {
		legal := m.Legal(seat)
		return legal[rng.IntN(len(legal))], nil
	}, nil)
}

// BotGame plays one game with a computer player of level in every seat,
// feeding each its seat's redacted events and views as the table does.
func BotGame(c Config, tb Table, level string, seed uint64) error {
	bots := make([]rules.Bot, tb.Players)
	for s := range bots {
		b, err := c.Game.NewBot(level, s, seed+uint64(s))
		if err != nil {
			return fmt.Errorf("NewBot(%q, %d): %w", level, s, err)
		}
		bots[s] = b
	}
	observe := func(evs []rules.Event) {
		for s, b := range bots {
			for _, e := range evs {
				if r, ok := e.For(s); ok {
					b.Observe(r)
				}
			}
		}
	}
	return play(c, tb, seed, false, func(m rules.Match, seat int) (rules.Move, error) {
		return bots[seat].Choose(m.View(seat)), nil
	}, observe)
}

func play(c Config, tb Table, seed uint64, full bool, choose player, observe func([]rules.Event)) error {
	g := c.Game
	m, err := g.New(tb.Players, tb.Options, seed)
	if err != nil {
		return fmt.Errorf("New: %w", err)
	}
	seats := make([]rules.RecordSeat, tb.Players)
	for i := range seats {
		seats[i] = rules.RecordSeat{Name: fmt.Sprintf("P%d", i), Kind: rules.Human}
	}
	rec := rules.NewRecord(g.ID(), tb.Options, seed, seats)
	if full {
		if err := checkSeats(c, m, tb.Players, rules.OpeningOf(m)); err != nil {
			return fmt.Errorf("at the start: %w", err)
		}
	}
	for n := 0; !m.Over(); n++ {
		if n >= c.MaxMoves {
			return fmt.Errorf("not over after %d moves", n)
		}
		owing := m.ToMove()
		if len(owing) == 0 {
			return errors.New("no seat owes a move and the game is not over")
		}
		if full || n%16 == 0 {
			if err := checkOwing(m, tb.Players, owing); err != nil {
				return fmt.Errorf("move %d: %w", n, err)
			}
		}
		if full && n%7 == 0 {
			if err := checkRefusal(m, tb.Players, owing); err != nil {
				return fmt.Errorf("move %d: %w", n, err)
			}
		}
		seat := owing[int(seed+uint64(n))%len(owing)]
		mv, err := choose(m, seat)
		if err != nil {
			return err
		}
		if full {
			if err := roundTrip("move", mv, g.DecodeMove); err != nil {
				return fmt.Errorf("move %d: %w", n, err)
			}
		}
		step := m.Step()
		evs, err := m.Apply(seat, mv)
		if err != nil {
			b, _ := json.Marshal(mv)
			return fmt.Errorf("move %d: seat %d's move %s refused: %w", n, seat, b, err)
		}
		// A new decision (a seat that comes to owe a move, or the mover
		// owing another) opens a new step; a seat that has made its part
		// of a simultaneous choice leaving the list does not.
		if now := m.ToMove(); !m.Over() && m.Step() == step && newDecision(owing, now, seat) {
			return fmt.Errorf("move %d: a new decision opened (seats %v to %v) but Step stayed %d", n, owing, now, step)
		}
		if err := rec.Add(seat, mv); err != nil {
			return err
		}
		if observe != nil {
			observe(evs)
		}
		if full {
			if err := checkSeats(c, m, tb.Players, evs); err != nil {
				return fmt.Errorf("after move %d: %w", n, err)
			}
		}
	}
	if len(m.ToMove()) != 0 {
		return fmt.Errorf("over, but seats %v still owe a move", m.ToMove())
	}
	if len(m.Scores()) != tb.Players {
		return fmt.Errorf("over with %d scores for %d players", len(m.Scores()), tb.Players)
	}
	if len(m.Winners()) == 0 {
		return errors.New("over with no winner")
	}
	if full {
		return checkReplay(g, rec, m)
	}
	return nil
}

// newDecision reports whether after mover's move the owing seats now hold
// a seat that did not owe before, or the mover again.
func newDecision(before, now []int, mover int) bool {
	for _, s := range now {
		if s == mover || !slices.Contains(before, s) {
			return true
		}
	}
	return false
}

// checkOwing: every owing seat has legal moves, no other seat has any.
func checkOwing(m rules.Match, players int, owing []int) error {
	for s := range players {
		n := len(m.Legal(s))
		if slices.Contains(owing, s) && n == 0 {
			return fmt.Errorf("seat %d owes a move but has no legal move", s)
		}
		if !slices.Contains(owing, s) && n != 0 {
			return fmt.Errorf("seat %d owes no move but has %d legal moves", s, n)
		}
	}
	return nil
}

// checkRefusal: a move from a seat that owes none, and a seat outside the
// table, are refused and change nothing.
func checkRefusal(m rules.Match, players int, owing []int) error {
	before := snapshot(m, players)
	mv := m.Legal(owing[0])[0]
	for _, s := range []int{-1, players, 9999} {
		if _, err := m.Apply(s, mv); err == nil {
			return fmt.Errorf("a move from seat %d was accepted", s)
		}
	}
	for s := range players {
		if !slices.Contains(owing, s) {
			if _, err := m.Apply(s, mv); err == nil {
				return fmt.Errorf("seat %d owes no move, yet its move was accepted", s)
			}
			break
		}
	}
	if after := snapshot(m, players); !bytes.Equal(before, after) {
		return errors.New("a refused move changed the match")
	}
	return nil
}

// snapshot is every seat's view and the spectator's, as JSON.
func snapshot(m rules.Match, players int) []byte {
	var b bytes.Buffer
	for s := -1; s < players; s++ {
		v, err := json.Marshal(m.View(s))
		if err != nil {
			return []byte(err.Error())
		}
		b.Write(v)
		b.WriteByte('\n')
	}
	fmt.Fprint(&b, m.ToMove(), m.Step(), m.Over())
	return b.Bytes()
}

// checkSeats checks every seat's view and its share of evs: the hidden
// information hook and the decoders' round trips.
func checkSeats(c Config, m rules.Match, players int, evs []rules.Event) error {
	g := c.Game
	for s := -1; s < players; s++ {
		v := m.View(s)
		data, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("seat %d's view: %w", s, err)
		}
		if c.Hidden != nil {
			if err := c.Hidden(m, s, data); err != nil {
				return fmt.Errorf("seat %d's view leaks: %w (%s)", s, err, clip(data))
			}
		}
		if err := roundTrip("view", v, g.DecodeView); err != nil {
			return fmt.Errorf("seat %d: %w", s, err)
		}
		for _, e := range evs {
			r, ok := e.For(s)
			if !ok {
				continue
			}
			data, err := json.Marshal(r)
			if err != nil {
				return fmt.Errorf("seat %d's event: %w", s, err)
			}
			if c.Hidden != nil {
				if err := c.Hidden(m, s, data); err != nil {
					return fmt.Errorf("an event for seat %d leaks: %w (%s)", s, err, clip(data))
				}
			}
			if err := roundTrip("event", r, func(b []byte) (rules.Event, error) { return g.DecodeEvent(b) }); err != nil {
				return fmt.Errorf("seat %d: %w", s, err)
			}
		}
	}
	return nil
}

// roundTrip: x encodes, its game's decoder reads it back, and the result
// encodes to the same JSON.
func roundTrip[T any](what string, x T, decode func([]byte) (T, error)) error {
	a, err := json.Marshal(x)
	if err != nil {
		return fmt.Errorf("%s does not encode: %w", what, err)
	}
	y, err := decode(a)
	if err != nil {
		return fmt.Errorf("%s %s does not decode: %w", what, clip(a), err)
	}
	b, err := json.Marshal(y)
	if err != nil {
		return fmt.Errorf("decoded %s does not encode: %w", what, err)
	}
	if !bytes.Equal(a, b) {
		return fmt.Errorf("%s changes through its decoder: %s became %s", what, clip(a), clip(b))
	}
	return nil
}

// checkReplay: the record replays, twice, to the match as it stands.
func checkReplay(g rules.Game, rec *rules.Record, m rules.Match) error {
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	parsed, err := rules.ParseRecord(data)
	if err != nil {
		return fmt.Errorf("the record does not parse: %w", err)
	}
	want := snapshot(m, len(rec.Seats))
	for i := range 2 {
		r, _, err := parsed.Replay(g)
		if err != nil {
			return fmt.Errorf("replay %d: %w", i+1, err)
		}
		if got := snapshot(r, len(rec.Seats)); !bytes.Equal(got, want) {
			return fmt.Errorf("replay %d ends elsewhere than the game", i+1)
		}
	}
	return nil
}

// ProbeLegal plays random games at table tb and, at c.Probes positions,
// replays the record to that position once for each legal move of each
// owing seat and applies it: every one must be accepted.
func ProbeLegal(c Config, tb Table, seed uint64) error {
	g := c.Game
	rng := rand.New(rand.NewPCG(seed, 11))
	probes := 0
	for game := 0; probes < c.Probes && game < 50; game++ {
		m, err := g.New(tb.Players, tb.Options, seed+uint64(game))
		if err != nil {
			return err
		}
		var moves []rules.RecordMove
		for n := 0; !m.Over() && n < c.MaxMoves; n++ {
			owing := m.ToMove()
			if rng.IntN(8) == 0 && probes < c.Probes {
				probes++
				for _, s := range owing {
					for _, mv := range m.Legal(s) {
						r, err := replayTo(g, tb, seed+uint64(game), moves)
						if err != nil {
							return err
						}
						if _, err := r.Apply(s, mv); err != nil {
							b, _ := json.Marshal(mv)
							return fmt.Errorf("seat %d's legal move %s refused after %d moves: %w", s, b, len(moves), err)
						}
					}
				}
			}
			s := owing[rng.IntN(len(owing))]
			legal := m.Legal(s)
			mv := legal[rng.IntN(len(legal))]
			if _, err := m.Apply(s, mv); err != nil {
				return err
			}
			b, _ := json.Marshal(mv)
			moves = append(moves, rules.RecordMove{Seat: s, Move: b})
		}
	}
	if probes == 0 {
		return errors.New("no position probed")
	}
	return nil
}

func replayTo(g rules.Game, tb Table, seed uint64, moves []rules.RecordMove) (rules.Match, error) {
	opts := tb.Options
	if opts == nil {
		opts = json.RawMessage("null")
	}
	seats := make([]rules.RecordSeat, tb.Players)
	for i := range seats {
		seats[i] = rules.RecordSeat{Name: "P", Kind: rules.Human}
	}
	rec := &rules.Record{Format: rules.RecordFormat, Game: g.ID(), Options: opts, Seed: seed, Seats: seats, Moves: moves}
	m, _, err := rec.Replay(g)
	return m, err
}

// FuzzDecoders fuzzes the game's three decoders with seeds (and a view,
// an event and a move of a random game): none may panic, and what one
// accepts encodes and decodes again to the same JSON.
func FuzzDecoders(f *testing.F, g rules.Game, seeds ...[]byte) {
	lo, _ := g.Seats()
	if m, err := g.New(lo, nil, 1); err == nil {
		if v, err := json.Marshal(m.View(0)); err == nil {
			f.Add(v)
		}
		if s := m.ToMove(); len(s) > 0 {
			if legal := m.Legal(s[0]); len(legal) > 0 {
				if b, err := json.Marshal(legal[0]); err == nil {
					f.Add(b)
				}
				if evs, err := m.Apply(s[0], legal[0]); err == nil {
					for _, e := range evs {
						if b, err := json.Marshal(e); err == nil {
							f.Add(b)
						}
					}
				}
			}
		}
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if mv, err := g.DecodeMove(data); err == nil {
			if err := roundTrip("move", mv, g.DecodeMove); err != nil {
				t.Fatal(err)
			}
		}
		if v, err := g.DecodeView(data); err == nil {
			if err := roundTrip("view", v, g.DecodeView); err != nil {
				t.Fatal(err)
			}
		}
		if e, err := g.DecodeEvent(data); err == nil {
			if err := roundTrip("event", e, g.DecodeEvent); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func clip(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "..."
	}
	return string(b)
}
