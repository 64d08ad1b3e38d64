package underground

import (
	"testing"
)

func TestCore(t *testing.T) {
	none := seat(5, "", "", 0)
	market := `"market": [{"race": "ogres", "power": "stone", "coins": 0}, {"race": "gnomes", "power": "mining", "coins": 0},
		{"race": "kraken", "power": "fisher", "coins": 3}, {"race": "liches", "power": "wise", "coins": 0},
		{"race": "shrooms", "power": "royal", "coins": 0}, {"race": "wisps", "power": "martyr", "coins": 0}]`
	runEffects(t, []effect{
		{name: "U4.1-U4.4 paying down the column, pocketing the coins", seats: two(seat(2, "", "", 0), none), extra: []string{market},
			moves: `{"pick": 2}`, check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if m.seats[0].Coins != 2-2+3 || m.offer[0].Coins != 1 || m.offer[1].Coins != 1 || len(m.offer) != 6 {
					t.Errorf("coins %d, offer %+v", m.seats[0].Coins, m.offer)
				}
				if m.seats[0].Active.Race != Kraken || m.seats[0].Active.Hand != 5+4 {
					t.Errorf("picked %s with %d tokens", m.seats[0].Active.Race, m.seats[0].Active.Hand)
				}
			}},
		{name: "UR6 the coins on a combo cannot pay for it", seats: two(seat(1, "", "", 0), none), extra: []string{market},
			moves: `{"pick": 2}`, check: func(t *testing.T, m *Match, out []checkResult) { refused(t, out[0], "U4.2") }},
		{name: "U6.2 abandon a region held at the start; UR37 not one conquered now",
			board: two(reg("r1", 0, "ogres", false, 2), reg("r12", 0, "ogres", false, 1)), seats: two(seat(5, "ogres", "", 0), none),
			moves: `{"abandon": "r12"}, {"conquer": "r2"}, {"abandon": "r2"}`, check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				accepted(t, out[1])
				refused(t, out[2], "UR37")
				if at(m, "r12").Owner != -1 {
					t.Errorf("r12 still held")
				}
			}},
		{name: "U7.4 own In Decline tokens are lost", board: two(reg("r1", 0, "ogres", false, 3), reg("r2", 0, "drow", true, 1)),
			seats: two(seat(5, "ogres", "", 0, "drow", ""), none), moves: `{"query": "cost", "region": "r2"}, {"conquer": "r2"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if costOf(t, out[0]) != 2 { // 2 + 1 token - 1 Ogres (UR8)
					t.Errorf("%v", out[0].Parts)
				}
				accepted(t, out[1])
				if m.seats[0].Decline.has() {
					t.Errorf("the In Decline race with no token left kept its banner (U8.5)")
				}
			}},
		{name: "U8.7 a wiped-out Active race is discarded, the In Decline one kept (UR12)", board: reg("r12", 0, "drow", true, 1),
			seats: two(seat(5, "mummies", "", 0, "drow", ""), none), extra: []string{market}, moves: `{"pick": 0}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if m.seats[0].Active.Race != Ogres || m.seats[0].Decline.Race != Drow {
					t.Errorf("races %s / %s", m.seats[0].Active.Race, m.seats[0].Decline.Race)
				}
			}},
		{name: "U16.3 the Great Ancient moves at the start of a later turn",
			board: two(reg("r1", 0, "cultists", false, 1), reg("r12", 0, "cultists", false, 1)), seats: two(seat(5, "cultists", "", 0), none),
			extra: []string{`"figures": {"ancient": "r1"}`}, moves: `{"ancient": "r12"}, {"query": "cost", "region": "r11"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if costOf(t, out[1]) != 1 {
					t.Errorf("next to the moved Great Ancient: %v", out[1].Parts)
				}
			}},
		{name: "U5.4 own Active region and chasms cannot be targeted", board: reg("r1", 0, "ogres", false, 3),
			seats: two(seat(5, "ogres", "", 0), none), moves: `{"conquer": "r1"}, {"conquer": "r10"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				refused(t, out[0], "U5.4")
				refused(t, out[1], "U5.4")
			}},
		{name: "U8.1 Decline ends the turn: no conquest", board: reg("r1", 0, "ogres", false, 3),
			seats: two(seat(5, "ogres", "", 0), none), moves: `{"conquer": "r2"}, {"decline": true}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				refused(t, out[1], "U5")
			}},
	})
}

// U10.2, UR13: most coins; tie: most race tokens on the board; still tied:
// a shared win.
func TestTieBreak(t *testing.T) {
	for _, c := range []struct {
		coins  [3]int
		tokens [3]int8
		want   []int
	}{
		{[3]int{9, 7, 3}, [3]int8{1, 5, 5}, []int{0}},
		{[3]int{9, 9, 3}, [3]int8{1, 5, 5}, []int{1}},
		{[3]int{9, 9, 3}, [3]int8{5, 5, 1}, []int{0, 1}},
	} {
		m, _ := New(3, Options{}, 1)
		for s := range 3 {
			m.seats[s].Coins = c.coins[s]
			m.regions[s+1] = region{Owner: int8(s), Tokens: c.tokens[s], Place: NoMarker}
		}
		m.gameOver()
		if got := m.Winners(); len(got) != len(c.want) || got[0] != c.want[0] {
			t.Errorf("%v %v: winners %v, want %v", c.coins, c.tokens, got, c.want)
		}
	}
}
