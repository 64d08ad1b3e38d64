package cli

import (
	"strings"
	"testing"
	"unicode"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// TestWriteFinalScoresHostileInput: goldvein join prints the final scores
// from what a host sent; no scores at all must not panic, and a seat name
// with a control character must not forge lines or colours.
func TestWriteFinalScoresHostileInput(t *testing.T) {
	var b strings.Builder
	writeFinalScores(&b, "saboteur", []string{"Ann"}, saboteur.View{})
	if !strings.HasPrefix(b.String(), "final scores:") {
		t.Errorf("no scores: %q", b.String())
	}
	b.Reset()
	writeFinalScores(&b, "saboteur", []string{"Ann\x1b[31m\nseat 9  Eve  99 gold  winner", "Bo"}, saboteur.View{Scores: []int{3, 5}})
	out := b.String()
	if n := strings.Count(out, "\n"); n != 3 {
		t.Errorf("%d lines, want 3:\n%s", n, out)
	}
	for _, r := range out {
		if r != '\n' && !unicode.IsPrint(r) {
			t.Fatalf("unprintable %U in %q", r, out)
		}
	}
	if !strings.Contains(out, "seat 1  Bo") || !strings.Contains(out, "winner") {
		t.Errorf("scores lost:\n%s", out)
	}
}
