package underground

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"sync"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground/maps"
)

// Options are the table options of an Underground match, recorded in every
// game record. The JSON object is read strictly (ParseOptions).
type Options struct {
	// OpenCoins shows every player's coin total throughout (Hidden
	// information: table option open_coins).
	OpenCoins bool `json:"open_coins,omitempty"`
	// FirstPlayer is the seat that plays first (U2.7); nil draws it at
	// random from the match's generator.
	FirstPlayer *int `json:"first_player,omitempty"`
	// Map names a built-in map (maps.Names); empty takes the map for the
	// player count (U2.1).
	Map string `json:"map,omitempty"`
}

// ParseOptions reads the table options strictly: unknown fields, a wrong
// type and trailing data are errors naming the field; nil or "null" give
// the defaults.
func ParseOptions(data []byte) (Options, error) {
	var o Options
	if len(bytes.TrimSpace(data)) == 0 || string(bytes.TrimSpace(data)) == "null" {
		return o, nil
	}
	if err := strictJSON(data, &o); err != nil {
		return o, fmt.Errorf("options: %w", err)
	}
	return o, nil
}

// strictJSON decodes one JSON value with no unknown field and nothing after
// it.
func strictJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &decodeError{err}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("trailing data")
	}
	return nil
}

// decodeError is encoding/json's error said in the reference's words,
// without Go's type names: "tokens: want a whole number, not a JSON
// string". It unwraps to the original (jsonField reads the field there).
type decodeError struct{ err error }

func (e *decodeError) Unwrap() error { return e.err }

func (e *decodeError) Error() string {
	var te *json.UnmarshalTypeError
	if errors.As(e.err, &te) && te.Field != "" {
		return te.Field + ": " + e.words()
	}
	return e.words()
}

// words is the error without its field.
func (e *decodeError) words() string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(e.err, &te):
		return fmt.Sprintf("want %s, not a JSON %s", jsonKind(te.Type), te.Value)
	case errors.As(e.err, &se):
		return fmt.Sprintf("malformed JSON at byte %d: %v", se.Offset, se)
	case errors.Is(e.err, io.EOF):
		return "empty input: want a JSON value"
	case errors.Is(e.err, io.ErrUnexpectedEOF):
		return "malformed JSON: unexpected end of input"
	}
	msg := strings.TrimPrefix(e.err.Error(), "json: ")
	if f, ok := strings.CutPrefix(msg, "unknown field "); ok {
		return f + ": unknown field"
	}
	return msg
}

// jsonKind names what a Go type reads from JSON, in words.
func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "a list"
	}
	return "an object"
}

// errWords is err without its field when it is a decodeError (the caller
// names the field), else err as it reads.
func errWords(err error) string {
	var de *decodeError
	if errors.As(err, &de) {
		return de.words()
	}
	return err.Error()
}

// region is the state of one map space.
type region struct {
	Owner    int8 // seat whose race holds it, -1 when empty
	Decline  bool // the tokens are the owner's In Decline race
	Tokens   int8 // race tokens (U16.8: not armor, hammers or figures)
	Monsters int8
	Armor    int8   // Mushroom Armor (U13.14)
	Place    Marker // revealed Popular Place (U5.6, U14); Relics move (Match.relics)
}

// slot is one of a player's two races (U4.7).
type slot struct {
	Race  Race
	Power Power
	Hand  int // tokens in hand (U5.1, U7.2)
}

func (s slot) has() bool { return s.Race != NoRace }

var noSlot = slot{Race: NoRace, Power: NoPower}

// player is one seat's state.
type player struct {
	Coins     int
	Active    slot
	Decline   slot
	Fresh     bool // the Active race was picked this turn (U8.1)
	Hammers   int  // Silver Hammers taken (U12.5)
	ArmorHand int  // Mushroom Armor taken, not yet placed (U13.14)
	MarkedBy  uint8
}

// combo is a banner and its badge in the market (U4).
type combo struct {
	Race  Race
	Power Power
	Coins int
}

// Figures are placed in regions; -1 is off the board.
type figures struct {
	Balrog, Queen, Ghost, Ancient, Volcano, Bag int8
	QueenSeat, GhostSeat, AncientSeat, BagSeat  int8
	QueenRace                                   Race
	AncientDue                                  bool // the Great Ancient goes into the next Cultists conquest (U16.3)
	BagCopy                                     Marker
}

