package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"
)

// The input gate (issue 22, docs/DESIGN.md "Table discipline"): an input
// is an intent aimed at one decision, as a move over the network carries
// the step it was made for. A control belongs to one Decision; a click acts
// only when the control it hit was on screen for that same decision when
// the press began and had been armed (on screen for it) for ArmTicks by
// then; a key press counts only for the decision that was open and armed
// when the key went down. Anything else is dropped.

// ArmTicks is how long a control must have been on screen for its decision
// before a press on it counts: 12 ticks, 200 ms. A person needs about
// 200-250 ms to react to something new appearing (simple visual reaction
// time), and the second click of a double click follows the first within
// about 100-200 ms, so a press that begins less than 200 ms after a control
// appeared (or appeared for a new decision) was aimed at what was there
// before: the previous screen's button, the other seat's turn. Deliberate
// presses on a new screen come later than that and lose nothing.
const ArmTicks = 12

// Decision is what a control or a key press is for: the match's step
// (rules.Match.Step) and the seat that owes it. Curtain marks the hand-over
// of the screen to Seat before that decision (a Curtain's button and keys),
// so lifting the curtain never also arms the table behind it.
type Decision struct {
	Step    int  // rules.Match.Step of the decision; the shell's own use negative steps
	Seat    int  // the seat it is for; -1: nobody's (the shell's controls)
	Curtain bool // the hand-over before the decision (Curtain)
}

// ShellDecision is the decision of the shell's own controls on a board
// (the menu button): always open, armed ArmTicks after the board shows.
var ShellDecision = Decision{Step: -1, Seat: -1}

// tableMenuDecision is the in-game menu's (tablemenu.go).
var tableMenuDecision = Decision{Step: -2, Seat: -1}

// Fire is one input the gate judged: a click, drag or key aimed at a
// control (or a key aimed at a decision). Dropped says why it did not act
// ("" when it did): the harness keeps every Fire so a test can see which
// control made each human move (Harness.CheckMoves) and what was refused.
type Fire struct {
	Tick    int      // the app's tick (App.Ticks) it acted or was dropped on
	ID      string   // the control's id; "key:<name>" for a key
	D       Decision // the decision of the control (of the key's reader)
	Dropped string   // "": it acted; else "stale" (the decision changed since the press began), "unarmed", "greyed", "moved off"
}

// shown is a control registered for one tick.
type shown struct {
	id    string
	r     Rect
	d     Decision
	off   bool // greyed (a disabled Button)
	since int  // the tick it first showed for d at r, as it is (greyed or not)
}

// opened is a decision seen this tick and the tick it opened.
type opened struct {
	d     Decision
	since int
}

// Gate is the app's input gate (App.Gate). A board registers each control
// it shows, every tick, with the decision it belongs to (Show, or Tap and
// Button.Fire which show and ask at once) and asks whether it fired; the
// gate answers from the press that began on it. The controls registered in
// one tick are what the next tick's press hits: what was on screen.
type Gate struct {
	tick      int
	prev, cur []shown // the controls of the last tick and of this one
	prevTop   []shown // the shell's controls drawn over the board (the menu button)
	curTop    []shown
	prevDec   []opened
	curDec    []opened
	press     struct {
		ok, armed, done bool // a stroke began on a control; armed then; it has acted or been dropped
		c               shown
	}
	keyDown  [ebiten.KeyMax + 1]bool // held at the last tick
	keyAt    [ebiten.KeyMax + 1]int  // the tick each key last went down
	keyUp    [ebiten.KeyMax + 1]int  // the tick each key last went up
	keyOwner [ebiten.KeyMax + 1]Decision
	keyOwned [ebiten.KeyMax + 1]bool // the press has acted for keyOwner
	muted    bool                    // input is not for the board (the in-game menu is over it)
	logging  bool
	// Log is every input judged, when logging is on (the harness turns it
	// on; the app keeps nothing).
	Log []Fire
}

