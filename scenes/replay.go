package scenes

import (
	"errors"
	"fmt"
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
)

// The replay viewer (issue 26 item 12): a finished game of the History,
// stepped forward and back move by move from its record (kept in the
// history entry, game.Finished.Record), on the game's own screens with
// every hidden thing open, the game being over. The shell owns the
// controls; each game says what its screens show after k moves (Replay).

// Replayer is a Game whose finished games the box can replay and deal
// again (the History's rows, the final screens' Play again). A game that
// is not one has its History rows listed but not opened.
type Replayer interface {
	// NewReplay reads a finished game's record: an error says why it
	// cannot be replayed (another game's record, bad options, a move that
	// is malformed or illegal: rules.MoveError).
	NewReplay(a *App, rec *rules.Record) (Replay, error)
	// Again deals a new game at rec's table (the same seats with their
	// names, kinds and levels, the same options; a new seed) and opens
	// its first scene.
	Again(a *App, rec *rules.Record) (Scene, error)
}

// Replay is one finished game as its own screens show it, position by
// position: position k is the table after the record's first k moves (0:
// the deal; Len: the end, on the game's final screen).
type Replay interface {
	// Len is the number of moves in the record.
	Len() int
	// Seek sets the position (0 <= k <= Len).
	Seek(a *App, k int)
	// Scene is the game's own screen at the position, with everything
	// hidden open; the viewer draws it, and updates it only at the end
	// (the final screen, whose Play again and Menu then work).
	Scene() Scene
	// Open is one line of what was hidden at the position (roles, sealed
	// choices), "" when nothing is.
	Open(a *App) string
	// Scores are the scores at the position: the final scores at Len.
	Scores() []int
}

// ReplayScene is the replay viewer: the game's screen at the position
// above a bar of controls: first, back, forward, last (Home, Left, Right,
// End; mirrored right to left), the move count and mover, what is open,
// Play again and Back (Esc). A record that cannot be replayed is said so.
type ReplayScene struct {
	p      Painter
	back   Scene
	rec    *rules.Record
	game   Replayer
	R      Replay // nil when the record cannot be replayed (Err)
	Err    error
	Pos    int
	First  Button
	Prev   Button
	Next   Button
	Last   Button
	Again  Button
	Back   Button
	bar    Rect
	status string
}

// ErrNoRecord is the replay of a history entry without its record.
var ErrNoRecord = errors.New("scenes: this game's record is missing")

// NewReplayScene opens the replay of finished game f; Back (Esc) returns
// to back.
func NewReplayScene(a *App, f game.Finished, back Scene) *ReplayScene {
	s := &ReplayScene{back: back, rec: f.Record}
	if f.Record == nil {
		s.Err = ErrNoRecord
		return s
	}
	g, ok := a.GameByID(f.Record.Game).(Replayer)
	if !ok {
		s.Err = fmt.Errorf("scenes: %q: this app cannot replay that game", f.Record.Game)
		return s
	}
	s.game = g
	s.R, s.Err = g.NewReplay(a, f.Record)
	if s.Err != nil {
		s.R = nil
		return s
	}
	s.R.Seek(a, 0)
	return s
}

func (s *ReplayScene) Name() string { return "replay" }

// replayBarH is the height of the controls' bar in pixels.
func replayBarH(a *App) float64 { return a.U(96) }

