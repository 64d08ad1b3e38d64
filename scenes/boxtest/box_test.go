// Package boxtest tests the app's screens with every game of the box in
// it: what no one game's package can (a lobby and a join list of each).
package boxtest

import (
	"fmt"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
	"github.com/goldvein/goldvein/scenes/incangold"
	sabscenes "github.com/goldvein/goldvein/scenes/saboteur"
	"github.com/goldvein/goldvein/scenes/underground"
)

// The scene tests run inside Ebitengine's loop (scenes.RunTests).
func TestMain(m *testing.M) { os.Exit(scenes.RunTests(m)) }

// games are the app's games, as cmd_app.go lists them.
var games = []scenes.Game{sabscenes.Screens, incangold.Screens, underground.Screens}

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

// saveUnfinished writes an unfinished game of g as its autosave in a's
// config folder, as the app's table would: seat 0 human, the others
// computer players, the first owing seat's first legal move played
// (rules.Match.Legal), in record format 2 (rules.Record).
func saveUnfinished(t *testing.T, a *scenes.App, g scenes.Game, players int, seed uint64) {
	t.Helper()
	r := g.Rules()
	seats := []rules.RecordSeat{{Name: "Ann", Kind: rules.Human}}
	for i := 1; i < players; i++ {
		seats = append(seats, rules.RecordSeat{Name: fmt.Sprintf("Bot %d", i+1), Kind: rules.Computer, Level: "normal"})
	}
	rec := rules.NewRecord(r.ID(), nil, seed, seats)
	m, err := r.New(players, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	seat := m.ToMove()[0]
	mv := m.Legal(seat)[0]
	if _, err := m.Apply(seat, mv); err != nil {
		t.Fatal(err)
	}
	if err := rec.Add(seat, mv); err != nil {
		t.Fatal(err)
	}
	if err := (game.FileSaver{Path: g.AutosavePath(a)}).Save(rec); err != nil {
		t.Fatal(err)
	}
}

// TestContinuePicksTheGamePlayedLast: with an unfinished game of two games
// saved, a fresh start's menu picks the one saved last, and Continue acts
// on the picked game; when the other is made newer, that one is picked and
// continues.
func TestContinuePicksTheGamePlayedLast(t *testing.T) {
	dir := t.TempDir()
	h := scenes.NewHarnessIn(t, dir, games)
	sab, ig := games[0], games[1]
	saveUnfinished(t, h.A, sab, 3, 3)
	saveUnfinished(t, h.A, ig, 3, 4)
	past := time.Now().Add(-time.Hour)
	if err := os.Chtimes(sab.AutosavePath(h.A), past, past); err != nil {
		t.Fatal(err)
	}
	for _, want := range []scenes.Game{ig, sab} {
		id := want.Rules().ID()
		h2 := scenes.NewHarnessIn(t, dir, games)
		h2.Ticks(2)
		menu := h2.A.Cur.(*scenes.MenuScene)
		menu.Layout(h2.A)
		if h2.A.GameID != id || !menu.Buttons[scenes.MenuContinue].Enabled {
			t.Fatalf("fresh start picked %q, Continue enabled %v; want %s, enabled", h2.A.GameID, menu.Buttons[scenes.MenuContinue].Enabled, id)
		}
		h2.Click(menu.Buttons[scenes.MenuContinue].R)
		h2.Ticks(scenes.FadeTicks + 2)
		if n := h2.A.Cur.Name(); n == "menu" {
			t.Fatalf("Continue with %s picked stayed on the menu: %q", id, menu.Message)
		}
		// Continue opened the picked game's own table.
		if n := h2.A.Cur.Name(); (id == "incangold") != strings.HasPrefix(n, "ig-") {
			t.Fatalf("Continue with %s picked opened %s", id, n)
		}
		h2.A.GoTo(scenes.NewMenuScene(h2.A)) // leave the table: its computer players stop with it
		h2.Ticks(scenes.FadeTicks + 2)
		// The other save, made newer, is picked next time.
		now := time.Now().Add(time.Minute)
		if err := os.Chtimes(sab.AutosavePath(h.A), now, now); err != nil {
			t.Fatal(err)
		}
	}
}
