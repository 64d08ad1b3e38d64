package underground

import (
	"strings"
	"testing"
)

// hasEvent reports whether a line's events hold one of kind citing rule.
func hasEvent(r checkResult, kind EventKind, rule string) bool {
	for _, e := range r.Events {
		if e.Kind == kind && e.Rule == rule {
			return true
		}
	}
	return false
}

// TestCheckFormatAdditions: what issue 24 (item 7) added to the position
// format, each seen to fail before it.
func TestCheckFormatAdditions(t *testing.T) {
	none := seat(5, "", "", 0)
	// Seat 0's Ogres take r2 from seat 1's Drow, which keep r3 and r6 and
	// get 2 of r2's 3 tokens back into hand (U7.1): a defender's choice.
	defBoard := two(reg("r1", 0, "ogres", false, 3), two(reg("r2", 1, "drow", false, 3), two(reg("r3", 1, "drow", false, 1), reg("r6", 1, "drow", false, 1))))
	defSeats := two(seat(5, "ogres", "", 7), seat(5, "drow", "", 0))
	runEffects(t, []effect{
		{name: "an explicit redeploy of a race in one region, as made", board: reg("r1", 0, "ogres", false, 3),
			seats: two(seat(5, "ogres", "", 2), none), moves: `{"redeploy": {"r1": 5}}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if at(m, "r1").Tokens != 5 {
					t.Errorf("r1 holds %d", at(m, "r1").Tokens)
				}
			}},
		{name: "an explicit redeploy of a race in one region, wrong", board: reg("r1", 0, "ogres", false, 3),
			seats: two(seat(5, "ogres", "", 2), none), moves: `{"redeploy": {"r1": 4}}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				refused(t, out[0], "U7.5")
				if !strings.Contains(out[0].Error, `{"redeploy": {"r1": 5}}`) || strings.Contains(out[0].Error, "not a move of") {
					t.Errorf("error %q: want it to say the redeployment made", out[0].Error)
				}
				if at(m, "r1").Tokens != 3 || m.step > stepConquer {
					t.Errorf("a refused move changed the position: r1 %d, step %s", at(m, "r1").Tokens, m.step)
				}
			}},
		{name: "format 1: a defender's redeploy adds", board: defBoard, seats: defSeats, extra: []string{`"format": 1`},
			moves: `{"conquer": "r2"}, {"defend": {"seat": 1, "redeploy": {"r3": 2}}}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[1])
				if at(m, "r3").Tokens != 3 || at(m, "r6").Tokens != 1 {
					t.Errorf("r3 %d, r6 %d: want 3 and 1", at(m, "r3").Tokens, at(m, "r6").Tokens)
				}
			}},
		{name: "format 2: a defender's redeploy gives final counts", board: defBoard, seats: defSeats, extra: []string{`"format": 2`},
			moves: `{"conquer": "r2"}, {"defend": {"seat": 1, "redeploy": {"r3": 2, "r6": 2}}}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[1])
				if at(m, "r3").Tokens != 2 || at(m, "r6").Tokens != 2 {
					t.Errorf("r3 %d, r6 %d: want 2 and 2", at(m, "r3").Tokens, at(m, "r6").Tokens)
				}
			}},
		{name: "format 2: a defender only adds", board: defBoard, seats: defSeats, extra: []string{`"format": 2`},
			moves: `{"conquer": "r2"}, {"defend": {"seat": 1, "redeploy": {"r3": 0}}}`,
			check: func(t *testing.T, m *Match, out []checkResult) { refused(t, out[1], "U7.2") }},
		{name: "end_conquest ends the conquests only", board: two(reg("r1", 0, "ogres", false, 3), reg("r2", 0, "ogres", false, 1)),
			seats: two(seat(5, "ogres", "", 2), none), moves: `{"end_conquest": true}, {"redeploy": {"r1": 1, "r2": 5}}, {"end_conquest": true}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if out[0].Step != "redeploy" {
					t.Errorf("after end_conquest: step %q, want redeploy", out[0].Step)
				}
				accepted(t, out[1])
				if at(m, "r2").Tokens != 5 {
					t.Errorf("r2 %d", at(m, "r2").Tokens)
				}
				refused(t, out[2], "U5.8")
			}},
		{name: "event: the Silver Hammers taken", board: reg("r1", 0, "dwarves", false, 1),
			seats: two(seat(5, "dwarves", "", 1), none), moves: `{"end": true}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				if !hasEvent(out[0], EvBonus, "U12.5") {
					t.Errorf("no Silver Hammers event: %+v", out[0].Events)
				}
			}},
		{name: "event: the Shield's armor placed", board: two(reg("r2", 0, "ogres", false, 1), reg("r9", 0, "ogres", false, 1)),
			seats: two(seat(5, "ogres", "shield", 0), none), moves: `{"end_conquest": true}, {"armor": "r9"}, {"armor": "r9"}, {"end": true}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[1])
				if !hasEvent(out[1], EvPlace, "U13.14") {
					t.Errorf("no armor event: %+v", out[1].Events)
				}
				if at(m, "r9").Armor != 2 {
					t.Errorf("r9 armor %d", at(m, "r9").Armor)
				}
			}},
		{name: "event: the Great Ancient's placement", board: "", seats: two(seat(5, "cultists", "", 5), none), moves: `{"conquer": "r1"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if !hasEvent(out[0], EvAncient, "U12.1") {
					t.Errorf("no Great Ancient event: %+v", out[0].Events)
				}
			}},
		{name: "final: coins, then tokens on the board", board: two(reg("r1", 0, "ogres", false, 3), reg("r3", 1, "drow", false, 4)),
			seats: two(seat(5, "ogres", "", 0), seat(5, "drow", "", 0)), moves: `{"query": "final"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				r := out[0]
				if r.Scores["0"] != 5 || r.Scores["1"] != 5 || r.OnBoard["0"] != 3 || r.OnBoard["1"] != 4 || len(r.Winners) != 1 || r.Winners[0] != 1 || r.Tiebreak != "tokens" {
					t.Errorf("final: %+v", r)
				}
			}},
		{name: "badges: an empty stack draws from the discards (U14.8)", board: two(reg("r1", 0, "ogres", false, 1), reg("r7", 0, "ogres", false, 2)+`, "r8": {"monsters": 2}`),
			seats: two(seat(5, "ogres", "", 3), none), extra: []string{`"markers_left": 1`, `"badges": []`},
			moves: `{"conquer": "r8"}, {"draw": "stonehedge", "power": "mining"}`,
			check: func(t *testing.T, m *Match, out []checkResult) {
				accepted(t, out[0])
				if m.stone != Mining {
					t.Errorf("stonehedge %s", m.stone)
				}
			}},
	})
	// The badge stack is the only place a Stonehedge draw comes from.
	_, err := runCheck([]byte(pos(two(reg("r1", 0, "ogres", false, 1), reg("r7", 0, "ogres", false, 2)+`, "r8": {"monsters": 2}`),
		two(seat(5, "ogres", "", 3), none), `{"conquer": "r8"}, {"draw": "stonehedge", "power": "mining"}`, `"markers_left": 1`, `"badges": ["royal"]`)), func(checkResult) {})
	if err == nil || !strings.Contains(err.Error(), "mining is not in the badge stack") {
		t.Errorf("a draw from outside the given stack: %v", err)
	}
}
