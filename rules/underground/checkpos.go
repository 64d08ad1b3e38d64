package underground

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground/maps"
)

type posRegion struct {
	Seat     *int    `json:"seat"`
	Race     *string `json:"race"`
	Decline  bool    `json:"decline"`
	Tokens   int     `json:"tokens"`
	Armor    int     `json:"armor"`
	Monsters int     `json:"monsters"`
	Place    *string `json:"place"`
	Relic    *string `json:"relic"`
}

type posSlot struct {
	Race    string  `json:"race"`
	Power   *string `json:"power"`
	Hand    int     `json:"hand"`
	OnBoard *bool   `json:"on_board"`
}

type posSeat struct {
	Coins     int      `json:"coins"`
	Active    *posSlot `json:"active"`
	Decline   *posSlot `json:"decline"`
	Hammers   int      `json:"hammers"`
	ArmorHand int      `json:"armor_hand"`
	MarkedBy  []int    `json:"marked_by"`
}

type posCombo struct {
	Race  string  `json:"race"`
	Power *string `json:"power"`
	Coins int     `json:"coins"`
}

type posUsed struct {
	Doormat     bool  `json:"doormat"`
	Socks       bool  `json:"socks"`
	Sword       bool  `json:"sword"`
	Orb         bool  `json:"orb"`
	Bag         bool  `json:"bag"`
	VampireVs   []int `json:"vampire_vs"`
	BalrogMoved bool  `json:"balrog_moved"`
}

type position struct {
	Players    int                  `json:"players"`
	Map        *string              `json:"map"`
	MapInline  json.RawMessage      `json:"map_inline"`
	Turn       int                  `json:"turn"`
	Seat       int                  `json:"seat"`
	Board      map[string]posRegion `json:"board"`
	Figures    map[string]*string   `json:"figures"`
	Seats      []posSeat            `json:"seats"`
	Market     []posCombo           `json:"market"`
	Used       *posUsed             `json:"used"`
	Stonehedge *string              `json:"stonehedge"`
	// Badges is the face-down badge stack, the top first (the Stonehedge
	// draws from it, U14.8; the market refills from it, U4.2); every
	// other badge not in play is in the discards. Nil: every badge not
	// in play, in code order, and no discards.
	Badges *[]string `json:"badges"`
	// Format 2 reads a defender's redeploy as final counts, as the active
	// player's; 0 or 1, positions written before it: as tokens added.
	Format      int               `json:"format"`
	MarkersLeft int               `json:"markers_left"`
	Moves       []json.RawMessage `json:"moves"`
}

// MaxPositionBytes bounds what Check reads; MaxPositionDepth how deeply
// its JSON may nest (a position needs 5 levels), MaxCheckMoves how many
// moves and queries it may hold.
const (
	MaxPositionBytes = 4 << 20
	MaxPositionDepth = 32
	MaxCheckMoves    = 10000
)

// duplicateKeys refuses an object that names a key twice (a region given
// twice), naming the path, and JSON nested deeper than MaxPositionDepth
// (rules.CheckKeys).
func duplicateKeys(data []byte) error {
	var ke *rules.KeyError
	if err := rules.CheckKeys(data, MaxPositionDepth); errors.As(err, &ke) {
		return bad(ke.Path, "%s", ke.Reason)
	} else if err != nil {
		return bad("", "%v", err)
	}
	return nil
}

