package underground

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func FuzzDecodeMove(f *testing.F) {
	for _, s := range []string{`{"pick": 1}`, `{"conquer": "r3", "with": ["sword", "bag:socks"]}`, `{"end": true}`,
		`{"redeploy": {"r1": 2}}`, `{"place": {"queen": "r2"}}`, `{"reborn": ["r1", "r2"]}`, `{"decline": true, "vanish": true}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		mv, err := DecodeMove(data)
		if err != nil {
			return
		}
		again, err := DecodeMove([]byte(mv.String()))
		if err != nil || again.String() != mv.String() {
			t.Fatalf("round trip %s: %v", mv, err)
		}
	})
}

func FuzzDecodeEvent(f *testing.F) {
	f.Add([]byte(`{"kind": "conquer", "seat": 1, "by": 0, "region": "r2", "cost": 3}`))
	f.Add([]byte(`{"kind": "score", "seat": 0, "by": 0, "items": [{"rule": "U9.1", "what": "x", "coins": 2, "from": -1}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := DecodeEvent(data)
		if err != nil {
			return
		}
		b, _ := json.Marshal(e)
		if _, err := DecodeEvent(b); err != nil {
			t.Fatalf("round trip: %v", err)
		}
	})
}

func FuzzDecodeView(f *testing.F) {
	m, _ := New(3, Options{}, 1)
	b, _ := json.Marshal(m.ViewOf(0))
	f.Add(b)
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := DecodeView(data)
		if err != nil {
			return
		}
		b, _ := json.Marshal(v)
		if _, err := DecodeView(b); err != nil {
			t.Fatalf("round trip: %v", err)
		}
	})
}

func FuzzParseOptions(f *testing.F) {
	f.Add([]byte(`{"open_coins": true, "first_player": 1}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := ParseOptions(data)
		if err != nil {
			return
		}
		if _, err := New(3, o, 1); err != nil && !strings.HasPrefix(err.Error(), "options:") {
			t.Fatalf("New: %v", err)
		}
	})
}

func FuzzCheck(f *testing.F) {
	f.Add([]byte(pos(reg("r1", 0, "ogres", false, 2), two(seat(5, "ogres", "", 1), seat(5, "", "", 0)),
		`{"query": "targets"}, {"conquer": "r2"}, {"final": "r3", "die": 1}, {"end": true}, {"query": "score"}`)))
	f.Add([]byte(pos(reg("r1", 0, "ogres", false, 1)+`, "r2": {"monsters": 2}`, two(seat(5, "ogres", "", 4), seat(5, "", "", 0)),
		`{"conquer": "r2"}, {"draw": "stonehedge", "power": "wise"}`, `"markers_left": 2`)))
	f.Fuzz(func(t *testing.T, data []byte) {
		err := Check(bytes.NewReader(data), &bytes.Buffer{})
		var ie *InputError
		if err != nil && !errors.As(err, &ie) {
			t.Fatalf("error of the wrong type: %v", err)
		}
	})
}
