package lan

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/ruletest"
)

// Protocol version 3 (lan/PROTOCOL.md): one envelope for every game. These
// tests play the toy game of rules/ruletest (simultaneous secret picks,
// no ViewCodec: whole views by encoding/json).

// toyConfig is testConfig for the toy game with players seats.
func toyConfig(players int) HostConfig {
	cfg := testConfig(3, 0)
	cfg.Game, cfg.Players, cfg.Options, cfg.BotLevel, cfg.NewBot = ruletest.Toy{}, players, nil, "ones", nil
	return cfg
}

func toyJoin(t testing.TB, addr, name string) *Client {
	return join(t, addr, name, func(c *ClientConfig) { c.Game = ruletest.Toy{} })
}

func toyBot(int) (rules.Bot, error) { return ruletest.Toy{}.NewBot("ones", 0, 0) }

// otherGame is the toy under another name: a game the toy's tables do not
// play.
type otherGame struct{ ruletest.Toy }

func (otherGame) ID() string { return "other" }

// TestVersion2HelloIsRefused: a guest of protocol version 2 (whose hello
// names no game) is refused for its version, and the refusal names both
// versions.
func TestVersion2HelloIsRefused(t *testing.T) {
	_, addr := startHost(t, testConfig(3, 0))
	rc := rawConn(t, addr)
	defer rc.Close()
	rc.sendRaw([]byte(`{"t":"hello","version":2,"name":"Old","password":"","token":"","deflate":false}`))
	m, err := rc.recv()
	if err != nil {
		t.Fatal(err)
	}
	if m.T != TRefused || m.Code != CodeVersion || m.Version != 3 || !strings.Contains(m.Error, "version 3, you speak 2") {
		t.Fatalf("a version 2 hello got %+v", m)
	}
}

// TestVersion2HostRefusalSaysVersion: a host of version 2 refuses this
// version's hello for its unknown "game" field (code protocol, naming its
// version 2); the guest reports a refusal for the version.
func TestVersion2HostRefusalSaysVersion(t *testing.T) {
	addr := fakeHost(t, `{"t":"refused","code":"protocol","error":"lan: malformed message: json: unknown field \"game\"","version":2}`)
	_, err := Join(context.Background(), addr, ClientConfig{Game: toy, Name: "ann", Timeout: 2 * time.Second})
	var re *RefusedError
	if !errors.As(err, &re) || re.Code != CodeVersion || re.Version != 2 || !strings.Contains(re.Text, "protocol version 2, this guest 3") {
		t.Fatalf("a version 2 host's refusal came back as %v", err)
	}
}

// TestHostRefusesAnotherGame: a guest that asks for another game than the
// table's, or names none, is refused (code game), and the refusal names
// the table's game and the guest's.
func TestHostRefusesAnotherGame(t *testing.T) {
	h, addr := startHost(t, toyConfig(3))
	_, err := Join(context.Background(), addr, ClientConfig{Game: otherGame{}, Name: "ann", Timeout: 2 * time.Second})
	var re *RefusedError
	if !errors.As(err, &re) || re.Code != CodeGame || !strings.Contains(re.Text, "plays toy") || !strings.Contains(re.Text, "other") {
		t.Fatalf("a guest of another game at a toy table: %v", err)
	}
	rc := rawConn(t, addr)
	defer rc.Close()
	rc.send(&Message{T: THello, Version: Version, Name: "nogame"})
	if m, err := rc.recv(); err != nil || m.T != TRefused || m.Code != CodeGame || !strings.Contains(m.Error, "names no game") {
		t.Fatalf("a hello without a game: %+v, %v", m, err)
	}
	if l := h.Lobby(); l.Game != "toy" || slices.ContainsFunc(l.Seats, func(s SeatInfo) bool { return s.Kind != SeatOpen }) {
		t.Fatalf("refused guests changed the lobby: %+v", l)
	}
}

// TestClientRefusesAWelcomeOfAnotherGame: a host whose welcome names
// another game than the guest's is left at once.
func TestClientRefusesAWelcomeOfAnotherGame(t *testing.T) {
	addr := fakeHost(t, `{"t":"welcome","version":3,"game":"toy","seat":0,"name":"ann","token":"`+strings.Repeat("ab", 16)+`"}`)
	_, err := Join(context.Background(), addr, ClientConfig{Game: otherGame{}, Name: "ann", Timeout: 2 * time.Second})
	var re *RefusedError
	if !errors.As(err, &re) || re.Code != CodeGame || !strings.Contains(re.Text, `"toy"`) {
		t.Fatalf("a welcome to a toy table: %v", err)
	}
}

