package saboteur

import (
	"encoding/json"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/goldvein/goldvein/scenes"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
)

// The scene tests run inside Ebitengine's loop (scenes.RunTests).
func TestMain(m *testing.M) { os.Exit(scenes.RunTests(m)) }

// testGames are the games Saboteur's tests give the app.
var testGames = []scenes.Game{Screens}

// passByKeys takes the keyboard's step through a round end or a role
// reveal: keep the first gold card offered (R8.1), or Enter on the
// button. It is false when the scene has nothing to press yet.
func passByKeys(h *scenes.Harness) bool {
	switch s := h.A.Cur.(type) {
	case *roundEndScene:
		if s.cover {
			press(h, ebiten.KeyEnter) // the curtain before a human's gold choice
			return true
		}
		if s.offer >= 0 && s.m.isHuman(s.offer) && len(s.offerV.Offer) > 0 {
			press(h, ebiten.Key1)
			return true
		}
		if s.done {
			press(h, ebiten.KeyEnter)
			return true
		}
	case *revealScene:
		if s.curtain || s.btn.Enabled && h.A.Fade == 0 {
			press(h, ebiten.KeyEnter)
			return true
		}
	case *boardScene:
		if s.peek.on && s.peekTurned(h.A) >= 1 {
			press(h, ebiten.KeySpace) // a map's goal seen: turn it back
			return true
		}
		if s.ended != nil && s.endShown && h.A.Fade == 0 {
			press(h, ebiten.KeyEnter) // the round is over: on to its end
			return true
		}
	}
	return false
}

// press presses and releases k as a person would: once what is on screen
// has been there a moment (the gate's ArmTicks), and let go the next tick
// (a curtain lifts on the release).
func press(h *scenes.Harness, k ebiten.Key) {
	h.Arm()
	h.Key(k)
	h.Tick()
}

// liftCurtain lifts the board's curtain with a deliberate Enter.
func liftCurtain(t testing.TB, h *scenes.Harness, b *boardScene) {
	t.Helper()
	press(h, ebiten.KeyEnter)
	if b.curtain {
		t.Fatal("an armed Enter did not lift the curtain")
	}
}

