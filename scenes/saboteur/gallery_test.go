package saboteur

import (
	"fmt"
	"net"
	"os"
	"testing"
	"time"

	"github.com/goldvein/goldvein/scenes"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
)

// TestGallery draws every scene in every language (issue 7): the menu, the
// new-game table, settings, each page of the rules help, the crash screen,
// a hotseat game (role reveal, the curtain, the board on a human's turn, a
// refused drop with its reason, a map's peek, the round end with its
// curtain and the gold choice, the final scoring) and the LAN scenes (join,
// lobby with a guest and a chat line, the host's board with its chat
// box). Persian is drawn twice: with Latin and with Persian digits.
//
// On every picture it checks the text drawText placed: each line on
// screen (nothing cut off by the window's edge), no two lines overlapping,
// every character covered by an embedded font (no tofu), no catalogue key
// shown raw, no English catalogue text in Russian or Persian, and with
// Persian digits on no Latin digit outside rule numbers (R5.5), seeds and
// addresses.
//
// With SCENE_SHOTS=DIR it writes DIR/gallery/<lang>/<scene>.png to look
// at. The hotseat game and the LAN scenes take a minute or more per
// language, so they run only with SCENE_SHOTS or GALLERY=1 set; a plain
// `go test` (make test) draws the static scenes. GALLERY_LANG=fa-digits
// (en, ru, fa) runs one language and GALLERY_PART=static (game, lan) one
// part.
func TestGallery(t *testing.T) {
	for _, v := range []struct {
		name   string
		lang   i18n.Lang
		digits bool
	}{{"en", i18n.English, false}, {"ru", i18n.Russian, false}, {"fa", i18n.Persian, false}, {"fa-digits", i18n.Persian, true}} {
		if only := os.Getenv("GALLERY_LANG"); only != "" && only != v.name {
			continue
		}
		t.Run(v.name, func(t *testing.T) {
			g := scenes.NewGallery(t, v.name, v.lang, v.digits, testGames)
			part := os.Getenv("GALLERY_PART") // static, game or lan; empty: all
			if part == "" || part == "static" {
				galleryStatic(g)
			}
			if os.Getenv("SCENE_SHOTS") == "" && os.Getenv("GALLERY") == "" {
				return // the game and the LAN scenes take minutes: asked for only
			}
			if part == "" || part == "game" {
				galleryGame(g)
			}
			if part == "" || part == "lan" {
				galleryLan(g)
			}
		})
	}
}

// static draws the scenes that need no game: menu, settings, every rules
// page, the new-game table and the crash screen.
func galleryStatic(g *scenes.Gallery) {
	h := g.Harness()
	menu := scenes.NewMenuScene(h.A)
	g.Show(h, menu)
	g.Shot(h, "menu")
	g.Show(h, scenes.NewSettingsScene(h.A, menu))
	g.Shot(h, "settings")
	for i := range helpPages {
		hs := scenes.NewHelpScene(h.A, menu)
		hs.Page = i
		g.Show(h, hs)
		g.Shot(h, fmt.Sprintf("rules-%d", i+1))
	}
	ng := newNewGameScene(h.A)
	ng.Seats = []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Human: true, Name: "شیرین"},
		{Name: h.A.T("scene.bot.name", "n", 3), Level: "easy"}, {Name: h.A.T("scene.bot.name", "n", 4), Level: "hard"},
		{Name: h.A.T("scene.bot.name", "n", 5), Level: "random"}}
	g.Show(h, ng)
	g.Shot(h, "newgame")
	ng.Seed = "x"
	h.Key(ebiten.KeyEnter)
	g.Shot(h, "newgame-bad-seed")

	h.A.Cur = scenes.PanicScene{}
	if err := h.A.Update(); err != nil {
		g.T.Fatal(err)
	}
	h.A.Crashed = false // the harness fails on a crash; the screen itself draws fine
	h.Ticks(30)
	g.Shot(h, "crash")
}

