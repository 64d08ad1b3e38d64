package scenes

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
)

// The shell's side of the table discipline (issue 22, docs/DESIGN.md
// "Table discipline"): every game's board is a Board, over which the app
// draws the menu button and which Esc leaves for the in-game menu; the
// screen is handed to one seat at a time (HandTo), and every private
// thing drawn says whose it is (Private).

// Board is a game's table screen (board, curtain, round end: any screen
// of a match under way). The app draws the menu button over it at
// MenuButtonRect, and the button or Esc opens the in-game menu (Resume,
// Undo, Rules, Settings, Back to the menu) over it; Esc goes to the board
// instead while Covered. Optional: Leaver, LiveUnderMenu.
type Board interface {
	Scene
	// Covered reports that something is open over the table that Esc
	// closes (a chat box, a dialog, a card shown large): the board reads
	// its own Esc (a.Key) and closes it. False: Esc opens the in-game menu
	// and the board never sees it.
	Covered() bool
	// CanUndo reports whether the last move made at this screen may be
	// taken back now; when not, why (in the player's language, for the
	// in-game menu; "" says nothing).
	CanUndo(a *App) (ok bool, why string)
	// Undo takes the last move back; the in-game menu calls it only right
	// after CanUndo said yes, and then shows the board again, unless Undo
	// set another scene (App.Cur, or App.GoTo): a board opened anew on the
	// position before the move.
	Undo(a *App)
}

// Leaver is a Board that leaves in its own way when the in-game menu's
// "Back to the menu" is chosen (a LAN table closes its link); without it
// the app goes to the main menu.
type Leaver interface {
	Leave(a *App)
}

// LiveUnderMenu is a Board that keeps running while the in-game menu is
// over it (a LAN table, which cannot stop the others): its Update is
// called every tick with the input held back from it (App.Key, Clicked
// and the Gate answer nothing). Other boards stand still until Resume.
type LiveUnderMenu interface {
	LiveUnderMenu() bool
}

// Retuner is a Board whose table keeps values it took from Settings when
// it opened (the computer players' wait after a human's move,
// HumanMoveWait, which gives Undo its time). The in-game menu calls Retune
// each time it gives the board back (Resume, after Undo, back from
// Settings), so a change made in Settings mid-game holds from the next
// move on; Retune runs on the screen's goroutine.
type Retuner interface {
	Retune(a *App)
}

// menuButtonID is the menu button's control id (Gate).
const menuButtonID = "shell.menu"

// MenuButtonRect is where the menu button sits on every board and curtain,
// in pixels: the top right corner (top left in a right-to-left language),
// 40 by 40 layout units (a touch target), 2 from the edges. A board keeps
// this place free of its own text and controls
// (Harness.CheckMenuButton).
func MenuButtonRect(a *App) Rect {
	r := Rect{float64(a.W) - a.U(42), a.U(2), a.U(40), a.U(40)}
	if a.RTL() {
		r = r.Mirror(float64(a.W))
	}
	return r
}

// drawMenuButton draws the menu button: three bars, lit under the pointer
// or while the menu is open.
func drawMenuButton(a *App, p *Painter, dst *ebiten.Image, lit bool) {
	r := MenuButtonRect(a)
	c := colButton
	if lit || a.Hover(r) {
		c = ColButtonHi
	}
	p.Round(dst, r, a.U(8), c, a.U(2), ColEdge)
	bw, bh := a.U(20), a.U(3)
	for i := -1; i <= 1; i++ {
		p.Round(dst, Rect{r.Cx() - bw/2, r.Cy() + float64(i)*a.U(7) - bh/2, bw, bh}, bh/2, ColText, 0, ColText)
	}
}

// boardUpdate runs the shell's part of a board's tick before the board's
// own: the menu button and Esc. It reports that the in-game menu opened
// (the board is not run this tick).
func (a *App) boardUpdate(b Board) bool {
	a.Gate.showTop(menuButtonID, MenuButtonRect(a), ShellDecision)
	open := a.Gate.Fired(a, menuButtonID)
	if !open && a.In.KeyJustPressed(ebiten.KeyEscape) && !b.Covered() {
		open = true
	}
	if open {
		a.Cur = newTableMenu(a, b)
		a.ShotWait = 0
	}
	return open
}

// HandTo hands the screen to seat: from now on the board may show that
// seat's private things (and only that seat's); -1 hands it to nobody,
// so only public things may show (a curtain is up, the turn has left the
// human who held it). A Curtain's lifting hands the screen to its seat
// and Curtain.Down to nobody; a board with one human at the screen hands
// it to that human when it opens. The main menu hands it to nobody.
func (a *App) HandTo(seat int) { a.holder = seat }

// Holder is the seat the screen is handed to (HandTo), -1 for nobody.
func (a *App) Holder() int { return a.holder }

// Private tells the app that the frame being drawn shows a private thing
// of seat (a hand, a role, a goal memo, coins, a tent, a sealed choice):
// the shared-screen check (Harness.CheckPrivacy) fails any frame where that
// seat is not the Holder. Call it where the private thing is drawn, with
// the seat it belongs to, not the seat the board thinks is looking.
func (a *App) Private(seat int) {
	if seat != a.holder && a.leak == "" {
		a.leak = fmt.Sprintf("seat %d's private thing drawn while the screen is handed to %d (scene %s)", seat, a.holder, a.Cur.Name())
	}
}

// Shows reports whether seat's private things may be drawn now: the
// screen is handed to seat.
func (a *App) Shows(seat int) bool { return seat >= 0 && seat == a.holder }

// UndoNotice is the line that says a move was taken back, for the log at
// one screen and a LAN table's notice alike (NoticeText): "You took back
// your last move." when you (the screen's one player: its only person
// among computer players, or a LAN seat's own), else "NAME took back
// their last move." (a shared screen: the others see that a move on the
// board was taken back).
func UndoNotice(a *App, name string, you bool) string {
	if you {
		return a.T("lan.notice.undo_you")
	}
	return a.T("lan.notice.undo", "name", name)
}
