// Package underground is the rules engine of Small World: Underground
// (shared/rules/UNDERGROUND.md, rules U1-U16 and rulings UR1-UR45): the
// combo market, conquests and their costs, the die, losses and the
// defenders' redeployment inside the active player's turn, decline,
// scoring itemised by rule, the end and the tie-break, with the 15 races,
// 21 special powers, 9 Popular Places and 6 Righteous Relics as small
// hooks that the core asks (races.go, powers.go, places.go, relics.go).
// It implements the box's contract (package rules): a turn is many small
// moves, each with a short legal list whose first move is always safe.
// It is pure and deterministic: every die roll and draw comes from the
// match's rules.RNG.
//
// For the commands: Check reads the position format of the reference
// (goldvein check; an *InputError means exit 2), Describe writes a record
// as text (goldvein replay), and the rules.Game with its computer players
// is bot.Game() from package rules/underground/bot (this package cannot
// import its bots; Game.Bots wires them).
package underground

// Race is one of the 15 races (U1.4), in the order of the codes of U1.8.
type Race int8

// NoRace marks an empty slot.
const NoRace Race = -1

// The races (U1.4, U12).
const (
	Cultists Race = iota
	Drow
	Flames
	Gnomes
	Dwarves
	Kraken
	Liches
	Lizardmen
	Mudmen
	Mummies
	Ogres
	Mimes
	Shrooms
	Spiderines
	Wisps
	NumRaces
)

// Power is one of the 21 special powers (U1.5, U13).
type Power int8

// NoPower marks a banner offered without a badge (U4.5, UR7).
const NoPower Power = -1

// The special powers (U1.5), alphabetical as in U1.8.
const (
	Adventurous Power = iota
	Fisher
	Flocking
	Frightened
	Immortal
	Magic
	Martyr
	Mining
	Muddy
	Mystic
	Quarreling
	Reborn
	Royal
	Shield
	Stone
	Thieving
	Tomb
	Vampire
	Vanishing
	Vengeful
	Wise
	NumPowers
)

// Marker is a Popular Place (U14) or a Righteous Relic (U15): the 15
// face-down markers of U2.4.
type Marker int8

// NoMarker marks a region without a revealed marker.
const NoMarker Marker = -1

// The markers: the 9 Places, then the 6 Relics (U1.8).
const (
	Altar Marker = iota
	Crypt
	Diamonds
	Pipe
	Fountain
	Keep
	LostMine
	Stonehedge
	Pentacle
	Doormat
	Ring
	Socks
	Scepter
	Orb
	Sword
	NumMarkers
)

// IsRelic reports whether the marker is a Righteous Relic (U15).
func (k Marker) IsRelic() bool { return k >= Doormat && k < NumMarkers }

var raceCodes = [NumRaces]string{"cultists", "drow", "flames", "gnomes", "dwarves", "kraken", "liches",
	"lizardmen", "mudmen", "mummies", "ogres", "mimes", "shrooms", "spiderines", "wisps"}
var raceNames = [NumRaces]string{"Cultists", "Drow", "Flames", "Gnomes", "Iron Dwarves", "Kraken", "Liches",
	"Lizardmen", "Mudmen", "Mummies", "Ogres", "Shadow Mimes", "Shrooms", "Spiderines", "Will-o'-Wisps"}
var powerCodes = [NumPowers]string{"adventurous", "fisher", "flocking", "frightened", "immortal", "magic",
	"martyr", "mining", "muddy", "mystic", "quarreling", "reborn", "royal", "shield", "stone", "thieving",
	"tomb", "vampire", "vanishing", "vengeful", "wise"}
var markerCodes = [NumMarkers]string{"altar", "crypt", "diamonds", "pipe", "fountain", "keep", "lostmine",
	"stonehedge", "pentacle", "doormat", "ring", "socks", "scepter", "orb", "sword"}
var markerNames = [NumMarkers]string{"Altar of Souls", "Crypt of the Tomb-raider", "Diamond Fields",
	"Great Brass Pipe", "Fountain of Youth", "Keep on the Motherland", "Mine of the Lost Dwarf", "Stonehedge",
	"Wickedest Pentacle", "Flying Doormat", "Froggy's Ring", "Stinky Troll's Socks", "Scepter of Avarice",
	"Shiny Orb", "Sword of the Killer Rabbit"}

// Banner is the race's banner value: the tokens it brings to a combo
// (U1.4); 0 for NoRace.
func (r Race) Banner() int { return def(r).Banner }

