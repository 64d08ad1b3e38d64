package lan

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/ruletest"
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
// joinHostSending joins, as "ann" in seat 2 of a toy table, a fake host
// that welcomes the client and then sends view v as its first update;
// reconnect is the client's Reconnect setting. The client is closed when
// the test ends.
func joinHostSending(t *testing.T, v any, reconnect time.Duration) *Client {
	t.Helper()
	vj, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	addr := fakeHost(t,
		`{"t":"welcome","version":3,"game":"toy","seat":2,"name":"ann","token":"`+strings.Repeat("ab", 16)+`"}`,
		`{"t":"update","view":`+string(vj)+`}`)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := Join(ctx, addr, ClientConfig{Game: toy, Name: "ann", Timeout: 2 * time.Second, IdleTimeout: 3 * time.Second,
		Reconnect: reconnect})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// TestClientRefusesABadView: a view the game's check refuses
// (rules.ViewChecker: here the toy's; rules/saboteur's TestCheckView has
// Saboteur's) ends the connection with an error about the view and never
// reaches the player; a good one does.
func TestClientRefusesABadView(t *testing.T) {
	m, err := toy.New(4, toyOpts(), 3)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Apply(0, ruletest.ToyMove{Pick: 2}); err != nil {
		t.Fatal(err)
	}
	good := m.View(2).(ruletest.ToyView)
	over := good
	over.Over, over.Bonus = true, []int{1, 2, 3, 1}
	for _, tc := range []struct {
		name  string
		spoil func(v *ruletest.ToyView)
		ok    bool
	}{
		{"good", func(v *ruletest.ToyView) {}, true},
		{"over with the bonuses", func(v *ruletest.ToyView) { *v = over }, true},
		{"another seat", func(v *ruletest.ToyView) { v.Seat = 99 }, false},
		{"picks of another table", func(v *ruletest.ToyView) { v.Picked = v.Picked[:1] }, false},
		{"bonuses of another table", func(v *ruletest.ToyView) { v.Bonus = []int{7} }, false},
		{"its own pick hidden", func(v *ruletest.ToyView) { v.Picked[2] = -1 }, false},
		{"a pick of 99", func(v *ruletest.ToyView) { v.Picked[1] = 99 }, false},
		{"a negative score", func(v *ruletest.ToyView) { v.Scores[3] = -1 }, false},
		{"one seat", func(v *ruletest.ToyView) { v.Scores, v.Picked = v.Scores[:1], v.Picked[:1] }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := good
			v.Scores, v.Picked = slices.Clone(good.Scores), slices.Clone(good.Picked)
			tc.spoil(&v)
			c := joinHostSending(t, v, 0)
			var got rules.View
			var end error
			for m := range c.Messages() {
				if m.T == TUpdate {
					got = m.GameView
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
				t.Fatalf("the bad view reached the player: %+v", got)
			}
			if !tc.ok && (end == nil || !strings.Contains(end.Error(), "view")) {
				t.Fatalf("the connection ended with %v; want an error about the view", end)
			}
		})
	}
	// The computer player of `goldvein join` never sees the bad view.
	bad := good
	bad.Seat = 99
	c := joinHostSending(t, bad, 0)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := Autoplay(ctx, c, func(int) (rules.Bot, error) { return panicBot{}, nil }, nil); err == nil || strings.Contains(err.Error(), "index out of range") {
		t.Fatalf("Autoplay on another seat's view: %v, want it refused before the computer player sees it", err)
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
			m := Message{T: TLobby, Lobby: &Lobby{Name: tc.table, Game: "toy", Players: 3, Options: toyOpts(),
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
	l := Lobby{Name: "Ann's table", Game: "toy", Players: 3, Options: toyOpts(),
		Seats: []SeatInfo{{Name: "Ann", Kind: SeatLocal}, {Name: strings.Repeat("W", 20000), Kind: SeatGuest}, {Name: "ann", Kind: SeatGuest}}}
	lj, err := json.Marshal(&l)
	if err != nil {
		t.Fatal(err)
	}
	addr := fakeHost(t,
		`{"t":"welcome","version":3,"game":"toy","seat":2,"name":"ann","token":"`+strings.Repeat("ab", 16)+`"}`,
		`{"t":"lobby","lobby":`+string(lj)+`}`)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := Join(ctx, addr, ClientConfig{Game: toy, Name: "ann", Timeout: 2 * time.Second, IdleTimeout: 3 * time.Second})
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
