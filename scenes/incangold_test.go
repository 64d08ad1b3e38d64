package scenes

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/incangold"
)

// igHarness starts an Incan Gold game of the given seats on the board.
func igHarness(t *testing.T, seats []SeatSetup, o incangold.Options, seed uint64) (*harness, *igBoardScene) {
	t.Helper()
	h := newHarness(t)
	m, err := newIGMatch(h.a, igSetup{Seats: seats, Options: o, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	b := newIGBoardScene(h.a, m)
	h.a.cur = b
	return h, b
}

func igSeats(humans, n int) []SeatSetup {
	var s []SeatSetup
	for i := 0; i < n; i++ {
		if i < humans {
			s = append(s, SeatSetup{Human: true, Name: fmt.Sprintf("Human %d", i+1)})
		} else {
			s = append(s, SeatSetup{Name: fmt.Sprintf("Bot %d", i+1), Level: "normal"})
		}
	}
	return s
}

// igBoard is the board now on screen (a round end passed by Enter on the
// way), or nil once the game has gone to the final scoring.
func (h *harness) igBoard() *igBoardScene {
	for i := 0; i < 4000; i++ {
		if h.a.fade > 0 {
			h.tick()
			continue
		}
		switch s := h.a.cur.(type) {
		case *igBoardScene:
			return s
		case *igRoundEndScene:
			h.key(ebiten.KeyEnter)
		case *igFinalScene:
			return nil
		default:
			h.t.Fatalf("unexpected scene %T", s)
		}
	}
	h.t.Fatal("no board")
	return nil
}

// igWaitChoice ticks until a human's choice cards (or the curtain) are on
// screen; false when the game ended first.
func (h *harness) igWaitChoice() (*igBoardScene, bool) {
	for i := 0; i < 20000; i++ {
		b := h.igBoard()
		if b == nil {
			return nil, false
		}
		if b.chooser >= 0 {
			return b, true
		}
		h.tick()
	}
	h.t.Fatal("no choice came")
	return nil, false
}

// TestIncanAutoplayWholeGame: an --autoplay game of six computer players
// runs from the board through five round ends to the final scoring, and
// the screen's own account of the table (built from the public events)
// agrees with the engine's view whenever it has caught up.
func TestIncanAutoplayWholeGame(t *testing.T) {
	h := newHarness(t)
	h.a.cfg.Autoplay = true
	m, err := newIGAutoplayMatch(h.a)
	if err != nil {
		t.Fatal(err)
	}
	h.a.cur = newIGBoardScene(h.a, m)
	rounds := 0
	checked := 0
	for i := 0; i < 60000; i++ {
		h.tick()
		switch s := h.a.cur.(type) {
		case *igBoardScene:
			if _, more := m.peek(); h.a.fade == 0 && !more && s.busy <= 0 && !s.ended {
				v := m.table.View(-1)
				if v.Round == m.st.round && !v.Over && len(v.Path) > 0 {
					d := m.st.deck()
					if !slices.Equal(d.Treasures, v.Deck.Treasures) || !slices.Equal(d.Hazards, v.Deck.Hazards) || len(d.Artifacts) != len(v.Deck.Artifacts) {
						t.Fatalf("round %d: the screen's deck %+v, the engine's %+v", v.Round, d, v.Deck)
					}
					if m.st.pool != v.Pool || !slices.Equal(m.st.carried, v.Carried) {
						t.Fatalf("round %d: pool %d carried %v on screen, engine %d %v", v.Round, m.st.pool, m.st.carried, v.Pool, v.Carried)
					}
					checked++
				}
			}
		case *igRoundEndScene:
			if s.t == 1 {
				rounds++
			}
		case *igFinalScene:
			if rounds != incangold.Rounds {
				t.Fatalf("%d round ends shown, want %d", rounds, incangold.Rounds)
			}
			t.Logf("%d ticks, caught up %d times", i, checked)
			if checked < 5 {
				t.Fatalf("the screen caught up with the engine only %d times", checked)
			}
			v := m.table.View(-1)
			if !slices.Equal(s.v.Scores, v.Scores) {
				t.Fatalf("final scores %v, engine %v", s.v.Scores, v.Scores)
			}
			return
		}
	}
	t.Fatalf("the game did not end: on %T, round %d", h.a.cur, m.st.round)
}
