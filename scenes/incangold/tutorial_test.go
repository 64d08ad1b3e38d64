package incangold

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/incangold"
	igbot "github.com/goldvein/goldvein/rules/incangold/bot"
	"github.com/goldvein/goldvein/scenes"
)

// TestIGTutorialDeal: the guided round's fixed deal, played at the rules
// engine with the computer players of the guided round, turns what each
// lesson talks about before the player's choice: a treasure, a second
// one, a hazard, the artifact with gems in the pool; the computer players
// keep their torches up, so the player leaves alone and banks what they
// carry, the whole pool and the artifact (I4.2, I4.3, I6.2, I6.3).
func TestIGTutorialDeal(t *testing.T) {
	const players = 4
	o := incangold.DefaultOptions()
	o.StartPlayer = 0
	m, evs, err := incangold.NewMatch(players, o, igTutorialSeed)
	if err != nil {
		t.Fatal(err)
	}
	bots := map[int]rules.Bot{}
	for s := 1; s < players; s++ {
		if bots[s], err = igbot.NewBot(igTutorialLevel, s, scenes.BotSeed(igTutorialSeed, s)); err != nil {
			t.Fatal(err)
		}
	}
	observe := func(evs []incangold.Event) {
		for _, e := range evs {
			for s, b := range bots {
				b.Observe(e.Redact(s))
			}
		}
	}
	observe(evs)
	want := [lessonCount]func(c incangold.Card) bool{
		lessonTorch: incangold.Card.IsTreasure, lessonShare: incangold.Card.IsTreasure,
		lessonBust: incangold.Card.IsHazard, lessonLeave: incangold.Card.IsArtifact}
	var carried, pool int
	for l := lessonTorch; l < lessonCount; l++ {
		v := m.View(0).(incangold.View)
		if got, choice := igLessonOf(v); got != l || choice == incangold.NoChoice {
			t.Fatalf("lesson %d: the view asks for lesson %d (turn %d, round %d)", l, got, v.Turn, v.Round)
		}
		if last := v.Path[len(v.Path)-1]; len(v.Path) != int(l)+1 || !want[l](last) {
			t.Fatalf("lesson %d: path %v", l, v.Path)
		}
		_, c := igLessonOf(v)
		carried, pool = v.Carried[0], v.Pool
		for s := 1; s < players; s++ {
			if mv := bots[s].Choose(m.View(s)).(incangold.Move); mv.Choice != incangold.Torch {
				t.Fatalf("lesson %d: computer player %d chooses %v", l, s, mv.Choice)
			}
		}
		var all []incangold.Event
		for s := 0; s < players; s++ {
			if s > 0 {
				c = incangold.Torch
			}
			e, err := m.Play(s, c, nil)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, e...)
		}
		observe(all)
	}
	if pool == 0 || m.Tent(0) != carried+pool || len(m.ArtifactWorths(0)) != 1 || m.InTemple(0) {
		t.Fatalf("the player banked %d (carried %d, pool %d), artifacts %v", m.Tent(0), carried, pool, m.ArtifactWorths(0))
	}
}

// igTutorialPick makes choice c at the choice cards, by the mouse or by
// the keyboard (T or C).
func igTutorialPick(h *scenes.Harness, b *igBoardScene, c incangold.Choice, byKeys bool) {
	switch {
	case byKeys && c == incangold.Torch:
		h.Key(ebiten.KeyT)
	case byKeys:
		h.Key(ebiten.KeyC)
	case c == incangold.Torch:
		h.Click(b.l.torch)
	default:
		h.Click(b.l.camp)
	}
}

// igDrawn reports whether a drawn line starts with the start of s (the
// coach's prompt is wrapped over several lines).
func igDrawn(h *scenes.Harness, s string) bool {
	head := []rune(s)
	head = head[:min(len(head), 12)]
	for _, d := range scenes.DrawnLines(h) {
		if strings.HasPrefix(d.S, string(head)) {
			return true
		}
	}
	return false
}

