package underground

import (
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/scenes"
)

// The play screen's cards (issue 25 item 2): hovering a market combo, a
// player's panel or a region with a Place, Relic or Monsters, a long
// press on them (touch has no hover; the release then picks nothing), or
// the keyboard focus on any of them shows the card of what is there
// (card.go) beside it.
//
// Tab (Shift+Tab back) walks one ring: the market's combos top to bottom,
// the panels of the seats that have a race in reading order (mirrored
// right to left with the panels), then the map's regions (the lit ones
// while some are lit, else every region; the board's own order), and on
// to the market again. It starts in the market when the player is to pick
// a combo, else on the map (so Tab, Enter still conquers the first lit
// region), and starts afresh at each new decision. Enter on a focused
// combo picks it; the pointer's first move or press takes the focus off
// the market and panels.

// ugCardShown is the card on screen and where it goes.
type ugCardShown struct {
	card *ugCard
	x, y float64     // its wished top-left corner (moved inside the screen)
	key  int         // what it is of: 1+combo, 100+panel, 1000+region
	r    scenes.Rect // where it was drawn last (pixels)
}

// ugKeyFocus is where Tab has put the keyboard focus off the map: a combo
// of the market or a seat's panel. On the map the board keeps its own
// focus (ugBoard.focus).
type ugKeyFocus struct {
	zone int // ugFocusNone, ugFocusCombo or ugFocusPanel
	i    int // the combo (0-5) or the seat
}

// The zones of ugKeyFocus.
const (
	ugFocusNone = iota
	ugFocusCombo
	ugFocusPanel
)

// focusRing is the market's and the panels' part of the Tab ring, in
// order: every combo shown, then every seat with a race.
func (s *ugPlayScene) focusRing() []ugKeyFocus {
	v := &s.m.st.view
	var ring []ugKeyFocus
	for i := range s.l.combos {
		if i < len(v.Market) {
			ring = append(ring, ugKeyFocus{ugFocusCombo, i})
		}
	}
	for i := range s.l.panels {
		if i < len(v.Seats) && (v.Seats[i].Active != nil || v.Seats[i].Decline != nil) {
			ring = append(ring, ugKeyFocus{ugFocusPanel, i})
		}
	}
	return ring
}

// tabFocus moves the keyboard focus one step along the ring (back:
// Shift+Tab).
func (s *ugPlayScene) tabFocus(back bool) {
	ring := s.focusRing()
	end := func() ugKeyFocus { // the ring's first (or last) stop off the map
		if len(ring) == 0 {
			return ugKeyFocus{}
		}
		if back {
			return ring[len(ring)-1]
		}
		return ring[0]
	}
	if s.kf.zone == ugFocusNone {
		picking := s.me >= 0 && (s.moves.step == "pick" || s.moves.step == "swap")
		onMap := s.board.focus >= 0 && s.board.focusKeys
		if !onMap && picking && len(ring) > 0 {
			s.kf = end()
			return
		}
		if s.board.tabWithin(back) || len(ring) == 0 {
			return
		}
		s.kf = end() // past the map's last region: on to the market
		return
	}
	k := slices.Index(ring, s.kf)
	switch {
	case k < 0:
		s.kf = end()
		return
	case back:
		k--
	default:
		k++
	}
	if k >= 0 && k < len(ring) {
		s.kf = ring[k]
		return
	}
	s.kf = ugKeyFocus{} // past the market and panels: on to the map
	s.board.blur()
	s.board.tabWithin(back)
}

// focusKeys reads Tab for the ring and lets the pointer take the focus
// off the market and panels.
func (s *ugPlayScene) focusKeys(a *scenes.App) {
	p := &a.Ptr
	if p.Pressed || p.X != s.ptrX || p.Y != s.ptrY {
		s.kf = ugKeyFocus{}
	}
	s.ptrX, s.ptrY = p.X, p.Y
	s.board.tabOut = true
	if a.Key(ebiten.KeyTab) {
		s.tabFocus(a.In.KeyPressed(ebiten.KeyShift))
	}
	if s.kf.zone != ugFocusNone {
		s.board.blur() // Enter is the combo's, not a region's
	}
}

// panelCard is the card of seat i's races: its Active race, else its
// race In Decline (nil: none).
func (s *ugPlayScene) panelCard(i int) *ugCard {
	v := &s.m.st.view
	if i < 0 || i >= len(v.Seats) {
		return nil
	}
	switch sv := v.Seats[i]; {
	case sv.Active != nil:
		return ugComboCard(sv.Active.Race, sv.Active.Power)
	case sv.Decline != nil:
		return ugComboCard(sv.Decline.Race, sv.Decline.Power)
	}
	return nil
}

