package incangold

import (
	"context"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// igSpy is an igTable that checks what the screens get from it: the public
// stream never holds a sealed choice (I3.4: another seat's is unknown
// before the reveal, and the stream is a spectator's), and a view of any
// seat but the screen's own player's is a spectator's (no choice, no tent,
// others' tents only with open tents or at the end: O4, I9).
type igSpy struct {
	igTable
	t    *testing.T
	me   int
	seen int
}

func (s *igSpy) check(v incangold.View, seat int) {
	s.t.Helper()
	if seat == s.me {
		return
	}
	if v.Seat != -1 || v.Choice != incangold.NoChoice || v.Tent != 0 || (len(v.Tents) > 0 && !v.Over && !v.Options.OpenTents) {
		s.t.Fatalf("the screen's view for seat %d tells more than a spectator knows: %+v", seat, v)
	}
}

func (s *igSpy) View(seat int) incangold.View {
	v := s.igTable.View(seat)
	s.check(v, seat)
	return v
}

func (s *igSpy) Take() []igItem {
	items := s.igTable.Take()
	for _, it := range items {
		s.seen++
		if it.ev.Type == incangold.Sealed && it.ev.Choice != incangold.NoChoice {
			s.t.Fatalf("the public stream shows seat %d's sealed choice %q before the reveal", it.ev.Seat, it.ev.Choice)
		}
		s.check(*it.view, -1)
	}
	return items
}

// igPlayLAN plays the screen's seat of a LAN Incan Gold game by keyboard
// (T, C, Enter) until the final scoring, spying on the board's table;
// tick runs the other side meanwhile. It returns the final scene.
func igPlayLAN(t *testing.T, h *scenes.Harness, me int, keys bool, other func(), shot string) *igFinalScene {
	t.Helper()
	deadline := time.Now().Add(120 * time.Second)
	var spy *igSpy
	chose := 0
	for n := 0; ; n++ {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end: on %s", h.A.Cur.Name())
		}
		if other != nil {
			other()
		}
		switch s := h.A.Cur.(type) {
		case *igBoardScene:
			if s.m.lan == nil {
				t.Fatal("a LAN board without its link")
			}
			if spy == nil {
				spy = &igSpy{igTable: s.m.table, t: t, me: me}
				s.m.table = spy
			}
			if s.chooser >= 0 && !s.curtain && h.A.Fade == 0 {
				if s.chooser != me {
					t.Fatalf("the board asks seat %d to choose, the screen's player is seat %d", s.chooser, me)
				}
				// Torch in the first two steps of a round, then camp: the
				// player sees some of each round and comes home.
				if chose == 3 {
					h.Shot(shot + "-choice")
				}
				torch := len(s.m.st.path) <= 2
				h.Arm() // the cards count once armed (scenes.ArmTicks), as a person's press comes no sooner
				switch {
				case keys && torch:
					h.Key(ebiten.KeyT)
				case keys:
					h.Key(ebiten.KeyC)
				case torch:
					h.Click(s.l.torch)
				default:
					h.Click(s.l.camp)
				}
				if s.chooser >= 0 {
					t.Fatalf("the choice was not taken (path %d cards)", len(s.m.st.path))
				}
				chose++
				continue
			}
		case *igRoundEndScene:
			if h.A.Fade == 0 && s.Settled() {
				h.Key(ebiten.KeyEnter)
				continue
			}
		case *igFinalScene:
			if chose == 0 || spy == nil || spy.seen == 0 {
				t.Fatalf("the screen's player chose %d times; the stream held %v events", chose, spy)
			}
			t.Logf("%d choices, %d events, %d ticks", chose, spy.seen, n)
			h.Ticks(30)
			h.Shot(shot + "-final")
			return s
		}
		h.Tick()
		if n%20 == 0 {
			time.Sleep(time.Millisecond)
		}
	}
}

// TestIncanLANGuestWholeGame: a guest joins an Incan Gold table by typing
// its address (the app says hello with Saboteur first, is refused for the
// game and tries Incan Gold), plays its seat by keyboard against the
// host's three computer players to the final scoring, and its screens
// never see another seat's sealed choice or tent.
func TestIncanLANGuestWholeGame(t *testing.T) {
	scenes.LoopbackLAN(t)
	o := incangold.DefaultOptions()
	o.StartPlayer = 0
	host, addr := scenes.ListenHost(t, lan.HostConfig{Name: "t", Game: igGame, Players: 4, Options: scenes.JSONOf(o),
		Bots: 3, AutoStart: true, Seed: 7})
	h := scenes.NewHarness(t, igTestGames)
	scenes.ClickMenu(t, h, scenes.MenuJoin)
	js := h.A.Cur.(*scenes.JoinScene)
	h.Click(js.AddrR)
	h.In.Chars = []rune(addr.String())
	h.Tick()
	h.Key(ebiten.KeyEnter)
	scenes.Until(t, 2000, func() bool { _, ok := h.A.Cur.(*igBoardScene); return ok || js.Err != "" }, h)
	if js.Err != "" {
		t.Fatalf("join: %s", js.Err)
	}
	b := h.A.Cur.(*igBoardScene)
	if !slices.Equal(b.m.humans, []int{0}) || b.m.lan.Guest == nil {
		t.Fatalf("the guest's board: humans %v", b.m.humans)
	}
	f := igPlayLAN(t, h, 0, true, nil, "ig-lan-guest")
	v, _ := host.Table().View(-1).(incangold.View)
	if !v.Over || !slices.Equal(f.v.Scores, v.Scores) {
		t.Fatalf("the guest's final scores %v, the host's %v (over %v)", f.v.Scores, v.Scores, v.Over)
	}
	rec := host.Table().Record()
	mine := 0
	for _, mv := range rec.Moves {
		if mv.Seat == 0 {
			mine++
		}
	}
	if mine == 0 {
		t.Fatalf("the host's record holds no move of the guest's seat: %d moves", len(rec.Moves))
	}
}

