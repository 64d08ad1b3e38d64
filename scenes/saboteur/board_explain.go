package saboteur

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// Every card explains itself (issue 26, item 3): a card of the hand, a
// card of the maze or a tool on a player's panel, held under the mouse a
// moment (explainDelay), pressed long without moving (a touch screen), or
// picked by the keyboard (Tab), shows a box with its name, what it does
// and the rule numbers behind that (docs/rules/SABOTEUR.md). A hand card's
// explanation names the card, so it is its holder's private thing, drawn
// only while the screen is theirs.

// explainDelay is how long (ticks) the pointer rests on a card, or a press
// is held on it, before it explains itself.
const explainDelay = 30

// explainee is what a box explains: a hand card, a maze cell's card or a
// panel's tool.
type explainee struct {
	what int // explainNone, explainHand, explainCell, explainTool
	idx  int // the hand card (explainHand)
	cell saboteur.Cell
	seat int // the panel (explainTool)
	tool saboteur.Tool
}

const (
	explainNone = iota
	explainHand
	explainCell
	explainTool
)

// explanation is what an explainee says: its name, what it does, the rules.
type explanation struct {
	title, body, rules string
}

// explainUnder is the card under the pointer, if any.
func (s *boardScene) explainUnder(a *scenes.App) explainee {
	p := &a.Ptr
	if a.Shows(s.me) && s.dealing == 0 {
		// The hand, from the top card down (later cards lie over earlier).
		for i := len(s.hand) - 1; i >= 0; i-- {
			if s.hand[i].r.In(p.X, p.Y) {
				return explainee{what: explainHand, idx: i}
			}
		}
	}
	for i := range s.L.panels {
		for k, t := range panelTools {
			if i < len(s.view.Broken) && s.toolRect(a, i, k).In(p.X, p.Y) {
				return explainee{what: explainTool, seat: i, tool: t}
			}
		}
	}
	if s.L.maze.In(p.X, p.Y) {
		c := s.cellAt(a, float64(p.X), float64(p.Y))
		for _, t := range s.tiles {
			if t.At == c {
				return explainee{what: explainCell, cell: c}
			}
		}
	}
	return explainee{}
}

// explainUpdate follows the pointer and the keyboard's pick: what rests
// under a still pointer (pressed or not) for explainDelay ticks explains
// itself, as does the card picked by Tab.
func (s *boardScene) explainUpdate(a *scenes.App) {
	p := &a.Ptr
	if s.drag.started || s.panning && math.Hypot(float64(p.X-p.StartX), float64(p.Y-p.StartY)) > a.U(scenes.DragThreshold) {
		s.explainT, s.explained = 0, explainee{}
		return
	}
	e := s.explainUnder(a)
	moved := p.X != s.explainX || p.Y != s.explainY
	s.explainX, s.explainY = p.X, p.Y
	switch {
	case e.what == explainNone:
		s.explainT = 0
	case e != s.explained || moved && s.explainT < explainDelay:
		s.explainT = 1
	default:
		s.explainT++
	}
	s.explained = e
}

// explainShown is what explains itself now: the card under a pointer at
// rest, else the hand card the keyboard picked.
func (s *boardScene) explainShown(a *scenes.App) (explainee, bool) {
	if s.explainT >= explainDelay && s.explained.what != explainNone && !s.drag.started {
		return s.explained, true
	}
	if s.sel >= 0 && s.sel < len(s.hand) && !s.drag.on && a.Shows(s.me) && s.keyPicked {
		return explainee{what: explainHand, idx: s.sel}, true
	}
	return explainee{}, false
}

// explain says what e is and does, in the app's language.
func (s *boardScene) explain(a *scenes.App, e explainee) explanation {
	switch e.what {
	case explainHand:
		if e.idx < len(s.hand) {
			return cardExplanation(a, s.hand[e.idx].placed())
		}
	case explainCell:
		for _, t := range s.tiles {
			if t.At == e.cell {
				return cardExplanation(a, t.Card)
			}
		}
	case explainTool:
		name := toolTitle(a, e.tool)
		if e.seat < len(s.view.Broken) && s.view.Broken[e.seat]&e.tool != 0 {
			return explanation{a.T("sab.explain.tool_broken.title", "tool", name), a.T("sab.explain.tool_broken"), a.T("scene.help.rules_ref", "refs", "R6.1, R5.1, R6.2")}
		}
		return explanation{name, a.T("sab.explain.tool_whole"), a.T("scene.help.rules_ref", "refs", "R6.1, R5.1")}
	}
	return explanation{}
}

// toolTitle names tool t, as a title.
func toolTitle(a *scenes.App, t saboteur.Tool) string {
	switch t {
	case saboteur.Pickaxe:
		return a.T("tool.pickaxe")
	case saboteur.Lantern:
		return a.T("tool.lantern")
	}
	return a.T("tool.cart")
}

