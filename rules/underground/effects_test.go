package underground

import (
	"strings"
	"testing"
)

// On testMap: r1 mine edge; r2 forest; r3 mountain edge; r4, r5 River;
// r6 crystal; r7 mud; r8 mine; r9 forest; r10 Volcano chasm (borders r3,
// r6, r7, r9); r11 crystal edge; r12 mud edge. Borders: r1-r2 r1-r4 r2-r3
// r2-r4 r2-r5 r3-r6 r4-r5 r5-r6 r5-r7 r6-r7 r7-r8 r8-r9 r9-r11 r11-r12
// r8-r12. Coastal: r1 r2 r6 r7.

// effect is one rule test: a position and what must follow.
type effect struct {
	name  string
	board string
	seats string
	moves string
	extra []string
	check func(t *testing.T, m *Match, out []checkResult)
}

func item(r checkResult, rule string) int {
	n := 0
	for _, it := range r.Items {
		if it.Rule == rule {
			n += it.Coins
		}
	}
	return n
}

func refused(t *testing.T, r checkResult, rule string) {
	t.Helper()
	if r.Legal == nil || *r.Legal || r.Rule != rule {
		t.Errorf("want refused by %s, got %+v", rule, r)
	}
}

func accepted(t *testing.T, r checkResult) {
	t.Helper()
	if r.Legal == nil || !*r.Legal {
		t.Errorf("want legal, got %+v", r)
	}
}

func scores(rule string, want int) func(t *testing.T, m *Match, out []checkResult) {
	return func(t *testing.T, m *Match, out []checkResult) {
		t.Helper()
		if got := item(out[len(out)-1], rule); got != want {
			t.Errorf("%s: %d coins, want %d (%+v)", rule, got, want, out[len(out)-1].Items)
		}
	}
}

func at(m *Match, id string) *region { return &m.regions[m.mp.Index(id)] }

func two(a, b string) string { return a + "," + b }

func runEffects(t *testing.T, cases []effect) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, out := run(t, pos(c.board, c.seats, c.moves, c.extra...))
			c.check(t, m, out)
		})
	}
}

