package saboteur

import (
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// lastPlay is a seat's last play on the maze this round: where, when
// (board ticks), and for a rockfall the card it removed.
type lastPlay struct {
	on      bool
	cell    saboteur.Cell
	t       int
	removed saboteur.Card
	rock    bool
}

// glowTicks is how long a seat's last play glows at full strength before
// it fades to a faint mark (kept until the seat plays again).
const glowTicks = 480

// seatColours mark each seat's last play on the maze and the seat's panel.
var seatColours = [saboteur.MaxPlayers]color.RGBA{
	{0x4f, 0xc3, 0xf7, 0xff}, {0xff, 0x8a, 0x65, 0xff}, {0xba, 0x68, 0xc8, 0xff}, {0x81, 0xc7, 0x84, 0xff},
	{0xf0, 0x62, 0x92, 0xff}, {0xff, 0xd5, 0x4f, 0xff}, {0x4d, 0xb6, 0xac, 0xff}, {0xa1, 0x88, 0x7f, 0xff},
	{0x90, 0xa4, 0xae, 0xff}, {0xdc, 0xe7, 0x75, 0xff},
}

func seatColour(seat int) color.RGBA { return seatColours[seat%len(seatColours)] }

// markPlay records seat's play at cell (apply).
func (s *boardScene) markPlay(seat int, cell saboteur.Cell, removed *saboteur.Card) {
	if seat < 0 || seat >= len(s.plays) {
		return
	}
	lp := lastPlay{on: true, cell: cell, t: s.ticks}
	if removed != nil {
		lp.removed, lp.rock = *removed, true
	}
	s.plays[seat] = lp
}

// playsFromLog marks the last plays of the round on screen from the log
// (a continued game opens with them already faint).
func (s *boardScene) playsFromLog() {
	for _, l := range s.m.log[max(s.roundStartEntry(), 0):] {
		e := l.ev
		switch e.Type {
		case saboteur.Placed, saboteur.MapPlayed:
			c, _ := logCell(e)
			s.markPlay(e.Seat, c, nil)
		case saboteur.RockFell:
			card := e.Card
			s.markPlay(e.Seat, e.At, &card)
		}
	}
	for i := range s.plays {
		s.plays[i].t = -glowTicks * 2
	}
}

// drawPlays marks each seat's last play on the maze: a frame in the
// seat's colour with its initial, bright at first and then faint; a
// rockfall leaves a ghost of the card it removed, crossed out, until
// something else lies there.
func (s *boardScene) drawPlays(a *scenes.App, dst *ebiten.Image) {
	mr := s.L.maze
	for seat, lp := range s.plays {
		if !lp.on || s.hidden(lp.cell) {
			continue
		}
		r := s.cellRect(a, lp.cell)
		if r.X+r.W < mr.X || r.Y+r.H < mr.Y || r.X > mr.X+mr.W || r.Y > mr.Y+mr.H {
			continue
		}
		k := math.Max(0.3, 1-float64(s.ticks-lp.t)/glowTicks)
		c := seatColour(seat)
		if lp.rock && !s.tileAt(lp.cell) {
			s.p.Image(dst, s.cardImg(a, lp.removed), r.X, r.Y, 1, 1, float32(0.25+0.35*k))
			x := scenes.ColBad
			x.A = uint8(255 * (0.4 + 0.6*k))
			s.p.Line(dst, r.X+r.W*0.2, r.Y+r.H*0.2, r.X+r.W*0.8, r.Y+r.H*0.8, a.U(3), x)
			s.p.Line(dst, r.X+r.W*0.8, r.Y+r.H*0.2, r.X+r.W*0.2, r.Y+r.H*0.8, a.U(3), x)
		}
		c.A = uint8(255 * k)
		s.p.Frame(dst, r.Inset(-a.U(1)), a.U(2)+a.U(2)*k, c)
		// The seat's badge in the corner: who played here. Seats whose
		// last plays share the cell (a card laid, then a rockfall on it)
		// put their badges side by side along the top edge.
		n := 0
		for o := range seat {
			if s.plays[o].on && s.plays[o].cell == lp.cell {
				n++
			}
		}
		b := scenes.R(r.X+a.U(2)+float64(n)*a.U(18), r.Y+a.U(2), a.U(16), a.U(16))
		s.p.Round(dst, b, a.U(4), c, 0, c)
		ink := scenes.ColTextDark
		ink.A = c.A
		scenes.DrawText(a, dst, s.initial(seat), a.U(11), b.Cx(), b.Cy(), scenes.AlignCenter, ink)
	}
	if s.flashT > 0 {
		r := s.cellRect(a, s.flash)
		c := scenes.ColGold
		c.A = uint8(255 * (0.5 + 0.5*math.Abs(math.Sin(float64(s.flashT)/6))))
		s.p.Frame(dst, r.Inset(-a.U(3)), a.U(4), c)
	}
}

// initial is seat's mark on the maze: the first letter of its name and,
// for names that end in a number ("Bot 3"), that number.
func (s *boardScene) initial(seat int) string {
	if seat < len(s.initials) && s.initials[seat] != "" {
		return s.initials[seat]
	}
	return "?"
}

// makeInitials writes every seat's mark once per name change.
func (s *boardScene) makeInitials() {
	s.initials = s.initials[:0]
	for i := range s.view.Options.Players {
		r := []rune(s.m.name(i))
		mark := "?"
		if len(r) > 0 {
			mark = string(r[0])
			if last := r[len(r)-1]; len(r) > 1 && ('0' <= last && last <= '9' || '۰' <= last && last <= '۹') {
				mark += string(last)
			}
		}
		s.initials = append(s.initials, mark)
	}
}

func (s *boardScene) tileAt(c saboteur.Cell) bool {
	for _, t := range s.tiles {
		if t.At == c {
			return true
		}
	}
	return false
}

// The board's log is the shell's scenes.Log (issue 25 item 3), a line per
// entry of the game's log (m.log, gamelog.go): line i is entry i, written
// from the viewer's side in the app's language, with its card's picture
// (logIcon), the rounds apart on gold separators, older lines dim and the
// newest bright. The lines are written again when the language, a name or
// the game's log itself (Undo, Continue) changes.

// syncLog brings the board's log up to the game's: the entries added since
// the last frame, or every line again after a change of language, of a
// name or of the game's log. A steady frame allocates nothing.
func (s *boardScene) syncLog(a *scenes.App) {
	if s.logGen != s.m.logGen || s.logLang != a.Cat.Lang() || s.log.Len() > len(s.m.log) || !slices.Equal(s.logNames, s.m.names) {
		s.log.Reset()
		s.logGen, s.logLang = s.m.logGen, a.Cat.Lang()
		s.logNames = append(s.logNames[:0], s.m.names...)
		s.log.IconW, s.log.Size, s.log.Pitch = logIconW, logTextSize, logPitch
		s.log.Newest, s.log.Icon = scenes.ColText, s.logIcon
	}
	for i := s.log.Len(); i < len(s.m.log); i++ {
		s.log.Add(s.logLine(a, i))
	}
}

// logIconW is the room for a line's card picture, logTextSize and logPitch
// the log's text size and row height (layout units): a dense log, as before.
const (
	logIconW    = 15
	logTextSize = 12.5
	logPitch    = 17
)

// logLine is the board's log line for entry i: the round separators in
// gold, every other line dim (the newest bright: Log.Newest) with its cell
// when it has one; a click on a line with a cell flashes it (Ref: i).
func (s *boardScene) logLine(a *scenes.App, i int) scenes.LogLine {
	e := s.m.log[i].ev
	text := logText(a, s.m, s.m.log[i])
	if e.Type == saboteur.RoundStarted && s.m.log[i].notice == "" {
		return scenes.LogLine{Text: text, Color: scenes.ColGold, Ref: -1, Sep: true}
	}
	ref := -1
	if c, ok := logCell(e); ok && s.m.log[i].notice == "" {
		// The cell as one left-to-right unit ("-1,2"), so a minus sign or
		// the comma never reads as a decimal point in Persian.
		text = a.T("scene.log.at", "text", text, "cell", a.Num(c.X)+","+a.Num(c.Y))
		ref = i
	}
	return scenes.LogLine{Text: text, Color: scenes.ColTextDim, Ref: ref}
}

// logIcon draws the picture of line i's card (logCard), centred in box.
func (s *boardScene) logIcon(a *scenes.App, dst *ebiten.Image, i int, box scenes.Rect) {
	if i >= len(s.m.log) || s.m.log[i].notice != "" {
		return
	}
	c, ok := logCard(s.m.log[i].ev)
	if !ok {
		return
	}
	art := cardArt(a, int(a.U(11)))
	img := art.Card(c)
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	s.p.Image(dst, img, box.Cx()-float64(w)/2, box.Cy()-float64(h)/2, 1, 1, 1)
}

// drawLog draws the board's log in its panel.
func (s *boardScene) drawLog(a *scenes.App, dst *ebiten.Image) {
	s.syncLog(a)
	s.log.Draw(a, &s.p, dst, s.L.log, a.T("scene.log.title"))
}

// logInput scrolls the log (the wheel over it, a drag in it, Page Up,
// Page Down, End) and flashes the cell of a clicked line and the line.
func (s *boardScene) logInput(a *scenes.App) {
	s.syncLog(a)
	i := s.log.Update(a, s.L.log, true)
	if i < 0 || i >= len(s.m.log) {
		return
	}
	// Only this round's lines: an older round's cell is not on this maze.
	if c, ok := logCell(s.m.log[i].ev); ok && i > s.roundStartEntry() {
		s.flashAt(a, c, i)
	}
}

// roundStartEntry is the log index of the round on screen's separator.
func (s *boardScene) roundStartEntry() int {
	for i := len(s.m.log) - 1; i >= 0; i-- {
		if e := s.m.log[i].ev; e.Type == saboteur.RoundStarted && e.Round <= s.view.Round {
			return i
		}
	}
	return -1
}

// flashAt makes maze cell c blink for a moment, in view.
func (s *boardScene) flashAt(a *scenes.App, c saboteur.Cell, entry int) {
	s.flash, s.flashT = c, 100
	s.log.Flash(entry, 100)
	r := s.cellRect(a, c)
	mr := s.L.maze
	if r.X < mr.X || r.Y < mr.Y || r.X+r.W > mr.X+mr.W || r.Y+r.H > mr.Y+mr.H {
		s.camX, s.camY, s.zoomed = float64(c.X), float64(c.Y), true
	}
}