// build sets the match up from the position; it stands at the start of
// the seat's turn (U3.3): the conquest phase readies the troops (U6.1) on
// top of the tokens the position puts in hand.
func (p *position) build() (*Match, error) {
	var mp *maps.Map
	var err error
	switch {
	case p.Map != nil && p.MapInline != nil:
		return nil, bad("map", "give map or map_inline, not both")
	case p.Map != nil:
		if mp, err = builtin(*p.Map); err != nil {
			return nil, bad("map", "%v", err)
		}
	case p.MapInline != nil:
		if mp, err = maps.Parse(p.MapInline); err != nil {
			return nil, bad("map_inline", "%v", err)
		}
	default:
		return nil, bad("map", "missing (or map_inline)")
	}
	if p.Players < 2 || p.Players > 5 {
		return nil, bad("players", "%d: want 2 to 5 (U1.1)", p.Players)
	}
	if len(p.Seats) != p.Players {
		return nil, bad("seats", "%d seats for %d players", len(p.Seats), p.Players)
	}
	if mp.Players != 0 && mp.Players != p.Players {
		return nil, bad("map", "%s is the map for %d players, not %d (U2.1)", mapName(mp), mp.Players, p.Players)
	}
	if p.Seat < 0 || p.Seat >= p.Players {
		return nil, bad("seat", "%d: want 0 to %d", p.Seat, p.Players-1)
	}
	if p.Turn < 1 || p.Turn > mp.Turns {
		return nil, bad("turn", "%d: the map has turns 1 to %d (U1.2)", p.Turn, mp.Turns)
	}
	m := newEmpty(mp, p.Players)
	m.rng = rules.NewRNG(0)
	m.turn, m.active, m.first = p.Turn, p.Seat, 0
	inUse := map[Race]string{}
	powerUsed := map[Power]string{}
	usePower := func(f string, ps *string) (Power, error) {
		if ps == nil {
			return NoPower, nil
		}
		pw, ok := ParsePower(*ps)
		if !ok {
			return NoPower, bad(f, "%q is no power", *ps)
		}
		if g, dup := powerUsed[pw]; dup {
			return NoPower, bad(f, "%s is already at %s", pw, g)
		}
		powerUsed[pw] = f
		return pw, nil
	}
	useRace := func(f, code string) (Race, error) {
		r, ok := ParseRace(code)
		if !ok {
			return NoRace, bad(f, "%q is no race", code)
		}
		if g, dup := inUse[r]; dup {
			return NoRace, bad(f, "%s is already at %s", r, g)
		}
		inUse[r] = f
		return r, nil
	}
	for s, ps := range p.Seats {
		f := fmt.Sprintf("seats[%d]", s)
		pl := &m.seats[s]
		if ps.Coins < 0 {
			return nil, bad(f+".coins", "negative (U9.5)")
		}
		pl.Coins, pl.Hammers, pl.ArmorHand = ps.Coins, ps.Hammers, ps.ArmorHand
		if ps.Hammers < 0 || ps.Hammers > HammerSupply || ps.ArmorHand < 0 || ps.ArmorHand > ArmorSupply {
			return nil, bad(f, "hammers 0 to 7, armor_hand 0 to 8")
		}
		for k, sl := range []*posSlot{ps.Active, ps.Decline} {
			if sl == nil {
				continue
			}
			g := f + [2]string{".active", ".decline"}[k]
			r, err := useRace(g+".race", sl.Race)
			if err != nil {
				return nil, err
			}
			pw, err := usePower(g+".power", sl.Power)
			if err != nil {
				return nil, err
			}
			if sl.Hand < 0 || sl.Hand > raceTable[r].Supply {
				return nil, bad(g+".hand", "%d: want 0 to %d, the %s's tokens (U1.4)", sl.Hand, raceTable[r].Supply, r)
			}
			*m.slotOf(s, k == 1) = slot{Race: r, Power: pw, Hand: sl.Hand}
		}
		for _, b := range ps.MarkedBy {
			if b < 0 || b >= p.Players || b == s {
				return nil, bad(f+".marked_by", "%d: not another seat", b)
			}
			if pl.MarkedBy&(1<<uint(b)) != 0 {
				return nil, bad(f+".marked_by", "%d: listed twice", b)
			}
			pl.MarkedBy |= 1 << uint(b)
		}
	}
	for _, id := range sortedRegionKeys(p.Board) {
		br := p.Board[id]
		f := "board." + id
		i := mp.Index(id)
		if i < 0 {
			return nil, bad(f, "no such region on the map")
		}
		r := &m.regions[i]
		if br.Monsters < 0 || br.Monsters > MonsterSupply || br.Armor < 0 || br.Armor > ArmorSupply {
			return nil, bad(f, "monsters 0 to 14, armor 0 to 8")
		}
		r.Monsters, r.Armor = int8(br.Monsters), int8(br.Armor)
		m.armorIn += br.Armor
		if br.Place != nil {
			k, ok := ParseMarker(*br.Place)
			if !ok || k.IsRelic() {
				return nil, bad(f+".place", "%q is no Popular Place", *br.Place)
			}
			if m.markerAt(k) >= 0 {
				return nil, bad(f+".place", "%s given twice", k)
			}
			r.Place, m.places[k] = k, int8(i)
		}
		if br.Relic != nil {
			k, ok := ParseMarker(*br.Relic)
			if !ok || !k.IsRelic() {
				return nil, bad(f+".relic", "%q is no Righteous Relic", *br.Relic)
			}
			if m.markerAt(k) >= 0 {
				return nil, bad(f+".relic", "%s given twice", k)
			}
			m.relics[k-Doormat] = int8(i)
		}
		if br.Seat == nil {
			if br.Race != nil || br.Tokens != 0 || br.Armor != 0 {
				return nil, bad(f+".seat", "race tokens and armor need a seat")
			}
			continue
		}
		s := *br.Seat
		if s < 0 || s >= p.Players {
			return nil, bad(f+".seat", "%d: no such seat", s)
		}
		sl := m.slotOf(s, br.Decline)
		if br.Race == nil || !sl.has() || sl.Race.String() != *br.Race {
			return nil, bad(f+".race", "not seat %d's %s race", s, map[bool]string{false: "Active", true: "In Decline"}[br.Decline])
		}
		if br.Tokens < 1 {
			return nil, bad(f+".tokens", "%d: a held region has at least one token", br.Tokens)
		}
		if sup := raceTable[sl.Race].Supply; br.Tokens > sup {
			// Checked before it is stored in a small integer (it wrapped at 256).
			return nil, bad(f+".tokens", "%d: more than the %s's %d tokens (U1.4)", br.Tokens, sl.Race, sup)
		}
		if mp.IsChasm(i) {
			return nil, bad(f, "a chasm holds nothing (U11.4)")
		}
		r.Owner, r.Decline, r.Tokens = int8(s), br.Decline, int8(br.Tokens)
	}
	for r := Race(0); r < NumRaces; r++ {
		if m.inPlay(r) > raceTable[r].Supply {
			return nil, bad("board", "%s has %d tokens, supply %d (U1.4)", r, m.inPlay(r), raceTable[r].Supply)
		}
	}
	if m.armorIn+sumArmorHands(m) > ArmorSupply {
		return nil, bad("board", "more than 8 Mushroom Armor (U13.14)")
	}
	m.armorIn += sumArmorHands(m)
	// on_board is read but not enforced: the engine derives it from the
	// board (a race with no region makes a first conquest, U5.2), and the
	// reference's own example gives on_board true for a race with no region.
	if len(p.Market) > OfferSize {
		return nil, bad("market", "%d combos, at most 6 (U4.1)", len(p.Market))
	}
	for k, c := range p.Market {
		f := fmt.Sprintf("market[%d]", k)
		r, err := useRace(f+".race", c.Race)
		if err != nil {
			return nil, err
		}
		pw, err := usePower(f+".power", c.Power)
		if err != nil {
			return nil, err
		}
		if c.Coins < 0 {
			return nil, bad(f+".coins", "negative")
		}
		m.offer = append(m.offer, combo{Race: r, Power: pw, Coins: c.Coins})
	}
	if p.Stonehedge != nil {
		if m.stone, err = usePower("stonehedge", p.Stonehedge); err != nil {
			return nil, err
		}
	}
	for r := Race(0); r < NumRaces; r++ {
		if _, ok := inUse[r]; !ok {
			m.banners = append(m.banners, r)
		}
	}
	if p.Format < 0 || p.Format > 2 {
		return nil, bad("format", "%d: want 1 or 2 (2: a defender's redeploy gives final counts)", p.Format)
	}
	if p.Badges != nil {
		for k, code := range *p.Badges {
			pw, err := usePower(fmt.Sprintf("badges[%d]", k), &code)
			if err != nil {
				return nil, err
			}
			m.badges = append(m.badges, pw)
		}
		m.badges = append([]Power{}, m.badges...) // [] is an empty stack, not nil
	}
	for pw := Power(0); pw < NumPowers; pw++ {
		if _, ok := powerUsed[pw]; !ok {
			if p.Badges != nil {
				m.discard = append(m.discard, pw)
			} else {
				m.badges = append(m.badges, pw)
			}
		}
	}
	if err := p.figures(m); err != nil {
		return nil, err
	}
	for k := Marker(0); k < NumMarkers; k++ {
		if m.markerAt(k) < 0 {
			m.markers = append(m.markers, k)
		}
	}
	if p.MarkersLeft < 0 || p.MarkersLeft > len(m.markers) {
		return nil, bad("markers_left", "%d: %d markers are not on the board", p.MarkersLeft, len(m.markers))
	}
	m.markers = m.markers[:p.MarkersLeft]
	m.startTurn()
	if u := p.Used; u != nil {
		for _, b := range []struct {
			on  bool
			bit uint16
		}{{u.Doormat, usedDoormat}, {u.Socks, usedSocks}, {u.Sword, usedSword}, {u.Orb, usedOrb}, {u.Bag, usedBag}, {u.BalrogMoved, usedBalrog}} {
			if b.on {
				m.t.used |= b.bit
			}
		}
		for _, s := range u.VampireVs {
			if s < 0 || s >= p.Players {
				return nil, bad("used.vampire_vs", "%d: no such seat", s)
			}
			m.t.vampireVs |= 1 << uint(s)
		}
	}
	return m, nil
}