// playIGTutorial goes from the menu through the guided round in language
// lang at a window of w by hh pixels, by the mouse alone or the keyboard
// alone: each lesson's prompt comes in order, the other card is refused
// and the prompt waits, the asked card is taken; then the coach says the
// lessons are done and the round plays out to its end.
func playIGTutorial(t *testing.T, lang string, w, hh float64, byKeys bool) {
	h := scenes.LangHarness(t, lang, igTestGames)
	h.SetSize(w, hh)
	h.Ticks(2)
	menu := h.A.Cur.(*scenes.MenuScene)
	if byKeys {
		learn := len(menu.Pick.Games) + scenes.MenuLearn // the game cards come first
		for i := 0; i < 3 && menu.Focus != learn; i++ {
			h.Key(ebiten.KeyArrowUp) // from the last buttons up to Learn to play
		}
		if menu.Focus != learn {
			t.Fatalf("Up focuses button %d, want Learn to play", menu.Focus)
		}
		h.Key(ebiten.KeyEnter)
	} else {
		menu.Layout(h.A)
		if !menu.Buttons[scenes.MenuLearn].Enabled {
			t.Fatal("Learn to play is greyed for Incan Gold")
		}
		h.Click(menu.Buttons[scenes.MenuLearn].R)
	}
	h.Ticks(scenes.FadeTicks + 2)
	b, ok := h.A.Cur.(*igBoardScene)
	if !ok {
		t.Fatalf("Learn to play opened %s, want the board", h.A.Cur.Name())
	}
	t.Cleanup(b.m.table.Close)
	tu := b.tutor()
	if tu == nil {
		t.Fatal("the guided round has no coach")
	}
	shot := func(step string) { h.Shot(fmt.Sprintf("ig-tutorial-%s-%dx%d-%s", lang, int(w), int(hh), step)) }
	for l := lessonTorch; l < lessonCount; l++ {
		for i := 0; b.chooser != tu.seat; i++ {
			if h.A.Cur != b || i > 20000 {
				t.Fatalf("lesson %d never came (scene %s)", l, h.A.Cur.Name())
			}
			if i == 0 && !igDrawn(h, h.A.T("ig.tutorial.watch")) {
				t.Errorf("lesson %d: the coach does not say to watch while the cards turn", l)
			}
			h.Tick()
		}
		h.Arm()
		v := b.m.table.View(tu.seat)
		got, want := igLessonOf(v)
		if got != l {
			t.Fatalf("lesson %d: the table asks for lesson %d", l, got)
		}
		prompt, done := b.coachText(h.A, tu)
		title := h.A.T("ig.tutorial.title", "done", int(l), "total", int(lessonCount))
		if done != int(l) || !igDrawn(h, title) || !igDrawn(h, prompt) {
			t.Fatalf("lesson %d: the coach shows neither %q nor %q (done %d)", l, title, prompt, done)
		}
		shot(fmt.Sprintf("%d", l+1))
		// The other card is refused, and the prompt waits.
		other := incangold.Camp
		if want == incangold.Camp {
			other = incangold.Torch
		}
		igTutorialPick(h, b, other, byKeys)
		h.Ticks(20)
		if v := b.m.table.View(tu.seat); v.Choice != incangold.NoChoice || b.chooser != tu.seat {
			t.Fatalf("lesson %d: the other card was taken (%v)", l, v.Choice)
		}
		if !igDrawn(h, prompt) || !igDrawn(h, h.A.T("ig.tutorial.not_yet", "card", h.A.T(map[bool]string{true: "ig.camp", false: "ig.torch"}[want == incangold.Camp]))) {
			t.Fatalf("lesson %d: the prompt or its refusal is gone after the other card", l)
		}
		if l == lessonTorch {
			shot("refused")
		}
		h.Arm()
		igTutorialPick(h, b, want, byKeys)
		if n := igLessonsDone(b.m.table.View(tu.seat)); n != int(l)+1 || b.chooser == tu.seat {
			t.Fatalf("lesson %d: %d lessons done after the asked card", l, n)
		}
	}
	for i := 0; !igDrawn(h, h.A.T("ig.tutorial.done", "tent", b.m.table.View(tu.seat).Tent)); i++ {
		if i > 2000 || h.A.Cur != b {
			t.Fatal("the coach never says the lessons are done")
		}
		h.Tick()
	}
	h.Ticks(40)
	if h.A.Cur == b && b.m.st.round == 1 && !igDrawn(h, h.A.T("ig.tutorial.title", "done", int(lessonCount), "total", int(lessonCount))) {
		t.Error("the coach is gone while the screen still shows round 1")
	}
	shot("done")
	if v := b.m.table.View(tu.seat); v.Tent == 0 || len(v.Artifacts[tu.seat]) != 1 {
		t.Fatalf("the player is home with %d gems and artifacts %v", v.Tent, v.Artifacts[tu.seat])
	}
	for i := 0; ; i++ {
		if _, end := h.A.Cur.(*igRoundEndScene); end {
			break
		}
		if i > 40000 {
			t.Fatalf("round 1 never ended (scene %s)", h.A.Cur.Name())
		}
		h.Tick()
	}
	// The guided round never replaces a saved game.
	if ok, err := igCanContinue(h.A); ok || err != nil {
		t.Errorf("the guided round left a game to continue (%v, %v)", ok, err)
	}
	// Table discipline (issue 22): every choice of the player came through
	// the gate, from a choice card or key armed for its step and seat.
	if err := h.CheckMoves(igGame, b.m.table.(*igTutorTable).Record()); err != nil {
		t.Error(err)
	}
}

// TestIGTutorialByMouse: a new player finishes Incan Gold's guided round
// with the mouse alone (issue 26, item 9), in English at 1280x800 and in
// Persian (right to left) at 1024x640.
func TestIGTutorialByMouse(t *testing.T) {
	t.Run("en", func(t *testing.T) { playIGTutorial(t, "en", 1280, 800, false) })
	t.Run("fa", func(t *testing.T) { playIGTutorial(t, "fa", 1024, 640, false) })
}

// TestIGTutorialByKeyboard: and with the keyboard alone, in Persian at
// 1280x800 and in English at 1024x640.
func TestIGTutorialByKeyboard(t *testing.T) {
	t.Run("fa", func(t *testing.T) { playIGTutorial(t, "fa", 1280, 800, true) })
	t.Run("en", func(t *testing.T) { playIGTutorial(t, "en", 1024, 640, true) })
}
