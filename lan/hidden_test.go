package lan

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/ruletest"
)

// recordingConn keeps every byte the host sends to one client.
type recordingConn struct {
	net.Conn
	mu  *sync.Mutex
	buf *bytes.Buffer
}

func (c recordingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.mu.Lock()
	c.buf.Write(p[:n])
	c.mu.Unlock()
	return n, err
}

// decodeStream reads a recorded host stream: the welcome in plain frames,
// then (when deflate was asked for) one deflate stream of frames. It
// returns the messages and the stream's plain text.
func decodeStream(t *testing.T, g rules.Game, raw []byte, deflate bool) ([]Message, []byte) {
	t.Helper()
	br := bytes.NewReader(raw)
	var plain bytes.Buffer
	p, err := ReadFrame(io.TeeReader(br, &plain), nil, MaxHostMessage)
	if err != nil {
		t.Fatal(err)
	}
	w, err := DecodeHost(p)
	if err != nil || w.T != TWelcome {
		t.Fatalf("first message %q, %v", w.T, err)
	}
	msgs := []Message{w}
	vt := viewTracker{g: g}
	var r io.Reader = br
	if deflate {
		r = flate.NewReader(br)
	}
	r = io.TeeReader(r, &plain)
	for {
		p, err := ReadFrame(r, nil, MaxHostMessage)
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		m, err := DecodeHost(p) // strict: an unknown field fails here
		if err == nil {
			err = vt.apply(&m)
		}
		if err != nil {
			t.Fatal(err)
		}
		msgs = append(msgs, m)
	}
	return msgs, plain.Bytes()
}

// TestNothingHiddenReachesASeat plays whole games with one guest among
// computer players, records every byte the host sends that guest, and
// checks them against the true hidden state: every update is exactly the
// seat's own view (rules.Match.View, deltas merged) and its redaction of
// the move's events (rules.Event.For), nothing the game's hidden check
// (ruletest.ToyHidden: another seat's sealed pick or secret bonus) forbids,
// and no seed. It plays the toy with its views written as deltas by the
// game (ruletest.ToyDeltas, rules.ViewCodec, as Saboteur's are) and by lan
// (the plain toy), deflated and not. box/lan_test.go checks every game of
// the box over the network with its own hidden check.
func TestNothingHiddenReachesASeat(t *testing.T) {
	t.Parallel()
	const seed = 0x9E3779B97F4A7C15
	for _, tc := range []struct {
		players, seat int
		deflate       bool
		g             rules.Game
	}{{5, 2, true, ruletest.ToyDeltas{}}, {10, 7, false, ruletest.ToyDeltas{}}, {5, 2, false, toy}, {3, 1, true, toy}} {
		_, deltas := tc.g.(rules.ViewCodec)
		t.Run(fmt.Sprintf("%dp-seat%d-deflate=%v-viewcodec=%v", tc.players, tc.seat, tc.deflate, deltas), func(t *testing.T) {
			cfg := testConfig(tc.players, 0)
			cfg.Game, cfg.Seed = tc.g, seed
			h, addr := startHost(t, cfg)
			// The guest takes the only open seat, tc.seat.
			for i := 0; i < tc.players; i++ {
				if i != tc.seat {
					if err := h.SetSeat(i, SeatBot, "", "random"); err != nil {
						t.Fatal(err)
					}
				}
			}
			var mu sync.Mutex
			var raw bytes.Buffer
			c := join(t, addr, "spy", func(cc *ClientConfig) {
				cc.Game, cc.Deflate = tc.g, tc.deflate
				cc.Dial = func(ctx context.Context, a string) (net.Conn, error) {
					nc, err := dial(ctx, a)
					if err != nil {
						return nil, err
					}
					return recordingConn{nc, &mu, &raw}, nil
				}
			})
			if c.Seat() != tc.seat {
				t.Fatalf("seat %d, want %d", c.Seat(), tc.seat)
			}
			views := playAll(t, []*Client{c})
			checkFinal(t, h, []*Client{c}, views)
			mu.Lock()
			msgs, plain := decodeStream(t, tc.g, raw.Bytes(), tc.deflate)
			mu.Unlock()
			if deltas && !slices.ContainsFunc(msgs, func(m Message) bool { return m.Delta != nil }) {
				t.Fatal("no update came as a delta: the test no longer covers the game's view writer")
			}
			checkHidden(t, tc.g, h.Table().Record(), tc.seat, msgs, plain)
		})
	}
}

// checkHidden replays rec move by move beside the guest's messages: the
// first update holds the deal, each later one a move.
func checkHidden(t *testing.T, g rules.Game, rec *rules.Record, seat int, msgs []Message, plain []byte) {
	t.Helper()
	for _, secret := range []string{strconv.FormatUint(rec.Seed, 10), strconv.FormatUint(rec.Seed, 16), `"seed"`} {
		if bytes.Contains(plain, []byte(secret)) {
			t.Errorf("the stream holds %s", secret)
		}
	}
	m, err := g.New(len(rec.Seats), rec.Options, rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	evs := rules.OpeningOf(m)
	updates := 0
	for _, msg := range msgs {
		switch msg.T {
		case TWelcome, TLobby, TChat, TPing:
			continue
		case TUpdate:
		default:
			t.Fatalf("unexpected %q: %s", msg.T, msg.Error)
		}
		if updates > 0 {
			if updates > len(rec.Moves) {
				t.Fatalf("update %d after the record's %d moves", updates, len(rec.Moves))
			}
			rm := rec.Moves[updates-1]
			mv, err := g.DecodeMove(rm.Move)
			if err == nil {
				evs, err = m.Apply(rm.Seat, mv)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		updates++
		// Exactly the seat's view and the redacted events.
		want, _ := json.Marshal(m.View(seat))
		got, _ := json.Marshal(msg.GameView)
		if !bytes.Equal(want, got) {
			t.Fatalf("update %d: view differs from the match's View(%d)\n got %s\nwant %s", updates, seat, got, want)
		}
		if err := ruletest.ToyHidden(m, seat, got); err != nil {
			t.Fatalf("update %d: the view leaks %v: %s", updates, err, got)
		}
		var sent []rules.Event
		for _, e := range evs {
			if r, ok := e.For(seat); ok {
				sent = append(sent, r)
			}
		}
		if len(msg.Events) != len(sent) {
			t.Fatalf("update %d: %d events, want %d", updates, len(msg.Events), len(sent))
		}
		for i, r := range sent {
			w, _ := json.Marshal(r)
			if !bytes.Equal(w, msg.Events[i]) {
				t.Fatalf("update %d: event %d is %s, want %s", updates, i, msg.Events[i], w)
			}
			if err := ruletest.ToyHidden(m, seat, msg.Events[i]); err != nil {
				t.Fatalf("update %d: event %s leaks %v", updates, msg.Events[i], err)
			}
		}
	}
	if updates != len(rec.Moves)+1 {
		t.Fatalf("saw %d updates for %d moves", updates, len(rec.Moves))
	}
}
