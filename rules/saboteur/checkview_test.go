package saboteur_test

import (
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// TestCheckView: Saboteur's check of a view a LAN guest received
// (rules.ViewChecker) passes the seat's own view, and an over one with a
// score per seat, and refuses another seat's view, a turn outside the
// table, hand sizes of another table and an end without a score per seat
// (the cases lan's TestClientRefusesABadView had when it played Saboteur;
// it plays the toy game now).
func TestCheckView(t *testing.T) {
	g, _, err := saboteur.New(saboteur.Options{Players: 4, FirstPlayer: 0}, 3)
	if err != nil {
		t.Fatal(err)
	}
	good := g.View(2)
	over := good
	over.Phase, over.Scores = saboteur.Over, []int{1, 2, 3, 4}
	for _, tc := range []struct {
		name  string
		spoil func(v *saboteur.View)
		want  string // "" when the view passes
	}{
		{"good", func(v *saboteur.View) {}, ""},
		{"over with scores", func(v *saboteur.View) { *v = over }, ""},
		{"another seat", func(v *saboteur.View) { v.Seat = 99 }, "of seat 99, but this is seat 2"},
		{"turn out of the table", func(v *saboteur.View) { v.Turn = 99 }, "turn 99"},
		{"negative turn", func(v *saboteur.View) { v.Turn = -1 }, "turn -1"},
		{"hand sizes", func(v *saboteur.View) { v.HandSizes = v.HandSizes[:1] }, "1 hand sizes"},
		{"over without scores", func(v *saboteur.View) { *v = over; v.Scores = nil }, "over with 0 scores"},
		{"over with one score", func(v *saboteur.View) { *v = over; v.Scores = []int{7} }, "over with 1 scores"},
	} {
		v := good
		tc.spoil(&v)
		err := saboteur.Rules{}.CheckView(v, 2)
		if tc.want == "" && err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		if tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	if err := (saboteur.Rules{}).CheckView("view", 2); err == nil {
		t.Error("a string passes as a Saboteur view")
	}
}
