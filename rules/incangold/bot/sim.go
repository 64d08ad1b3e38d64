package bot

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/goldvein/goldvein/simstat"

	"github.com/goldvein/goldvein/rules/incangold"
)

// SimConfig is a tournament between seat types (see Sim).
type SimConfig struct {
	Games   int      // complete 5-round games to play (I1.1)
	Players int      // seats at the table, 3 to 8 (I1.1)
	Seats   []string // the seat type in each seat of the first game: a level or leave-at:N / hazards:N; len Players
	Seed    uint64   // every deal and every bot's randomness derive from it
	Workers int      // games played at once; 0 uses every core
	// Options are the table options of every game; StartPlayer -1 draws
	// it per game, otherwise seat 0 starts (the table turns anyway).
	Options incangold.Options

	tweak func(*Bot) // tests only: adjusts each bot after it is made
}

// SimReport is what Sim measured. Its JSON form is the `goldvein sim
// --game incangold --json` contract, Saboteur's shape with scores for
// gold: {"games": N, "players": P, "games_per_second": x,
// "levels": {"hard": {...}, "leave-at:10": {...}, ...}}.
type SimReport struct {
	Games          int                     `json:"games"`
	Players        int                     `json:"players"`
	GamesPerSecond float64                 `json:"games_per_second"`
	Levels         map[string]*LevelReport `json:"levels"`
}

// LevelReport is one seat type's results: the mean final score per seat
// and game (I9.1) with its 95% interval, the share of games won (a shared
// win counts as a share, IR10), and the think time per decision in
// milliseconds (median and 95th percentile).
type LevelReport struct {
	Seats       int        `json:"seats"`
	MeanScore   float64    `json:"mean_score"`
	MeanScoreCI [2]float64 `json:"mean_score_ci95"`
	WinRate     float64    `json:"win_rate"`
	ThinkMsP50  float64    `json:"think_ms_p50"`
	ThinkMsP95  float64    `json:"think_ms_p95"`
}

// Validate checks the configuration and returns an error naming the field.
func (c SimConfig) Validate() error {
	if c.Games < 1 {
		return fmt.Errorf("sim: games %d: want at least 1", c.Games)
	}
	if c.Players < incangold.MinPlayers || c.Players > incangold.MaxPlayers {
		return fmt.Errorf("sim: players %d: want %d to %d (I1.1)", c.Players, incangold.MinPlayers, incangold.MaxPlayers)
	}
	if len(c.Seats) != c.Players {
		return fmt.Errorf("sim: seats: %d seat types for %d players", len(c.Seats), c.Players)
	}
	for i, s := range c.Seats {
		if err := ParseSeat(s); err != nil {
			return fmt.Errorf("sim: seats[%d]: %w", i, err)
		}
	}
	if c.Workers < 0 {
		return fmt.Errorf("sim: workers %d: want 0 (one per core) or more", c.Workers)
	}
	o := c.Options
	if o.StartPlayer > 0 {
		o.StartPlayer = 0
	}
	if err := o.Validate(c.Players); err != nil {
		return fmt.Errorf("sim: %w", err)
	}
	return nil
}

// seatResult is one seat's part of one game.
type seatResult struct {
	label string
	score int
	win   float64
	think []time.Duration
}

// Sim plays c.Games complete games between the seat types of c.Seats,
// turning the table one seat per game so that every type sits in every
// seat equally often (exactly so when Games is a multiple of Players), on
// c.Workers goroutines. The results depend only on c, not on the number
// of workers, except for the timings. An illegal move by a bot is an
// error.
func Sim(c SimConfig) (*SimReport, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	results := make([][]seatResult, c.Games)
	errs := make([]error, c.Games)
	next := make(chan int, workers)
	var wg sync.WaitGroup
	start := time.Now()
	for range min(workers, c.Games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := newPlayer(c.Players)
			for i := range next {
				results[i], errs[i] = p.game(c, i)
			}
		}()
	}
	for i := range c.Games {
		next <- i
	}
	close(next)
	wg.Wait()
	elapsed := time.Since(start)
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return report(c, results, elapsed), nil
}

// mix is splitmix64: a seed for part i of something seeded by seed.
func mix(seed, i uint64) uint64 {
	z := seed + (i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// player plays games on one goroutine, reusing its buffers.
type player struct {
	evs  []incangold.Event
	view incangold.View
}

func newPlayer(int) *player { return &player{evs: make([]incangold.Event, 0, 32)} }

// game plays game i of the tournament.
func (p *player) game(c SimConfig, i int) ([]seatResult, error) {
	n := c.Players
	seed := mix(c.Seed, uint64(i))
	opts := c.Options
	if opts.StartPlayer > 0 {
		opts.StartPlayer = 0
	}
	m, evs, err := incangold.NewMatch(n, opts, seed)
	if err != nil {
		return nil, err
	}
	res := make([]seatResult, n)
	bots := make([]*Bot, n)
	for s := range n {
		res[s].think = make([]time.Duration, 0, 64)
		res[s].label = c.Seats[(s+i)%n]
		if bots[s], err = New(res[s].label, s, mix(seed, uint64(s)+100)); err != nil {
			return nil, err
		}
		if c.tweak != nil {
			c.tweak(bots[s])
		}
	}
	deliver := func(evs []incangold.Event) {
		for j := range evs {
			e := &evs[j]
			for s, b := range bots {
				if e.Type == incangold.Sealed && e.Seat != s {
					r := e.Redact(s) // the only private fact (I3.4)
					b.ObserveEvent(&r)
					continue
				}
				b.ObserveEvent(e)
			}
		}
	}
	deliver(evs)
	for !m.Over() {
		for s := range n {
			if !m.Owes(s) {
				continue
			}
			m.ViewInto(s, &p.view)
			t0 := time.Now()
			ch := bots[s].Decide(&p.view)
			res[s].think = append(res[s].think, time.Since(t0))
			p.evs, err = m.Play(s, ch, p.evs[:0])
			if err != nil {
				return nil, fmt.Errorf("sim: game %d (seed %d): %s bot in seat %d: %w", i, seed, res[s].label, s, err)
			}
			deliver(p.evs)
		}
	}
	scores, winners := m.Scores(), m.Winners()
	for s := range n {
		res[s].score = scores[s]
		if slices.Contains(winners, s) {
			res[s].win = 1 / float64(len(winners))
		}
	}
	return res, nil
}

// report sums the games up by seat type.
func report(c SimConfig, results [][]seatResult, elapsed time.Duration) *SimReport {
	r := &SimReport{Games: c.Games, Players: c.Players, Levels: map[string]*LevelReport{}}
	if s := elapsed.Seconds(); s > 0 {
		r.GamesPerSecond = float64(c.Games) / s
	}
	for _, l := range c.Seats {
		if r.Levels[l] != nil {
			r.Levels[l].Seats++
			continue
		}
		var scores []float64
		var think []time.Duration
		var win float64
		for _, game := range results {
			for _, x := range game {
				if x.label == l {
					scores = append(scores, float64(x.score))
					think = append(think, x.think...)
					win += x.win
				}
			}
		}
		lr := &LevelReport{Seats: 1, WinRate: win / float64(len(scores))}
		lr.MeanScore, lr.MeanScoreCI = simstat.MeanCI95(scores)
		slices.Sort(think)
		lr.ThinkMsP50 = simstat.Ms(simstat.Quantile(think, 0.5))
		lr.ThinkMsP95 = simstat.Ms(simstat.Quantile(think, 0.95))
		r.Levels[l] = lr
	}
	return r
}
