package maps

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// Parse reads a map strictly: the position format's map_inline object
// (UNDERGROUND.md, Position format: turns, regions with id, terrain, edge,
// monster, volcano, and borders), optionally with the built-in maps' name,
// players, width, height and each region's shape and label. Unknown or
// repeated fields, null values, wrong types, duplicate region ids, unknown
// terrains, borders to unknown regions or from a region to itself, and
// anything Validate refuses are errors that name the field, on one line.
// The flags edge, monster and volcano default to false.
func Parse(data []byte) (*Map, error) {
	m := &Map{}
	var turns, regions, borders bool
	err := decodeObject(data, "", map[string]func(json.RawMessage, string) error{
		"name":    func(v json.RawMessage, f string) error { return decodeValue(v, f, &m.Name) },
		"players": func(v json.RawMessage, f string) error { return decodeValue(v, f, &m.Players) },
		"turns": func(v json.RawMessage, f string) error {
			turns = true
			return decodeValue(v, f, &m.Turns)
		},
		"width":  func(v json.RawMessage, f string) error { return decodeValue(v, f, &m.Width) },
		"height": func(v json.RawMessage, f string) error { return decodeValue(v, f, &m.Height) },
		"regions": func(v json.RawMessage, f string) error {
			regions = true
			return decodeArray(v, f, func(v json.RawMessage, f string) error {
				r, err := decodeRegion(v, f)
				m.Regions = append(m.Regions, r)
				return err
			})
		},
		"borders": func(v json.RawMessage, f string) error {
			borders = true
			m.Borders = [][2]string{}
			return decodeArray(v, f, func(v json.RawMessage, f string) error {
				var pair []string
				if err := decodeValue(v, f, &pair); err != nil {
					return err
				}
				if len(pair) != 2 {
					return fmt.Errorf("%s: %d ids, a border joins 2 regions", f, len(pair))
				}
				m.Borders = append(m.Borders, [2]string{pair[0], pair[1]})
				return nil
			})
		},
	})
	if err != nil {
		return nil, fmt.Errorf("maps: %w", err)
	}
	for _, req := range []struct {
		ok   bool
		name string
	}{{turns, "turns"}, {regions, "regions"}, {borders, "borders"}} {
		if !req.ok {
			return nil, fmt.Errorf("maps: %s: missing", req.name)
		}
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("maps: %w", err)
	}
	return m, nil
}

func decodeRegion(data json.RawMessage, path string) (Region, error) {
	var r Region
	var id, terrain bool
	err := decodeObject(data, path, map[string]func(json.RawMessage, string) error{
		"id": func(v json.RawMessage, f string) error {
			id = true
			return decodeValue(v, f, &r.ID)
		},
		"terrain": func(v json.RawMessage, f string) error {
			terrain = true
			return decodeValue(v, f, &r.Terrain)
		},
		"edge":    func(v json.RawMessage, f string) error { return decodeValue(v, f, &r.Edge) },
		"monster": func(v json.RawMessage, f string) error { return decodeValue(v, f, &r.Monster) },
		"volcano": func(v json.RawMessage, f string) error { return decodeValue(v, f, &r.Volcano) },
		"shape": func(v json.RawMessage, f string) error {
			r.Shape = [][2]float64{}
			return decodeArray(v, f, func(v json.RawMessage, f string) error {
				p, err := decodePoint(v, f)
				r.Shape = append(r.Shape, p)
				return err
			})
		},
		"label": func(v json.RawMessage, f string) error {
			p, err := decodePoint(v, f)
			r.Label = p
			return err
		},
	})
	if err == nil && !id {
		err = fmt.Errorf("%s.id: missing", path)
	}
	if err == nil && !terrain {
		err = fmt.Errorf("%s.terrain: missing", path)
	}
	return r, err
}

func decodePoint(v json.RawMessage, f string) ([2]float64, error) {
	var p []float64
	if err := decodeValue(v, f, &p); err != nil {
		return [2]float64{}, err
	}
	if len(p) != 2 {
		return [2]float64{}, fmt.Errorf("%s: %d numbers, a point is [x, y]", f, len(p))
	}
	return [2]float64{p[0], p[1]}, nil
}

// decodeObject reads one JSON object, refusing unknown and repeated keys
// and trailing data, and hands each value to the handler of its key with
// the field's path.
func decodeObject(data []byte, path string, fields map[string]func(json.RawMessage, string) error) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	what := path
	if what == "" {
		what = "map"
	}
	if tok, err := dec.Token(); err != nil {
		return fmt.Errorf("%s: %s", what, jsonErr(err))
	} else if tok != json.Delim('{') {
		return fmt.Errorf("%s: want a JSON object", what)
	}
	seen := make(map[string]bool, len(fields))
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return fmt.Errorf("%s: %s", what, jsonErr(err))
		}
		key := tok.(string) // object keys are always strings
		f := key
		if path != "" {
			f = path + "." + key
		}
		handle, ok := fields[key]
		if !ok {
			return fmt.Errorf("%s: unknown field", strconv.Quote(f))
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return fmt.Errorf("%s: %s", f, jsonErr(err))
		}
		if seen[key] {
			return fmt.Errorf("%s: given twice", f)
		}
		seen[key] = true
		if err := handle(v, f); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return fmt.Errorf("%s: %s", what, jsonErr(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("%s: data after the object", what)
	}
	return nil
}

// decodeArray reads one JSON array (not null) and hands each element to
// each with its path ("regions[3]").
func decodeArray(data json.RawMessage, path string, each func(json.RawMessage, string) error) error {
	var items []json.RawMessage
	if err := decodeValue(data, path, &items); err != nil {
		return err
	}
	for i, v := range items {
		if err := each(v, fmt.Sprintf("%s[%d]", path, i)); err != nil {
			return err
		}
	}
	return nil
}

// decodeValue decodes one value, refusing null.
func decodeValue(data json.RawMessage, path string, v any) error {
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		return fmt.Errorf("%s: null", path)
	}
	if err := json.Unmarshal(data, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return fmt.Errorf("%s: %s is not a %s", path, te.Value, kind(te.Type.String()))
		}
		return fmt.Errorf("%s: %s", path, jsonErr(err))
	}
	return nil
}

func kind(goType string) string {
	switch goType {
	case "string", "maps.Terrain":
		return "string"
	case "int":
		return "whole number"
	case "float64":
		return "number"
	case "bool":
		return "boolean (true or false)"
	}
	return "list"
}

func jsonErr(err error) string {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return "unexpected end of JSON"
	}
	return err.Error()
}