// used bits: once-per-turn uses (position format "used").
const (
	usedDoormat uint16 = 1 << iota
	usedSocks
	usedSword
	usedOrb
	usedBag
	usedBalrog
	usedQueen
	usedGhost
	usedScepter
	usedRing
)

// turnState is what one player turn remembers.
type turnState struct {
	startHeld   uint64 // regions of the Active race at the start of the conquest phase (U6.2)
	conquered   uint64
	used        uint16
	vampireVs   uint8 // opponents already bitten this turn (U13.18)
	hammersLeft int
	rolled      bool // the final die was rolled (U6.2)
	declined    bool
	vanished    int   // regions held when a Vanishing race declined (U13.19)
	lost        uint8 // seats that lost tokens into hand this turn (U7.2)
	defended    uint8 // defenders done (U7.2)
	balrogDue   bool  // the Pentacle was found: the Balrog must be sent (U16.2)
	scored      int
}

// Match is one game of Small World: Underground in progress. It is a
// value that Clone copies deeply; Apply is its only mutator.
type Match struct {
	mp      *maps.Map
	opts    Options
	seed    uint64
	rng     rules.RNG
	regions []region
	seats   []player
	offer   []combo
	banners []Race
	badges  []Power
	discard []Power
	markers []Marker // face-down stack, top last (U2.4)
	aside   []Marker // set aside unseen (U2.4)
	stone   Power    // the Stonehedge's drawn power (U14.8)
	relics  [6]int8  // region of each revealed Relic, -1 (U15.0b)
	places  [9]int8  // region of each revealed Place, -1 (Places never move, U14)
	fig     figures
	armorIn int // Mushroom Armor on the board or in hand (U13.14)
	turn    int // game turn, 1..Turns (U3.1)
	first   int
	active  int
	step    step
	stepN   int
	defSeat int // seat placing returned tokens in stepDefend
	over    bool
	t       turnState
	final   []int
	winners []int
	fixed   *fixedSource // check: dice and draws given by the position
	backup  *Match       // Apply's undo buffer, reused (never part of a clone)
	last    lastMove     // what the last move applied showed (undo.go)
}

// New deals a match for players seats on their map (U2).
func New(players int, opts Options, seed uint64) (*Match, error) {
	if players < 2 || players > 5 {
		return nil, fmt.Errorf("players: %d: want 2 to 5 (U1.1)", players)
	}
	name := opts.Map
	if name == "" {
		name = maps.Names()[players-2] // U2.1
	}
	mp, err := builtin(name)
	if err != nil {
		return nil, fmt.Errorf("options: map: %w", err)
	}
	if mp.Players != 0 && mp.Players != players {
		return nil, fmt.Errorf("options: map: %s is the map for %d players, not %d (U2.1)", name, mp.Players, players)
	}
	if opts.FirstPlayer != nil && (*opts.FirstPlayer < 0 || *opts.FirstPlayer >= players) {
		return nil, fmt.Errorf("options: first_player: %d: want a seat 0 to %d (U2.7)", *opts.FirstPlayer, players-1)
	}
	m := newEmpty(mp, players)
	m.opts, m.seed, m.rng = opts, seed, rules.NewRNG(seed)
	m.setup()
	return m, nil
}

// builtinMaps are the built-in maps, parsed once and shared read-only by
// every match (a match never changes its map).
var builtinMaps = sync.OnceValue(func() map[string]*maps.Map {
	out := map[string]*maps.Map{}
	for _, n := range maps.Names() {
		if mp, err := maps.Builtin(n); err == nil {
			out[n] = mp
		}
	}
	return out
})

func builtin(name string) (*maps.Map, error) {
	if mp, ok := builtinMaps()[name]; ok {
		return mp, nil
	}
	return maps.Builtin(name) // its error names the map
}

// newEmpty returns a match on mp with nothing dealt.
func newEmpty(mp *maps.Map, players int) *Match {
	m := &Match{mp: mp, regions: make([]region, mp.Len()), seats: make([]player, players), stone: NoPower}
	for i := range m.regions {
		m.regions[i] = region{Owner: -1, Place: NoMarker}
	}
	for i := range m.seats {
		m.seats[i] = player{Active: noSlot, Decline: noSlot}
	}
	m.relics = [6]int8{-1, -1, -1, -1, -1, -1}
	m.places = [9]int8{-1, -1, -1, -1, -1, -1, -1, -1, -1}
	m.fig = figures{Balrog: -1, Queen: -1, Ghost: -1, Ancient: -1, Volcano: -1, Bag: -1,
		QueenSeat: -1, GhostSeat: -1, AncientSeat: -1, BagSeat: -1, QueenRace: NoRace, BagCopy: NoMarker}
	return m
}

