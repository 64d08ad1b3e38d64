package saboteur

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestViewFieldsCoverTheView keeps the delta's field list in step with
// View: every JSON key of a view must be a delta field.
func TestViewFieldsCoverTheView(t *testing.T) {
	g, _, err := New(Options{Players: 3}, 1)
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(0)
	v.Offer, v.Scores = []int{1}, []int{0, 0, 0}
	b, _ := json.Marshal(v)
	var keys map[string]json.RawMessage
	json.Unmarshal(b, &keys)
	names := map[string]bool{}
	for _, f := range viewFields {
		names[f.name] = true
	}
	for k := range keys {
		if !names[k] {
			t.Errorf("View field %q is missing from viewFields", k)
		}
	}
	if len(names) != len(keys) {
		t.Errorf("viewFields has %d names, the view %d keys", len(names), len(keys))
	}
}

func TestObjectKeys(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		ok   bool
	}{
		{`{"turn":2,"hand":["NE","x:\"y\""],"board":{"tiles":[{"card":"START","x":0}]},"results":null}`, []string{"turn", "hand", "board", "results"}, true},
		{` {} `, nil, true},
		{`{"\u0074urn":1,"a\"b":[{"c":{"d":1}}],"e":"{\"f\":1}"}`, []string{"turn", `a"b`, "e"}, true},
		{`[{"a":1}]`, nil, false},
		{`{"a":1`, nil, false},
		{`"a"`, nil, false},
		{``, nil, false},
	} {
		got, err := objectKeys([]byte(tc.in))
		if (err == nil) != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %q, %v; want %q (ok %v)", tc.in, got, err, tc.want, tc.ok)
		}
	}
}
