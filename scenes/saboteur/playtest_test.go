package saboteur

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/scenes"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules/saboteur"
)

// TestDiscardKeyWithoutCardSaysWhatToDo: D with no card picked plays
// nothing and says how to pick the card to discard (issue 17, item 9).
func TestDiscardKeyWithoutCardSaysWhatToDo(t *testing.T) {
	h, b := startBoard(t, oneHuman(3), 5)
	if b.sel >= 0 {
		t.Fatalf("card %d picked at the start", b.sel)
	}
	h.Key(ebiten.KeyD)
	if n := len(b.m.Table.Record().Moves); n != 0 {
		t.Fatalf("%d moves after D with no card picked, want none", n)
	}
	if want := h.A.T("scene.board.discard_pick"); b.reason != want || b.reasonT == 0 {
		t.Fatalf("D with no card says %q (shown %v), want %q", b.reason, b.reasonT > 0, want)
	}
	// Shown on the screen, not only kept.
	found := false
	for _, d := range scenes.DrawnLines(h) {
		if d.S == b.reason {
			found = true
		}
	}
	if !found {
		t.Error("the answer to D is not drawn")
	}
}

// toNewGame goes from the menu to New game by the N key.
func toNewGame(t *testing.T, h *scenes.Harness) *newGameScene {
	t.Helper()
	h.Ticks(2)
	h.Key(ebiten.KeyN)
	h.Ticks(scenes.FadeTicks + 2)
	ng, ok := h.A.Cur.(*newGameScene)
	if !ok {
		t.Fatalf("scene %s after N in the menu", h.A.Cur.Name())
	}
	return ng
}

// TestNewGameEnterLeavesField: Enter in a name field leaves the field and
// starts nothing; Enter with no field active starts the game; a new game
// over an unfinished saved one asks first, Esc keeps the saved game and
// the button starts the new one (issue 17, item 6).
func TestNewGameEnterLeavesField(t *testing.T) {
	h := scenes.NewHarness(t, testGames)
	ng := toNewGame(t, h)
	h.Click(ng.Rows[0].Name)
	if ng.Focus != 0 {
		t.Fatalf("a click on the name field focuses %d", ng.Focus)
	}
	h.In.Chars = []rune("Zed")
	h.Tick()
	h.Key(ebiten.KeyEnter)
	h.Ticks(scenes.FadeTicks + 2)
	if h.A.Cur != scenes.Scene(ng) || ng.Focus != -1 {
		t.Fatalf("Enter in the name field: scene %s, focus %d; want New game with no field active", h.A.Cur.Name(), ng.Focus)
	}
	if got := ng.Seats[0].Name; got[len(got)-3:] != "Zed" {
		t.Fatalf("name %q after typing Zed", got)
	}
	h.Key(ebiten.KeyEnter)
	h.Ticks(scenes.FadeTicks + 2)
	if h.A.Cur.Name() != "reveal" {
		t.Fatalf("Enter with no field active: scene %s, want the game", h.A.Cur.Name())
	}
	first := h.A.Cur.(*revealScene).m.setup.Seed
	// Into the game and one move (a discard), then to the menu, the game
	// unfinished.
	h.Ticks(40)
	press(h, ebiten.KeyEnter)
	h.Ticks(scenes.FadeTicks + 2)
	b, ok := h.A.Cur.(*boardScene)
	for i := 0; ok && !b.armed(h.A) && i < 2000; i++ {
		h.Tick()
	}
	if !ok || !b.armed(h.A) {
		t.Fatalf("scene %s: the human never gets a turn", h.A.Cur.Name())
	}
	h.Arm()
	h.Key(ebiten.KeyTab)
	h.Key(ebiten.KeyD)
	h.Ticks(10)
	leaveByMenu(t, h)
	if ok, err := canContinue(h.A); !ok {
		t.Fatal("no unfinished game saved", err)
	}
	ng = toNewGame(t, h)
	h.Key(ebiten.KeyEnter)
	if !ng.ask.on || h.A.Cur != scenes.Scene(ng) {
		t.Fatalf("a new game over an unfinished one did not ask (scene %s)", h.A.Cur.Name())
	}
	found := false
	for _, d := range scenes.DrawnLines(h) {
		found = found || d.S == h.A.T("scene.newgame.replace_title")
	}
	if !found {
		t.Error("the question is not drawn")
	}
	h.Key(ebiten.KeyEscape)
	h.Ticks(scenes.FadeTicks + 2)
	if kept, _ := canContinue(h.A); ng.ask.on || h.A.Cur != scenes.Scene(ng) || !kept {
		t.Fatalf("Esc: asking %v, scene %s, saved game kept %v", ng.ask.on, h.A.Cur.Name(), kept)
	}
	h.Key(ebiten.KeyEnter)
	h.Click(ng.ask.yes.R)
	h.Ticks(scenes.FadeTicks + 2)
	rs, ok := h.A.Cur.(*revealScene)
	if !ok || rs.m.setup.Seed == first {
		t.Fatalf("after the answer: scene %s, want a new game", h.A.Cur.Name())
	}
	t.Cleanup(rs.m.Close)
}

