package incangold

import (
	"fmt"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// The guided first round ("Learn to play" in the menu, issue 26 item 9):
// the player (seat 0, the start player) and three easy computer players
// at the rules engine's real match, dealt by a fixed seed whose round 1
// turns a treasure, a second treasure, a hazard and then an artifact
// (TestIGTutorialDeal). A coach over the path asks for one choice at each
// of the player's first four choice steps and explains what the table
// shows: choose the torch (I3.3), a treasure shared with the rest in the
// pool (I5.1), a hazard whose twin would end the round (I7.2), and the
// artifact with the pool, which the player takes by leaving alone (I4.2,
// I6.2). Each prompt waits until the player has made that choice: the
// other card is refused (the table's Submit says no, the board plays its
// refusal) and the coach says what it waits for. The choices go through
// the board's own torch and camp cards, so the shell's table discipline
// holds as in any game. The computer players make every other choice;
// once the player is home the round plays out and the game goes on as a
// normal one, never autosaved (a guided round never replaces a saved
// game).

// igLesson is one choice step the guided round teaches.
type igLesson int

const (
	lessonTorch igLesson = iota // choose the torch (I3.3)
	lessonShare                 // a treasure shared, the rest in the pool (I5.1)
	lessonBust                  // a hazard on the path: its twin ends the round (I7.1, I7.2)
	lessonLeave                 // leave alone with the pool and the artifact (I4.2, I6.2)
	lessonCount
)

// igLessonKeys are the catalogue keys of the lessons' prompts.
var igLessonKeys = [lessonCount]string{"ig.tutorial.torch", "ig.tutorial.share", "ig.tutorial.bust", "ig.tutorial.leave"}

// igTutorialSeed deals round 1 of a four-seat game with seat 0 starting:
// T5, T13, a spider, the artifact, and the easy computer players keep
// their torches up through the player's four lessons (TestIGTutorialDeal).
const igTutorialSeed = 346

// igTutorialLevel is the computer players' level in the guided round.
const igTutorialLevel = "easy"

// igTutorial is the coach's state: the player's seat and the last
// refusal, shown for a while under the prompt.
type igTutorial struct {
	seat     int
	refused  igLesson // the lesson a refused choice was made at
	refusedT float64  // ticks the refusal line stays on screen
}

// igTutorTable is the guided round's table: the real one, whose Submit
// refuses the player's choice other than the one the lesson asks for
// (the error names the lesson; nothing changes).
type igTutorTable struct {
	*igGameTable
	tutor *igTutorial
}

// Submit seals seat's choice c, or refuses it while a lesson waits for
// the other card.
func (t *igTutorTable) Submit(seat int, c incangold.Choice) error {
	if seat == t.tutor.seat {
		if l, want := igLessonOf(t.View(seat)); l >= 0 && c != want {
			t.tutor.refused, t.tutor.refusedT = l, 300
			return fmt.Errorf("incangold: the guided round's lesson %d waits for %s", l, want)
		}
	}
	return t.igGameTable.Submit(seat, c)
}

// igLessonOf is the lesson asked for in v, the player's view, and the
// choice it waits for: one lesson per choice step of round 1 while the
// player owes a choice, -1 otherwise.
func igLessonOf(v incangold.View) (igLesson, incangold.Choice) {
	l := igLesson(v.Turn - 1)
	if v.Round != 1 || !v.Owes() || l < 0 || l >= lessonCount {
		return -1, incangold.NoChoice
	}
	if l == lessonLeave {
		return l, incangold.Camp
	}
	return l, incangold.Torch
}

// igLessonsDone counts the lessons the player has made in v: the steps of
// round 1 sealed or passed, all of them once the player has left or the
// round is over.
func igLessonsDone(v incangold.View) int {
	if v.Round > 1 || v.Over || !slices.Contains(v.Explorers, v.Seat) {
		return int(lessonCount)
	}
	n := v.Turn - 1
	if v.Choice != incangold.NoChoice {
		n++
	}
	return min(max(n, 0), int(lessonCount))
}

// newIGTutorialMatch seats the guided round: the player and three easy
// computer players, the fixed deal, the player starting, no autosave.
func newIGTutorialMatch(a *scenes.App) (*igMatch, error) {
	s := igSetup{Options: incangold.DefaultOptions(), Seed: igTutorialSeed, Seats: []scenes.SeatSetup{{Human: true, Name: a.T("scene.newgame.you")}}}
	s.Options.StartPlayer = 0
	for i := 1; i <= 3; i++ {
		s.Seats = append(s.Seats, scenes.SeatSetup{Name: a.T("scene.bot.name", "n", i), Level: igTutorialLevel})
	}
	m, err := newIGMatchSaved(a, s, false)
	if err != nil {
		return nil, err
	}
	gt, ok := m.table.(*igGameTable)
	if !ok {
		return nil, fmt.Errorf("incangold: the guided round needs a local table, not %T", m.table)
	}
	m.table = &igTutorTable{igGameTable: gt, tutor: &igTutorial{seat: 0, refused: -1}}
	return m, nil
}

// tutor is the guided round's coach, nil in a normal game.
func (s *igBoardScene) tutor() *igTutorial {
	if t, ok := s.m.table.(*igTutorTable); ok {
		return t.tutor
	}
	return nil
}

// coachText is what the coach says now (the prompt of the lesson asked
// for, what to watch, or that every lesson is done) and the lessons done;
// "" when the coach is off (once the screen has left round 1).
func (s *igBoardScene) coachText(a *scenes.App, tu *igTutorial) (string, int) {
	v := s.m.table.View(tu.seat)
	done := igLessonsDone(v)
	if s.m.st.round > 1 || s.m.st.over {
		return "", done // the screen's round, which may lag the table's
	}
	if done == int(lessonCount) {
		return a.T("ig.tutorial.done", "tent", v.Tent), done
	}
	l, _ := igLessonOf(v)
	if l < 0 || s.chooser != tu.seat {
		return a.T("ig.tutorial.watch"), done
	}
	last := incangold.Card(0)
	if len(v.Path) > 0 {
		last = v.Path[len(v.Path)-1]
	}
	n := max(len(v.Explorers), 1)
	switch l {
	case lessonShare:
		return a.T(igLessonKeys[l], "value", last.Value(), "n", n, "each", last.Value()/n, "rest", last.Value()%n, "pool", v.Pool), done
	case lessonBust:
		k := last.Kind()
		return a.T(igLessonKeys[l], "hazard", a.T("ig.hazard."+k.String()), "cards", v.Deck.Hazards[k], "deck", v.Deck.Size()), done
	case lessonLeave:
		return a.T(igLessonKeys[l], "pool", v.Pool, "carried", v.Carried[tu.seat], "worth", incangold.ClaimWorth(v.Options, last, v.Claimed+1)), done
	}
	return a.T(igLessonKeys[l]), done
}

// coachRect is the coach's box: in the path's first row beyond its
// cards (over the log's place), with room left for the next card, or,
// when the path has grown too long for that, across the path under its
// rows of cards.
func (s *igBoardScene) coachRect(a *scenes.App) scenes.Rect {
	p, l := s.l.path, &s.l
	ch := l.cardW * 1.5
	used := float64(len(s.m.st.path)+1) * l.cardW * 1.1
	// The row runs on over the log's place (log.go): while the coach
	// speaks, it comes first.
	if free := float64(a.W) - a.U(20) - p.X - used - a.U(8); free >= a.U(380) {
		r := scenes.R(p.X+used+a.U(8), p.Y, min(free, a.U(820)), ch)
		if a.RTL() {
			r = r.Mirror(float64(a.W))
		}
		return r
	}
	rows := max((len(s.m.st.path)+l.perRow-1)/l.perRow, 1)
	top := p.Y + float64(rows)*(ch+a.U(8)) + a.U(4)
	w := min(p.W, a.U(820))
	r := scenes.R(p.Cx()-w/2, top, w, min(max(p.Y+p.H-top, a.U(84)), a.U(130)))
	if a.RTL() {
		r = r.Mirror(float64(a.W)) // the path lies on the right, the log on the left
	}
	return r
}

// drawCoach draws the coach's box during the guided round: its title
// with the lessons done, the prompt (in the largest size that fits) and
// the last refusal's reason under it.
func (s *igBoardScene) drawCoach(a *scenes.App, dst *ebiten.Image) {
	tu := s.tutor()
	if tu == nil {
		return
	}
	if tu.refusedT > 0 {
		tu.refusedT -= s.sp
	}
	text, done := s.coachText(a, tu)
	if text == "" {
		return
	}
	r := s.coachRect(a)
	hs := a.U(13)
	refused := ""
	if tu.refusedT > 0 && tu.refused >= 0 && s.chooser == tu.seat {
		want := a.T("ig.torch")
		if tu.refused == lessonLeave {
			want = a.T("ig.camp")
		}
		refused = a.T("ig.tutorial.not_yet", "card", want)
	}
	// The prompt in the largest size that fits with a line kept for the
	// refusal; the box shrinks to what it holds.
	tw, room := r.W-a.U(24), r.H-a.U(26)-hs*1.4
	size := a.U(15)
	for size > a.U(11) && scenes.WrappedHeight(a, text, size, tw) > room {
		size -= a.U(1)
	}
	r.H = min(r.H, a.U(30)+scenes.WrappedHeight(a, text, size, tw)+hs*1.4)
	s.p.Round(dst, r, a.U(10), scenes.ColPanel, a.U(2), scenes.ColGold)
	head := a.T("ig.tutorial.title", "done", done, "total", int(lessonCount))
	scenes.DrawText(a, dst, scenes.Fit(a, head, hs, tw), hs, r.Cx(), r.Y+a.U(13), scenes.AlignCenter, scenes.ColGold)
	y := r.Y + a.U(24)
	y += scenes.DrawWrapped(a, dst, text, size, r.Cx(), y, tw, scenes.AlignCenter, scenes.ColText)
	if refused != "" {
		scenes.DrawText(a, dst, scenes.Fit(a, refused, hs, tw), hs, r.Cx(), y+hs*0.7, scenes.AlignCenter, scenes.ColBad)
	}
}