// cardExplanation says what card c is and does, as it lies (a face-down
// goal is only a face-down goal).
func cardExplanation(a *scenes.App, c saboteur.Card) explanation {
	key, refs := "", ""
	switch c.Kind {
	case saboteur.Path:
		key, refs = "sab.explain.path", "R5.1-R5.4, R3.3"
		if c.DeadEnd {
			key, refs = "sab.explain.dead_end", "R5.6, R5.4"
		}
	case saboteur.Start:
		key, refs = "sab.explain.start", "R3.1, R5.6"
	case saboteur.Goal:
		switch c.Goal {
		case saboteur.Gold:
			key, refs = "sab.explain.gold", "R7.1, R7.3"
		case saboteur.NoGoal:
			key, refs = "sab.explain.goal", "R2.4, R7.1, R6.4"
		default:
			key, refs = "sab.explain.coal", "R7.1, R7.2"
		}
	case saboteur.Broken:
		key, refs = "sab.explain.broken", "R6.1, R5.1"
	case saboteur.Repair:
		key, refs = "sab.explain.repair", "R6.2"
	case saboteur.Rockfall:
		key, refs = "sab.explain.rockfall", "R6.3"
	case saboteur.Map:
		key, refs = "sab.explain.map", "R6.4"
	}
	if key == "" {
		return explanation{}
	}
	return explanation{cardCaption(a, c), a.T(key), a.T("scene.help.rules_ref", "refs", refs)}
}

// explainW is the explanation box's width in pixels.
func explainW(a *scenes.App) float64 { return a.U(280) }

// explainSize is the height in pixels of the box that says x.
func explainSize(a *scenes.App, x explanation) float64 {
	w := explainW(a) - a.U(20)
	return a.U(12) + scenes.WrappedHeight(a, x.title, a.U(15), w) + a.U(4) +
		scenes.WrappedHeight(a, x.body, a.U(13), w) + a.U(4) +
		scenes.WrappedHeight(a, x.rules, a.U(11), w) + a.U(10)
}

// explainAnchor is the rectangle the box for e stands beside.
func (s *boardScene) explainAnchor(a *scenes.App, e explainee) scenes.Rect {
	switch e.what {
	case explainHand:
		if e.idx < len(s.hand) {
			return s.hand[e.idx].r
		}
	case explainCell:
		return s.cellRect(a, e.cell)
	case explainTool:
		return s.toolRect(a, e.seat, toolIndex(e.tool))
	}
	return scenes.Rect{}
}

// toolIndex is t's place in panelTools.
func toolIndex(t saboteur.Tool) int {
	for k, pt := range panelTools {
		if pt == t {
			return k
		}
	}
	return 0
}

// explainBox places a box of height hh beside anchor: above a hand card,
// else beside the anchor towards the screen's middle, always on screen.
func explainBox(a *scenes.App, anchor scenes.Rect, hh float64, above bool) scenes.Rect {
	w, W, H := explainW(a), float64(a.W), float64(a.H)
	m := a.U(6)
	var x, y float64
	if above {
		x, y = anchor.Cx()-w/2, anchor.Y-hh-m
	} else {
		x, y = anchor.X+anchor.W+m, anchor.Cy()-hh/2
		if anchor.Cx() > W/2 {
			x = anchor.X - w - m
		}
	}
	x = math.Min(math.Max(x, m), W-w-m)
	y = math.Min(math.Max(y, m), H-hh-m)
	return scenes.R(x, y, w, hh)
}

// drawExplain draws the box of the card that explains itself now.
func (s *boardScene) drawExplain(a *scenes.App, dst *ebiten.Image) {
	e, ok := s.explainShown(a)
	if !ok || s.curtain || s.chooser.on {
		return
	}
	if e.what == explainHand {
		if !a.Shows(s.me) {
			return
		}
		a.Private(s.me) // it names a card of the hand
	}
	x := s.explain(a, e)
	if x.title == "" {
		return
	}
	r := explainBox(a, s.explainAnchor(a, e), explainSize(a, x), e.what == explainHand)
	s.p.Round(dst, r, a.U(8), scenes.ColTextDark, a.U(2), scenes.ColGold)
	tw := r.W - a.U(20)
	tx, al := r.X+a.U(10), scenes.AlignStart // a right-to-left paragraph starts on the right by itself
	y := r.Y + a.U(8)
	y += scenes.DrawWrapped(a, dst, x.title, a.U(15), tx, y, tw, al, scenes.ColGold) + a.U(4)
	y += scenes.DrawWrapped(a, dst, x.body, a.U(13), tx, y, tw, al, scenes.ColText) + a.U(4)
	scenes.DrawWrapped(a, dst, x.rules, a.U(11), tx, y, tw, al, scenes.ColTextDim)
}