// setup is U2.
func (m *Match) setup() {
	for r := Race(0); r < NumRaces; r++ {
		m.banners = append(m.banners, r)
	}
	for p := Power(0); p < NumPowers; p++ {
		m.badges = append(m.badges, p)
	}
	m.rng.Shuffle(len(m.banners), func(i, j int) { m.banners[i], m.banners[j] = m.banners[j], m.banners[i] })
	m.rng.Shuffle(len(m.badges), func(i, j int) { m.badges[i], m.badges[j] = m.badges[j], m.badges[i] })
	m.refill() // U2.2
	monsters := MonsterSupply
	for i := range m.regions {
		if m.mp.Monster(i) && monsters >= MonstersPerLair { // U2.3
			m.regions[i].Monsters = MonstersPerLair
			monsters -= MonstersPerLair
		}
	}
	all := make([]Marker, 0, NumMarkers)
	for k := Marker(0); k < NumMarkers; k++ {
		all = append(all, k)
	}
	m.rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	n := min(len(maps.Indices(m.mp.MonsterMask())), len(all)) // U2.4
	m.markers, m.aside = all[:n:n], all[n:]
	for i := range m.seats {
		m.seats[i].Coins = StartCoins // U2.6
	}
	if m.opts.FirstPlayer != nil { // U2.7
		m.first = *m.opts.FirstPlayer
	} else {
		m.first = m.rng.IntN(len(m.seats))
	}
	m.turn, m.active = 1, m.first
	m.startTurn()
}

// copyInto makes dst a copy of m, reusing dst's slices (Apply's undo).
func (m *Match) copyInto(dst *Match) {
	regions, seats, offer, banners := dst.regions[:0], dst.seats[:0], dst.offer[:0], dst.banners[:0]
	badges, discard, markers, aside := dst.badges[:0], dst.discard[:0], dst.markers[:0], dst.aside[:0]
	final, winners := dst.final[:0], dst.winners[:0]
	*dst = *m
	dst.backup = nil
	dst.regions = append(regions, m.regions...)
	dst.seats = append(seats, m.seats...)
	dst.offer = append(offer, m.offer...)
	dst.banners = append(banners, m.banners...)
	dst.badges = append(badges, m.badges...)
	dst.discard = append(discard, m.discard...)
	dst.markers = append(markers, m.markers...)
	dst.aside = append(aside, m.aside...)
	dst.final = append(final, m.final...)
	dst.winners = append(winners, m.winners...)
}

// Clone returns a deep copy that shares only the immutable map.
func (m *Match) Clone() *Match {
	c := *m
	c.backup = nil
	c.regions = append([]region(nil), m.regions...)
	c.seats = append([]player(nil), m.seats...)
	c.offer = append([]combo(nil), m.offer...)
	c.banners = append([]Race(nil), m.banners...)
	c.badges = append([]Power(nil), m.badges...)
	c.discard = append([]Power(nil), m.discard...)
	c.markers = append([]Marker(nil), m.markers...)
	c.aside = append([]Marker(nil), m.aside...)
	c.final = append([]int(nil), m.final...)
	c.winners = append([]int(nil), m.winners...)
	if m.fixed != nil {
		f := *m.fixed
		c.fixed = &f
	}
	return &c
}

// Map returns the match's map (shared; do not change it).
func (m *Match) Map() *maps.Map { return m.mp }

// Turn returns the game turn (U3.1) and the active seat.
func (m *Match) Turn() (turn, seat int) { return m.turn, m.active }

// held returns the regions that seat's race holds (decline picks which).
func (m *Match) held(seat int, decline bool) uint64 {
	var s uint64
	for i := range m.regions {
		r := &m.regions[i]
		if int(r.Owner) == seat && r.Decline == decline && r.Tokens > 0 {
			s |= 1 << uint(i)
		}
	}
	return s
}

// slotOf returns seat's Active or In Decline slot.
func (m *Match) slotOf(seat int, decline bool) *slot {
	if decline {
		return &m.seats[seat].Decline
	}
	return &m.seats[seat].Active
}

