//go:build !js

package lan

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestFrames(t *testing.T) {
	var b bytes.Buffer
	for _, p := range []string{"", "x", strings.Repeat("y", MaxClientMessage)} {
		if err := WriteFrame(&b, []byte(p)); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{"", "x", strings.Repeat("y", MaxClientMessage)} {
		got, err := ReadFrame(&b, nil, MaxClientMessage)
		if err != nil || string(got) != want {
			t.Fatalf("frame %d bytes: %v", len(want), err)
		}
	}
	if _, err := ReadFrame(&b, nil, 10); err != io.EOF {
		t.Errorf("empty stream: %v", err)
	}
	WriteFrame(&b, make([]byte, 11))
	if _, err := ReadFrame(&b, nil, 10); !errors.Is(err, ErrTooLarge) {
		t.Errorf("11 bytes with limit 10: %v", err)
	}
	if _, err := ReadFrame(bytes.NewReader([]byte{0, 0, 0, 5, 'a'}), nil, 10); err != io.ErrUnexpectedEOF {
		t.Errorf("truncated payload: %v", err)
	}
	if _, err := ReadFrame(bytes.NewReader([]byte{0, 0}), nil, 10); err != io.ErrUnexpectedEOF {
		t.Errorf("truncated header: %v", err)
	}
}

// TestDecodeClient: the host reads a client's message strictly, the move
// strictly as the game's (rules.Game.DecodeMove) and a quick phrase only
// as one of the game's (rules.PhrasesOf).
func TestDecodeClient(t *testing.T) {
	h, err := NewHost(testConfig(3, 0))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{`{"t":"hello","version":1,"name":"Ann"}`, true},
		{`{"t":"hello","version":1,"name":"Ann","password":"p","token":"ab","deflate":true}`, true},
		{`{"t":"hello","name":"Ann"}`, false}, // no version
		{`{"t":"hello","version":3,"game":"incangold","name":"Ann"}`, true},
		{`{"t":"hello","version":3,"game":"Inc\u00e1n","name":"Ann"}`, false},
		{`{"t":"pong","game":"saboteur"}`, false},
		{`{"t":"move","move":{"pick":1},"step":3}`, false},
		{`{"t":"move","move":{"pick":1,"wizard":1}}`, false},
		{`{"t":"move","move":{"pick":1}  }`, true},
		{`{"t":"move","move":[1]}`, false},
		{`{"t":"move","move":"NE"}`, false},
		{`{"t":"move","move":{"pick":1}}`, true},
		{`{"t":"move","move":{"pick":2}}`, true},
		{`{"t":"move","move":{"pick":3}}`, true}, // read; the rules refuse it (T3)
		{`{"t":"move","move":{"pick":4}}`, false},
		{`{"t":"move","move":{"pick":"1"}}`, false},
		{`{"t":"move","move":{"seat":0,"pick":1}}`, false}, // the toy's moves name no seat
		{`{"t":"move"}`, false},
		{`{"t":"move","move":{"pick":1},"name":"x"}`, false},
		{`{"t":"chat","text":"hi"}`, true},
		{`{"t":"chat","phrase":"pick_two"}`, true},
		{`{"t":"chat","phrase":"gold_bottom"}`, false}, // Saboteur's, not the toy's
		{`{"t":"chat","phrase":"nonsense"}`, false},
		{`{"t":"chat","text":"hi","phrase":"hurry"}`, false},
		{`{"t":"chat","text":""}`, false},
		{`{"t":"chat","text":"` + strings.Repeat("é", MaxChat+1) + `"}`, false},
		{`{"t":"chat","text":"bad\u0000"}`, false},
		{`{"t":"pong"}`, true},
		{`{"t":"bye"}`, true},
		{`{"t":"pong","seat":3}`, false},
		{`{"t":"update","view":{}}`, false}, // a host message from a client
		{`{"t":"pong"}{"t":"pong"}`, false},
		{`{"t":"pong"} `, true},
		{`{"t":"pong"}}`, false},
		{`{"t":"pong"}]`, false},
		// A key given twice, also in another case or escaped, is refused
		// (encoding/json alone would keep the last one).
		{`{"t":"pong","t":"bye"}`, false},
		{`{"t":"chat","T":"move","text":"hi"}`, false},
		{`{"t":"chat","\u0074":"move","text":"hi"}`, false},
		{`{"t":"move","move":{"pick":1,"pick":2}}`, false},
		{`{"t":"move","move":{"pick":1,"Pick":2}}`, false},
		{`{"t":"chat","text":"{\"t\":1,\"t\":2}"}`, true}, // keys inside a string are text
		{`{"t":"chat","text":"hi","\u212aey":1}`, false},  // unknown, also under Kelvin's K
		{`{"t":"pong","x":1}`, false},
		{`{}`, false},
		{`[]`, false},
		{`null`, false},
		{``, false},
		{"\xff", false},
	} {
		_, err := h.decodeClient([]byte(tc.in))
		if (err == nil) != tc.ok {
			t.Errorf("%s: err %v, want ok=%v", tc.in, err, tc.ok)
		}
	}
}