// game plays a hotseat game of two humans (one with a Latin name, one with
// a Persian one) and a computer player, the humans' moves chosen by
// computer players, and shoots each scene the first time it shows.
func galleryGame(g *scenes.Gallery) {
	h := g.Harness()
	h.A.Settings.AnimSpeed = 8
	setup := Setup{Seats: []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Human: true, Name: "شیرین"},
		{Name: h.A.T("scene.bot.name", "n", 3), Level: "normal"}}, Youngest: 0, Seed: 7}
	m, err := NewMatch(h.A, setup)
	if err != nil {
		g.T.Fatal(err)
	}
	g.T.Cleanup(m.Close)
	h.A.Cur = newRevealScene(h.A, m, m.Table.View(-1))
	players := map[int]bot.Bot{}
	for _, s := range m.humans {
		players[s] = bot.New(bot.Normal, s, len(setup.Seats), uint64(s+1))
	}
	shot := map[string]bool{}
	once := func(name string) bool {
		if shot[name] {
			return false
		}
		shot[name] = true
		g.Shot(h, name)
		return true
	}
	deadline := time.Now().Add(10 * time.Minute) // a loaded machine is slow
	for {
		if time.Now().After(deadline) {
			g.T.Fatalf("the game did not end; at %s", h.A.Cur.Name())
		}
		switch s := h.A.Cur.(type) {
		case *revealScene:
			if h.A.Fade > 0 {
				break
			}
			if s.curtain {
				// The shell's curtain is up: the role's button waits
				// behind it (not enabled until the curtain lifts).
				h.Ticks(20)
				once("reveal-curtain")
				h.Lift(&s.veil)
				continue
			}
			if s.btn.Enabled {
				h.Ticks(20)
				once("reveal")
				h.Key(ebiten.KeyEnter)
				continue
			}
		case *boardScene:
			if h.A.Fade > 0 {
				break
			}
			if s.curtain {
				h.Ticks(10)
				once("curtain")
				h.Key(ebiten.KeyEnter)
				continue
			}
			if s.ended != nil && s.endShown {
				h.Ticks(10)
				once("board-round-over")
				h.Key(ebiten.KeyEnter)
				continue
			}
			if s.peek.on {
				// The goal turns over and waits for its viewer.
				for k := 0; k < 120 && s.peekTurned(h.A) < 1; k++ {
					h.Tick()
				}
				once("board-peek")
				press(h, ebiten.KeySpace)
				continue
			}
			if !s.myTurn() {
				break
			}
			if !shot["board"] {
				once("board")
				if i, _, ok := pathCard(s); ok && s.view.Board.PathCards() == 0 {
					// A drop far from the maze: refused with R5.3's reason.
					card, far := s.hand[i].r, s.cellRect(h.A, saboteur.Cell{X: 4, Y: 3})
					h.Drag(card.Cx(), card.Cy(), far.Cx(), far.Cy())
					h.Ticks(30)
					once("board-refused")
				}
				continue
			}
			if s.view.Round == 2 && s.view.Board.PathCards() > 6 {
				once("board-round2") // a grown maze and a long log, on a human's turn
			}
			mv := players[s.me].Choose(s.mine)
			if !shot["board-peek"] && s.me == 1 {
				// Seat 1 plays a map: the computer player moves next, so no
				// curtain hides the peek.
				for _, hs := range s.hand {
					if hs.card.Kind == saboteur.Map {
						mv = saboteur.Move{Seat: s.me, Type: saboteur.Play, Card: hs.card, Goal: 1}
					}
				}
			}
			if s.reason = ""; !galleryPlay(g, h, s, mv) {
				g.T.Fatalf("%s: the move %v was refused: %q", g.Name, mv, s.reason)
			}
			continue
		case *roundEndScene:
			if h.A.Fade > 0 {
				break
			}
			if s.cover {
				h.Ticks(10)
				once("roundend-curtain")
				h.Key(ebiten.KeyEnter)
				continue
			}
			if s.offer >= 0 && s.m.isHuman(s.offer) && len(s.offerV.Offer) > 0 {
				h.Ticks(20)
				once("roundend-keep")
				h.Key(ebiten.Key1)
				continue
			}
			if s.done {
				h.Ticks(20)
				if !once("roundend") {
					once(fmt.Sprintf("roundend-%d", s.view.Round))
				}
				h.Key(ebiten.KeyEnter)
				continue
			}
		case *finalScene:
			h.Ticks(90)
			once("final")
			for _, n := range []string{"reveal-curtain", "reveal", "curtain", "board", "board-refused", "board-peek", "roundend", "roundend-keep", "roundend-curtain"} {
				if !shot[n] {
					g.T.Errorf("%s: the game never showed %s", g.Name, n)
				}
			}
			return
		}
		h.Tick()
	}
}