// begin starts tick t: this tick's registrations start empty, the last
// tick's are what a new press hits; key state is read.
func (g *Gate) begin(a *App) {
	g.tick = a.Ticks
	g.prev, g.cur = g.cur, g.prev[:0]
	g.prevTop, g.curTop = g.curTop, g.prevTop[:0]
	g.prevDec, g.curDec = g.curDec, g.prevDec[:0]
	for k := ebiten.Key(0); k <= ebiten.KeyMax; k++ {
		down := a.In.KeyPressed(k)
		if down && !g.keyDown[k] {
			g.keyAt[k], g.keyOwned[k] = g.tick, false
		}
		if !down && g.keyDown[k] {
			g.keyUp[k] = g.tick
		}
		g.keyDown[k] = down
	}
	p := &a.Ptr
	if p.Pressed {
		g.press.ok, g.press.done = false, false
		if c, ok := hit(g.prevTop, p.StartX, p.StartY); ok {
			g.press.ok, g.press.c = true, c
		} else if c, ok := hit(g.prev, p.StartX, p.StartY); ok {
			g.press.ok, g.press.c = true, c
		}
		g.press.armed = g.press.ok && g.tick-g.press.c.since >= ArmTicks
	}
}

// hit is the last control of list (the one drawn on top) under (x, y).
func hit(list []shown, x, y int) (shown, bool) {
	for i := len(list) - 1; i >= 0; i-- {
		if list[i].r.In(x, y) {
			return list[i], true
		}
	}
	return shown{}, false
}

// open marks d as open this tick and returns the tick it opened: the tick
// it was first seen, unless it was not seen in the last tick.
func (g *Gate) open(d Decision) int {
	if g.muted {
		return g.tick
	}
	for _, o := range g.curDec {
		if o.d == d {
			return o.since
		}
	}
	since := g.tick
	for _, o := range g.prevDec {
		if o.d == d {
			since = o.since
		}
	}
	g.curDec = append(g.curDec, opened{d, since})
	return since
}

// Open tells the gate that decision d is open this tick (its screen is up)
// though none of its controls may show: keys for d count from then on.
// Show and Key open their decision themselves.
func (g *Gate) Open(d Decision) { g.open(d) }

// Show registers control id at r for decision d this tick: it is on
// screen. A control keeps its arming from tick to tick while it shows for
// the same decision at the same place; anything else (new, moved, another
// decision, not shown in the last tick) arms it anew. A control that is
// not shown in a tick is gone: a press on its place hits nothing. Ids
// need only be unique on one screen ("done", "hand3").
func (g *Gate) Show(id string, r Rect, d Decision) {
	g.cur = g.show(g.cur, g.prev, id, r, d, false)
}

// showTop is Show for the shell's controls over the board (the menu
// button): a press on them never reaches the board's controls below.
func (g *Gate) showTop(id string, r Rect, d Decision) {
	g.curTop = g.show(g.curTop, g.prevTop, id, r, d, false)
}

func (g *Gate) show(cur, prev []shown, id string, r Rect, d Decision, off bool) []shown {
	if g.muted {
		// Under the in-game menu nothing of the board is on screen: its
		// controls arm anew once the menu is gone.
		return cur
	}
	g.open(d)
	since := g.tick
	same := func(c shown) bool { return c.id == id && c.d == d && c.r == r && c.off == off }
	// A board shows its controls in the same order every tick: the one
	// at this place in the last tick's list is first to try.
	if n := len(cur); n < len(prev) && same(prev[n]) {
		since = prev[n].since
	} else {
		for _, c := range prev {
			if same(c) {
				since = c.since
			}
		}
	}
	for i := range cur {
		if cur[i].id == id {
			if cur[i].d != d || cur[i].r != r || cur[i].off != off {
				cur[i] = shown{id, r, d, off, g.tick}
			}
			return cur
		}
	}
	return append(cur, shown{id, r, d, off, since})
}

// current is control id as registered this tick.
func (g *Gate) current(id string) (shown, bool) {
	for _, list := range [2][]shown{g.curTop, g.cur} {
		for _, c := range list {
			if c.id == id {
				return c, true
			}
		}
	}
	return shown{}, false
}

// judge says whether the stroke that began on control id may act on it
// now: "" when it may, else why not.
func (g *Gate) judge(c shown) string {
	switch {
	case g.press.c.d != c.d:
		return "stale"
	case !g.press.armed:
		return "unarmed"
	case g.press.c.off || c.off:
		return "greyed"
	}
	return ""
}

