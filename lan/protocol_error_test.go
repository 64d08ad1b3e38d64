package lan

import (
	"strings"
	"testing"
	"time"

	"github.com/goldvein/goldvein/rules/ruletest"
)

// TestClientDoesNotReconnectToABrokenHost: a host whose message this client
// cannot accept (another protocol, or a broken host) ends the session with
// that error. Reconnecting would only meet the same message again, in a
// tight loop, until the host's per-address limit refuses the client.
func TestClientDoesNotReconnectToABrokenHost(t *testing.T) {
	m, err := toy.New(4, toyOpts(), 3)
	if err != nil {
		t.Fatal(err)
	}
	v := m.View(2).(ruletest.ToyView)
	v.Seat = 99 // not the seat the host welcomed
	c := joinHostSending(t, v, 30*time.Second)
	for m := range c.Messages() {
		if m.T == TDropped {
			t.Fatalf("the client tried to reconnect after a bad message: %s", m.Error)
		}
	}
	if err := c.Err(); err == nil || !strings.Contains(err.Error(), "view") {
		t.Fatalf("the session ended with %v; want the error about the view", err)
	}
}
