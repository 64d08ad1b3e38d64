// Package bot holds the computer players of Small World: Underground. They
// see only their seat's View (and its events); they choose among the
// view's legal moves. Level "random" is here; stronger levels belong in
// files of their own, added to Makers.NewBot.
package bot

import (
	"fmt"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground"
)

// Makers is the underground.Bots of this package:
// underground.Game{Bots: bot.Makers{}}.
type Makers struct{}

// Levels lists the levels, weakest first.
func (Makers) Levels() []string { return []string{"random"} }

// NewBot returns a computer player of level for seat.
func (Makers) NewBot(level string, seat int, seed uint64) (rules.Bot, error) {
	switch level {
	case "random":
		return NewRandom(seat, seed), nil
	}
	return nil, fmt.Errorf("underground bot: level %q: want random", level)
}

// Game returns the game with these computer players wired.
func Game() underground.Game { return underground.Game{Bots: Makers{}} }

// Random plays a uniformly random legal move, except that it ends a step
// one time in three, so that its turns stay short.
type Random struct {
	seat int
	rng  rules.RNG
}

// NewRandom returns the random player of seat.
func NewRandom(seat int, seed uint64) *Random { return &Random{seat: seat, rng: rules.NewRNG(seed)} }

// Observe ignores events: the view says all it needs.
func (b *Random) Observe(rules.Event) {}

// Choose picks a move from the view's legal list.
func (b *Random) Choose(v rules.View) rules.Move {
	var legal []underground.Move
	switch x := v.(type) {
	case underground.View:
		legal = x.Legal
	case *underground.View:
		legal = x.Legal
	}
	if len(legal) == 0 {
		return underground.Move{End: true}
	}
	if b.rng.IntN(3) == 0 {
		return legal[0]
	}
	return legal[b.rng.IntN(len(legal))]
}
