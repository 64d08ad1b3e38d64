package bot

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/goldvein/goldvein/simstat"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// SimConfig is a tournament between levels (see Sim).
type SimConfig struct {
	Games   int     // complete 3-round games to play (R9)
	Players int     // seats at the table, 3 to 10 (R1.1)
	Seats   []Level // the level in each seat of the first game; len Players
	Seed    uint64  // every deal and every bot's randomness derive from it
	Workers int     // games played at once; 0 uses every core
	Bot     Config  // tuning for every bot (hard's playouts and budget)
}

// SimReport is what Sim measured. Its JSON form is the `goldvein sim
// --json` contract of issue 4: {"games": N, "players": P,
// "games_per_second": x, "levels": {"normal": {...}, ...}}.
type SimReport struct {
	Games          int                     `json:"games"`
	Players        int                     `json:"players"`
	GamesPerSecond float64                 `json:"games_per_second"`
	Levels         map[string]*LevelReport `json:"levels"`
}

// LevelReport is one level's results in a tournament. Gold is per seat and
// game; win rates are shares of games won (R9.1, a tie shares the win) and
// of rounds won by the level's team, as gold-digger and as saboteur (R7.3,
// R7.4); BeliefTrueSaboteurs is the mean chance the level's belief gave the
// other seats that were saboteurs, at the end of each round (null for
// levels without a belief); think times are per decision of the Playing
// phase, in milliseconds.
type LevelReport struct {
	Seats               int        `json:"seats"`
	MeanGold            float64    `json:"mean_gold"`
	MeanGoldCI95        [2]float64 `json:"mean_gold_ci95"`
	WinRate             float64    `json:"win_rate"`
	WinRateDigger       float64    `json:"win_rate_digger"`
	WinRateSaboteur     float64    `json:"win_rate_saboteur"`
	BeliefTrueSaboteurs *float64   `json:"belief_true_saboteurs"`
	ThinkMsP50          float64    `json:"think_ms_p50"`
	ThinkMsP95          float64    `json:"think_ms_p95"`
}

// seatResult is one seat's part of one game.
type seatResult struct {
	level              Level
	gold               int
	win                float64 // share of the game's win (R9.1)
	digRounds, digWins int
	sabRounds, sabWins int
	beliefSum          float64
	beliefN            int
	think              []time.Duration
}

// Validate checks the configuration and returns an error naming the field.
func (c SimConfig) Validate() error {
	if c.Games < 1 {
		return fmt.Errorf("sim: games %d: want at least 1", c.Games)
	}
	if c.Players < saboteur.MinPlayers || c.Players > saboteur.MaxPlayers {
		return fmt.Errorf("sim: players %d: want %d to %d (R1.1)", c.Players, saboteur.MinPlayers, saboteur.MaxPlayers)
	}
	if len(c.Seats) != c.Players {
		return fmt.Errorf("sim: seats: %d levels for %d players", len(c.Seats), c.Players)
	}
	for _, l := range c.Seats {
		if !slices.Contains(Levels, l) {
			return fmt.Errorf("sim: seats: unknown level %q", l)
		}
	}
	return nil
}

// Sim plays c.Games complete games between the levels of c.Seats, turning
// the table one seat per game so that every level sits in every seat
// equally often (exactly so when Games is a multiple of Players), on
// c.Workers goroutines. The results depend only on c (with hard's budget
// 0), not on the number of workers or the machine's speed, except for the
// timings. An illegal move by a bot is an error.
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
	next := make(chan int)
	var wg sync.WaitGroup
	start := time.Now()
	for range min(workers, c.Games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i], errs[i] = playGame(c, i)
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