// startBoard seats one human (seat 0, first to play) and computer players
// and shows the board with the human on turn.
func startBoard(t testing.TB, seats []scenes.SeatSetup, seed uint64) (*scenes.Harness, *boardScene) {
	h := scenes.NewHarness(t, testGames)
	m, err := NewMatch(h.A, Setup{Seats: seats, Youngest: 0, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	m.skipBacklog()
	m.shown = m.Table.View(-1)
	t.Cleanup(m.Close)
	b := newBoardScene(h.A, m)
	h.A.Cur = b
	h.Ticks(3)
	for i := 0; b.dealing > 0 && i < 1000; i++ {
		h.Tick() // the deal's motion
	}
	if b.curtain {
		liftCurtain(t, h, b)
	}
	h.Arm() // the hand's controls arm, as a person's first move comes no sooner
	if !b.myTurn() {
		t.Fatalf("the human is not on turn (turn %d, me %d)", b.view.Turn, b.me)
	}
	return h, b
}

func oneHuman(n int) []scenes.SeatSetup {
	s := []scenes.SeatSetup{{Human: true, Name: "Ann"}}
	for i := 1; i < n; i++ {
		s = append(s, scenes.SeatSetup{Name: fmt.Sprintf("Bot %d", i), Level: "random"})
	}
	return s
}

// pathCard finds a hand card that is a path card and a legal placement
// for it in the orientation it is held.
func pathCard(b *boardScene) (idx int, p saboteur.Placement, ok bool) {
	for i, hs := range b.hand {
		if hs.card.Kind != saboteur.Path {
			continue
		}
		for _, pl := range b.mine.Board.Placements(nil, hs.placed(), false) {
			if pl.Card == hs.placed() {
				return i, pl, true
			}
		}
	}
	return 0, saboteur.Placement{}, false
}

// seedWithPath finds a seed whose first hand can lay a path card.
func boardWithPath(t *testing.T, n int) (*scenes.Harness, *boardScene, int, saboteur.Placement) {
	for seed := uint64(1); seed < 50; seed++ {
		h, b := startBoard(t, oneHuman(n), seed)
		if i, p, ok := pathCard(b); ok {
			return h, b, i, p
		}
	}
	t.Fatal("no seed deals a playable path card")
	return nil, nil, 0, saboteur.Placement{}
}

func TestDragToLegalCellPlays(t *testing.T) {
	h, b, i, p := boardWithPath(t, 4)
	card := b.hand[i].r
	cell := b.cellRect(h.A, p.At)
	// Drop a little off the cell's centre: it snaps to the legal cell.
	h.Drag(card.Cx(), card.Cy(), cell.Cx()+cell.W*0.2, cell.Cy()-cell.H*0.2)
	rec := typedRecord(t, b.m.Table.Record())
	if len(rec.Moves) == 0 {
		t.Fatal("no move recorded")
	}
	m := rec.Moves[0]
	if m.Type != saboteur.Play || m.Card != p.Card || m.At != p.At {
		t.Fatalf("played %v, want %v at %v", m, p.Card, p.At)
	}
	// The maze shows it once the event has been shown.
	h.Ticks(40)
	if _, ok := b.view.Board.At(p.At); !ok {
		t.Errorf("the board does not show the card at %v", p.At)
	}
}

func TestDragToIllegalCellChangesNothing(t *testing.T) {
	h, b, i, _ := boardWithPath(t, 4)
	before := fmt.Sprint(b.m.Table.View(0))
	hand := len(b.hand)
	card := b.hand[i].r
	// A cell far from every card of the maze (R5.3).
	far := b.cellRect(h.A, saboteur.Cell{X: 4, Y: 3})
	h.Drag(card.Cx(), card.Cy(), far.Cx(), far.Cy())
	if n := len(typedRecord(t, b.m.Table.Record()).Moves); n != 0 {
		t.Fatalf("%d moves recorded, want none", n)
	}
	if after := fmt.Sprint(b.m.Table.View(0)); after != before {
		t.Fatal("the table changed")
	}
	if b.reason == "" || b.reason[:4] != "R5.3" {
		t.Errorf("reason %q, want the R5.3 text", b.reason)
	}
	h.Ticks(30)
	if len(b.hand) != hand || b.drag.on {
		t.Errorf("hand %d cards (want %d), drag on %v", len(b.hand), hand, b.drag.on)
	}
	// The card flew back to where it rests.
	if len(b.anims) != 0 {
		t.Errorf("%d motions still running", len(b.anims))
	}
}

func TestTurningCard(t *testing.T) {
	for seed := uint64(1); seed < 80; seed++ {
		h, b := startBoard(t, oneHuman(4), seed)
		// A path card that fits somewhere only when turned.
		for i, hs := range b.hand {
			if hs.card.Kind != saboteur.Path || hs.card.Rotated() == hs.card {
				continue
			}
			turned := hs.card.Rotated()
			var want *saboteur.Placement
			for _, pl := range b.mine.Board.Placements(nil, hs.card, false) {
				if pl.Card == turned {
					pl := pl
					want = &pl
					break
				}
			}
			if want == nil {
				continue
			}
			r := hs.r
			// Hover and right click: the card turns (R3.3).
			h.In.X, h.In.Y = int(r.Cx()), int(r.Cy())
			h.In.Right = true
			h.Tick()
			if !b.hand[i].turned || b.hand[i].placed() != turned {
				t.Fatalf("right click did not turn %v", hs.card)
			}
			// R turns it back, and again.
			h.Key(ebiten.KeyR)
			if b.hand[i].turned {
				t.Fatal("R did not turn it back")
			}
			h.Key(ebiten.KeyR)
			cell := b.cellRect(h.A, want.At)
			h.Drag(r.Cx(), r.Cy(), cell.Cx(), cell.Cy())
			rec := typedRecord(t, b.m.Table.Record())
			if len(rec.Moves) == 0 || rec.Moves[0].Card != turned || rec.Moves[0].At != want.At {
				t.Fatalf("moves %v, want %v at %v", rec.Moves, turned, want.At)
			}
			return
		}
	}
	t.Skip("no seed deals a card that fits only turned")
}

func TestKeyboardPlaysCard(t *testing.T) {
	h, b := startBoard(t, oneHuman(5), 3)
	// Tab through the hand to a card with somewhere to go, arrows to move
	// among the places, Enter to play.
	for k := 0; k < len(b.hand) && len(b.targets) == 0; k++ {
		h.Key(ebiten.KeyTab)
	}
	if len(b.targets) == 0 {
		t.Skip("no playable card in this hand")
	}
	h.Key(ebiten.KeyArrowRight)
	h.Key(ebiten.KeyArrowDown)
	want := b.moveFor(b.sel, b.targets[b.tsel])
	h.Key(ebiten.KeyEnter)
	rec := typedRecord(t, b.m.Table.Record())
	if len(rec.Moves) == 0 {
		t.Fatal("no move after Enter")
	}
	if got := rec.Moves[0]; got.Card != want.Card || got.At != want.At || got.Target != want.Target {
		t.Fatalf("played %v, want %v", got, want)
	}
}

func TestKeyboardDiscards(t *testing.T) {
	h, b := startBoard(t, oneHuman(3), 5)
	h.Key(ebiten.KeyTab)
	c := b.hand[b.sel].card
	h.Key(ebiten.KeyD)
	rec := typedRecord(t, b.m.Table.Record())
	if len(rec.Moves) == 0 || rec.Moves[0].Type != saboteur.Discard || rec.Moves[0].Card != c {
		t.Fatalf("moves %v, want a discard of %v", rec.Moves, c)
	}
}

// TestHotseatCurtain: with two humans at one screen, the turn passing to
// the other human raises the curtain before their hand shows.
func TestHotseatCurtain(t *testing.T) {
	seats := []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Human: true, Name: "Bob"}, {Name: "Bot", Level: "random"}}
	h, b := startBoard(t, seats, 9)
	if b.me != 0 || b.curtain {
		t.Fatalf("screen shows seat %d, curtain %v", b.me, b.curtain)
	}
	// Ann passes; the curtain comes down for Bob.
	h.Key(ebiten.KeyTab)
	h.Key(ebiten.KeyD)
	for i := 0; i < 200 && !b.curtain; i++ {
		h.Tick()
	}
	if !b.curtain || b.me != 1 {
		t.Fatalf("curtain %v for seat %d, want up for Bob", b.curtain, b.me)
	}
	if b.myTurn() {
		t.Fatal("Bob may play behind the curtain")
	}
	h.Shot("curtain")
	liftCurtain(t, h, b)
	if b.curtain || !b.myTurn() || b.mine.Seat != 1 {
		t.Fatalf("after the curtain: curtain %v, my turn %v, view of seat %d", b.curtain, b.myTurn(), b.mine.Seat)
	}
}

