package underground

import (
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules"
)

func TestDescribe(t *testing.T) {
	m, err := New(3, Options{}, 7)
	if err != nil {
		t.Fatal(err)
	}
	rec := rules.NewRecord(ID, nil, 7, []rules.RecordSeat{{Name: "Ann", Kind: rules.Human}, {Name: "Bob", Kind: rules.Human}, {Name: "Cy", Kind: rules.Human}})
	rng := rules.NewRNG(3)
	for !m.Over() {
		s := m.ToMove()[0]
		legal := m.LegalMoves(s)
		mv := legal[0]
		if rng.IntN(2) == 0 {
			mv = legal[rng.IntN(len(legal))]
		}
		if _, err := m.apply(s, mv); err != nil {
			t.Fatal(err)
		}
		if err := rec.Add(s, mv); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	if err := Describe(rec, &b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"picks ", "conquers ", "scores ", "U9.1", "Final scores (U10.1):", "Winner", "Ann (seat 0)"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	rec.Moves = append(rec.Moves, rec.Moves[0])
	if err := Describe(rec, &b); err == nil {
		t.Error("a record with an illegal move described without error")
	}
}
