// Package bot is Incan Gold's computer players (issue 16): the levels
// random, easy, normal and hard, and the reference seat types of public
// Incan Gold simulators, leave-at:N and hazards:N, for the sim only. A bot
// decides on public information only: the views of its seat and the
// events of its seat's redacted stream (INCAN_GOLD.md, "Hidden
// information"); it never sees the match.
//
// The box lists Incan Gold through Game(), an incangold.Game whose Bots
// field is NewBot: package incangold cannot import this one (this one
// imports it), so the constructor is handed to it as a value, and no
// package-level state is set anywhere.
package bot

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/incangold"
)

// Game returns Incan Gold with its computer players: the value the box's
// registry lists (rules.Game).
func Game() incangold.Game { return incangold.Game{Bots: NewBot} }

// NewBot returns a computer player of one of incangold.Levels for seat as
// a rules.Bot; the sim-only seat types are refused (see New).
func NewBot(level string, seat int, seed uint64) (rules.Bot, error) {
	if !slices.Contains(incangold.Levels, level) {
		return nil, fmt.Errorf("incangold: level %q: want one of %s", level, strings.Join(incangold.Levels, ", "))
	}
	return New(level, seat, seed)
}

// kind is a bot's character.
type kind uint8

const (
	kRandom kind = iota
	kEasy
	kNormal
	kHard
	kLeaveAt // leave-at:N
	kHazards // hazards:N
)

// Bot is one computer player (rules.Bot). It is not safe for concurrent
// use; the table runs one bot per seat.
type Bot struct {
	kind  kind
	param int // N of leave-at:N and hazards:N; easy's carry limit
	seat  int
	rng   *rand.Rand
	know  know
	hard  *hardMind
	// easy's character (see the easy constants)
	easyNoise, easyHazardOut float64
	easyPool                 int     // easy goes home when the pool holds this many gems (0: never)
	risk                     float64 // normal's weight of the loss, drawn per bot (normalRisk, normalSpread)
	poolW                    float64 // normal's weight of its part of the pool (normalPool)
	artsW                    float64 // normal's weight of its part of the artifacts on the path (normalArts)
	label                    string
}

// SeatTypes are the sim-only reference seat types, with N a whole number
// of gems (leave-at) or hazard kinds (hazards).
var SeatTypes = []string{"leave-at:N", "hazards:N"}

// ParseSeat checks a sim seat: a level of incangold.Levels, "leave-at:N"
// (N 1 to 200 gems) or "hazards:N" (N 1 to 5 kinds).
func ParseSeat(s string) error {
	_, _, err := parseSeat(s)
	return err
}

func parseSeat(s string) (kind, int, error) {
	switch s {
	case "random":
		return kRandom, 0, nil
	case "easy":
		return kEasy, 0, nil
	case "normal":
		return kNormal, 0, nil
	case "hard":
		return kHard, 0, nil
	}
	if n, ok := strings.CutPrefix(s, "leave-at:"); ok {
		v, err := strconv.Atoi(n)
		if err != nil || v < 1 || v > 200 {
			return 0, 0, fmt.Errorf("seat %q: leave-at:N wants N from 1 to 200 gems", s)
		}
		return kLeaveAt, v, nil
	}
	if n, ok := strings.CutPrefix(s, "hazards:"); ok {
		v, err := strconv.Atoi(n)
		if err != nil || v < 1 || v > incangold.Kinds {
			return 0, 0, fmt.Errorf("seat %q: hazards:N wants N from 1 to %d hazard kinds", s, incangold.Kinds)
		}
		return kHazards, v, nil
	}
	return 0, 0, fmt.Errorf("seat %q: want random, easy, normal, hard, leave-at:N or hazards:N", s)
}

// New returns a computer player for seat: a level ("random", "easy",
// "normal", "hard") or a sim-only reference seat type ("leave-at:N",
// "hazards:N"); seed drives its own randomness.
func New(level string, seat int, seed uint64) (*Bot, error) {
	k, p, err := parseSeat(level)
	if err != nil {
		return nil, err
	}
	if seat < 0 || seat >= incangold.MaxPlayers {
		return nil, fmt.Errorf("incangold: bot seat %d: want 0 to %d", seat, incangold.MaxPlayers-1)
	}
	b := &Bot{kind: k, param: p, seat: seat, rng: rand.New(rand.NewPCG(seed, 0x626f74)), label: level, risk: normalRisk, poolW: normalPool, artsW: normalArts}
	switch k {
	case kEasy:
		b.param = easyLimitMin + b.rng.IntN(easyLimitMax-easyLimitMin+1)
		b.easyNoise, b.easyHazardOut, b.easyPool = easyNoise, easyHazardOut, easyPool
	case kNormal:
		b.risk = normalRisk + normalSpread*(2*b.rng.Float64()-1)
	case kHard:
		b.hard = newHardMind(b.rng.Uint64())
	}
	return b, nil
}

