// Package bot is the computer players of goldvein: four levels of
// strength, from a uniformly random legal move to an information-set Monte
// Carlo search. A bot sees only its own seat's saboteur.View and the events
// redacted for its seat (saboteur.Event.Redact), never the hidden cards (SABOTEUR.md,
// Hidden information). The package also holds the tournament runner behind
// `goldvein sim`. It never imports ebiten.
package bot

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// Level names a computer player's strength.
type Level string

// The levels, weakest first.
const (
	// Random plays a uniformly random legal move (the baseline).
	Random Level = "random"
	// Easy plays by its role with simple rules: gold-diggers build toward
	// the goals (the gold, once a map showed it), repair, discard dead ends;
	// saboteurs lay dead ends and wrong turns, rockfall the key card and
	// break the tools of the best builders.
	Easy Level = "easy"
	// Normal is Easy with a belief about every other seat's role, learnt
	// from public play: it repairs those it trusts, breaks those it
	// suspects, and as a saboteur hides until sabotage pays.
	Normal Level = "normal"
	// Hard searches: it samples the hidden cards from its belief and plays
	// each candidate move on to the end of the round with the normal
	// policy, keeping the move that wins it the most gold.
	Hard Level = "hard"
)

// easyTemp is the easy level's temperature, in cards of distance to the
// gold: a move worth one card less than the best is played e^(-1/easyTemp)
// times as often. 1.6 spaces the levels as issue 4 asks at the mixed table
// hard, normal, easy, random, normal: normal 1.34-1.36 times easy's gold
// and easy 1.58-1.60 times random's (300 games, seeds 5 and 21; at 1.3,
// normal was only 1.23-1.27 times easy).
const easyTemp = 1.6

// Levels lists every level, weakest first.
var Levels = []Level{Random, Easy, Normal, Hard}

// ParseLevel reads a level name: random, easy, normal or hard (any case).
func ParseLevel(s string) (Level, error) {
	l := Level(strings.ToLower(strings.TrimSpace(s)))
	if slices.Contains(Levels, l) {
		return l, nil
	}
	return "", fmt.Errorf("bot: level %q: want random, easy, normal or hard", s)
}

// Bot is one computer player sitting in one seat. A Bot is not safe for
// concurrent use: call its methods (Suspicion included) from one goroutine
// at a time.
type Bot interface {
	// Observe is told every event in order, already redacted for its seat
	// (saboteur.Event.Redact).
	Observe(e saboteur.Event)
	// Choose returns a legal move for v (v.MyTurn() is true). It may take
	// up to its think budget. For a view that is not its turn, not of its
	// seat, or with no legal move, it returns the zero Move.
	Choose(v saboteur.View) saboteur.Move
}

// Believer is implemented by levels with a belief (normal, hard):
// Suspicion()[s] is the probability seat s is a saboteur this round, 0 or 1
// for the bot's own seat. The slice is the caller's.
type Believer interface{ Suspicion() []float64 }

// Config tunes a bot beyond its level.
type Config struct {
	// Playouts is how many playouts hard runs per decision (0: the
	// default, DefaultPlayouts). Counted playouts make hard's choices
	// depend on nothing but its seed and what it saw.
	Playouts int
	// Budget caps hard's think time per decision (0: no cap). A capped bot
	// may play differently on a slower machine; sim and tests leave it 0.
	Budget time.Duration

	w *weights // experiments (go test -tags tune): the policy's weights
}

// DefaultPlayouts is hard's playout count per decision.
const DefaultPlayouts = 480

// DefaultBudget is the think-time cap New gives hard, so that a computer
// player in the app never makes people wait long on a slow machine.
const DefaultBudget = 200 * time.Millisecond

// New returns a bot of the level for seat of a table of players (R1.1),
// with its own randomness seeded by seed. Hard gets DefaultPlayouts capped
// by DefaultBudget. An unknown level plays as Normal.
func New(level Level, seat, players int, seed uint64) Bot {
	return NewConfig(level, seat, players, seed, Config{Budget: DefaultBudget})
}