func (s *ReplayScene) layout(a *App) {
	w, h := float64(a.W), float64(a.H)
	bh := replayBarH(a)
	s.bar = Rect{0, h - bh, w, bh}
	y := h - a.U(56)
	bw, sw, gap := a.U(150), a.U(64), a.U(8)
	n := 0
	if s.R != nil {
		n = s.R.Len()
	}
	on := s.R != nil
	// The four steps are drawn as arrows (drawArrows), no label.
	s.First = Button{R: Rect{a.U(12), y, sw, a.U(46)}, Enabled: on && s.Pos > 0}
	s.Prev = Button{R: Rect{a.U(12) + sw + gap, y, sw, a.U(46)}, Enabled: on && s.Pos > 0}
	s.Next = Button{R: Rect{a.U(12) + 2*(sw+gap), y, sw, a.U(46)}, Enabled: on && s.Pos < n, Primary: true}
	s.Last = Button{R: Rect{a.U(12) + 3*(sw+gap), y, sw, a.U(46)}, Enabled: on && s.Pos < n}
	s.Back = Button{R: Rect{w - a.U(12) - bw, y, bw, a.U(46)}, Label: a.T("scene.back"), Enabled: true}
	s.Again = Button{R: Rect{w - a.U(12) - 2*bw - gap, y, bw, a.U(46)}, Label: a.T("scene.final.again"), Enabled: s.game != nil && s.rec != nil}
	if a.RTL() {
		// Right to left the game runs from right to left: the first
		// position on the right, the arrows pointing the way they go.
		for _, b := range []*Button{&s.First, &s.Prev, &s.Next, &s.Last, &s.Back, &s.Again} {
			b.R = b.R.Mirror(w)
		}
	}
}

// Seek moves to position k, kept inside the record.
func (s *ReplayScene) Seek(a *App, k int) {
	if s.R == nil {
		return
	}
	k = max(0, min(k, s.R.Len()))
	if k != s.Pos {
		s.Pos = k
		s.R.Seek(a, k)
	}
}

func (s *ReplayScene) Update(a *App) error {
	s.layout(a)
	fwd, bwd := ebiten.KeyArrowRight, ebiten.KeyArrowLeft
	if a.RTL() {
		fwd, bwd = bwd, fwd
	}
	switch {
	case s.First.Clicked(a) || a.Key(ebiten.KeyHome):
		s.Seek(a, 0)
	case s.Prev.Clicked(a) || a.Key(bwd):
		s.Seek(a, s.Pos-1)
	case s.Next.Clicked(a) || a.Key(fwd):
		s.Seek(a, s.Pos+1)
	case s.Last.Clicked(a) || a.Key(ebiten.KeyEnd):
		if s.R != nil {
			s.Seek(a, s.R.Len())
		}
	case s.Again.Clicked(a):
		next, err := s.game.Again(a, s.rec)
		if err != nil {
			s.Err = err
			return nil
		}
		a.GoTo(next)
	case s.Back.Clicked(a) || a.Key(ebiten.KeyEscape):
		a.GoTo(s.back)
	case s.R != nil && s.Pos == s.R.Len():
		// At the end the game's final screen is live: its own Play again
		// and Menu work as after a game played.
		h := a.H
		a.H = int(s.bar.Y)
		err := s.R.Scene().Update(a)
		a.H = h
		return err
	}
	return nil
}

func (s *ReplayScene) Draw(a *App, dst *ebiten.Image) {
	s.layout(a)
	w := float64(a.W)
	if s.R == nil {
		DrawTableBackground(a, &s.p, dst)
		DrawText(a, dst, a.T("scene.replay.title"), a.U(34), w/2, a.U(50), AlignCenter, ColGold)
		DrawWrapped(a, dst, a.T("scene.replay.unreadable", "error", s.Err.Error()), a.U(16), w/2, a.U(110), w-a.U(80), AlignCenter, ColBad)
	} else {
		// The game's screen has the window above the bar: it lays out for
		// that height.
		h := a.H
		a.H = int(s.bar.Y)
		s.R.Scene().Draw(a, dst.SubImage(image.Rect(0, 0, a.W, a.H)).(*ebiten.Image))
		a.H = h
	}
	s.p.Fill(dst, s.bar, ColPanel)
	s.p.Fill(dst, Rect{0, s.bar.Y, w, a.U(2)}, ColEdge)
	if s.R != nil {
		in := Rect{a.U(12), s.bar.Y, w - a.U(24), a.U(36)}
		x, al := StartOf(a, in, 0)
		DrawText(a, dst, Fit(a, s.Line(a), a.U(15), in.W), a.U(15), x, in.Cy(), al, ColText)
		mid := Rect{s.Last.R.X + s.Last.R.W + a.U(12), s.Next.R.Y, s.Again.R.X - s.Last.R.X - s.Last.R.W - a.U(24), s.Next.R.H}
		if a.RTL() {
			mid = Rect{s.Again.R.X + s.Again.R.W + a.U(12), s.Next.R.Y, s.Last.R.X - s.Again.R.X - s.Again.R.W - a.U(24), s.Next.R.H}
		}
		DrawText(a, dst, Fit(a, s.Count(a), a.U(16), mid.W), a.U(16), mid.Cx(), mid.Cy(), AlignCenter, ColGold)
	}
	for _, b := range []*Button{&s.First, &s.Prev, &s.Next, &s.Last, &s.Again, &s.Back} {
		DrawButton(a, &s.p, dst, b)
	}
	s.drawArrows(a, dst)
}

