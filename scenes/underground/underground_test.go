package underground

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
)

// The scene tests run inside Ebitengine's loop (scenes.RunTests).
func TestMain(m *testing.M) { os.Exit(scenes.RunTests(m)) }

// ugHarness starts an Underground game of seats on its board.
func ugHarness(t *testing.T, seats []scenes.SeatSetup, seed uint64) (*scenes.Harness, *ugPlayScene) {
	t.Helper()
	h := scenes.NewHarness(t, ugTestGames)
	h.A.Settings.AnimSpeed = 16
	m, err := newUGMatch(h.A, ugSetup{Seats: seats, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.close)
	s := newUGPlayScene(h.A, m)
	h.A.Cur = s
	return h, s
}

// ugWait ticks until a human has controls on screen (true) or the game
// has gone to the final scoring (false). A hotseat curtain is passed with
// Enter and counted in curtains.
func ugWait(h *scenes.Harness, curtains *int) (*ugPlayScene, bool) {
	for i := 0; i < 40000; i++ {
		if h.A.Fade > 0 {
			h.Tick()
			continue
		}
		switch s := h.A.Cur.(type) {
		case *ugPlayScene:
			if s.cur.Covering() {
				if curtains != nil {
					*curtains++
					if *curtains == 3 {
						h.Shot("ug-curtain")
					}
				}
				h.Lift(&s.cur)
				continue
			}
			if s.me >= 0 && s.mine.Legal != nil && s.busy <= 0 {
				// As a person's click comes: once the controls are armed
				// (scenes.ArmTicks).
				h.Arm()
				if s.me >= 0 && s.mine.Legal != nil && !s.cur.Covering() {
					return s, true
				}
				continue
			}
		case *ugEndScene:
			return nil, false
		default:
			h.T.Fatalf("unexpected scene %T", s)
		}
		h.Tick()
	}
	h.T.Fatal("no human step came")
	return nil, false
}

// ugChoice is the scripted human's next action: a combo to pick, a region
// to act on, or the end of the step (a short, legal, ordinary turn: pick
// the first combo, conquer up to three lit regions, put returned tokens
// back, end every other step; decline when nothing is in reach).
type ugChoice struct {
	pick   int // -1 none
	region int // -1 none
	end    bool
	decl   bool
}

func ugScript(s *ugPlayScene, conquests int) ugChoice {
	c := ugChoice{pick: -1, region: -1}
	mv := &s.moves
	for i, p := range mv.pick {
		if p != nil {
			c.pick = i
			return c
		}
	}
	switch mv.step {
	case "decide":
		sv := s.mine.Seats[s.me]
		if sv.Active != nil && sv.Active.Hand == 0 && mv.decline != nil && s.mine.Turn > 2 {
			c.decl = true
			return c
		}
	case "conquer":
		if md := mv.mode("conquer"); md != nil && md.key == "conquer" && conquests < 3 {
			for _, i := range slices.Sorted(mapsKeys(md.regions)) {
				if md.regions[i].Conquer != "" {
					c.region = i
					return c
				}
			}
		}
	case "defend":
		for _, i := range slices.Sorted(mapsKeys(mv.deploy)) {
			c.region = i
			return c
		}
	}
	if mv.end != nil {
		c.end = true
		return c
	}
	// A step without an end: its first region move.
	if md := mv.mode(""); md != nil {
		c.region = slices.Sorted(mapsKeys(md.regions))[0]
	}
	return c
}

func mapsKeys(m map[int]underground.Move) func(func(int) bool) {
	return func(yield func(int) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// ugPlay plays the scripted humans to the end of the game, by mouse or by
// keys, and returns how many moves they made and the curtains passed.
func ugPlay(h *scenes.Harness, t *testing.T, keys bool) (moves, curtains int) {
	conquests := map[int]int{} // by turn
	for moves = 0; moves < 3000; moves++ {
		s, ok := ugWait(h, &curtains)
		if !ok {
			return moves, curtains
		}
		before := s.m.table.Record()
		c := ugScript(s, conquests[s.mine.Turn*8+s.me])
		if ugAct(h, t, s, c, keys) {
			conquests[s.mine.Turn*8+s.me]++
		}
		h.Tick()
		if after := s.m.table.Record(); len(after.Moves) == len(before.Moves) {
			t.Fatalf("step %s: the action %+v made no move (legal %v; refusal %q)", s.moves.step, c, s.mine.Legal, s.refusal)
		}
	}
	t.Fatal("the game did not end")
	return moves, curtains
}

// ugAct does the scripted human's choice c by mouse or by keys; it
// reports whether it was a conquest.
func ugAct(h *scenes.Harness, t *testing.T, s *ugPlayScene, c ugChoice, keys bool) (conquered bool) {
	t.Helper()
	s.buildButtons(h.A)
	switch {
	case c.pick >= 0 && keys:
		h.Key(ebiten.KeyDigit1 + ebiten.Key(c.pick))
	case c.pick >= 0:
		h.Click(s.l.combos[c.pick])
	case c.decl && keys:
		h.Key(ebiten.KeyD)
	case c.decl:
		h.Click(s.ugButton(h.A, "ug.btn.decline"))
	case c.region >= 0 && keys:
		// Tab to the region among the lit ones, then Enter.
		found := false
		for k := 0; k < 80 && !found; k++ {
			h.Key(ebiten.KeyTab)
			if r, _ := s.board.Hovered(); r == c.region {
				found = true
			}
		}
		if !found {
			t.Fatalf("Tab never reached region %d", c.region)
		}
		h.Key(ebiten.KeyEnter)
		conquered = s.moves.step == "conquer"
	case c.region >= 0:
		x, y, ok := s.board.RegionCenter(c.region)
		if !ok {
			t.Fatalf("region %d has no centre on screen", c.region)
		}
		h.Click(scenes.R(x-1, y-1, 2, 2))
		conquered = s.moves.step == "conquer"
	case c.end && keys:
		h.Key(ebiten.KeySpace)
	case c.end:
		h.Click(s.ugButton(h.A, "ug.btn.end."+s.moves.step))
	default:
		t.Fatalf("step %s: the script has nothing to do (legal %v)", s.moves.step, s.mine.Legal)
	}
	if s.ask != nil {
		// The question before an irreversible move (ask.go): yes, once
		// its buttons are armed.
		h.Arm()
		if keys {
			h.Key(ebiten.KeyEnter)
		} else {
			s.buildButtons(h.A)
			h.Click(s.buttons[0].b.R)
		}
	}
	return conquered
}

// ugButton is the rectangle of the control labelled with key's text.
func (s *ugPlayScene) ugButton(a *scenes.App, key string) scenes.Rect {
	label := a.T(key)
	for _, b := range s.buttons {
		if b.b.Label == label {
			return b.b.R
		}
	}
	return scenes.R(-10, -10, 1, 1)
}

// ugCheckEnd checks the final scoring: the screen's coins, followed through
// the public events alone, are the engine's final coins (U10), and the
// chart has a point for every game turn.
func ugCheckEnd(t *testing.T, h *scenes.Harness, m *ugMatch) {
	t.Helper()
	for i := 0; i < 400; i++ {
		if _, ok := h.A.Cur.(*ugEndScene); ok && h.A.Fade == 0 {
			break
		}
		h.Tick()
	}
	end, ok := h.A.Cur.(*ugEndScene)
	if !ok {
		t.Fatalf("scene %s, want the final scoring", h.A.Cur.Name())
	}
	if m.st.over == nil {
		t.Fatal("no end event reached the screen")
	}
	if !slices.Equal(m.st.coins, m.st.over.Finals) {
		t.Fatalf("the screen's coins %v, the engine's finals %v", m.st.coins, m.st.over.Finals)
	}
	if v := m.st.view; len(m.st.byTurn) != v.Turns {
		t.Fatalf("%d chart points for %d game turns", len(m.st.byTurn), v.Turns)
	}
	h.Shot("ug-end")
	_ = end
}

// TestUGWholeGameByMouse: a human plays a whole two-player game against a
// computer player with the mouse alone (combos clicked in the market,
// regions clicked on the map, the step's end button) to the final scoring.
func TestUGWholeGameByMouse(t *testing.T) {
	h, s := ugHarness(t, []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Name: "Bot 2", Level: "easy"}}, 5)
	moves, curtains := ugPlay(h, t, false)
	if moves < 20 || curtains != 0 {
		t.Fatalf("%d moves by mouse, %d curtains (want a game's worth, and no curtain for one human)", moves, curtains)
	}
	ugCheckEnd(t, h, s.m)
}

// TestUGWholeGameByKeys: the same by keys alone (1-6, Tab and Enter, D,
// Space).
func TestUGWholeGameByKeys(t *testing.T) {
	h, s := ugHarness(t, []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Name: "Bot 2", Level: "normal"}}, 9)
	moves, _ := ugPlay(h, t, true)
	if moves < 20 {
		t.Fatalf("%d moves by keys", moves)
	}
	ugCheckEnd(t, h, s.m)
}

