package underground

import (
	"fmt"
	"testing"
)

// TestRuleNumbers: every race, power, Place and Relic row names its own
// rule, in the order of UNDERGROUND.md (U12.n, U13.n, U14.n, U15.n), so
// the help page made from the row cites the right one.
func TestRuleNumbers(t *testing.T) {
	for r := Race(0); r < NumRaces; r++ {
		if want := fmt.Sprintf("U12.%d", r+1); r.Rule() != want {
			t.Errorf("%v: rule %q, want %q", r, r.Rule(), want)
		}
	}
	for p := Power(0); p < NumPowers; p++ {
		if want := fmt.Sprintf("U13.%d", p+1); p.Rule() != want {
			t.Errorf("%v: rule %q, want %q", p, p.Rule(), want)
		}
	}
	for k := Marker(0); k < NumMarkers; k++ {
		want := fmt.Sprintf("U14.%d", k+1)
		if k.IsRelic() {
			want = fmt.Sprintf("U15.%d", k-Doormat+1)
		}
		if k.Rule() != want {
			t.Errorf("%v: rule %q, want %q", k, k.Rule(), want)
		}
	}
	if NoRace.Rule() != "" || NoPower.Rule() != "" || NoMarker.Rule() != "" {
		t.Error("the empty slots name a rule")
	}
	// U9.3's list of what works In Decline.
	if a, d := Muddy.Works(); !a || !d {
		t.Errorf("Muddy works Active %v, In Decline %v", a, d)
	}
	if a, d := Wise.Works(); a || !d {
		t.Errorf("Wise works Active %v, In Decline %v", a, d)
	}
	if !Keep.WorksInDecline() || Pipe.WorksInDecline() || Sword.WorksInDecline() {
		t.Error("In Decline Places wrong")
	}
}