// checkNewcomerTable checks the new-game table as a newcomer finds it: one
// human (seat 0) and four computer players.
func checkNewcomerTable(t *testing.T, ng *newGameScene) {
	t.Helper()
	if len(ng.Seats) != 5 {
		t.Fatalf("%d seats at a new table, want 5", len(ng.Seats))
	}
	for i, st := range ng.Seats {
		if st.Human != (i == 0) {
			t.Fatalf("seat %d human %v: want one human and four computer players", i, st.Human)
		}
	}
}

// TestNewcomerPlaysWholeGame plays a whole 3-round game against four
// computer players by keyboard alone, as a newcomer would: N in the menu,
// Tab to the seed field and type it, Enter to start, the role reveal, every
// turn (Tab to a card with a place, Enter; or D to pass), the gold choice
// (its number), Enter at each round end, and on to the final scoring.
func TestNewcomerPlaysWholeGame(t *testing.T) {
	h := scenes.NewHarness(t, testGames)
	h.A.Settings.AnimSpeed = 8
	h.Ticks(2)
	h.Key(ebiten.KeyN) // New game from the menu
	h.Ticks(scenes.FadeTicks + 2)
	ng, ok := h.A.Cur.(*newGameScene)
	if !ok {
		t.Fatalf("scene %s after N", h.A.Cur.Name())
	}
	checkNewcomerTable(t, ng)
	h.Key(ebiten.KeyTab) // the human's name
	h.Key(ebiten.KeyTab) // the seed
	if ng.Focus != scenes.FieldSeed {
		t.Fatalf("two Tabs focus field %d, want the seed", ng.Focus)
	}
	h.In.Chars = []rune("12")
	h.Tick()
	h.Key(ebiten.KeyEnter) // leave the field
	if ng.Seed != "12" || ng.Focus != -1 {
		t.Fatalf("seed field %q, focus %d", ng.Seed, ng.Focus)
	}
	h.Key(ebiten.KeyEnter) // start
	deadline := time.Now().Add(240 * time.Second)
	seen := map[string]bool{}
	played := 0
	for {
		if time.Now().After(deadline) {
			if b, ok := h.A.Cur.(*boardScene); ok {
				t.Logf("board: turn %d me %d myTurn %v holder %d anims %d hold %d mid %v ended %v shown %v waiting %v curtain %v", b.view.Turn, b.me, b.myTurn(), h.A.Holder(), len(b.anims), b.hold, b.midMove, b.ended != nil, b.endShown, b.waiting, b.curtain)
			}
			t.Fatalf("the game did not end; at %s", h.A.Cur.Name())
		}
		seen[h.A.Cur.Name()] = true
		switch s := h.A.Cur.(type) {
		case *finalScene:
			if len(s.view.Scores) != 5 || len(s.view.Results) != saboteur.Rounds {
				t.Fatalf("final scores %v after %d rounds", s.view.Scores, len(s.view.Results))
			}
			for _, n := range []string{"newgame", "reveal", "board", "roundend", "final"} {
				if !seen[n] {
					t.Errorf("never saw %s", n)
				}
			}
			if played == 0 {
				t.Error("the human never played")
			}
			t.Logf("keyboard: %d moves by the human in %d rounds", played, len(s.view.Results))
			return
		case *boardScene:
			if s.armed(h.A) && h.A.Fade == 0 {
				h.Arm()
				moves := len(typedRecord(t, s.m.Table.Record()).Moves)
				for k := 0; k < len(s.hand) && len(s.targets) == 0; k++ {
					h.Key(ebiten.KeyTab)
				}
				if len(s.targets) > 0 {
					h.Key(ebiten.KeyEnter)
				} else {
					if s.sel < 0 {
						h.Key(ebiten.KeyTab)
					}
					h.Key(ebiten.KeyD)
				}
				if len(typedRecord(t, s.m.Table.Record()).Moves) == moves && len(s.hand) > 0 {
					t.Fatalf("the keyboard did not move (hand %v, sel %d, reason %q)", s.hand, s.sel, s.reason)
				}
				played++
				continue
			}
			if passByKeys(h) {
				continue
			}
		default:
			if passByKeys(h) {
				continue
			}
		}
		h.Tick()
		if h.A.Cur.Name() == "board" && math.Mod(float64(h.A.Ticks), 50) == 0 {
			time.Sleep(time.Millisecond)
		}
	}
}

