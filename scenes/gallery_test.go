package scenes

import (
	"fmt"
	"math"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
	"github.com/goldvein/goldvein/sprites/fonts"
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
			g := NewGallery(t, v.name, v.lang, v.digits)
			part := os.Getenv("GALLERY_PART") // static, game or lan; empty: all
			if part == "" || part == "static" {
				g.static()
			}
			if os.Getenv("SCENE_SHOTS") == "" && os.Getenv("GALLERY") == "" {
				return // the game and the LAN scenes take minutes: asked for only
			}
			if part == "" || part == "game" {
				g.game()
			}
			if part == "" || part == "lan" {
				g.lan()
			}
		})
	}
}

// gallery is one language's run of TestGallery.
type gallery struct {
	t       *testing.T
	name    string
	lang    i18n.Lang
	digits  bool
	dir     string          // where the PNGs go; "" keeps none
	english map[string]bool // English catalogue texts that are whole lines
	own     map[string]bool // the same in this language
	drawn   []drawnText
	typed   []string // what players typed (chat): their digits stay theirs
}

func NewGallery(t *testing.T, name string, l i18n.Lang, digits bool) *gallery {
	g := &gallery{t: t, name: name, lang: l, digits: digits, english: map[string]bool{}, own: map[string]bool{}}
	if d := os.Getenv("SCENE_SHOTS"); d != "" {
		g.dir = filepath.Join(d, "gallery", name)
		if err := os.MkdirAll(g.dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	en, own := i18n.MustLoad(i18n.English), i18n.MustLoad(l)
	for _, k := range en.Keys() {
		if s := en.T(k); !strings.Contains(s, "{") && strings.IndexFunc(s, unicode.IsLetter) >= 0 {
			g.english[s] = true
		}
	}
	for _, k := range own.Keys() {
		g.own[own.T(k)] = true
	}
	return g
}

// harness is a fresh app in the gallery's language.
func (g *gallery) Harness() *Harness {
	in := newScript()
	// The digits come from the settings file, as a player's choice does.
	dir := g.t.TempDir()
	st := DefaultSettings()
	st.PersianDigits = g.digits
	if err := st.Save(filepath.Join(dir, "settings.json")); err != nil {
		g.t.Fatal(err)
	}
	a, err := NewApp(Config{Input: in, ConfigDir: dir, Mute: true, FastBots: true, Lang: string(g.lang), Games: testGames})
	if err != nil {
		g.t.Fatal(err)
	}
	a.Settings.AnimSpeed = 4
	if a.Cat.PersianDigits() != g.digits {
		g.t.Fatalf("Persian digits %v after a start with them %v in the settings", a.Cat.PersianDigits(), g.digits)
	}
	a.LayoutF(1280, 800)
	a.text.drawn = &g.drawn
	return &Harness{T: g.t, A: a, In: in, Screen: ebiten.NewImage(a.W, a.H)}
}

// show makes s the current scene and lets its entry motion end.
func (g *gallery) Show(h *Harness, s Scene) {
	h.A.Cur, h.A.next, h.A.Fade = s, nil, 0
	h.Ticks(30)
}

var (
	rawKey      = regexp.MustCompile(`^[a-z_]+(\.[A-Za-z0-9_]+)+$`)
	latinDigits = regexp.MustCompile(`[0-9]`)
	// Latin digits that stay Latin with Persian digits on: rule numbers
	// (R5.5, R8.1a; Incan Gold's I7.2 and O4), addresses (127.0.0.1:4242, ws://…), key names (F11),
	// file paths.
	keepLatin = regexp.MustCompile(`(?:R|I|O)[0-9]+(\.[0-9]+[a-z]?)?|[0-9]+(\.[0-9]+){3}(:[0-9]+)?|[a-z]+://\S+|:[0-9]{2,5}\b|F[0-9]+|/\S*[0-9]\S*`)
)

// shot draws one frame of h's scene, checks its text and saves it.
func (g *gallery) Shot(h *Harness, name string) {
	g.t.Helper()
	g.drawn = g.drawn[:0]
	h.A.Draw(h.Screen)
	h.A.text.flushTo(nil)
	W, H := float64(h.A.W), float64(h.A.H)
	where := g.name + "/" + name
	if len(g.drawn) == 0 {
		g.t.Errorf("%s: no text drawn", where)
	}
	for i, d := range g.drawn {
		r := d.R
		if r.X < -1 || r.Y < -1 || r.X+r.W > W+1 || r.Y+r.H > H+1 {
			g.t.Errorf("%s: %q at %.0f,%.0f %.0fx%.0f is cut off by the %gx%g window", where, d.S, r.X, r.Y, r.W, r.H, W, H)
		}
		for _, e := range g.drawn[:i] {
			if ov := overlap(ink(d.R), ink(e.R)); ov > 0.25*math.Min(d.R.W*d.R.H, e.R.W*e.R.H) && ov > 30 {
				g.t.Errorf("%s: %q overlaps %q", where, d.S, e.S)
			}
		}
		for _, c := range d.S {
			if unicode.IsGraphic(c) && !unicode.IsSpace(c) && !fonts.Covers(c) {
				g.t.Errorf("%s: %q: no font has %U (tofu)", where, d.S, c)
			}
		}
		if rawKey.MatchString(d.S) {
			g.t.Errorf("%s: a raw catalogue key %q", where, d.S)
		}
		if g.lang != i18n.English && g.english[d.S] && !g.own[d.S] {
			g.t.Errorf("%s: %q is English", where, d.S)
		}
		typed := false
		for _, t := range g.typed {
			typed = typed || strings.Contains(d.S, t)
		}
		if g.digits && !typed && latinDigits.MatchString(keepLatin.ReplaceAllString(d.S, "")) {
			g.t.Errorf("%s: %q has Latin digits with Persian digits on", where, d.S)
		}
	}
	if g.dir != "" {
		if err := savePNG(h.Screen, filepath.Join(g.dir, name+".png")); err != nil {
			g.t.Error(err)
		}
	}
}

// ink is the part of a line's box where letters are: the box holds the
// tallest ascent and deepest descent of both families, which few letters
// reach.
func ink(r Rect) Rect { return Rect{r.X, r.Y + 0.2*r.H, r.W, 0.6 * r.H} }

// overlap is the area two rectangles share, in square pixels.
func overlap(a, b Rect) float64 {
	w := math.Min(a.X+a.W, b.X+b.W) - math.Max(a.X, b.X)
	h := math.Min(a.Y+a.H, b.Y+b.H) - math.Max(a.Y, b.Y)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// static draws the scenes that need no game: menu, settings, every rules
// page, the new-game table and the crash screen.
func (g *gallery) static() {
	h := g.Harness()
	menu := NewMenuScene(h.A)
	g.Show(h, menu)
	g.Shot(h, "menu")
	g.Show(h, newSettingsScene(h.A, menu))
	g.Shot(h, "settings")
	for i := range helpPages {
		hs := NewHelpScene(h.A, menu)
		hs.Page = i
		g.Show(h, hs)
		g.Shot(h, fmt.Sprintf("rules-%d", i+1))
	}
	ng := newNewGameScene(h.A)
	ng.setup.Seats = []SeatSetup{{Human: true, Name: "Ann"}, {Human: true, Name: "شیرین"},
		{Name: h.A.T("scene.bot.name", "n", 3), Level: "easy"}, {Name: h.A.T("scene.bot.name", "n", 4), Level: "hard"},
		{Name: h.A.T("scene.bot.name", "n", 5), Level: "random"}}
	g.Show(h, ng)
	g.Shot(h, "newgame")
	ng.seed = "x"
	h.Key(ebiten.KeyEnter)
	g.Shot(h, "newgame-bad-seed")

	h.A.Cur = panicScene{}
	if err := h.A.Update(); err != nil {
		g.t.Fatal(err)
	}
	h.A.crashed = false // the harness fails on a crash; the screen itself draws fine
	h.Ticks(30)
	g.Shot(h, "crash")
}

// game plays a hotseat game of two humans (one with a Latin name, one with
// a Persian one) and a computer player, the humans' moves chosen by
// computer players, and shoots each scene the first time it shows.
func (g *gallery) game() {
	h := g.Harness()
	h.A.Settings.AnimSpeed = 8
	setup := Setup{Seats: []SeatSetup{{Human: true, Name: "Ann"}, {Human: true, Name: "شیرین"},
		{Name: h.A.T("scene.bot.name", "n", 3), Level: "normal"}}, Youngest: 0, Seed: 7}
	m, err := NewMatch(h.A, setup)
	if err != nil {
		g.t.Fatal(err)
	}
	g.t.Cleanup(m.Close)
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
			g.t.Fatalf("the game did not end; at %s", h.A.Cur.Name())
		}
		switch s := h.A.Cur.(type) {
		case *revealScene:
			if s.btn.Enabled && h.A.Fade == 0 {
				h.Ticks(20)
				if s.curtain {
					once("reveal-curtain")
				} else {
					once("reveal")
				}
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
			if s.peekT > 0 && !shot["board-peek"] {
				// The peek fades in; the next human's curtain may follow soon.
				for k := 0; k < 8 && !s.curtain; k++ {
					h.Tick()
				}
				if !s.curtain {
					once("board-peek")
				}
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
			if s.reason = ""; !g.play(h, s, mv) {
				g.t.Fatalf("%s: the move %v was refused: %q", g.name, mv, s.reason)
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
					g.t.Errorf("%s: the game never showed %s", g.name, n)
				}
			}
			return
		}
		h.Tick()
	}
}

// play makes the move mv of the human on turn as the board would after a
// drop: the card leaves the hand and the table takes it.
func (g *gallery) play(h *Harness, s *boardScene, mv saboteur.Move) bool {
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
func (g *gallery) lan() {
	LoopbackLAN(g.t)
	hh, hg := g.Harness(), g.Harness()
	js := NewJoinScene(hg.A)
	g.t.Cleanup(js.Leave)
	hg.A.Cur = js
	if js.Browser == nil {
		g.t.Fatal(js.Err)
	}
	LanNet.Announce = js.Browser.Addr()
	LanNet.Announce.IP = net.IPv4(127, 0, 0, 1)
	ls := NewLobbyScene(hh.A)
	if ls.Link == nil {
		g.t.Fatal(ls.Err)
	}
	g.t.Cleanup(ls.Link.Close)
	hh.A.Cur = ls
	Until(g.t, 600, func() bool { return len(js.Found) == 1 }, hg, hh)
	g.Shot(hg, "join")
	c, err := lan.Join(g.t.Context(), js.Found[0].Addr, lan.ClientConfig{Game: sabGame(), Name: "Шахрзад"})
	if err != nil {
		g.t.Fatal(err)
	}
	g.t.Cleanup(c.Close)
	if err := c.Phrase("digger"); err != nil {
		g.t.Fatal(err)
	}
	Until(g.t, 600, func() bool {
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
	Until(g.t, 600, func() bool {
		if r, ok := hh.A.Cur.(*revealScene); ok && r.btn.Enabled && hh.A.Fade == 0 {
			hh.Key(ebiten.KeyEnter)
		}
		_, ok := hh.A.Cur.(*boardScene)
		return ok && hh.A.Fade == 0
	}, hh)
	g.typed = append(g.typed, "Hello 123")
	if err := c.Chat("سلام! Hello 123"); err != nil {
		g.t.Fatal(err)
	}
	b := hh.A.Cur.(*boardScene)
	Until(g.t, 600, func() bool { _, lines, _ := b.m.lan.Snapshot(); return len(lines) >= 2 }, hh)
	hh.Ticks(40)
	g.Shot(hh, "lan-board")
}
