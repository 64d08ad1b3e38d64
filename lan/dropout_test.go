package lan

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/ruletest"
)

// waitFor polls cond every 5 ms for up to 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestDropoutStandInAndBack(t *testing.T) {
	t.Parallel()
	cfg := testConfig(4, 0)
	cfg.BotDelay = 10 * time.Millisecond
	cfg.Grace = 200 * time.Millisecond
	h, addr := startHost(t, cfg)
	for i := 1; i < 4; i++ {
		h.SetSeat(i, SeatBot, "", "random")
	}
	c := join(t, addr, "victim", nil)
	token := c.Token()
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Autoplay(ctx, c, randomBot(toy), func(m Message) {
		if m.T == TUpdate && m.Step >= 8 { // in turns, the toy's step counts the moves
			cancel() // the client dies without a goodbye
		}
	})
	if err != context.Canceled {
		t.Fatalf("autoplay: %v", err)
	}
	waitFor(t, "a stand-in", func() bool { return h.Lobby().Seats[0].StandIn })
	if s := h.Lobby().Seats[0]; s.Connected || s.Name != "victim" || s.Kind != SeatGuest {
		t.Fatalf("seat 0 while away: %+v", s)
	}
	n0 := len(h.Table().Record().Moves)
	waitFor(t, "the stand-in's move", func() bool {
		ms := h.Table().Record().Moves
		return slices.ContainsFunc(ms[n0:], func(m rules.RecordMove) bool { return m.Seat == 0 })
	})
	c2 := join(t, addr, "", func(cc *ClientConfig) { cc.Token = token })
	if c2.Seat() != 0 {
		t.Fatalf("back in seat %d", c2.Seat())
	}
	if s := h.Lobby().Seats[0]; !s.Connected || s.StandIn {
		t.Fatalf("seat 0 after coming back: %+v", s)
	}
	// The comeback update holds the whole game so far, and still nothing
	// private to another seat: every event is its own redaction for seat 0.
	m := <-c2.Messages()
	for m.T != TUpdate {
		m = <-c2.Messages()
	}
	if len(m.GameEvents) < m.Step+4 { // the deal, a pick per move and the reveals
		t.Fatalf("comeback update: %d events for %d moves", len(m.GameEvents), m.Step)
	}
	for _, e := range m.GameEvents {
		if r, _ := e.For(0); !reflect.DeepEqual(e, r) {
			t.Fatalf("comeback update holds a private event: %+v", e)
		}
	}
	if m.Owes { // Autoplay below starts from the next update
		c2.Move(ruletest.ToyMove{Pick: 1})
	}
	views := playAll(t, []*Client{c2})
	checkFinal(t, h, []*Client{c2}, views)
}

// memSaver is an autosave in memory, passed through JSON like a file.
type memSaver struct {
	mu    sync.Mutex
	rec   []byte
	sess  Session
	moves int
	at    int
	hit   chan struct{}
}

func (m *memSaver) Save(rec *rules.Record, s Session) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.rec, m.sess, m.moves = b, s, len(rec.Moves)
	if m.moves == m.at {
		close(m.hit)
	}
	return nil
}