// BenchmarkBoardDrag is one frame (Update + Draw) of the board scene with a
// 40-card maze and 10 players while a path card is being dragged across
// the maze: the steady state of play (issue 3: under 2 ms CPU per frame and
// no allocations).
func BenchmarkBoardDrag(b *testing.B) {
	h, s := startBoard(b, oneHuman(10), 4)
	h.Screen = ebiten.NewImage(h.A.W, h.A.H) // the whole screen, as in the game
	// Lay 40 path cards into the maze as shown (the deck's first 40).
	board := s.view.Board.Clone()
	var places []saboteur.Placement
	for id := 0; board.PathCards() < 40 && id < saboteur.DeckSize; id++ {
		c := saboteur.DeckCard(saboteur.CardID(id))
		if c.Kind != saboteur.Path {
			continue
		}
		places = board.Placements(places[:0], c, false)
		if len(places) == 0 {
			continue
		}
		p := places[len(places)/2]
		board.Place(p.Card, saboteur.CardID(id), p.At)
	}
	if board.PathCards() < 40 {
		b.Fatalf("only %d path cards laid", board.PathCards())
	}
	s.view.Board, s.mine.Board = board, board.Clone()
	s.tiles = append(s.tiles[:0], board.Tiles()...)
	for i := 0; i < 20; i++ {
		s.m.noteLine(fmt.Sprintf("Bot %d laid a tunnel", i))
	}
	idx := -1
	for i, hs := range s.hand {
		if hs.card.Kind == saboteur.Path {
			idx = i
		}
	}
	if idx < 0 {
		b.Skip("no path card in hand")
	}
	r := s.hand[idx].r
	h.In.X, h.In.Y, h.In.Pressed, h.In.Down = int(r.Cx()), int(r.Cy()), true, true
	h.Tick()
	mz := s.L.maze
	frame := 0
	move := func() {
		// Sweep the pointer back and forth over the maze.
		k := float64(frame%120) / 120
		h.In.X = int(mz.X + mz.W*(0.1+0.8*k))
		h.In.Y = int(mz.Y + mz.H*(0.3+0.4*math.Sin(k*math.Pi)))
		frame++
		h.Tick()
	}
	for i := 0; i < 200; i++ {
		move()
	}
	if !s.drag.started || len(s.targets) == 0 {
		b.Fatalf("not dragging (started %v, %d targets)", s.drag.started, len(s.targets))
	}
	// Outside a real frame loop nothing ends the frame, so the GPU command
	// queue would only grow: each frame is flushed (reading a pixel back)
	// with the clock stopped, as the loop would after Draw.
	var px [4]byte
	flush := func() { h.Screen.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image).ReadPixels(px[:]) }
	flush()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		move()
		b.StopTimer()
		flush()
		b.StartTimer()
	}
}

