package scenes

import (
	"encoding/json"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/sprites/fonts"
)

// NewGameForm is the New game screen every game of the box shows, laid
// out the same in each (docs/DESIGN.md, New game): the game's title; on
// the reading side the seats (SeatEditor); beside them the table options
// (OptionList), the seed field and the game's summary line; Back, the
// text fields' keys and Start along the bottom. A game's new-game scene
// holds one, fills Options.Items and Summary before each Layout, and
// applies the option Update reports. Keyboard: Tab through the fields,
// Enter (or Ctrl+Enter in a field) starts, Esc goes back to the menu.
type NewGameForm struct {
	SeatEditor
	Options OptionList
	// Summary is the game's line above Start (what the table deals: roles,
	// map, rounds), set by the game before Layout.
	Summary string
	Err     string // why the last Start failed, drawn above the summary
	Start   Button
	Back    Button
	title   string // catalogue key of the screen's title
	p       Painter
}

// NewNewGameForm is a game's New game screen titled by the catalogue key
// title around ed (NewSeatEditor).
func NewNewGameForm(title string, ed SeatEditor) NewGameForm {
	return NewGameForm{SeatEditor: ed, title: title}
}

// formTop is the first seat row's and the first option's top, in units.
const formTop = 104

// Layout places everything for the app's window: the two columns share
// the width (at most 1120 units, centred), the seats get the room of the
// game's most seats, the options close up when the seed and the summary
// need their room.
func (f *NewGameForm) Layout(a *App) {
	u := a.U
	w, h := float64(a.W), float64(a.H)
	total := math.Min(w-2*u(32), u(1120))
	x0 := (w - total) / 2
	leftW := math.Min(u(440), total*0.45)
	rx, rw := x0+leftW+u(32), total-leftW-u(32)
	top, startY := u(formTop), h-u(76)
	f.SeatEditor.Layout(a, Rect{x0, top, leftW, startY - u(12) - top})
	// Two lines are kept for the summary in every game, so the seed field
	// sits at the same place in each.
	sumH := max(WrappedHeight(a, f.Summary, a.U(13), rw), 2*fonts.Style{Size: a.U(13)}.LineHeight())
	seedY := startY - u(10) - sumH - u(10) - u(38)
	f.Options.Layout(a, Rect{rx, top, rw, seedY - u(24) - top})
	f.SeedR = Rect{rx, seedY, rw, u(38)}
	f.Start = Button{R: Rect{rx, startY, rw, u(52)}, Label: a.T("scene.newgame.start"), Enabled: true, Primary: true}
	f.Back = Button{R: Rect{x0, startY, u(200), u(52)}, Label: a.T("scene.back"), Enabled: true}
	if a.RTL() {
		// The seats' rows mirror themselves (SeatEditor.Layout).
		for i := range f.Options.Items {
			f.Options.Items[i].Box.R = f.Options.Items[i].Box.R.Mirror(w)
		}
		for i := range f.Options.help {
			f.Options.help[i] = f.Options.help[i].Mirror(w)
		}
		f.SeedR, f.Start.R, f.Back.R = f.SeedR.Mirror(w), f.Start.R.Mirror(w), f.Back.R.Mirror(w)
	}
}

// Update lays out and reads the screen's input: the seats, the seed, an
// option (returned, -1 for none; the game applies it), Back or Esc (the
// names are kept and the menu opens) and Start, Enter with no field
// active, or Ctrl+Enter (start true: the game calls its Begin). A seat
// removed ends the tick (the rows are stale).
func (f *NewGameForm) Update(a *App) (option int, start bool) {
	f.Layout(a)
	// Enter in a text field only leaves the field (TypeInto).
	typing := f.Focus >= 0
	if f.SeatEditor.Update(a) {
		return -1, false
	}
	option = f.Options.Update(a)
	if f.Back.Clicked(a) || a.Key(ebiten.KeyEscape) {
		if seats, _, errText := f.Result(a); errText == "" {
			KeepNames(a, seats)
		}
		a.GoTo(NewMenuScene(a))
		return -1, false
	}
	enter := a.Key(ebiten.KeyEnter) || a.Key(ebiten.KeyKPEnter)
	start = f.Start.Clicked(a) || enter && (!typing || a.In.KeyPressed(ebiten.KeyControl))
	return option, start
}

