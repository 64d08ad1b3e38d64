//go:build e2e

package e2e

import (
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/incangold"
	igbot "github.com/goldvein/goldvein/rules/incangold/bot"
	"github.com/goldvein/goldvein/rules/underground"
	ugbot "github.com/goldvein/goldvein/rules/underground/bot"
	"github.com/goldvein/goldvein/webdist"
)

// TestBrowserGuestPlaysIncanGold: a browser guest
// (?join=&name=web&bot=normal&game=incangold) takes the one open seat of a
// 4-seat Incan Gold table over the WebSocket and plays to the end: the page
// exits 0 and the host's game is over (issue 16: a LAN game with a browser
// guest finishes).
func TestBrowserGuestPlaysIncanGold(t *testing.T) {
	opts, _ := json.Marshal(incangold.DefaultOptions())
	browserGuestGame(t, igbot.Game(), 4, opts, "normal", func(v rules.View) bool {
		iv, ok := v.(incangold.View)
		return ok && iv.Over
	})
}

// TestBrowserGuestPlaysUnderground: the same at a 2-seat Small World:
// Underground table (issue 14: a LAN game with a browser guest finishes).
func TestBrowserGuestPlaysUnderground(t *testing.T) {
	browserGuestGame(t, ugbot.Game(), 2, nil, "easy", func(v rules.View) bool {
		uv, ok := v.(underground.View)
		return ok && uv.Over
	})
}

// browserGuestGame: a browser guest (?join=&bot=LEVEL&game=ID) takes the
// one open seat of a table of g and plays until the page exits 0 and the
// host's game is over.
func browserGuestGame(t *testing.T, g rules.Game, players int, opts json.RawMessage, level string, over func(rules.View) bool) {
	dir := gamePage(t)
	h, err := lan.NewHost(lan.HostConfig{Name: "e2e", Game: g, Players: players, Options: opts, Bots: players - 1, BotLevel: level,
		AutoStart: true, Web: webdist.NewHandler(os.DirFS(dir))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	a, err := h.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	b := startBrowser(t)
	start := time.Now()
	b.navigate(t, "http://"+a.String()+"/?join=&name=web&bot="+level+"&game="+g.ID())
	s := b.playedToTheEnd(t, h)
	if !over(h.Table().View(-1)) {
		t.Fatalf("the host's game is not over: %+v", h.Table().View(-1))
	}
	t.Logf("the whole game took %v; the page's last lines:\n%s", time.Since(start).Round(time.Second), tail(s.Lines, 6))
}

// playedToTheEnd waits for the browser guest to take its seat at h's
// table (90 s), play and exit 0 (4 min), and for h's table to be done; it
// returns the page's last state.
func (b *browser) playedToTheEnd(t *testing.T, h *lan.Host) pageState {
	t.Helper()
	select {
	case <-h.Started():
	case <-time.After(90 * time.Second):
		s := b.state(t)
		t.Fatalf("the browser guest did not take its seat in 90 s: stage %q; page output:\n%s", s.Stage, tail(s.Lines, 20))
	}
	s := b.waitFor(t, "the guest's exit", 4*time.Minute, func(s pageState) bool { return s.ExitCode != nil })
	if *s.ExitCode != 0 {
		t.Fatalf("the browser guest exited %d; output:\n%s", *s.ExitCode, tail(s.Lines, 30))
	}
	select {
	case <-h.Table().Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the page says the game ended but the host's table is not done")
	}
	return s
}
