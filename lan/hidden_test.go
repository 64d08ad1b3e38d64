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
	"github.com/goldvein/goldvein/rules/saboteur"
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
func decodeStream(t *testing.T, raw []byte, deflate bool) ([]Message, []byte) {
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
	vt := viewTracker{g: sab}
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
// checks them against the true hidden state (SABOTEUR.md, Hidden
// information): no other seat's role or hand, no face-down goal, no
// discard, no other seat's gold before the end, no seed; and every update
// is exactly the seat's own view (saboteur.Game.View) and its redaction of the
// events (saboteur.Event.Redact).
func TestNothingHiddenReachesASeat(t *testing.T) {
	t.Parallel()
	const seed = 0x9E3779B97F4A7C15
	for _, tc := range []struct {
		players, seat int
		deflate       bool
	}{{5, 2, true}, {10, 7, false}} {
		t.Run(fmt.Sprintf("%dp-seat%d", tc.players, tc.seat), func(t *testing.T) {
			cfg := sabConfig(tc.players, 0)
			cfg.Seed = seed
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
			c := sabJoin(t, addr, "spy", func(cc *ClientConfig) {
				cc.Deflate = tc.deflate
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
			msgs, plain := decodeStream(t, raw.Bytes(), tc.deflate)
			mu.Unlock()
			checkHidden(t, h.Table().Record(), tc.seat, msgs, plain)
		})
	}
}

func checkHidden(t *testing.T, rec *rules.Record, seat int, msgs []Message, plain []byte) {
	t.Helper()
	for _, secret := range []string{strconv.FormatUint(rec.Seed, 10), strconv.FormatUint(rec.Seed, 16), `"seed"`} {
		if bytes.Contains(plain, []byte(secret)) {
			t.Errorf("the stream holds %s", secret)
		}
	}
	opts, moves := sabMoves(t, rec)
	g, evs, err := saboteur.New(opts, rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	next := 0 // the next move of rec to apply
	updates := 0
	for _, m := range msgs {
		switch m.T {
		case TWelcome, TLobby, TChat, TPing:
			continue
		case TUpdate:
		default:
			t.Fatalf("unexpected %q: %s", m.T, m.Error)
		}
		v := upView(m)
		for next < v.Moves {
			if evs, err = g.Apply(moves[next]); err != nil {
				t.Fatal(err)
			}
			next++
		}
		updates++
		// Exactly the seat's view and the redacted events.
		want, _ := json.Marshal(g.View(seat))
		got, _ := json.Marshal(v)
		if !bytes.Equal(want, got) {
			t.Fatalf("update at move %d: view differs from saboteur.View(%d)\n got %s\nwant %s", v.Moves, seat, got, want)
		}
		if len(m.Events) != len(evs) {
			t.Fatalf("update at move %d: %d events, want %d", v.Moves, len(m.Events), len(evs))
		}
		for i, e := range evs {
			re := e.Redact(seat)
			w, _ := json.Marshal(&re)
			gj, _ := json.Marshal(m.Events[i])
			if !bytes.Equal(w, gj) {
				t.Fatalf("update at move %d: event %d is %s, want %s", v.Moves, i, gj, w)
			}
		}
		checkSeatKnowsOnly(t, g, seat, v, upEvents(m), evs)
	}
	if next != len(rec.Moves) || updates != len(rec.Moves)+1 {
		t.Fatalf("saw %d updates up to move %d of %d", updates, next, len(rec.Moves))
	}
}

// checkSeatKnowsOnly checks one update against the true state, field by
// field of SABOTEUR.md's Hidden information, independently of saboteur.View.
func checkSeatKnowsOnly(t *testing.T, g *saboteur.Game, seat int, v *saboteur.View, got, truth []saboteur.Event) {
	t.Helper()
	over := g.Phase() == saboteur.Over
	own := g.View(seat)
	public := g.View(-1)
	if v.Role != own.Role || !slices.Equal(v.Hand, own.Hand) {
		t.Fatalf("own role or hand wrong at move %d", v.Moves)
	}
	// Face-down goals show no identity; peeks only where this seat mapped.
	for i, c := range saboteur.GoalCells {
		tile, _ := v.Board.At(c)
		if !public.Board.GoalFaceUp(i) && tile.Card.Goal != saboteur.NoGoal {
			t.Fatalf("move %d: face-down goal %d shows as %s", v.Moves, i, tile.Card)
		}
		mapped := slices.Contains(v.MapsPlayed, saboteur.MapSight{Seat: seat, Goal: i})
		if v.Peeked[i] != saboteur.NoGoal && !mapped {
			t.Fatalf("move %d: goal %d peeked without a map", v.Moves, i)
		}
	}
	// Other seats' gold and the results: hidden until the end (R8.4).
	if !over && v.Scores != nil {
		t.Fatalf("move %d: scores before the end", v.Moves)
	}
	for _, r := range v.Results {
		for s, gold := range r.Gold {
			if s != seat && gold != 0 && !over {
				t.Fatalf("move %d: seat %d's gold shown", v.Moves, s)
			}
		}
	}
	for i, e := range got {
		tr := truth[i]
		if e.Seat == seat {
			continue
		}
		switch e.Type {
		case saboteur.Dealt:
			if e.Role != saboteur.NoRole || e.Cards != nil {
				t.Fatalf("move %d: seat %d's role or hand sent (truth %s, %v)", v.Moves, e.Seat, tr.Role, tr.Cards)
			}
		case saboteur.Drew, saboteur.Discarded, saboteur.MapPlayed:
			if e.Card != (saboteur.Card{}) {
				t.Fatalf("move %d: seat %d's %s card %s sent", v.Moves, e.Seat, e.Type, e.Card)
			}
		case saboteur.GoldOffered:
			if e.Golds != nil {
				t.Fatalf("move %d: seat %d's gold offer sent", v.Moves, e.Seat)
			}
		case saboteur.GoldKept:
			if e.Gold != 0 {
				t.Fatalf("move %d: seat %d's kept gold sent", v.Moves, e.Seat)
			}
		}
	}
}