// TestNewcomerPlaysByMouse plays a whole 3-round game against four
// computer players with the mouse alone: buttons are clicked (the seed
// field too, its digits typed), every card is dragged (a path card to a lit
// cell, a tool onto a player's panel, a rockfall or map onto the maze, else
// onto the discard pile to pass), gold is clicked.
func TestNewcomerPlaysByMouse(t *testing.T) {
	h := scenes.NewHarness(t, testGames)
	h.A.Settings.AnimSpeed = 8
	h.Ticks(2)
	menu := h.A.Cur.(*scenes.MenuScene)
	menu.Layout(h.A)
	h.Click(menu.Buttons[scenes.MenuNew].R)
	h.Ticks(scenes.FadeTicks + 2)
	ng := h.A.Cur.(*newGameScene)
	checkNewcomerTable(t, ng)
	ng.Layout(h.A)
	h.Click(ng.SeedR)
	h.In.Chars = []rune("21")
	h.Tick()
	if ng.Seed != "21" {
		t.Fatalf("seed field %q after clicking it and typing", ng.Seed)
	}
	h.Click(ng.Start.R)
	deadline := time.Now().Add(240 * time.Second)
	played, shots := 0, map[string]bool{}
	for {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end; at %s", h.A.Cur.Name())
		}
		if n := h.A.Cur.Name(); !shots[n] && h.A.Fade == 0 && h.A.ShotWait > 30 {
			shots[n] = true
			h.Shot("mouse-" + n)
		}
		switch s := h.A.Cur.(type) {
		case *finalScene:
			if len(s.view.Scores) != 5 || len(s.view.Results) != saboteur.Rounds {
				t.Fatalf("final scores %v after %d rounds", s.view.Scores, len(s.view.Results))
			}
			if played == 0 {
				t.Error("the human never played")
			}
			t.Logf("mouse: %d moves by the human in %d rounds", played, len(s.view.Results))
			return
		case *boardScene:
			if s.armed(h.A) && h.A.Fade == 0 {
				h.Arm()
				moves := len(typedRecord(t, s.m.Table.Record()).Moves)
				s.placeHand(h.A)
				mouseMove(h, s)
				h.Ticks(2)
				if len(typedRecord(t, s.m.Table.Record()).Moves) == moves {
					t.Fatalf("the drag did not move (reason %q)", s.reason)
				}
				played++
				continue
			}
			if s.ended != nil && s.endShown && h.A.Fade == 0 {
				h.Arm()
				h.Click(s.endButton(h.A).R) // the round is over: on to its end
				continue
			}
		case *roundEndScene:
			if s.cover {
				h.Arm()
				press(h, ebiten.KeyEnter)
				continue
			}
			if s.offer >= 0 && s.m.isHuman(s.offer) && len(s.offerV.Offer) > 0 && s.picks[0].W > 0 {
				h.Arm()
				h.Click(s.picks[0])
				continue
			}
			if s.done {
				s.layout(h.A)
				h.Arm()
				h.Click(s.btn.R)
				continue
			}
		case *revealScene:
			if s.curtain {
				press(h, ebiten.KeyEnter)
				continue
			}
			if s.btn.Enabled && h.A.Fade == 0 {
				s.layout(h.A)
				h.Arm()
				h.Click(s.btn.R)
				continue
			}
		}
		h.Tick()
	}
}

