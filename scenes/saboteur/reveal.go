package saboteur

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// revealScene shows each local human their secret role for the round (R1.3,
// R1.4): the role card flips over. With two or more humans at one screen a
// curtain (the shell's, scenes.Curtain) first asks to pass the screen to
// each of them in turn, so no private card shows to the wrong person; a
// game continued in the middle of a round shows only the resuming
// player's own role, behind its curtain.
type revealScene struct {
	p       scenes.Painter
	m       *match
	view    saboteur.View // public view at the start of the round
	order   []int         // seats to show, in turn
	at      int           // index into order
	curtain bool          // the pass-the-screen curtain is up
	veil    scenes.Curtain
	t       int // ticks since this seat's card began to flip
	btn     scenes.Button
	auto    int // --autoplay: ticks until it moves on by itself
	speed   float64
}

func newRevealScene(a *scenes.App, m *match, v saboteur.View) *revealScene {
	s := &revealScene{m: m, view: v}
	switch {
	case len(m.humans) > 0 && !m.fresh && m.hotseat() && v.Moves > 0:
		// Continued: everyone has seen their role; the player to move
		// sees theirs again, alone (issue 26).
		s.order = []int{m.humans[0]}
		if m.isHuman(v.Turn) {
			s.order = []int{v.Turn}
		}
	case len(m.humans) > 0:
		s.order = m.humans
	case m.follow >= 0:
		s.order = []int{m.follow}
	}
	s.speed = scenes.Speed(a)
	switch {
	case m.hotseat():
		s.cover(a)
	case len(s.order) > 0:
		a.HandTo(s.order[0])
	default:
		a.HandTo(-1)
	}
	if m.autoplay {
		s.auto = int(150 / s.speed)
	}
	return s
}

func (s *revealScene) Name() string { return "reveal" }

// cover brings the curtain down for the seat whose role shows next.
func (s *revealScene) cover(a *scenes.App) {
	s.curtain, s.t = true, 0
	s.veil.Note = a.T("scene.curtain.others")
	s.veil.Art = drawCurtainArt
	s.veil.Cover(a, s.seat(), s.view.Moves, s.m.name(s.seat()))
}

// decision is what the reveal's button is for: the seat whose role shows,
// at the round's deal (scenes.Gate).
func (s *revealScene) decision() scenes.Decision {
	return scenes.Decision{Step: s.view.Moves, Seat: s.seat()}
}

// Covered: nothing over the reveal closes by Esc (scenes.Board).
func (s *revealScene) Covered() bool { return false }

// CanUndo: nothing to take back before the round's first move.
func (s *revealScene) CanUndo(a *scenes.App) (bool, string) { return false, "" }

// Undo does nothing (CanUndo is never true).
func (s *revealScene) Undo(*scenes.App) {}

func (s *revealScene) layout(a *scenes.App) {
	w, h := float64(a.W), float64(a.H)
	label := a.T("scene.reveal.play")
	switch {
	case s.at < len(s.order)-1:
		label = a.T("scene.reveal.hide_pass")
	}
	s.btn = scenes.Button{R: scenes.R(w/2-a.U(170), h-a.U(110), a.U(340), a.U(54)), Label: label, Enabled: s.t > 30, Primary: true}
}

func (s *revealScene) seat() int {
	if s.at < len(s.order) {
		return s.order[s.at]
	}
	return -1
}

func (s *revealScene) Update(a *scenes.App) error {
	s.layout(a)
	if s.curtain {
		if s.veil.Update(a) {
			s.curtain, s.t = false, 0
		}
		return nil
	}
	s.t++
	if s.t == 1 {
		a.Audio.Play(scenes.SfxDeal)
	}
	if s.auto > 0 {
		s.auto--
		if s.auto == 0 {
			s.next(a)
		}
		return nil
	}
	d := s.decision()
	fired := s.btn.Fire(a, "reveal.next", d)
	if fired || s.btn.Enabled && (a.Gate.Key(a, ebiten.KeyEnter, d) || a.Gate.Key(a, ebiten.KeySpace, d)) {
		s.next(a)
	}
	return nil
}

func (s *revealScene) next(a *scenes.App) {
	if s.at < len(s.order)-1 {
		s.at++
		s.cover(a)
		return
	}
	if s.m.hotseat() {
		a.HandTo(-1)
	}
	a.GoTo(newBoardScene(a, s.m))
}