// playGame plays game i of the tournament.
func playGame(c SimConfig, i int) ([]seatResult, error) {
	n := c.Players
	seed := mix(c.Seed, uint64(i))
	g, evs, err := saboteur.New(saboteur.Options{Players: n, FirstPlayer: 0}, seed)
	if err != nil {
		return nil, err
	}
	res := make([]seatResult, n)
	bots := make([]Bot, n)
	for s := range n {
		res[s].level = c.Seats[(s+i)%n]
		bots[s] = NewConfig(res[s].level, s, n, mix(seed, uint64(s)+100), c.Bot)
	}
	deliver := func(evs []saboteur.Event) {
		for _, e := range evs {
			if e.Type == saboteur.RoundEnded {
				roundEnd(e, bots, res)
			}
			for s, b := range bots {
				b.Observe(e.Redact(s))
			}
		}
	}
	deliver(evs)
	for g.Phase() != saboteur.Over {
		t := g.Turn()
		v := g.View(t)
		t0 := time.Now()
		m := bots[t].Choose(v)
		if v.Phase == saboteur.Playing {
			res[t].think = append(res[t].think, time.Since(t0))
		}
		evs, err := g.Apply(m)
		if err != nil {
			return nil, fmt.Errorf("sim: game %d (seed %d): %s bot in seat %d: %w", i, seed, res[t].level, t, err)
		}
		deliver(evs)
	}
	scores, winners := g.Scores(), g.Winners()
	for s := range n {
		res[s].gold = scores[s]
		if slices.Contains(winners, s) {
			res[s].win = 1 / float64(len(winners))
		}
	}
	return res, nil
}

// roundEnd scores round end e for every seat, and the belief each bot held
// just before the roles were shown (R1.4).
func roundEnd(e saboteur.Event, bots []Bot, res []seatResult) {
	for s, r := range e.Roles {
		switch r {
		case saboteur.GoldDigger:
			res[s].digRounds++
			if e.Winner == saboteur.Diggers {
				res[s].digWins++
			}
		case saboteur.Saboteur:
			res[s].sabRounds++
			if e.Winner == saboteur.Saboteurs {
				res[s].sabWins++
			}
		}
		b, ok := bots[s].(Believer)
		if !ok {
			continue
		}
		susp := b.Suspicion()
		sum, cnt := 0.0, 0
		for t, rt := range e.Roles {
			if t != s && rt == saboteur.Saboteur {
				sum += susp[t]
				cnt++
			}
		}
		if cnt > 0 {
			res[s].beliefSum += sum / float64(cnt)
			res[s].beliefN++
		}
	}
}

// report sums the games up by level.
func report(c SimConfig, results [][]seatResult, elapsed time.Duration) *SimReport {
	r := &SimReport{Games: c.Games, Players: c.Players, Levels: map[string]*LevelReport{}}
	if s := elapsed.Seconds(); s > 0 {
		r.GamesPerSecond = float64(c.Games) / s
	}
	for _, l := range Levels {
		k := 0
		for _, x := range c.Seats {
			if x == l {
				k++
			}
		}
		if k == 0 {
			continue
		}
		var golds []float64
		var think []time.Duration
		var win float64
		var dr, dw, sr, sw, bn int
		var bs float64
		for _, game := range results {
			for _, sr0 := range game {
				if sr0.level != l {
					continue
				}
				golds = append(golds, float64(sr0.gold))
				think = append(think, sr0.think...)
				win += sr0.win
				dr, dw, sr, sw = dr+sr0.digRounds, dw+sr0.digWins, sr+sr0.sabRounds, sw+sr0.sabWins
				bs, bn = bs+sr0.beliefSum, bn+sr0.beliefN
			}
		}
		lr := &LevelReport{Seats: k, WinRate: win / float64(len(golds))}
		lr.MeanGold, lr.MeanGoldCI95 = simstat.MeanCI95(golds)
		lr.WinRateDigger = ratio(dw, dr)
		lr.WinRateSaboteur = ratio(sw, sr)
		if l == Normal || l == Hard {
			b := 0.0
			if bn > 0 {
				b = bs / float64(bn)
			}
			lr.BeliefTrueSaboteurs = &b
		}
		slices.Sort(think)
		lr.ThinkMsP50 = simstat.Ms(simstat.Quantile(think, 0.5))
		lr.ThinkMsP95 = simstat.Ms(simstat.Quantile(think, 0.95))
		r.Levels[string(l)] = lr
	}
	return r
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