// Draw draws the screen (the game draws any question over it after).
func (f *NewGameForm) Draw(a *App, dst *ebiten.Image) {
	f.Layout(a)
	DrawTableBackground(a, &f.p, dst)
	w := float64(a.W)
	title := a.T(f.title)
	size := FitSize(a, title, a.U(32), w-a.U(64))
	DrawText(a, dst, title, size, w/2, a.U(44), AlignCenter, ColGold)
	f.SeatEditor.Draw(a, &f.p, dst)
	f.Options.Draw(a, &f.p, dst)
	f.DrawSeed(a, &f.p, dst)
	DrawButton(a, &f.p, dst, &f.Start)
	DrawButton(a, &f.p, dst, &f.Back)
	// The keys of the text fields, in the gap between Back and Start.
	kx0 := math.Min(f.Back.R.X+f.Back.R.W, f.Start.R.X+f.Start.R.W) + a.U(16)
	kx1 := math.Max(f.Back.R.X, f.Start.R.X) - a.U(16)
	keys := a.T("scene.newgame.keys")
	kh := WrappedHeight(a, keys, a.U(13), kx1-kx0)
	DrawWrapped(a, dst, keys, a.U(13), (kx0+kx1)/2, f.Start.R.Cy()-kh/2, kx1-kx0, AlignCenter, ColTextDim)
	// The summary's last line ends a little above Start however many
	// lines the language needs; an error goes above it, over the seed.
	sy := f.Start.R.Y - a.U(8) - WrappedHeight(a, f.Summary, a.U(13), f.Start.R.W)
	DrawWrapped(a, dst, f.Summary, a.U(13), f.Start.R.X, sy, f.Start.R.W, AlignStart, ColTextDim)
	if f.Err != "" {
		eh := WrappedHeight(a, f.Err, a.U(14), f.Start.R.W)
		f.p.Fill(dst, Rect{f.Start.R.X, sy - a.U(10) - eh, f.Start.R.W, eh + a.U(6)}, ColPanel)
		DrawWrapped(a, dst, f.Err, a.U(14), f.Start.R.X, sy-a.U(8)-eh, f.Start.R.W, AlignStart, ColBad)
	}
}

// Begun is what a game's Begin calls once its table is dealt from seats:
// the humans' names are kept for the next New game of any game
// (KeepNames).
func (f *NewGameForm) Begun(a *App, seats []SeatSetup) { KeepNames(a, seats) }

// KeepNames keeps the humans' names of seats, in seat order, in the
// settings (Settings.Names) and saves them: every game's New game screen
// offers them again, after a restart too. Names the game gave by itself
// ("Player 2") are kept as they are and follow the language when read
// (LocalName).
func KeepNames(a *App, seats []SeatSetup) {
	var names []string
	for _, st := range seats {
		if st.Human && st.Name != "" {
			names = append(names, st.Name)
		}
	}
	if len(names) == 0 || slices.Equal(names, a.Settings.Names) {
		return
	}
	a.Settings.Names = names
	a.SaveSettings()
}

// Form is the form itself: every game's new-game scene has it by
// embedding NewGameForm, so the box's tests reach any game's screen
// through FormScene.
func (f *NewGameForm) Form() *NewGameForm { return f }

// FormScene is a new-game scene built on NewGameForm (every game's).
type FormScene interface {
	Scene
	Form() *NewGameForm
}

// LastTable is the last table set up on game id's New game screen
// (Settings.Tables; nil for none) in the game's own JSON, for the game
// to read and check: a table that does not read or check is ignored.
func LastTable(a *App, id string) json.RawMessage { return a.Settings.Tables[id] }

// KeepTable keeps v, game id's set-up as it started (without its seed),
// as the table its next New game screen offers, and saves the settings.
func KeepTable(a *App, id string, v any) {
	if a.Settings.Tables == nil {
		a.Settings.Tables = map[string]json.RawMessage{}
	}
	a.Settings.Tables[id] = JSONOf(v)
	a.SaveSettings()
}
