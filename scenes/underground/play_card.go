package underground

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/scenes"
)

// The play screen's cards (issue 25 item 2): hovering a market combo, a
// player's panel or a region with a Place, Relic or Monsters, a long
// press on them (touch has no hover; the release then picks nothing), or
// the keyboard focus on a region (Tab) shows the card of what is there
// (card.go) beside it.

// ugCardShown is the card on screen and where it goes.
type ugCardShown struct {
	card *ugCard
	x, y float64 // its wished top-left corner (moved inside the screen)
	key  int     // what it is of: 1+combo, 100+panel, 1000+region
}

// updateCard finds the card to show this tick, and reports whether a long
// press is showing one (the release that ends it must not act).
func (s *ugPlayScene) updateCard(a *scenes.App) {
	u := a.U
	p := &a.Ptr
	v := &s.m.st.view
	s.shownCard = ugCardShown{}
	w := u(ugCardW)
	for i, r := range s.l.combos {
		if i < len(v.Market) && a.Hover(r) {
			x := r.X - w - u(8)
			if a.RTL() {
				x = r.X + r.W + u(8)
			}
			s.shownCard = ugCardShown{card: ugComboCard(v.Market[i].Race, v.Market[i].Power), x: x, y: r.Y, key: 1 + i}
		}
	}
	for i, r := range s.l.panels {
		if i < len(v.Seats) && a.Hover(r) {
			sv := v.Seats[i]
			var c *ugCard
			switch {
			case sv.Active != nil:
				c = ugComboCard(sv.Active.Race, sv.Active.Power)
			case sv.Decline != nil:
				c = ugComboCard(sv.Decline.Race, sv.Decline.Power)
			}
			if c != nil {
				s.shownCard = ugCardShown{card: c, x: r.X, y: r.Y - c.height(a) - u(8), key: 100 + i}
			}
		}
	}
	if s.shownCard.card == nil {
		if reg, _ := s.board.Hovered(); reg >= 0 {
			if c := ugRegionCard(s.board.v, reg); c != nil {
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

// drawCard draws the card shown, inside the screen.
func (s *ugPlayScene) drawCard(a *scenes.App, dst *ebiten.Image) {
	if c := s.shownCard.card; c != nil {
		u := a.U
		c.draw(a, &s.p, dst, s.shownCard.x, s.shownCard.y, scenes.R(u(4), s.l.top.Y+s.l.top.H, float64(a.W)-u(8), float64(a.H)-s.l.top.H-u(4)))
	}
}
