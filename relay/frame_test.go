package relay

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestFrameRoundTrip(t *testing.T) {
	for _, f := range []Frame{
		{Conn: 1, Type: TypeData, Payload: []byte("sealed bytes")},
		{Conn: 1, Type: TypeData, Payload: []byte{}},
		{Conn: 0xfffffffe, Type: TypeOpen},
		{Conn: 7, Type: TypeClose, Payload: []byte("left the table")},
		{Conn: 9, Type: TypeData, Payload: bytes.Repeat([]byte{0xab}, MaxPayload)},
		{Conn: 3, Type: TypeClose, Payload: []byte(strings.Repeat("é", MaxCloseReason/2))},
	} {
		b, err := AppendFrame(nil, f)
		if err != nil {
			t.Fatalf("AppendFrame(%d, %d): %v", f.Conn, f.Type, err)
		}
		if len(b) != HeaderSize+len(f.Payload) {
			t.Fatalf("frame of %d bytes for a %d-byte payload", len(b), len(f.Payload))
		}
		g, err := ParseFrame(b)
		if err != nil {
			t.Fatalf("ParseFrame: %v", err)
		}
		if g.Conn != f.Conn || g.Type != f.Type || !bytes.Equal(g.Payload, f.Payload) {
			t.Fatalf("round trip: got conn %d type %d payload %d bytes, want %d %d %d", g.Conn, g.Type, len(g.Payload), f.Conn, f.Type, len(f.Payload))
		}
	}
}

func TestFrameLayout(t *testing.T) {
	b, err := AppendFrame([]byte("x"), Frame{Conn: 0x01020304, Type: TypeClose, Payload: []byte("bye")})
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{'x', 1, 2, 3, 4, 3, 'b', 'y', 'e'}
	if !bytes.Equal(b, want) {
		t.Fatalf("encoding %v, want %v (big-endian id, type, payload, after dst)", b, want)
	}
}

func TestFrameRefused(t *testing.T) {
	for _, c := range []struct {
		name string
		b    []byte
		want error
	}{
		{"empty", nil, ErrShortFrame},
		{"four bytes", []byte{0, 0, 0, 1}, ErrShortFrame},
		{"id 0", []byte{0, 0, 0, 0, TypeData}, ErrBadFrame},
		{"type 0", []byte{0, 0, 0, 1, 0}, ErrBadFrame},
		{"type 4", []byte{0, 0, 0, 1, 4, 'x'}, ErrBadFrame},
		{"open with payload", []byte{0, 0, 0, 1, TypeOpen, 'x'}, ErrBadFrame},
		{"close not UTF-8", []byte{0, 0, 0, 1, TypeClose, 0xff, 0xfe}, ErrBadFrame},
		{"close too long", append([]byte{0, 0, 0, 1, TypeClose}, bytes.Repeat([]byte{'a'}, MaxCloseReason+1)...), ErrBadFrame},
		{"payload too large", append([]byte{0, 0, 0, 1, TypeData}, make([]byte, MaxPayload+1)...), ErrFrameTooLarge},
	} {
		_, err := ParseFrame(c.b)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: ParseFrame error %v, want %v", c.name, err, c.want)
		}
		if len(c.b) >= HeaderSize {
			f := Frame{Conn: uint32(c.b[0])<<24 | uint32(c.b[1])<<16 | uint32(c.b[2])<<8 | uint32(c.b[3]), Type: c.b[4], Payload: c.b[HeaderSize:]}
			dst := []byte("keep")
			got, err := AppendFrame(dst, f)
			if !errors.Is(err, c.want) || string(got) != "keep" {
				t.Errorf("%s: AppendFrame gave %q, %v; want dst unchanged and %v", c.name, got, err, c.want)
			}
		}
	}
}

// FuzzFrame: ParseFrame never panics, and what it accepts encodes back to
// the same bytes.
func FuzzFrame(f *testing.F) {
	f.Add([]byte{0, 0, 0, 1, TypeData, 'h', 'i'})
	f.Add([]byte{0, 0, 0, 2, TypeOpen})
	f.Add([]byte{0, 0, 1, 0, TypeClose, 'b', 'y', 'e'})
	f.Add([]byte{0, 0, 0, 0, 9})
	f.Fuzz(func(t *testing.T, b []byte) {
		fr, err := ParseFrame(b)
		if err != nil {
			return
		}
		out, err := AppendFrame(nil, fr)
		if err != nil {
			t.Fatalf("AppendFrame refused a parsed frame: %v", err)
		}
		if !bytes.Equal(out, b) {
			t.Fatalf("re-encoding %x gave %x", b, out)
		}
	})
}