// Badge is the power's badge value: the tokens it brings to a combo
// (U1.5); 0 for NoPower.
func (p Power) Badge() int {
	if p < 0 || p >= NumPowers {
		return 0
	}
	return powerTable[p].Value
}

// String returns the race's code (U1.8).
func (r Race) String() string {
	if r < 0 || r >= NumRaces {
		return "none"
	}
	return raceCodes[r]
}

// Name returns the race's name as printed.
func (r Race) Name() string {
	if r < 0 || r >= NumRaces {
		return "no race"
	}
	return raceNames[r]
}

// String returns the power's code (U1.8).
func (p Power) String() string {
	if p < 0 || p >= NumPowers {
		return "none"
	}
	return powerCodes[p]
}

// Name returns the power's name as printed.
func (p Power) Name() string {
	if p < 0 || p >= NumPowers {
		return "no power"
	}
	s := powerCodes[p]
	return string(s[0]-'a'+'A') + s[1:]
}

// String returns the marker's code (U1.8).
func (k Marker) String() string {
	if k < 0 || k >= NumMarkers {
		return "none"
	}
	return markerCodes[k]
}

// Name returns the marker's name as printed.
func (k Marker) Name() string {
	if k < 0 || k >= NumMarkers {
		return "no marker"
	}
	return markerNames[k]
}

// ParseRace reads a race code (U1.8).
func ParseRace(s string) (Race, bool) {
	for i, c := range raceCodes {
		if c == s {
			return Race(i), true
		}
	}
	return NoRace, false
}

// ParsePower reads a power code (U1.8).
func ParsePower(s string) (Power, bool) {
	for i, c := range powerCodes {
		if c == s {
			return Power(i), true
		}
	}
	return NoPower, false
}

// ParseMarker reads a Place or Relic code (U1.8).
func ParseMarker(s string) (Marker, bool) {
	for i, c := range markerCodes {
		if c == s {
			return Marker(i), true
		}
	}
	return NoMarker, false
}

// Box counts (U1.3).
const (
	StartCoins      = 5  // U2.6
	MonstersPerLair = 2  // U2.3
	MonsterSupply   = 14 // U1.3
	ArmorSupply     = 8  // U13.14
	HammerSupply    = 7  // U12.5, UR20
	VengeanceSupply = 4  // U13.20
)

// DieFaces are the six faces of the reinforcement die (U1.6, UR15).
var DieFaces = [6]int{0, 0, 0, 1, 2, 3}

// Rule is the race's rule number ("U12.1" to "U12.15"), from its row of
// the race table; "" for NoRace.
func (r Race) Rule() string {
	if r < 0 || r >= NumRaces {
		return ""
	}
	return raceTable[r].Rule
}

// Supply is the race's token count in the box (U1.4); 0 for NoRace.
func (r Race) Supply() int {
	if r < 0 || r >= NumRaces {
		return 0
	}
	return raceTable[r].Supply
}

// Rule is the power's rule number ("U13.1" to "U13.21"), from its row of
// the power table; "" for NoPower.
func (p Power) Rule() string {
	if p < 0 || p >= NumPowers {
		return ""
	}
	return powerTable[p].Rule
}

// Works says in which states of its race the power works (U13, U9.3):
// Active, In Decline, or both (Muddy, Tomb); false, false for NoPower.
func (p Power) Works() (active, decline bool) {
	if p < 0 || p >= NumPowers {
		return false, false
	}
	w := powerTable[p].When
	return w != whenDecline, w != whenActive
}

// Kept says the badge stays with its banner when the race goes In
// Decline (U8.2, UR11); false for NoPower.
func (p Power) Kept() bool {
	if p < 0 || p >= NumPowers {
		return false
	}
	return powerTable[p].Keep
}

// Rule is the marker's rule number: "U14.1" to "U14.9" for a Place (its
// row of the Place table), "U15.1" to "U15.6" for a Relic; "" for
// NoMarker.
func (k Marker) Rule() string {
	switch {
	case k >= 0 && k <= Pentacle:
		return placeTable[k].Rule
	case k.IsRelic():
		return relicRule[k]
	}
	return ""
}

// WorksInDecline says a Place works for an In Decline occupant (U14,
// U9.3); Relics never do (U15.0a).
func (k Marker) WorksInDecline() bool {
	return k >= 0 && k <= Pentacle && placeTable[k].Decline
}
