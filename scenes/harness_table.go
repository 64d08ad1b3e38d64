package scenes

import (
	"fmt"
	"math/rand/v2"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules"
)

// The harness's checks of the table discipline (issue 22, docs/DESIGN.md
// "Table discipline"): which control made each human move (CheckMoves),
// whose private things each frame shows (CheckPrivacy), where the menu
// button sits (CheckMenuButton), and a storm of random input (Monkey).

// Fires is every input the gate judged so far: what acted and what was
// dropped, and why (Fire).
func (h *Harness) Fires() []Fire { return h.A.Gate.Log }

// CheckMoves replays rec (a game of g, as the board's table recorded it)
// and returns an error naming the first move of a human seat that no
// control or key let through by the gate for that move's step and seat: a
// move that came from a stale control, an unarmed one, or from input the
// gate never saw. Nil when every human move had one (MoveSources).
func (h *Harness) CheckMoves(g rules.Game, rec *rules.Record) error {
	_, err := h.MoveSources(g, rec)
	return err
}

// MoveSources replays rec (a game of g) and gives, for each of its moves,
// the input that made it: for a human seat's move the earliest input the
// gate let through for that move's step and seat not given to an earlier
// move (its control's id, tick and decision: a control on screen and armed
// for that step and seat, as the gate lets nothing else through); the
// zero Fire for the other seats' moves. The error names the first human
// move with none.
func (h *Harness) MoveSources(g rules.Game, rec *rules.Record) ([]Fire, error) {
	m, err := g.New(len(rec.Seats), rec.Options, rec.Seed)
	if err != nil {
		return nil, fmt.Errorf("check moves: %w", err)
	}
	used := make([]bool, len(h.A.Gate.Log))
	src := make([]Fire, len(rec.Moves))
	for i, rm := range rec.Moves {
		if rm.Seat < 0 || rm.Seat >= len(rec.Seats) {
			return src, fmt.Errorf("check moves: move %d: no seat %d", i, rm.Seat)
		}
		d := Decision{Step: m.Step(), Seat: rm.Seat}
		if rec.Seats[rm.Seat].Kind == rules.Human {
			k := h.firedFor(d, used)
			if k < 0 {
				return src, fmt.Errorf("check moves: move %d (seat %d at step %d, %s) came from no control on screen and armed for it; what the gate judged for that seat: %v",
					i, rm.Seat, d.Step, rm.Move, h.firesOf(rm.Seat))
			}
			used[k], src[i] = true, h.A.Gate.Log[k]
		}
		mv, err := g.DecodeMove(rm.Move)
		if err != nil {
			return src, fmt.Errorf("check moves: move %d: %w", i, err)
		}
		if _, err := m.Apply(rm.Seat, mv); err != nil {
			return src, fmt.Errorf("check moves: move %d: %w", i, err)
		}
	}
	return src, nil
}

// firedFor is the index in the gate's log of the first input let through
// for decision d and not yet used, or -1.
func (h *Harness) firedFor(d Decision, used []bool) int {
	for i, f := range h.A.Gate.Log {
		if f.D == d && f.Dropped == "" && !used[i] {
			return i
		}
	}
	return -1
}

// firesOf is the last few inputs judged for seat (CheckMoves' message).
func (h *Harness) firesOf(seat int) []Fire {
	var out []Fire
	for _, f := range h.A.Gate.Log {
		if f.D.Seat == seat {
			out = append(out, f)
		}
	}
	return out[max(0, len(out)-6):]
}

// Leak is what the last frame drawn showed that it should not: the first
// private thing of a seat other than the one the screen is handed to
// (App.Private, App.HandTo), "" when none.
func (h *Harness) Leak() string { return h.A.leak }

// CheckPrivacy makes every following Tick fail the test at the first
// frame that draws a private thing of a seat the screen is not handed to
// (Leak), and, when owing is not nil, at the first tick the screen is
// handed to a seat that owes no move (owing returns rules.Match.ToMove of
// the board's match): the moment a human's turn is over, their private
// things must turn face down. Give owing at a table of two or more humans
// at one screen (hotseat); with one human the screen stays theirs.
func (h *Harness) CheckPrivacy(owing func() []int) {
	h.privacy, h.owing = true, owing
}

