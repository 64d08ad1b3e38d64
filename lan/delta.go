package lan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/goldvein/goldvein/rules"
)

// viewField is one top-level field of rules.View's JSON form: its name
// and how to read it. A delta (lan/PROTOCOL.md, Updates) carries the fields
// whose value changed.
type viewField struct {
	name string
	get  func(v *rules.View) any
	same func(a, b *rules.View) bool // nil: reflect.DeepEqual of get
}

// viewFields lists every field of rules.View's JSON form (a test checks
// that none is missing).
var viewFields = []viewField{
	{"seat", func(v *rules.View) any { return v.Seat }, nil},
	{"options", func(v *rules.View) any { return v.Options }, nil},
	{"round", func(v *rules.View) any { return v.Round }, nil},
	{"phase", func(v *rules.View) any { return v.Phase }, nil},
	{"turn", func(v *rules.View) any { return v.Turn }, nil},
	{"moves", func(v *rules.View) any { return v.Moves }, nil},
	{"role", func(v *rules.View) any { return v.Role }, nil},
	{"hand", func(v *rules.View) any { return v.Hand }, nil},
	{"peeked", func(v *rules.View) any { return v.Peeked }, nil},
	{"board", func(v *rules.View) any { return v.Board },
		func(a, b *rules.View) bool { return slices.Equal(a.Board.Tiles(), b.Board.Tiles()) }},
	{"broken", func(v *rules.View) any { return v.Broken }, nil},
	{"hand_sizes", func(v *rules.View) any { return v.HandSizes }, nil},
	{"draw_pile", func(v *rules.View) any { return v.DrawPile }, nil},
	{"discards", func(v *rules.View) any { return v.Discards }, nil},
	{"maps_played", func(v *rules.View) any { return v.MapsPlayed }, nil},
	{"last_mover", func(v *rules.View) any { return v.LastMover }, nil},
	{"offer", func(v *rules.View) any { return v.Offer }, nil},
	{"offer_count", func(v *rules.View) any { return v.OfferCount }, nil},
	{"gold", func(v *rules.View) any { return v.Gold }, nil},
	{"scores", func(v *rules.View) any { return v.Scores }, nil},
	{"results", func(v *rules.View) any { return v.Results }, nil},
}

// boardCache keeps the JSON of the newest maze: the maze is public, so
// every seat's update after a move carries the same bytes, marshalled once.
type boardCache struct {
	mu    sync.Mutex
	tiles []rules.Tile
	json  []byte
}

// marshal returns the JSON of b (shared: do not change it). A nil cache
// marshals every time.
func (c *boardCache) marshal(b *rules.Board) ([]byte, error) {
	if c == nil {
		return json.Marshal(b)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.json != nil && slices.Equal(c.tiles, b.Tiles()) {
		return c.json, nil
	}
	p, err := json.Marshal(b)
	if err != nil {
		return nil, err
	}
	c.tiles, c.json = slices.Clone(b.Tiles()), p
	return p, nil
}

// viewDelta writes the JSON object of the fields of cur that differ from
// prev; a nil slice is written as null, so the merged view has it nil.
func viewDelta(prev, cur *rules.View, boards *boardCache) (json.RawMessage, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for _, f := range viewFields {
		same := false
		if f.same != nil {
			same = f.same(prev, cur)
		} else {
			same = reflect.DeepEqual(f.get(prev), f.get(cur))
		}
		if same {
			continue
		}
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.WriteByte('"')
		b.WriteString(f.name)
		b.WriteString(`":`)
		if f.name == "board" {
			p, err := boards.marshal(&cur.Board)
			if err != nil {
				return nil, fmt.Errorf("lan: view field board: %w", err)
			}
			b.Write(p)
			continue
		}
		v := f.get(cur)
		if rv := reflect.ValueOf(v); rv.Kind() == reflect.Slice && rv.IsNil() {
			b.WriteString("null")
			continue
		}
		p, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("lan: view field %s: %w", f.name, err)
		}
		b.Write(p)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// viewJSONField maps each JSON name of rules.View to its field index.
var viewJSONField = func() map[string]int {
	m := map[string]int{}
	t := reflect.TypeFor[rules.View]()
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
func mergeDelta(prev *rules.View, delta json.RawMessage) (rules.View, error) {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(delta, &keys); err != nil {
		return rules.View{}, err
	}
	nv := *prev
	rv := reflect.ValueOf(&nv).Elem()
	for k := range keys {
		i, ok := viewJSONField[k]
		if !ok {
			return rules.View{}, fmt.Errorf("unknown view field %q", k)
		}
		rv.Field(i).SetZero()
	}
	if err := strictJSON(delta, &nv); err != nil {
		return rules.View{}, err
	}
	return nv, nil
}

// viewTracker keeps the newest view of one connection's stream, so that
// updates carrying a delta become whole views.
type viewTracker struct {
	last *rules.View
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
		m.View, m.Delta = &nv, nil
	}
	vt.last = m.View
	return nil
}

// encodeDelta writes an update that carries a delta, byte for byte as
// Encode would, without Encode's second pass over the bytes the view and
// events already are.
func encodeDelta(delta []byte, evs []Event) ([]byte, error) {
	b := make([]byte, 0, len(delta)+64*len(evs)+40)
	b = append(b, `{"t":"update","delta":`...)
	b = append(b, delta...)
	if len(evs) > 0 {
		b = append(b, `,"events":[`...)
		for i, e := range evs {
			if i > 0 {
				b = append(b, ',')
			}
			p, err := e.MarshalJSON()
			if err != nil {
				return nil, err
			}
			b = append(b, p...)
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}
