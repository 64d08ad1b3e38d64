package underground

import "testing"

func TestPlaces(t *testing.T) {
	none := seat(5, "", "", 0)
	runEffects(t, []effect{
		{name: "U14.1 Altar of Souls after scoring", board: two(reg("r1", 0, "ogres", false, 1, `"place": "altar"`), reg("r12", 0, "drow", true, 2)),
			seats: two(seat(5, "ogres", "", 0, "drow", ""), none), moves: `{"altar": "r12"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if m.seats[0].Coins != 5+2+3 || at(m, "r12").Tokens != 1 {
					t.Errorf("coins %d, r12 %d", m.seats[0].Coins, at(m, "r12").Tokens)
				}
			}},
		{name: "U14.2 Crypt: the Ghost guards for its controller", board: two(reg("r1", 0, "ogres", false, 1, `"place": "crypt"`), reg("r7", 1, "drow", false, 1)),
			seats: two(seat(5, "ogres", "", 0), seat(5, "drow", "", 0)), moves: `{"place": {"ghost": "r1"}}, {"place": {"ghost": "r7"}}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				refused(t, out[0], "U14.2")
				accepted(t, out[1])
				if _, ok := m.target(1, m.mp.Index("r7")); ok {
					t.Errorf("the Ghost's region is open to seat 1")
				}
			}},
		{name: "U14.3 Diamond Fields", board: two(reg("r1", 0, "ogres", false, 1, `"place": "diamonds"`), reg("r8", 0, "ogres", false, 1)),
			seats: two(seat(5, "ogres", "", 0), none), moves: `{"query": "score"}`, check: scores("U14.3", 2)},
		{name: "U14.4 Great Brass Pipe joins one terrain", board: reg("r1", 0, "ogres", false, 3, `"place": "pipe"`),
			seats: two(seat(5, "ogres", "", 0), none), moves: `{"conquer": "r8"}, {"conquer": "r11"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				refused(t, out[1], "U5.3")
			}},
		{name: "U14.5 Fountain of Youth: a token at the start of the turn", board: reg("r1", 0, "ogres", false, 1, `"place": "fountain"`),
			seats: two(seat(5, "ogres", "", 0), none), moves: `{"conquer": "r4"}`,
			check: func(t *testing.T, m *Match, out []checkResult) { accepted(t, out[0]) }},
		{name: "U14.6 Keep: +1 coin, In Decline too", board: two(reg("r1", 0, "ogres", false, 1), reg("r12", 0, "drow", true, 1, `"place": "keep"`)),
			seats: two(seat(5, "ogres", "", 0, "drow", ""), none), moves: `{"query": "score"}`, check: scores("U14.6", 1)},
		{name: "U14.7 Mine of the Lost Dwarf", board: reg("r12", 0, "drow", true, 1, `"place": "lostmine"`),
			seats: two(seat(5, "", "", 0, "drow", ""), none), extra: []string{`"market": [{"race": "ogres", "power": null, "coins": 0}]`},
			moves: `{"query": "score"}`, check: scores("U14.7", 2)},
		{name: "U14.8 Stonehedge: a drawn power for its occupant", board: two(reg("r1", 0, "ogres", false, 1), reg("r7", 0, "ogres", false, 2)+`, "r8": {"monsters": 2}`),
			seats: two(seat(5, "ogres", "", 3), none), extra: []string{`"markers_left": 1`},
			moves: `{"conquer": "r8"}, {"draw": "stonehedge", "power": "mining"}, {"query": "score"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if m.stone != Mining || at(m, "r8").Place != Stonehedge {
					t.Errorf("stonehedge %s at %v", m.stone, at(m, "r8").Place)
				}
				scores("U13.8", 2)(t, m, out) // the occupying race gains Mining on top of its own power
			}},
		{name: "U14.9 Wickedest Pentacle: the Balrog at once", board: two(reg("r1", 0, "ogres", false, 1), reg("r3", 1, "drow", false, 3)) + `, "r2": {"monsters": 2}`,
			seats: two(seat(5, "ogres", "", 4), seat(5, "drow", "", 0)), extra: []string{`"markers_left": 1`},
			moves: `{"conquer": "r2"}, {"draw": "pentacle"}, {"conquer": "r4"}, {"balrog": "r3"}, {"conquer": "r4"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				accepted(t, out[1]) // the draw has a line of its own
				if len(out[1].Events) == 0 || out[1].Events[0].Kind != EvDraw || out[1].Events[0].Marker != "pentacle" {
					t.Errorf("the draw's line: %+v", out[1].Events)
				}
				refused(t, out[2], "U16.2")
				accepted(t, out[3])
				if at(m, "r3").Tokens != 0 || m.seats[1].Active.Hand != 1 || m.fig.Balrog != int8(m.mp.Index("r3")) {
					t.Errorf("Balrog: r3 %d, hand %d", at(m, "r3").Tokens, m.seats[1].Active.Hand)
				}
				accepted(t, out[4])
				if _, ok := m.target(0, m.mp.Index("r3")); ok {
					t.Errorf("the Balrog's region is open")
				}
			}},
	})
}

func TestRelics(t *testing.T) {
	none := seat(5, "", "", 0)
	runEffects(t, []effect{
		{name: "U15.1 Flying Doormat: anywhere, once", board: reg("r1", 0, "ogres", false, 5, `"relic": "doormat"`),
			seats: two(seat(5, "ogres", "", 0), none), moves: `{"conquer": "r11", "with": ["doormat"]}, {"conquer": "r9", "with": ["doormat"]}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				refused(t, out[1], "U15.1")
				if m.relics[Doormat-Doormat] != int8(m.mp.Index("r11")) {
					t.Errorf("the Doormat did not move")
				}
			}},
		{name: "U15.2 Froggy's Ring", board: two(reg("r1", 0, "ogres", false, 1, `"relic": "ring"`), two(reg("r12", 0, "ogres", false, 1), reg("r11", 1, "drow", false, 1))),
			seats: two(seat(5, "ogres", "", 0), seat(5, "drow", "", 0)), moves: `{"place": {"ring": "r12"}}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if m.seats[0].Coins != 5+2+1 || m.seats[1].Coins != 4 {
					t.Errorf("coins %d %d", m.seats[0].Coins, m.seats[1].Coins)
				}
			}},
		{name: "U15.3 Stinky Troll's Socks", board: two(reg("r1", 0, "drow", false, 3, `"relic": "socks"`), reg("r2", 1, "ogres", false, 3)),
			seats: two(seat(5, "drow", "", 0), seat(5, "ogres", "", 0)), moves: `{"query": "cost", "region": "r2", "with": ["socks"]}, {"conquer": "r2", "with": ["socks"]}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if costOf(t, out[0]) != 2 {
					t.Errorf("%v", out[0].Parts)
				}
				accepted(t, out[1])
				if m.seats[1].Active.Hand != 3 {
					t.Errorf("defender's hand %d, want all 3", m.seats[1].Active.Hand)
				}
			}},
		{name: "U15.4 Scepter of Avarice placed and doubling", board: two(reg("r1", 0, "ogres", false, 1, `"relic": "scepter"`), reg("r8", 0, "ogres", false, 1)),
			seats: two(seat(5, "ogres", "mining", 0), none), moves: `{"place": {"scepter": "r8"}}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0]) // the last placement ends the turn: 2 regions + 2 Mining + r8's 2 doubled
				if m.seats[0].Coins != 5+6 {
					t.Errorf("coins %d, want 11", m.seats[0].Coins)
				}
			}},
		{name: "U15.5 Shiny Orb", board: two(reg("r1", 0, "ogres", false, 1, `"relic": "orb"`), reg("r2", 1, "drow", false, 1)),
			seats: two(seat(5, "ogres", "", 1), seat(5, "drow", "", 0)), moves: `{"orb": "r2"}, {"orb": "r1"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if m.relics[Orb-Doormat] != int8(m.mp.Index("r2")) || at(m, "r2").Owner != 0 {
					t.Errorf("the Orb did not take r2")
				}
				refused(t, out[1], "U5.4")
			}},
		{name: "U15.6 Sword of the Killer Rabbit", board: two(reg("r1", 0, "drow", false, 1, `"relic": "sword"`), reg("r2", 1, "ogres", false, 2)),
			seats: two(seat(5, "drow", "", 2), seat(5, "ogres", "", 0)), moves: `{"conquer": "r2", "with": ["sword"]}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if at(m, "r2").Tokens != 2 || m.relics[Sword-Doormat] != int8(m.mp.Index("r2")) {
					t.Errorf("r2 %d tokens", at(m, "r2").Tokens)
				}
			}},
	})
}