// mouseMove drags one card of the human's hand to where it may go, or to
// the discard pile.
func mouseMove(h *scenes.Harness, s *boardScene) {
	for i := range s.hand {
		r := s.hand[i].r
		s.sel = i
		s.computeTargets()
		s.sel = -1
		if len(s.targets) == 0 {
			continue
		}
		tg := s.targets[0]
		var to scenes.Rect
		if tg.isSeat {
			to = s.L.panels[tg.seat]
		} else {
			to = s.cellRect(h.A, tg.cell)
		}
		if !to.In(int(to.Cx()), int(to.Cy())) || (!tg.isSeat && !s.L.maze.In(int(to.Cx()), int(to.Cy()))) {
			continue // off screen: try another card
		}
		c := s.hand[i].card
		if c.Kind == saboteur.Repair && len(c.Tools.Tools()) == 2 && s.mine.Broken[tg.seat]&c.Tools == c.Tools {
			continue // would ask which tool: keep it simple
		}
		h.Drag(r.Cx(), r.Cy(), to.Cx(), to.Cy())
		return
	}
	r := s.hand[0].r
	h.Drag(r.Cx(), r.Cy(), s.L.discard.Cx(), s.L.discard.Cy())
}

// TestContinueResumes: a game left mid-round (closed window, crash) is
// offered by Continue and picks up exactly where the autosave left it,
// with the same humans and computer players.
func TestContinueResumes(t *testing.T) {
	dir := t.TempDir()
	h := scenes.NewHarnessIn(t, dir, testGames)
	m, err := NewMatch(h.A, Setup{Seats: oneHuman(3), Youngest: 0, Seed: 77})
	if err != nil {
		t.Fatal(err)
	}
	v := m.Table.View(0)
	if err := m.Submit(0, saboteur.Move{Type: saboteur.Discard, Card: v.Hand[0]}); err != nil {
		t.Fatal(err)
	}
	// The computer players move at once; wait for the human's turn.
	for i := 0; m.Table.View(-1).Turn != 0 && i < 2000; i++ {
		time.Sleep(time.Millisecond)
	}
	want := typedRecord(t, m.Table.Record())
	m.Close()

	h2 := scenes.NewHarnessIn(t, dir, testGames)
	h2.Ticks(2)
	menu := h2.A.Cur.(*scenes.MenuScene)
	menu.Layout(h2.A)
	if !menu.Buttons[scenes.MenuContinue].Enabled {
		t.Fatal("Continue is greyed with an autosave present")
	}
	h2.Click(menu.Buttons[scenes.MenuContinue].R)
	h2.Ticks(scenes.FadeTicks + 2)
	rv, ok := h2.A.Cur.(*revealScene)
	if !ok {
		t.Fatalf("scene %s after Continue", h2.A.Cur.Name())
	}
	t.Cleanup(rv.m.Close)
	got := typedRecord(t, rv.m.Table.Record())
	if fmt.Sprint(got.Moves) != fmt.Sprint(want.Moves) || got.Seed != want.Seed {
		t.Fatalf("resumed %d moves (seed %d), saved %d (seed %d)", len(got.Moves), got.Seed, len(want.Moves), want.Seed)
	}
	if !rv.m.isHuman(0) || rv.m.isHuman(1) || rv.m.names[0] != "Ann" {
		t.Errorf("seats not restored: humans %v names %v", rv.m.humans, rv.m.names)
	}
}

// TestContinueHotseat (issue 17, item 1): a two-human table continued
// from its autosave alone (no setup.json) is still a hotseat table: both
// humans, the curtain up, the computer player at its level.
func TestContinueHotseat(t *testing.T) {
	dir := t.TempDir()
	h := scenes.NewHarnessIn(t, dir, testGames)
	seats := []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Human: true, Name: "Ben"}, {Name: "Bot 3", Level: "easy"}}
	m, err := NewMatch(h.A, Setup{Seats: seats, Youngest: 0, Seed: 77})
	if err != nil {
		t.Fatal(err)
	}
	for seat := 0; seat < 2; seat++ {
		v := m.Table.View(seat)
		if err := m.Submit(seat, saboteur.Move{Type: saboteur.Discard, Card: v.Hand[0]}); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; m.Table.View(-1).Turn != 0 && i < 2000; i++ {
		time.Sleep(time.Millisecond)
	}
	m.Close()
	if err := os.Remove(setupPath(h.A)); err != nil {
		t.Fatal(err)
	}
	h2 := scenes.ContinueGame(t, dir, testGames)
	rv, ok := h2.A.Cur.(*revealScene)
	if !ok {
		t.Fatalf("scene %s after Continue", h2.A.Cur.Name())
	}
	t.Cleanup(rv.m.Close)
	if !rv.m.isHuman(0) || !rv.m.isHuman(1) || rv.m.isHuman(2) || !rv.m.hotseat() {
		t.Fatalf("humans %v after Continue, want seats 0 and 1", rv.m.humans)
	}
	if !rv.curtain {
		t.Error("a continued hotseat table shows no curtain")
	}
	if got := rv.m.setup.Seats[2]; got.Human || got.Level != "easy" || rv.m.names[1] != "Ben" {
		t.Errorf("seat 2 continued as %+v, names %v", got, rv.m.names)
	}
}