// raceAt returns the race holding region i, or NoRace.
func (m *Match) raceAt(i int) Race {
	r := &m.regions[i]
	if r.Owner < 0 || r.Tokens == 0 {
		return NoRace
	}
	return m.slotOf(int(r.Owner), r.Decline).Race
}

// inPlay counts a race's tokens on the board and in hand.
func (m *Match) inPlay(race Race) int {
	n := 0
	for s := range m.seats {
		for _, d := range [2]bool{false, true} {
			sl := m.slotOf(s, d)
			if sl.Race != race {
				continue
			}
			n += sl.Hand
			for i := range m.regions {
				if int(m.regions[i].Owner) == s && m.regions[i].Decline == d {
					n += int(m.regions[i].Tokens)
				}
			}
		}
	}
	return n
}

// tray returns how many tokens of race are in the tray (U4.3).
func (m *Match) tray(race Race) int { return def(race).Supply - m.inPlay(race) }

// markerAt returns the region of a revealed Place or Relic, or -1.
func (m *Match) markerAt(k Marker) int {
	if k.IsRelic() {
		return int(m.relics[k-Doormat])
	}
	return int(m.places[k])
}

// occupant returns the seat whose race holds region i and whether it is In
// Decline; -1 when nobody holds it or the Balrog is there (U16.2).
func (m *Match) occupant(i int) (int, bool) {
	if i < 0 || int(m.fig.Balrog) == i {
		return -1, false
	}
	r := &m.regions[i]
	if r.Owner < 0 || r.Tokens == 0 {
		return -1, false
	}
	return int(r.Owner), r.Decline
}

// placeFor reports whether the Place k works for seat's race (Active, or In
// Decline when decline is allowed): its occupant (U14 general).
func (m *Match) placeFor(k Marker, seat int, declineOK bool) (int, bool) {
	i := m.markerAt(k)
	o, d := m.occupant(i)
	if o != seat || (d && !declineOK) {
		return -1, false
	}
	return i, true
}

// relicFor reports whether seat's Active race holds relic k (U15.0a).
func (m *Match) relicFor(k Marker, seat int) (int, bool) { return m.placeFor(k, seat, false) }

// removeTokens takes n tokens off region i to the tray and clears what
// leaves with the last token (U5.6, U6.3, U13.14, U16.4).
func (m *Match) emptyRegion(i int) {
	r := &m.regions[i]
	r.Owner, r.Decline, r.Tokens = -1, false, 0
	m.armorIn -= int(r.Armor)
	r.Armor = 0
	if int(m.fig.Bag) == i { // U13.6: back to its owner's hand
		m.fig.Bag, m.fig.BagCopy = -1, NoMarker
	}
	if int(m.fig.Queen) == i { // U16.4: leaves with its region's last token
		m.fig.Queen = -1
	}
	if int(m.fig.Ancient) == i { // U6.3, U16.3
		m.fig.Ancient = -1
	}
}

// checkGone returns a race's banner to the market when its last token has
// left the board and hand (U8.5, U4.6); the slot is cleared.
func (m *Match) checkGone(seat int, decline bool) {
	sl := m.slotOf(seat, decline)
	if !sl.has() || sl.Hand > 0 || m.held(seat, decline) != 0 {
		return
	}
	if !decline {
		return // an Active race waits for U8.7 at its owner's turn
	}
	m.retire(seat, true)
}

// retire puts a race's tokens back, its banner to the market and its badge
// to the discards (U8.2 step 1, U8.5, U8.7).
func (m *Match) retire(seat int, decline bool) {
	sl := m.slotOf(seat, decline)
	for i := range m.regions {
		if int(m.regions[i].Owner) == seat && m.regions[i].Decline == decline {
			m.emptyRegion(i)
		}
	}
	if m.fig.QueenRace == sl.Race && int(m.fig.QueenSeat) == seat {
		m.fig.Queen, m.fig.QueenSeat, m.fig.QueenRace = -1, -1, NoRace
	}
	if sl.Power != NoPower {
		m.discard = append(m.discard, sl.Power)
	}
	if !decline && def(sl.Race).Hammers { // U12.5: back to the supply
		m.seats[seat].Hammers = 0
	}
	m.returnBanner(sl.Race)
	*sl = noSlot
}
