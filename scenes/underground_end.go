package scenes

import (
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// ugEndScene is Underground's final scoring (U10): the standings with every
// player's coins (revealed now) and race tokens on the board, the
// tie-break when it decides (U10.2: the most tokens on the board; UR13:
// a full tie is shared), and a chart of each player's coins at the end of
// every game turn, from the public coin events.
type ugEndScene struct {
	p      painter
	m      *ugMatch
	t      int
	order  []int
	finals []int
	tokens []int
	tie    string
	header string
	again  button
	menu   button
}

func newUGEndScene(a *App, m *ugMatch) *ugEndScene {
	s := &ugEndScene{m: m}
	n := len(m.names)
	s.finals, s.tokens = make([]int, n), make([]int, n)
	copy(s.finals, m.st.coins)
	if e := m.st.over; e != nil {
		copy(s.finals, e.Finals)
		copy(s.tokens, e.OnBoard)
	}
	for i := 0; i < n; i++ {
		s.order = append(s.order, i)
	}
	slices.SortStableFunc(s.order, func(x, y int) int {
		if s.finals[x] != s.finals[y] {
			return s.finals[y] - s.finals[x]
		}
		return s.tokens[y] - s.tokens[x]
	})
	var winners []string
	if e := m.st.over; e != nil {
		for _, w := range e.Winners {
			winners = append(winners, m.name(w))
		}
	}
	switch {
	case len(winners) == 1:
		s.header = a.T("ug.end.winner", "name", winners[0])
	case len(winners) > 1:
		s.header = a.T("ug.end.shared", "names", strings.Join(winners, ", "))
	default:
		s.header = a.T("ug.status.over")
	}
	if n > 1 && s.finals[s.order[0]] == s.finals[s.order[1]] {
		if len(winners) == 1 {
			s.tie = a.T("ug.end.tiebreak", "name", winners[0], "n", s.tokens[s.order[0]])
		} else {
			s.tie = a.T("ug.end.fulltie")
		}
	}
	return s
}

func (s *ugEndScene) Name() string { return "ug-end" }

func (s *ugEndScene) layout(a *App) {
	w, h := float64(a.w), float64(a.h)
	u := a.U
	s.again = button{r: rect{w/2 + u(20), h - u(74), u(300), u(52)}, label: a.T("ug.end.again"), enabled: true, primary: true}
	s.menu = button{r: rect{w/2 - u(320), h - u(74), u(300), u(52)}, label: a.T("scene.final.menu"), enabled: true}
	if a.RTL() {
		s.again.r, s.menu.r = s.menu.r, s.again.r
	}
}

func (s *ugEndScene) Update(a *App) error {
	s.t++
	s.layout(a)
	if s.t == 1 {
		s.m.close() // the game is over: the computer players are done
	}
	if a.cfg.ExitAfterGame && s.t > 60 {
		a.Quit(0)
		return nil
	}
	if s.again.clicked(a) || a.Key(ebiten.KeyEnter) {
		st := s.m.setup
		st.Seed = 0
		m, err := newUGMatch(a, st)
		if err == nil {
			a.GoTo(newUGPlayScene(a, m))
			return nil
		}
		a.GoTo(newMenuScene(a))
		return nil
	}
	if s.menu.clicked(a) || a.Key(ebiten.KeyEscape) {
		a.GoTo(newMenuScene(a))
	}
	return nil
}

func (s *ugEndScene) Draw(a *App, dst *ebiten.Image) {
	s.layout(a)
	drawTableBackground(a, &s.p, dst)
	w, h := float64(a.w), float64(a.h)
	u := a.U
	drawText(a, dst, a.T("ug.end.title"), u(22), w/2, u(30), alignCenter, colTextDim)
	drawText(a, dst, fit(a, s.header, u(32), w-u(60)), u(32), w/2, u(68), alignCenter, colGold)
	top := u(100)
	if s.tie != "" {
		drawText(a, dst, fit(a, s.tie, u(16), w-u(80)), u(16), w/2, top+u(4), alignCenter, colText)
		top += u(24)
	}
	// The standings, on the reader's start side.
	tw := u(420)
	tab := rect{u(40), top + u(10), tw, h - top - u(110)}
	chart := rect{tab.x + tw + u(30), tab.y, w - tw - u(110), tab.h}
	if a.RTL() {
		tab, chart = tab.mirror(w), chart.mirror(w)
	}
	rowH := math.Min(u(64), tab.h/float64(max(len(s.order), 1)))
	for k, seat := range s.order {
		r := rect{tab.x, tab.y + float64(k)*rowH, tab.w, rowH - u(6)}
		edge := colEdge
		if k == 0 {
			edge = colGold
		}
		s.p.round(dst, r, u(8), colPanel, u(2), edge)
		s.p.fill(dst, rect{r.x + u(6), r.y + u(6), u(6), r.h - u(12)}, ugSeatColor(seat))
		if a.RTL() {
			s.p.fill(dst, rect{r.x + r.w - u(12), r.y + u(6), u(6), r.h - u(12)}, ugSeatColor(seat))
		}
		x, al := startOf(a, r, u(22))
		drawText(a, dst, fit(a, a.T("ug.end.place", "n", k+1, "name", s.m.name(seat)), u(18), r.w*0.6), u(18), x, r.y+r.h*0.35, al, colText)
		drawText(a, dst, fit(a, a.T("ug.end.tokens", "n", s.tokens[seat]), u(13), r.w*0.6), u(13), x, r.y+r.h*0.72, al, colTextDim)
		ex, eal := r.x+r.w-u(16), alignEnd
		if a.RTL() {
			ex, eal = r.x+u(16), alignStart
		}
		drawText(a, dst, a.T("ug.end.coins", "n", s.finals[seat]), u(20), ex, r.cy(), eal, colGold)
	}
	s.drawChart(a, dst, chart)
	drawButton(a, &s.p, dst, &s.menu)
	drawButton(a, &s.p, dst, &s.again)
}

// drawChart draws each seat's coins at the end of each game turn as a
// line, game turns along, coins up.
func (s *ugEndScene) drawChart(a *App, dst *ebiten.Image, r rect) {
	u := a.U
	s.p.round(dst, r, u(10), colPanel, u(1), colEdge)
	drawText(a, dst, a.T("ug.end.chart"), u(16), r.cx(), r.y+u(18), alignCenter, colGold)
	rows := s.m.st.byTurn
	if len(rows) == 0 {
		return
	}
	// Points: the start (5 coins each, U2.6), then each game turn's end.
	top := 1
	for _, row := range rows {
		for _, c := range row {
			top = max(top, c)
		}
	}
	plot := rect{r.x + u(50), r.y + u(40), r.w - u(70), r.h - u(80)}
	n := len(rows)
	px := func(k int) float64 { return plot.x + plot.w*float64(k)/float64(max(n, 1)) }
	py := func(c int) float64 { return plot.y + plot.h - plot.h*float64(c)/float64(top) }
	// Axes and a few grid lines.
	for g := 0; g <= 4; g++ {
		c := top * g / 4
		y := py(c)
		s.p.line(dst, plot.x, y, plot.x+plot.w, y, u(1), colEdge)
		drawText(a, dst, a.Num(c), u(12), plot.x-u(8), y, alignEnd, colTextDim)
	}
	for k := 0; k <= n; k++ {
		label := a.Num(k)
		if k == n && len(rows) > 0 {
			label = a.T("ug.end.final")
		}
		drawText(a, dst, label, u(12), px(k), plot.y+plot.h+u(14), alignCenter, colTextDim)
	}
	drawText(a, dst, a.T("ug.end.axis"), u(12), plot.cx(), plot.y+plot.h+u(30), alignCenter, colTextDim)
	for seat := range s.finals {
		prev := ugStartCoins
		for k, row := range rows {
			if seat >= len(row) {
				continue
			}
			s.p.line(dst, px(k), py(prev), px(k+1), py(row[seat]), u(3), ugSeatColor(seat))
			prev = row[seat]
		}
	}
}