func (g *Gate) log(id string, d Decision, dropped string) {
	if g.logging {
		g.Log = append(g.Log, Fire{Tick: g.tick, ID: id, D: d, Dropped: dropped})
	}
}

// Fired reports a click on control id (registered this tick by Show): a
// press that began on it, when it showed for the same decision as now and
// was armed, and ended on it this tick. A press that began on it but fails
// the rest is dropped (and logged). Call it after Show in the same tick.
func (g *Gate) Fired(a *App, id string) bool {
	p := &a.Ptr
	if g.muted || !p.Released || p.consumedRelease || !g.press.ok || g.press.done || g.press.c.id != id {
		return false
	}
	c, ok := g.current(id)
	if !ok {
		return false
	}
	g.press.done = true
	why := g.judge(c)
	if why == "" && !c.r.In(p.X, p.Y) {
		why = "moved off"
	}
	g.log(id, c.d, why)
	if why != "" {
		return false
	}
	p.consumedRelease = true
	return true
}

// Tap shows control id at r for decision d and reports whether it fired
// (Show, then Fired): the one call a board makes per button per tick.
func (a *App) Tap(id string, r Rect, d Decision) bool {
	a.Gate.Show(id, r, d)
	return a.Gate.Fired(a, id)
}

// Fire is Tap for a button: it shows b under id for decision d and reports
// a click that the gate lets through on an enabled b. A greyed button is
// on screen (a press on it hits it, and nothing below) but never fires,
// and it arms anew when it turns enabled.
func (b *Button) Fire(a *App, id string, d Decision) bool {
	a.Gate.cur = a.Gate.show(a.Gate.cur, a.Gate.prev, id, b.R, d, !b.Enabled)
	return a.Gate.Fired(a, id)
}

// Grabbed reports a stroke that began on control id (shown this tick)
// while it showed for the same decision and was armed, still held or
// ending this tick: a drag from it (a card from the hand) may go on, or
// drop when a.Ptr.Released. The drop is logged once.
func (g *Gate) Grabbed(a *App, id string) bool {
	p := &a.Ptr
	if g.muted || !g.press.ok || g.press.c.id != id || !(p.Down || p.Released) {
		return false
	}
	c, ok := g.current(id)
	if !ok {
		return false
	}
	why := g.judge(c)
	if p.Released && !g.press.done {
		g.press.done = true
		g.log(id, c.d, why)
	}
	return why == ""
}

// Key reports a press of k this tick (with repeat for the navigation
// keys, Input.KeyJustPressed) that counts for decision d: d was open and
// armed when the key went down, and the press has not acted for another
// decision. So the key that ends one step never also acts on the next
// screen, and a key held over from another screen does nothing.
func (g *Gate) Key(a *App, k ebiten.Key, d Decision) bool {
	since := g.open(d)
	if g.muted || !a.In.KeyJustPressed(k) {
		return false
	}
	return g.keyFor(k, d, since)
}

// KeyUp reports that k went up this tick after going down while d was
// open and armed (the press and the release both on d's screen): the
// curtain's keys, so the Enter that ended a turn cannot lift the next
// curtain.
func (g *Gate) KeyUp(a *App, k ebiten.Key, d Decision) bool {
	since := g.open(d)
	if g.muted || g.keyUp[k] != g.tick {
		return false
	}
	return g.keyFor(k, d, since)
}

func (g *Gate) keyFor(k ebiten.Key, d Decision, since int) bool {
	id := "key:" + k.String()
	switch {
	case g.keyOwned[k] && g.keyOwner[k] != d:
		g.log(id, d, "stale")
		return false
	case g.keyAt[k]-since < ArmTicks:
		g.log(id, d, "unarmed")
		return false
	}
	if !g.keyOwned[k] {
		g.log(id, d, "")
	}
	g.keyOwner[k], g.keyOwned[k] = d, true
	return true
}

// Covers reports whether a control registered this tick by a board lies
// under r (the layout checks of the menu button: Harness.CheckMenuButton).
func (g *Gate) covers(r Rect) (string, bool) {
	for _, c := range g.cur {
		if Overlaps(c.r, r) {
			return c.id, true
		}
	}
	return "", false
}
