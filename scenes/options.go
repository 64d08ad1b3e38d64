package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"
)

// Option is one table option of a New game screen (OptionList): a check
// box with the option's name and, under it, one line that says what it
// does and cites its rule ("… (R5.5)").
type Option struct {
	// Key is the option's catalogue key: its name; Key+".help" is the
	// explaining line.
	Key string
	On  bool
	// Off greys the option out: another option rules it out (Incan Gold's
	// diamant, O1); a click does nothing.
	Off bool
	Box Button // placed by OptionList.Layout
}

// OptionList is the options column of every game's New game screen
// (NewGameForm): the heading "Table options", then each Option's check
// box with its explaining line under it, one line each.
type OptionList struct {
	Items []Option
	help  []Rect // the explaining lines' boxes, as Items
}

// HelpSize is the explaining lines' text size in units (App.U).
const HelpSize = 12

// OptionStep is the height of one option in units: its check box and its
// explaining line. OptionList.Layout closes the options up (to
// minOptionStep) when the column is short.
const OptionStep = 58

const minOptionStep = 50

// roomFor is how many options the column always has room for (Incan
// Gold's six, the most of the box's games): the options sit at the same
// places in every game.
const roomFor = 6

// Layout places the items down the column col (pixels) from its top, each
// step high (OptionStep, less when col is too short for roomFor of them,
// or for them all); it
// returns the y under the last explaining line.
func (l *OptionList) Layout(a *App, col Rect) float64 {
	u := a.U
	step := u(OptionStep)
	n := float64(max(len(l.Items), roomFor))
	step = max(min(step, col.H/n), u(minOptionStep))
	boxH := step - u(24)
	l.help = l.help[:0]
	y := col.Y
	for i := range l.Items {
		it := &l.Items[i]
		it.Box = Button{R: Rect{col.X, y, col.W, boxH}, Label: a.T(it.Key), Enabled: !it.Off, Focus: it.On && !it.Off}
		l.help = append(l.help, Rect{col.X, y + boxH + u(2), col.W, u(18)})
		y += step
	}
	return y - step + boxH + u(20)
}

// Update reports the option clicked this tick (-1: none); the game
// applies it.
func (l *OptionList) Update(a *App) int {
	for i := range l.Items {
		if l.Items[i].Box.Clicked(a) {
			return i
		}
	}
	return -1
}

// Draw draws the heading above the first item, then each item's check box
// and explaining line, the line set smaller (down to 11 units) if it
// would not fit the column.
func (l *OptionList) Draw(a *App, p *Painter, dst *ebiten.Image) {
	if len(l.Items) == 0 {
		return
	}
	r0 := l.Items[0].Box.R
	hx, hal := StartOf(a, r0, 0)
	DrawText(a, dst, a.T("option.title"), a.U(15), hx, r0.Y-a.U(14), hal, ColGold)
	for i := range l.Items {
		it := &l.Items[i]
		DrawToggle(a, p, dst, &it.Box)
		help := a.T(it.Key + ".help")
		hr := l.help[i]
		size := a.U(HelpSize)
		for size > a.U(11) && a.Text.Line(help, size, a.RTL()).W > hr.W {
			size -= 0.25
		}
		x, al := StartOf(a, hr, a.U(2))
		DrawText(a, dst, Fit(a, help, size, hr.W-a.U(4)), size, x, hr.Cy(), al, ColTextDim)
	}
}

// HelpBox is the box of item i's explaining line (tests).
func (l *OptionList) HelpBox(i int) Rect { return l.help[i] }
