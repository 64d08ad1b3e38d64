package underground

import (
	"math"
	"slices"
	"strings"

	"github.com/goldvein/goldvein/scenes"
	"github.com/hajimehoshi/ebiten/v2"
)

// ugEndScene is Underground's final scoring (U10): the standings with every
// player's coins (revealed now) and race tokens on the board, the
// tie-break when it decides (U10.2: the most tokens on the board; UR13:
// a full tie is shared), and a chart of each player's coins at the end of
// every game turn, from the public coin events.
type ugEndScene struct {
	p      scenes.Painter
	m      *ugMatch
	t      int
	order  []int
	finals []int
	tokens []int
	tie    string
	header string
	again  scenes.Button
	menu   scenes.Button
}

func newUGEndScene(a *scenes.App, m *ugMatch) *ugEndScene {
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

func (s *ugEndScene) layout(a *scenes.App) {
	w, h := float64(a.W), float64(a.H)
	u := a.U
	s.again = scenes.Button{R: scenes.R(w/2+u(20), h-u(74), u(300), u(52)), Label: a.T("ug.end.again"), Enabled: true, Primary: true}
	s.menu = scenes.Button{R: scenes.R(w/2-u(320), h-u(74), u(300), u(52)), Label: a.T("scene.final.menu"), Enabled: true}
	if a.RTL() {
		s.again.R, s.menu.R = s.menu.R, s.again.R
	}
}

func (s *ugEndScene) Update(a *scenes.App) error {
	s.t++
	s.layout(a)
	if s.t == 1 {
		s.m.close() // the game is over: the computer players are done
	}
	if a.Cfg.ExitAfterGame && s.t > 60 {
		a.Quit(0)
		return nil
	}
	if s.again.Clicked(a) || a.Key(ebiten.KeyEnter) {
		st := s.m.setup
		st.Seed = 0
		m, err := newUGMatch(a, st)
		if err == nil {
			a.GoTo(newUGPlayScene(a, m))
			return nil
		}
		a.GoTo(scenes.NewMenuScene(a))
		return nil
	}
	if s.menu.Clicked(a) || a.Key(ebiten.KeyEscape) {
		a.GoTo(scenes.NewMenuScene(a))
	}
	return nil
}

func (s *ugEndScene) Draw(a *scenes.App, dst *ebiten.Image) {
	s.layout(a)
	scenes.DrawTableBackground(a, &s.p, dst)
	w, h := float64(a.W), float64(a.H)
	u := a.U
	scenes.DrawText(a, dst, a.T("ug.end.title"), u(22), w/2, u(30), scenes.AlignCenter, scenes.ColTextDim)
	scenes.DrawText(a, dst, scenes.Fit(a, s.header, u(32), w-u(60)), u(32), w/2, u(68), scenes.AlignCenter, scenes.ColGold)
	top := u(100)
	if s.tie != "" {
		scenes.DrawText(a, dst, scenes.Fit(a, s.tie, u(16), w-u(80)), u(16), w/2, top+u(4), scenes.AlignCenter, scenes.ColText)
		top += u(24)
	}
	// The standings, on the reader's start side.
	tw := u(420)
	tab := scenes.R(u(40), top+u(10), tw, h-top-u(110))
	chart := scenes.R(tab.X+tw+u(30), tab.Y, w-tw-u(110), tab.H)
	if a.RTL() {
		tab, chart = tab.Mirror(w), chart.Mirror(w)
	}
	rowH := math.Min(u(64), tab.H/float64(max(len(s.order), 1)))
	for k, seat := range s.order {
		r := scenes.R(tab.X, tab.Y+float64(k)*rowH, tab.W, rowH-u(6))
		edge := scenes.ColEdge
		if k == 0 {
			edge = scenes.ColGold
		}
		s.p.Round(dst, r, u(8), scenes.ColPanel, u(2), edge)
		s.p.Fill(dst, scenes.R(r.X+u(6), r.Y+u(6), u(6), r.H-u(12)), ugSeatColor(a, seat))
		if a.RTL() {
			s.p.Fill(dst, scenes.R(r.X+r.W-u(12), r.Y+u(6), u(6), r.H-u(12)), ugSeatColor(a, seat))
		}
		x, al := scenes.StartOf(a, r, u(22))
		scenes.DrawText(a, dst, scenes.Fit(a, a.T("ug.end.place", "n", k+1, "name", s.m.name(seat)), u(18), r.W*0.6), u(18), x, r.Y+r.H*0.35, al, scenes.ColText)
		scenes.DrawText(a, dst, scenes.Fit(a, a.T("ug.end.tokens", "n", s.tokens[seat]), u(13), r.W*0.6), u(13), x, r.Y+r.H*0.72, al, scenes.ColTextDim)
		ex, eal := r.X+r.W-u(16), scenes.AlignEnd
		if a.RTL() {
			ex, eal = r.X+u(16), scenes.AlignStart
		}
		scenes.DrawText(a, dst, a.T("ug.end.coins", "n", s.finals[seat]), u(20), ex, r.Cy(), eal, scenes.ColGold)
	}
	s.drawChart(a, dst, chart)
	scenes.DrawButton(a, &s.p, dst, &s.menu)
	scenes.DrawButton(a, &s.p, dst, &s.again)
}

// drawChart draws each seat's coins at the end of each game turn as a
// line, game turns along, coins up.
func (s *ugEndScene) drawChart(a *scenes.App, dst *ebiten.Image, r scenes.Rect) {
	u := a.U
	s.p.Round(dst, r, u(10), scenes.ColPanel, u(1), scenes.ColEdge)
	scenes.DrawText(a, dst, a.T("ug.end.chart"), u(16), r.Cx(), r.Y+u(18), scenes.AlignCenter, scenes.ColGold)
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
	plot := scenes.R(r.X+u(50), r.Y+u(40), r.W-u(70), r.H-u(80))
	n := len(rows)
	px := func(k int) float64 { return plot.X + plot.W*float64(k)/float64(max(n, 1)) }
	py := func(c int) float64 { return plot.Y + plot.H - plot.H*float64(c)/float64(top) }
	// Axes and grid lines at round numbers (5, 10, 20, 25, 50, ...).
	step := ugTickStep(top)
	top = (top + step - 1) / step * step
	for c := 0; c <= top; c += step {
		y := py(c)
		s.p.Line(dst, plot.X, y, plot.X+plot.W, y, u(1), scenes.ColEdge)
		scenes.DrawText(a, dst, a.Num(c), u(12), plot.X-u(8), y, scenes.AlignEnd, scenes.ColTextDim)
	}
	for k := 0; k <= n; k++ {
		label := a.Num(k)
		if k == n && len(rows) > 0 {
			label = a.T("ug.end.final")
		}
		scenes.DrawText(a, dst, label, u(12), px(k), plot.Y+plot.H+u(14), scenes.AlignCenter, scenes.ColTextDim)
	}
	scenes.DrawText(a, dst, a.T("ug.end.axis"), u(12), plot.Cx(), plot.Y+plot.H+u(30), scenes.AlignCenter, scenes.ColTextDim)
	for seat := range s.finals {
		prev := ugStartCoins
		for k, row := range rows {
			if seat >= len(row) {
				continue
			}
			s.p.Line(dst, px(k), py(prev), px(k+1), py(row[seat]), u(3), ugSeatColor(a, seat))
			prev = row[seat]
		}
	}
}

// ugTickStep is the step between the chart's grid lines for coins up to
// top: a round number (1, 2, 5 or 25 times a power of ten) giving at most
// five lines above zero.
func ugTickStep(top int) int {
	for p := 1; ; p *= 10 {
		for _, k := range [...]int{1, 2, 5, 10, 25} {
			if top <= 5*k*p {
				return k * p
			}
		}
	}
}
