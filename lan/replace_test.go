package lan

import (
	"net"
	"testing"
	"time"
)

// TestReplaceableMessagesNeverFillTheQueue: a guest that reads nothing gets
// three queues' worth of lobbies and pings; its connection stays open (the
// queue holds the latest of each), and when it reads again the last lobby
// it gets is the latest one. Before issue 18 the 1,025th message closed
// the connection: in the lobby, the seat went to the next joiner.
func TestReplaceableMessagesNeverFillTheQueue(t *testing.T) {
	host, guest := net.Pipe()
	defer guest.Close()
	o := newOutbox(host, 10*time.Second, nil, nil)
	defer o.close()
	o.send(&Message{T: TChat, Seat: 1, Name: "Bo", Text: "first"})
	n := 3 * maxQueue
	for i := 1; i <= n; i++ {
		l := Lobby{Name: "t", GraceMS: i}
		if !o.send(&Message{T: TLobby, Lobby: &l}) || !o.send(&Message{T: TPing}) {
			t.Fatalf("send %d refused: the queue overflowed", i)
		}
	}
	o.send(&Message{T: TChat, Seat: 1, Name: "Bo", Text: "last"})
	select {
	case <-o.done:
		t.Fatal("the connection was closed")
	default:
	}
	var chats []string
	last := 0
	guest.SetReadDeadline(time.Now().Add(5 * time.Second))
	for len(chats) < 2 {
		p, err := ReadFrame(guest, nil, MaxHostMessage)
		if err != nil {
			t.Fatalf("after chats %q, last lobby %d: %v", chats, last, err)
		}
		m, err := DecodeHost(p)
		if err != nil {
			t.Fatal(err)
		}
		switch m.T {
		case TChat:
			chats = append(chats, m.Text)
		case TLobby:
			last = m.Lobby.GraceMS
		}
	}
	if chats[0] != "first" || last != n {
		t.Errorf("chats %q, last lobby %d; want first, then lobby %d before the last chat", chats, last, n)
	}
}

// TestSlowGuestKeepsItsSeatThroughLobbyChurn: a guest behind a slow link
// (here: one that reads nothing, with a small socket buffer) keeps its seat
// while the lobby changes 20,000 times.
func TestSlowGuestKeepsItsSeatThroughLobbyChurn(t *testing.T) {
	cfg := testConfig(4, 0)
	cfg.AutoStart = false
	h, addr := startHost(t, cfg)
	slow := rawConn(t, addr)
	defer slow.Close()
	slow.nc.(*net.TCPConn).SetReadBuffer(4096)
	slow.send(&Message{T: THello, Version: Version, Game: "toy", Name: "Slow"})
	if m, err := slow.recv(); err != nil || m.T != TWelcome {
		t.Fatalf("slow guest: %v %+v", err, m)
	}
	for i := 0; i < 20000; i++ {
		h.SetGrace(time.Duration(i+1) * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	if s := h.Lobby().Seats[0]; s.Kind != SeatGuest || s.Name != "Slow" || !s.Connected {
		t.Fatalf("the slow guest's seat after 20,000 lobby changes: %+v", s)
	}
}
