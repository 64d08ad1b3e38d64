package lan

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// TestDecodeHostChecksChat: a chat line from the host is shown on the
// guest's screen or terminal; a name or text with a control character (a
// terminal escape, a newline that forges a line) is refused like any
// malformed message.
func TestDecodeHostChecksChat(t *testing.T) {
	for _, tc := range []struct {
		msg string
		ok  bool
	}{
		{`{"t":"chat","seat":1,"name":"Bo","text":"hi there"}`, true},
		{`{"t":"chat","seat":1,"name":"Bo","phrase":"hurry"}`, true},
		{`{"t":"chat","seat":1,"name":"Bo","text":"\u001b[2Jcleared"}`, false},
		{`{"t":"chat","seat":1,"name":"Bo","text":"a\nfake line"}`, false},
		{`{"t":"chat","seat":1,"name":"\u001b[31mBo","text":"hi"}`, false},
		{`{"t":"chat","seat":1,"name":"Bo\r","text":"hi"}`, false},
		{`{"t":"chat","seat":1,"name":"Bo","phrase":"no pe"}`, false},
		{`{"t":"chat","seat":1,"name":"Bo","phrase":"\u001b[2J"}`, false},
		{`{"t":"chat","seat":1,"name":"Bo","text":"hi","phrase":"hurry"}`, false},
	} {
		_, err := DecodeHost([]byte(tc.msg))
		if (err == nil) != tc.ok {
			t.Errorf("%s: error %v, want ok %v", tc.msg, err, tc.ok)
		}
	}
}

// fakeHost accepts one connection, reads the preamble and hello, and sends
// the given host messages (payloads) one frame each.
func fakeHost(t *testing.T, msgs ...string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		nc, err := l.Accept()
		if err != nil {
			return
		}
		defer nc.Close()
		br := bufio.NewReader(nc)
		if readMagic(br) != nil {
			return
		}
		if _, err := ReadFrame(br, nil, MaxClientMessage); err != nil {
			return
		}
		for _, m := range msgs {
			WriteFrame(nc, []byte(m))
		}
		nc.SetReadDeadline(time.Now().Add(5 * time.Second))
		for {
			if _, err := ReadFrame(br, nil, MaxClientMessage); err != nil {
				return
			}
		}
	}()
	return l.Addr().String()
}

// TestClientRefusesABadView: a view the host sends must be the client's
// own seat's and fit the table: another seat's view, a turn outside the
// table, or a finished game without every seat's score ends the
// connection with an error, instead of reaching the computer player (it
// panicked on turn 99) or `goldvein join`'s final scores (it panicked on
// no scores).
// joinHostSending joins, as "ann" in seat 2, a fake host that welcomes the
// client and then sends view v as its first update; reconnect is the
// client's Reconnect setting. The client is closed when the test ends.
func joinHostSending(t *testing.T, v saboteur.View, reconnect time.Duration) *Client {
	t.Helper()
	vj, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	addr := fakeHost(t,
		`{"t":"welcome","version":3,"game":"saboteur","seat":2,"name":"ann","token":"`+strings.Repeat("ab", 16)+`"}`,
		`{"t":"update","view":`+string(vj)+`}`)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := Join(ctx, addr, ClientConfig{Game: sab, Name: "ann", Timeout: 2 * time.Second, IdleTimeout: 3 * time.Second,
		Reconnect: reconnect})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestClientRefusesABadView(t *testing.T) {
	o := saboteur.Options{Players: 4, FirstPlayer: 0}
	g, _, err := saboteur.New(o, 3)
	if err != nil {
		t.Fatal(err)
	}
	good := g.View(2)
	over := good
	over.Phase, over.Scores = saboteur.Over, []int{1, 2, 3, 4}
	for _, tc := range []struct {
		name  string
		spoil func(v *saboteur.View)
		ok    bool
	}{
		{"good", func(v *saboteur.View) {}, true},
		{"over with scores", func(v *saboteur.View) { *v = over }, true},
		{"another seat", func(v *saboteur.View) { v.Seat = 99 }, false},
		{"turn out of the table", func(v *saboteur.View) { v.Turn = 99 }, false},
		{"negative turn", func(v *saboteur.View) { v.Turn = -1 }, false},
		{"hand sizes", func(v *saboteur.View) { v.HandSizes = v.HandSizes[:1] }, false},
		{"over without scores", func(v *saboteur.View) { *v = over; v.Scores = nil }, false},
		{"over with one score", func(v *saboteur.View) { *v = over; v.Scores = []int{7} }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := good
			tc.spoil(&v)
			c := joinHostSending(t, v, 0)
			var got *saboteur.View
			var end error
			for m := range c.Messages() {
				if m.T == TUpdate {
					got = upView(m)
					break
				}
			}
			if got == nil {
				end = c.Err()
			}
			if tc.ok && got == nil {
				t.Fatalf("a good view was refused: %v", end)
			}
			if !tc.ok && got != nil {
				t.Fatalf("the bad view reached the player: seat %d turn %d scores %v", got.Seat, got.Turn, got.Scores)
			}
			if !tc.ok && (end == nil || !strings.Contains(end.Error(), "view")) {
				t.Fatalf("the connection ended with %v; want an error about the view", end)
			}
		})
	}
	// The computer player of `goldvein join` never sees the bad view.
	bad := good
	bad.Seat, bad.Turn = 99, 99
	c := joinHostSending(t, bad, 0)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := Autoplay(ctx, c, randomBot, nil); err == nil {
		t.Fatal("Autoplay ended without an error on another seat's view")
	}
}