// TestUGHotseatTwoHumans: two humans share the screen to the end; the
// curtain comes before each one's step, and the other's coins never show
// (Hidden information) while one plays.
func TestUGHotseatTwoHumans(t *testing.T) {
	h, s := ugHarness(t, []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Human: true, Name: "Ben"}}, 3)
	moves, curtains := ugPlay(h, t, false)
	if curtains < 18 {
		t.Fatalf("%d curtains in %d moves: want one before each player's turn at least (2 x 10 game turns)", curtains, moves)
	}
	ugCheckEnd(t, h, s.m)
}

// TestUGContinueRestoresTable: a game left after a few moves comes back by
// the menu's Continue at the same position, with the same seats (kinds and
// levels), and the human's controls on screen.
func TestUGContinueRestoresTable(t *testing.T) {
	dir := t.TempDir()
	h := scenes.NewHarnessIn(t, dir, ugTestGames)
	seats := []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Name: "Bot 2", Level: "hard"}, {Name: "Bot 3", Level: "easy"}}
	m, err := newUGMatch(h.A, ugSetup{Seats: seats, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	h.A.Cur = newUGPlayScene(h.A, m)
	for k := 0; k < 6; k++ {
		s, ok := ugWait(h, nil)
		if !ok {
			t.Fatal("the game ended early")
		}
		c := ugScript(s, 0)
		var mv underground.Move
		switch {
		case c.pick >= 0:
			mv = *s.moves.pick[c.pick]
		case c.region >= 0 && s.moves.step == "conquer":
			mv = s.moves.mode("conquer").regions[c.region]
		case c.end:
			mv = *s.moves.end
		default:
			t.Fatalf("step %s", s.moves.step)
		}
		n := len(m.table.Record().Moves)
		s.play(h.A, mv)
		if len(m.table.Record().Moves) < n+1 { // the computer players may have moved after it
			t.Fatalf("step %s: %s was not played (%s)", s.moves.step, mv, s.refusal)
		}
	}
	ugWait(h, nil) // the computer players have moved up to Ann's step
	want := m.table.Record()
	wantView, _ := json.Marshal(m.table.View(0))
	m.close()

	h2 := scenes.NewHarnessIn(t, dir, ugTestGames)
	h2.Ticks(2)
	menu := h2.A.Cur.(*scenes.MenuScene)
	menu.Layout(h2.A)
	if !menu.Buttons[scenes.MenuContinue].Enabled {
		t.Fatal("Continue is off with an Underground autosave")
	}
	h2.Click(menu.Buttons[scenes.MenuContinue].R)
	h2.Ticks(scenes.FadeTicks + 2)
	s, ok := h2.A.Cur.(*ugPlayScene)
	if !ok {
		t.Fatalf("after Continue: scene %s, want Underground's board (%s)", h2.A.Cur.Name(), menu.Message)
	}
	t.Cleanup(s.m.close)
	got := s.m.table.Record()
	if len(got.Moves) != len(want.Moves) || got.Seed != want.Seed {
		t.Fatalf("continued with %d moves and seed %d, want %d and %d", len(got.Moves), got.Seed, len(want.Moves), want.Seed)
	}
	for i, rs := range got.Seats {
		if rs != want.Seats[i] {
			t.Fatalf("seat %d continued as %+v, want %+v", i, rs, want.Seats[i])
		}
	}
	if gotView, _ := json.Marshal(s.m.table.View(0)); string(gotView) != string(wantView) {
		t.Fatalf("continued view differs:\n got %s\nwant %s", gotView, wantView)
	}
	if s2, ok := ugWait(h2, nil); !ok || s2.me != 0 {
		t.Fatal("Ann has no controls after Continue")
	}
	if s.m.st.log.Len() == 0 {
		t.Fatal("the log is empty after Continue: the history should be in it")
	}
}

// TestUGSortMovesOffersOnlyLegal: every control the screen offers is one
// of the step's legal moves, and every legal move has a control (or a
// region in a mode), over the steps of a whole computer game.
func TestUGSortMovesOffersOnlyLegal(t *testing.T) {
	g := ugGame
	m, err := g.New(3, nil, 21)
	if err != nil {
		t.Fatal(err)
	}
	mp, err := maps.Builtin(m.View(-1).(underground.View).Map)
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	for k := 0; k < 20000 && !m.Over(); k++ {
		seat := m.ToMove()[0]
		v := m.View(seat).(underground.View)
		mv := ugSortMoves(&v, mp)
		offered := map[string]bool{}
		add := func(x underground.Move) { offered[x.String()] = true }
		for _, p := range []*underground.Move{mv.end, mv.decline, mv.vanish} {
			if p != nil {
				add(*p)
			}
		}
		for i := range mv.pick {
			if mv.pick[i] != nil {
				add(*mv.pick[i])
			}
			if mv.swap[i] != nil {
				add(*mv.swap[i])
			}
		}
		for _, md := range mv.modes {
			for _, x := range md.regions {
				add(x)
			}
		}
		for _, set := range []map[int]underground.Move{mv.deploy, mv.lift, mv.armor} {
			for _, x := range set {
				add(x)
			}
		}
		for _, x := range mv.reborn2 {
			add(x)
		}
		legal := map[string]bool{}
		for _, x := range v.Legal {
			legal[x.String()] = true
		}
		for o := range offered {
			if !legal[o] {
				t.Fatalf("step %s: %s offered but not legal", v.Step, o)
			}
		}
		for l := range legal {
			if !offered[l] {
				t.Fatalf("step %s: legal %s has no control", v.Step, l)
			}
		}
		// Play on: the first legal move, else a conquest now and then.
		next := v.Legal[0]
		if len(v.Legal) > 1 && k%3 == 0 {
			next = v.Legal[1+k%(len(v.Legal)-1)]
		}
		if _, err := m.Apply(seat, next); err != nil {
			t.Fatalf("step %s: %v", v.Step, err)
		}
		steps++
	}
	if !m.Over() {
		t.Fatalf("no end after %d steps", steps)
	}
}

// TestUGBoardInThreeLanguages: in English, Russian and Persian (right to
// left) the human's first steps show controls that lie on the screen and
// clear of the map, and the market's combos are on the reader's end side.
// With SCENE_SHOTS set it saves ug-<lang>-<step>.png to look at.
func TestUGBoardInThreeLanguages(t *testing.T) {
	for _, lang := range []string{"en", "ru", "fa"} {
		t.Run(lang, func(t *testing.T) {
			h := scenes.NewHarness(t, ugTestGames)
			if err := h.A.SetLang(i18n.Lang(lang)); err != nil {
				t.Fatal(err)
			}
			h.A.Settings.AnimSpeed = 16
			m, err := newUGMatch(h.A, ugSetup{Seats: []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Name: "Bot 2", Level: "easy"}, {Name: "Bot 3", Level: "normal"}}, Seed: 4})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(m.close)
			h.A.Cur = newUGPlayScene(h.A, m)
			steps := map[string]bool{}
			for k := 0; k < 12; k++ {
				s, ok := ugWait(h, nil)
				if !ok {
					t.Fatal("the game ended")
				}
				s.buildButtons(h.A)
				W, H := float64(h.A.W), float64(h.A.H)
				for _, b := range s.buttons {
					if b.b.R.X < 0 || b.b.R.X+b.b.R.W > W || b.b.R.Y+b.b.R.H > H || scenes.Overlaps(b.b.R, s.l.board) {
						t.Errorf("step %s: button %q at %+v off the screen or on the map", s.moves.step, b.b.Label, b.b.R)
					}
				}
				if rtl := s.l.market.X < s.l.board.X; rtl != h.A.RTL() {
					t.Errorf("the market is on the wrong side for %s", lang)
				}
				if !steps[s.moves.step] {
					steps[s.moves.step] = true
					h.Shot("ug-" + lang + "-" + s.moves.step)
				}
				c := ugScript(s, 0)
				mv := underground.Move{End: true}
				switch {
				case c.pick >= 0:
					mv = *s.moves.pick[c.pick]
				case c.region >= 0 && s.moves.step == "conquer":
					mv = s.moves.mode("conquer").regions[c.region]
				case c.end:
					mv = *s.moves.end
				case c.region >= 0:
					if d, ok := s.moves.deploy[c.region]; ok {
						mv = d
					} else {
						mv = s.moves.mode("").regions[c.region]
					}
				}
				n := len(m.table.Record().Moves)
				s.play(h.A, mv)
				// At least this move: the computer players may have moved
				// after it already.
				if len(m.table.Record().Moves) < n+1 {
					t.Fatalf("step %s: %s was not played (%s)", s.moves.step, mv, s.refusal)
				}
			}
		})
	}
}