func TestHostCrashResume(t *testing.T) {
	t.Parallel()
	save := &memSaver{at: 15, hit: make(chan struct{})}
	cfg := testConfig(3, 1)
	cfg.BotDelay = 5 * time.Millisecond
	cfg.Save = save
	h1, addr := startHost(t, cfg)
	cs := []*Client{
		join(t, addr, "ann", func(c *ClientConfig) { c.Reconnect = 10 * time.Second }),
		join(t, addr, "bob", func(c *ClientConfig) { c.Reconnect = 10 * time.Second }),
	}
	var views []rules.View
	done := make(chan struct{})
	go func() {
		defer close(done)
		views = playAll(t, cs)
	}()
	<-save.hit
	h1.Close() // the crash: connections and table gone, the autosave stays
	save.mu.Lock()
	recJSON, sess := save.rec, save.sess
	save.mu.Unlock()
	rec, err := rules.ParseRecord(recJSON)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Save = nil
	h2, err := NewHost(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer h2.Close()
	if err := h2.Resume(rec, sess, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := h2.Listen(addr); err != nil {
		t.Fatal(err)
	}
	<-done
	checkFinal(t, h2, cs, views)
	final := h2.Table().Record()
	sameMove := func(a, b rules.RecordMove) bool { return a.Seat == b.Seat && bytes.Equal(a.Move, b.Move) }
	if !slices.EqualFunc(final.Moves[:len(rec.Moves)], rec.Moves, sameMove) || final.Seed != rec.Seed {
		t.Fatal("the resumed game is not the saved one continued")
	}
}

// TestBadMessagesHarmNobody sends garbage, truncated, unknown, out-of-turn
// and oversized messages from one seat: each is refused to that connection
// alone, nothing changes, and the others finish their game.
func TestBadMessagesHarmNobody(t *testing.T) {
	t.Parallel()
	cfg := testConfig(4, 0)
	h, addr := startHost(t, cfg)
	var cs []*Client
	for _, n := range []string{"ann", "bob", "cy"} {
		cs = append(cs, join(t, addr, n, nil))
	}
	bad := rawConn(t, addr)
	defer bad.Close()
	bad.send(&Message{T: THello, Version: Version, Game: "toy", Name: "mallory"})
	if m, err := bad.recv(); err != nil || m.T != TWelcome || m.Seat != 3 {
		t.Fatalf("welcome: %+v %v", m, err)
	}
	waitFor(t, "the start", func() bool { return h.Table() != nil })
	before, _ := json.Marshal(h.Table().View(-1))
	for _, tc := range []struct {
		name, payload, code string
	}{
		{"garbage", "\x00\x01\xffgarbage", CodeProtocol},
		{"truncated JSON", `{"t":"move","move":{"pick":`, CodeProtocol},
		{"unknown type", `{"t":"launch"}`, CodeProtocol},
		{"unknown field", `{"t":"move","move":{"pick":1},"seat":0,"x":1}`, CodeProtocol},
		{"unknown field in the move", `{"t":"move","move":{"pick":1,"seat":0}}`, CodeProtocol},
		{"out of turn", `{"t":"move","move":{"pick":1}}`, CodeRule},
		{"a pick the rules refuse", `{"t":"move","move":{"pick":3}}`, CodeRule},
		{"unknown pick", `{"t":"move","move":{"pick":9}}`, CodeProtocol},
		{"hello twice", `{"t":"hello","version":1,"name":"again"}`, CodeProtocol},
		{"unprintable chat", `{"t":"chat","text":"\u0007"}`, CodeProtocol},
		{"empty", ``, CodeProtocol},
	} {
		bad.sendRaw([]byte(tc.payload))
		for {
			m, err := bad.recv()
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if m.T == TError {
				if m.Code != tc.code {
					t.Errorf("%s: code %q (%s), want %q", tc.name, m.Code, m.Error, tc.code)
				}
				break
			}
		}
	}
	// A truncated frame on a fresh connection: announced 100 bytes, sent 10.
	trunc := rawConn(t, addr)
	var hdr [4]byte
	binary.BigEndian.PutUint32(hdr[:], 100)
	trunc.nc.Write(append(hdr[:], "0123456789"...))
	trunc.Close()
	// An oversized frame closes the connection after an error.
	binary.BigEndian.PutUint32(hdr[:], MaxClientMessage+1)
	bad.nc.Write(append(hdr[:], bytes.Repeat([]byte("x"), 64)...))
	for {
		m, err := bad.recv()
		if err != nil {
			t.Fatalf("oversized: %v", err)
		}
		if m.T == TError {
			if m.Code != CodeSize {
				t.Errorf("oversized: code %q", m.Code)
			}
			break
		}
	}
	if _, err := bad.recv(); err != io.EOF && err != io.ErrUnexpectedEOF {
		t.Errorf("after an oversized frame the connection should close, got %v", err)
	}
	after, _ := json.Marshal(h.Table().View(-1))
	if !bytes.Equal(before, after) || len(h.Table().Record().Moves) != 0 {
		t.Fatal("a refused message changed the game")
	}
	// The others never heard of it and play to the end (a stand-in takes
	// mallory's seat after the grace period).
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	views := make([]rules.View, len(cs))
	for i, c := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := Autoplay(ctx, c, randomBot(toy), func(m Message) {
				if m.T == TError {
					t.Errorf("client %d got an error: %s", i, m.Error)
				}
			})
			if err != nil {
				t.Errorf("client %d: %v", i, err)
			}
			views[i] = v
		}()
	}
	wg.Wait()
	checkFinal(t, h, cs, views)
}

