package underground

import (
	"errors"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
)

// The guided first game ("Learn to play" with Underground picked): the
// player against one easy computer player on the real rules engine, with a
// fixed seed (the same map, market and first player every time). A coach
// over the map asks for one move of a turn at a time (pick a combo, conquer
// an empty region, conquer a Monster's region, a final conquest with the
// die, redeploy, end the turn and see it scored, go In Decline) and waits
// until the player has made it: another move is refused with the lesson as
// the reason (the rules decide every move; the coach only narrows the
// player's choice among the legal ones). A lesson that cannot be played
// yet waits for its chance; once every lesson is done the game plays on as
// a normal one. As Saboteur's (scenes/saboteur/tutorial.go).

// ugLesson is one move the guided game teaches.
type ugLesson int

const (
	ugLessonPick     ugLesson = iota // U4: the first combo of the market, which costs nothing
	ugLessonConquer                  // U5.2, U5.5: an empty region at the board's edge
	ugLessonMonster                  // U5.5: a region with a Monster (+1 for it)
	ugLessonDie                      // U5.7: the final conquest with the die
	ugLessonRedeploy                 // U7.5: a token moved between own regions
	ugLessonScore                    // U9: end the redeployment; the turn is scored
	ugLessonDecline                  // U8: the race goes In Decline
	ugLessonCount
)

// ugLessonNames name the lessons: the coach's prompt is
// "ug.tutorial.<name>", the refusal's short form "ug.tutorial.short.<name>".
var ugLessonNames = [ugLessonCount]string{"pick", "conquer", "monster", "die", "redeploy", "score", "decline"}

// ugTutorialSeed seats the player first, with a market whose first combo
// is Drow with the Wise power and a first turn in which an empty region, a Monster's
// region and a final roll are all in reach (TestUGTutorialSetUp).
const ugTutorialSeed = 145

// ugTutor is the coach's state: the lessons done.
type ugTutor struct {
	seat    int // the player's seat
	done    [ugLessonCount]bool
	doneAt  [ugLessonCount]int // the record's length with the move that did each lesson
	pending ugLesson           // the lesson of the move at the table now (check, then after); -1 none
	at      int                // the record's length with that move
}

// errLesson is the refusal of a move other than the lesson asked for.
var errLesson = errors.New("not the move the guided game asks for")

// left is the number of lessons not yet done.
func (t *ugTutor) left() int {
	n := 0
	for _, d := range t.done {
		if !d {
			n++
		}
	}
	return n
}

// ugLessonOf is the lesson that move mv, legal in view v, teaches; -1 none.
func ugLessonOf(v *underground.View, mv underground.Move) ugLesson {
	switch mv.Kind() {
	case "pick":
		if *mv.Pick == 0 {
			return ugLessonPick
		}
	case "conquer":
		for _, r := range v.Regions {
			if r.ID == mv.Conquer && r.Seat < 0 {
				if r.Monsters > 0 {
					return ugLessonMonster
				}
				return ugLessonConquer
			}
		}
	case "final":
		return ugLessonDie
	case "deploy", "lift":
		if v.Step == "redeploy" {
			return ugLessonRedeploy
		}
	case "end":
		if v.Step == "redeploy" {
			return ugLessonScore
		}
	case "decline":
		if !mv.Vanish {
			return ugLessonDecline
		}
	}
	return -1
}

// asked is the lesson the coach asks for in view v: the first not yet
// done that one of v's legal moves teaches or leads to; -1 when none can
// be played now (not the player's move, or no such move at this step).
// The die leads on from any conquest: a final roll (U5.7) needs a region
// 1 to 3 tokens short, so the player conquers on until one is.
func (t *ugTutor) asked(v *underground.View) ugLesson {
	best := ugLesson(-1)
	for _, mv := range v.Legal {
		for _, l := range t.leads(ugLessonOf(v, mv)) {
			if !t.done[l] && (best < 0 || l < best) {
				best = l
			}
		}
	}
	return best
}

// leads is the lessons a move of lesson l teaches or leads to.
func (t *ugTutor) leads(l ugLesson) []ugLesson {
	switch l {
	case -1:
		return nil
	case ugLessonConquer, ugLessonMonster:
		return []ugLesson{l, ugLessonDie}
	}
	return []ugLesson{l}
}

// allows reports whether the player may make move mv in view v: the
// lesson asked for, or a move leading to it (a conquest while the die is
// asked), any move when none is asked, and (once redeployment has been
// taught) more token moves while the end of the turn is asked.
func (t *ugTutor) allows(v *underground.View, mv underground.Move) bool {
	want := t.asked(v)
	l := ugLessonOf(v, mv)
	return want < 0 || slices.Contains(t.leads(l), want) || want == ugLessonScore && l == ugLessonRedeploy
}

