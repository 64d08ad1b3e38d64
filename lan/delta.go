package lan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// viewJSONField maps each JSON name of saboteur.View to its field index.
var viewJSONField = func() map[string]int {
	m := map[string]int{}
	t := reflect.TypeFor[saboteur.View]()
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			m[name] = i
		}
	}
	return m
}()

// mergeDelta returns prev with the fields of delta replaced. Replaced
// fields are zeroed first, so that decoding never writes into prev's
// slices (views handed out earlier stay as they were); the others are
// shared with prev, and nobody changes a view once made.
//
// The new view is allocated once, here (a view is about 9 KB: the maze's
// cell grid).
func mergeDelta(prev *saboteur.View, delta json.RawMessage) (*saboteur.View, error) {
	keys, err := objectKeys(delta)
	if err != nil {
		return nil, err
	}
	nv := new(saboteur.View)
	*nv = *prev
	rv := reflect.ValueOf(nv).Elem()
	for _, k := range keys {
		i, ok := viewJSONField[k]
		if !ok {
			return nil, fmt.Errorf("unknown view field %q", k)
		}
		rv.Field(i).SetZero()
	}
	if err := strictJSON(delta, nv); err != nil {
		return nil, err
	}
	return nv, nil
}

// objectKeys returns the keys of the JSON object p, in order, without
// decoding their values. p that is not an object, or not valid JSON, is an
// error.
func objectKeys(p []byte) ([]string, error) {
	if !json.Valid(p) {
		return nil, errors.New("not valid JSON")
	}
	p = bytes.TrimSpace(p)
	if len(p) == 0 || p[0] != '{' {
		return nil, errors.New("not a JSON object")
	}
	var keys []string
	depth, expectKey := 0, false
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '{', '[':
			depth++
			expectKey = depth == 1
		case '}', ']':
			depth--
		case ',':
			expectKey = depth == 1
		case '"':
			j, escaped := i+1, false
			for p[j] != '"' { // valid JSON: the string ends
				if p[j] == '\\' {
					escaped = true
					j++
				}
				j++
			}
			if expectKey {
				k := string(p[i+1 : j])
				if escaped {
					if err := json.Unmarshal(p[i:j+1], &k); err != nil {
						return nil, err
					}
				}
				keys = append(keys, k)
				expectKey = false
			}
			i = j
		}
	}
	return keys, nil
}

// viewTracker keeps the newest view of one connection's stream, so that
// updates carrying a delta become whole views.
type viewTracker struct {
	last *saboteur.View
}

// apply completes an update: a delta is merged into the previous view and
// m.View set to the result. Other messages pass unchanged.
func (vt *viewTracker) apply(m *Message) error {
	if m.T != TUpdate {
		return nil
	}
	if m.Delta != nil {
		if vt.last == nil {
			return errors.New("lan: update: a delta before any view")
		}
		nv, err := mergeDelta(vt.last, m.Delta)
		if err != nil {
			return fmt.Errorf("lan: update: delta: %w", err)
		}
		m.View, m.Delta = nv, nil
	}
	vt.last = m.View
	return nil
}
