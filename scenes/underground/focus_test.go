package underground

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
)

// ugTabTo presses Tab (Shift+Tab when back) until ok holds, at most n
// times; it reports whether ok held.
func ugTabTo(h *scenes.Harness, back bool, n int, ok func() bool) bool {
	for k := 0; k < n; k++ {
		if back {
			h.In.Held[ebiten.KeyShift] = true
		}
		h.Key(ebiten.KeyTab)
		delete(h.In.Held, ebiten.KeyShift)
		if ok() {
			return true
		}
	}
	return false
}

// ugCardOK checks that the card shown is drawn whole on the screen, clear
// of the thing it explains, with its U-number(s) among the lines drawn.
func ugCardOK(t *testing.T, h *scenes.Harness, s *ugPlayScene, of scenes.Rect, where string) {
	t.Helper()
	c := s.shownCard.card
	if c == nil {
		t.Fatalf("%s: no card", where)
	}
	lines := scenes.DrawnLines(h)
	r := s.shownCard.r
	if r.X < 0 || r.Y < 0 || r.X+r.W > float64(h.A.W)+0.5 || r.Y+r.H > float64(h.A.H)+0.5 {
		t.Errorf("%s: the card %+v leaves the %dx%d screen", where, r, h.A.W, h.A.H)
	}
	if r.X < of.X+of.W && of.X < r.X+r.W && r.Y < of.Y+of.H && of.Y < r.Y+r.H {
		t.Errorf("%s: the card %+v covers what it explains %+v", where, r, of)
	}
	for _, it := range c.items {
		name, rule, _ := it.words(h.A)
		if !slices.ContainsFunc(lines, func(d scenes.DrawnText) bool { return d.S == rule }) {
			t.Errorf("%s: the card of %s does not show %s", where, name, rule)
		}
	}
}

// TestUGFocusCards (issue 25 item 2): by the keyboard alone, in English,
// Russian and Persian at 1280x800 and 1024x640, Tab walks the market's
// combos (from the first, at a pick), each showing its card (power and
// race, U-numbers, whole on the screen, beside the market: to its left,
// to its right right to left), then on to the map's regions, a Place,
// Relic or Monster's region showing its card; Shift+Tab comes back to the
// last combo; Enter on a focused combo picks it; then Tab reaches the
// player's panel, which shows the card of the race picked.
func TestUGFocusCards(t *testing.T) {
	for _, lang := range []string{"en", "ru", "fa"} {
		for _, sz := range [][2]float64{{1280, 800}, {1024, 640}} {
			where := fmt.Sprintf("%s %vx%v", lang, sz[0], sz[1])
			h := scenes.LangHarness(t, lang, ugTestGames)
			h.A.LayoutF(sz[0], sz[1])
			h.Screen = scenes.NewScreen(h.A)
			h.A.Settings.AnimSpeed = 16
			m, err := newUGMatch(h.A, ugSetup{Seats: []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Name: "Bot 2", Level: "easy"}}, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			h.A.Cur = newUGPlayScene(h.A, m)
			s, ok := ugWait(h, nil)
			if !ok || s.moves.step != "pick" {
				t.Fatalf("%s: no pick step", where)
			}
			for i := 0; i < len(s.m.st.view.Market); i++ {
				h.Key(ebiten.KeyTab)
				mk := s.m.st.view.Market[i]
				c := s.shownCard.card
				if s.kf != (ugKeyFocus{ugFocusCombo, i}) || c == nil || len(c.items) != 2 || c.items[0].power.String() != mk.Power || c.items[1].race.String() != mk.Race {
					t.Fatalf("%s: Tab %d: focus %+v, card %+v, want combo %d (%s %s)", where, i+1, s.kf, c, i+1, mk.Power, mk.Race)
				}
				ugCardOK(t, h, s, s.l.market, fmt.Sprintf("%s combo %d", where, i+1))
				if r := s.shownCard.r; h.A.RTL() != (r.X > s.l.market.X) {
					t.Errorf("%s: combo %d's card at x %.0f, the market at %.0f", where, i+1, r.X, s.l.market.X)
				}
				if i == 2 {
					h.Shot(fmt.Sprintf("ug-focus-combo-%s-%.0f", lang, sz[0]))
				}
			}
			// On past the last combo: the panels of the seats with a race,
			// each with its card, then the map.
			for seat := range s.l.panels {
				if sv := s.m.st.view.Seats[seat]; sv.Active == nil && sv.Decline == nil {
					continue
				}
				h.Key(ebiten.KeyTab)
				if s.kf != (ugKeyFocus{ugFocusPanel, seat}) || s.shownCard.key != 100+seat {
					t.Fatalf("%s: Tab after the combos: focus %+v, card %d, want seat %d's panel", where, s.kf, s.shownCard.key, seat)
				}
				ugCardOK(t, h, s, s.l.panels[seat], where+" panel")
			}
			h.Key(ebiten.KeyTab)
			if s.kf.zone != ugFocusNone || s.board.focus < 0 {
				t.Fatalf("%s: Tab after the panels: focus %+v, region %d", where, s.kf, s.board.focus)
			}
			if !ugTabTo(h, false, 60, func() bool { return s.shownCard.key >= 1000 }) {
				t.Fatalf("%s: Tab over the map shows no region's card", where)
			}
			ugCardOK(t, h, s, scenes.R(0, 0, 0, 0), where+" region")
			h.Shot(fmt.Sprintf("ug-focus-region-%s-%.0f", lang, sz[0]))
			if !ugTabTo(h, true, 80, func() bool { return s.kf.zone == ugFocusCombo }) || s.kf.i != len(s.m.st.view.Market)-1 {
				t.Fatalf("%s: Shift+Tab back from the map: focus %+v, want the last combo", where, s.kf)
			}
			// Enter picks the focused combo.
			ugTabTo(h, true, 3, func() bool { return s.kf.i == 2 })
			mk := s.m.st.view.Market[2]
			n := len(m.table.Record().Moves)
			h.Key(ebiten.KeyEnter)
			v, _ := m.table.View(0).(underground.View)
			if len(m.table.Record().Moves) == n || v.Seats[0].Active == nil || v.Seats[0].Active.Race != mk.Race {
				t.Fatalf("%s: Enter on combo 3 (%s) did not pick it", where, mk.Race)
			}
			s, ok = ugWait(h, nil)
			if !ok {
				t.Fatalf("%s: no move after the pick", where)
			}
			if !ugTabTo(h, false, 120, func() bool { return s.kf == ugKeyFocus{ugFocusPanel, 0} }) {
				t.Fatalf("%s: Tab never reaches Ann's panel", where)
			}
			c := s.shownCard.card
			if c == nil || s.shownCard.key != 100 || c.items[len(c.items)-1].race.String() != mk.Race {
				t.Fatalf("%s: Ann's panel focused shows %+v, want %s", where, s.shownCard, mk.Race)
			}
			ugCardOK(t, h, s, s.l.panels[0], where+" panel")
			h.Shot(fmt.Sprintf("ug-focus-panel-%s-%.0f", lang, sz[0]))
			m.close()
		}
	}
}
