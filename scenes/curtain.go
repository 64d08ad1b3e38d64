package scenes

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// Curtain is the hand-over of a shared screen (hotseat) between two
// humans, the same in every game: it hands the screen to nobody while it
// covers the table, names the seat the screen goes to, and is lifted only
// by a deliberate act on itself: its button clicked (pressed and released
// on it), or Enter or Space pressed and released while it shows, each
// armed as any control (ArmTicks), so the key or click that ended the last
// turn never lifts it. Lifting it hands the screen to its seat.
//
// It is drawn over the public table: the board draws its public view
// (every private thing face down, as nobody holds the screen) and then the
// curtain, a veil with a card in the middle, so a public moment (a reveal,
// a play landing) shows to everyone. The zero Curtain covers nothing.
type Curtain struct {
	d       Decision // the hand-over it is for; Seat -1: not covering
	name    string
	covered bool
	// Note is the game's line under "Pass the screen to ...", in the
	// player's language ("" says: everyone else, look away).
	Note string
	// Label is the button's text ("": "I am NAME: show my cards").
	Label string
	// Art draws the game's picture on the curtain's card, centred on (cx,
	// cy), at most h pixels high; nil draws none.
	Art func(a *App, p *Painter, dst *ebiten.Image, cx, cy, h float64)
	// Box is where the curtain's card goes, in pixels (at least 440 by
	// 210 layout units, 300 high with Art); the zero Box is the middle of
	// the screen. A board whose public moment plays out in the middle
	// puts it elsewhere.
	Box Rect
	btn Button
	p   Painter
}

// curtainID is the curtain button's control id (Gate).
const curtainID = "shell.curtain"

// Cover brings the curtain down for seat, before that seat's decision at
// step (rules.Match.Step), with name the seat's name as shown: the screen
// is handed to nobody until it is lifted.
func (c *Curtain) Cover(a *App, seat, step int, name string) {
	c.d = Decision{Step: step, Seat: seat, Curtain: true}
	c.name, c.covered = name, true
	a.HandTo(-1)
}

// Covering reports that the curtain is down: the board shows no private
// thing and registers no control of its own.
func (c *Curtain) Covering() bool { return c.covered }

// Seat is the seat the curtain is (or was last) down for.
func (c *Curtain) Seat() int { return c.d.Seat }

// Name is the name the curtain hands the screen to ("Pass the screen to
// NAME", "I am NAME"), as Cover was given it.
func (c *Curtain) Name() string { return c.name }

// Update runs the curtain one tick while it covers and reports whether it
// was lifted this tick (the screen is then handed to its seat).
func (c *Curtain) Update(a *App) bool {
	if !c.covered {
		return false
	}
	c.layout(a)
	lift := c.btn.Fire(a, curtainID, c.d)
	// Both keys are asked every tick, so each is judged on its own.
	enter := a.Gate.KeyUp(a, ebiten.KeyEnter, c.d)
	space := a.Gate.KeyUp(a, ebiten.KeySpace, c.d)
	if lift || enter || space {
		c.covered = false
		a.HandTo(c.d.Seat)
		return true
	}
	return false
}

// ButtonRect is where the curtain's button is, in pixels (tests click it:
// Harness.Lift).
func (c *Curtain) ButtonRect(a *App) Rect {
	c.layout(a)
	return c.btn.R
}

// card is the curtain's card in the middle of the screen.
func (c *Curtain) card(a *App) Rect {
	if c.Box.W > 0 {
		return c.Box
	}
	w, h := float64(a.W), float64(a.H)
	cw, ch := min(a.U(640), w-a.U(40)), a.U(300)
	if c.Art == nil {
		ch = a.U(210)
	}
	return Rect{(w - cw) / 2, (h - ch) / 2, cw, ch}
}

func (c *Curtain) layout(a *App) {
	r := c.card(a)
	label := c.Label
	if label == "" {
		label = a.T("scene.curtain.show", "name", c.name)
	}
	bw := min(a.U(440), r.W-a.U(40))
	c.btn = Button{R: Rect{r.Cx() - bw/2, r.Y + r.H - a.U(74), bw, a.U(54)}, Label: label, Enabled: true, Primary: true}
}

// curtainVeil darkens the table behind the curtain's card, leaving it
// readable.
var curtainVeil = color.RGBA{0x0c, 0x08, 0x06, 0x70}

// Draw draws the curtain over the table when it covers.
func (c *Curtain) Draw(a *App, dst *ebiten.Image) {
	if !c.covered {
		return
	}
	c.layout(a)
	w, h := float64(a.W), float64(a.H)
	c.p.Fill(dst, Rect{0, 0, w, h}, curtainVeil)
	r := c.card(a)
	c.p.Round(dst, r, a.U(14), ColPanel, a.U(2), ColGold)
	y := r.Y + a.U(40)
	if c.Art != nil {
		c.Art(a, &c.p, dst, r.Cx(), r.Y+a.U(60), a.U(90))
		y = r.Y + a.U(134)
	}
	pass := a.T("scene.curtain.pass", "name", c.name)
	size := FitSize(a, pass, a.U(28), r.W-a.U(40))
	DrawText(a, dst, Fit(a, pass, size, r.W-a.U(40)), size, r.Cx(), y, AlignCenter, ColGold)
	note := c.Note
	if note == "" {
		note = a.T("scene.curtain.others")
	}
	DrawWrapped(a, dst, note, a.U(16), r.Cx(), y+a.U(36), r.W-a.U(60), AlignCenter, ColText)
	DrawButton(a, &c.p, dst, &c.btn)
}