func TestCheckName(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{{"Ann", true}, {"Аня", true}, {"آنا", true}, {"", false}, {"  ", false}, {"a\tb", false},
		{strings.Repeat("x", MaxName), true}, {strings.Repeat("x", MaxName+1), false}, {"\xff", false}} {
		if err := CheckName(tc.in); (err == nil) != tc.ok {
			t.Errorf("%q: %v", tc.in, err)
		}
	}
}

func TestVersionRefused(t *testing.T) {
	_, addr := startHost(t, testConfig(3, 0))
	rc := rawConn(t, addr)
	defer rc.Close()
	rc.send(&Message{T: THello, Version: Version + 1, Game: "toy", Name: "future"})
	m, err := rc.recv()
	if err != nil {
		t.Fatal(err)
	}
	if m.T != TRefused || m.Code != CodeVersion || m.Version != Version || !strings.Contains(m.Error, strconv.Itoa(Version)) {
		t.Fatalf("got %+v", m)
	}
	if _, err := rc.recv(); err != io.EOF {
		t.Errorf("the host should close after a refusal: %v", err)
	}
}

func TestHelloFirstAndHandshakeTimeout(t *testing.T) {
	cfg := testConfig(3, 0)
	cfg.HandshakeTimeout = time.Second // long enough for a loaded machine to answer the pong first
	_, addr := startHost(t, cfg)
	rc := rawConn(t, addr)
	rc.send(&Message{T: TPong})
	if m, err := rc.recv(); err != nil || m.T != TRefused || m.Code != CodeProtocol {
		t.Errorf("pong before hello: %+v %v", m, err)
	}
	rc.Close()
	slow := rawConn(t, addr) // says nothing after the preamble
	defer slow.Close()
	if _, err := slow.recv(); err != io.EOF {
		t.Errorf("silent connection: %v", err)
	}
}

func TestHTTPAndWebSocketOnTheSamePort(t *testing.T) {
	t.Parallel()
	cfg := testConfig(3, 2)
	h, addr := startHost(t, cfg)
	resp, err := http.Get("http://" + addr + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || !strings.Contains(string(body), "no browser build") {
		t.Errorf("page without a build: %d %s", resp.StatusCode, body)
	}
	c := join(t, "ws://"+addr+WebSocketPath, "web", nil)
	views := playAll(t, []*Client{c})
	checkFinal(t, h, []*Client{c}, views)

	cfg.Web = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "<html>goldvein</html>") })
	_, addr2 := startHost(t, cfg)
	resp, err = http.Get("http://" + addr2 + "/index.html")
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(body) != "<html>goldvein</html>" {
		t.Errorf("page: %s", body)
	}
	// A page from elsewhere may not open the WebSocket.
	req, _ := http.NewRequest("GET", "http://"+addr2+WebSocketPath, nil)
	req.Header.Set("Origin", "http://evil.example")
	req.Header.Set("Connection", "Upgrade")
	req.Header.Set("Upgrade", "websocket")
	req.Header.Set("Sec-WebSocket-Version", "13")
	req.Header.Set("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("foreign origin: status %d", resp.StatusCode)
	}
}

