package bot

import (
	"testing"

	"github.com/goldvein/goldvein/rules/underground"
)

func TestRandomFinishesFromViewsOnly(t *testing.T) {
	if _, err := (Makers{}).NewBot("hard", 0, 1); err == nil {
		t.Error("unknown level accepted")
	}
	m, err := underground.New(4, underground.Options{}, 9)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]*Random, 4)
	for s := range bots {
		bots[s] = NewRandom(s, uint64(s))
	}
	for n := 0; !m.Over(); n++ {
		if n > 50000 {
			t.Fatal("no end")
		}
		s := m.ToMove()[0]
		if _, err := m.Apply(s, bots[s].Choose(m.View(s))); err != nil {
			t.Fatalf("random move refused: %v", err)
		}
	}
}
