package bot

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// passFigures are a level's passes (discards face down, R4.1) per seat and
// round: all of them, those once the draw pile is empty (late), and the
// late ones made while the seat had a play that was not a pass.
type passFigures struct {
	rounds                      int
	passes, late, lateWithPlay  int
	digOpen                     int // late passes of a gold-digger that held a path card keeping the tunnel open
	pathLate, pathLateConnected int // late path cards laid, and those joined to the start
}

func (f passFigures) String() string {
	r := float64(f.rounds)
	return fmt.Sprintf("passes/round %.2f, late passes/round %.2f (with a play at hand %.2f; a gold-digger's with a path card that joins the tunnel %.2f), late path cards/round %.2f (%.0f%% joined to the start)",
		float64(f.passes)/r, float64(f.late)/r, float64(f.lateWithPlay)/r, float64(f.digOpen)/r, float64(f.pathLate)/r,
		100*float64(f.pathLateConnected)/max(float64(f.pathLate), 1))
}

// measurePasses plays games games of n seats, every seat at level, and
// counts the passes.
func measurePasses(t *testing.T, level Level, n, games int, seed uint64) passFigures {
	t.Helper()
	var f passFigures
	for gi := 0; gi < games; gi++ {
		gs := seed + uint64(gi)*7919
		g, evs, err := saboteur.New(saboteur.Options{Players: n, FirstPlayer: -1}, gs)
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]Bot, n)
		for i := range bots {
			bots[i] = NewConfig(level, i, n, gs+uint64(i)*31, Config{Playouts: 96})
		}
		observe := func(evs []saboteur.Event) {
			for i, b := range bots {
				for _, e := range evs {
					b.Observe(e.Redact(i))
				}
			}
		}
		observe(evs)
		for g.Phase() != saboteur.Over {
			v := g.View(g.Turn())
			mv := bots[g.Turn()].Choose(v)
			if v.Phase == saboteur.Playing {
				late := v.DrawPile == 0
				if mv.Type == saboteur.Discard {
					f.passes++
					if late {
						f.late++
						for _, m := range v.LegalMoves() {
							if m.Type == saboteur.Play {
								f.lateWithPlay++
								break
							}
						}
						if v.Role == saboteur.GoldDigger && joinsTunnel(v) {
							f.digOpen++
						}
					}
				}
			}
			evs, err := g.Apply(mv)
			if err != nil {
				t.Fatalf("game %d: %v: %v", gi, mv, err)
			}
			for _, e := range evs {
				if e.Type == saboteur.Placed && v.DrawPile == 0 {
					f.pathLate++
					b := g.View(-1).Board
					if tl, ok := b.At(e.At); ok && tl.Connected {
						f.pathLateConnected++
					}
				}
				if e.Type == saboteur.RoundEnded {
					f.rounds += n
				}
			}
			observe(evs)
		}
	}
	return f
}

// joinsTunnel reports whether the seat of v could lay a path card, not a
// dead end, that would be joined to the start (R5.6).
func joinsTunnel(v saboteur.View) bool {
	if v.Broken[v.Seat] != 0 {
		return false
	}
	for _, c := range v.Hand {
		if c.Kind != saboteur.Path || c.DeadEnd {
			continue
		}
		for _, pl := range v.Board.Placements(nil, c, v.Options.ConnectToStart) {
			b := v.Board.Clone()
			b.Place(pl.Card, saboteur.CardID(0), pl.At)
			if t, ok := b.At(pl.At); ok && t.Connected {
				return true
			}
		}
	}
	return false
}

// TestPassFigures measures each level's passes per seat and round (issue
// 17, item 13) and checks that a normal gold-digger never passes, once the
// draw pile is empty, while it holds a path card that would carry the
// tunnel on (it did 0.23 times a round before weights.tempo). go test -v
// prints the figures; PASS_GAMES=N plays N games a level (default 20) and
// adds hard (N/6 games, 96 playouts a decision).
func TestPassFigures(t *testing.T) {
	games, levels := 20, []Level{Random, Easy, Normal}
	if s := os.Getenv("PASS_GAMES"); s != "" {
		games, _ = strconv.Atoi(s)
		levels = Levels
	}
	for _, l := range levels {
		n := games
		if l == Hard {
			n = max(games/6, 2)
		}
		f := measurePasses(t, l, 5, n, 11)
		t.Logf("%-6s (%d games of 5): %v", l, n, f)
		if l == Normal && float64(f.digOpen)/float64(f.rounds) > 0.05 {
			t.Errorf("normal gold-diggers pass late holding a path card that joins the tunnel %.2f times a round", float64(f.digOpen)/float64(f.rounds))
		}
	}
}
