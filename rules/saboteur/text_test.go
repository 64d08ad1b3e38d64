package saboteur

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestViewJSONUsesWords checks that a view's enumerations travel as words
// (readable by any client) and come back unchanged.
func TestViewJSONUsesWords(t *testing.T) {
	g, _, err := New(Options{Players: 5, FirstPlayer: 0}, 7)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range g.LegalMoves(0) {
		if m.Card.Kind == Broken {
			if _, err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	v := g.View(1)
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, want := range []string{`"phase":"playing"`, `"role":"` + v.Role.String() + `"`, `"peeked":["NONE","NONE","NONE"]`} {
		if !strings.Contains(s, want) {
			t.Errorf("view JSON lacks %s:\n%s", want, s)
		}
	}
	if !strings.Contains(s, `"broken":["`) {
		t.Errorf("broken tools are not a list of words:\n%s", s)
	}
	var back View
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Broken, v.Broken) || back.Role != v.Role || back.Phase != v.Phase || back.Peeked != v.Peeked {
		t.Errorf("view did not come back: %+v vs %+v", back, v)
	}
}

func TestTextEnumsRejectUnknownWords(t *testing.T) {
	var r Role
	var tm Team
	var p Phase
	var gc GoalCard
	var tl Tool
	for _, err := range []error{r.UnmarshalText([]byte("king")), tm.UnmarshalText([]byte("x")),
		p.UnmarshalText([]byte("paused")), gc.UnmarshalText([]byte("DIAMOND")), tl.UnmarshalText([]byte("hammer"))} {
		if err == nil {
			t.Error("an unknown word was accepted")
		}
	}
}
