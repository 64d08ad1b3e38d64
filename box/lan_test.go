package box

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/ruletest"
)

// The network's hidden-information test, per game, over the contract
// (lan/PROTOCOL.md, Principles): whole LAN games on loopback, every byte
// each guest receives recorded and read back, every view and event in it
// checked with the game's Hidden check (saboteur.Leaks, incangold.Leaks,
// underground.Leaks) against the match as it stood when the host sent it.
// It lives here, beside the list of games, so that lan names no game.

// TestNothingHiddenReachesAGuest plays a whole game of every game of the
// box with a guest in every seat.
func TestNothingHiddenReachesAGuest(t *testing.T) {
	for _, g := range Games() {
		if g.Rules == nil || g.Hidden == nil {
			t.Errorf("%s: no rules or no hidden-information check", g.ID)
			continue
		}
		t.Run(g.ID, func(t *testing.T) {
			t.Parallel()
			lo, _ := g.Rules.Seats()
			players := max(lo, 3)
			st, err := playLAN(t, g.Rules, g.Hidden, players, 20261202)
			if err != nil {
				t.Fatal(err)
			}
			if !st.over || st.updates < st.moves*players || st.events == 0 {
				t.Fatalf("played %d moves (over %v), checked %d updates and %d events", st.moves, st.over, st.updates, st.events)
			}
			t.Logf("%d moves, %d updates, %d events, %d bytes checked", st.moves, st.updates, st.events, st.bytes)
		})
	}
}

// TestLANHiddenCheckCanFail: the same test finds a leak: the toy game of
// rules/ruletest told to leak a seat's sealed pick in its events, or in
// its views.
func TestLANHiddenCheckCanFail(t *testing.T) {
	for _, toy := range []ruletest.Toy{{LeakEvent: true}, {LeakView: true}} {
		_, err := playLAN(t, toy, ruletest.ToyHidden, 3, 1)
		if err == nil || !strings.Contains(err.Error(), "sealed pick") {
			t.Errorf("%+v: the leak went unseen: %v", toy, err)
		}
	}
	if _, err := playLAN(t, ruletest.Toy{}, ruletest.ToyHidden, 3, 1); err != nil {
		t.Errorf("the toy without a leak: %v", err)
	}
}

// lanStats counts what playLAN checked.
type lanStats struct {
	moves, updates, events, bytes int
	over                          bool
}

// recorder is a guest's connection that keeps every byte it reads.
type recorder struct {
	net.Conn
	mu  sync.Mutex
	buf bytes.Buffer
}

func (r *recorder) Read(p []byte) (int, error) {
	n, err := r.Conn.Read(p)
	r.mu.Lock()
	r.buf.Write(p[:n])
	r.mu.Unlock()
	return n, err
}

func (r *recorder) bytes() []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return bytes.Clone(r.buf.Bytes())
}

// guest is one seat's recorded stream and what has been read of it.
type guest struct {
	c       *lan.Client
	rec     *recorder
	off     int                        // bytes of rec read back so far
	fields  map[string]json.RawMessage // the seat's view so far, merged
	keys    []string                   // its fields in order
	updates atomic.Int64               // updates the client delivered
}

