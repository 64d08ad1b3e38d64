package saboteur

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
	"github.com/goldvein/goldvein/scenes"
)

// The guided first round ("Learn to play" in the menu): one human against
// two easy computer players with a fixed deal, whose opening hand holds one
// card of every sort. A coach over the maze asks for one move at a time
// (lay a path card, turn one, break a tool, mend one, look at a goal with
// a map, bring a card down with a rockfall, pass) and waits until the
// player has made it: another move is refused with the lesson as the
// reason. After the player's first move the next computer player (a
// saboteur, tutorBreaker) breaks the player's cart, and the coach asks
// first to mend it: the repair lesson mends the player's own tool. A
// lesson that cannot be played yet waits for its chance; once every
// lesson is done the round plays on as a normal game.

// lesson is one move the tutorial teaches.
type lesson int

const (
	lessonPath lesson = iota
	lessonTurn
	lessonBreak
	lessonRepair
	lessonMap
	lessonRockfall
	lessonPass
	lessonCount
)

var lessonKeys = [lessonCount]string{"scene.tutorial.path", "scene.tutorial.turn", "scene.tutorial.break",
	"scene.tutorial.repair", "scene.tutorial.map", "scene.tutorial.rockfall", "scene.tutorial.pass"}

// tutorialSeed deals seat 0 a gold-digger's role and the opening hand
// rockfall, map, broken:lantern, ESW, NES, repair:cart at a table of
// three, and seat 1 (tutorBreaker) a saboteur's role and a broken cart
// (TestTutorialDeal).
const tutorialSeed = 32481

// tutorBreaker is the computer player who, on its first turn, breaks the
// player's tool (the cart, with tutorialSeed), so that the repair lesson
// mends the player's own tool, broken by someone else (issue 26 item 4:
// it used to ask to mend the tool the player had just broken).
const tutorBreaker = 1

// coachBreaker is tutorBreaker's computer player in the guided round: on
// its first turn of round 1 it plays a broken-tool card on the player
// (seat 0), when it holds one and the player's tools are whole (R6.1);
// otherwise, and after, it is its level's player.
type coachBreaker struct {
	inner rules.Bot
	done  bool
}

// Observe passes every event on to the computer player.
func (c *coachBreaker) Observe(e rules.Event) { c.inner.Observe(e) }

// Choose breaks the player's tool once, then plays as its level would.
func (c *coachBreaker) Choose(v rules.View) rules.Move {
	if sv, ok := v.(saboteur.View); ok && !c.done && sv.Round == 1 {
		c.done = true
		if len(sv.Broken) > 0 && sv.Broken[0] == 0 {
			for _, card := range sv.Hand {
				if card.Kind == saboteur.Broken {
					return saboteur.Move{Seat: sv.Seat, Type: saboteur.Play, Card: card, Target: 0}
				}
			}
		}
	}
	return c.inner.Choose(v)
}

// tutorial is the coach's state.
type tutorial struct {
	done [lessonCount]bool
	cur  lesson // the lesson asked for now; -1 none (not the player's turn, or none possible)
}

// left is the number of lessons not yet done.
func (t *tutorial) left() int {
	n := 0
	for _, d := range t.done {
		if !d {
			n++
		}
	}
	return n
}

// newTutorialMatch seats the guided round: the player (seat 0, first to
// play) and two easy computer players, the fixed deal, no autosave (the
// tutorial never replaces a saved game).
func newTutorialMatch(a *scenes.App) (*match, error) {
	s := Setup{Youngest: 0, Seed: tutorialSeed, Seats: []scenes.SeatSetup{
		{Human: true, Name: a.T("scene.newgame.you")},
		{Name: a.T("scene.bot.name", "n", 1), Level: string(bot.Easy)},
		{Name: a.T("scene.bot.name", "n", 2), Level: string(bot.Easy)},
	}}
	m := &match{setup: s, inbox: map[int]*game.Inbox{}, mine: map[int]saboteur.View{}, follow: -1, started: scenes.Now(), fresh: true,
		tutor: &tutorial{cur: -1}}
	t, err := newTable(s, m.seats(a, 0), nil)
	if err != nil {
		return nil, err
	}
	m.attach(t)
	return m, nil
}

// tutorPick chooses the lesson to ask for now: the first not yet done that
// the player's hand and the table allow.
func (s *boardScene) tutorPick() {
	t := s.m.tutor
	t.cur = -1
	if !s.myTurn() || !s.coaching() {
		return
	}
	if !t.done[lessonRepair] && s.lessonPossible(lessonRepair) {
		// A computer player broke the player's tool: mending it comes
		// first (nothing else but passing is possible with it broken).
		t.cur = lessonRepair
		return
	}
	for l := lessonPath; l < lessonCount; l++ {
		if !t.done[l] && s.lessonPossible(l) {
			t.cur = l
			return
		}
	}
}

