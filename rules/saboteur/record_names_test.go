package saboteur

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRecordCheckNames: ParseRecord reads any seat name (replay prints it
// safely); CheckNames, which the autosave's Load calls, refuses one the
// game would never give a seat.
func TestRecordCheckNames(t *testing.T) {
	for _, tc := range []struct {
		name, seat, err string
	}{
		{"good", "Ann", ""},
		{"24 runes", strings.Repeat("ж", MaxName), ""},
		{"1500 runes", strings.Repeat("W", 1500), "record: seats[1]: name: name is longer than 24 characters"},
		{"bidi override", "Ann\u202e", "record: seats[1]: name: name has an unprintable character U+202E"},
		{"newline", "A\nnn", "record: seats[1]: name: name has an unprintable character U+000A"},
		{"blank", "  ", "record: seats[1]: name: name is empty"},
		{"unnamed seat", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := NewRecord(Options{Players: 3}, 1, []string{"Bo", tc.seat, "Cy"})
			data, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseRecord(data)
			if err != nil {
				t.Fatalf("ParseRecord: %v", err)
			}
			err = back.CheckNames()
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.err {
				t.Errorf("error %q, want %q", got, tc.err)
			}
		})
	}
}

func TestCutName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Ann", "Ann"},
		{strings.Repeat("W", 1500), strings.Repeat("W", MaxName)},
		{"An\u202en", "Ann"},
		{"\x1b[2JBo", "[2JBo"},
		{"  ", ""},
		{"\n\t", ""},
		{"A\xffn", "An"},
		{" Cy ", "Cy"},
	} {
		got := CutName(tc.in)
		if got != tc.want {
			t.Errorf("CutName(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got != "" && CheckName(got) != nil {
			t.Errorf("CutName(%q) = %q fails CheckName: %v", tc.in, got, CheckName(got))
		}
	}
}