// TestSimultaneousGameOverLAN: three guests play the toy game, whose seats
// all owe a pick at once, to its end with Autoplay; the lobby and the
// beacon's lobby name the game, and every guest's final view is the
// host's.
func TestSimultaneousGameOverLAN(t *testing.T) {
	h, addr := startHost(t, toyConfig(3))
	cs := []*Client{toyJoin(t, addr, "a"), toyJoin(t, addr, "b"), toyJoin(t, addr, "c")}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	views := make([]rules.View, len(cs))
	errs := make([]error, len(cs))
	var wg sync.WaitGroup
	for i, c := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			views[i], errs[i] = Autoplay(ctx, c, toyBot, nil)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("guest %d: %v", i, err)
		}
	}
	<-h.Table().Done()
	for i, v := range views {
		if want := h.Table().View(i); !jsonEqual(t, v, want) {
			t.Errorf("guest %d ended with %+v, the host's view is %+v", i, v, want)
		}
	}
	waitFor(t, "the lobby to say the game is over", func() bool { return h.Lobby().Over }) // watchEnd follows Done
	if l := h.Lobby(); l.Game != "toy" || l.Players != 3 || !l.Over {
		t.Fatalf("lobby: %+v", l)
	}
	if n := len(h.Table().Record().Moves); n != 30 { // ten rounds of three picks
		t.Fatalf("%d moves", n)
	}
}