func TestRateLimit(t *testing.T) {
	cfg := testConfig(3, 0)
	cfg.Rate, cfg.Burst = 5, 5
	_, addr := startHost(t, cfg)
	rc := rawConn(t, addr)
	defer rc.Close()
	rc.send(&Message{T: THello, Version: Version, Game: "toy", Name: "flood"})
	for i := 0; i < 20; i++ {
		rc.send(&Message{T: TChat, Phrase: "pick_two"})
	}
	chats, limited := 0, 0
	for chats+limited < 20 {
		m, err := rc.recv()
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case m.T == TChat:
			chats++
		case m.T == TError && m.Code == CodeRate:
			limited++
		}
	}
	if chats > 6 || limited < 14 {
		t.Errorf("%d chats passed and %d were limited, want at most burst 5 (+1 refill) to pass", chats, limited)
	}
}

func TestLeaveHandsTheSeatToABotAtOnce(t *testing.T) {
	cfg := testConfig(3, 1)
	cfg.Grace = time.Hour
	h, addr := startHost(t, cfg)
	a := join(t, addr, "ann", nil)
	join(t, addr, "bob", nil)
	<-h.Started()
	a.Leave()
	waitFor(t, "a computer player for ann", func() bool { return h.Lobby().Seats[0].Kind == SeatBot })
	if s := h.Lobby().Seats[0]; s.Connected || s.Name != "ann" || s.StandIn {
		t.Fatalf("seat 0 after a goodbye: %+v", s)
	}
}

// TestByeEndsTheToken: a guest who said bye has left for good: their
// reconnect token is refused (code token), and the autosave's session
// holds a computer player in their seat and no token, so a --resume does
// not give the seat back either (lan/PROTOCOL.md, bye).
func TestByeEndsTheToken(t *testing.T) {
	cfg := testConfig(3, 1)
	cfg.Grace = time.Hour
	save := &memSaver{at: -1}
	cfg.Save = save
	h, addr := startHost(t, cfg)
	a := join(t, addr, "ann", nil)
	b := join(t, addr, "bob", nil)
	<-h.Started()
	token := a.Token()
	a.Leave()
	waitFor(t, "a computer player for ann", func() bool { return h.Lobby().Seats[0].Kind == SeatBot })
	save.mu.Lock()
	before := save.moves
	save.mu.Unlock()

	_, err := Join(context.Background(), addr, ClientConfig{Game: toy, Name: "ann", Token: token, Timeout: 2 * time.Second})
	var re *RefusedError
	if !errors.As(err, &re) || re.Code != CodeToken {
		t.Fatalf("the token after a bye: %v, want a refusal with code token", err)
	}

	playAll(t, []*Client{b})
	save.mu.Lock()
	if save.moves <= before {
		t.Fatalf("no autosave after the bye (%d moves, %d before)", save.moves, before)
	}
	sess := save.sess
	save.mu.Unlock()
	if got := sess.Seats[0]; got.Kind != SeatBot || got.Token != "" || got.Name != "ann" {
		t.Fatalf("the autosave's seat 0 after a bye: %+v", got)
	}
	if sess.Seats[1].Kind != SeatGuest || sess.Seats[1].Token != b.Token() {
		t.Fatalf("the autosave's seat 1: %+v", sess.Seats[1])
	}
	if err := sess.check(); err != nil {
		t.Fatal(err)
	}
}
