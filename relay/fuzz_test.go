//go:build !js

package relay

import (
	"bytes"
	"slices"
	"testing"
)

// FuzzHostLink: whatever a host link sends, the relay does not panic,
// closes the host link only with "bad frame" or "frame too large", hands
// each guest exactly the data payloads meant for it and closes a guest
// only with the reason the host gave.
func FuzzHostLink(f *testing.F) {
	s, err := NewServer(Config{})
	if err != nil {
		f.Fatal(err)
	}
	defer s.Close()
	f.Add([]byte{0, 0, 0, 1, TypeData, 'h', 'i'}, []byte{0, 0, 0, 2, TypeClose, 'b', 'y', 'e'})
	f.Add([]byte{0, 0, 0, 1, TypeOpen}, []byte{0, 0, 0, 9, TypeData})
	f.Add([]byte{0, 0, 0, 2, TypeData}, []byte{0, 0, 0, 2, TypeClose, 0xff})
	f.Fuzz(func(t *testing.T, a, b []byte) {
		rm := &room{name: "abcdefghijklmnop", guests: map[uint32]*peer{}, next: 3}
		g1, g2 := newPeer(s, "127.0.0.1", false), newPeer(s, "127.0.0.1", false)
		rm.guests[1], rm.guests[2] = g1, g2
		want := map[*peer][][]byte{}
		closedBy := map[*peer]string{}
		closed := map[*peer]bool{}
		for _, m := range [][]byte{a, b} {
			reason := rm.fromHost(m)
			fr, err := ParseFrame(m)
			switch {
			case err != nil || fr.Type == TypeOpen:
				if reason != ReasonBadFrame && reason != ReasonFrameTooLarge {
					t.Fatalf("message %x: reason %q, want the host link closed", m, reason)
				}
				return
			case reason != "":
				t.Fatalf("message %x: the host link closed (%q) for a good frame", m, reason)
			}
			g := map[uint32]*peer{1: g1, 2: g2}[fr.Conn]
			if g == nil || closed[g] {
				continue
			}
			if fr.Type == TypeData {
				want[g] = append(want[g], fr.Payload)
			} else {
				closedBy[g], closed[g] = string(fr.Payload), true
			}
		}
		for _, g := range []*peer{g1, g2} {
			if !slices.EqualFunc(g.queue, want[g], bytes.Equal) {
				t.Fatalf("guest got %q, want %q", g.queue, want[g])
			}
			if got := g.closeReason(); got != closedBy[g] || g.closing != closed[g] {
				t.Fatalf("guest closed with %q, want %q", got, closedBy[g])
			}
		}
	})
}
