package lan

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/goldvein/goldvein/rules"
)

// Updates on the wire (lan/PROTOCOL.md, Updates): a seat's view and the
// events since its last update, in the game's own JSON. A game that is a
// rules.ViewCodec writes them itself, as deltas against the connection's
// previous view (Saboteur: its maze is the bulk of a view and changes by
// one card a move); any other game's views go whole, as encoding/json
// writes them. Either way the host takes the view and the events while
// the table is locked and the connection's writer goroutine writes them.

// update is one seat's update on the host's side: the view as the game's
// ViewWriter took it (snap), or its JSON (whole), and the events,
// redacted for the seat.
type update struct {
	seat   int
	snap   rules.ViewSnapshot
	whole  []byte
	events []rules.Event
	step   int
	owes   bool
	over   bool
}

// wire is how one host writes its game's updates: through the game's
// ViewWriter when it has one.
type wire struct {
	vw rules.ViewWriter // nil: whole views by encoding/json
}

func newWire(g rules.Game) *wire {
	w := &wire{}
	if vc, ok := g.(rules.ViewCodec); ok {
		w.vw = vc.NewViewWriter()
	}
	return w
}

// take makes seat's update from m as it stands (the table is locked).
func (w *wire) take(m rules.Match, seat int) (*update, error) {
	u := &update{seat: seat, over: m.Over()}
	if w.vw != nil {
		u.snap = w.vw.Snapshot(m, seat)
		if u.snap == nil {
			return nil, errors.New("lan: the game's view writer took no view")
		}
		return u, nil
	}
	p, err := json.Marshal(m.View(seat))
	if err != nil {
		return nil, fmt.Errorf("lan: view: %w", err)
	}
	u.whole = p
	return u, nil
}

// appendFrame appends one frame (length header and payload) of u: its
// view whole when prev is nil or another seat's, else as a delta against
// prev (for a game with a ViewWriter), then its events, step and owes.
func (w *wire) appendFrame(b []byte, prev, u *update) ([]byte, error) {
	start := len(b)
	b = append(b, 0, 0, 0, 0)
	var err error
	switch {
	case w.vw == nil:
		b = append(b, `{"t":"update","view":`...)
		b = append(b, u.whole...)
	case prev == nil || prev.seat != u.seat || prev.snap == nil:
		b = append(b, `{"t":"update","view":`...)
		b, err = w.vw.AppendView(b, nil, u.snap)
	default:
		b = append(b, `{"t":"update","delta":`...)
		b, err = w.vw.AppendView(b, prev.snap, u.snap)
	}
	if err != nil {
		return nil, fmt.Errorf("lan: view: %w", err)
	}
	if len(u.events) > 0 {
		b = append(b, `,"events":[`...)
		for i, e := range u.events {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = w.appendEvent(b, e); err != nil {
				return nil, err
			}
		}
		b = append(b, ']')
	}
	if u.step != 0 {
		b = append(b, `,"step":`...)
		b = strconv.AppendInt(b, int64(u.step), 10)
	}
	if u.owes {
		b = append(b, `,"owes":true`...)
	}
	if u.over {
		b = append(b, `,"over":true`...)
	}
	b = append(b, '}')
	n := len(b) - start - 4
	if n > MaxHostMessage {
		return nil, fmt.Errorf("lan: update of %d bytes, limit %d", n, MaxHostMessage)
	}
	binary.BigEndian.PutUint32(b[start:], uint32(n))
	return b, nil
}

func (w *wire) appendEvent(b []byte, e rules.Event) ([]byte, error) {
	if w.vw != nil {
		return w.vw.AppendEvent(b, e)
	}
	var p []byte
	var err error
	if mj, ok := e.(json.Marshaler); ok {
		p, err = mj.MarshalJSON()
	} else {
		p, err = json.Marshal(e)
	}
	if err != nil {
		return nil, fmt.Errorf("lan: event: %w", err)
	}
	var c bytes.Buffer
	if err := json.Compact(&c, p); err != nil {
		return nil, fmt.Errorf("lan: event: %w", err)
	}
	return append(b, c.Bytes()...), nil
}

// viewTracker keeps the newest view of one connection's stream on the
// client, so that updates carrying a delta become whole views, and
// decodes views and events with the game.
type viewTracker struct {
	g    rules.Game
	last rules.View
	raw  []field // the last view's top-level fields, for a game without ViewCodec
}

// field is one top-level field of a JSON object.
type field struct {
	key string
	val json.RawMessage
}

// apply completes an update: the view (or the delta merged into the
// previous view) and the events are decoded by the game into m.GameView
// and m.GameEvents. Other messages pass unchanged.
func (vt *viewTracker) apply(m *Message) error {
	if m.T != TUpdate {
		return nil
	}
	var v rules.View
	var err error
	switch {
	case m.Delta != nil && vt.last == nil:
		return errors.New("lan: update: a delta before any view")
	case m.Delta != nil:
		if vc, ok := vt.g.(rules.ViewCodec); ok {
			v, err = vc.MergeView(vt.last, m.Delta)
		} else {
			v, err = vt.mergeRaw(m.Delta)
		}
		if err != nil {
			return fmt.Errorf("lan: update: delta: %w", err)
		}
	default:
		if v, err = vt.g.DecodeView(m.View); err != nil {
			return fmt.Errorf("lan: update: %w", err)
		}
		if _, ok := vt.g.(rules.ViewCodec); !ok {
			if vt.raw, err = objectFields(m.View); err != nil {
				return fmt.Errorf("lan: update: view: %w", err)
			}
		}
	}
	evs := make([]rules.Event, 0, len(m.Events))
	for i, p := range m.Events {
		e, err := vt.g.DecodeEvent(p)
		if err != nil {
			return fmt.Errorf("lan: update: events[%d]: %w", i, err)
		}
		evs = append(evs, e)
	}
	vt.last = v
	m.GameView, m.GameEvents = v, evs
	return nil
}

// mergeRaw merges delta into the last view's fields and decodes the
// result with the game (DecodeView: strictly).
func (vt *viewTracker) mergeRaw(delta []byte) (rules.View, error) {
	d, err := objectFields(delta)
	if err != nil {
		return nil, err
	}
	merged := append([]field(nil), vt.raw...)
	for _, f := range d {
		i := 0
		for i < len(merged) && merged[i].key != f.key {
			i++
		}
		if i == len(merged) {
			merged = append(merged, f)
		} else {
			merged[i] = f
		}
	}
	b := []byte{'{'}
	for i, f := range merged {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(f.key)
		b = append(b, k...)
		b = append(b, ':')
		b = append(b, f.val...)
	}
	b = append(b, '}')
	v, err := vt.g.DecodeView(b)
	if err != nil {
		return nil, err
	}
	vt.raw = merged
	return v, nil
}

// objectFields returns the top-level fields of the JSON object p, in
// order. p that is not an object, or not valid JSON, is an error.
func objectFields(p []byte) ([]field, error) {
	dec := json.NewDecoder(bytes.NewReader(p))
	t, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := t.(json.Delim); !ok || d != '{' {
		return nil, errors.New("not a JSON object")
	}
	var out []field
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		k, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, field{k, v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return out, nil
}
