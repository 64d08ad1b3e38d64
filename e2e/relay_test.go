//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/relay"
	"github.com/goldvein/goldvein/rules"
	igbot "github.com/goldvein/goldvein/rules/incangold/bot"
	"github.com/goldvein/goldvein/rules/saboteur"
	sabbot "github.com/goldvein/goldvein/rules/saboteur/bot"
	ugbot "github.com/goldvein/goldvein/rules/underground/bot"
	"github.com/goldvein/goldvein/webdist"
)

// TestBrowserGuestThroughRelay: goldvein relay serves the browser build;
// a tab opens the invite link (https://RELAY/j/ROOM?name=web&bot=random#KEY,
// the key after # read by the page, never sent) and plays the one open
// seat of a table whose host sits behind the relay, to the end of the game,
// for each game of the box: the page exits 0, the host's game is over and
// its record replays.
func TestBrowserGuestThroughRelay(t *testing.T) {
	dir := gamePage(t)
	games := []struct {
		g       rules.Game
		players int
	}{
		{saboteur.Rules{Bots: sabbot.Brains}, 3},
		{igbot.Game(), 3},
		{ugbot.Game(), 2},
	}
	for _, tc := range games {
		t.Run(tc.g.ID(), func(t *testing.T) {
			l, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			srv, err := relay.NewServer(relay.Config{Web: webdist.NewHandler(os.DirFS(dir))})
			if err != nil {
				t.Fatal(err)
			}
			go srv.Serve(l)
			t.Cleanup(func() { srv.Close() })
			room, err := lan.NewRelayRoom("http://" + l.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			var opts json.RawMessage // the game's defaults
			if tc.g.ID() == saboteur.ID {
				opts = sabJSON(saboteur.Options{Players: tc.players, FirstPlayer: -1})
			}
			h, err := lan.NewHost(lan.HostConfig{Name: "e2e", Game: tc.g, Players: tc.players, Options: opts, Bots: tc.players - 1,
				BotLevel: "random", AutoStart: true, Relay: &room})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { h.Close() })
			opened := make(chan lan.Invite, 4)
			go h.ServeRelay(context.Background(), func(inv lan.Invite) { opened <- inv })
			inv := <-opened
			link, key, _ := strings.Cut(inv.Link(), "#")
			b := startBrowser(t)
			start := time.Now()
			b.navigate(t, link+"?name=web&bot=random#"+key)
			s := b.playedToTheEnd(t, h)
			m, _, err := h.Table().Record().Replay(tc.g)
			if err != nil || !m.Over() {
				t.Fatalf("the host's record does not replay to the end: %v", err)
			}
			t.Logf("%s through the relay took %v; the page's last lines:\n%s", tc.g.ID(), time.Since(start).Round(time.Second), tail(s.Lines, 6))
		})
	}
}
