package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// KeyError is JSON that decodes but cannot be meant: an object that names
// a key twice (encoding/json would keep the last silently, so a position
// or record could say two things of one field), or nesting deeper than the
// reader allows. Path is the field, as "seats[2].name"; "" is the whole
// input.
type KeyError struct {
	Path   string
	Reason string
}

// Error reads "PATH: reason", or the reason alone for the whole input.
func (e *KeyError) Error() string {
	if e.Path == "" {
		return e.Reason
	}
	return e.Path + ": " + e.Reason
}

// CheckKeys walks JSON data and returns a *KeyError for the first object
// that names a key twice ("given twice") or the first value nested deeper
// than maxDepth levels (0: no bound). Malformed JSON is a *KeyError too;
// it reads nothing but data. The position readers (goldvein check) and
// ParseRecord call it before decoding, so every game refuses duplicate
// keys alike.
func CheckKeys(data []byte, maxDepth int) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	depth := 0
	var walk func(path string) error
	walk = func(path string) error {
		if depth++; maxDepth > 0 && depth > maxDepth {
			return &KeyError{path, fmt.Sprintf("nested deeper than %d levels", maxDepth)}
		}
		defer func() { depth-- }()
		tok, err := dec.Token()
		if err != nil {
			return &KeyError{path, fmt.Sprintf("malformed JSON: %v", err)}
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return &KeyError{path, fmt.Sprintf("malformed JSON: %v", err)}
				}
				k, _ := kt.(string)
				p := strings.TrimPrefix(path+"."+k, ".")
				if seen[k] {
					return &KeyError{p, "given twice"}
				}
				seen[k] = true
				if err := walk(p); err != nil {
					return err
				}
			}
			if _, err := dec.Token(); err != nil {
				return &KeyError{path, fmt.Sprintf("malformed JSON: %v", err)}
			}
		case json.Delim('['):
			for n := 0; dec.More(); n++ {
				if err := walk(fmt.Sprintf("%s[%d]", path, n)); err != nil {
					return err
				}
			}
			if _, err := dec.Token(); err != nil {
				return &KeyError{path, fmt.Sprintf("malformed JSON: %v", err)}
			}
		}
		return nil
	}
	return walk("")
}