// leaveByMenu leaves the board for the main menu as a keyboard player
// does: Esc opens the in-game menu, the arrows go down to "Back to the
// menu" (Undo greyed: every move so far drew a card, R4.2), Enter.
func leaveByMenu(t *testing.T, h *scenes.Harness) {
	t.Helper()
	h.Key(ebiten.KeyEscape)
	if h.A.Cur.Name() != "table-menu" {
		t.Fatalf("Esc on the board: scene %s, want the in-game menu", h.A.Cur.Name())
	}
	for range 4 {
		h.Key(ebiten.KeyArrowDown)
	}
	press(h, ebiten.KeyEnter)
	h.Ticks(scenes.FadeTicks + 2)
	if _, ok := h.A.Cur.(*scenes.MenuScene); !ok {
		t.Fatalf("Back to the menu: scene %s", h.A.Cur.Name())
	}
}

// logStrings is the log's entries as the screen writes them.
func logStrings(a *scenes.App, m *match) []string {
	var out []string
	for _, l := range m.log {
		out = append(out, logText(a, m, l))
	}
	return out
}

// startBoardIn is startBoard in language lang.
func startBoardIn(t *testing.T, lang string, seats []scenes.SeatSetup, seed uint64) (*scenes.Harness, *boardScene) {
	t.Helper()
	h := scenes.NewHarness(t, testGames)
	if err := h.A.SetLang(i18n.Lang(lang)); err != nil {
		t.Fatal(err)
	}
	m, err := NewMatch(h.A, Setup{Seats: seats, Youngest: 0, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	h.A.Cur = startScene(h.A, m)
	for i := 0; i < 3000; i++ {
		if b, ok := h.A.Cur.(*boardScene); ok && b.armed(h.A) {
			h.Arm()
			return h, b
		}
		if !passByKeys(h) {
			h.Tick()
		}
	}
	t.Fatalf("the human is not on turn (scene %s)", h.A.Cur.Name())
	return nil, nil
}

// TestLogNamesTheViewerYou: the viewer's own seat reads "you"/"your" in
// every language, one message per case, never "You's" nor an English
// "You" inside Russian or Persian; a default name saved in English ("You")
// reads in the app's language (issue 17, item 5).
func TestLogNamesTheViewerYou(t *testing.T) {
	for _, lang := range []string{"en", "ru", "fa"} {
		t.Run(lang, func(t *testing.T) {
			h := scenes.NewHarness(t, testGames)
			if err := h.A.SetLang(i18n.Lang(lang)); err != nil {
				t.Fatal(err)
			}
			a := h.A
			m := &match{names: []string{"You", "Bot 1", "Bot 2"}, humans: []int{0}}
			m.localize(a)
			you, bot1 := a.T("scene.newgame.you"), a.T("scene.bot.name", "n", 1)
			if m.names[0] != you || m.names[1] != bot1 {
				t.Fatalf("names %q, want %q and %q", m.names, you, bot1)
			}
			pick := saboteur.Pickaxe
			tool := toolName(a, pick)
			cases := []struct {
				e    saboteur.Event
				want string
			}{
				{saboteur.Event{Type: saboteur.ToolBroken, Seat: 1, Target: 0, Tool: pick}, a.T("scene.log.broke.to_me", "name", bot1, "tool", tool)},
				{saboteur.Event{Type: saboteur.ToolBroken, Seat: 0, Target: 1, Tool: pick}, a.T("scene.log.broke.me", "target", bot1, "tool", tool)},
				{saboteur.Event{Type: saboteur.ToolRepaired, Seat: 0, Target: 0, Tool: pick}, a.T("scene.log.repaired.self_me", "tool", tool)},
				{saboteur.Event{Type: saboteur.ToolRepaired, Seat: 1, Target: 1, Tool: pick}, a.T("scene.log.repaired.self", "name", bot1, "tool", tool)},
				{saboteur.Event{Type: saboteur.ToolBroken, Seat: 1, Target: 2, Tool: pick}, a.T("scene.log.broke", "name", bot1, "target", a.T("scene.bot.name", "n", 2), "tool", tool)},
				{saboteur.Event{Type: saboteur.Discarded, Seat: 0}, a.T("scene.log.discarded.me")},
				{saboteur.Event{Type: saboteur.MapPlayed, Seat: 0, Goal: 1}, a.T("scene.log.map.me", "goal", goalName(a, 1))},
			}
			for _, c := range cases {
				got := logText(a, m, logEntry{ev: c.e})
				if got != c.want {
					t.Errorf("%v %d->%d: %q, want %q", c.e.Type, c.e.Seat, c.e.Target, got, c.want)
				}
				// The viewer's name pasted in as a placeholder's value
				// ("You's pickaxe"), an English "You" in another
				// language, or a placeholder left unfilled.
				if strings.Contains(got, "You's") || lang != "en" && strings.Contains(got, "You") ||
					strings.Contains(got, "\u2068"+you+"\u2069") || strings.Contains(got, "{") {
					t.Errorf("%v %d->%d: %q names the viewer (or leaves a placeholder)", c.e.Type, c.e.Seat, c.e.Target, got)
				}
			}
		})
	}
}

// TestBoardSpeaksRussianToYou: a table whose human kept the English default
// name "You" plays in Russian: the panel reads "Вы" (not "You (вы)") and
// the human's own move reads "Вы кладёте …" in the log.
func TestBoardSpeaksRussianToYou(t *testing.T) {
	seats := oneHuman(4)
	seats[0].Name = "You"
	for seed := uint64(1); seed < 30; seed++ {
		h, b := startBoardIn(t, "ru", seats, seed)
		i, p, ok := pathCard(b)
		if !ok {
			continue
		}
		if got := b.texts.names[0]; got != "Вы" {
			t.Fatalf("the human's panel reads %q, want Вы", got)
		}
		card := b.hand[i].r
		cell := b.cellRect(h.A, p.At)
		h.Drag(card.Cx(), card.Cy(), cell.Cx(), cell.Cy())
		h.Ticks(30)
		lines := logStrings(h.A, b.m)
		want := h.A.T("scene.log.placed.me", "card", cardName(h.A, p.Card))
		if !slices.Contains(lines, want) || !strings.HasPrefix(want, "Вы ") {
			t.Fatalf("log %q, want the line %q", lines, want)
		}
		for _, l := range lines {
			if strings.Contains(l, "You") {
				t.Errorf("log line %q", l)
			}
		}
		return
	}
	t.Fatal("no seed deals a playable path card")
}

// TestLogHoldsWholeGameAfterContinue: a game continued at a round's gold
// handing-out shows, on the next round's board, the whole game in the log:
// the rounds before rebuilt from the record (every card laid), their ends,
// and the rounds apart; the wheel over the log scrolls back to round 1
// (issue 17, item 3).
func TestLogHoldsWholeGameAfterContinue(t *testing.T) {
	dir := t.TempDir()
	handingOutSave(t, dir, 5, 1)
	h := scenes.ContinueGame(t, dir, testGames)
	re, ok := h.A.Cur.(*roundEndScene)
	if !ok {
		t.Fatalf("scene %s after Continue", h.A.Cur.Name())
	}
	t.Cleanup(re.m.Close)
	m := re.m
	round := re.ended.Round // the round whose gold is being handed out
	// Every card laid so far, as the record has it.
	rec, err := saboteur.FromRecord(m.Table.Record())
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := saboteur.New(rec.Options, rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	placed := 0
	for _, mv := range rec.Moves {
		evs, err := g.Apply(mv)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if e.Type == saboteur.Placed {
				placed++
			}
		}
	}
	for i := 0; i < 4000; i++ {
		if b, ok := h.A.Cur.(*boardScene); ok && b.dealing == 0 && b.dealt {
			break
		}
		if !passByKeys(h) {
			h.Tick()
		}
	}
	b, ok := h.A.Cur.(*boardScene)
	if !ok || b.view.Round != round+1 {
		t.Fatalf("scene %s, want round %d's board", h.A.Cur.Name(), round+1)
	}
	count := map[saboteur.EventType]int{}
	var rounds []int
	for _, l := range m.log {
		count[l.ev.Type]++
		if l.ev.Type == saboteur.RoundStarted {
			rounds = append(rounds, l.ev.Round)
		}
	}
	var want []int
	for r := 1; r <= round+1; r++ {
		want = append(want, r)
	}
	if !slices.Equal(rounds, want) || count[saboteur.RoundEnded] != round {
		t.Fatalf("log separators for rounds %v, %d round ends; want rounds %v and %d ends", rounds, count[saboteur.RoundEnded], want, round)
	}
	if count[saboteur.Placed] < placed || placed == 0 {
		t.Fatalf("the log has %d cards laid, the record before this round %d", count[saboteur.Placed], placed)
	}
	sep2 := "— " + h.A.T("round.number", "n", round+1, "total", saboteur.Rounds) + " —"
	sep1 := "— " + h.A.T("round.number", "n", 1, "total", saboteur.Rounds) + " —"
	drawn := func() map[string]bool {
		out := map[string]bool{}
		for _, d := range scenes.DrawnLines(h) {
			out[d.S] = true
		}
		return out
	}
	if !drawn()[sep2] {
		t.Errorf("round 2's separator %q is not drawn", sep2)
	}
	// Scroll back with the wheel over the log until round 1 begins.
	h.In.X, h.In.Y = int(b.L.log.Cx()), int(b.L.log.Cy())
	for i := 0; i < 200 && !drawn()[sep1]; i++ {
		h.In.Scroll = 1
		h.Tick()
	}
	if !drawn()[sep1] {
		t.Errorf("scrolled back, round 1's separator %q never shows", sep1)
	}
}

// TestLastPlayMarkedAndLogFlashesCell: the human's card laid glows on the
// maze in the seat's colour with its mark; its log line carries the card's
// picture and the cell, and a click on the line makes the cell blink
// (issue 17, item 4).
func TestLastPlayMarkedAndLogFlashesCell(t *testing.T) {
	h, b, i, p := boardWithPath(t, 4)
	card := b.hand[i].r
	cell := b.cellRect(h.A, p.At)
	h.Drag(card.Cx(), card.Cy(), cell.Cx(), cell.Cy())
	h.Ticks(40)
	lp := b.plays[0]
	if !lp.on || lp.cell != p.At || lp.rock {
		t.Fatalf("seat 0's last play %+v, want the card laid at %v", lp, p.At)
	}
	marked := false
	for _, d := range scenes.DrawnLines(h) {
		marked = marked || d.S == b.initial(0)
	}
	if !marked {
		t.Errorf("the seat's mark %q is not drawn on the maze", b.initial(0))
	}
	entry := -1
	for k, l := range b.m.log {
		if l.ev.Type == saboteur.Placed && l.ev.Seat == 0 {
			entry = k
		}
	}
	if entry < 0 {
		t.Fatal("the play is not in the log")
	}
	if c, ok := logCard(b.m.log[entry].ev); !ok || c != p.Card {
		t.Errorf("the log line's picture is %v, want %v", c, p.Card)
	}
	at := h.A.T("scene.log.at", "text", logText(h.A, b.m, b.m.log[entry]), "cell", h.A.Num(p.At.X)+","+h.A.Num(p.At.Y))
	if b.log.Len() <= entry || b.log.Line(entry).Text != at {
		t.Fatalf("the log's line %d is not %q", entry, at)
	}
	scenes.DrawnLines(h)
	clicked := false
	for _, row := range b.log.Shown() {
		if row.Line == entry {
			h.Click(row.R)
			clicked = true
			break
		}
	}
	if !clicked {
		t.Fatalf("the line %q is not shown", at)
	}
	if b.log.Flashing() != entry {
		t.Errorf("a click on the line flashes line %d, want %d", b.log.Flashing(), entry)
	}
	if b.flashT == 0 || b.flash != p.At {
		t.Fatalf("a click on the line flashes %v (%d ticks), want %v", b.flash, b.flashT, p.At)
	}
}

// TestRockfallShowsWhatItRemoved: a computer player's rockfall leaves a
// mark of what it removed where the card lay (issue 17, item 4).
func TestRockfallShowsWhatItRemoved(t *testing.T) {
	h := scenes.NewHarness(t, testGames)
	h.A.Cfg.Autoplay, h.A.Cfg.Players, h.A.Cfg.Seed = true, 6, 3
	m, err := newAutoplayMatch(h.A)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	h.A.Cur = startScene(h.A, m)
	for tick := 0; tick < 40000; tick++ {
		h.Tick()
		b, ok := h.A.Cur.(*boardScene)
		if !ok || len(m.log) == 0 {
			continue
		}
		e := m.log[len(m.log)-1].ev
		if e.Type != saboteur.RockFell {
			continue
		}
		lp := b.plays[e.Seat]
		if !lp.on || !lp.rock || lp.cell != e.At || lp.removed != e.Card {
			t.Fatalf("after %v's rockfall at %v of %v: last play %+v", e.Seat, e.At, e.Card, lp)
		}
		if c, ok := logCard(e); !ok || c != e.Card {
			t.Errorf("the rockfall's log picture %v, want the card removed %v", c, e.Card)
		}
		return
	}
	t.Fatal("no rockfall in this game (seed 3 had one)")
}

// seedWithCard finds a seed whose deal gives seat 0 (first to play at a
// table of n) a card of kind k.
func seedWithCard(t *testing.T, n int, k saboteur.Kind) uint64 {
	t.Helper()
	for seed := uint64(1); seed < 500; seed++ {
		g, _, err := saboteur.New(saboteur.Options{Players: n, FirstPlayer: 0}, seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range g.View(0).Hand {
			if c.Kind == k {
				return seed
			}
		}
	}
	t.Fatalf("no seed deals seat 0 a %v", k)
	return 0
}

// TestMapPeekBesideTheMaze: a map dropped on a goal turns that goal over
// in the side panel, hiding nothing of the maze, while the computer
// players go on (one person at the screen); it stays until its viewer
// turns it back with a click on it (Esc is not needed, and stays the way
// to the menu), and the goal keeps the viewer's mark (issue 17, item 2;
// issue 26, item 1).
func TestMapPeekBesideTheMaze(t *testing.T) {
	seed := seedWithCard(t, 4, saboteur.Map)
	h, b := startBoard(t, oneHuman(4), seed)
	idx := -1
	for i, hs := range b.hand {
		if hs.card.Kind == saboteur.Map {
			idx = i
		}
	}
	card, goal := b.hand[idx].r, b.cellRect(h.A, saboteur.GoalCells[2])
	h.Drag(card.Cx(), card.Cy(), goal.Cx(), goal.Cy())
	for i := 0; i < 100 && !b.peek.on; i++ {
		h.Tick()
	}
	if !b.peek.on {
		t.Fatalf("no peek after the map (reason %q)", b.reason)
	}
	shownPeek := func() bool {
		for _, d := range scenes.DrawnLines(h) {
			if d.S == h.A.T("scene.board.peek_close") {
				return true
			}
		}
		return false
	}
	for i := 0; i < 120 && !shownPeek(); i++ {
		h.Tick()
	}
	if !shownPeek() || b.peekTurned(h.A) < 1 {
		t.Fatal("the peek is not drawn face up")
	}
	pr := b.peekRect(h.A)
	if scenes.Overlaps(pr, b.L.maze) || scenes.Overlaps(pr, b.L.handArea) {
		t.Fatalf("the peek %v lies over the maze %v or the hand", pr, b.L.maze)
	}
	h.Shot("board-peek-side")
	shown := b.view.Moves
	h.Ticks(900) // fifteen seconds at 60 ticks a second
	if !b.peek.on {
		t.Fatal("the peek went by itself")
	}
	if b.view.Moves == shown {
		t.Error("the screen stopped showing the computer players' moves while the peek showed")
	}
	h.Click(pr)
	if b.peek.on || h.A.Cur != scenes.Scene(b) {
		t.Fatalf("a click on the peek: shown %v, scene %s", b.peek.on, h.A.Cur.Name())
	}
	h.Tick()
	label := b.peekLabel(h.A, b.mine.Peeked[2])
	marked := false
	for _, d := range scenes.DrawnLines(h) {
		marked = marked || d.S == label
	}
	if b.mine.Peeked[2] == saboteur.NoGoal || !marked {
		t.Errorf("after the peek the goal keeps no mark %q (peeked %v)", label, b.mine.Peeked)
	}
}

// TestRoundEndNeverUnseen: when the last move of a round lands the board
// stays on the whole maze with who won, until the player clicks (issue
// 17, item 2).
func TestRoundEndNeverUnseen(t *testing.T) {
	h := scenes.NewHarness(t, testGames)
	seats := []scenes.SeatSetup{{Name: "A", Level: "random"}, {Name: "B", Level: "random"}, {Name: "C", Level: "random"}}
	m, err := NewMatch(h.A, Setup{Seats: seats, Youngest: 0, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	h.A.Cur = startScene(h.A, m)
	var b *boardScene
	for i := 0; i < 20000; i++ {
		if bs, ok := h.A.Cur.(*boardScene); ok && bs.ended != nil && bs.endShown {
			b = bs
			break
		}
		if _, ok := h.A.Cur.(*roundEndScene); ok {
			t.Fatal("the round end came without the player seeing the maze")
		}
		if !passByKeys(h) || h.A.Cur.Name() == "board" {
			h.Tick()
		}
	}
	if b == nil {
		t.Fatalf("the round never ended on the board (scene %s)", h.A.Cur.Name())
	}
	h.Ticks(300)
	if h.A.Cur != scenes.Scene(b) {
		t.Fatalf("scene %s without a click, want the board with the round over", h.A.Cur.Name())
	}
	if !b.mazeInView(h.A) {
		t.Error("the round-over board does not show the whole maze")
	}
	title := map[saboteur.Team]string{saboteur.NoTeam: h.A.T("team.win.nobody"), saboteur.Diggers: h.A.T("team.win.gold_diggers"),
		saboteur.Saboteurs: h.A.T("team.win.saboteurs")}[b.ended.Winner]
	found := false
	for _, d := range scenes.DrawnLines(h) {
		found = found || d.S == title
	}
	if !found {
		t.Errorf("the banner %q is not drawn", title)
	}
	h.Shot("board-round-over")
	h.Click(b.endButton(h.A).R)
	h.Ticks(scenes.FadeTicks + 2)
	if _, ok := h.A.Cur.(*roundEndScene); !ok {
		t.Fatalf("scene %s after the click, want the round end", h.A.Cur.Name())
	}
}

// TestRoundEndGoldInHandingOutOrder: the round end lists the gold in the
// order of R8.1: who drew how many, each keeping one of how many and
// passing how many on, the last one kept (issue 17, item 7).
func TestRoundEndGoldInHandingOutOrder(t *testing.T) {
	dir := t.TempDir()
	handingOutSave(t, dir, 5, 1)
	h := scenes.ContinueGame(t, dir, testGames)
	re, ok := h.A.Cur.(*roundEndScene)
	if !ok {
		t.Fatalf("scene %s after Continue", h.A.Cur.Name())
	}
	t.Cleanup(re.m.Close)
	for i := 0; i < 600 && !re.done; i++ {
		if !passByKeys(h) {
			h.Tick()
		}
	}
	if !re.done || re.ended.Winner != saboteur.Diggers {
		t.Fatalf("handing-out done %v, winner %v", re.done, re.ended.Winner)
	}
	// The order as the rules handed the gold out.
	rec, err := saboteur.FromRecord(re.m.Table.Record())
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := saboteur.New(rec.Options, rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	var kept []int
	for _, mv := range rec.Moves {
		evs, err := g.Apply(mv)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if e.Type == saboteur.GoldKept && e.Round == re.ended.Round {
				kept = append(kept, e.Seat)
			}
		}
	}
	a, m := h.A, re.m
	n := len(kept)
	say := func(key string, seat int, args ...any) string {
		if seat == m.viewer() {
			return a.T(key+".me", args...)
		}
		return a.T(key, append(args, "name", m.name(seat))...)
	}
	want := []string{a.T("scene.roundend.order_diggers")}
	for i, seat := range kept {
		left := n - i
		line := say("scene.roundend.passed", seat, "cards_of", a.N("scene.roundend.cards_of", left), "rest", a.N("scene.roundend.cards", left-1))
		switch {
		case left == 1:
			line = say("scene.roundend.last", seat)
		case i == 0:
			line = say("scene.roundend.draws", seat, "cards", a.N("scene.roundend.cards", left), "rest", a.N("scene.roundend.cards", left-1))
		}
		want = append(want, a.Num(i+1)+". "+line)
	}
	if !slices.Equal(re.lines, want) {
		t.Fatalf("round end lines\n%q\nwant\n%q", re.lines, want)
	}
	drawn := map[string]bool{}
	for _, d := range scenes.DrawnLines(h) {
		drawn[d.S] = true
	}
	for _, l := range want {
		if !drawn[l] {
			t.Errorf("%q is not drawn whole", l)
		}
	}
}

// TestDragSnapsToNearestLitCell: a path card dragged to beside a lit cell
// (not on it) lies in that cell while it is held there, and dropping it
// plays it there (issue 17, item 8).
func TestDragSnapsToNearestLitCell(t *testing.T) {
	h, b, i, p := boardWithPath(t, 4)
	// Aim 1.3 cells beyond the lit cell, away from the start card: no
	// other lit cell is nearer.
	dx, dy := float64(p.At.X), float64(p.At.Y)
	cell := b.cellRect(h.A, p.At)
	tx, ty := cell.Cx()+dx*1.3*cell.W, cell.Cy()+dy*1.3*cell.H
	card := b.hand[i].r
	h.In.X, h.In.Y, h.In.Pressed, h.In.Down = int(card.Cx()), int(card.Cy()), true, true
	h.Tick()
	for k := 1; k <= 10; k++ {
		f := float64(k) / 10
		h.In.X, h.In.Y = int(card.Cx()+(tx-card.Cx())*f), int(card.Cy()+(ty-card.Cy())*f)
		h.Tick()
	}
	snap := b.dragSnap(h.A)
	if snap < 0 || b.targets[snap].cell != p.At {
		t.Fatalf("held 1.3 cells beside %v the card snaps to %d", p.At, snap)
	}
	h.In.Released, h.In.Down = true, false
	h.Tick()
	rec, err := saboteur.FromRecord(b.m.Table.Record())
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Moves) == 0 || rec.Moves[0].At != p.At || rec.Moves[0].Card != p.Card {
		t.Fatalf("moves %v after the drop, want %v at %v (reason %q)", rec.Moves, p.Card, p.At, b.reason)
	}
}

// TestHotseatNamesPlayerAndCurtainAfterLanding: at a hotseat table the
// header names whose turn it is ("Ann's turn", not "Your turn"), and the
// curtain for the next human comes only once the card played has landed
// on the maze and had a moment on screen (issue 17, item 10).
func TestHotseatNamesPlayerAndCurtainAfterLanding(t *testing.T) {
	seats := []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Human: true, Name: "Bob"}, {Name: "Bot", Level: "random"}}
	for seed := uint64(1); seed < 40; seed++ {
		h, b := startBoard(t, seats, seed)
		i, p, ok := pathCard(b)
		if !ok {
			continue
		}
		if want := h.A.T("turn.of", "name", "Ann"); b.texts.status != want {
			t.Fatalf("hotseat header %q, want %q", b.texts.status, want)
		}
		card, cell := b.hand[i].r, b.cellRect(h.A, p.At)
		h.Drag(card.Cx(), card.Cy(), cell.Cx(), cell.Cy())
		if len(b.m.Table.Record().Moves) != 1 {
			t.Fatalf("the drag did not play (reason %q)", b.reason)
		}
		after := 0
		for ; after < 400 && !b.curtain; after++ {
			h.Tick()
		}
		if !b.curtain || b.me != 1 {
			t.Fatalf("curtain %v for seat %d, want it up for Bob", b.curtain, b.me)
		}
		if len(b.anims) > 0 || b.hidden(p.At) || !b.tileAt(p.At) {
			t.Fatalf("the curtain came with %d cards moving, Ann's card shown %v", len(b.anims), b.tileAt(p.At) && !b.hidden(p.At))
		}
		if min := int(40 / scenes.Speed(h.A)); after < min {
			t.Fatalf("the curtain came %d ticks after the drop, want at least %d", after, min)
		}
		if want := h.A.T("turn.of", "name", "Bob"); b.texts.status != want {
			t.Errorf("header %q behind the curtain, want %q", b.texts.status, want)
		}
		return
	}
	t.Fatal("no seed gives Ann a path card to lay")
}

// TestRulesHelpPicturesNamedRulesSmall: every picture on the rules pages
// has its name under it, and the text reads without rule numbers, which
// stand small below it (issue 17, item 12), in English and Persian.
func TestRulesHelpPicturesNamedRulesSmall(t *testing.T) {
	for _, lang := range []string{"en", "fa"} {
		t.Run(lang, func(t *testing.T) {
			h := scenes.NewHarness(t, testGames)
			if err := h.A.SetLang(i18n.Lang(lang)); err != nil {
				t.Fatal(err)
			}
			hs := scenes.NewHelpScene(h.A, scenes.NewMenuScene(h.A))
			h.A.Cur = hs
			h.Ticks(2)
			for pg := range helpPages {
				if hs.Page != pg {
					t.Fatalf("on page %d, want %d", hs.Page, pg)
				}
				p, _ := helpPages[pg].Pic.(*sabHelpPic)
				if p == nil {
					p = &sabHelpPic{}
				}
				drawn := map[string]float64{}
				lines := scenes.DrawnLines(h)
				for _, d := range lines {
					drawn[d.S] = d.R.H
					if strings.Contains(d.S, "(R") {
						t.Errorf("page %d: a rule number in the text: %q", pg, d.S)
					}
				}
				// A caption may wrap: its first line counts.
				for _, d := range lines {
					for _, c := range p.cards {
						if n := cardCaption(h.A, c); len(d.S) > 3 && strings.HasPrefix(n, d.S) {
							drawn[n] = d.R.H
						}
					}
				}
				for _, c := range p.cards {
					if n := cardCaption(h.A, c); n == "" {
						t.Errorf("page %d: card %v has no name", pg, c)
					} else if _, ok := drawn[n]; !ok && n != cardCaption(h.A, c.Rotated()) {
						t.Errorf("page %d: the caption %q is not drawn", pg, n)
					}
				}
				for _, r := range p.roles {
					if _, ok := drawn[roleCaption(h.A, r)]; !ok {
						t.Errorf("page %d: the role's name %q is not drawn", pg, roleCaption(h.A, r))
					}
				}
				if _, refs := scenes.SplitRules(h.A.T(helpPages[pg].Body)); len(refs) > 0 {
					line := h.A.T("scene.help.rules_ref", "refs", strings.Join(refs, " · "))
					if _, ok := drawn[line]; !ok {
						t.Errorf("page %d: the rule numbers %q are not drawn", pg, line)
					}
				}
				h.Shot(fmt.Sprintf("help-%s-%d", lang, pg))
				next := ebiten.KeyArrowRight
				if h.A.RTL() {
					next = ebiten.KeyArrowLeft
				}
				h.Key(next)
			}
		})
	}
}
