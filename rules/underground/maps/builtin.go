package maps

import (
	"embed"
	"fmt"
	"slices"
	"sync"
)

//go:embed data/*.json
var data embed.FS

// names are the built-in maps, for 2, 3, 4 and 5 players (U1.1).
var names = [...]string{"caves-2p", "caves-3p", "caves-4p", "caves-5p"}

// Names lists the built-in maps, "caves-2p" to "caves-5p", in player order.
func Names() []string { return slices.Clone(names[:]) }

// parsed loads every built-in map once; Builtin hands out copies.
var parsed = sync.OnceValues(func() (map[string]*Map, error) {
	out := make(map[string]*Map, len(names))
	for _, name := range names {
		raw, err := data.ReadFile("data/" + name + ".json")
		if err != nil {
			return nil, fmt.Errorf("maps: %s: %w", name, err)
		}
		m, err := Parse(raw)
		if err != nil {
			return nil, fmt.Errorf("maps: %s: %w", name, err)
		}
		out[name] = m
	}
	return out, nil
})

// Builtin returns a fresh copy of the built-in map with this name (Names),
// one of the project's own maps designed to the Maps section's targets;
// the caller may keep or change it.
func Builtin(name string) (*Map, error) {
	all, err := parsed()
	if err != nil {
		return nil, err
	}
	m, ok := all[name]
	if !ok {
		return nil, fmt.Errorf("maps: map: unknown map %q (caves-2p, caves-3p, caves-4p, caves-5p)", name)
	}
	return m.Clone(), nil
}

// ForPlayers returns the built-in map for a player count, 2 to 5 (U1.1,
// U2.1).
func ForPlayers(n int) (*Map, error) {
	if n < 2 || n > 5 {
		return nil, fmt.Errorf("maps: players: %d is not between 2 and 5 (U1.1)", n)
	}
	return Builtin(names[n-2])
}

// Raw returns the embedded JSON of a built-in map, as Parse reads it.
func Raw(name string) ([]byte, error) {
	for _, n := range names {
		if n == name {
			return data.ReadFile("data/" + name + ".json")
		}
	}
	return nil, fmt.Errorf("maps: map: unknown map %q", name)
}