// Level is the level or seat type the bot was made as.
func (b *Bot) Level() string { return b.label }

// Observe sees one event of the seat's redacted stream (rules.Bot): an
// incangold.Event or *incangold.Event; anything else is ignored.
func (b *Bot) Observe(e rules.Event) {
	switch x := e.(type) {
	case incangold.Event:
		b.ObserveEvent(&x)
	case *incangold.Event:
		b.ObserveEvent(x)
	}
}

// ObserveEvent is Observe for typed callers (the sim), without boxing.
func (b *Bot) ObserveEvent(e *incangold.Event) {
	b.know.event(e, b.hard)
}

// Choose returns the bot's sealed choice for the view (rules.Bot): an
// incangold.Move. v is an incangold.View or *incangold.View with the seat
// owing a choice; for anything else it returns camp, the safe default.
func (b *Bot) Choose(v rules.View) rules.Move {
	switch x := v.(type) {
	case incangold.View:
		return incangold.Move{Choice: b.Decide(&x)}
	case *incangold.View:
		return incangold.Move{Choice: b.Decide(x)}
	}
	return incangold.Move{Choice: incangold.Camp}
}

// Decide is Choose for typed callers: torch or camp for the view.
func (b *Bot) Decide(v *incangold.View) incangold.Choice {
	b.know.sync(v, b.hard)
	k := &b.know
	me := v.Seat
	if me < 0 || me >= len(k.carried) {
		return incangold.Camp
	}
	switch b.kind {
	case kRandom:
		return pick(b.rng.IntN(2) == 0)
	case kLeaveAt:
		return pick(k.carried[me] >= b.param)
	case kHazards:
		return pick(k.hazardKinds() >= b.param)
	case kEasy:
		return b.easy(me)
	case kNormal:
		return pick(normalLeaves(k, me, b.risk, b.poolW, b.artsW))
	}
	return b.hard.decide(k, me)
}

// pick returns camp when leave, else torch.
func pick(leave bool) incangold.Choice {
	if leave {
		return incangold.Camp
	}
	return incangold.Torch
}

// Easy's character: rules of thumb with some noise (issue 16).
const (
	easyLimitMin  = 12   // gems carried at which easy goes home, drawn per bot
	easyLimitMax  = 18   //
	easyNoise     = 0.08 // share of choices made at random
	easyHazardOut = 0.5  // chance to leave once a second hazard kind is out
	easyAtStake   = 4    // ... when carrying at least this many gems
	easyPool      = 4    // gems lying on the path at which easy goes home to pick them up
)

// easy leaves after a second hazard kind (usually), when carrying its
// limit, or when easyPool gems lie on the path to be picked up (I4.2),
// and now and then chooses at random. (Measured, 3000 games of the 4-seat
// mixed table, seed 1: the pool rule takes the gems an early leaver would
// have had alone; at 4 random's mean fell from 20.1 to 18.8, at 3 easy
// left too soon, 23.2. With hard's pool guesses easy gained, and its
// choices went from a twentieth to 0.08 at random: 8000 games, normal's
// risk 1.06, normal/easy 1.212 rather than 1.185, easy/random 1.526
// rather than 1.536; a later limit, 13 to 20, or less care after a second
// hazard kind, 0.4, made normal/easy 1.171 and 1.160.)
func (b *Bot) easy(me int) incangold.Choice {
	k := &b.know
	if b.rng.Float64() < b.easyNoise {
		return pick(b.rng.IntN(2) == 0)
	}
	if k.carried[me] >= b.param || (b.easyPool > 0 && k.pool >= b.easyPool) {
		return incangold.Camp
	}
	if k.hazardKinds() >= 2 && k.carried[me] >= easyAtStake && b.rng.Float64() < b.easyHazardOut {
		return incangold.Camp
	}
	return incangold.Torch
}