// TestTurnTimerTimesEachOwingSeat: two of three guests at the toy table
// never pick; each of their seats has its own timer, and a computer player
// makes each of their picks, round after round, until the game ends. Both
// seats get notices.
func TestTurnTimerTimesEachOwingSeat(t *testing.T) {
	cfg := toyConfig(3)
	cfg.TurnTimeout = 100 * time.Millisecond
	h, addr := startHost(t, cfg)
	active := toyJoin(t, addr, "a")
	silent := []*Client{toyJoin(t, addr, "b"), toyJoin(t, addr, "c")}
	for _, c := range silent {
		go func() {
			for range c.Messages() {
			}
		}()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := Autoplay(ctx, active, toyBot, nil); err != nil {
		t.Fatal(err)
	}
	<-h.Table().Done()
	timed := map[int]int{}
	count := func() bool {
		clear(timed)
		for _, n := range h.Notices() {
			if n.Code == NoticeTurnTimeout {
				timed[n.Seat]++
			}
		}
		return timed[1] == 10 && timed[2] == 10
	}
	waitFor(t, "a notice for each of the silent seats' ten picks", count)
	if timed[0] != 0 || len(h.Table().Record().Moves) != 30 {
		t.Fatalf("turn timer notices by seat: %v, %d moves", timed, len(h.Table().Record().Moves))
	}
}

// TestGenericDeltaMerges: a game without a ViewCodec may still get deltas
// (lan/PROTOCOL.md, Updates): the client merges the fields into the last
// view and the game decodes the result strictly.
func TestGenericDeltaMerges(t *testing.T) {
	vt := viewTracker{g: ruletest.Toy{}}
	m, err := DecodeHost([]byte(`{"t":"update","view":{"seat":1,"scores":[0,0],"picked":[0,0]},"step":1,"owes":true}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := vt.apply(&m); err != nil || !m.Owes || m.Step != 1 {
		t.Fatalf("view: %v %+v", err, m)
	}
	m, _ = DecodeHost([]byte(`{"t":"update","delta":{"picked":[-1,2]},"events":[{"type":"picked","seat":1,"pick":2}]}`))
	if err := vt.apply(&m); err != nil {
		t.Fatal(err)
	}
	want, _ := ruletest.Toy{}.DecodeView([]byte(`{"seat":1,"scores":[0,0],"picked":[-1,2]}`))
	if !jsonEqual(t, m.GameView, want) || len(m.GameEvents) != 1 {
		t.Fatalf("merged %+v, events %+v", m.GameView, m.GameEvents)
	}
	for _, bad := range []string{
		`{"t":"update","delta":{"wizard":1}}`,
		`{"t":"update","delta":{"picked":"x"}}`,
		`{"t":"update","delta":[1]}`,
		`{"t":"update","delta":{"picked":[]},"events":[{"type":"dance"}]}`,
	} {
		m, err := DecodeHost([]byte(bad))
		if err == nil {
			err = vt.apply(&m)
		}
		if err == nil {
			t.Errorf("%s: merged", bad)
		}
	}
}

// TestHostCrashResumeMidChoice: the toy game's host crashes while some
// seats have picked and others still owe theirs; a host resumed from the
// autosave takes the guests back with their tokens, the sealed picks
// stand, and the game is the saved one continued to its end. A host of
// another game refuses the record.
func TestHostCrashResumeMidChoice(t *testing.T) {
	save := &memSaver{at: 7, hit: make(chan struct{})} // two rounds and one pick of the third
	cfg := toyConfig(3)
	cfg.Save = save
	h1, addr := startHost(t, cfg)
	var cs []*Client
	for _, n := range []string{"a", "b", "c"} {
		cs = append(cs, join(t, addr, n, func(c *ClientConfig) { c.Game, c.Reconnect = ruletest.Toy{}, 10*time.Second }))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	errs := make([]error, len(cs))
	var wg sync.WaitGroup
	for i, c := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = Autoplay(ctx, c, toyBot, nil)
		}()
	}
	<-save.hit
	h1.Close()
	save.mu.Lock()
	recJSON, sess := save.rec, save.sess
	save.mu.Unlock()
	rec, err := rules.ParseRecord(recJSON)
	if err != nil {
		t.Fatal(err)
	}
	ocfg := testConfig(3, 0)
	ocfg.Game = otherGame{}
	other, _ := startHost(t, ocfg)
	if err := other.Resume(rec, sess, nil); err == nil || !strings.Contains(err.Error(), `"toy"`) {
		t.Fatalf("a host of another game resumed a toy record: %v", err)
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
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("guest %d: %v", i, err)
		}
	}
	<-h2.Table().Done()
	final := h2.Table().Record()
	if len(rec.Moves) < 7 || len(final.Moves) != 30 || !slices.EqualFunc(final.Moves[:len(rec.Moves)], rec.Moves, func(a, b rules.RecordMove) bool {
		return a.Seat == b.Seat && string(a.Move) == string(b.Move)
	}) {
		t.Fatalf("the resumed game (%d moves) is not the saved one (%d moves) continued", len(final.Moves), len(rec.Moves))
	}
	for i, s := range h2.Lobby().Seats {
		if s.Kind != SeatGuest || s.StandIn {
			t.Errorf("seat %d after the resume: %+v", i, s)
		}
	}
}

// panicBot is a computer player that cannot read what it is shown.
type panicBot struct{}

func (panicBot) Observe(rules.Event)          {}
func (panicBot) Choose(rules.View) rules.Move { panic("index out of range [99]") }

// TestAutoplaySurvivesAViewItsBotCannotRead: a hostile host's view that
// the game's decoder accepts but that makes the computer player panic
// ends `goldvein join`'s game with an error naming it; the process goes
// on.
func TestAutoplaySurvivesAViewItsBotCannotRead(t *testing.T) {
	addr := fakeHost(t,
		`{"t":"welcome","version":3,"game":"toy","seat":0,"name":"ann","token":"`+strings.Repeat("ab", 16)+`"}`,
		`{"t":"update","view":{"seat":0,"scores":[0,0],"picked":[0,0]},"step":1,"owes":true}`)
	c, err := Join(context.Background(), addr, ClientConfig{Game: ruletest.Toy{}, Name: "ann", Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = Autoplay(ctx, c, func(int) (rules.Bot, error) { return panicBot{}, nil }, nil)
	if err == nil || !strings.Contains(err.Error(), "index out of range [99]") {
		t.Fatalf("Autoplay: %v", err)
	}
}

// TestQuickPhrasesAreTheGames: a chat's quick phrase must be one of the
// table's game's (rules.Phraser): Saboteur's "hurry" is refused at the toy
// table, whose phrases are others, by the client and by the host, while
// free text goes through.
func TestQuickPhrasesAreTheGames(t *testing.T) {
	h, addr := startHost(t, toyConfig(3))
	c := toyJoin(t, addr, "a")
	if err := c.Phrase("hurry"); err == nil {
		t.Fatal("the client sent a phrase the toy game lacks")
	}
	if err := h.Chat(0, "", "hurry"); err == nil {
		t.Fatal("the host said a phrase the toy game lacks")
	}
	rc := rawConn(t, addr)
	defer rc.Close()
	rc.send(&Message{T: THello, Version: Version, Game: "toy", Name: "raw"})
	for m, err := rc.recv(); m.T != TWelcome; m, err = rc.recv() {
		if err != nil {
			t.Fatal(err)
		}
	}
	rc.send(&Message{T: TChat, Phrase: "hurry"})
	rc.send(&Message{T: TChat, Text: "hello"})
	refused := false
	for {
		m, err := rc.recv()
		if err != nil {
			t.Fatal(err)
		}
		if m.T == TError {
			if m.Code != CodeProtocol || !strings.Contains(m.Error, `toy has no quick phrase "hurry"`) {
				t.Fatalf("error %+v", m)
			}
			refused = true
		}
		if m.T == TChat {
			if m.Phrase != "" || m.Text != "hello" || !refused {
				t.Fatalf("chat %+v (the phrase refused before: %v)", m, refused)
			}
			break
		}
	}
	if log := h.ChatLog(); len(log) != 1 || log[0].Text != "hello" {
		t.Fatalf("chat log %+v", log)
	}
}