// handingOutSave plays games of n computer players (normal) on the rules
// alone until a round ends in a gold handing-out (R8.1) in which at least
// humans distinct gold-diggers are offered gold, and saves that game, as
// it stood at the first offer, as the autosave in dir (with setup.json
// marking those seats human). It returns the seats in the order of their
// first offer.
func handingOutSave(t *testing.T, dir string, n, humans int) []int {
	t.Helper()
	for seed := uint64(1); seed < 40; seed++ {
		opts := saboteur.Options{Players: n, FirstPlayer: 0}
		g, evs, err := saboteur.New(opts, seed)
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]bot.Bot, n)
		for i := range bots {
			bots[i] = bot.New(bot.Normal, i, n, seed+uint64(i))
		}
		observe := func(evs []saboteur.Event) {
			for i, b := range bots {
				for _, e := range evs {
					b.Observe(e.Redact(i))
				}
			}
		}
		observe(evs)
		rec := saboteur.NewRecord(opts, seed, nil)
		for i := 0; i < n; i++ {
			rec.Seats = append(rec.Seats, fmt.Sprintf("Seat %d", i+1))
		}
		at := -1 // moves made when the handing-out began
		var offered []int
		for g.Phase() != saboteur.Over {
			if g.Phase() == saboteur.HandingOut {
				if g.Round() == saboteur.Rounds {
					break // the next round must follow
				}
				if at < 0 {
					at = len(rec.Moves)
				}
				if !slices.Contains(offered, g.Turn()) {
					offered = append(offered, g.Turn())
				}
			} else if at >= 0 {
				break // the handing-out is over
			}
			mv := bots[g.Turn()].Choose(g.View(g.Turn()))
			evs, err := g.Apply(mv)
			if err != nil {
				t.Fatalf("seed %d: %v: %v", seed, mv, err)
			}
			observe(evs)
			rec.Moves = append(rec.Moves, mv)
		}
		if at < 0 || len(offered) < humans {
			continue
		}
		rec.Moves = rec.Moves[:at]
		// A format-1 autosave, as the app wrote before record format 2,
		// with the setup.json that said who was human.
		data, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, game.AutosaveFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
		setup := Setup{Seed: seed, Youngest: 0}
		for i := 0; i < n; i++ {
			setup.Seats = append(setup.Seats, scenes.SeatSetup{Human: slices.Contains(offered[:humans], i), Name: rec.Seats[i], Level: "normal"})
		}
		data, _ = json.Marshal(setup)
		if err := os.WriteFile(filepath.Join(dir, "setup.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		return offered
	}
	t.Fatal("no seed gives such a handing-out")
	return nil
}

// TestContinueInHandingOut: a game saved while the gold is handed out
// (R8.1), with the human to choose, continues at the round end with the
// human's own offer; the keep-one-card choice is played and recorded, the
// computer players choose theirs, and the next round follows.
func TestContinueInHandingOut(t *testing.T) {
	dir := t.TempDir()
	offered := handingOutSave(t, dir, 5, 1)
	me := offered[0]
	h := scenes.ContinueGame(t, dir, testGames)
	re, ok := h.A.Cur.(*roundEndScene)
	if !ok {
		t.Fatalf("scene %s after Continue, want the round end", h.A.Cur.Name())
	}
	t.Cleanup(re.m.Close)
	want := re.m.Table.View(me).Offer
	if re.offer != me || fmt.Sprint(re.offerV.Offer) != fmt.Sprint(want) || len(want) == 0 {
		t.Fatalf("offer to seat %d of %v, want seat %d's %v", re.offer, re.offerV.Offer, me, want)
	}
	if re.cover {
		t.Fatal("a single human gets the curtain")
	}
	h.Shot("continue-handing-out")
	before := len(typedRecord(t, re.m.Table.Record()).Moves)
	gold0 := re.m.Table.View(me).Gold
	h.Arm()
	h.Key(ebiten.Key1)
	rec := typedRecord(t, re.m.Table.Record())
	if len(rec.Moves) <= before {
		t.Fatal("the choice was not played")
	}
	if mv := rec.Moves[before]; mv.Seat != me || mv.Type != saboteur.Keep || mv.Gold != want[0] {
		t.Fatalf("played %v, want seat %d keeping %d", mv, me, want[0])
	}
	// Cards left that give no choice (one value) are kept without asking.
	if g := re.m.Table.View(me).Gold; g < gold0+want[0] {
		t.Errorf("gold %d after keeping %d (had %d)", g, want[0], gold0)
	}
	for i := 0; i < 600 && !re.done; i++ {
		h.Tick()
	}
	if !re.done {
		t.Fatal("the handing-out did not finish")
	}
	res := re.m.Table.View(me).Results
	if got := res[len(res)-1].Gold[me]; re.mine != got || got < want[0] {
		t.Errorf("the round end says %d gold for me, the round gave me %d, I chose %d", re.mine, got, want[0])
	}
	press(h, ebiten.KeyEnter)
	h.Ticks(scenes.FadeTicks + 2)
	rv, ok := h.A.Cur.(*revealScene)
	if !ok || rv.view.Round != re.ended.Round+1 {
		t.Fatalf("scene %s after the round end, want round %d's role reveal", h.A.Cur.Name(), re.ended.Round+1)
	}
}

