package scenes

import (
	"fmt"
	"slices"
	"time"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/incangold"
)

// Incan Gold's match as its screens see it (issue 16, "Playing it"). Until
// the game table (package game) runs any game of the contract, the screens
// drive a rules.Match themselves through igTable, so that the switch to
// game.Table is one new implementation of that interface.

// igGame is Incan Gold on the contract. Its computer players come from
// Game.Bots (rules/incangold/bot's bot.Game() sets them); igNewBot falls
// back to igHeuristic while the game has none.
var igGame rules.Game = incangold.Game{}

// igSetup is a new Incan Gold game as its new-game scene makes it.
type igSetup struct {
	Seats   []SeatSetup       `json:"seats"`
	Options incangold.Options `json:"options"`
	// ShowChance shows the chance that the next card ends the round (a
	// learning aid, off by default; issue 16).
	ShowChance bool   `json:"show_chance"`
	Seed       uint64 `json:"seed"`
}

func (s *igSetup) validate() error {
	if err := s.Options.Validate(len(s.Seats)); err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	for i, st := range s.Seats {
		if !st.Human && !slices.Contains(incangold.Levels, st.Level) {
			return fmt.Errorf("setup: seat %d: level %q: want one of %v", i, st.Level, incangold.Levels)
		}
	}
	return nil
}

// igItem is one event of the public (spectator) stream, with the public
// view after the move that caused it.
type igItem struct {
	ev   incangold.Event
	view *incangold.View
	last bool
}

// igTable is what the screens need of a running match: views, a human's
// sealed choice, the computer players' turns and the public stream.
type igTable interface {
	// View is what seat may know now (-1: public facts only).
	View(seat int) incangold.View
	// Submit seals seat's choice (I3.4).
	Submit(seat int, c incangold.Choice) error
	// Pump lets the computer players that owe a choice make it, once their
	// delay is over.
	Pump(now time.Time)
	// Take hands out the public stream's new events, in order.
	Take() []igItem
	// Close ends the match's work.
	Close()
}

// igLocal is igTable over a rules.Match in this process.
type igLocal struct {
	m      rules.Match
	bots   map[int]rules.Bot
	delay  time.Duration
	opened time.Time // when the open choice step opened
	step   int
	feed   []igItem
}

// igBotDelay staggers the computer players' choices so that they seal one
// after another, as people would.
func igBotDelay(base time.Duration, seat int) time.Duration {
	return base/2 + base*time.Duration((seat*37)%10)/10
}

func newIGLocal(s igSetup, delay time.Duration) (*igLocal, error) {
	// NewMatch rather than igGame.New: it also returns the deal's events
	// (round 1 started, the first card turned), which the screen shows.
	m, opening, err := incangold.NewMatch(len(s.Seats), s.Options, s.Seed)
	if err != nil {
		return nil, err
	}
	t := &igLocal{m: m, bots: map[int]rules.Bot{}, delay: delay, step: -1}
	for i, st := range s.Seats {
		if st.Human {
			continue
		}
		b, err := igNewBot(st.Level, i, botSeed(s.Seed, i))
		if err != nil {
			return nil, err
		}
		t.bots[i] = b
	}
	t.deliver(toRulesEvents(opening))
	return t, nil
}

func toRulesEvents(evs []incangold.Event) []rules.Event {
	out := make([]rules.Event, len(evs))
	for i, e := range evs {
		out[i] = e
	}
	return out
}

// igNewBot is a computer player of level for seat: the game's own
// (rules/incangold/bot), or igHeuristic while the game has none.
func igNewBot(level string, seat int, seed uint64) (rules.Bot, error) {
	if len(igGame.Levels()) > 0 {
		return igGame.NewBot(level, seat, seed)
	}
	return &igHeuristic{seat: seat, level: level, rng: seed | 1}, nil
}

func (t *igLocal) View(seat int) incangold.View { return t.m.View(seat).(incangold.View) }

func (t *igLocal) Submit(seat int, c incangold.Choice) error {
	evs, err := t.m.Apply(seat, incangold.Move{Choice: c})
	if err != nil {
		return err
	}
	t.deliver(evs)
	return nil
}

// deliver shows the events to every computer player (redacted for its
// seat) and queues them, redacted for a spectator, for the screen.
func (t *igLocal) deliver(evs []rules.Event) {
	v := t.View(-1)
	for i, e := range evs {
		for seat, b := range t.bots {
			if re, ok := e.For(seat); ok {
				b.Observe(re)
			}
		}
		pe, ok := e.For(-1)
		if !ok {
			continue
		}
		t.feed = append(t.feed, igItem{ev: pe.(incangold.Event), view: &v, last: i == len(evs)-1})
	}
	if len(t.feed) > 0 {
		t.feed[len(t.feed)-1].last = true
	}
}

func (t *igLocal) Pump(now time.Time) {
	if t.m.Over() {
		return
	}
	if s := t.m.Step(); s != t.step {
		t.step, t.opened = s, now
	}
	for _, seat := range t.m.ToMove() {
		b, ok := t.bots[seat]
		if !ok || now.Sub(t.opened) < igBotDelay(t.delay, seat) {
			continue
		}
		mv := b.Choose(t.m.View(seat))
		evs, err := t.m.Apply(seat, mv)
		if err != nil {
			// A refused move: the safe default (I3.4: torch is first
			// in Legal only if the engine says so).
			evs, err = t.m.Apply(seat, t.m.Legal(seat)[0])
			if err != nil {
				continue
			}
		}
		t.deliver(evs)
		if t.m.Step() != t.step {
			return // a new step: the screen shows the reveal first
		}
	}
}

func (t *igLocal) Take() []igItem {
	out := t.feed
	t.feed = nil
	return out
}

func (t *igLocal) Close() {}

// igHeuristic is a computer player for while rules/incangold/bot is not
// in the box: the simple rules of thumb that public simulations use
// (leave when carrying enough, or when two hazard kinds show), the limit
// by level, with a little noise below "hard". It sees only its views.
type igHeuristic struct {
	seat  int
	level string
	rng   uint64
}

func (b *igHeuristic) Observe(rules.Event) {}

func (b *igHeuristic) Choose(rv rules.View) rules.Move {
	v := rv.(incangold.View)
	b.rng ^= b.rng << 13
	b.rng ^= b.rng >> 7
	b.rng ^= b.rng << 17
	r := float64(b.rng%1000) / 1000
	if b.level == "random" {
		if r < 0.25 {
			return incangold.Move{Choice: incangold.Camp}
		}
		return incangold.Move{Choice: incangold.Torch}
	}
	limit := map[string]int{"easy": 8, "normal": 10, "hard": 12}[b.level]
	carried := 0
	if b.seat < len(v.Carried) {
		carried = v.Carried[b.seat]
	}
	leave := carried+v.Pool/max(len(v.Explorers), 1) >= limit || v.BustChance() > 0.3
	if b.level != "hard" && r < 0.1 {
		leave = !leave
	}
	if leave {
		return incangold.Move{Choice: incangold.Camp}
	}
	return incangold.Move{Choice: incangold.Torch}
}

// igGameID is Incan Gold's --game name.
const igGameID = incangold.ID
