package fonts

import (
	"strings"
	"testing"
)

// Every embedded font parses (each on its first use) into the family it
// is embedded as.
func TestSourcesParse(t *testing.T) {
	for _, c := range []struct {
		f      Family
		w      Weight
		family string
	}{
		{Latin, Regular, "Noto Sans"},
		{Latin, Bold, "Noto Sans"},
		{Arabic, Regular, "Vazirmatn"},
		{Arabic, Bold, "Vazirmatn"},
	} {
		s := Source(c.f, c.w)
		if s == nil {
			t.Fatalf("Source(%d, %d) is nil", c.f, c.w)
		}
		md := s.Metadata()
		if !strings.HasPrefix(md.Family, c.family) {
			t.Errorf("Source(%d, %d) is %q, want %s", c.f, c.w, md.Family, c.family)
		}
		if bold := md.Weight >= 600; bold != (c.w == Bold) {
			t.Errorf("Source(%d, %d) has weight %v", c.f, c.w, md.Weight)
		}
		if Source(c.f, c.w) != s {
			t.Errorf("Source(%d, %d) parsed twice", c.f, c.w)
		}
	}
}
