package rules

import (
	"errors"
	"strings"
	"testing"
)

func TestCheckKeys(t *testing.T) {
	for _, c := range []struct {
		in, path, reason string
	}{
		{`{"a":1,"b":[{"c":1},{"c":2}]}`, "", ""},
		{`{"a":1,"a":2}`, "a", "given twice"},
		{`{"seats":[{"name":"x"},{"name":"y","name":"z"}]}`, "seats[1].name", "given twice"},
		{`{"a":{"b":{"c":{"d":1}}}}`, "a.b.c.d", "nested deeper than 4 levels"},
		{`{"a":`, "a", "malformed JSON"},
		{`[1,2,3]`, "", ""},
	} {
		err := CheckKeys([]byte(c.in), 4) // a scalar counts as a level
		if c.reason == "" {
			if err != nil {
				t.Errorf("%s: %v", c.in, err)
			}
			continue
		}
		var ke *KeyError
		if !errors.As(err, &ke) || ke.Path != c.path || !strings.HasPrefix(ke.Reason, c.reason) {
			t.Errorf("%s: got %v, want %s: %s", c.in, err, c.path, c.reason)
		}
	}
}

// TestParseRecordDuplicateKey: a record that names a field twice is no
// record (encoding/json alone would keep the last value).
func TestParseRecordDuplicateKey(t *testing.T) {
	good := `{"format":2,"game":"toy","options":{},"seed":1,"seats":[{"name":"a","kind":"human"}],"moves":[]}`
	if _, err := ParseRecord([]byte(good)); err != nil {
		t.Fatalf("good record: %v", err)
	}
	for _, in := range []string{
		`{"format":2,"game":"toy","game":"saboteur","options":{},"seed":1,"seats":[{"name":"a","kind":"human"}],"moves":[]}`,
		`{"format":2,"game":"toy","options":{},"seed":1,"seats":[{"name":"a","name":"b","kind":"human"}],"moves":[]}`,
	} {
		_, err := ParseRecord([]byte(in))
		if err == nil || !strings.Contains(err.Error(), "given twice") {
			t.Errorf("%s: err %v, want given twice", in, err)
		}
	}
}