// ugTestGames are the games Underground's tests give the app.
var ugTestGames = []scenes.Game{Screens}

// TestCorruptSaveSaysWhy: an Underground autosave that cannot be read
// keeps Continue greyed, and the menu says why instead of greying it
// silently; a missing save says nothing.
func TestCorruptSaveSaysWhy(t *testing.T) {
	dir := t.TempDir()
	h := scenes.NewHarnessIn(t, dir, ugTestGames)
	if err := os.WriteFile(ugAutosavePath(h.A), []byte(`{"format": 2, "game": "underground", "moves": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	want := h.A.T("scene.menu.continue_failed", "error", "")
	for _, c := range []struct {
		name    string
		corrupt bool
	}{{"corrupt", true}, {"missing", false}} {
		if !c.corrupt {
			os.Remove(ugAutosavePath(h.A))
		}
		h2 := scenes.NewHarnessIn(t, dir, ugTestGames)
		h2.A.GameID = ugGameID
		menu := scenes.NewMenuScene(h2.A)
		h2.A.Cur = menu
		h2.Ticks(2)
		h2.ScreenBig()
		h2.Shot("menu-save-" + c.name)
		said := false
		for _, d := range scenes.DrawnLines(h2) {
			said = said || strings.HasPrefix(d.S, strings.TrimSpace(want))
		}
		if menu.Buttons[scenes.MenuContinue].Enabled || said != c.corrupt {
			t.Errorf("%s save: Continue enabled %v, the menu says why %v", c.name, menu.Buttons[scenes.MenuContinue].Enabled, said)
		}
	}
}
