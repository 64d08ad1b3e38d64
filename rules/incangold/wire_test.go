package incangold

import (
	"encoding/json"
	"testing"
)

// TestCheckViewAndLegalMoves: a guest takes its own seat's view and
// refuses another seat's (rules.ViewChecker); the legal moves read from a
// view are the match's (rules.LegalLister).
func TestCheckViewAndLegalMoves(t *testing.T) {
	var g Game
	m, err := g.New(3, nil, 5)
	if err != nil {
		t.Fatal(err)
	}
	seat := m.ToMove()[0]
	v := m.View(seat)
	if err := g.CheckView(v, seat); err != nil {
		t.Fatalf("the seat's own view: %v", err)
	}
	if err := g.CheckView(v, (seat+1)%3); err == nil {
		t.Fatal("another seat's view was taken")
	}
	if err := g.CheckView(m.View(-1), -1); err == nil {
		t.Fatal("a spectator's view was taken as a seat's")
	}
	if err := g.CheckView("view", seat); err == nil {
		t.Fatal("a string was taken as a view")
	}
	got, _ := json.Marshal(g.LegalMoves(v))
	want, _ := json.Marshal(m.Legal(seat))
	if string(got) != string(want) || len(want) <= 2 {
		t.Fatalf("legal moves from the view %s, from the match %s", got, want)
	}
}