func TestRaces(t *testing.T) {
	none := seat(5, "", "", 0)
	runEffects(t, []effect{
		{name: "U12.1 Cultists: the Great Ancient, immunity and -1", board: "", seats: two(seat(5, "cultists", "", 5), none),
			moves: `{"conquer": "r1"}, {"query": "cost", "region": "r2"}`, check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if m.fig.Ancient != int8(m.mp.Index("r1")) {
					t.Errorf("Great Ancient at %d", m.fig.Ancient)
				}
				if costOf(t, out[1]) != 1 {
					t.Errorf("next to the Great Ancient: %v", out[1].Parts)
				}
				if rule, ok := m.target(1, m.mp.Index("r1")); ok || rule != "U16.10" {
					t.Errorf("the Great Ancient's region is not immune to seat 1")
				}
			}},
		{name: "U12.2 Drow: alone regions score", board: two(reg("r12", 0, "drow", false, 1), two(reg("r1", 0, "drow", false, 1), reg("r2", 1, "ogres", false, 1))),
			seats: two(seat(5, "drow", "", 0), seat(5, "ogres", "", 0)), moves: `{"query": "score"}`, check: scores("U12.2", 1)},
		{name: "U12.3 Flames: Volcano entry, as if empty", board: reg("r6", 1, "ogres", false, 2),
			seats: two(seat(5, "", "", 0), seat(5, "ogres", "", 0)), extra: []string{`"market": [{"race": "flames", "power": null, "coins": 0}]`},
			moves: `{"pick": 0}, {"volcano": "r10"}, {"query": "cost", "region": "r6"}, {"conquer": "r1"}, {"conquer": "r6"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[1])
				if costOf(t, out[2]) != 2 {
					t.Errorf("r6 next to the Volcano: %v", out[2].Parts)
				}
				refused(t, out[3], "U5.2")
				accepted(t, out[4])
			}},
		{name: "U12.4 Gnomes In Decline protect nothing (UR19)", board: two(reg("r1", 0, "ogres", false, 1), reg("r2", 1, "gnomes", true, 1)),
			seats: two(seat(5, "ogres", "", 0), seat(5, "", "", 0, "gnomes", "")), moves: `{"query": "cost", "region": "r2"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if costOf(t, out[0]) != 2 {
					t.Errorf("In Decline Gnomes: %v", out[0].Parts)
				}
			}},
		{name: "U12.5 Iron Dwarves: hammers pay, one Dwarf each, new hammers per Mine", board: reg("r1", 0, "dwarves", false, 1),
			seats: two(strings.Replace(seat(5, "dwarves", "", 1), `"hammers": 0`, `"hammers": 2`, 1), none),
			moves: `{"conquer": "r2"}, {"conquer": "r3"}, {"end": true}`, check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				refused(t, out[1], "U5.1")
				if m.seats[0].Hammers != 3 {
					t.Errorf("hammers %d after redeployment, want 2 kept + 1 for the Mine (UR20)", m.seats[0].Hammers)
				}
			}},
		{name: "U12.6 Kraken stay in River regions", board: reg("r1", 0, "kraken", false, 3),
			seats: two(seat(5, "kraken", "", 0), none), moves: `{"conquer": "r4"}, {"end": true}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if at(m, "r4").Owner != 0 || m.seats[0].Coins != 7 {
					t.Errorf("r4 owner %d, coins %d", at(m, "r4").Owner, m.seats[0].Coins)
				}
			}},
		{name: "U7.6 other races leave River regions", board: reg("r1", 0, "ogres", false, 3),
			seats: two(seat(5, "ogres", "", 0), none), moves: `{"conquer": "r4"}, {"end": true}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if at(m, "r4").Tokens != 0 || at(m, "r1").Tokens != 3 {
					t.Errorf("r4 %d tokens, r1 %d", at(m, "r4").Tokens, at(m, "r1").Tokens)
				}
			}},
		{name: "U12.7 Liches: the conqueror pays; no coin, no target", board: two(reg("r1", 0, "ogres", false, 3), reg("r2", 1, "liches", true, 1)),
			seats: two(seat(1, "ogres", "", 0), seat(0, "", "", 0, "liches", "")), moves: `{"conquer": "r2"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if m.seats[0].Coins != 0 || m.seats[1].Coins != 1 {
					t.Errorf("coins %d, %d", m.seats[0].Coins, m.seats[1].Coins)
				}
				if rule, ok := m.target(0, m.mp.Index("r2")); ok || rule != "U5.4" {
					t.Errorf("own region %v %s", ok, rule)
				}
			}},
		{name: "UR21 Liches: no coin, no target", board: two(reg("r1", 0, "ogres", false, 3), reg("r2", 1, "liches", true, 1)),
			seats: two(seat(0, "ogres", "", 0), seat(0, "", "", 0, "liches", "")), moves: `{"conquer": "r2"}`,
			check: func(t *testing.T, m *Match, out []checkResult) { refused(t, out[0], "U12.7") }},
		{name: "UR21 Liches: no coin, no target, Active Liches too", board: two(reg("r1", 0, "ogres", false, 3), reg("r2", 1, "liches", false, 1)),
			seats: two(seat(0, "ogres", "", 0), seat(0, "liches", "", 0)), moves: `{"conquer": "r2"}`,
			check: func(t *testing.T, m *Match, out []checkResult) { refused(t, out[0], "U12.7") }},
		{name: "UR21 Liches: Active Liches cost no coin", board: two(reg("r1", 0, "ogres", false, 3), reg("r2", 1, "liches", false, 1)),
			seats: two(seat(1, "ogres", "", 0), seat(0, "liches", "", 0)), moves: `{"conquer": "r2"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if m.seats[0].Coins != 1 || m.seats[1].Coins != 0 {
					t.Errorf("coins %d, %d: conquering Active Liches pays nothing (U12.7)", m.seats[0].Coins, m.seats[1].Coins)
				}
			}},
		{name: "U12.8 Lizardmen pass rivers", board: reg("r1", 0, "lizardmen", false, 4),
			seats: two(seat(5, "lizardmen", "", 0), none), moves: `{"conquer": "r7"}`,
			check: func(t *testing.T, m *Match, out []checkResult) { accepted(t, out[0]) }},
		{name: "U5.3 others do not", board: reg("r1", 0, "ogres", false, 4),
			seats: two(seat(5, "ogres", "", 0), none), moves: `{"conquer": "r7"}`,
			check: func(t *testing.T, m *Match, out []checkResult) { refused(t, out[0], "U5.3") }},
		{name: "U12.9 Mudmen grow on Mudpools", board: two(reg("r7", 0, "mudmen", false, 1), reg("r12", 0, "mudmen", false, 1)),
			seats: two(seat(5, "mudmen", "", 0), none), moves: `{"end": true}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if n := at(m, "r7").Tokens + at(m, "r12").Tokens; n != 4 {
					t.Errorf("%d Mudmen on the board, want 4", n)
				}
			}},
		{name: "U12.10 Mummies +1, Gnomes included", board: two(reg("r1", 0, "mummies", false, 1), reg("r2", 1, "gnomes", false, 1)),
			seats: two(seat(5, "mummies", "", 0), seat(5, "gnomes", "", 0)), moves: `{"query": "cost", "region": "r2"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if costOf(t, out[0]) != 4 {
					t.Errorf("%v", out[0].Parts)
				}
			}},
		{name: "U12.11 Ogres -1, never below 1", board: reg("r1", 0, "ogres", false, 1),
			seats: two(seat(5, "ogres", "", 0), none), moves: `{"query": "cost", "region": "r4"}, {"query": "cost", "region": "r2"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if costOf(t, out[0]) != 1 || costOf(t, out[1]) != 1 {
					t.Errorf("%v %v", out[0].Parts, out[1].Parts)
				}
			}},
		{name: "U12.12 Shadow Mimes swap badges", board: "", seats: two(none, none),
			extra: []string{`"market": [{"race": "mimes", "power": "wise", "coins": 0}, {"race": "drow", "power": "muddy", "coins": 0}]`},
			moves: `{"pick": 0}, {"swap": 0}`, check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[1])
				a := m.seats[0].Active
				if a.Power != Muddy || a.Hand != 10 || m.offer[0].Power != Wise {
					t.Errorf("power %s hand %d, offer %v", a.Power, a.Hand, m.offer)
				}
			}},
		{name: "U12.13 Shrooms on Mushroom Forests", board: two(reg("r2", 0, "shrooms", false, 1), reg("r9", 0, "shrooms", false, 1)),
			seats: two(seat(5, "shrooms", "", 0), none), moves: `{"query": "score"}`, check: scores("U12.13", 2)},
		{name: "U12.14 Spiderines along the chasms", board: reg("r1", 0, "spiderines", false, 3),
			seats: two(seat(5, "spiderines", "", 0), none), moves: `{"conquer": "r9"}`,
			check: func(t *testing.T, m *Match, out []checkResult) { accepted(t, out[0]) }},
		{name: "U12.14 Spiderines' first conquest on a chasm shore", board: reg("r12", 1, "ogres", false, 1),
			seats: two(seat(5, "spiderines", "", 5), seat(5, "ogres", "", 0)), moves: `{"conquer": "r6"}`,
			check: func(t *testing.T, m *Match, out []checkResult) { accepted(t, out[0]) }},
		{name: "U12.15 Will-o'-Wisps roll before a conquest", board: two(reg("r6", 0, "wisps", false, 1), reg("r7", 1, "ogres", false, 2)),
			seats: two(seat(5, "wisps", "", 3), seat(5, "ogres", "", 0)), moves: `{"wisps": "r7", "die": 2}, {"wisps": "r3", "die": 0}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if at(m, "r7").Tokens != 2 {
					t.Errorf("r7 holds %d, want the reduced cost 2", at(m, "r7").Tokens)
				}
				accepted(t, out[1]) // cost 3, 1 in hand: fails, conquests end
				if at(m, "r3").Owner == 0 || (out[1].Step == "conquer" && *out[1].Seat == 0) {
					t.Errorf("failed Wisps roll: %+v", out[1])
				}
			}},
	})
}

