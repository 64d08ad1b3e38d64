package bot

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules/incangold"
)

// TestSimReport: the report's JSON shape, the seats counted per type, the
// wins summing to one per game, and the same figures on 1 and 2 workers.
func TestSimReport(t *testing.T) {
	cfg := SimConfig{Games: 24, Players: 4, Seats: []string{"hard", "normal", "leave-at:10", "normal"}, Seed: 3, Workers: 1}
	a, err := Sim(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 2
	b, err := Sim(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if a.Games != 24 || a.Players != 4 || len(a.Levels) != 3 || a.Levels["normal"].Seats != 2 || a.Levels["hard"].Seats != 1 {
		t.Fatalf("report %+v", a)
	}
	wins := 0.0
	for l, x := range a.Levels {
		y := b.Levels[l]
		if x.MeanScore != y.MeanScore || x.WinRate != y.WinRate || x.MeanScoreCI != y.MeanScoreCI {
			t.Errorf("%s: 1 worker %+v, 2 workers %+v", l, x, y)
		}
		if x.MeanScoreCI[0] > x.MeanScore || x.MeanScoreCI[1] < x.MeanScore || x.ThinkMsP95 < x.ThinkMsP50 {
			t.Errorf("%s: interval or times out of order: %+v", l, x)
		}
		wins += x.WinRate * float64(x.Seats)
	}
	if math.Abs(wins-1) > 1e-9 {
		t.Errorf("win shares sum to %v per game", wins)
	}
	j, _ := json.Marshal(a)
	for _, k := range []string{`"games":24`, `"players":4`, `"games_per_second":`, `"levels":{`, `"mean_score":`, `"mean_score_ci95":[`, `"win_rate":`, `"think_ms_p50":`, `"think_ms_p95":`, `"seats":2`} {
		if !strings.Contains(string(j), k) {
			t.Errorf("the JSON lacks %s: %s", k, j)
		}
	}
}

func TestSimValidate(t *testing.T) {
	ok := SimConfig{Games: 1, Players: 3, Seats: []string{"easy", "easy", "easy"}}
	for _, c := range []struct {
		mod  func(*SimConfig)
		want string
	}{
		{func(c *SimConfig) { c.Games = 0 }, "sim: games 0"},
		{func(c *SimConfig) { c.Players = 9 }, "sim: players 9"},
		{func(c *SimConfig) { c.Seats = c.Seats[:2] }, "sim: seats: 2 seat types for 3 players"},
		{func(c *SimConfig) { c.Seats = []string{"easy", "genius", "easy"} }, `sim: seats[1]: seat "genius"`},
		{func(c *SimConfig) { c.Workers = -1 }, "sim: workers -1"},
		{func(c *SimConfig) { c.Options = incangold.Options{StartPlayer: -2} }, "sim: options: start_player: -2"},
	} {
		c2 := ok
		c2.Seats = append([]string(nil), ok.Seats...)
		c.mod(&c2)
		if _, err := Sim(c2); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("got %v, want %q...", err, c.want)
		}
	}
	if _, err := Sim(ok); err != nil {
		t.Error(err)
	}
}
