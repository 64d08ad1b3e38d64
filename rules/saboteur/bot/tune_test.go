//go:build tune

// Experiments on the computer players, kept out of `make test` (they run
// minutes and measure, they do not check): paired comparisons of a probe
// player against normal on the same deals, in the seat the probe takes
// at a mixed table, and a coordinate search over the policy's weights.
//
//	go test -tags tune -run 'TuneOracle|TuneRange' -v ./bot/
//	GAMES=400 go test -tags tune -run TuneHard -v -timeout 1h ./bot/
//	GAMES=3000 SWEEPS=1 go test -tags tune -run TuneSearch -v -timeout 3h ./bot/
//
// Each line gives both players' mean gold per game, the paired difference
// with its 95% interval, and the gold split by role.

package bot

import (
	"fmt"
	"math"
	"os"
	"reflect"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// probe is a player for the probe seat of a paired comparison.
type probe struct {
	name   string
	level  Level
	oracle bool // knows every seat's true role (an upper bound, not a level)
	cfg    Config
}

// playProbe plays game i of seed with the probe in seat i%n and table[k]
// in the seat k places after it (table[0] is the probe's place); it
// returns the probe's gold.
func playProbe(t testing.TB, seed uint64, i int, table []Level, pr probe) float64 {
	g, _ := playProbeRoles(t, seed, i, table, pr)
	return g
}

// playProbeRoles is playProbe with the probe's gold split by its role in
// each round: [0] as gold-digger, [1] as saboteur.
func playProbeRoles(t testing.TB, seed uint64, i int, table []Level, pr probe) (float64, [2]float64) {
	var split [2]float64
	role := saboteur.NoRole
	last := 0
	n := len(table)
	gseed := mix(seed, uint64(i))
	g, evs, err := saboteur.New(saboteur.Options{Players: n, FirstPlayer: 0}, gseed)
	if err != nil {
		t.Fatal(err)
	}
	me := i % n
	bots := make([]Bot, n)
	for s := range n {
		l := table[(s-me+n)%n]
		cfg := Config{}
		if s == me {
			l, cfg = pr.level, pr.cfg
		}
		bots[s] = NewConfig(l, s, n, mix(gseed, uint64(s)+100), cfg)
	}
	runGame(t, g, evs, bots, func(tn int, v saboteur.View) (saboteur.Move, bool) {
		if tn != me || !pr.oracle {
			return saboteur.Move{}, false
		}
		if pr.level == Hard {
			sr := bots[tn].(believer).bot.search
			sr.truth = sr.truth[:0]
			for q := range n {
				sr.truth = append(sr.truth, g.SeatState(q).Role)
			}
			return saboteur.Move{}, false
		}
		if v.Phase != saboteur.Playing {
			return saboteur.Move{}, false
		}
		b := bots[tn].(believer).bot
		b.view = v
		b.k.sync(&b.view)
		s := b.sit(&b.view)
		for q := range s.susp {
			s.susp[q] = 0
			if g.SeatState(q).Role == saboteur.Saboteur {
				s.susp[q] = 1
			}
		}
		return b.pol.choose(&s, b.rng).m, true
	}, func(e saboteur.Event) {
		if e.Type == saboteur.RoundEnded && e.Winner == saboteur.Diggers && e.Roles[me] == saboteur.GoldDigger {
			finStats.Add(1 << 32)
			if e.Seat == me {
				finStats.Add(1)
			}
		}
		if e.Type == saboteur.Dealt && e.Seat == me {
			role = e.Role
		}
		if e.Type == saboteur.RoundStarted || e.Type == saboteur.GameEnded {
			sc := g.Scores()[me]
			if role == saboteur.Saboteur {
				split[1] += float64(sc - last)
			} else {
				split[0] += float64(sc - last)
			}
			last = sc
		}
	})
	return float64(g.Scores()[me]), split
}

// runGame plays game g, whose opening events are evs, to its end with
// bots: choose, when it reports true, makes the seat's move instead of
// its bot; watch sees every event (after the move that made it is
// applied) before the bots do.
func runGame(t testing.TB, g *saboteur.Game, evs []saboteur.Event, bots []Bot,
	choose func(seat int, v saboteur.View) (saboteur.Move, bool), watch func(e saboteur.Event)) {
	for {
		for _, e := range evs {
			watch(e)
			for s, b := range bots {
				b.Observe(e.Redact(s))
			}
		}
		if g.Phase() == saboteur.Over {
			return
		}
		tn := g.Turn()
		v := g.View(tn)
		m, ok := choose(tn, v)
		if !ok {
			m = bots[tn].Choose(v)
		}
		var err error
		if evs, err = g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
}

// turnedBots seats table[(s+i)%n] in seat s of game i (the table turns one
// seat per game), each bot seeded from i and its seat.
func turnedBots(table []Level, i int) []Bot {
	n := len(table)
	bots := make([]Bot, n)
	for s := range n {
		bots[s] = NewConfig(table[(s+i)%n], s, n, uint64(s+i*10), Config{})
	}
	return bots
}

// compare plays games paired deals with probe a and probe b in the same
// seat, and reports both means and the paired difference's 95% interval.
func compare(t *testing.T, games int, seed uint64, table []Level, a, b probe) (diff, se float64) {
	type pair struct {
		x, y   float64
		sx, sy [2]float64
	}
	out := make([]pair, games)
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				x, sx := playProbeRoles(t, seed, i, table, a)
				y, sy := playProbeRoles(t, seed, i, table, b)
				out[i] = pair{x, y, sx, sy}
			}
		}()
	}
	for i := range games {
		next <- i
	}
	close(next)
	wg.Wait()
	var sx, sy, sd, sdd float64
	var rx, ry [2]float64
	for _, p := range out {
		for k := range 2 {
			rx[k] += p.sx[k] / float64(games)
			ry[k] += p.sy[k] / float64(games)
		}
		sx += p.x
		sy += p.y
		d := p.x - p.y
		sd += d
		sdd += d * d
	}
	n := float64(games)
	md := sd / n
	se = math.Sqrt(max(0, sdd/n-md*md) / n)
	t.Logf("%d games %v: %s %.3f, %s %.3f, ratio %.3f, diff %.3f +- %.3f",
		games, table, a.name, sx/n, b.name, sy/n, (sx/n)/(sy/n), md, 1.96*se)
	t.Logf("  as gold-digger %s %.3f %s %.3f; as saboteur %s %.3f %s %.3f", a.name, rx[0], b.name, ry[0], a.name, rx[1], b.name, ry[1])
	return md, se
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