// TestDecodeHostChecksNotices: a notice is shown as it is, so one with a
// control character (a terminal escape, a forged line) or without a code
// or text is refused, like chat.
func TestDecodeHostChecksNotices(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{`{"t":"notice","code":"turn_timeout","seat":1,"name":"Ann","text":"Ann took longer than 1m30s for a turn."}`, true},
		{`{"t":"notice","code":"turn_timeout","seat":1,"name":"Ann","text":"\u001b[2J"}`, false},
		{`{"t":"notice","code":"turn_timeout","seat":1,"name":"A\nnn","text":"x"}`, false},
		{`{"t":"notice","seat":1,"name":"Ann","text":"x"}`, false},
		{`{"t":"notice","code":"turn_timeout","seat":1,"name":"Ann"}`, false},
		{`{"t":"notice","code":"turn_timeout","text":"x","text":"y"}`, false},
	} {
		_, err := DecodeHost([]byte(tc.in))
		if (err == nil) != tc.ok {
			t.Errorf("%s: %v, want ok=%v", tc.in, err, tc.ok)
		}
	}
}

// TestDecodeHostChecksNames: the guest draws the table's and the seats'
// names from the host; they pass CheckName, as a guest's name must at the
// host, or the message is refused (a 20000-character seat name crashed the
// app's text atlas).
func TestDecodeHostChecksNames(t *testing.T) {
	long := strings.Repeat("W", 20000)
	for _, tc := range []struct {
		name      string
		table     string
		seat      string
		kind      SeatKind
		welcome   string
		ok        bool
		errSubstr string
	}{
		{"good", "Ann's table", "Bo", SeatGuest, "Bo", true, ""},
		{"open seat without a name", "Ann's table", "", SeatOpen, "", true, ""},
		{"long seat name", "Ann's table", long, SeatGuest, "", false, "seats[1]: name"},
		{"25 runes", "Ann's table", strings.Repeat("é", MaxName+1), SeatBot, "", false, "seats[1]"},
		{"bidi override", "Ann's table", "Bo\u202egnp.exe", SeatGuest, "", false, "seats[1]"},
		{"control character", "Ann's table", "Bo\x1b[2J", SeatGuest, "", false, "seats[1]"},
		{"empty guest name", "Ann's table", "", SeatGuest, "", false, "seats[1]"},
		{"long table name", long, "Bo", SeatGuest, "", false, "table name"},
		{"blank table name", "  ", "Bo", SeatGuest, "", false, "table name"},
		{"long welcome name", "", "", "", long, false, "welcome"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := Message{T: TLobby, Lobby: &Lobby{Name: tc.table, Game: "saboteur", Players: 3, Options: sabOpts(saboteur.Options{Players: 3}),
				Seats: []SeatInfo{{Name: "Ann", Kind: SeatLocal}, {Name: tc.seat, Kind: tc.kind}, {Kind: SeatOpen}}}}
			if tc.welcome != "" {
				m = Message{T: TWelcome, Version: Version, Seat: 1, Name: tc.welcome, Token: "00112233445566778899aabbccddeeff"}
			}
			p, err := json.Marshal(&m)
			if err != nil {
				t.Fatal(err)
			}
			_, err = DecodeHost(p)
			if (err == nil) != tc.ok || (err != nil && !strings.Contains(err.Error(), tc.errSubstr)) {
				t.Errorf("error %v, want ok %v (%q)", err, tc.ok, tc.errSubstr)
			}
		})
	}
}

// TestClientRefusesALongSeatName: a fake host's lobby with a 20000-character
// seat name (it crashed the app's text atlas) ends the connection with an
// error naming the seat; the lobby never reaches the player.
func TestClientRefusesALongSeatName(t *testing.T) {
	l := Lobby{Name: "Ann's table", Game: "saboteur", Players: 3, Options: sabOpts(saboteur.Options{Players: 3}),
		Seats: []SeatInfo{{Name: "Ann", Kind: SeatLocal}, {Name: strings.Repeat("W", 20000), Kind: SeatGuest}, {Name: "ann", Kind: SeatGuest}}}
	lj, err := json.Marshal(&l)
	if err != nil {
		t.Fatal(err)
	}
	addr := fakeHost(t,
		`{"t":"welcome","version":3,"game":"saboteur","seat":2,"name":"ann","token":"`+strings.Repeat("ab", 16)+`"}`,
		`{"t":"lobby","lobby":`+string(lj)+`}`)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := Join(ctx, addr, ClientConfig{Game: sab, Name: "ann", Timeout: 2 * time.Second, IdleTimeout: 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for m := range c.Messages() {
		if m.T == TLobby {
			t.Fatalf("the lobby with a 20000-character name reached the player")
		}
	}
	if err := c.Err(); err == nil || !strings.Contains(err.Error(), "seats[1]: name") {
		t.Fatalf("the connection ended with %v; want an error about seats[1]'s name", err)
	}
}
