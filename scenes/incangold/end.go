package incangold

import (
	"image/color"
	"math"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// igRoundEndScene is the end of a round (I8): how it ended (everyone back
// at camp, or the temple collapsed on a second hazard, which is now out of
// the game), what each seat brought home and lost, the gems and artifacts
// left in the temple, and the tent total of this screen's player.
type igRoundEndScene struct {
	p     scenes.Painter
	m     *igMatch
	r     igRound
	round int
	over  bool
	btn   scenes.Button
	t     int
}

func newIGRoundEndScene(a *scenes.App, m *igMatch) *igRoundEndScene {
	s := &igRoundEndScene{m: m, round: m.st.round}
	if n := len(m.st.rounds); n > 0 {
		s.r = m.st.rounds[n-1]
	}
	if it, ok := m.peek(); ok && it.ev.Type == incangold.GameEnded {
		s.over = true
	}
	a.Audio.Play(scenes.SfxRoundEnd)
	return s
}

func (s *igRoundEndScene) Name() string { return "ig-roundend" }

func (s *igRoundEndScene) layout(a *scenes.App) {
	w, h := float64(a.W), float64(a.H)
	label := a.T("scene.roundend.next")
	if s.over {
		label = a.T("scene.roundend.final")
	}
	s.btn = scenes.Button{R: scenes.R(w/2-a.U(160), h-a.U(76), a.U(320), a.U(52)), Label: label, Enabled: true, Primary: true}
}

func (s *igRoundEndScene) Update(a *scenes.App) error {
	s.t++
	s.layout(a)
	// Nobody's decision: the table's, at the round's end.
	d := scenes.Decision{Step: s.m.table.View(-1).Step, Seat: -1}
	if s.btn.Fire(a, "ig.roundend.next", d) || a.Gate.Key(a, ebiten.KeyEnter, d) || a.Gate.Key(a, ebiten.KeySpace, d) ||
		(s.m.autoplay && s.t > int(240/scenes.Speed(a))) {
		s.leave(a)
	}
	return nil
}

// Covered: nothing over the round's end closes by Esc (scenes.Board).
func (s *igRoundEndScene) Covered() bool { return false }

// CanUndo: the round's last choices were revealed (I3.4).
func (s *igRoundEndScene) CanUndo(a *scenes.App) (bool, string) {
	return false, "I3.4 · " + a.T("ig.undo.I3.4")
}

// Undo does nothing (CanUndo is never true).
func (s *igRoundEndScene) Undo(*scenes.App) {}

// Leave ends the table for the main menu (scenes.Leaver).
func (s *igRoundEndScene) Leave(a *scenes.App) {
	s.m.table.Close()
	a.HandTo(-1)
	a.GoTo(scenes.NewMenuScene(a))
}

var _ scenes.Board = (*igRoundEndScene)(nil)

// leave goes on: the game's end to the final scoring, else the next
// round's board.
func (s *igRoundEndScene) leave(a *scenes.App) {
	if s.over {
		for {
			it, ok := s.m.pop()
			if !ok {
				break
			}
			s.m.apply(a, it.ev, 0)
			if it.ev.Type == incangold.GameEnded {
				v := *it.view
				s.m.final = &v
				break
			}
		}
		if s.m.final == nil {
			v := s.m.table.View(-1)
			s.m.final = &v
		}
		a.GoTo(newIGFinalScene(a, s.m))
		return
	}
	a.GoTo(newIGBoardScene(a, s.m))
}

func (s *igRoundEndScene) Settled() bool { return s.t > 20 }

func (s *igRoundEndScene) Draw(a *scenes.App, dst *ebiten.Image) {
	s.layout(a)
	scenes.DrawTableBackground(a, &s.p, dst)
	w := float64(a.W)
	scenes.DrawText(a, dst, a.T("round.number", "n", s.round, "total", incangold.Rounds)+" · "+a.T("round.end"), a.U(18), w/2, a.U(30), scenes.AlignCenter, scenes.ColTextDim)
	title, tc := a.T("ig.end.safe"), scenes.ColGold
	if s.r.bust.IsHazard() {
		title, tc = a.T("ig.end.bust", "hazard", a.T("ig.hazard."+s.r.bust.Kind().String())), colDanger
	}
	scenes.DrawText(a, dst, title, a.U(32), w/2, a.U(70), scenes.AlignCenter, tc)
	y := a.U(108)
	if s.r.bust.IsHazard() {
		art := igArt(a, int(a.U(60)))
		s.p.Image(dst, art.Card(s.r.bust), w/2-float64(art.Width())/2, y, 1, 1, 1)
		y += float64(art.Height()) + a.U(20)
		scenes.DrawText(a, dst, a.T("ig.end.removed", "hazard", a.T("ig.hazard."+s.r.bust.Kind().String())), a.U(15), w/2, y, scenes.AlignCenter, scenes.ColTextDim)
		y += a.U(30)
	}
	// One row per seat: brought home, lost.
	n := len(s.r.banked)
	tw := math.Min(w-a.U(80), a.U(760))
	x0 := (w - tw) / 2
	rowH := math.Min(a.U(40), (float64(a.H)-y-a.U(190))/float64(max(n, 1)))
	M := scenes.NewMirrored(a, dst, w).Rect
	me := -1
	if len(s.m.humans) == 1 {
		me = s.m.humans[0]
	} else if s.m.autoplay {
		me = 0
	}
	for seat := 0; seat < n; seat++ {
		r := scenes.R(x0, y+float64(seat)*rowH, tw, rowH-a.U(4))
		s.p.Round(dst, M(r), a.U(6), scenes.ColPanel, a.U(1), scenes.ColEdge)
		s.p.Fill(dst, M(scenes.R(r.X, r.Y+a.U(4), a.U(5), r.H-a.U(8))), igSeatColors[seat%len(igSeatColors)])
		nx, nal := scenes.StartOf(a, M(r), a.U(16))
		scenes.DrawText(a, dst, scenes.Fit(a, s.m.name(seat), a.U(16), tw*0.35), a.U(16), nx, r.Cy(), nal, scenes.ColText)
		var parts []string
		c := colTurq
		switch {
		case s.r.banked[seat] > 0 || s.r.arts[seat] > 0:
			parts = append(parts, a.N("ig.end.home", s.r.banked[seat]))
			if s.r.arts[seat] > 0 {
				parts = append(parts, a.T("ig.end.artifact", "worth", a.Num(s.r.arts[seat])))
			}
		case s.r.lost[seat] > 0:
			parts, c = append(parts, a.N("ig.end.lost", s.r.lost[seat])), colDanger
		default:
			parts, c = append(parts, a.T("ig.end.nothing")), scenes.ColTextDim
		}
		mid := M(scenes.R(x0+tw*0.38, r.Y, 0, r.H))
		al := scenes.AlignStart
		if a.RTL() {
			al = scenes.AlignEnd
		}
		scenes.DrawText(a, dst, scenes.Fit(a, strings.Join(parts, " · "), a.U(15), tw*0.6), a.U(15), mid.X, r.Cy(), al, c)
	}
	y += float64(n)*rowH + a.U(20)
	var left []string
	if s.r.poolLost > 0 {
		left = append(left, a.N("ig.end.pool_lost", s.r.poolLost))
	}
	if len(s.r.removed) > 0 {
		left = append(left, a.N("ig.end.artifacts_lost", len(s.r.removed)))
	}
	if len(left) > 0 {
		scenes.DrawText(a, dst, strings.Join(left, " · "), a.U(15), w/2, y, scenes.AlignCenter, scenes.ColTextDim)
		y += a.U(28)
	}
	if me >= 0 && me < len(s.m.st.tents) && a.Shows(me) {
		a.Private(me)
		scenes.DrawText(a, dst, a.T("ig.end.your_tent", "name", s.m.name(me), "tent", a.N("ig.gems", s.m.st.tents[me])), a.U(18), w/2, y, scenes.AlignCenter, scenes.ColGold)
	}
	scenes.DrawButton(a, &s.p, dst, &s.btn)
}

// igFinalScene is the final scoring (I9): every score, now revealed, as
// bars of what each round brought (gems and artifacts), the winners, and
// the tie-break when it decided (I9.3, I9.4).
type igFinalScene struct {
	p      scenes.Painter
	m      *igMatch
	v      incangold.View
	order  []int
	best   int
	header string
	tie    string // how the tie-break decided, "" when it did not
	again  scenes.Button
	menu   scenes.Button
	t      int
}

// igRoundColors tell the five rounds apart in the chart (also labelled).
var igRoundColors = [incangold.Rounds]color.RGBA{
	{0xf2, 0xb6, 0x1f, 0xff}, {0x6c, 0xb4, 0xe0, 0xff}, {0xd8, 0x7c, 0x5a, 0xff}, {0x7c, 0xc4, 0x6a, 0xff}, {0xb0, 0x78, 0xd8, 0xff},
}

func newIGFinalScene(a *scenes.App, m *igMatch) *igFinalScene {
	s := &igFinalScene{m: m, v: *m.final}
	sc := s.score
	for i := 0; i < s.v.Players; i++ {
		s.order = append(s.order, i)
	}
	win := func(i int) bool {
		for _, w := range s.v.Winners {
			if w == i {
				return true
			}
		}
		return false
	}
	sort.SliceStable(s.order, func(i, j int) bool {
		if sc(s.order[i]) != sc(s.order[j]) {
			return sc(s.order[i]) > sc(s.order[j])
		}
		return win(s.order[i]) && !win(s.order[j])
	})
	if len(s.order) > 0 {
		s.best = sc(s.order[0])
	}
	var names, tied []string
	for _, i := range s.order {
		if win(i) {
			names = append(names, m.name(i))
		}
		if sc(i) == s.best {
			tied = append(tied, m.name(i))
		}
	}
	if len(names) == 1 {
		s.header = a.T("scene.final.winner", "name", names[0])
	} else if len(names) > 1 {
		s.header = a.T("scene.final.tie", "names", strings.Join(names, ", "))
	}
	// The tie-break shows when it decided something: more seats tied on
	// the best score than won.
	if len(tied) > 1 {
		key := "ig.final.tiebreak_count"
		if m.st.opts.TiebreakValue && !m.st.opts.Diamant {
			key = "ig.final.tiebreak_value"
		}
		if len(names) < len(tied) {
			s.tie = a.T(key, "names", strings.Join(tied, ", "), "score", a.Num(s.best), "winner", strings.Join(names, ", "))
		} else {
			s.tie = a.T("ig.final.shared", "score", a.Num(s.best))
		}
	}
	a.Audio.Play(scenes.SfxRoundEnd)
	return s
}

func (s *igFinalScene) score(i int) int {
	if i < len(s.v.Scores) {
		return s.v.Scores[i]
	}
	return 0
}

func (s *igFinalScene) Name() string { return "ig-final" }

func (s *igFinalScene) layout(a *scenes.App) {
	w, h := float64(a.W), float64(a.H)
	s.again = scenes.Button{R: scenes.R(w/2-a.U(330), h-a.U(72), a.U(300), a.U(52)), Label: a.T("scene.final.again"), Enabled: !s.m.autoplay && s.m.lan == nil, Primary: true}
	s.menu = scenes.Button{R: scenes.R(w/2+a.U(30), h-a.U(72), a.U(300), a.U(52)), Label: a.T("scene.final.menu"), Enabled: true}
	if a.RTL() {
		s.again.R, s.menu.R = s.menu.R, s.again.R
	}
}

func (s *igFinalScene) Update(a *scenes.App) error {
	s.t++
	s.layout(a)
	if s.t == 1 {
		s.m.table.Close() // the game is over: the computer players are done
	}
	if a.Cfg.ExitAfterGame && s.t > 60 {
		a.Quit(0)
		return nil
	}
	if s.again.Clicked(a) || a.Key(ebiten.KeyEnter) && s.again.Enabled {
		st := s.m.setup
		st.Seed = 0
		a.GoTo(igStart(a, st))
		return nil
	}
	if s.menu.Clicked(a) || a.Key(ebiten.KeyEscape) {
		a.GoTo(scenes.NewMenuScene(a))
	}
	return nil
}

func (s *igFinalScene) Draw(a *scenes.App, dst *ebiten.Image) {
	s.layout(a)
	scenes.DrawTableBackground(a, &s.p, dst)
	w, h := float64(a.W), float64(a.H)
	scenes.DrawText(a, dst, a.T("score.final"), a.U(22), w/2, a.U(30), scenes.AlignCenter, scenes.ColTextDim)
	scenes.DrawText(a, dst, s.header, a.U(34), w/2, a.U(70), scenes.AlignCenter, scenes.ColGold)
	top := a.U(112)
	if s.tie != "" {
		scenes.DrawText(a, dst, scenes.Fit(a, s.tie, a.U(16), w-a.U(80)), a.U(16), w/2, a.U(104), scenes.AlignCenter, scenes.ColText)
		top += a.U(18)
	}
	n := len(s.order)
	rowH := math.Min(a.U(50), (h-top-a.U(160))/float64(max(n, 1)))
	tw := math.Min(w-a.U(80), a.U(960))
	x0 := (w - tw) / 2
	nameW := a.U(220)
	barX := x0 + nameW + a.U(110)
	barW := tw - nameW - a.U(130)
	maxScore := math.Max(float64(s.best), 1)
	mir := scenes.NewMirrored(a, dst, w)
	M, text := mir.Rect, mir.Text
	winners := map[int]bool{}
	for _, wi := range s.v.Winners {
		winners[wi] = true
	}
	for k, seat := range s.order {
		y := top + float64(k)*rowH
		r := scenes.R(x0, y, tw, rowH-a.U(4))
		bg, edge := scenes.ColPanel, scenes.ColEdge
		if winners[seat] {
			bg, edge = scenes.ColPanelHi, scenes.ColGold
		}
		s.p.Round(dst, M(r), a.U(6), bg, a.U(2), edge)
		place := k + 1
		for place > 1 && s.score(s.order[place-2]) == s.score(seat) && winners[s.order[place-2]] == winners[seat] {
			place--
		}
		text(a.Num(place), a.U(18), x0+a.U(20), r.Cy(), scenes.AlignCenter, scenes.ColTextDim)
		text(scenes.Fit(a, s.m.name(seat), a.U(17), nameW-a.U(20)), a.U(17), x0+a.U(40), r.Cy()-a.U(7), scenes.AlignStart, scenes.ColText)
		arts := 0
		if seat < len(s.v.Artifacts) {
			arts = len(s.v.Artifacts[seat])
		}
		text(a.N("ig.final.artifacts", arts), a.U(12), x0+a.U(40), r.Cy()+a.U(11), scenes.AlignStart, scenes.ColTextDim)
		text(a.N("ig.gems", s.score(seat)), a.U(17), barX-a.U(12), r.Cy(), scenes.AlignEnd, scenes.ColGold)
		bx := barX
		for ri, res := range s.v.History {
			if seat >= len(res.Banked) || ri >= len(igRoundColors) {
				continue
			}
			v := res.Banked[seat] + res.Artifacts[seat]
			bw := barW * float64(v) / maxScore
			s.p.Fill(dst, M(scenes.R(bx, r.Y+r.H*0.25, bw, r.H*0.5)), igRoundColors[ri])
			bx += bw
		}
	}
	ly := top + float64(n)*rowH + a.U(18)
	lx := barX
	for ri := range s.v.History {
		if ri >= len(igRoundColors) {
			break
		}
		s.p.Fill(dst, M(scenes.R(lx, ly-a.U(7), a.U(14), a.U(14))), igRoundColors[ri])
		text(a.T("scene.final.round", "n", ri+1), a.U(14), lx+a.U(20), ly, scenes.AlignStart, scenes.ColTextDim)
		lx += math.Min(a.U(120), barW/5)
	}
	text(a.T("ig.final.per_round"), a.U(14), barX-a.U(12), ly, scenes.AlignEnd, scenes.ColTextDim)
	scenes.DrawButton(a, &s.p, dst, &s.again)
	scenes.DrawButton(a, &s.p, dst, &s.menu)
}