var mixed = []Level{Hard, Normal, Easy, Random, Normal}

// TestTuneOracle: how much a normal player gains by knowing the roles.
func TestTuneOracle(t *testing.T) {
	games := envInt("GAMES", 2000)
	table := []Level{Normal, Normal, Easy, Random, Normal}
	compare(t, games, 7, table, probe{name: "oracle", level: Normal, oracle: true}, probe{name: "normal", level: Normal})
	fmt.Println()
}

// TestTuneRange: how far the probe seat's play moves its gold.
func TestTuneRange(t *testing.T) {
	games := envInt("GAMES", 2000)
	table := []Level{Normal, Normal, Easy, Random, Normal}
	for _, l := range []Level{Random, Easy} {
		compare(t, games, 7, table, probe{name: string(l), level: l}, probe{name: "normal", level: Normal})
	}
}

// TestTuneDiag counts what each role does in won and lost rounds.
func TestTuneDiag(t *testing.T) {
	games := envInt("GAMES", 300)
	table := []Level{Normal, Normal, Easy, Random, Normal}
	type key struct {
		won  bool
		role saboteur.Role
		lvl  Level
		what string
	}
	count := map[key]int{}
	rounds := map[bool]int{}
	for i := range games {
		g, evs, err := saboteur.New(saboteur.Options{Players: len(table)}, mix(11, uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		bots := turnedBots(table, i)
		type mv struct {
			s    int
			what string
		}
		var log []mv
		runGame(t, g, evs, bots, func(tn int, v saboteur.View) (saboteur.Move, bool) {
			m := bots[tn].Choose(v)
			if v.Phase == saboteur.Playing {
				w := "discard"
				if m.Type == saboteur.Play {
					w = [...]string{"?", "Path", "Start", "Goal", "Broken", "Repair", "Rockfall", "Map"}[min(int(m.Card.Kind), 7)]
					if m.Card.Kind == saboteur.Path && m.Card.DeadEnd {
						w = "deadend"
					}
				}
				log = append(log, mv{tn, w})
			}
			return m, true
		}, func(e saboteur.Event) {
			if e.Type != saboteur.RoundEnded {
				return
			}
			won := e.Winner == saboteur.Diggers
			rounds[won]++
			for _, m := range log {
				count[key{won, e.Roles[m.s], table[(m.s+i)%len(table)], m.what}]++
			}
			log = log[:0]
		})
	}
	t.Logf("rounds won %d lost %d", rounds[true], rounds[false])
	for _, won := range []bool{true, false} {
		for _, r := range []saboteur.Role{saboteur.GoldDigger, saboteur.Saboteur} {
			for _, l := range []Level{Normal, Easy, Random} {
				line := fmt.Sprintf("won=%v %v %v:", won, r, l)
				for _, w := range []string{"Path", "deadend", "Broken", "Repair", "Rockfall", "Map", "discard"} {
					line += fmt.Sprintf(" %s %.1f", w, float64(count[key{won, r, l, w}])/float64(rounds[won]))
				}
				t.Log(line)
			}
		}
	}
}

// TestTuneHard: hard in the probe seat against normal there.
func TestTuneHard(t *testing.T) {
	games := envInt("GAMES", 400)
	table := []Level{Normal, Normal, Easy, Random, Normal}
	cfg := Config{Playouts: envInt("PLAYOUTS", 480)}
	finStats.Store(0)
	compare(t, games, 7, table, probe{name: "hard", level: Hard, cfg: cfg, oracle: os.Getenv("ORACLE") != ""}, probe{name: "normal", level: Normal})
	v := finStats.Load()
	t.Logf("  probe seat (both) finished %d of %d digger wins", v&0xffffffff, v>>32)
}

// TestTuneSearch: coordinate search over the weights of a normal-level
// player in the probe seat, each step paired against the best so far.
func TestTuneSearch(t *testing.T) {
	games := envInt("GAMES", 3000)
	table := []Level{Normal, Normal, Easy, Random, Normal}
	best := normalWeights
	seed := uint64(envInt("SEED", 100))
	rv := reflect.ValueOf(&best).Elem()
	for sweep := range envInt("SWEEPS", 1) {
		for f := range rv.NumField() {
			for _, mul := range []float64{0.5, 1.6} {
				cand := best
				arr := unsafe.Slice((*float64)(unsafe.Pointer(&cand)), rv.NumField())
				arr[f] *= mul
				seed++
				d, se := compare(t, games, seed, table, probe{name: "cand", level: Normal, cfg: Config{w: &cand}}, probe{name: "best", level: Normal, cfg: Config{w: &best}})
				t.Logf("sweep %d %s x%.1f: %+.3f +- %.3f", sweep, rv.Type().Field(f).Name, mul, d, 1.96*se)
				if d > 2*se {
					best = cand
					t.Logf("  taken: %+v", best)
					break
				}
			}
		}
	}
	t.Logf("best: %+v", best)
}

// TestTuneFinisher: the finisher's gold against the other diggers' in
// rounds the gold-diggers win.
func TestTuneFinisher(t *testing.T) {
	games := envInt("GAMES", 1000)
	table := []Level{Normal, Normal, Easy, Random, Normal}
	var fin, other, nf, no float64
	for i := range games {
		n := len(table)
		g, evs, err := saboteur.New(saboteur.Options{Players: n}, mix(13, uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		before := make([]int, n)
		var ended *saboteur.Event
		runGame(t, g, evs, turnedBots(table, i), func(int, saboteur.View) (saboteur.Move, bool) { return saboteur.Move{}, false }, func(e saboteur.Event) {
			if e.Type == saboteur.RoundEnded {
				ee := e
				ended = &ee
			}
			if (e.Type != saboteur.RoundStarted && e.Type != saboteur.GameEnded) || ended == nil {
				return
			}
			sc := g.Scores()
			if ended.Winner == saboteur.Diggers {
				for s := range n {
					switch {
					case ended.Roles[s] != saboteur.GoldDigger:
					case s == ended.Seat:
						fin += float64(sc[s] - before[s])
						nf++
					default:
						other += float64(sc[s] - before[s])
						no++
					}
				}
			}
			copy(before, sc)
			ended = nil
		})
	}
	t.Logf("digger wins %.0f: finisher %.2f, other diggers %.2f", nf, fin/nf, other/no)
}

var finStats atomic.Int64
