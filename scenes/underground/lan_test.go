package underground

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
)

// TestUGLANGuestWholeGame: a guest joins an Underground table by typed
// address (refused for Saboteur and Incan Gold first, lan.CodeGame), plays
// its seat by mouse against the host's computer player to the final
// scoring, every move going over the network; its screens never see the
// other seat's coins (Hidden information) and its coins on screen,
// followed through the public events, are the host's finals.
func TestUGLANGuestWholeGame(t *testing.T) {
	scenes.LoopbackLAN(t)
	host, addr := scenes.ListenHost(t, lan.HostConfig{Name: "t", Game: ugGame, Players: 2, Options: scenes.JSONOf(underground.Options{FirstPlayer: new(int)}),
		Bots: 1, BotLevel: "easy", AutoStart: true, Seed: 5})
	h := scenes.NewHarness(t, ugTestGames)
	h.A.Settings.AnimSpeed = 16
	scenes.ClickMenu(t, h, scenes.MenuJoin)
	js := h.A.Cur.(*scenes.JoinScene)
	h.Click(js.AddrR)
	h.In.Chars = []rune(addr.String())
	h.Tick()
	h.Key(ebiten.KeyEnter)
	scenes.Until(t, 3000, func() bool { _, ok := h.A.Cur.(*ugPlayScene); return ok || js.Err != "" }, h)
	if js.Err != "" {
		t.Fatalf("join: %s", js.Err)
	}
	s := h.A.Cur.(*ugPlayScene)
	m := s.m
	if m.lan == nil || m.lan.Guest == nil || !slices.Equal(m.humans, []int{0}) {
		t.Fatalf("the guest's match: humans %v", m.humans)
	}
	conquests := map[int]int{}
	moves := 0
	deadline := time.Now().Add(8 * time.Minute) // a guard against a hang: under load 10 the game takes over 4 minutes
	for {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end: on %s after %d moves", h.A.Cur.Name(), moves)
		}
		if v, ok := m.table.View(1).(underground.View); ok && len(v.Seats) > 1 && v.Seats[1].Coins != nil && !v.Over {
			t.Fatalf("the guest's screens see seat 1's coins: %d", *v.Seats[1].Coins)
		}
		s, ok := ugWait(h, nil)
		if !ok {
			break
		}
		before := len(host.Table().Record().Moves)
		c := ugScript(s, conquests[s.mine.Turn*8+s.me])
		if ugAct(h, t, s, c, false) {
			conquests[s.mine.Turn*8+s.me]++
		}
		scenes.Until(t, 3000, func() bool { return len(host.Table().Record().Moves) > before || s.refusal != "" }, h)
		if s.refusal != "" && strings.Contains(s.refusal, "not connected") {
			// The connection broke under load and the client is getting
			// back (lan: Reconnect): the move was not sent, and the
			// screen said so. Wait until it is back, then play again.
			s.refusal, s.refT = "", 0
			scenes.Until(t, 20000, func() bool { _, dropped, _, ended := m.lan.State(); return !dropped && ended == nil }, h)
			continue
		}
		if s.refusal != "" {
			t.Fatalf("move %d refused: %s", moves, s.refusal)
		}
		moves++
		if moves == 12 {
			h.Shot("ug-lan-guest")
		}
	}
	if moves < 20 {
		t.Fatalf("the guest made %d moves", moves)
	}
	ugCheckEnd(t, h, m)
	hv, _ := host.Table().View(-1).(underground.View)
	if !hv.Over || !slices.Equal(m.st.coins, m.st.over.Finals) {
		t.Fatalf("host over %v; the guest's coins %v, finals %v", hv.Over, m.st.coins, m.st.over.Finals)
	}
}

// TestUGLANHostWithGuest: Host LAN game with Underground picked deals the
// table of its lobby; a guest (lan.Join, played by a computer player) and
// a computer player sit with the host, who plays by keys to the end.
func TestUGLANHostWithGuest(t *testing.T) {
	scenes.LoopbackLAN(t)
	hh := scenes.NewHarness(t, ugTestGames)
	hh.A.Settings.AnimSpeed = 16
	hh.A.GameID = ugGameID
	scenes.ClickMenu(t, hh, scenes.MenuHost)
	ls, ok := hh.A.Cur.(*scenes.LobbyScene)
	if !ok || ls.Link == nil {
		t.Fatalf("lobby: %T, err %q", hh.A.Cur, ls.Err)
	}
	t.Cleanup(ls.Link.Close)
	hh.Click(ls.Opts[1].R) // the host's seat plays first (U2.7)
	hh.Click(ls.Seats[2].Kind.R)
	hh.Click(ls.Seats[2].Kind.R) // easy
	ctx := t.Context()
	c, err := lan.Join(ctx, "127.0.0.1:"+strconv.Itoa(ls.Link.Port), lan.ClientConfig{Game: ugGame, Name: "Bob", Reconnect: time.Minute, IdleTimeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	done := make(chan error, 1)
	go func() {
		_, err := lan.Autoplay(ctx, c, func(seat int) (rules.Bot, error) { return ugGame.NewBot("easy", seat, 3) }, nil)
		done <- err
	}()
	scenes.Until(t, 2000, func() bool { return ls.Lobby.Seats[1].Kind == lan.SeatGuest }, hh)
	if lv := ls.Lobby.Seats[2]; lv.Kind != lan.SeatBot || lv.Level != "easy" {
		t.Fatalf("seat 3: %+v", lv)
	}
	hh.Click(ls.Start.R)
	scenes.Until(t, 600, func() bool { _, ok := hh.A.Cur.(*ugPlayScene); return ok || ls.Err != "" }, hh)
	if ls.Err != "" {
		t.Fatalf("start: %s", ls.Err)
	}
	s := hh.A.Cur.(*ugPlayScene)
	if s.m.lan == nil {
		t.Fatal("the host's match has no LAN link")
	}
	// The guest's chat line shows in the chat box under the log.
	if err := c.Chat("good luck"); err != nil {
		t.Fatal(err)
	}
	scenes.Until(t, 600, func() bool { return ugChatShows(hh, s, "good luck") }, hh)
	hh.Shot("ug-lan-host-chat")
	moves, _ := ugPlay(hh, t, true)
	if moves < 10 {
		t.Fatalf("the host made %d moves", moves)
	}
	ugCheckEnd(t, hh, s.m)
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the guest: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the guest never saw the end")
	}
}