func sumArmorHands(m *Match) int {
	n := 0
	for s := range m.seats {
		n += m.seats[s].ArmorHand
	}
	return n
}

func sortedRegionKeys(b map[string]posRegion) []string {
	out := make([]string, 0, len(b))
	for k := range b {
		out = append(out, k)
	}
	sort.Slice(out, func(a, c int) bool { return idLess(out[a], out[c]) })
	return out
}

// figures places the figures of the position and finds their
// controllers (U16.10).
func (p *position) figures(m *Match) error {
	known := map[string]bool{"balrog": true, "queen": true, "ghost": true, "ancient": true, "volcano": true, "bag": true}
	at := map[string]int8{}
	for name, id := range p.Figures {
		f := "figures." + name
		if !known[name] {
			return bad(f, "unknown figure (balrog, queen, ghost, ancient, volcano, bag)")
		}
		at[name] = -1
		if id == nil {
			continue
		}
		i := m.mp.Index(*id)
		if i < 0 {
			return bad(f, "%q is no region of the map", *id)
		}
		if (name == "volcano") != m.mp.IsChasm(i) || (name == "volcano" && !m.mp.Volcano(i)) {
			if name == "volcano" {
				return bad(f, "the Volcano goes on a Volcano chasm (U11.5)")
			}
			return bad(f, "no figure goes into a chasm (U11.4)")
		}
		at[name] = int8(i)
	}
	fg := &m.fig
	occ := func(name string) (int8, int8) {
		i, ok := at[name]
		if !ok || i < 0 {
			return -1, -1
		}
		o, _ := m.occupant(int(i))
		return i, int8(o)
	}
	fg.Balrog, _ = occ("balrog")
	if fg.Balrog >= 0 && m.regions[fg.Balrog].Tokens > 0 {
		return bad("figures.balrog", "the Balrog's region is empty (U16.2)")
	}
	fg.Volcano, _ = occ("volcano")
	fg.Queen, fg.QueenSeat = occ("queen")
	if fg.Queen >= 0 {
		if fg.QueenSeat < 0 {
			return bad("figures.queen", "the Queen stands in a region of its Royal race (U13.13)")
		}
		_, d := m.occupant(int(fg.Queen))
		fg.QueenRace = m.slotOf(int(fg.QueenSeat), d).Race
	}
	fg.Ancient, fg.AncientSeat = occ("ancient")
	if fg.Ancient >= 0 && (fg.AncientSeat < 0 || m.seats[fg.AncientSeat].Active.Race != Cultists) {
		return bad("figures.ancient", "the Great Ancient stands in a Cultists region (U16.3)")
	}
	for s := range m.seats {
		if m.seats[s].Active.Race == Cultists {
			fg.AncientSeat = int8(s)
			fg.AncientDue = fg.Ancient < 0 && m.held(s, false) == 0
		}
	}
	fg.Ghost, _ = occ("ghost")
	if c := m.markerAt(Crypt); c >= 0 {
		o, _ := m.occupant(c)
		fg.GhostSeat = int8(o)
	}
	fg.Bag, fg.BagSeat = occ("bag")
	if fg.Bag >= 0 {
		fg.BagCopy = NoMarker
	}
	return nil
}

// mapName is how an error names a map: its name, or "the map" inline.
func mapName(mp *maps.Map) string {
	if mp.Name != "" {
		return mp.Name
	}
	return "the map"
}
