package underground

import (
	"strings"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
	"github.com/goldvein/goldvein/sounds"
)

// Underground's words on screen: race, power, Place and Relic names, the
// terrains and the log's lines, all from the catalogue
// (i18n/locales/*/underground.json) in English, Russian and Persian.

// ugRaceName is the race's name (U1.4) from its code.
func ugRaceName(a *scenes.App, code string) string {
	if code == "" || code == "none" {
		return a.T("ug.race.none")
	}
	return a.T("ug.race." + code)
}

// ugPowerName is the special power's name (U1.5) from its code.
func ugPowerName(a *scenes.App, code string) string {
	if code == "" || code == "none" {
		return a.T("ug.power.none")
	}
	return a.T("ug.power." + code)
}

// ugCombo is a combo as said: the power before the race ("Royal Ogres").
func ugCombo(a *scenes.App, race, power string) string {
	if power == "" || power == "none" { // a banner without its badge (U4.5, UR7)
		return ugRaceName(a, race)
	}
	return a.T("ug.combo", "power", ugPowerName(a, power), "race", ugRaceName(a, race))
}

// ugMarkerName is a Popular Place's or Righteous Relic's name (U14, U15).
func ugMarkerName(a *scenes.App, code string) string {
	code = strings.TrimPrefix(code, "bag:")
	return a.T("ug.marker." + code)
}

// ugRegionName is a region as the log says it: its terrain and its id.
func ugRegionName(a *scenes.App, m *ugMatch, id string) string {
	if m == nil || m.mp == nil {
		return id
	}
	i := m.mp.Index(id)
	if i < 0 {
		return id
	}
	return a.T("ug.region", "terrain", a.T("ug.terrain."+string(m.mp.Terrain(i))), "id", id)
}

// ugItemName is one line of a turn's scoring (underground.Item) in the
// reader's language: a race, power, Place or Relic by name, or the plain
// regions; the rule number always beside it.
func ugItemName(a *scenes.App, it underground.Item) string {
	what := it.What
	switch {
	case what == "Active region":
		what = a.T("ug.item.active")
	case what == "In Decline region":
		what = a.T("ug.item.decline")
	case what == "Drow alone":
		what = a.T("ug.item.drow")
	case strings.HasPrefix(what, "Bag as "):
		what = a.T("ug.item.bag", "relic", ugNamed(a, strings.TrimPrefix(what, "Bag as ")))
	default:
		what = ugNamed(a, what)
	}
	return what
}

// ugNamed translates a printed race, power, Place or Relic name (as the
// engine writes it in items and events) through its code.
func ugNamed(a *scenes.App, printed string) string {
	for r := underground.Race(0); r < underground.NumRaces; r++ {
		if r.Name() == printed {
			return ugRaceName(a, r.String())
		}
	}
	for p := underground.Power(0); p < underground.NumPowers; p++ {
		if p.Name() == printed {
			return ugPowerName(a, p.String())
		}
	}
	for k := underground.Marker(0); k < underground.NumMarkers; k++ {
		if k.Name() == printed || strings.HasPrefix(k.Name(), printed) {
			return ugMarkerName(a, k.String())
		}
	}
	return printed
}

