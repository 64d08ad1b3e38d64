package ruletest

import (
	"strings"
	"testing"
)

func toyConfig(g Toy) Config {
	c := Config{Game: g, Games: 40, MaxMoves: 500, Hidden: ToyHidden}
	c.defaults()
	return c
}

// TestContractToy: a sound game passes every check.
func TestContractToy(t *testing.T) {
	Contract(t, Config{Game: Toy{}, Games: 200, Hidden: ToyHidden})
}

// TestContractCatchesFaults: each fault of the toy is found, by the check
// meant for it, with a message that says what is wrong.
func TestContractCatchesFaults(t *testing.T) {
	tb := Table{Players: 3}
	for _, tc := range []struct {
		name string
		run  func() error
		want string
	}{
		{"leaky view", func() error { return RandomGame(toyConfig(Toy{LeakView: true}), tb, 1, true) }, "view leaks"},
		{"leaky event", func() error { return RandomGame(toyConfig(Toy{LeakEvent: true}), tb, 1, true) }, "event for seat"},
		{"bad legal move", func() error { return ProbeLegal(toyConfig(Toy{BadLegal: true}), tb, 1) }, "legal move"},
		{"endless", func() error { return RandomGame(toyConfig(Toy{Endless: true}), tb, 1, false) }, "not over after 500 moves"},
	} {
		err := tc.run()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
}

func FuzzToyDecoders(f *testing.F) {
	FuzzDecoders(f, Toy{}, []byte(`{"pick":1}`), []byte(`{"type":"revealed","seat":0,"picks":[1,2]}`))
}