// drawArrows draws the step buttons' arrows: back and first point to the
// start (left, or right in a right-to-left language), with a bar for
// first and last.
func (s *ReplayScene) drawArrows(a *App, dst *ebiten.Image) {
	dir := 1.0
	if a.RTL() {
		dir = -1
	}
	for _, b := range []struct {
		r   Rect
		on  bool
		dir float64
		bar bool
	}{{s.First.R, s.First.Enabled, -dir, true}, {s.Prev.R, s.Prev.Enabled, -dir, false}, {s.Next.R, s.Next.Enabled, dir, false}, {s.Last.R, s.Last.Enabled, dir, true}} {
		c := ColText
		if !b.on {
			c = ColTextDim
		}
		cx, cy, d, lw := b.r.Cx(), b.r.Cy(), a.U(8), a.U(3)
		// A chevron pointing dir, and the bar beyond its tip.
		s.p.Line(dst, cx-d*b.dir*0.6, cy-d, cx+d*b.dir*0.6, cy, lw, c)
		s.p.Line(dst, cx+d*b.dir*0.6, cy, cx-d*b.dir*0.6, cy+d, lw, c)
		if b.bar {
			x := cx + d*b.dir*1.3
			s.p.Line(dst, x, cy-d, x, cy+d, lw, c)
		}
	}
}

// Count is the bar's position: "Move 12 of 240: Ann", "The deal",
// "The end".
func (s *ReplayScene) Count(a *App) string {
	n := s.R.Len()
	switch {
	case s.Pos == 0:
		return a.T("scene.replay.deal", "n", n)
	case s.Pos == n:
		return a.T("scene.replay.end", "n", n)
	}
	seat := s.rec.Moves[s.Pos-1].Seat
	return a.T("scene.replay.move", "k", s.Pos, "n", n, "name", LocalName(a, s.rec.Seats[seat].Name))
}

// Line is the bar's line of what is open at the position, or the final
// scores at the end.
func (s *ReplayScene) Line(a *App) string {
	if s.Pos == s.R.Len() {
		f := game.Finished{Scores: s.R.Scores(), Record: s.rec}
		return a.T("scene.replay.scores", "scores", (&HistoryScene{}).Line(a, f))
	}
	return s.R.Open(a)
}

// ReplayPositions replays finished record rec with g, calling note with the
// match at every position (0: the deal, with its opening events; then
// after each move, with the events it caused, unredacted). It returns the
// match at the end, or an error naming the first move that is malformed
// or illegal (rules.MoveError), or saying the game is not over.
func ReplayPositions(g rules.Game, rec *rules.Record, note func(m rules.Match, evs []rules.Event)) (rules.Match, error) {
	if rec.Game != g.ID() {
		return nil, fmt.Errorf("record: game: %q, replayed as %q", rec.Game, g.ID())
	}
	m, err := g.New(len(rec.Seats), rec.Options, rec.Seed)
	if err != nil {
		return nil, err
	}
	note(m, rules.OpeningOf(m))
	for k, rm := range rec.Moves {
		mv, err := g.DecodeMove(rm.Move)
		var evs []rules.Event
		if err == nil {
			evs, err = m.Apply(rm.Seat, mv)
		}
		if err != nil {
			return nil, &rules.MoveError{Index: k, Seat: rm.Seat, Err: err}
		}
		note(m, evs)
	}
	if !m.Over() {
		return nil, fmt.Errorf("record: the %s game is not over", rec.Game)
	}
	return m, nil
}
