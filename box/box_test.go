package box

import (
	"encoding/json"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules/ruletest"
)

// TestContract runs the box's contract test (rules/ruletest) for every game
// on the contract: random games end, every legal move is accepted, refused
// moves change nothing, records replay, the JSON decoders read back what
// the game writes, no view or redacted event leaks what the game's
// "Hidden information" forbids, and every computer player level finishes
// games (issue 12).
func TestContract(t *testing.T) {
	for _, g := range Games() {
		if g.Rules == nil {
			t.Errorf("%s: not on the contract", g.ID)
			continue
		}
		if g.Rules.ID() != g.ID {
			t.Errorf("%s: Rules.ID() is %q", g.ID, g.Rules.ID())
		}
		t.Run(g.ID, func(t *testing.T) {
			ruletest.Contract(t, ruletest.Config{Game: g.Rules, Hidden: g.Hidden, Probes: 4, BotGames: 1})
		})
	}
}

// TestHiddenCheckCanFail: each game's hidden-information check refuses a
// leak: the contract test's toy game shows the harness finds one, and here
// each game's own check is fed a view of another seat.
func TestHiddenCheckCanFail(t *testing.T) {
	for _, g := range Games() {
		m, err := g.Rules.New(func() int { lo, _ := g.Rules.Seats(); return lo }(), nil, 7)
		if err != nil {
			t.Fatal(err)
		}
		data, err := jsonOf(m.View(1))
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Hidden(m, 0, data); err == nil {
			t.Errorf("%s: seat 1's view passes as what seat 0 may see", g.ID)
		}
	}
}

func jsonOf(v any) ([]byte, error) { return json.Marshal(v) }

// TestTableKnowsNoGame: packages game (the table) and lan (the network)
// import no game package of the box, only the contract (docs/DESIGN.md:
// game and lan know only rules), their tests included; asked of the go
// command (rules/imports_test.go checks the same of every game package).
func TestTableKnowsNoGame(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-test", "../game", "../lan").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "github.com/goldvein/goldvein/rules") {
		t.Fatalf("go list -deps -test ../game ../lan lists no rules package: %v", deps)
	}
	for _, p := range deps {
		for _, g := range Games() {
			if gp := "github.com/goldvein/goldvein/rules/" + g.ID; p == gp || strings.HasPrefix(p, gp+"/") {
				t.Errorf("package game or lan, or their tests, import the game package %s", p)
			}
		}
	}
}

// TestSeatRangeIsTheContracts: help's player counts are the contract's
// Seats, written once in the rules (issue 24, item 11): a game given no
// count of its own shows its rules' range.
func TestSeatRangeIsTheContracts(t *testing.T) {
	var out strings.Builder
	Box{{ID: "toy", Title: "Toy", Summary: "a test game", Rules: ruletest.Toy{}}}.List(&out)
	if !strings.Contains(out.String(), "Toy, 2-10 players: a test game") {
		t.Errorf("help for a game on the contract with seats 2 to 10:\n%s", out.String())
	}
	for _, g := range Games() {
		lo, hi := g.Rules.Seats()
		if want := strconv.Itoa(lo) + "-" + strconv.Itoa(hi); g.SeatRange() != want {
			t.Errorf("%s: SeatRange %q, want %q", g.ID, g.SeatRange(), want)
		}
	}
}