// NewConfig is New with the tuning of cfg (see Config).
func NewConfig(level Level, seat, players int, seed uint64, cfg Config) Bot {
	if cfg.Playouts <= 0 {
		cfg.Playouts = DefaultPlayouts
	}
	b := &bot{level: level, seat: seat, n: players, cfg: cfg,
		rng: rand.New(rand.NewPCG(seed, 0x626f74))} // "bot"
	switch level {
	case Random:
		return b
	case Easy:
		b.k = newKnow(seat, players)
		return b
	case Hard:
		b.k = newKnow(seat, players)
		b.k.deep = true
		b.search = newSearch(b)
		return believer{b}
	}
	b.level = Normal
	b.k = newKnow(seat, players)
	return believer{b}
}

// bot is every level's player; the level decides which parts it uses.
type bot struct {
	level   Level
	seat, n int
	cfg     Config
	rng     *rand.Rand
	k       *know // nil for Random
	pol     policy
	search  *search       // Hard only
	view    saboteur.View // the view being decided on (see Choose)
}

// believer is a bot with a belief (normal, hard).
type believer struct{ *bot }

// Suspicion returns the chance each seat is a saboteur this round (see
// Believer).
func (b believer) Suspicion() []float64 {
	out := slices.Clone(b.k.posterior())
	b.fixOwn(out)
	return out
}

func (b *bot) fixOwn(susp []float64) {
	if b.seat >= 0 && b.seat < len(susp) {
		susp[b.seat] = 0
		if b.k.role == saboteur.Saboteur {
			susp[b.seat] = 1
		}
	}
}

// Observe learns from one event redacted for the bot's seat.
func (b *bot) Observe(e saboteur.Event) {
	if b.k != nil {
		b.k.observe(e)
	}
}

// Choose returns the bot's move for view v.
func (b *bot) Choose(view saboteur.View) saboteur.Move {
	// The policy keeps pointers into the view (the maze) in the bot's
	// working space; a copy in the bot keeps the parameter on the stack
	// (a View passed by pointer escaped: 9 KB on the heap per decision).
	b.view = view
	v := &b.view
	if !v.MyTurn() || !b.fits(v) {
		return saboteur.Move{}
	}
	if v.Phase == saboteur.HandingOut {
		// R8.1: keep the most valuable gold card offered.
		if len(v.Offer) == 0 {
			return saboteur.Move{}
		}
		return saboteur.Move{Seat: v.Seat, Type: saboteur.Keep, Gold: slices.Max(v.Offer)}
	}
	if b.level == Random {
		ms := v.LegalMoves()
		if len(ms) == 0 {
			return saboteur.Move{}
		}
		return ms[b.rng.IntN(len(ms))]
	}
	b.k.sync(v)
	s := b.sit(v)
	if b.level == Hard {
		return b.search.choose(v, &s)
	}
	if b.level == Easy {
		return b.pol.chooseSoft(&s, b.rng, easyTemp).m
	}
	return b.pol.choose(&s, b.rng).m
}

// fits reports whether v is a view of this bot's seat at a table of its
// size. A view from elsewhere (a confused or hostile host) gets the zero
// Move rather than a crash.
func (b *bot) fits(v *saboteur.View) bool {
	return v.Seat == b.seat && v.Seat >= 0 && v.Seat < b.n &&
		len(v.Broken) == b.n && len(v.HandSizes) == b.n
}

// sit is the decision at view v as the bot's level sees it.
func (b *bot) sit(v *saboteur.View) sit {
	s := sit{
		board: &v.Board, seat: v.Seat, n: len(v.Broken), role: v.Role, hand: v.Hand, broken: v.Broken,
		draw: v.DrawPile, connect: v.Options.ConnectToStart, gold: b.k.myGoldChances(v), built: b.k.built,
		w: &normalWeights,
	}
	if b.level == Hard {
		s.w = &hardWeights
	}
	if b.cfg.w != nil {
		s.w = b.cfg.w
	}
	if b.level == Easy {
		sab, _ := saboteur.RoleCards(s.n)
		s.susp = make([]float64, s.n)
		for i := range s.susp {
			s.susp[i] = float64(sab) / float64(s.n+1)
		}
		s.simple = true
		return s
	}
	s.susp = slices.Clone(b.k.posterior())
	b.fixOwn(s.susp)
	s.hide, s.trust = true, true
	return s
}