func TestDiscoveryOnLoopback(t *testing.T) {
	h, addr := startHost(t, testConfig(4, 1))
	b, err := Browse("127.0.0.1:0", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, port, _ := strings.Cut(addr, ":")
	p, _ := strconv.Atoi(port)
	go h.Announce(ctx, b.Addr(), p, 20*time.Millisecond)
	select {
	case <-b.Changed():
	case <-time.After(5 * time.Second):
		t.Fatal("no beacon heard")
	}
	got := b.Hosts()
	if len(got) != 1 || got[0].Addr != addr || got[0].Name != "test table" || got[0].Open != 3 || got[0].Players != 4 || got[0].Goldvein != Version {
		t.Fatalf("hosts: %+v", got)
	}
	// The address found is joinable.
	c := join(t, got[0].Addr, "finder", nil)
	if c.Seat() != 0 {
		t.Errorf("seat %d", c.Seat())
	}
}

func FuzzDecodeClient(f *testing.F) {
	for _, s := range []string{
		`{"t":"hello","version":1,"name":"Ann","password":"p","token":"ab","deflate":true}`,
		`{"t":"hello","version":1,"name":"Ann","name":"Bob"}`,
		`{"t":"hello","version":1,"name":"Ann","Name":"Bob"}`,
		`{"t":"chat","\u0074":"move","text":"hi"}`,
		`{"t":"move","move":{"seat":0,"play":"NE","x":1,"y":0,"y":1}}`,
		`{"t":"move","move":{"seat":0,"play":"NE","x":1,"y":0,"\u0059":1}}`,
		`{"t":"pong"}}`,
		`{"t":"move","move":{"seat":0,"play":"NE","x":1,"y":0}}`,
		`{"t":"move","move":{"seat":1,"play":"repair:pickaxe+lantern","target":1,"tool":"pickaxe"}}`,
		`{"t":"move","move":{"seat":2,"play":"discard","card":"xNS"}}`,
		`{"t":"move","move":{"seat":3,"keep":3}}`,
		`{"t":"chat","text":"hi"}`, `{"t":"chat","phrase":"gold_top"}`, `{"t":"pong"}`, `{"t":"bye"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		m, err := DecodeClient(p)
		if err != nil {
			return
		}
		// What the host accepts has no key twice in an object.
		if dup, ok := dupKeys(p); ok && dup {
			t.Fatalf("accepted %q, which has a key twice", p)
		}
		// What the host accepts is well-formed: it encodes and decodes
		// back to the same message.
		b, err := Encode(&m)
		if err != nil {
			t.Fatal(err)
		}
		m2, err := DecodeClient(b)
		if err != nil {
			t.Fatalf("accepted %q, re-encoded %s refused: %v", p, b, err)
		}
		if !reflect.DeepEqual(m, m2) {
			t.Fatalf("%q: %+v then %+v", p, m, m2)
		}
	})
}

// FuzzDecodeHost: no host message panics the guest's decoder, nor the
// merging of a view or delta into the last view (the toy's, which has no
// ViewCodec: lan merges its top-level fields; rules/saboteur's
// FuzzMergeView fuzzes Saboteur's own merge).
func FuzzDecodeHost(f *testing.F) {
	f.Add([]byte(`{"t":"update","view":{"seat":0,"scores":[0,0],"picked":[0,1]},"events":[{"type":"picked","seat":1}]}`))
	f.Add([]byte(`{"t":"lobby","lobby":{"name":"x","seats":[{"name":"a","kind":"guest"}]}}`))
	f.Add([]byte(`{"t":"refused","code":"version","error":"x","version":1}`))
	f.Add([]byte(`{"t":"update","delta":{"scores":[2,1],"picked":null,"bonus":[1,0]},"events":[{"type":"revealed","picks":[2,1]}]}`))
	f.Add([]byte(`{"t":"update","delta":{"seat":2,"Seat":3},"events":[{"type":"picked","seat":1,"seat":2}]}`))
	f.Add([]byte(`{"t":"notice","code":"turn_timeout","seat":1,"name":"Ann","text":"Ann took longer than 1m30s for a turn: a computer player made the move."}`))
	f.Add([]byte(`{"t":"notice","code":"turn_timeout","seat":1,"name":"Ann","text":"\u001b[2J"}`))
	first, err := DecodeHost([]byte(`{"t":"update","view":{"seat":1,"scores":[0,0,0],"picked":[0,0,0],"bonus":[0,2,0]},"step":0,"owes":true}`))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		m, err := DecodeHost(p) // must not panic
		if err != nil {
			return
		}
		vt := viewTracker{g: toy}
		base := first
		if err := vt.apply(&base); err != nil {
			t.Fatal(err)
		}
		vt.apply(&m) // nor may merging a delta
	})
}

// dupKeys is checkKeys' oracle: it walks p's first JSON value with
// encoding/json's tokenizer and compares every two keys of an object with
// bytes.EqualFold. ok is false when p's first value is not valid JSON.
func dupKeys(p []byte) (dup, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(p))
	var walk func() bool
	walk = func() bool {
		tok, err := dec.Token()
		if err != nil {
			ok = false
			return false
		}
		switch tok {
		case json.Delim('{'):
			var keys []string
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					ok = false
					return false
				}
				key, _ := k.(string)
				for _, prev := range keys {
					if bytes.EqualFold([]byte(prev), []byte(key)) {
						dup = true
					}
				}
				keys = append(keys, key)
				if !walk() {
					return false
				}
			}
			_, err := dec.Token()
			ok = ok && err == nil
		case json.Delim('['):
			for dec.More() {
				if !walk() {
					return false
				}
			}
			_, err := dec.Token()
			ok = ok && err == nil
		}
		return ok
	}
	ok = true
	walk()
	return dup, ok
}

// FuzzCheckKeys: on any valid JSON, checkKeys refuses exactly the texts
// with a key twice in one object (dupKeys says which).
func FuzzCheckKeys(f *testing.F) {
	for _, s := range []string{`{"a":1,"A":2}`, `{"a":{"b":1,"b":2}}`, `[{"a":1},{"a":1}]`,
		`{"\u0061":1,"a":2}`, `{"k":1,"\u212a":2}`, `{"s":1,"\u017f":2}`, `{"a":"\"a\":1","b":[1,{"c":{}}]}`,
		`{"é":1,"É":2}`, `{"":1,"":2}`, `"x"`, `[]`, `{"a":[{"a":1}],"b":{"a":2}}`} {
		f.Add([]byte(s))
	}
	// Objects with many keys (checkKeys keeps a map past 32).
	var many strings.Builder
	many.WriteString(`{`)
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&many, `"k%d":{"k%d":1},`, i, i)
	}
	f.Add([]byte(many.String() + `"x":1}`))
	f.Add([]byte(many.String() + `"K7":1}`))
	f.Add([]byte(many.String() + `"\u006b39":1}`))
	f.Fuzz(func(t *testing.T, p []byte) {
		err := checkKeys(p) // must not panic, valid or not
		if !json.Valid(p) {
			return
		}
		dup, ok := dupKeys(p)
		if !ok {
			t.Fatalf("%q: valid JSON the oracle could not walk", p)
		}
		if dup != (err != nil) {
			t.Fatalf("%q: checkKeys says %v, the oracle dup=%v", p, err, dup)
		}
	})
}

func FuzzReadFrame(f *testing.F) {
	f.Add([]byte{0, 0, 0, 2, '{', '}'})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, p []byte) {
		r := bytes.NewReader(p)
		for {
			b, err := ReadFrame(r, nil, MaxClientMessage)
			if err != nil {
				return
			}
			if len(b) > MaxClientMessage {
				t.Fatalf("frame of %d bytes", len(b))
			}
		}
	})
}

func TestJoinAddresses(t *testing.T) {
	for _, a := range JoinAddresses(47475) {
		host, port, err := net.SplitHostPort(a)
		ip := net.ParseIP(host)
		if err != nil || port != "47475" || ip == nil || ip.To4() == nil || ip.IsLoopback() {
			t.Errorf("address %q", a)
		}
	}
}

// FuzzHostConnection feeds arbitrary bytes, after the preamble, to a live
// host's connection handler: nothing a guest sends may crash the host.
func FuzzHostConnection(f *testing.F) {
	frame := func(s string) []byte {
		var b bytes.Buffer
		WriteFrame(&b, []byte(s))
		return b.Bytes()
	}
	hello := frame(`{"t":"hello","version":3,"game":"toy","name":"fuzz"}`)
	f.Add(hello)
	f.Add(append(hello, frame(`{"t":"move","move":{"seat":0,"play":"discard","card":"NE"}}`)...))
	f.Add(append(hello, frame(`{"t":"chat","phrase":"pick_two"}`)...))
	f.Add(append(hello, frame(`{"t":"chat","phrase":"hurry"}`)...))
	f.Add(append(hello, 0xff, 0xff, 0xff, 0xff))
	f.Add([]byte{0, 0, 0, 3, '{', '}', '}'})
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg := testConfig(3, 2)
		cfg.HandshakeTimeout, cfg.PingInterval, cfg.IdleTimeout = 50*time.Millisecond, 20*time.Millisecond, 50*time.Millisecond
		h, err := NewHost(cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		a, b := net.Pipe()
		defer a.Close()
		done := make(chan struct{})
		go func() { h.route(b); close(done) }()
		go io.Copy(io.Discard, a)
		a.SetWriteDeadline(time.Now().Add(200 * time.Millisecond))
		a.Write(append([]byte(Magic), data...))
		a.Close()
		<-done
	})
}
