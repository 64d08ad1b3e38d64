package underground

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// referencePosition is the example of UNDERGROUND.md, Position format,
// exactly as written there.
const referencePosition = `
{
  "players": 3,
  "map": "caves-3p",
  "turn": 4,
  "seat": 1,
  "board": {
    "r5": {"seat": 0, "race": "ogres", "decline": false, "tokens": 3, "armor": 0},
    "r7": {"monsters": 2},
    "r9": {"seat": 2, "race": "drow", "decline": true, "tokens": 1, "place": "keep"}
  },
  "figures": {"balrog": null, "queen": null, "ghost": null, "ancient": null, "volcano": null, "bag": null},
  "seats": [
    {"coins": 7, "active": {"race": "ogres", "power": "flocking", "hand": 0, "on_board": true},
     "decline": null, "hammers": 0, "armor_hand": 0, "marked_by": []},
    {"coins": 3, "active": null, "decline": {"race": "mummies", "power": "wise"}, "hammers": 0, "armor_hand": 0, "marked_by": []},
    {"coins": 9, "active": {"race": "gnomes", "power": "stone", "hand": 0, "on_board": true},
     "decline": {"race": "drow", "power": null}, "hammers": 0, "armor_hand": 0, "marked_by": []}
  ],
  "market": [{"race": "kraken", "power": "mining", "coins": 1}, {"race": "liches", "power": "tomb", "coins": 0},
             {"race": "shrooms", "power": "immortal", "coins": 0}, {"race": "wisps", "power": "royal", "coins": 0},
             {"race": "flames", "power": "fisher", "coins": 0}, {"race": "cultists", "power": "vampire", "coins": 0}],
  "used": {"doormat": false, "socks": false, "sword": false, "orb": false, "bag": false, "vampire_vs": [], "balrog_moved": false},
  "stonehedge": null,
  "markers_left": 3,
  "moves": [
    {"pick": 1},
    {"query": "targets"},
    {"conquer": "r7"},
    {"draw": "sword"},
    {"conquer": "r8", "with": ["sword"]},
    {"final": "r9", "die": 2},
    {"redeploy": {"r7": 3, "r5": 2}},
    {"query": "score"}
  ]
}
`

// TestReferencePosition: the reference's own example is read as written
// and answers one JSON line per move and query.
func TestReferencePosition(t *testing.T) {
	var out bytes.Buffer
	if err := Check(strings.NewReader(referencePosition), &out); err != nil {
		t.Fatal(err)
	}
	var lines []map[string]any
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		var l map[string]any
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		lines = append(lines, l)
	}
	if len(lines) != 8 { // one JSON object per move, one per line (the draw too)
		t.Fatalf("%d lines, want 8:\n%s", len(lines), out.String())
	}
	if lines[0]["legal"] != true || lines[1]["targets"] == nil || lines[7]["score"] == nil {
		t.Errorf("pick, targets, score:\n%s", out.String())
	}
	if lines[2]["legal"] == true && lines[3]["legal"] != true {
		t.Errorf("the draw after a legal conquest: %v", lines[3])
	}
	for _, l := range lines[2:7] {
		if l["legal"] == false && !strings.HasPrefix(l["rule"].(string), "U") {
			t.Errorf("refusal without a U-rule: %v", l)
		}
	}
}
