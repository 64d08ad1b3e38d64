package underground

import "testing"

func TestMoreRules(t *testing.T) {
	runEffects(t, []effect{
		{name: "U12.4 no Doormat against Active Gnomes", board: two(reg("r1", 0, "ogres", false, 5, `"relic": "doormat"`), reg("r11", 1, "gnomes", false, 1)),
			seats: two(seat(5, "ogres", "", 0), seat(5, "gnomes", "", 0)), moves: `{"conquer": "r11", "with": ["doormat"]}`,
			check: func(t *testing.T, m *Match, out []checkResult) { refused(t, out[0], "U12.4") }},
		{name: "U16.2 the Balrog never enters Active Gnomes", board: two(reg("r1", 0, "ogres", false, 1, `"place": "pentacle"`), reg("r2", 1, "gnomes", false, 2)),
			seats: two(seat(5, "ogres", "", 0), seat(5, "gnomes", "", 0)), moves: `{"balrog": "r2"}, {"balrog": "r4"}, {"balrog": "r4"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				refused(t, out[0], "U16.2")
				accepted(t, out[1])
				refused(t, out[2], "U16.2") // once a turn
			}},
		{name: "U13.18 the Vampires bite each opponent once a turn",
			board: two(reg("r1", 0, "ogres", false, 1), two(reg("r2", 1, "drow", false, 1), reg("r4", 1, "drow", false, 1))),
			seats: two(seat(5, "ogres", "vampire", 2), seat(5, "drow", "", 0)), moves: `{"vampire": "r2"}, {"vampire": "r4"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				refused(t, out[1], "U13.18")
			}},
		{name: "U15.0c a relic used on a failed final attempt is spent and stays",
			board: two(reg("r1", 0, "drow", false, 1, `"relic": "sword"`), reg("r2", 1, "ogres", false, 4)),
			seats: two(seat(5, "drow", "", 2), seat(5, "ogres", "", 0)), moves: `{"final": "r2", "with": ["sword"], "die": 0}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if m.relics[Sword-Doormat] != int8(m.mp.Index("r1")) {
					t.Errorf("the Sword moved on a failure")
				}
			}},
	})
}

// U4.5, U4.6: badges reshuffle from the discards; a returning banner
// fills a gap in the column or goes under the stack.
func TestMarketStacks(t *testing.T) {
	m, _ := New(2, Options{}, 4)
	m.badges, m.discard = nil, []Power{Wise, Tomb}
	if p := m.drawBadge(); p != Wise && p != Tomb {
		t.Errorf("drew %s", p)
	}
	m.badges, m.discard = nil, nil
	if p := m.drawBadge(); p != NoPower {
		t.Errorf("drew %s from nothing (UR7)", p)
	}
	m.offer = m.offer[:5]
	m.returnBanner(Kraken)
	if len(m.offer) != 6 || m.offer[5].Race != Kraken {
		t.Errorf("returned banner not in the gap: %+v", m.offer)
	}
	n := len(m.banners)
	m.returnBanner(Drow)
	if len(m.banners) != n+1 || m.banners[n] != Drow {
		t.Errorf("returned banner not under the stack")
	}
}