// TestIncanLANHostWithGuest: Host LAN game with Incan Gold picked opens
// its lobby (3 to 8 seats, its table options, computer levels); a guest
// (lan.Join, played by a computer player) sits down, two seats become
// computer players, and the host plays its seat by mouse to the end.
func TestIncanLANHostWithGuest(t *testing.T) {
	scenes.LoopbackLAN(t)
	hh := scenes.NewHarness(t, igTestGames)
	hh.A.GameID = igGameID
	scenes.ClickMenu(t, hh, scenes.MenuHost)
	ls, ok := hh.A.Cur.(*scenes.LobbyScene)
	if !ok || ls.Link == nil {
		t.Fatalf("lobby: %T, err %q", hh.A.Cur, ls.Err)
	}
	t.Cleanup(ls.Link.Close)
	if ls.Lobby.Game != incangold.ID || len(ls.Lobby.Seats) != 4 || len(ls.Opts) != 5 {
		t.Fatalf("the lobby: game %q, %d seats, %d options", ls.Lobby.Game, len(ls.Lobby.Seats), len(ls.Opts))
	}
	// O4 on, the host's seat starts (I2.4), seats 2 and 3 computer players
	// (random, then easy for seat 3).
	hh.Click(ls.Opts[3].R)
	hh.Click(ls.Opts[4].R)
	hh.Click(ls.Seats[2].Kind.R)
	hh.Click(ls.Seats[3].Kind.R)
	hh.Click(ls.Seats[3].Kind.R)
	o := IgLobbyOptions(ls.Lobby)
	if !o.OpenTents || o.StartPlayer != 0 {
		t.Errorf("options after the clicks: %+v (%q)", o, ls.Err)
	}
	if s2, s3 := ls.Lobby.Seats[2], ls.Lobby.Seats[3]; s2.Kind != lan.SeatBot || s2.Level != "random" || s3.Level != "easy" {
		t.Errorf("seats after the clicks: %+v %+v", s2, s3)
	}
	// A guest sits down and plays with a computer player.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, err := lan.Join(ctx, "127.0.0.1:"+strconv.Itoa(ls.Link.Port), lan.ClientConfig{Game: igGame, Name: "Bob", Reconnect: time.Minute, IdleTimeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	done := make(chan error, 1)
	var final rules.View
	go func() {
		v, err := lan.Autoplay(ctx, c, func(seat int) (rules.Bot, error) { return igGame.NewBot("normal", seat, 3) }, nil)
		final = v
		done <- err
	}()
	scenes.Until(t, 2000, func() bool { return ls.Lobby.Seats[1].Kind == lan.SeatGuest }, hh)
	hh.Shot("ig-lan-lobby")
	hh.Click(ls.Start.R)
	scenes.Until(t, 600, func() bool { _, ok := hh.A.Cur.(*igBoardScene); return ok || ls.Err != "" }, hh)
	if ls.Err != "" {
		t.Fatalf("start: %s", ls.Err)
	}
	// The guest's panel says guest; its chat line shows in the board's
	// chat box.
	b := hh.A.Cur.(*igBoardScene)
	if got, want := b.m.seatKind(hh.A, 1), hh.A.T("lan.seat.guest"); got != want {
		t.Errorf("the guest's panel says %q, want %q", got, want)
	}
	if err := c.Chat("hi all"); err != nil {
		t.Fatal(err)
	}
	scenes.Until(t, 600, func() bool { return chatShows(hh, b, "hi all") }, hh)
	hh.Shot("ig-lan-host-chat")
	f := igPlayLAN(t, hh, 0, false, nil, "ig-lan-host")
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the guest: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the guest never saw the end")
	}
	gv, _ := final.(incangold.View)
	if !gv.Over || !slices.Equal(gv.Scores, f.v.Scores) {
		t.Fatalf("the guest's final scores %v, the host's screen %v", gv.Scores, f.v.Scores)
	}
}

// TestIGGuestTableResync: after the connection comes back (TBack) the
// host's first update repeats every event of the game (lan/PROTOCOL.md,
// Updates); the guest's screens get only the new ones, once each.
func TestIGGuestTableResync(t *testing.T) {
	g := &igGuestTable{seat: 1}
	v := incangold.View{Seat: 1, Players: 3, Explorers: []int{0, 1, 2}}
	ev := func(n int) []incangold.Event {
		var out []incangold.Event
		for i := 0; i < n; i++ {
			out = append(out, incangold.Event{Type: incangold.Sealed, Seat: i % 3, Choice: incangold.Torch})
		}
		return out
	}
	g.deliver(v, ev(3))
	if got := len(g.Take()); got != 3 {
		t.Fatalf("first update: %d events, want 3", got)
	}
	g.reconnected()
	g.deliver(v, ev(5))
	items := g.Take()
	if len(items) != 2 {
		t.Fatalf("after a reconnection: %d events, want the 2 new ones", len(items))
	}
	for _, it := range items {
		if it.ev.Choice != incangold.NoChoice || it.view.Seat != -1 {
			t.Fatalf("the public stream holds %+v (view of seat %d)", it.ev, it.view.Seat)
		}
	}
	g.deliver(v, ev(1))
	if got := len(g.Take()); got != 1 {
		t.Fatalf("the next update: %d events, want 1", got)
	}
}