// playLAN hosts game g for players guests on loopback, plays a whole game
// with random legal moves, one at a time, and after each move (and the
// deal) reads back every byte each guest received: each update's view
// (deltas merged) and events must pass hidden, the game's check, against
// a match kept in step with the host's. The first leak is the error.
func playLAN(t *testing.T, g rules.Game, hidden func(rules.Match, int, []byte) error, players int, seed uint64) (lanStats, error) {
	t.Helper()
	var st lanStats
	h, err := lan.NewHost(lan.HostConfig{Name: "hidden", Game: g, Players: players, Seed: seed, AutoStart: true,
		TurnTimeout: -1, Rate: 1e6, Burst: 1e6, MaxPerAddr: 64, HelloRate: 1000, HelloBurst: 1000})
	if err != nil {
		return st, err
	}
	defer h.Close()
	addr, err := h.Listen("127.0.0.1:0")
	if err != nil {
		return st, err
	}
	guests := make([]*guest, players)
	for i := range guests {
		gs := &guest{fields: map[string]json.RawMessage{}}
		dial := func(ctx context.Context, addr string) (net.Conn, error) {
			nc, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
			if err != nil {
				return nil, err
			}
			gs.rec = &recorder{Conn: nc}
			return gs.rec, nil
		}
		c, err := lan.Join(context.Background(), addr.String(), lan.ClientConfig{Game: g, Name: fmt.Sprintf("p%d", i), Dial: dial})
		if err != nil {
			return st, err
		}
		defer c.Close()
		if c.Seat() != i {
			return st, fmt.Errorf("guest %d in seat %d", i, c.Seat())
		}
		gs.c = c
		go func() {
			for m := range c.Messages() {
				if m.T == lan.TUpdate {
					gs.updates.Add(1)
				}
			}
		}()
		guests[i] = gs
	}
	select {
	case <-h.Started():
	case <-time.After(10 * time.Second):
		return st, fmt.Errorf("the game did not start")
	}
	m, err := g.New(players, nil, seed) // the host's match, move for move
	if err != nil {
		return st, err
	}
	rng := rules.NewRNG(seed)
	for {
		// Every guest has the update of every move so far: read it back.
		for seat, gs := range guests {
			deadline := time.Now().Add(20 * time.Second)
			for gs.updates.Load() < int64(st.moves+1) {
				if time.Now().After(deadline) {
					return st, fmt.Errorf("seat %d: %d updates after %d moves", seat, gs.updates.Load(), st.moves)
				}
				time.Sleep(time.Millisecond)
			}
			if err := gs.check(m, seat, hidden, &st); err != nil {
				return st, fmt.Errorf("move %d, seat %d: %w", st.moves, seat, err)
			}
		}
		owing := m.ToMove()
		if m.Over() || len(owing) == 0 {
			st.over = m.Over()
			return st, nil
		}
		seat := owing[0]
		legal := m.Legal(seat)
		mv := legal[rng.IntN(len(legal))]
		if err := guests[seat].c.Move(mv); err != nil {
			return st, err
		}
		if _, err := m.Apply(seat, mv); err != nil {
			return st, fmt.Errorf("move %d: %w", st.moves, err)
		}
		st.moves++
	}
}

// check reads the frames gs received since the last check and runs hidden
// on every view (the seat's view so far with the update's fields merged)
// and every event.
func (gs *guest) check(m rules.Match, seat int, hidden func(rules.Match, int, []byte) error, st *lanStats) error {
	raw := gs.rec.bytes()
	for len(raw)-gs.off >= 4 {
		n := int(binary.BigEndian.Uint32(raw[gs.off:]))
		if len(raw)-gs.off-4 < n {
			break // the rest of the frame is on its way
		}
		p := raw[gs.off+4 : gs.off+4+n]
		gs.off += 4 + n
		st.bytes += 4 + n
		msg, err := lan.DecodeHost(p)
		if err != nil {
			return fmt.Errorf("a frame the guest cannot read: %v", err)
		}
		if msg.T != lan.TUpdate {
			continue
		}
		st.updates++
		part := msg.View
		if msg.Delta != nil {
			part = msg.Delta
		} else {
			clear(gs.fields)
			gs.keys = gs.keys[:0]
		}
		var fs map[string]json.RawMessage
		if err := json.Unmarshal(part, &fs); err != nil {
			return fmt.Errorf("update %s: %v", p, err)
		}
		for _, k := range orderedKeys(part) {
			if _, ok := gs.fields[k]; !ok {
				gs.keys = append(gs.keys, k)
			}
			gs.fields[k] = fs[k]
		}
		view := []byte{'{'}
		for i, k := range gs.keys {
			if i > 0 {
				view = append(view, ',')
			}
			kj, _ := json.Marshal(k)
			view = append(append(append(view, kj...), ':'), gs.fields[k]...)
		}
		view = append(view, '}')
		if err := hidden(m, seat, view); err != nil {
			return fmt.Errorf("view %s: %w", view, err)
		}
		for _, e := range msg.Events {
			st.events++
			if err := hidden(m, seat, e); err != nil {
				return fmt.Errorf("event %s: %w", e, err)
			}
		}
	}
	return nil
}

// orderedKeys lists the top-level keys of a JSON object in order.
func orderedKeys(p []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(p))
	if _, err := dec.Token(); err != nil {
		return nil
	}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return keys
		}
		k, _ := t.(string)
		keys = append(keys, k)
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return keys
		}
	}
	return keys
}
