package underground

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
	"github.com/goldvein/goldvein/sprites/fonts"
	ugart "github.com/goldvein/goldvein/sprites/underground"
)

// ugCardItem is one thing a card explains (issue 25 item 2): a race, a
// special power, a Popular Place or Righteous Relic, or the Monsters; its
// name, rule and plain-words text come from the engine's tables and the
// rules pages' catalogue keys (ug.help.race.<code>, ...), so a row added
// to the tables has its card as it has its page.
type ugCardItem struct {
	race    underground.Race
	power   underground.Power
	marker  underground.Marker
	monster bool
	lair    bool // a lair printed on the map whose Monsters are beaten
}

// ugMonsterRule is the rule the Monsters' card cites (Monster regions).
const ugMonsterRule = "U11.6"

func ugRaceItem(r underground.Race) ugCardItem {
	return ugCardItem{race: r, power: underground.NoPower, marker: underground.NoMarker}
}
func ugPowerItem(p underground.Power) ugCardItem {
	return ugCardItem{race: underground.NoRace, power: p, marker: underground.NoMarker}
}
func ugMarkerItem(k underground.Marker) ugCardItem {
	return ugCardItem{race: underground.NoRace, power: underground.NoPower, marker: k}
}
func ugLairItem() ugCardItem {
	return ugCardItem{race: underground.NoRace, power: underground.NoPower, marker: underground.NoMarker, lair: true}
}
func ugMonsterItem() ugCardItem {
	return ugCardItem{race: underground.NoRace, power: underground.NoPower, marker: underground.NoMarker, monster: true}
}

// words are the item's name, rule and text in the app's language.
func (it ugCardItem) words(a *scenes.App) (name, rule, body string) {
	switch {
	case it.race != underground.NoRace:
		c := it.race.String()
		return a.T("ug.race." + c), it.race.Rule(), a.T("ug.help.race." + c)
	case it.power != underground.NoPower:
		c := it.power.String()
		return a.T("ug.power." + c), it.power.Rule(), a.T("ug.help.power." + c)
	case it.marker != underground.NoMarker:
		c := it.marker.String()
		return a.T("ug.marker." + c), it.marker.Rule(), a.T("ug.help.marker." + c)
	case it.lair:
		return a.T("ug.card.lair.title"), ugMonsterRule, a.T("ug.card.lair.body")
	}
	return a.T("ug.card.monster.title"), ugMonsterRule, a.T("ug.card.monster.body")
}

// ugCard is a card on screen: one or two items (a combo: the power, then
// the race), drawn in a panel of fixed width.
type ugCard struct {
	items []ugCardItem
}

// ugCardW is a card's width (layout units).
const ugCardW = 380

// card sizes (layout units): the picture, the name, the text.
const (
	ugCardPic  = 52
	ugCardName = 17
	ugCardText = 13
)

// height is the card's height (pixels) at the app's size and language.
func (c *ugCard) height(a *scenes.App) float64 {
	u := a.U
	h := u(10)
	for _, it := range c.items {
		h += c.itemH(a, it) + u(8)
	}
	return h
}

// itemH is one item's height: the picture beside the name line, then the
// text wrapped to the card.
func (c *ugCard) itemH(a *scenes.App, it ugCardItem) float64 {
	u := a.U
	_, _, body := it.words(a)
	lines := scenes.WrapLines(a, body, u(ugCardText), u(ugCardW)-u(24), a.RTL())
	return u(ugCardPic) + u(6) + float64(len(lines))*(scenes.LineBox(u(ugCardText))+u(1))
}