func (s *revealScene) Draw(a *scenes.App, dst *ebiten.Image) {
	s.layout(a)
	scenes.DrawTableBackground(a, &s.p, dst)
	w := float64(a.W)
	scenes.DrawText(a, dst, a.T("round.number", "n", s.view.Round, "total", saboteur.Rounds), a.U(30), w/2, a.U(50), scenes.AlignCenter, scenes.ColGold)
	sab, dig := saboteur.RoleCards(s.view.Options.Players)
	scenes.DrawText(a, dst, a.T("scene.reveal.cards", "saboteurs", a.N("role.count.saboteur", sab), "diggers", a.N("role.count.gold_digger", dig)),
		a.U(16), w/2, a.U(86), scenes.AlignCenter, scenes.ColTextDim)
	seat := s.seat()
	if s.curtain {
		// Over the public table: the round's title and its role count.
		s.veil.Draw(a, dst)
		return
	}
	if seat < 0 || !a.Shows(seat) {
		scenes.DrawButton(a, &s.p, dst, &s.btn)
		return
	}
	a.Private(seat)
	v, _ := s.m.viewOf(seat, s.view.Moves)
	cw, cy := s.cardBox(a)
	art := cardArt(a, cw)
	// The flip: the back narrows to nothing, the face widens (ticks 10-40).
	k := scenes.Ease(float64(s.t-10) / 30 * s.speed)
	img := art.Role(saboteur.NoRole)
	sx := math.Abs(math.Cos(k * math.Pi))
	if k > 0.5 {
		img = art.Role(v.Role)
	}
	s.p.ImageCentered(dst, img, w/2, cy, math.Max(sx, 0.02), 1, 0, 1)
	if k >= 1 {
		who := a.T("scene.reveal.you_are")
		if s.m.autoplay {
			who = a.T("scene.reveal.watching", "name", s.m.name(seat))
		} else if s.m.hotseat() {
			who = a.T("scene.reveal.name_is", "name", s.m.name(seat))
		}
		ty := cy + float64(art.Height())/2 + a.U(30)
		scenes.DrawText(a, dst, who, a.U(20), w/2, ty, scenes.AlignCenter, scenes.ColText)
		role, goal := "role.gold_digger", "scene.reveal.goal_digger"
		if v.Role == saboteur.Saboteur {
			role, goal = "role.saboteur", "scene.reveal.goal_saboteur"
		}
		scenes.DrawText(a, dst, a.T(role), a.U(34), w/2, ty+a.U(38), scenes.AlignCenter, scenes.ColGold)
		scenes.DrawWrapped(a, dst, a.T(goal), a.U(16), w/2, ty+a.U(66), revealTextW(a), scenes.AlignCenter, scenes.ColTextDim)
	}
	scenes.DrawButton(a, &s.p, dst, &s.btn)
}

// revealTextW is the width the role's goal is wrapped to, in pixels.
func revealTextW(a *scenes.App) float64 { return math.Min(a.U(640), float64(a.W)-a.U(80)) }

// cardBox is the role card's width in pixels and its centre's height:
// the card, the lines under it (who, the role, its goal wrapped, the
// longer of the two roles') stand between the role count at the top and
// the button, the card as large as that room allows up to 150 units.
func (s *revealScene) cardBox(a *scenes.App) (int, float64) {
	w := revealTextW(a)
	goalH := math.Max(scenes.WrappedHeight(a, a.T("scene.reveal.goal_digger"), a.U(16), w),
		scenes.WrappedHeight(a, a.T("scene.reveal.goal_saboteur"), a.U(16), w))
	top, bottom := a.U(104), s.btn.R.Y-a.U(12)
	under := a.U(30) + a.U(66) + goalH // from the card's foot to the goal's last line
	cw := math.Min(a.U(150), (bottom-top-under)/1.5)
	ch := cw * 1.5
	// The block (card and lines) centred in its room.
	y0 := top + math.Max(bottom-top-ch-under, 0)/2
	return int(cw), y0 + ch/2
}

// drawCurtain covers the screen and asks to pass it to name (hotseat).
func drawCurtain(a *scenes.App, p *scenes.Painter, dst *ebiten.Image, name string) {
	drawCurtainFrom(a, p, dst, name, a.U(110))
}

// drawCurtainFrom is drawCurtain covering the screen below top pixels.
func drawCurtainFrom(a *scenes.App, p *scenes.Painter, dst *ebiten.Image, name string, top float64) {
	w, h := float64(a.W), float64(a.H)
	p.Fill(dst, scenes.R(0, top, w, h-top), scenes.ColTextDark)
	art := cardArt(a, int(a.U(90)))
	for i := 0; i < 3; i++ {
		p.ImageCentered(dst, art.Back(), w/2+float64(i-1)*a.U(40), h*0.42, 1, 1, float64(i-1)*0.15, 1)
	}
	scenes.DrawText(a, dst, a.T("scene.curtain.pass", "name", name), a.U(30), w/2, h*0.42+a.U(110), scenes.AlignCenter, scenes.ColGold)
	scenes.DrawText(a, dst, a.T("scene.curtain.others"), a.U(16), w/2, h*0.42+a.U(146), scenes.AlignCenter, scenes.ColTextDim)
}

// Settled reports that the role card has turned face up (screenshots wait
// for it).
func (s *revealScene) Settled() bool { return s.curtain || float64(s.t) > 12+30/s.speed }

var _ scenes.Board = (*revealScene)(nil)
