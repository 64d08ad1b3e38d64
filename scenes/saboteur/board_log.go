package saboteur

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
	"github.com/goldvein/goldvein/sprites/fonts"
)

// logLine is one wrapped line of the log panel.
type logLine struct {
	s     string
	entry int  // index into match.log
	first bool // the entry's first line: it carries the card's picture
	sep   bool // a round separator
}

// logHit is where a log line was last drawn, for clicks.
type logHit struct {
	r     scenes.Rect
	entry int
}

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
		// The seat's badge in the corner: who played here.
		b := scenes.R(r.X+a.U(2), r.Y+a.U(2), a.U(16), a.U(16))
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

// wrapLog brings the wrapped lines up to the log's entries.
func (s *boardScene) wrapLog(a *scenes.App, tw, size float64) {
	if s.logW != tw || s.logN > len(s.m.log) || s.logLang != a.Cat.Lang() {
		s.logLines, s.logN = s.logLines[:0], 0
	}
	s.logW, s.logLang = tw, a.Cat.Lang()
	added := 0
	for i := s.logN; i < len(s.m.log); i++ {
		e := s.m.log[i].ev
		text := logText(a, s.m, s.m.log[i])
		sep := e.Type == saboteur.RoundStarted
		if sep {
			text = "— " + text + " —"
		} else if c, ok := logCell(e); ok {
			// The cell as one left-to-right unit ("-1,2"), so a minus sign
			// or the comma never reads as a decimal point in Persian.
			text = a.T("scene.log.at", "text", text, "cell", a.Num(c.X)+","+a.Num(c.Y))
		}
		for k, l := range fonts.Wrap(text, size, tw, a.RTL()) {
			s.logLines = append(s.logLines, logLine{s: l, entry: i, first: k == 0, sep: sep})
			added++
		}
	}
	s.logN = len(s.m.log)
	if s.logScroll > 0 {
		s.logScroll += added // keep the lines being read where they are
	}
}

// drawLog draws the log: the newest lines at the bottom (or, scrolled
// back, older ones), each action with its card's picture, the rounds
// apart.
func (s *boardScene) drawLog(a *scenes.App, dst *ebiten.Image) {
	r := s.L.log
	s.p.Round(dst, r, a.U(6), scenes.ColPanel, a.U(1), scenes.ColEdge)
	lh := a.U(17)
	size := a.U(12.5)
	iconW := a.U(14)
	s.wrapLog(a, r.W-a.U(16)-iconW, size)
	rows := max(int((r.H-a.U(10))/lh), 1)
	s.logScroll = min(max(s.logScroll, 0), max(len(s.logLines)-rows, 0))
	rtl := s.L.rtl
	x, al := r.X+a.U(8)+iconW, scenes.AlignStart
	ix := r.X + a.U(8)
	if rtl {
		x, al = r.X+r.W-a.U(8)-iconW, scenes.AlignEnd
		ix = r.X + r.W - a.U(8) - a.U(11)
	}
	art := cardArt(a, int(a.U(11)))
	y := r.Y + r.H - a.U(10) - lh/2
	s.logHits = s.logHits[:0]
	newest := -1
	if len(s.logLines) > 0 {
		newest = s.logLines[len(s.logLines)-1].entry
	}
	for i := len(s.logLines) - 1 - s.logScroll; i >= 0 && y > r.Y+lh/2; i-- {
		l := s.logLines[i]
		s.logHits = append(s.logHits, logHit{r: scenes.R(r.X, y-lh/2, r.W, lh), entry: l.entry})
		col := scenes.ColTextDim
		switch {
		case l.sep:
			col = scenes.ColGold
			scenes.DrawText(a, dst, l.s, size, r.Cx(), y, scenes.AlignCenter, col)
			y -= lh
			continue
		case l.entry == newest:
			col = scenes.ColText
		}
		if s.flashT > 0 && l.entry == s.flashE {
			s.p.Fill(dst, scenes.R(r.X+a.U(3), y-lh/2, r.W-a.U(6), lh), scenes.ColPanelHi)
		}
		if l.first {
			if c, ok := logCard(s.m.log[l.entry].ev); ok {
				s.p.Image(dst, art.Card(c), ix, y-float64(art.Height())/2, 1, 1, 1)
			}
		}
		scenes.DrawText(a, dst, l.s, size, x, y, al, col)
		y -= lh
	}
	if s.logScroll > 0 {
		// Scrolled back: a mark that newer lines wait below.
		scenes.DrawText(a, dst, "▼", size, r.Cx(), r.Y+r.H-a.U(6), scenes.AlignCenter, scenes.ColGold)
	}
}

// logInput scrolls the log (wheel over it, Page Up / Page Down) and
// flashes the cell of a clicked line.
func (s *boardScene) logInput(a *scenes.App) {
	p := &a.Ptr
	if p.WheelY != 0 && s.L.log.In(p.X, p.Y) {
		s.logScroll += int(math.Copysign(3, p.WheelY))
	}
	if a.Key(ebiten.KeyPageUp) {
		s.logScroll += 8
	}
	if a.Key(ebiten.KeyPageDown) {
		s.logScroll -= 8
	}
	if a.Key(ebiten.KeyEnd) {
		s.logScroll = 0
	}
	if !p.Released || !s.L.log.In(p.X, p.Y) || !s.L.log.In(p.StartX, p.StartY) {
		return
	}
	for _, h := range s.logHits {
		if !h.r.In(p.X, p.Y) || h.entry >= len(s.m.log) {
			continue
		}
		// Only this round's lines: an older round's cell is not on this maze.
		if c, ok := logCell(s.m.log[h.entry].ev); ok && h.entry > s.roundStartEntry() {
			s.flashAt(a, c, h.entry)
		}
		return
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
	s.flash, s.flashE, s.flashT = c, entry, 100
	r := s.cellRect(a, c)
	mr := s.L.maze
	if r.X < mr.X || r.Y < mr.Y || r.X+r.W > mr.X+mr.W || r.Y+r.H > mr.Y+mr.H {
		s.camX, s.camY, s.zoomed = float64(c.X), float64(c.Y), true
	}
}