// check is nil when the player's move mv may go to the table (and notes
// its lesson for after), errLesson otherwise; other seats' moves are not
// the coach's business. A nil coach allows everything.
func (t *ugTutor) check(m *ugMatch, seat int, mv underground.Move) error {
	if t == nil {
		return nil
	}
	t.pending = -1
	if seat != t.seat {
		return nil
	}
	v, ok := m.table.View(seat).(underground.View)
	if !ok || t.allows(&v, mv) {
		if ok {
			t.pending = ugLessonOf(&v, mv)
		}
		if rec := m.table.Record(); rec != nil {
			t.at = len(rec.Moves) + 1
		}
		return nil
	}
	return errLesson
}

// after takes the table's answer to the move check let through: the
// lesson it taught is done when the table accepted it.
func (t *ugTutor) after(err error) error {
	if t != nil && err == nil && t.pending >= 0 && !t.done[t.pending] {
		t.done[t.pending], t.doneAt[t.pending] = true, t.at
	}
	if t != nil {
		t.pending = -1
	}
	return err
}

// undone takes back the lessons done by moves an Undo took back: the
// record is n moves long now.
func (t *ugTutor) undone(n int) {
	if t == nil {
		return
	}
	for l := range t.done {
		if t.done[l] && t.doneAt[l] > n {
			t.done[l], t.doneAt[l] = false, 0
		}
	}
}

// ugRefusal is the line shown when move submission failed with err: the
// lesson asked for in the guided game, else the error.
func (s *ugPlayScene) ugRefusal(a *scenes.App, err error) string {
	if errors.Is(err, errLesson) && s.m.tutor != nil {
		if v, ok := s.ownView(); ok {
			if l := s.m.tutor.asked(&v); l >= 0 {
				return a.T("ug.tutorial.not_yet", "lesson", a.T("ug.tutorial.short."+ugLessonNames[l]))
			}
		}
	}
	return a.T("scene.error", "error", err.Error())
}

// ugLearn opens the guided first game (scenes.Game.Learn).
func ugLearn(a *scenes.App) (scenes.Scene, error) {
	m, err := newUGTutorialMatch(a)
	if err != nil {
		return nil, err
	}
	return newUGPlayScene(a, m), nil
}

// newUGTutorialMatch seats the guided game: the player (seat 0, first to
// play) and one easy computer player, the fixed seed, no autosave (the
// tutorial never replaces a saved game).
func newUGTutorialMatch(a *scenes.App) (*ugMatch, error) {
	s := ugSetup{Seed: ugTutorialSeed, Seats: []scenes.SeatSetup{
		{Human: true, Name: a.T("scene.newgame.you")},
		{Name: a.T("scene.bot.name", "n", 1), Level: "easy"},
	}}
	m := &ugMatch{setup: s, tutor: &ugTutor{seat: 0, pending: -1}}
	seats, err := m.seats(a)
	if err != nil {
		return nil, err
	}
	t, err := game.NewTable(ugGame, nil, s.Seed, seats, nil)
	if err != nil {
		return nil, err
	}
	t.SetUndoWait(scenes.HumanMoveWait(a))
	return m, m.attach(t)
}

// ugCoachH is the height of the coach's box (layout units): its title and
// four lines of a prompt (TestUGTutorialCoachFits).
const ugCoachH = 124

// layCoach makes room for the coach at the head of the side column, over
// the log, in the guided game.
func (s *ugPlayScene) layCoach(a *scenes.App) {
	if s.m.tutor != nil {
		s.l.log.Y += a.U(ugCoachH + 8)
		s.l.log.H -= a.U(ugCoachH + 8)
	}
}

// coachRect is the coach's box: above the log, under the market.
func (s *ugPlayScene) coachRect(a *scenes.App) scenes.Rect {
	l := s.l.log
	return scenes.R(l.X, l.Y-a.U(ugCoachH+8), l.W, a.U(ugCoachH))
}

// drawCoach draws the lesson asked for, a word while the computer player
// moves, or the word that every move has been tried.
func (s *ugPlayScene) drawCoach(a *scenes.App, dst *ebiten.Image) {
	t := s.m.tutor
	if t == nil || s.m.st.over != nil || s.cur.Covering() {
		return
	}
	text := ""
	if t.left() == 0 {
		text = a.T("ug.tutorial.done")
	} else if v, ok := s.ownView(); ok && s.me == t.seat && s.busy <= 0 {
		if l := t.asked(&v); l >= 0 {
			text = a.T("ug.tutorial." + ugLessonNames[l])
		} else {
			text = a.T("ug.tutorial.other")
		}
	} else {
		text = a.T("ug.tutorial.watch")
	}
	r := s.coachRect(a)
	s.p.Round(dst, r, a.U(10), scenes.ColPanel, a.U(2), scenes.ColGold)
	head := a.T("ug.tutorial.title", "done", int(ugLessonCount)-t.left(), "total", int(ugLessonCount))
	scenes.DrawText(a, dst, head, a.U(13), r.Cx(), r.Y+a.U(14), scenes.AlignCenter, scenes.ColGold)
	scenes.DrawWrapped(a, dst, text, a.U(15), r.Cx(), r.Y+a.U(26), r.W-a.U(20), scenes.AlignCenter, scenes.ColText)
}