// lessonPossible reports whether the player could make lesson l's move now.
func (s *boardScene) lessonPossible(l lesson) bool {
	v := &s.mine
	if s.me < 0 || len(v.Broken) <= s.me {
		return false
	}
	for _, h := range s.hand {
		c := h.card
		switch {
		case l == lessonPass:
			return true
		case (l == lessonPath || l == lessonTurn) && c.Kind == saboteur.Path && v.Broken[s.me] == 0:
			if l == lessonTurn && c.Rotated() == c {
				continue
			}
			for _, p := range v.Board.Placements(nil, c, v.Options.ConnectToStart) {
				if l == lessonPath || p.Card == c.Rotated() {
					return true
				}
			}
		case l == lessonBreak && c.Kind == saboteur.Broken:
			for t, b := range v.Broken {
				if t != s.me && b&c.Tools == 0 {
					return true
				}
			}
		case l == lessonRepair && c.Kind == saboteur.Repair && v.Broken[s.me]&c.Tools != 0:
			return true // the player's own tool, broken by another (tutorBreaker)
		case l == lessonMap && c.Kind == saboteur.Map:
			for i := range saboteur.GoalCells {
				if !v.Board.GoalFaceUp(i) {
					return true
				}
			}
		case l == lessonRockfall && c.Kind == saboteur.Rockfall:
			return v.Board.PathCards() > 0
		}
	}
	return false
}

// tutorAllows reports whether move m of hand card idx is the lesson asked
// for (any move once every lesson is done, or when none is possible now).
func (s *boardScene) tutorAllows(idx int, m saboteur.Move) bool {
	t := s.m.tutor
	if !s.coaching() || t.cur < 0 {
		return true
	}
	c := s.hand[idx]
	switch t.cur {
	case lessonPath:
		return m.Type == saboteur.Play && c.card.Kind == saboteur.Path
	case lessonTurn:
		return m.Type == saboteur.Play && c.card.Kind == saboteur.Path && c.turned
	case lessonBreak:
		return m.Type == saboteur.Play && c.card.Kind == saboteur.Broken
	case lessonRepair:
		return m.Type == saboteur.Play && c.card.Kind == saboteur.Repair && m.Target == s.me
	case lessonMap:
		return m.Type == saboteur.Play && c.card.Kind == saboteur.Map
	case lessonRockfall:
		return m.Type == saboteur.Play && c.card.Kind == saboteur.Rockfall
	case lessonPass:
		return m.Type == saboteur.Discard
	}
	return true
}

// tutorPlayed marks the lesson asked for as done (its move was accepted).
func (s *boardScene) tutorPlayed() {
	if t := s.m.tutor; t != nil && t.cur >= 0 {
		t.done[t.cur], t.cur = true, -1
	}
}

// coaching reports whether the coach is on: the guided game's first
// round (the rounds after it are a normal game).
func (s *boardScene) coaching() bool { return s.m.tutor != nil && s.view.Round <= 1 }

// coachH is the height of the coach's band above the maze (layout units).
const coachH = 92

// coachRect is the coach's box, in its band above the maze.
func (s *boardScene) coachRect(a *scenes.App) scenes.Rect {
	mr := s.L.maze
	w := min(mr.W-a.U(20), a.U(640))
	return scenes.R(mr.Cx()-w/2, mr.Y-a.U(coachH)+a.U(4), w, a.U(coachH)-a.U(8))
}

// drawCoach draws the lesson asked for, or the word that every move has
// been tried.
func (s *boardScene) drawCoach(a *scenes.App, dst *ebiten.Image) {
	t := s.m.tutor
	if !s.coaching() || s.ended != nil || s.curtain {
		return
	}
	text := ""
	switch {
	case t.left() == 0:
		text = a.T("scene.tutorial.done")
	case t.cur >= 0:
		text = a.T(lessonKeys[t.cur])
	case s.view.Turn != s.me:
		text = a.T("scene.tutorial.watch")
	default:
		return
	}
	r := s.coachRect(a)
	s.p.Round(dst, r, a.U(10), scenes.ColPanel, a.U(2), scenes.ColGold)
	head := a.T("scene.tutorial.title", "done", int(lessonCount)-t.left(), "total", int(lessonCount))
	scenes.DrawText(a, dst, head, a.U(13), r.Cx(), r.Y+a.U(14), scenes.AlignCenter, scenes.ColGold)
	scenes.DrawWrapped(a, dst, text, a.U(15), r.Cx(), r.Y+a.U(26), r.W-a.U(24), scenes.AlignCenter, scenes.ColText)
}
