package lan

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/goldvein/goldvein/rules"
)

// TestClientDoesNotReconnectToABrokenHost: a host whose message this client
// cannot accept (another protocol, or a broken host) ends the session with
// that error. Reconnecting would only meet the same message again, in a
// tight loop, until the host's per-address limit refuses the client.
func TestClientDoesNotReconnectToABrokenHost(t *testing.T) {
	g, _, err := rules.New(rules.Options{Players: 4, FirstPlayer: 0}, 3)
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(2)
	v.Seat = 99 // not the seat the host welcomed
	vj, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	addr := fakeHost(t,
		`{"t":"welcome","version":1,"seat":2,"name":"ann","token":"`+strings.Repeat("ab", 16)+`"}`,
		`{"t":"update","view":`+string(vj)+`}`)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := Join(ctx, addr, ClientConfig{Name: "ann", Timeout: 2 * time.Second, IdleTimeout: 3 * time.Second,
		Reconnect: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for m := range c.Messages() {
		if m.T == TDropped {
			t.Fatalf("the client tried to reconnect after a bad message: %s", m.Error)
		}
	}
	if err := c.Err(); err == nil || !strings.Contains(err.Error(), "view") {
		t.Fatalf("the session ended with %v; want the error about the view", err)
	}
}
