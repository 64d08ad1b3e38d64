// Package boxtest tests the app's screens with every game of the box in
// it: what no one game's package can (a lobby and a join list of each).
package boxtest

import (
	"net"
	"os"
	"testing"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
	"github.com/goldvein/goldvein/scenes/incangold"
	"github.com/goldvein/goldvein/scenes/underground"
)

// The scene tests run inside Ebitengine's loop (scenes.RunTests).
func TestMain(m *testing.M) { os.Exit(scenes.RunTests(m)) }

// games are the app's games, as cmd_app.go lists them.
var games = []scenes.Game{scenes.Saboteur, incangold.Screens, underground.Screens}

// TestLobbyAndJoinEveryGame: the lobby of each game of the box (Saboteur's
// four options, Incan Gold's five, Underground's two; each game's seat
// range) and the join list of a table of each game, in every language
// (SCENE_SHOTS pictures them). The join list offers the tables of the games
// this app joins (scenes.LanGuestGame).
func TestLobbyAndJoinEveryGame(t *testing.T) {
	for _, l := range i18n.Langs {
		t.Run(string(l), func(t *testing.T) {
			scenes.LoopbackLAN(t)
			hg := scenes.LangHarness(t, string(l), games)
			js := scenes.NewJoinScene(hg.A)
			t.Cleanup(js.Leave)
			hg.A.Cur = js
			scenes.LanNet.Announce = js.Browser.Addr()
			scenes.LanNet.Announce.IP = net.IPv4(127, 0, 0, 1)
			for _, g := range []struct {
				id         string
				opts, seat int
			}{{saboteur.ID, 4, 4}, {"incangold", 5, 4}, {"underground", 2, 3}} {
				hh := scenes.LangHarness(t, string(l), games)
				hh.A.GameID = g.id
				ls := scenes.NewLobbyScene(hh.A)
				if ls.Link == nil {
					t.Fatal(ls.Err)
				}
				t.Cleanup(ls.Link.Close)
				hh.A.Cur = ls
				hh.Ticks(3)
				if ls.Lobby.Game != g.id || len(ls.Opts) != g.opts || len(ls.Lobby.Seats) != g.seat {
					t.Fatalf("%s's lobby: game %q, %d options, %d seats", g.id, ls.Lobby.Game, len(ls.Opts), len(ls.Lobby.Seats))
				}
				// Every option toggles and reaches the host.
				for i := range ls.Opts {
					was := ls.Opts[i].Focus
					hh.Click(ls.Opts[i].R)
					ls.Layout(hh.A)
					if ls.Opts[i].Focus == was && !(g.id == "incangold" && (i == 1 || i == 2)) {
						t.Errorf("%s: option %q did not toggle (%q)", g.id, ls.Opts[i].Label, ls.Err)
					}
				}
				hh.Click(ls.Players[1].R)
				hh.Click(ls.Seats[2].Kind.R)
				hh.Ticks(3)
				hh.Shot("lan-lobby-" + g.id + "-" + string(l))
			}
			scenes.Until(t, 900, func() bool { return len(js.Found) == 3 }, hg)
			for i, f := range js.Found {
				if want := scenes.LanGuestGame(hg.A, f.Game) != nil; js.Rows[i].Enabled != want {
					t.Errorf("the join list offers a %s table: %v, want %v", f.Game, js.Rows[i].Enabled, want)
				}
			}
			hg.Shot("lan-join-games-" + string(l))
		})
	}
}