// ugEventText is one public event as a line of the log ("" for none).
// An event of the viewer's own seat (ugMatch.you) has a message of its
// own in each language ("You conquer", "Вы захватываете", "شما فتح
// می‌کنید": key + ".you"), and one where the viewer is the other party
// ("... from you": key + ".them"), so that no line reads "You conquers".
func ugEventText(a *scenes.App, m *ugMatch, e underground.Event) string {
	name := m.name(e.Seat)
	by := m.name(e.By)
	region := ugRegionName(a, m, e.Region)
	you := m.you()
	personal := func(key string, args ...any) string {
		switch {
		case you < 0:
		case e.Seat == you && a.Cat.Has(key+".you"):
			key += ".you"
		case e.By == you && a.Cat.Has(key+".them"):
			key += ".them"
		}
		return a.T(key, args...)
	}
	switch e.Kind {
	case underground.EvTurn:
		return personal("ug.ev.turn", "turn", e.Turn, "name", name)
	case underground.EvPick:
		return personal("ug.ev.pick", "name", name, "combo", ugCombo(a, e.Race, e.Power), "coins", e.Coins)
	case underground.EvSwap:
		return personal("ug.ev.swap", "name", name, "power", ugPowerName(a, e.Power))
	case underground.EvVolcano:
		return personal("ug.ev.volcano", "name", name, "region", region)
	case underground.EvDecline:
		return personal("ug.ev.decline", "name", name, "combo", ugCombo(a, e.Race, e.Power))
	case underground.EvLost:
		return personal("ug.ev.lost", "name", name, "race", ugRaceName(a, e.Race))
	case underground.EvReborn:
		return personal("ug.ev.reborn", "name", name, "region", region)
	case underground.EvAncient:
		return personal("ug.ev.ancient", "name", name, "region", region)
	case underground.EvConquer:
		if e.Lost > 0 {
			return personal("ug.ev.conquer_from", "name", name, "region", region, "cost", e.Cost, "other", by, "lost", e.Lost)
		}
		return personal("ug.ev.conquer", "name", name, "region", region, "cost", e.Cost)
	case underground.EvFinal, underground.EvWisps:
		if e.Failed {
			return personal("ug.ev.die_failed", "name", name, "region", region, "die", e.Die)
		}
		return personal("ug.ev.die_won", "name", name, "region", region, "die", e.Die)
	case underground.EvSubstitute:
		return personal("ug.ev.substitute", "name", name, "region", region)
	case underground.EvAbandon:
		return personal("ug.ev.abandon", "name", name, "region", region)
	case underground.EvDraw:
		return personal("ug.ev.draw", "name", name, "marker", ugMarkerName(a, e.Marker), "region", region)
	case underground.EvStonehedge:
		return personal("ug.ev.stonehedge", "power", ugPowerName(a, e.Power))
	case underground.EvBalrog:
		return personal("ug.ev.balrog", "name", name, "region", region)
	case underground.EvBonus:
		if e.Armor > 0 {
			return personal("ug.ev.armor", "name", name, "n", e.Armor)
		}
		if e.Rule == "U12.5" { // the Iron Dwarves' Silver Hammers: hammers, not tokens
			return personal("ug.ev.hammers", "name", name, "n", e.Tokens)
		}
		return personal("ug.ev.bonus", "name", name, "n", e.Tokens, "source", ugNamed(a, e.Text))
	case underground.EvCoins:
		return personal("ug.ev.coins", "name", name, "n", e.Coins, "source", ugNamed(a, e.Text))
	case underground.EvPay:
		return personal("ug.ev.pay", "name", name, "other", by, "n", e.Coins, "source", ugNamed(a, e.Text))
	case underground.EvMarked:
		return personal("ug.ev.marked", "name", name, "other", by)
	case underground.EvRedeploy:
		return personal("ug.ev.redeploy", "name", name, "n", e.Tokens)
	case underground.EvPlace:
		if e.Armor > 0 { // U13.14: Mushroom Armor put in a region
			return personal("ug.ev.armor_placed", "name", name, "n", e.Armor, "region", region)
		}
		return personal("ug.ev.place", "name", name, "what", ugPlaceWhat(a, e.Text), "region", region)
	case underground.EvScore:
		return personal("ug.ev.score", "name", name, "n", e.Coins)
	case underground.EvOver:
		var names []string
		for _, w := range e.Winners {
			names = append(names, m.name(w))
		}
		return personal("ug.ev.over", "names", strings.Join(names, ", "))
	}
	return ""
}

// ugYouSay is key, or key + ".you" when seat is the viewer's own
// (ugMatch.you) and the catalogue has that message: "You score 12", never
// "You scores 12".
func ugYouSay(a *scenes.App, m *ugMatch, key string, seat int, args ...any) string {
	if you := m.you(); you >= 0 && seat == you && a.Cat.Has(key+".you") {
		key += ".you"
	}
	return a.T(key, args...)
}

// ugPlaceWhat names what is placed at the end of a turn (U3.2 step 4).
func ugPlaceWhat(a *scenes.App, what string) string {
	switch w := strings.TrimPrefix(what, "bag:"); w {
	case "queen", "ghost":
		return a.T("ug.figure." + w)
	default:
		return ugMarkerName(a, w)
	}
}

// Underground's sound effects (sounds/underground.go).
const (
	sfxUGConquer = sounds.UGConquer
	sfxUGLoss    = sounds.UGLoss
	sfxUGDie     = sounds.UGDie
	sfxUGDecline = sounds.UGDecline
	sfxUGCoins   = sounds.UGCoins
	sfxUGRelic   = sounds.UGRelic
	sfxUGMonster = sounds.UGMonster
)