// TestHotseatHandingOut: two humans at one screen, continued in the middle
// of the gold handing-out: before each human's offer shows, the curtain
// covers it and names them; the next round's role reveal starts behind the
// curtain too.
func TestHotseatHandingOut(t *testing.T) {
	dir := t.TempDir()
	offered := handingOutSave(t, dir, 5, 2)
	humans := offered[:2]
	h := scenes.ContinueGame(t, dir, testGames)
	re, ok := h.A.Cur.(*roundEndScene)
	if !ok {
		t.Fatalf("scene %s after Continue, want the round end", h.A.Cur.Name())
	}
	t.Cleanup(re.m.Close)
	for k, me := range humans {
		// Up to this human's offer (the computer players choose theirs).
		for i := 0; i < 600 && re.offer != me; i++ {
			h.Tick()
		}
		if re.offer != me {
			t.Fatalf("no offer to seat %d (offer to %d)", me, re.offer)
		}
		if !re.cover {
			t.Fatalf("human %d's offer shows without the curtain", k+1)
		}
		if re.veil.Seat() != me || h.A.Holder() != -1 {
			t.Errorf("the curtain is down for seat %d, the screen handed to %d; want %d and nobody", re.veil.Seat(), h.A.Holder(), me)
		}
		h.Shot(fmt.Sprintf("hotseat-handing-out-%d", k+1))
		press(h, ebiten.KeyEnter)
		if re.cover || re.shown != me {
			t.Fatalf("after Enter the curtain is still up for seat %d", me)
		}
		want := re.m.Table.View(me).Offer
		if fmt.Sprint(re.offerV.Offer) != fmt.Sprint(want) {
			t.Fatalf("seat %d sees the offer %v, theirs is %v", me, re.offerV.Offer, want)
		}
		before := len(typedRecord(t, re.m.Table.Record()).Moves)
		h.Arm()
		h.Key(ebiten.Key1)
		rec := typedRecord(t, re.m.Table.Record())
		if len(rec.Moves) <= before || rec.Moves[before].Seat != me || rec.Moves[before].Gold != want[0] {
			t.Fatalf("seat %d's choice of %d was not played: %v", me, want[0], rec.Moves[before:])
		}
	}
	for i := 0; i < 600 && !re.done; i++ {
		if re.cover {
			press(h, ebiten.KeyEnter) // a human offered a second card
			if re.m.isHuman(re.offer) {
				press(h, ebiten.Key1)
			}
		}
		h.Tick()
	}
	if !re.done {
		t.Fatal("the handing-out did not finish")
	}
	press(h, ebiten.KeyEnter)
	h.Ticks(scenes.FadeTicks + 2)
	rv, ok := h.A.Cur.(*revealScene)
	if !ok {
		t.Fatalf("scene %s after the round end", h.A.Cur.Name())
	}
	if !rv.curtain {
		t.Error("the next round's role reveal shows a role before the curtain")
	}
}

// typedRecord reads a table's record as Saboteur's typed record.
func typedRecord(t testing.TB, r *rules.Record) *saboteur.Record {
	t.Helper()
	if r == nil {
		return nil
	}
	rec, err := saboteur.FromRecord(r)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}
