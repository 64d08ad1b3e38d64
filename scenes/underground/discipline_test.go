package underground

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/scenes"
)

// ugOwing is the seats the table waits for (scenes.Harness.CheckPrivacy).
func ugOwing(m *ugMatch) func() []int {
	return func() []int {
		if t, ok := m.table.(*game.Table); ok {
			seats, _ := t.ToMove()
			return seats
		}
		return nil
	}
}

// ugEnded reports whether the final scoring is on screen.
func ugEnded(h *scenes.Harness) bool { _, ok := h.A.Cur.(*ugEndScene); return ok }

// TestMonkey (issue 22): a whole game of two humans and a computer player
// at one screen under a seeded storm of random clicks, drags, wheel turns
// and keys at random times and places (animations, computer turns,
// scorings, curtains, the in-game menu and its Undo included), between
// the scripted humans' moves: the game ends, its record replays, and
// every human move came from a control on screen and armed for that step
// and seat (Harness.CheckMoves).
func TestMonkey(t *testing.T) {
	// One seed by default (a whole game takes a minute or two on a loaded
	// machine); UG_MONKEY_SEEDS=1,2,3 runs more.
	seeds := []uint64{1}
	if env := os.Getenv("UG_MONKEY_SEEDS"); env != "" {
		seeds = seeds[:0]
		for _, f := range strings.Split(env, ",") {
			n, err := strconv.ParseUint(strings.TrimSpace(f), 10, 64)
			if err != nil {
				t.Fatalf("UG_MONKEY_SEEDS: %v", err)
			}
			seeds = append(seeds, n)
		}
	}
	for _, seed := range seeds {
		h, s0 := ugHarness(t, []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Human: true, Name: "Bob"}, {Name: "Bot 3", Level: "easy"}}, 40+seed)
		m := s0.m
		monkey := h.NewMonkey(seed)
		conquests := map[int]int{}
		for round := 0; round < 4000 && !ugEnded(h); round++ {
			if monkey.Run(20, func() bool { return ugEnded(h) }) {
				break
			}
			s, ok := h.A.Cur.(*ugPlayScene)
			if !ok || h.A.Fade > 0 {
				continue // the in-game menu: the storm resumes it
			}
			if s.cur.Covering() {
				h.Lift(&s.cur)
				continue
			}
			if s.me < 0 || s.mine.Legal == nil || s.busy > 0 {
				continue
			}
			if s.ask != nil {
				h.Key(ebiten.KeyN)
			}
			h.Key(ebiten.KeyHome) // the storm may have panned the map away
			h.Arm()
			if s.me < 0 || s.mine.Legal == nil || h.A.Cur != s {
				continue
			}
			c := ugScript(s, conquests[s.mine.Turn*8+s.me])
			if c.region >= 0 {
				if _, _, on := s.board.RegionCenter(c.region); !on {
					continue
				}
			}
			if ugAct(h, t, s, c, false) {
				conquests[s.mine.Turn*8+s.me]++
			}
		}
		if !ugEnded(h) {
			t.Fatalf("seed %d: the game did not end (on %s)", seed, h.A.Cur.Name())
		}
		rec := m.table.Record()
		if _, _, err := rec.Replay(ugGame); err != nil {
			t.Errorf("seed %d: the record does not replay: %v", seed, err)
		}
		if err := h.CheckMoves(ugGame, rec); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
		dropped := 0
		for _, f := range h.Fires() {
			if f.Dropped != "" {
				dropped++
			}
		}
		t.Logf("seed %d: %d inputs, %d moves, %d inputs dropped by the gate", seed, monkey.Inputs(), len(rec.Moves), dropped)
	}
}

// holdSpace holds Space down, as a key held on a real keyboard repeats,
// until a curtain comes down (then a while longer) or limit ticks pass; it
// reports whether a curtain came while it was held.
func holdSpace(h *scenes.Harness, limit int) (curtain bool) {
	after := -1
	for k := 0; k < limit && after != 0; k++ {
		h.In.Held[ebiten.KeySpace] = true
		if k%5 == 0 {
			h.In.Keys[ebiten.KeySpace] = true // the press, then its repeats
		}
		h.Tick()
		if s, ok := h.A.Cur.(*ugPlayScene); ok && s.cur.Covering() && after < 0 {
			curtain, after = true, 30
		}
		if after > 0 {
			after--
		}
	}
	delete(h.In.Held, ebiten.KeySpace)
	h.Tick()
	return curtain
}

// TestHotseatPrivacy (issue 22): a whole game of two humans at one
// screen, the steps ended with Space held down as on a real keyboard:
// at every frame the only coins drawn are those of the seat the screen is
// handed to, and that seat owes a move (Harness.CheckPrivacy); the Space
// that ended a turn never lifts the next human's curtain.
func TestHotseatPrivacy(t *testing.T) {
	h, s := ugHarness(t, []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Human: true, Name: "Bob"}}, 8)
	m := s.m
	h.CheckPrivacy(ugOwing(m))
	conquests := map[int]int{}
	curtains, held := 0, 0
	for moves := 0; moves < 3000; moves++ {
		s, ok := ugWait(h, &curtains)
		if !ok {
			break
		}
		c := ugScript(s, conquests[s.mine.Turn*8+s.me])
		if !c.end || s.moves.step == "conquer" {
			if ugAct(h, t, s, c, false) {
				conquests[s.mine.Turn*8+s.me]++
			}
			continue
		}
		n := len(m.table.Record().Moves)
		if holdSpace(h, 400) {
			held++
			ns := h.A.Cur.(*ugPlayScene)
			if !ns.cur.Covering() {
				t.Fatalf("the Space that ended %s's step lifted %s's curtain", m.name(s.me), m.name(ns.cur.Seat()))
			}
		}
		if s.ask != nil {
			// Tokens in hand: the question, answered.
			h.Arm()
			h.Key(ebiten.KeyEnter)
		}
		if len(m.table.Record().Moves) == n {
			t.Fatalf("step %s: Space made no move", s.moves.step)
		}
	}
	ugCheckEnd(t, h, m)
	if held == 0 {
		t.Fatal("no curtain came down while Space was held")
	}
	if slices.Contains(ugOwing(m)(), 0) {
		t.Fatal("the game is not over")
	}
	t.Logf("%d curtains, %d of them while Space was held", curtains, held)
}