// checkPrivacy is CheckPrivacy's check of one tick.
func (h *Harness) checkPrivacy() {
	if !h.privacy || h.leaks > 0 {
		return
	}
	if l := h.A.leak; l != "" {
		h.leaks++
		h.T.Errorf("tick %d: %s", h.A.Ticks, l)
		return
	}
	if hold := h.A.holder; hold >= 0 && h.owing != nil {
		for _, s := range h.owing() {
			if s == hold {
				return
			}
		}
		h.leaks++
		h.T.Errorf("tick %d: the screen is still handed to seat %d, who owes no move (owing: %v)", h.A.Ticks, hold, h.owing())
	}
}

// CheckMenuButton lists what is wrong with the menu button on the screen
// now (nil when nothing): the scene is no Board (so it has none), the
// button falls off the screen, or a line of text the scene draws or a
// control it registered with the gate lies under it. Every game's board
// and curtain layout tests call it in en, ru and fa at 1280x800 and
// 1024x640.
func (h *Harness) CheckMenuButton() []string {
	var bad []string
	if _, ok := h.A.Cur.(Board); !ok {
		return []string{fmt.Sprintf("scene %q is not a Board: it has no menu button", h.A.Cur.Name())}
	}
	r := MenuButtonRect(h.A)
	if r.X < 0 || r.Y < 0 || r.X+r.W > float64(h.A.W) || r.Y+r.H > float64(h.A.H) {
		bad = append(bad, fmt.Sprintf("the menu button %v is off the %dx%d screen", r, h.A.W, h.A.H))
	}
	for _, d := range DrawnLines(h) {
		if Overlaps(d.R, r) {
			bad = append(bad, fmt.Sprintf("text %q under the menu button", d.S))
		}
	}
	if id, ok := h.A.Gate.covers(r); ok {
		bad = append(bad, fmt.Sprintf("control %q under the menu button", id))
	}
	return bad
}

// SetSize lays the harness's app out for a window of w by h pixels
// (1280x800, 1024x640: the layout tests' sizes).
func (h *Harness) SetSize(w, hh float64) {
	h.A.LayoutF(w, hh)
	h.ScreenBig()
}

// Lift lifts curtain c as a player does: after ArmTicks, a click on its
// button. It fails the test when the curtain still covers.
func (h *Harness) Lift(c *Curtain) {
	h.T.Helper()
	h.Arm()
	h.Click(c.ButtonRect(h.A))
	if c.Covering() {
		h.T.Fatalf("the curtain for seat %d did not lift on an armed click of its button", c.Seat())
	}
}

// Arm runs ArmTicks ticks: what shows now becomes armed, as a person's
// click comes no sooner.
func (h *Harness) Arm() { h.Ticks(ArmTicks) }

// MonkeyKeys are the keys a Monkey presses: every key a board reads, and
// some it does not.
var MonkeyKeys = []ebiten.Key{
	ebiten.KeySpace, ebiten.KeyEnter, ebiten.KeyEscape, ebiten.KeyTab, ebiten.KeyBackspace,
	ebiten.KeyArrowLeft, ebiten.KeyArrowRight, ebiten.KeyArrowUp, ebiten.KeyArrowDown,
	ebiten.KeyDigit1, ebiten.KeyDigit2, ebiten.KeyDigit3, ebiten.KeyDigit4, ebiten.KeyDigit5, ebiten.KeyDigit6,
	ebiten.KeyA, ebiten.KeyC, ebiten.KeyD, ebiten.KeyR, ebiten.KeyT, ebiten.KeyY, ebiten.KeyZ,
	ebiten.KeyMinus, ebiten.KeyEqual,
}

// Monkey is a seeded storm of random input on a harness: clicks, taps
// held a moment, drags, wheel turns, right clicks and key presses at
// random times and places (half of the presses on a control the board
// shows, Gate.Show), whatever is on screen (animations, computer
// turns, scorings, curtains). It stays in the game: on the in-game menu
// it only resumes or undoes, and it never clicks where Avoid says. A
// game's TestMonkey runs it (Run) between or instead of its own players'
// moves and then checks the record (Harness.CheckMoves).
type Monkey struct {
	h   *Harness
	rng *rand.Rand
	// Keys are the keys it presses (MonkeyKeys).
	Keys []ebiten.Key
	// Avoid, when set, is where it must not press this tick (a final
	// scoring's "Menu" button, say), in pixels.
	Avoid func() []Rect
	// Every is the mean number of ticks between two inputs (default 6).
	Every int
	held  int // ticks left of the stroke under way
	dx    float64
	dy    float64
	n     int // inputs made
}

// NewMonkey is a monkey on h whose every choice comes from seed.
func (h *Harness) NewMonkey(seed uint64) *Monkey {
	return &Monkey{h: h, rng: rand.New(rand.NewPCG(seed, 0x6d6f6e6b)), Keys: MonkeyKeys, Every: 6}
}

