package incangold

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// FuzzParsePosition: no input panics the position reader or the judging
// of its moves; bad input is always an *InputError on one line.
func FuzzParsePosition(f *testing.F) {
	for _, c := range checkCases {
		f.Add([]byte(c.in))
	}
	f.Add([]byte(`{"players": 3, "round": 1, "in": [0], "path": ["T6"]}`))
	f.Add([]byte(`{"players": 8, "round": 5, "in": [7], "removed": {"fire": 2}, "moves": [{"flip": "H:fire"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var out bytes.Buffer
		err := Check(bytes.NewReader(data), &out)
		if err != nil {
			if !IsInputError(err) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("not a one-line *InputError: %v", err)
			}
			if out.Len() > 0 {
				t.Fatal("output written before an input error")
			}
			return
		}
		for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if line != "" && !json.Valid([]byte(line)) {
				t.Fatalf("not JSON: %s", line)
			}
		}
	})
}

// FuzzDecodeMove: no input panics DecodeMove, and what it accepts encodes
// back to an equal move.
func FuzzDecodeMove(f *testing.F) {
	for _, s := range []string{`{"choose":"torch"}`, `{"choose":"camp"}`, `{}`, `{"choose":null}`, `[]`, `"torch"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeMove(data)
		if err != nil {
			return
		}
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if again, err := DecodeMove(b); err != nil || again != m {
			t.Fatalf("%s -> %s -> %v, %v", data, b, again, err)
		}
	})
}

// FuzzDecodeView: no input panics DecodeView; an accepted view encodes
// back to the same view.
func FuzzDecodeView(f *testing.F) {
	m, _ := playRandom(f, 5, DefaultOptions(), 3, newRand(3), 0.3)
	for _, s := range []int{0, -1} {
		b, _ := json.Marshal(m.SeatView(s))
		f.Add(b)
	}
	mid, _, _ := NewMatch(3, Options{OpenTents: true}, 4)
	b, _ := json.Marshal(mid.SeatView(1))
	f.Add(b)
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := DecodeView(data)
		if err != nil {
			return
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("an accepted view does not encode: %v", err)
		}
		again, err := DecodeView(b)
		if err != nil || !reflect.DeepEqual(again, v) {
			t.Fatalf("round trip: %v", err)
		}
		v.BustChance() // no panic on odd counts
		v.Owes()
	})
}

// FuzzDecodeEvent: no input panics DecodeEvent; an accepted event encodes
// and decodes back to itself, and redacts without panicking.
func FuzzDecodeEvent(f *testing.F) {
	_, evs := playRandom(f, 4, Options{Artifacts2020: true}, 5, newRand(5), 0.3)
	for _, e := range evs[:min(len(evs), 40)] {
		b, _ := json.Marshal(e)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := DecodeEvent(data)
		if err != nil {
			return
		}
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatalf("an accepted event does not encode: %v", err)
		}
		again, err := DecodeEvent(b)
		if err != nil || !reflect.DeepEqual(again, e) {
			t.Fatalf("round trip %s: %v", b, err)
		}
		e.For(0)
		_ = e.String()
	})
}
