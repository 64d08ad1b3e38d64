package saboteur

import (
	"image/color"
	"math"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// finalScene is the end of the game (R9.1): the standings with every
// player's gold, now revealed (R8.4), the winners (ties share the win),
// each player's role and gold in each round, and "play again" / "menu".
type finalScene struct {
	p      scenes.Painter
	m      *match
	view   saboteur.View
	order  []int // seats by gold, most first
	best   int
	again  scenes.Button
	menu   scenes.Button
	t      int
	header string
}

// roundColors tell the rounds apart in the chart (also labelled).
var roundColors = [3]color.RGBA{{0xf2, 0xb6, 0x1f, 0xff}, {0x6c, 0xb4, 0xe0, 0xff}, {0xd8, 0x7c, 0x5a, 0xff}}

func newFinalScene(a *scenes.App, m *match, v saboteur.View) *finalScene {
	s := &finalScene{m: m, view: v}
	n := v.Options.Players
	for i := 0; i < n; i++ {
		s.order = append(s.order, i)
	}
	score := func(i int) int {
		if i < len(v.Scores) {
			return v.Scores[i]
		}
		return 0
	}
	sort.SliceStable(s.order, func(i, j int) bool { return score(s.order[i]) > score(s.order[j]) })
	if len(s.order) > 0 {
		s.best = score(s.order[0])
	}
	var names []string
	for _, i := range s.order {
		if score(i) == s.best {
			names = append(names, m.name(i))
		}
	}
	if len(names) == 1 {
		s.header = a.T("scene.final.winner", "name", names[0])
	} else {
		list := names[0]
		for _, nm := range names[1:] {
			list += ", " + nm
		}
		s.header = a.T("scene.final.tie", "names", list)
	}
	a.Audio.Play(scenes.SfxRoundEnd)
	return s
}

func (s *finalScene) Name() string { return "final" }

func (s *finalScene) layout(a *scenes.App) {
	w, h := float64(a.W), float64(a.H)
	s.again = scenes.Button{R: scenes.R(w/2-a.U(330), h-a.U(72), a.U(300), a.U(52)), Label: a.T("scene.final.again"), Enabled: !s.m.autoplay && s.m.lan == nil, Primary: true}
	s.menu = scenes.Button{R: scenes.R(w/2+a.U(30), h-a.U(72), a.U(300), a.U(52)), Label: a.T("scene.final.menu"), Enabled: true}
	if a.RTL() {
		s.again.R, s.menu.R = s.menu.R, s.again.R
	}
}

func (s *finalScene) Update(a *scenes.App) error {
	s.t++
	s.layout(a)
	if a.Cfg.ExitAfterGame && s.t > 60 {
		a.Quit(0)
		return nil
	}
	if s.again.Clicked(a) || a.Key(ebiten.KeyEnter) && s.again.Enabled {
		st := s.m.setup
		st.Seed = 0
		m, err := NewMatch(a, st)
		if err != nil {
			return err
		}
		a.GoTo(startScene(a, m))
		return nil
	}
	if s.menu.Clicked(a) || a.Key(ebiten.KeyEscape) {
		a.GoTo(scenes.NewMenuScene(a))
	}
	return nil
}

func (s *finalScene) Draw(a *scenes.App, dst *ebiten.Image) {
	s.layout(a)
	scenes.DrawTableBackground(a, &s.p, dst)
	w, h := float64(a.W), float64(a.H)
	scenes.DrawText(a, dst, a.T("score.final"), a.U(22), w/2, a.U(29), scenes.AlignCenter, scenes.ColTextDim)
	scenes.DrawText(a, dst, s.header, a.U(36), w/2, a.U(74), scenes.AlignCenter, scenes.ColGold)
	n := len(s.order)
	top := a.U(128)
	rowH := math.Min(a.U(44), (h-top-a.U(96))/float64(max(n, 1)))
	tw := math.Min(w-a.U(48), a.U(1000))
	x0 := (w - tw) / 2
	nameW := a.U(230)
	barX := x0 + nameW + a.U(70)
	colW := (tw - nameW - a.U(70)) / 3
	gold := cardArt(a, int(rowH*0.55))
	gold2 := cardArt(a, int(rowH*0.4)) // the rounds' gold cards
	// Laid out left to right, then mirrored for a right-to-left language.
	mir := scenes.NewMirrored(a, dst, w)
	M, text := mir.Rect, mir.Text
	// drawRound draws, in r, the role seat played in round res and the
	// gold it won there, in the round's colour.
	drawRound := func(res saboteur.RoundResult, seat int, r scenes.Rect, col color.RGBA) {
		s.p.Fill(dst, M(scenes.R(r.X, r.Y+r.H-a.U(4), r.W, a.U(3))), col)
		role := saboteur.NoRole
		if seat < len(res.Roles) {
			role = res.Roles[seat]
		}
		gold := 0
		if seat < len(res.Gold) {
			gold = res.Gold[seat]
		}
		art := cardArt(a, int(math.Max(r.H*0.75/1.5, a.U(10))))
		img := M(scenes.R(r.X, r.Cy()-float64(art.Height())/2, float64(art.Width()), float64(art.Height())))
		s.p.Image(dst, art.Role(role), img.X, img.Y, 1, 1, 1)
		// The gold: a gold card and the amount, at the column's end.
		amount := a.Num(gold)
		aw := a.Text.Line(amount, a.U(16), a.RTL()).W
		text(amount, a.U(16), r.X+r.W, r.Cy(), scenes.AlignEnd, scenes.ColGold)
		coin := gold2.GoldCard(min(max(gold, 1), 3))
		c := M(scenes.R(r.X+r.W-aw-a.U(4)-float64(gold2.Width()), r.Cy()-float64(gold2.Height())/2, float64(gold2.Width()), float64(gold2.Height())))
		s.p.Image(dst, coin, c.X, c.Y, 1, 1, 1)
		room := r.W - float64(art.Width()) - a.U(16) - aw - float64(gold2.Width())
		if role != saboteur.NoRole && room > a.U(20) {
			// A long role name ("Гном-золотоискатель") is set smaller, down
			// to 11 units, before it is cut.
			caption, size := roleCaption(a, role), a.U(13)
			for size > a.U(11) && a.Text.Line(caption, size, a.RTL()).W > room {
				size -= 0.25
			}
			text(scenes.Fit(a, caption, size, room), size, r.X+float64(art.Width())+a.U(6), r.Cy(), scenes.AlignStart, scenes.ColText)
		}
	}
	for k, seat := range s.order {
		y := top + float64(k)*rowH
		r := scenes.R(x0, y, tw, rowH-a.U(4))
		sc := 0
		if seat < len(s.view.Scores) {
			sc = s.view.Scores[seat]
		}
		win := sc == s.best
		bg, edge := scenes.ColPanel, scenes.ColEdge
		if win {
			bg, edge = scenes.ColPanelHi, scenes.ColGold
		}
		s.p.Round(dst, M(r), a.U(6), bg, a.U(2), edge)
		place := k + 1
		for place > 1 && seat < len(s.view.Scores) && s.view.Scores[s.order[place-2]] == sc {
			place--
		}
		text(a.Num(place), a.U(18), x0+a.U(20), r.Cy(), scenes.AlignCenter, scenes.ColTextDim)
		if win {
			g := M(scenes.R(x0+a.U(38), r.Cy()-float64(gold.Height())/2, float64(gold.Width()), float64(gold.Height())))
			s.p.Image(dst, gold.GoldCard(3), g.X, g.Y, 1, 1, 1)
		}
		text(s.m.name(seat), a.U(17), x0+a.U(38)+float64(gold.Width())+a.U(8), r.Cy(), scenes.AlignStart, scenes.ColText)
		text(a.N("gold.amount", sc), a.U(17), barX-a.U(12), r.Cy(), scenes.AlignEnd, scenes.ColGold)
		// Each round: the role the seat played and the gold it won (R1.4,
		// R8.4: all public now).
		for ri, res := range s.view.Results {
			if ri >= len(roundColors) {
				break
			}
			drawRound(res, seat, scenes.R(barX+float64(ri)*colW, r.Y, colW-a.U(8), r.H), roundColors[ri])
		}
	}
	// The rounds' heads over their columns.
	for ri := range s.view.Results {
		if ri >= len(roundColors) {
			break
		}
		x := barX + float64(ri)*colW
		s.p.Fill(dst, M(scenes.R(x, top-a.U(19), a.U(12), a.U(12))), roundColors[ri])
		text(a.T("scene.final.round", "n", ri+1), a.U(14), x+a.U(18), top-a.U(13), scenes.AlignStart, scenes.ColTextDim)
	}
	text(a.T("gold.total"), a.U(14), barX-a.U(12), top-a.U(13), scenes.AlignEnd, scenes.ColTextDim)
	scenes.DrawButton(a, &s.p, dst, &s.again)
	scenes.DrawButton(a, &s.p, dst, &s.menu)
}
