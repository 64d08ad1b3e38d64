package incangold

import (
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/goldvein/goldvein/scenes"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules/incangold"
)

// The scene tests run inside Ebitengine's loop (scenes.RunTests).
func TestMain(m *testing.M) { os.Exit(scenes.RunTests(m)) }

// igHarness starts an Incan Gold game of the given seats on the board.
func igHarness(t *testing.T, seats []scenes.SeatSetup, o incangold.Options, seed uint64) (*scenes.Harness, *igBoardScene) {
	t.Helper()
	h := scenes.NewHarness(t, igTestGames)
	m, err := newIGMatch(h.A, igSetup{Seats: seats, Options: o, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	// Closed before the harness's folder goes (cleanups run last first): a
	// computer player's move after the test would autosave into a folder
	// being removed ("TempDir RemoveAll cleanup: directory not empty").
	t.Cleanup(m.table.Close)
	b := newIGBoardScene(h.A, m)
	h.A.Cur = b
	return h, b
}

func igSeats(humans, n int) []scenes.SeatSetup {
	var s []scenes.SeatSetup
	for i := 0; i < n; i++ {
		if i < humans {
			s = append(s, scenes.SeatSetup{Human: true, Name: fmt.Sprintf("Human %d", i+1)})
		} else {
			s = append(s, scenes.SeatSetup{Name: fmt.Sprintf("Bot %d", i+1), Level: "normal"})
		}
	}
	return s
}

// igBoard is the board now on screen (a round end passed by Enter on the
// way), or nil once the game has gone to the final scoring.
func igBoard(h *scenes.Harness) *igBoardScene {
	for i := 0; i < 4000; i++ {
		if h.A.Fade > 0 {
			h.Tick()
			continue
		}
		switch s := h.A.Cur.(type) {
		case *igBoardScene:
			return s
		case *igRoundEndScene:
			h.Arm()
			h.Key(ebiten.KeyEnter)
		case *igFinalScene:
			return nil
		default:
			h.T.Fatalf("unexpected scene %T", s)
		}
	}
	h.T.Fatal("no board")
	return nil
}

// igWaitChoice ticks until a human's choice cards (or the curtain) are on
// screen; false when the game ended first.
func igWaitChoice(h *scenes.Harness) (*igBoardScene, bool) {
	for i := 0; i < 20000; i++ {
		b := igBoard(h)
		if b == nil {
			return nil, false
		}
		if b.chooser >= 0 {
			h.Arm() // what shows is armed, as a person's act comes no sooner
			return b, true
		}
		h.Tick()
	}
	h.T.Fatal("no choice came")
	return nil, false
}

// TestIncanAutoplayWholeGame: an --autoplay game of six computer players
// runs from the board through five round ends to the final scoring, and
// the screen's own account of the table (built from the public events)
// agrees with the engine's view whenever it has caught up.
func TestIncanAutoplayWholeGame(t *testing.T) {
	h := scenes.NewHarness(t, igTestGames)
	h.A.Cfg.Autoplay = true
	m, err := newIGAutoplayMatch(h.A)
	if err != nil {
		t.Fatal(err)
	}
	h.A.Cur = newIGBoardScene(h.A, m)
	rounds := 0
	checked := 0
	for i := 0; i < 60000; i++ {
		h.Tick()
		switch s := h.A.Cur.(type) {
		case *igBoardScene:
			for k, n := range m.st.deck().Hazards {
				if n < 0 || n > incangold.HazardCopies {
					t.Fatalf("round %d: the screen counts %d of hazard %d in the deck", m.st.round, n, k)
				}
			}
			// The engine's view is read before the screen's feed: the
			// computer players move on goroutines of their own, so a view
			// read after an empty feed could be a move ahead of it.
			v := m.table.View(-1)
			if _, more := m.peek(); h.A.Fade == 0 && !more && s.busy <= 0 && !s.ended {
				if v.Round == m.st.round && !v.Over && len(v.Path) > 0 {
					d := m.st.deck()
					if !slices.Equal(d.Treasures, v.Deck.Treasures) || !slices.Equal(d.Hazards, v.Deck.Hazards) || len(d.Artifacts) != len(v.Deck.Artifacts) {
						t.Fatalf("round %d: the screen's deck %+v, the engine's %+v", v.Round, d, v.Deck)
					}
					if m.st.pool != v.Pool || !slices.Equal(m.st.carried, v.Carried) {
						t.Fatalf("round %d: pool %d carried %v on screen, engine %d %v", v.Round, m.st.pool, m.st.carried, v.Pool, v.Carried)
					}
					checked++
				}
			}
		case *igRoundEndScene:
			if s.t == 1 {
				rounds++
			}
		case *igFinalScene:
			if rounds != incangold.Rounds {
				t.Fatalf("%d round ends shown, want %d", rounds, incangold.Rounds)
			}
			t.Logf("%d ticks, caught up %d times", i, checked)
			if checked < 5 {
				t.Fatalf("the screen caught up with the engine only %d times", checked)
			}
			v := m.table.View(-1)
			if !slices.Equal(s.v.Scores, v.Scores) {
				t.Fatalf("final scores %v, engine %v", s.v.Scores, v.Scores)
			}
			return
		}
	}
	t.Fatalf("the game did not end: on %T, round %d", h.A.Cur, m.st.round)
}

// igSealed is seat's own sealed choice in the open step (NoChoice: none).
func igSealed(b *igBoardScene, seat int) incangold.Choice { return b.m.table.View(seat).Choice }

// TestIncanMouseChoice: one human, no curtain; a click on the torch card
// seals torch, and the reveal turns it over on the human's panel.
func TestIncanMouseChoice(t *testing.T) {
	h, _ := igHarness(t, igSeats(1, 4), incangold.Options{StartPlayer: 0}, 11)
	b, ok := igWaitChoice(h)
	if !ok {
		t.Fatal("the game ended before a choice")
	}
	if b.curtain {
		t.Fatal("a curtain with one human")
	}
	step := b.m.table.View(0).Step
	// A click beside the cards does nothing.
	h.Click(scenes.R(b.l.torch.X-b.l.torch.W, b.l.torch.Y, 4, 4))
	if c := igSealed(b, 0); c != incangold.NoChoice || b.chooser != 0 {
		t.Fatalf("a click beside the cards sealed %v", c)
	}
	h.Click(b.l.torch)
	v := b.m.table.View(0)
	if v.Step == step && v.Choice != incangold.Torch {
		t.Fatalf("after a click on the torch: choice %v", v.Choice)
	}
	if b.chooser != -1 {
		t.Fatal("the choice cards stay after the choice")
	}
	for i := 0; i < 400 && b.m.st.choices[0] == incangold.NoChoice; i++ {
		h.Tick()
	}
	if b.m.st.choices[0] != incangold.Torch {
		t.Fatalf("revealed %v for the human, want torch", b.m.st.choices[0])
	}
}

// TestIncanKeyboardChoice: T seals torch, C seals camp, and the arrows
// with Enter choose too; keys do nothing while no choice is open.
func TestIncanKeyboardChoice(t *testing.T) {
	h, _ := igHarness(t, igSeats(1, 3), incangold.Options{StartPlayer: 0}, 5)
	b, ok := igWaitChoice(h)
	if !ok {
		t.Fatal("the game ended before a choice")
	}
	step, reveal := b.m.table.View(0).Step, b.m.st.revealAt
	h.Key(ebiten.KeyT)
	if v := b.m.table.View(0); v.Step == step && v.Choice != incangold.Torch {
		t.Fatalf("T sealed %v", v.Choice)
	}
	if b.chooser != -1 {
		t.Fatal("T did not close the choice")
	}
	for i := 0; i < 400 && b.m.st.revealAt == reveal; i++ {
		h.Tick()
	}
	if b.m.st.choices[0] != incangold.Torch {
		t.Fatalf("revealed %v after T, want torch", b.m.st.choices[0])
	}
	// The next choice, if the round goes on: arrows and Enter for camp.
	for i := 0; i < 4000; i++ {
		if b.chooser >= 0 || h.A.Cur != b {
			break
		}
		h.Key(ebiten.KeyC) // no choice open: C must do nothing
		if b.m.table.View(0).Choice == incangold.Camp && b.chooser < 0 {
			t.Fatal("C sealed a choice while none was on screen")
		}
	}
	if h.A.Cur != b || b.chooser < 0 {
		t.Skip("the round ended before a second choice (seed)")
	}
	h.Arm()
	h.Key(ebiten.KeyArrowRight)
	if b.focus != 1 {
		t.Fatalf("focus %d after →, want 1 (camp)", b.focus)
	}
	h.Key(ebiten.KeyArrowLeft)
	h.Key(ebiten.KeyArrowRight)
	h.Key(ebiten.KeyEnter)
	if b.chooser != -1 {
		t.Fatal("Enter did not choose")
	}
	for i := 0; i < 400 && b.m.st.in[0]; i++ {
		h.Tick()
	}
	if b.m.st.in[0] || b.m.st.choices[0] != incangold.Camp {
		t.Fatalf("after camp: in %v, revealed %v", b.m.st.in[0], b.m.st.choices[0])
	}
}

// TestIncanHotseat: three humans and a computer player: each human
// chooses in turn, in seat order, behind the curtain; keys do nothing
// behind it; nobody's choice is revealed until the last human has chosen.
func TestIncanHotseat(t *testing.T) {
	h, _ := igHarness(t, igSeats(3, 4), incangold.Options{StartPlayer: 0}, 3)
	b, ok := igWaitChoice(h)
	if !ok {
		t.Fatal("the game ended before a choice")
	}
	reveal := b.m.st.revealAt
	for k := 0; k < 3; k++ {
		if !b.curtain || b.chooser != k {
			t.Fatalf("turn %d: curtain %v for seat %d, want the curtain for seat %d", k, b.curtain, b.chooser, k)
		}
		if b.tentShown(h.A, k) && !b.m.st.opts.OpenTents {
			t.Fatal("a tent shows behind the curtain")
		}
		h.Key(ebiten.KeyT) // behind the curtain: nothing
		if igSealed(b, k) != incangold.NoChoice {
			t.Fatal("a key chose behind the curtain")
		}
		h.Arm()
		h.Key(ebiten.KeyEnter)
		h.Tick() // the curtain lifts as the key is let go
		if b.curtain || !b.tentShown(h.A, k) {
			t.Fatal("Enter did not lift the curtain for its owner")
		}
		for o := 0; o < 3; o++ {
			if o != k && b.tentShown(h.A, o) {
				t.Fatalf("seat %d sees seat %d's tent", k, o)
			}
		}
		if b.m.st.revealAt != reveal {
			t.Fatalf("revealed before human %d chose", k+1)
		}
		key := ebiten.KeyT
		if k == 1 {
			key = ebiten.KeyC
		}
		step := b.m.table.View(k).Step
		h.Arm()
		h.Key(key)
		if igSealed(b, k) == incangold.NoChoice && b.m.table.View(k).Step == step {
			t.Fatalf("human %d's key sealed nothing", k+1)
		}
		// Until the next human is asked, the board runs on (bots seal).
		for i := 0; i < 300 && b.chooser < 0 && b.m.st.revealAt == reveal; i++ {
			h.Tick()
		}
	}
	for i := 0; i < 400 && b.m.st.revealAt == reveal; i++ {
		h.Tick()
	}
	if b.m.st.revealAt == reveal {
		t.Fatal("no reveal after every human chose")
	}
	want := []incangold.Choice{incangold.Torch, incangold.Camp, incangold.Torch}
	if got := b.m.st.choices[:3]; !slices.Equal(got, want) {
		t.Fatalf("revealed %v, want %v", got, want)
	}
}

// TestIncanGallery draws Incan Gold's scenes (new game, the board, the
// hotseat curtain, the choice cards, the round end, the final scoring)
// with TestGallery's checks on their text: nothing cut off, no overlaps,
// no tofu, no raw keys, no English left in Russian or Persian, Persian
// digits when asked. A plain run draws Persian with Persian digits to the
// first round end; with SCENE_SHOTS=DIR (or GALLERY=1) every language
// plays a whole game, and DIR/gallery/<lang>/ig-*.png are written.
func TestIncanGallery(t *testing.T) {
	full := os.Getenv("SCENE_SHOTS") != "" || os.Getenv("GALLERY") != ""
	for _, v := range []struct {
		name   string
		lang   i18n.Lang
		digits bool
	}{{"en", i18n.English, false}, {"ru", i18n.Russian, false}, {"fa", i18n.Persian, false}, {"fa-digits", i18n.Persian, true}} {
		if !full && v.name != "fa-digits" {
			continue
		}
		if only := os.Getenv("GALLERY_LANG"); only != "" && only != v.name {
			continue
		}
		t.Run(v.name, func(t *testing.T) {
			g := scenes.NewGallery(t, v.name, v.lang, v.digits, igTestGames)
			h := g.Harness()
			g.Show(h, newIGNewGameScene(h.A))
			g.Shot(h, "ig-newgame")
			h.A.GameID = igGameID
			for i := range igHelpPages {
				hs := scenes.NewHelpScene(h.A, scenes.NewMenuScene(h.A))
				hs.Page = i
				g.Show(h, hs)
				g.Shot(h, fmt.Sprintf("ig-rules-%d", i+1))
			}
			seats := []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Human: true, Name: "Bob"}}
			for i := 3; i <= 6; i++ {
				seats = append(seats, scenes.SeatSetup{Name: h.A.T("scene.bot.name", "n", i), Level: "normal"})
			}
			m, err := newIGMatch(h.A, igSetup{Seats: seats, Options: incangold.Options{StartPlayer: 0}, ShowChance: true, Seed: 21})
			if err != nil {
				t.Fatal(err)
			}
			defer m.table.Close()
			g.Show(h, newIGBoardScene(h.A, m))
			shot := map[string]bool{}
			once := func(name string) {
				if !shot[name] {
					shot[name] = true
					g.Shot(h, name)
				}
			}
			for i := 0; i < 40000; i++ {
				if h.A.Fade > 0 {
					h.Tick()
					continue
				}
				switch s := h.A.Cur.(type) {
				case *igBoardScene:
					switch {
					case s.curtain:
						once("ig-curtain")
						h.Arm() // a held key never goes up: press once, armed
						h.Key(ebiten.KeyEnter)
						h.Tick()
					case s.chooser >= 0:
						if !shot["ig-choice"] {
							// The smallest window too (1024x640).
							h.A.LayoutF(1024, 640)
							g.Shot(h, "ig-choice-small")
							h.A.LayoutF(1280, 800)
						}
						once("ig-choice")
						c := ebiten.KeyT
						if m.st.carried[s.chooser] >= 6 {
							c = ebiten.KeyC
						}
						h.Arm()
						h.Key(c)
						h.Tick()
					default:
						if len(m.st.path) >= 5 && s.busy <= 0 {
							once("ig-board")
						}
						if s.shake > 0 && s.shake < 40 {
							once("ig-bust")
						}
						h.Tick()
					}
				case *igRoundEndScene:
					once("ig-roundend")
					if !full {
						return
					}
					h.Arm()
					h.Key(ebiten.KeyEnter)
					h.Tick()
				case *igFinalScene:
					once("ig-final")
					return
				default:
					t.Fatalf("unexpected scene %T", s)
				}
			}
			t.Fatal("the game did not end")
		})
	}
}