// draw draws the card with its top-left corner at (x, y), moved to stay
// inside bounds; it returns the card's box.
func (c *ugCard) draw(a *scenes.App, p *scenes.Painter, dst *ebiten.Image, x, y float64, bounds scenes.Rect) scenes.Rect {
	u := a.U
	r := scenes.R(x, y, u(ugCardW), c.height(a))
	r.X = min(max(r.X, bounds.X), bounds.X+bounds.W-r.W)
	r.Y = min(max(r.Y, bounds.Y), bounds.Y+bounds.H-r.H)
	p.Round(dst, r, u(10), scenes.ColPanelHi, u(2), scenes.ColGold)
	sheet := ugart.SpritesAt(int(u(ugCardPic)), a.Settings.ColorBlind)
	yy := r.Y + u(10)
	for _, it := range c.items {
		name, rule, body := it.words(a)
		pic := scenes.R(r.X+u(12), yy, u(ugCardPic), u(ugCardPic))
		tx, tal := pic.X+pic.W+u(10), scenes.AlignStart
		rx, ral := r.X+r.W-u(12), scenes.AlignEnd
		if a.RTL() {
			pic.X = r.X + r.W - u(12) - pic.W
			tx, tal = pic.X-u(10), scenes.AlignEnd
			rx, ral = r.X+u(12), scenes.AlignStart
		}
		switch {
		case it.power != underground.NoPower: // the badge (U1.5): gold, its tokens on it
			p.Round(dst, pic.Inset(u(4)), u(8), scenes.ColGold, u(1.5), scenes.ColEdge)
			scenes.DrawText(a, dst, a.Num(it.power.Badge()), u(22), pic.Cx(), pic.Cy(), scenes.AlignCenter, color.RGBA{40, 28, 10, 255})
		case it.race != underground.NoRace:
			p.ImageIn(dst, sheet.Icons[ugart.IconRace+ugart.Icon(it.race)], pic, 1)
		case it.marker != underground.NoMarker:
			p.ImageIn(dst, sheet.Icons[ugart.IconMarker+ugart.Icon(it.marker)], pic, 1)
		case it.lair:
			p.ImageIn(dst, sheet.Icons[ugart.IconLair], pic, 1)
		default:
			p.ImageIn(dst, sheet.Icons[ugart.IconMonster], pic, 1)
		}
		ruleW, _ := fonts.Measure(rule, u(12), false)
		nameW := r.W - pic.W - u(46) - ruleW
		scenes.DrawText(a, dst, scenes.Fit(a, name, u(ugCardName), nameW), u(ugCardName), tx, pic.Cy(), tal, scenes.ColGold)
		scenes.DrawText(a, dst, rule, u(12), rx, pic.Cy(), ral, scenes.ColTextDim)
		by := pic.Y + pic.W + u(6)
		bx, bal := r.X+u(12), scenes.AlignStart
		if a.RTL() {
			bx, bal = r.X+r.W-u(12), scenes.AlignEnd
		}
		lh := scenes.LineBox(u(ugCardText)) + u(1)
		for _, l := range scenes.WrapLines(a, body, u(ugCardText), r.W-u(24), a.RTL()) {
			scenes.DrawText(a, dst, l, u(ugCardText), bx, by+lh/2, bal, scenes.ColText)
			by += lh
		}
		yy += c.itemH(a, it) + u(8)
	}
	return r
}

// ugComboCard is a market combo's or a panel race's card: the power, then
// the race (a banner without its badge, U4.5: the race alone).
func ugComboCard(race, power string) *ugCard {
	c := &ugCard{}
	if p, ok := underground.ParsePower(power); ok && p != underground.NoPower {
		c.items = append(c.items, ugPowerItem(p))
	}
	if r, ok := underground.ParseRace(race); ok && r != underground.NoRace {
		c.items = append(c.items, ugRaceItem(r))
	}
	if len(c.items) == 0 {
		return nil
	}
	return c
}

// ugRegionCard is the card of what stands in region i of view v on map
// mp: its Place, its Relic, its Monsters, or the lair printed there once
// its Monsters are beaten (nil when none of these is there).
func ugRegionCard(v *underground.View, mp *maps.Map, i int) *ugCard {
	if v == nil || i < 0 || i >= len(v.Regions) {
		return nil
	}
	rv := &v.Regions[i]
	c := &ugCard{}
	for _, code := range [...]string{rv.Place, rv.Relic} {
		if k, ok := underground.ParseMarker(code); ok {
			c.items = append(c.items, ugMarkerItem(k))
		}
	}
	switch {
	case rv.Monsters > 0:
		c.items = append(c.items, ugMonsterItem())
	case mp != nil && mp.Monster(i):
		c.items = append(c.items, ugLairItem())
	}
	if len(c.items) == 0 {
		return nil
	}
	return c
}