// play makes the move mv of the human on turn as the board would after a
// drop: the card leaves the hand and the table takes it.
func galleryPlay(g *scenes.Gallery, h *scenes.Harness, s *boardScene, mv saboteur.Move) bool {
	for i, hs := range s.hand {
		if hs.card == mv.Card || hs.card.Rotated() == mv.Card {
			if hs.card != mv.Card {
				s.hand[i].turned = !s.hand[i].turned
			}
			if s.hand[i].placed() != mv.Card {
				s.hand[i].turned = !s.hand[i].turned
			}
			return s.play(h.A, i, mv, -1, -1)
		}
	}
	return false
}

// lan draws the join scene listing a table, the lobby with a guest seated
// and a chat line, and the host's board with chat after the start.
func galleryLan(g *scenes.Gallery) {
	scenes.LoopbackLAN(g.T)
	hh, hg := g.Harness(), g.Harness()
	js := scenes.NewJoinScene(hg.A)
	g.T.Cleanup(js.Leave)
	hg.A.Cur = js
	if js.Browser == nil {
		g.T.Fatal(js.Err)
	}
	scenes.LanNet.Announce = js.Browser.Addr()
	scenes.LanNet.Announce.IP = net.IPv4(127, 0, 0, 1)
	ls := scenes.NewLobbyScene(hh.A)
	if ls.Link == nil {
		g.T.Fatal(ls.Err)
	}
	g.T.Cleanup(ls.Link.Close)
	hh.A.Cur = ls
	scenes.Until(g.T, 600, func() bool { return len(js.Found) == 1 }, hg, hh)
	g.Shot(hg, "join")
	c, err := lan.Join(g.T.Context(), js.Found[0].Addr, lan.ClientConfig{Game: sabGame(), Name: "Шахрзад"})
	if err != nil {
		g.T.Fatal(err)
	}
	g.T.Cleanup(c.Close)
	if err := c.Phrase("digger"); err != nil {
		g.T.Fatal(err)
	}
	scenes.Until(g.T, 600, func() bool {
		_, lines, _ := ls.Link.Snapshot()
		return len(ls.Lobby.Seats) > 1 && ls.Lobby.Seats[1].Kind == lan.SeatGuest && len(lines) == 1
	}, hh)
	hh.Click(ls.Seats[3].Kind.R)
	hh.Ticks(30)
	g.Shot(hh, "lobby")
	// Seat 3 is still open: a computer player there too, so the table can start.
	hh.Click(ls.Seats[2].Kind.R)
	hh.Ticks(10)
	hh.Click(ls.Start.R)
	scenes.Until(g.T, 600, func() bool {
		if r, ok := hh.A.Cur.(*revealScene); ok && r.btn.Enabled && hh.A.Fade == 0 {
			hh.Key(ebiten.KeyEnter)
		}
		_, ok := hh.A.Cur.(*boardScene)
		return ok && hh.A.Fade == 0
	}, hh)
	g.Typed = append(g.Typed, "Hello 123")
	if err := c.Chat("سلام! Hello 123"); err != nil {
		g.T.Fatal(err)
	}
	b := hh.A.Cur.(*boardScene)
	scenes.Until(g.T, 600, func() bool { _, lines, _ := b.m.lan.Snapshot(); return len(lines) >= 2 }, hh)
	hh.Ticks(40)
	g.Shot(hh, "lan-board")
}