// TestIncanTiebreakShown: the final scoring names the tie-break when it
// decided (I9.3: more artifacts; I9.4: their worth), says "shared" when
// the tie stayed, and says nothing of it without a tie.
func TestIncanTiebreakShown(t *testing.T) {
	h := scenes.NewHarness(t, igTestGames)
	m, err := newIGMatch(h.A, igSetup{Seats: igSeats(1, 3), Options: incangold.Options{StartPlayer: 0}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer m.table.Close()
	for _, c := range []struct {
		scores, winners []int
		arts            [][]int
		value           bool
		want            string
	}{
		{[]int{50, 50, 10}, []int{1}, [][]int{{10}, {5, 5}, nil}, false, h.A.T("ig.final.tiebreak_count", "names", "Bot 2, Human 1", "score", "50", "winner", "Bot 2")},
		{[]int{50, 50, 10}, []int{0}, [][]int{{10}, {5}, nil}, true, h.A.T("ig.final.tiebreak_value", "names", "Human 1, Bot 2", "score", "50", "winner", "Human 1")},
		{[]int{50, 50, 10}, []int{0, 1}, [][]int{{10}, {10}, nil}, false, h.A.T("ig.final.shared", "score", "50")},
		{[]int{50, 40, 10}, []int{0}, [][]int{nil, nil, nil}, false, ""},
	} {
		m.st.opts.TiebreakValue = c.value
		m.final = &incangold.View{Players: 3, Scores: c.scores, Winners: c.winners, Artifacts: c.arts}
		s := newIGFinalScene(h.A, m)
		if s.tie != c.want {
			t.Errorf("scores %v winners %v: tie line %q, want %q", c.scores, c.winners, s.tie, c.want)
		}
		if s.order[0] != c.winners[0] {
			t.Errorf("scores %v winners %v: first row seat %d", c.scores, c.winners, s.order[0])
		}
	}
}

// TestIncanNewGameStarts: the new-game scene by mouse: a seat made a
// computer player, a seat added, open tents ticked, Start: the board of
// that table, the human in seat 0.
func TestIncanNewGameStarts(t *testing.T) {
	h := scenes.NewHarness(t, igTestGames)
	s := newIGNewGameScene(h.A)
	h.A.Cur = s
	h.Ticks(2)
	if n := len(s.Seats); n != 5 {
		t.Fatalf("%d seats at first, want 5", n)
	}
	h.Click(s.Add.R)
	h.Click(s.Rows[1].LevelR.R)
	h.Click(s.Options.Items[3].Box.R)
	if len(s.Seats) != 6 || s.Seats[1].Level != "hard" || !s.setup.Options.OpenTents {
		t.Fatalf("after the clicks: %d seats, seat 1 %q, open tents %v", len(s.Seats), s.Seats[1].Level, s.setup.Options.OpenTents)
	}
	h.Click(s.Start.R)
	for i := 0; i < 40 && h.A.Fade > 0; i++ {
		h.Tick()
	}
	b, ok := h.A.Cur.(*igBoardScene)
	if !ok {
		t.Fatalf("on %T after Start", h.A.Cur)
	}
	defer b.m.table.Close()
	if len(b.m.st.in) != 6 || !b.m.isHuman(0) || b.m.isHuman(1) || !b.m.st.opts.OpenTents {
		t.Fatalf("the board's table: %d seats, humans %v, open tents %v", len(b.m.st.in), b.m.humans, b.m.st.opts.OpenTents)
	}
	for seat := range b.m.st.in {
		if !b.tentShown(h.A, seat) {
			t.Fatalf("open tents, yet seat %d's tent is hidden", seat)
		}
	}
}

// TestIncanStateBust: the screen's account of a bust (worked example 6):
// the busting spider shows at the path's end but is out of the game, so
// the deck holds one spider (three, less the one removed, less the one on
// the path), the explorers lose what they carry, and every treasure on
// the path is out of the deck.
func TestIncanStateBust(t *testing.T) {
	st := newIGState(3, incangold.Options{})
	spider := incangold.HazardCard(incangold.Spider)
	for _, e := range []incangold.Event{
		{Type: incangold.RoundStarted, Round: 1, Seat: 0, Card: incangold.Artifact(1)},
		{Type: incangold.Flipped, Round: 1, Card: spider, Explorers: 3},
		{Type: incangold.Flipped, Round: 1, Card: incangold.Treasure(5), Explorers: 3, Each: 1, Pool: 2},
		{Type: incangold.Bust, Round: 1, Card: spider, Lost: []int{1, 1, 1}},
	} {
		st.apply(e, 0)
	}
	d := st.deck()
	if d.Hazards[incangold.Spider] != 1 || st.onPath(incangold.Spider) != 1 || st.removed[incangold.Spider] != 1 {
		t.Fatalf("after the bust: %d spiders in the deck, %d on the path, %d removed; want 1, 1, 1",
			d.Hazards[incangold.Spider], st.onPath(incangold.Spider), st.removed[incangold.Spider])
	}
	if len(d.Treasures) != 14 || d.Size() != 14+1+12+1 {
		t.Fatalf("deck %+v (size %d), want 14 treasures and 28 cards", d, d.Size())
	}
	if !slices.Equal(st.carried, []int{0, 0, 0}) || !slices.Equal(st.cur.lost, []int{1, 1, 1}) || st.explorers() != 0 {
		t.Fatalf("carried %v lost %v explorers %d", st.carried, st.cur.lost, st.explorers())
	}
}

// igTestGames are the games Incan Gold's tests give the app.
var igTestGames = []scenes.Game{Screens}