// Inputs is how many inputs the monkey has made.
func (m *Monkey) Inputs() int { return m.n }

// Run runs up to n ticks of the storm, stopping early once done (nil:
// never) holds, and reports whether it did. A stroke under way is ended
// first, so the test's own clicks come after a released pointer.
func (m *Monkey) Run(n int, done func() bool) bool {
	for i := 0; i < n; i++ {
		if done != nil && done() {
			break
		}
		m.Tick()
	}
	for m.held > 0 {
		m.Tick()
	}
	return done != nil && done()
}

// Tick runs one tick, with a random input now and then.
func (m *Monkey) Tick() {
	h, in := m.h, m.h.In
	if m.held > 0 {
		m.held--
		in.X, in.Y = m.clampX(float64(in.X)+m.dx), m.clampY(float64(in.Y)+m.dy)
		if m.held == 0 {
			in.Released, in.Down = true, false
		}
		h.Tick()
		return
	}
	switch s := h.A.Cur.(type) {
	case *tableMenu:
		m.onMenu(s)
		return
	case *settingsScene, *HelpScene:
		// Reached by a game's own button: back to the game.
		in.Keys[ebiten.KeyEscape] = true
		h.Tick()
		return
	case *MenuScene, *crashScene:
		// Out of the game: no input here may start another or quit.
		h.Tick()
		return
	}
	if m.rng.IntN(max(m.Every, 1)) != 0 {
		h.Tick()
		return
	}
	m.n++
	w, hh := float64(h.A.W), float64(h.A.H)
	x, y := m.rng.Float64()*w, m.rng.Float64()*hh
	if c := h.A.Gate.cur; len(c) > 0 && m.rng.IntN(2) == 0 {
		// Half the time it aims at a control on screen (one just shown,
		// one about to go), so the storm hits buttons, not only the felt.
		r := c[m.rng.IntN(len(c))].r
		x, y = r.X+m.rng.Float64()*r.W, r.Y+m.rng.Float64()*r.H
	}
	switch k := m.rng.IntN(100); {
	case k < 40: // a click or a tap held a moment
		m.press(x, y, 1+m.rng.IntN(8), 0, 0)
	case k < 55: // a drag
		n := 4 + m.rng.IntN(30)
		tx, ty := m.rng.Float64()*w, m.rng.Float64()*hh
		m.press(x, y, n, (tx-x)/float64(n), (ty-y)/float64(n))
	case k < 62:
		in.X, in.Y = int(x), int(y)
		in.Scroll = float64(m.rng.IntN(7) - 3)
	case k < 66:
		in.X, in.Y, in.Right = int(x), int(y), true
	default:
		in.Keys[m.Keys[m.rng.IntN(len(m.Keys))]] = true
	}
	h.Tick()
}

// press begins a stroke at (x, y) held for n ticks, moving by (dx, dy)
// each, unless (x, y) is to be avoided (then the pointer only moves there).
func (m *Monkey) press(x, y float64, n int, dx, dy float64) {
	in := m.h.In
	in.X, in.Y = int(x), int(y)
	if m.Avoid != nil {
		for _, r := range m.Avoid() {
			if r.In(in.X, in.Y) {
				return
			}
		}
	}
	in.Pressed, in.Down = true, true
	m.held, m.dx, m.dy = n, dx, dy
}

// onMenu is a tick on the in-game menu: now and then Resume (a click or
// Esc) or Undo; never Rules, Settings or Back to the menu.
func (m *Monkey) onMenu(tm *tableMenu) {
	h := m.h
	if m.rng.IntN(max(m.Every, 1)) != 0 {
		h.Tick()
		return
	}
	m.n++
	tm.layout(h.A)
	switch m.rng.IntN(3) {
	case 0:
		h.In.Keys[ebiten.KeyEscape] = true
	case 1:
		r := tm.buttons[tmResume].R
		m.press(r.Cx(), r.Cy(), 1+m.rng.IntN(4), 0, 0)
	default:
		r := tm.buttons[tmUndo].R
		m.press(r.Cx(), r.Cy(), 1+m.rng.IntN(4), 0, 0)
	}
	h.Tick()
}

func (m *Monkey) clampX(v float64) int { return int(min(max(v, 0), float64(m.h.A.W-1))) }
func (m *Monkey) clampY(v float64) int { return int(min(max(v, 0), float64(m.h.A.H-1))) }
