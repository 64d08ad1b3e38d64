package underground

import (
	"strings"

	ugart "github.com/goldvein/goldvein/sprites/underground"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
)

// SetNames gives the players' names by seat, for the tooltips ("Ogres of
// Ann"); without them a seat is "Player N". The seat you is the one the
// screen speaks to ("your Ogres", issue 25 item 4); -1 none (a hotseat
// table names every seat).
func (b *ugBoard) SetNames(names []string, you int) {
	b.names = append(b.names[:0], names...)
	b.you = you
	b.tipView = nil
}

// SetFirstConquest says whether the acting player's next conquest is a
// first conquest (U5.2), which the tip on a board-edge region mentions.
func (b *ugBoard) SetFirstConquest(on bool) {
	if b.first != on {
		b.first, b.tipView = on, nil
	}
}

// ugFigureRule is the rule each figure's line cites (U16).
var ugFigureRule = [ugart.Figures]string{"U16.2", "U16.3", "U16.4", "U16.5", "U12.3", "U16.11"}

// updateTip remakes the hovered (or focused) region's explanation when
// the region, the view, the lit cost or the language changed since.
func (b *ugBoard) updateTip(a *scenes.App) {
	reg := b.hover
	if b.held >= 0 && (reg < 0 || a.Ptr.Down) {
		reg = b.held
	}
	if reg < 0 && b.focusKeys {
		reg = b.focus
	}
	cost, lit := b.targets[reg]
	if !lit {
		cost = -2
	}
	if reg == b.tipRegion && b.tipView == b.v && b.tipCat == a.Cat && cost == b.tipLit {
		return
	}
	b.tipRegion, b.tipView, b.tipCat, b.tipLit = reg, b.v, a.Cat, cost
	b.tip = ""
	if reg >= 0 {
		b.tip = b.explain(a, reg)
	}
}

// explain is region i in one line, each part with its rule: terrain,
// printed symbols, the stack and its owner, Monsters, armor, Place,
// Relic, figures, Vengeance, and the cost when lit.
func (b *ugBoard) explain(a *scenes.App, i int) string {
	r := &b.m.Regions[i]
	var parts []string
	terrain := a.T("ugb.terrain." + string(r.Terrain))
	switch r.Terrain {
	case maps.River:
		parts = append(parts, a.T("ugb.tip.river", "id", r.ID, "terrain", terrain))
	case maps.Chasm:
		parts = append(parts, a.T("ugb.tip.chasm", "id", r.ID, "terrain", terrain))
	default:
		parts = append(parts, a.T("ugb.tip.land", "id", r.ID, "terrain", terrain))
	}
	if r.Terrain == maps.Mountain {
		parts = append(parts, a.T("ugb.tip.mountain"))
	}
	if r.Volcano {
		parts = append(parts, a.T("ugb.tip.volcano"))
	}
	if r.Edge && r.Terrain != maps.Chasm {
		// "A first conquest may start here" only while one is to be made
		// (SetFirstConquest); else the plain fact.
		key := "ugb.tip.edge_plain"
		if b.first {
			key = "ugb.tip.edge"
		}
		parts = append(parts, a.T(key))
	}
	var rv *underground.RegionView
	if b.v != nil && i < len(b.v.Regions) {
		rv = &b.v.Regions[i]
	}
	if rv != nil && rv.Tokens > 0 {
		race := rv.Race
		if rc, ok := underground.ParseRace(rv.Race); ok {
			race = a.T("ugb.race." + rc.String())
		}
		key := "ugb.tip.active"
		if rv.Decline {
			key = "ugb.tip.decline"
		}
		if rv.Seat >= 0 && rv.Seat == b.you {
			key += "_me" // "your Drow", never "Drow of You"
		}
		parts = append(parts, a.N(key, rv.Tokens, "race", race, "name", b.seatName(a, rv.Seat)))
		if rv.Seat >= 0 && b.v != nil && rv.Seat < len(b.v.Seats) && !rv.Decline && len(b.v.Seats[rv.Seat].MarkedBy) > 0 {
			parts = append(parts, a.T("ugb.tip.vengeance"))
		}
	}
	if r.Monster {
		n := 0
		if rv != nil {
			n = rv.Monsters
		}
		if n > 0 {
			parts = append(parts, a.N("ugb.tip.monsters", n))
		} else {
			parts = append(parts, a.T("ugb.tip.lair"))
		}
	}
	if rv != nil && rv.Armor > 0 {
		parts = append(parts, a.N("ugb.tip.armor", rv.Armor))
	}
	if rv != nil {
		for _, code := range [...]string{rv.Place, rv.Relic} {
			if mk, ok := underground.ParseMarker(code); ok {
				parts = append(parts, a.T("ugb.tip.marker", "name", a.T("ugb.marker."+mk.String()), "rule", mk.Rule())) // the row's own rule (U14, U15)
			}
		}
	}
	if i < len(b.shown) {
		for f := 0; f < ugart.Figures; f++ {
			if b.shown[i].figs&(1<<f) != 0 {
				parts = append(parts, a.T("ugb.fig."+ugart.FigureNames[f], "rule", ugFigureRule[f]))
			}
		}
		if h := b.shown[i].hammers; h > 0 {
			parts = append(parts, a.N("ugb.tip.hammers", h))
		}
	}
	if c, ok := b.targets[i]; ok && c >= 0 {
		parts = append(parts, a.N("ugb.tip.cost", c))
	}
	return strings.Join(parts, " · ")
}

// seatName is seat s's name for the tips.
func (b *ugBoard) seatName(a *scenes.App, s int) string {
	if s >= 0 && s < len(b.names) && b.names[s] != "" {
		return b.names[s]
	}
	return a.T("ugb.player", "n", a.Num(s+1))
}