func TestPowers(t *testing.T) {
	none := seat(5, "", "", 0)
	runEffects(t, []effect{
		{name: "U13.1 Adventurous", board: two(reg("r1", 0, "ogres", false, 1, `"place": "keep"`), reg("r2", 0, "ogres", false, 1)),
			seats: two(seat(5, "ogres", "adventurous", 0), none), moves: `{"query": "score"}`, check: scores("U13.1", 1)},
		{name: "U13.4 Frightened", board: two(reg("r1", 0, "ogres", false, 3), reg("r2", 0, "ogres", false, 2)),
			seats: two(seat(5, "ogres", "frightened", 0), none), moves: `{"query": "score"}`, check: scores("U13.4", 1)},
		{name: "U13.6 Magic: the Bag copies the Sword once", board: two(reg("r1", 0, "ogres", false, 1), reg("r12", 1, "drow", false, 1, `"relic": "sword"`)),
			seats: two(seat(5, "ogres", "magic", 3), seat(5, "drow", "", 0)),
			moves: `{"query": "cost", "region": "r2", "with": ["bag:sword"]}, {"conquer": "r2", "with": ["bag:sword"]}, {"conquer": "r3", "with": ["bag:sword"]}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if costOf(t, out[0]) != 1 {
					t.Errorf("%v", out[0].Parts)
				}
				accepted(t, out[1])
				refused(t, out[2], "U13.6")
				if m.fig.Bag != int8(m.mp.Index("r2")) {
					t.Errorf("Bag at %d", m.fig.Bag)
				}
			}},
		{name: "U13.6 Magic: the Bag as the Scepter at the end of the turn",
			board: two(reg("r1", 0, "ogres", false, 1), two(reg("r8", 0, "ogres", false, 1), reg("r12", 1, "drow", false, 1, `"relic": "scepter"`))),
			seats: two(seat(5, "ogres", "magic", 0), seat(5, "drow", "", 0)), moves: `{"place": {"bag:scepter": "r12"}}, {"place": {"bag:scepter": "r8"}}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				refused(t, out[0], "U13.6")
				accepted(t, out[1])
				if m.seats[0].Coins != 5+2+1 {
					t.Errorf("coins %d, want 8 (r8 doubled)", m.seats[0].Coins)
				}
			}},
		{name: "U13.7 Martyr", board: two(reg("r1", 0, "ogres", false, 3), reg("r2", 1, "drow", false, 1)),
			seats: two(seat(5, "ogres", "", 0), seat(0, "drow", "martyr", 0)), moves: `{"conquer": "r2"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if m.seats[1].Coins != 1 {
					t.Errorf("Martyr coins %d", m.seats[1].Coins)
				}
			}},
		{name: "U13.8 Mining", board: two(reg("r1", 0, "ogres", false, 1), reg("r8", 0, "ogres", false, 1)),
			seats: two(seat(5, "ogres", "mining", 0), none), moves: `{"query": "score"}`, check: scores("U13.8", 2)},
		{name: "U13.9 Muddy (Active)", board: reg("r7", 0, "ogres", false, 1),
			seats: two(seat(5, "ogres", "muddy", 0), none), moves: `{"query": "score"}`, check: scores("U13.9", 1)},
		{name: "U13.10 Mystic", board: reg("r6", 0, "ogres", false, 1),
			seats: two(seat(5, "ogres", "mystic", 0), none), moves: `{"query": "score"}`, check: scores("U13.10", 1)},
		{name: "U13.12 Reborn", board: two(reg("r8", 0, "drow", true, 1), reg("r9", 0, "drow", true, 1)),
			seats: two(seat(5, "", "", 0, "drow", "reborn"), none), extra: []string{`"market": [{"race": "ogres", "power": null, "coins": 0}]`},
			moves: `{"pick": 0}, {"reborn": ["r8"]}, {"conquer": "r7"}`, check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[1])
				accepted(t, out[2])
				if r := at(m, "r8"); r.Owner != 0 || r.Decline {
					t.Errorf("r8 not Active Ogres")
				}
			}},
		{name: "U13.13 Royal: the Queen makes immune", board: two(reg("r1", 0, "ogres", false, 1), reg("r12", 0, "ogres", false, 1)),
			seats: two(seat(5, "ogres", "royal", 0), none), moves: `{"place": {"queen": "r1"}}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if rule, ok := m.target(1, m.mp.Index("r1")); ok || rule != "U16.10" {
					t.Errorf("Queen's region not immune")
				}
			}},
		{name: "U13.14 Shield: armor per Mushroom Forest", board: two(reg("r1", 0, "ogres", false, 1), two(reg("r2", 0, "ogres", false, 1), reg("r9", 0, "ogres", false, 1))),
			seats: two(seat(5, "ogres", "shield", 0), none), moves: `{"end": true}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if m.armorIn != 2 || at(m, "r1").Armor+at(m, "r2").Armor+at(m, "r9").Armor != 2 {
					t.Errorf("armor %d", m.armorIn)
				}
			}},
		{name: "U13.15 Stone", board: reg("r3", 0, "ogres", false, 1),
			seats: two(seat(5, "ogres", "stone", 0), none), moves: `{"query": "score"}`, check: scores("U13.15", 1)},
		{name: "U13.16 Thieving", board: two(reg("r1", 0, "ogres", false, 1), reg("r2", 1, "drow", false, 1)),
			seats: two(seat(5, "ogres", "thieving", 0), seat(5, "drow", "", 0)), moves: `{"end": true}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if m.seats[0].Coins != 7 || m.seats[1].Coins != 4 {
					t.Errorf("coins %d %d", m.seats[0].Coins, m.seats[1].Coins)
				}
			}},
		{name: "U13.17 Tomb keeps all tokens In Decline", board: two(reg("r1", 0, "ogres", false, 3), reg("r2", 0, "ogres", false, 2)),
			seats: two(seat(0, "ogres", "tomb", 0), none), moves: `{"decline": true}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if at(m, "r1").Tokens+at(m, "r2").Tokens != 5 || m.seats[0].Decline.Power != Tomb {
					t.Errorf("Tomb lost tokens")
				}
			}},
		{name: "U13.17 Tomb In Decline loses one, redeploys the rest", board: two(reg("r1", 1, "ogres", true, 3), two(reg("r12", 1, "ogres", true, 1), reg("r4", 0, "drow", false, 1))),
			seats: two(seat(5, "drow", "", 6), seat(5, "", "", 0, "ogres", "tomb")), moves: `{"conquer": "r1"}, {"end": true}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if at(m, "r12").Tokens != 3 {
					t.Errorf("r12 holds %d, want 3", at(m, "r12").Tokens)
				}
			}},
		{name: "U13.18 Vampire substitutes a lone token", board: two(reg("r1", 0, "ogres", false, 1), reg("r2", 1, "drow", false, 1, `"armor": 1`)),
			seats: two(seat(5, "ogres", "vampire", 1), seat(5, "drow", "immortal", 0)), moves: `{"vampire": "r2"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if r := at(m, "r2"); r.Owner != 0 || r.Tokens != 1 || m.seats[1].Active.Hand != 0 || m.seats[0].Active.Hand != 1 {
					t.Errorf("r2 %+v, hands %d %d", *r, m.seats[0].Active.Hand, m.seats[1].Active.Hand)
				}
			}},
		{name: "U13.20 Vengeful: a marker for the attacker", board: two(reg("r1", 0, "ogres", false, 3), reg("r2", 1, "drow", false, 1)),
			seats: two(seat(5, "ogres", "", 0), seat(5, "drow", "vengeful", 0)), moves: `{"conquer": "r2"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if m.seats[0].MarkedBy != 1<<1 {
					t.Errorf("marked by %b", m.seats[0].MarkedBy)
				}
			}},
		{name: "U13.20 Vengeful: -1 against the marked", board: two(reg("r1", 0, "ogres", false, 3), reg("r2", 1, "drow", false, 1)),
			seats: two(seat(5, "ogres", "vengeful", 0), strings.Replace(seat(5, "drow", "", 0), `"marked_by": []`, `"marked_by": [0]`, 1)),
			moves: `{"query": "cost", "region": "r2"}, {"end": true}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if costOf(t, out[0]) != 1 || m.seats[1].MarkedBy != 0 {
					t.Errorf("%v; marker kept %b", out[0].Parts, m.seats[1].MarkedBy)
				}
			}},
		{name: "U13.21 Wise In Decline", board: reg("r12", 0, "drow", true, 1),
			seats: two(seat(5, "", "", 0, "drow", "wise"), none), extra: []string{`"market": [{"race": "ogres", "power": null, "coins": 0}]`},
			moves: `{"query": "score"}`, check: scores("U13.21", 2)},
	})
}