// comboCardAt is the card of combo i, beside the market's row (its left,
// its right right to left).
func (s *ugPlayScene) comboCardAt(a *scenes.App, i int) ugCardShown {
	v := &s.m.st.view
	r := s.l.combos[i]
	x := r.X - a.U(ugCardW) - a.U(8)
	if a.RTL() {
		x = r.X + r.W + a.U(8)
	}
	return ugCardShown{card: ugComboCard(v.Market[i].Race, v.Market[i].Power), x: x, y: r.Y, key: 1 + i}
}

// panelCardAt is the card of seat i's panel, over the panel (nil card:
// no race).
func (s *ugPlayScene) panelCardAt(a *scenes.App, i int) ugCardShown {
	c := s.panelCard(i)
	if c == nil {
		return ugCardShown{}
	}
	r := s.l.panels[i]
	return ugCardShown{card: c, x: r.X, y: r.Y - c.height(a) - a.U(8), key: 100 + i}
}

// updateCard finds the card to show this tick, and reports whether a long
// press is showing one (the release that ends it must not act).
func (s *ugPlayScene) updateCard(a *scenes.App) {
	u := a.U
	p := &a.Ptr
	v := &s.m.st.view
	s.shownCard = ugCardShown{}
	w := u(ugCardW)
	switch s.kf.zone {
	case ugFocusCombo: // the keyboard's focus first: the pointer rests anywhere
		if s.kf.i < len(v.Market) {
			s.shownCard = s.comboCardAt(a, s.kf.i)
		}
	case ugFocusPanel:
		s.shownCard = s.panelCardAt(a, s.kf.i)
	}
	for i, r := range s.l.combos {
		if s.kf.zone == ugFocusNone && i < len(v.Market) && a.Hover(r) {
			s.shownCard = s.comboCardAt(a, i)
		}
	}
	for i, r := range s.l.panels {
		if s.kf.zone == ugFocusNone && a.Hover(r) {
			if c := s.panelCardAt(a, i); c.card != nil {
				s.shownCard = c
			}
		}
	}
	if s.shownCard.card == nil {
		if reg, _ := s.board.Hovered(); reg >= 0 {
			if c := ugRegionCard(s.board.v, s.board.m, reg); c != nil {
				x := s.l.board.X + u(10)
				if a.RTL() {
					x = s.l.board.X + s.l.board.W - w - u(10)
				}
				s.shownCard = ugCardShown{card: c, x: x, y: s.l.board.Y + u(10), key: 1000 + reg}
			}
		}
	}
	// A long press on a combo or a panel: the card stays while it lasts
	// and its release is no click.
	switch {
	case p.Pressed:
		s.pressT, s.pressKey = 0, s.shownCard.key
	case p.Down:
		s.pressT++
		if s.pressT >= ugLongPress && s.pressKey != 0 && s.pressKey == s.shownCard.key && s.pressKey < 1000 {
			s.cardHeld = true
		}
	}
}

// cardRelease reports whether this tick's release ends a long press that
// showed a card: the market and the buttons then ignore it.
func (s *ugPlayScene) cardRelease(a *scenes.App) bool {
	if !s.cardHeld || a.Ptr.Down {
		return false
	}
	s.cardHeld = false
	return a.Ptr.Released
}

// drawFocus draws the keyboard focus on a combo or a panel: a white frame
// around it (the map draws its own).
func (s *ugPlayScene) drawFocus(a *scenes.App, dst *ebiten.Image) {
	var r scenes.Rect
	switch s.kf.zone {
	case ugFocusCombo:
		r = s.l.combos[s.kf.i]
	case ugFocusPanel:
		if s.kf.i >= len(s.l.panels) {
			return
		}
		r = s.l.panels[s.kf.i]
	default:
		return
	}
	s.p.Frame(dst, r.Inset(-a.U(3)), a.U(2), ugFocus)
}

// drawCard draws the card shown, inside the screen.
func (s *ugPlayScene) drawCard(a *scenes.App, dst *ebiten.Image) {
	if c := s.shownCard.card; c != nil {
		u := a.U
		s.shownCard.r = c.draw(a, &s.p, dst, s.shownCard.x, s.shownCard.y, scenes.R(u(4), s.l.top.Y+s.l.top.H, float64(a.W)-u(8), float64(a.H)-s.l.top.H-u(4)))
	}
}
