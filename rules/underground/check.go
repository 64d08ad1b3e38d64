package underground

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground/maps"
)

// InputError is bad input to Check: malformed JSON, an unknown code, a
// region given twice, a position that cannot be. The command exits 2 on it.
type InputError struct {
	Field string
	Msg   string
}

// Error reads "FIELD: what is wrong" (the command puts its name before
// it), or only what is wrong when the whole input is at fault.
func (e *InputError) Error() string {
	if e.Field == "" {
		return e.Msg
	}
	return e.Field + ": " + e.Msg
}

func bad(field, format string, args ...any) *InputError {
	return &InputError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

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
	Players     int                  `json:"players"`
	Map         *string              `json:"map"`
	MapInline   json.RawMessage      `json:"map_inline"`
	Turn        int                  `json:"turn"`
	Seat        int                  `json:"seat"`
	Board       map[string]posRegion `json:"board"`
	Figures     map[string]*string   `json:"figures"`
	Seats       []posSeat            `json:"seats"`
	Market      []posCombo           `json:"market"`
	Used        *posUsed             `json:"used"`
	Stonehedge  *string              `json:"stonehedge"`
	MarkersLeft int                  `json:"markers_left"`
	Moves       []json.RawMessage    `json:"moves"`
}

// checkMove is a move of the position format: a match move, or a draw, a
// defend or a query, with the die where the move rolls it.
type checkMove struct {
	Move
	Die    *int       `json:"die,omitempty"`
	Draw   string     `json:"draw,omitempty"`
	Power  string     `json:"power,omitempty"` // the Stonehedge's badge, with draw
	Query  string     `json:"query,omitempty"`
	Region string     `json:"region,omitempty"`
	Defend *defendArg `json:"defend,omitempty"`
}

type defendArg struct {
	Seat     int            `json:"seat"`
	Redeploy map[string]int `json:"redeploy"`
}

// Check reads a position in the format of UNDERGROUND.md (Position format)
// and writes one JSON line per move or query. Bad input is an
// *InputError naming the field, and then nothing is written (as the
// other games' check: a bad later move leaves no half answer); an illegal
// move is a line {"legal": false, "rule": ..., "error": ...} and changes
// nothing.
func Check(in io.Reader, out io.Writer) error {
	data, err := io.ReadAll(io.LimitReader(in, MaxPositionBytes+1))
	if err != nil {
		return fmt.Errorf("underground check: read: %w", err)
	}
	if len(data) > MaxPositionBytes {
		return bad("", "the position is larger than %d bytes", MaxPositionBytes)
	}
	var w bytes.Buffer
	if _, err := runCheck(data, func(res checkResult) {
		b, _ := json.Marshal(res)
		w.Write(append(b, '\n'))
	}); err != nil {
		return err
	}
	_, err = out.Write(w.Bytes())
	return err
}

// runCheck builds the position and plays its moves, handing each result
// to emit; it returns the match as it ends.
func runCheck(data []byte, emit func(checkResult)) (*Match, error) {
	if err := duplicateKeys(data); err != nil {
		return nil, err
	}
	var p position
	if err := exactKeys(data, jsonKeys(reflect.TypeOf(p))); err != nil {
		return nil, bad(jsonField(err), "%v", err)
	}
	if err := strictJSON(data, &p); err != nil {
		return nil, bad(jsonField(err), "%s", errWords(err))
	}
	if len(p.Moves) > MaxCheckMoves {
		return nil, bad("moves", "%d moves and queries, more than %d", len(p.Moves), MaxCheckMoves)
	}
	m, err := p.build()
	if err != nil {
		return nil, err
	}
	for k := 0; k < len(p.Moves); k++ {
		field := fmt.Sprintf("moves[%d]", k)
		cm, err := decodeCheckMove(p.Moves[k], field)
		if err != nil {
			return m, err
		}
		var next *checkMove
		// A draw belongs to the move before it; a query or a draw takes none
		// (a draw after a query is read on its own, and refused).
		if k+1 < len(p.Moves) && cm.Query == "" && cm.Draw == "" {
			if n, err := decodeCheckMove(p.Moves[k+1], fmt.Sprintf("moves[%d]", k+1)); err == nil && n.Draw != "" {
				next = &n
				k++
			}
		}
		res, err := m.checkOne(cm, next, field)
		if err != nil {
			return m, err
		}
		if next == nil {
			emit(res)
			continue
		}
		// One line per move (Position format: output): the draw's line holds
		// the draw and what follows from it.
		move, draw := splitDraw(res)
		emit(move)
		emit(draw)
	}
	return m, nil
}

// splitDraw parts the result of a conquest and the draw that follows it
// into the conquest's line and the draw's: the events from the draw on go
// to the draw. A refused conquest drew nothing, so its draw is refused
// with it.
func splitDraw(res checkResult) (move, draw checkResult) {
	if res.Legal == nil || !*res.Legal {
		return res, checkResult{Legal: bp(false), Rule: res.Rule, Error: "nothing was drawn: the conquest before it was refused"}
	}
	cut := len(res.Events)
	for i, e := range res.Events {
		if e.Kind == EvDraw {
			cut = i
			break
		}
	}
	move, draw = res, res
	move.Events = res.Events[:cut:cut]
	draw.Events = res.Events[cut:]
	return move, draw
}

func jsonField(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return te.Field
	}
	if s := err.Error(); strings.Contains(s, "unknown field") {
		return strings.Trim(s[strings.Index(s, "unknown field")+len("unknown field "):], `"`)
	}
	return "position"
}

var checkMoveKeys = jsonKeys(reflect.TypeOf(checkMove{}))

func decodeCheckMove(raw json.RawMessage, field string) (checkMove, error) {
	var cm checkMove
	if err := exactKeys(raw, checkMoveKeys); err != nil {
		return cm, bad(field, "%v", err)
	}
	if err := strictJSON(raw, &cm); err != nil {
		return cm, bad(field, "%v", err)
	}
	special := 0
	for _, b := range []bool{cm.Draw != "", cm.Query != "", cm.Defend != nil} {
		if b {
			special++
		}
	}
	_, n := cm.Move.kind()
	switch {
	case special+n != 1:
		return cm, bad(field, "one action per move")
	case cm.Query != "":
		if cm.Query != "cost" && cm.Query != "targets" && cm.Query != "score" {
			return cm, bad(field+".query", "%q: want cost, targets or score", cm.Query)
		}
		if (cm.Query == "cost") != (cm.Region != "") {
			return cm, bad(field+".region", "the cost query, and only it, names a region")
		}
		if _, err := parseUses(cm.With); err != nil {
			return cm, bad(field+".with", "%v", err)
		}
		return cm, nil
	case cm.Draw != "":
		if k, ok := ParseMarker(cm.Draw); !ok {
			return cm, bad(field+".draw", "%q is no Place or Relic", cm.Draw)
		} else if (k == Stonehedge) != (cm.Power != "") {
			return cm, bad(field+".power", "the Stonehedge draw, and only it, names its power")
		}
		if cm.Power != "" {
			if _, ok := ParsePower(cm.Power); !ok {
				return cm, bad(field+".power", "%q is no power", cm.Power)
			}
		}
		return cm, nil
	case cm.Defend != nil:
		return cm, nil
	}
	if cm.Region != "" || cm.Power != "" {
		return cm, bad(field, "region and power belong to queries and draws")
	}
	if err := cm.Move.validate(); err != nil {
		return cm, bad(field, "%v", err)
	}
	rolls := cm.Final != "" || cm.Wisps != ""
	if rolls != (cm.Die != nil) {
		return cm, bad(field+".die", "final and wisps, and only they, give the die roll")
	}
	if cm.Die != nil && (*cm.Die < 0 || *cm.Die > 3) {
		return cm, bad(field+".die", "%d: the die shows 0, 1, 2 or 3 (U1.6)", *cm.Die)
	}
	return cm, nil
}

// stepOf is the step where a move kind is played, for auto-advancing.
var stepOf = map[string]step{"pick": stepPick, "swap": stepSwap, "volcano": stepVolcano, "decline": stepDecide,
	"reborn": stepReborn, "ancient": stepAncient, "conquer": stepConquer, "final": stepConquer,
	"wisps": stepConquer, "vampire": stepConquer, "orb": stepConquer, "abandon": stepConquer,
	"deploy": stepRedeploy, "lift": stepRedeploy, "armor": stepRedeploy, "redeploy": stepRedeploy,
	"place": stepPlace, "altar": stepAltar}

// advance ends steps (with their safe move) until the step want opens in
// this turn; false when it cannot.
func (m *Match) advance(want step, seat int) ([]Event, bool) {
	var evs []Event
	active := m.active
	for n := 0; n < 64 && !m.over && m.active == active; n++ {
		if m.step == want && (want != stepDefend || m.defSeat == seat) {
			return evs, true
		}
		if want != stepDefend && m.step > want {
			return evs, false
		}
		legal := m.LegalMoves(m.mover())
		if len(legal) == 0 || (!legal[0].End && m.step != stepDefend) {
			return evs, false
		}
		e, err := m.apply(m.mover(), legal[0])
		if err != nil {
			return evs, false
		}
		evs = append(evs, e...)
	}
	return evs, false
}

type checkResult struct {
	Legal  *bool    `json:"legal,omitempty"`
	Rule   string   `json:"rule,omitempty"`
	Error  string   `json:"error,omitempty"`
	Events []Event  `json:"events,omitempty"`
	Step   string   `json:"step,omitempty"`
	Seat   *int     `json:"seat,omitempty"`
	Cost   *int     `json:"cost,omitempty"`
	Reach  *bool    `json:"reachable,omitempty"`
	Parts  []string `json:"parts,omitempty"`
	Target []Target `json:"targets,omitempty"`
	Score  *int     `json:"score,omitempty"`
	Items  []Item   `json:"items,omitempty"`
}

// Target is a region a race may conquer and its cost (U5.5).
type Target struct {
	Region string `json:"region"`
	Cost   int    `json:"cost"`
}

func bp(b bool) *bool { return &b }

// checkOne plays or answers one move of the position.
func (m *Match) checkOne(cm checkMove, next *checkMove, field string) (checkResult, error) {
	if cm.Query != "" {
		return m.query(cm, field)
	}
	if cm.Draw != "" {
		return checkResult{}, bad(field+".draw", "a draw follows a conquest of a Monster region")
	}
	if err := m.knownRegions(cm, field); err != nil {
		return checkResult{}, err
	}
	saved := m.Clone()
	m.fixed = &fixedSource{marker: NoMarker, power: NoPower}
	if cm.Die != nil {
		m.fixed.die = *cm.Die
	}
	if next != nil {
		k, _ := ParseMarker(next.Draw)
		if m.markerAt(k) >= 0 {
			return checkResult{}, bad(field+".draw", "%s is already on the board", k)
		}
		m.fixed.marker = k
		if next.Power != "" {
			pw, _ := ParsePower(next.Power)
			if !containsPower(m.badges, pw) {
				return checkResult{}, bad(field+".power", "%s is not in the badge stack", pw)
			}
			m.fixed.power = pw
		}
	}
	var evs []Event
	var err error
	seat := m.mover()
	switch kind := cm.Move.Kind(); {
	case cm.Defend != nil:
		d := cm.Defend
		if d.Seat < 0 || d.Seat >= len(m.seats) {
			return checkResult{}, bad(field+".defend.seat", "%d: no such seat", d.Seat)
		}
		var ok bool
		evs, ok = m.advance(stepDefend, d.Seat)
		if !ok {
			err = rules.Refuse("U7.2", "seat %d has no returned tokens to place", d.Seat)
			break
		}
		var e []Event
		e, err = m.apply(d.Seat, Move{Redeploy: d.Redeploy})
		evs = append(evs, e...)
	case kind == "end":
		active := m.active
		for n := 0; n < 64 && !m.over && m.active == active && err == nil; n++ {
			legal := m.LegalMoves(m.mover())
			if len(legal) == 0 {
				err = rules.Refuse(stepRule[m.step], "seat %d has no move at the %s step (an empty market?)", m.mover(), m.step)
				break
			}
			var e []Event
			e, err = m.apply(m.mover(), legal[0])
			evs = append(evs, e...)
		}
	default:
		ok := true
		if want, known := stepOf[kind]; known && m.step < want {
			evs, ok = m.advance(want, seat)
		}
		if kind == "balrog" && m.step < stepConquer {
			evs, ok = m.advance(stepConquer, seat)
		}
		if !ok { // the turn went past the move's step: refuse it where it stood
			err = saved.wrongStep(kind)
			break
		}
		var e []Event
		e, err = m.apply(m.mover(), cm.Move)
		evs = append(evs, e...)
	}
	missing := m.fixed.marker != NoMarker && !hasDraw(evs)
	needed := hasDraw(evs) && next == nil
	if err != nil {
		fixed := m.fixed
		*m = *saved
		m.fixed = fixed
		// A draw that follows a refused conquest belongs to it: nothing came up.
		return checkResult{Legal: bp(false), Rule: rules.RuleOf(err), Error: err.Error()}, nil
	}
	if missing {
		return checkResult{}, bad(field+".draw", "nothing was drawn: the move took no Monster region")
	}
	if needed {
		return checkResult{}, bad(field, "the conquest of a Monster region must be followed by {\"draw\": marker}")
	}
	mv := m.mover()
	return checkResult{Legal: bp(true), Events: evs, Step: m.step.String(), Seat: &mv}, nil
}

// knownRegions refuses a move naming a region the map does not have: bad
// input, not an illegal move.
func (m *Match) knownRegions(cm checkMove, field string) error {
	named := map[string]string{"volcano": cm.Volcano, "abandon": cm.Abandon, "conquer": cm.Conquer, "final": cm.Final,
		"wisps": cm.Wisps, "vampire": cm.Vampire, "orb": cm.Orb, "balrog": cm.Balrog, "ancient": cm.Ancient,
		"deploy": cm.Deploy, "lift": cm.Lift, "armor": cm.Armor, "altar": cm.Altar}
	for k, id := range cm.Reborn {
		named[fmt.Sprintf("reborn[%d]", k)] = id
	}
	for w, id := range cm.Place {
		named["place."+w] = id
	}
	for id := range cm.Redeploy {
		named["redeploy."+id] = id
	}
	if cm.Defend != nil {
		for id := range cm.Defend.Redeploy {
			named["defend.redeploy."+id] = id
		}
	}
	fields := make([]string, 0, len(named))
	for f := range named {
		fields = append(fields, f)
	}
	sort.Strings(fields) // the same field named every time
	for _, f := range fields {
		if id := named[f]; id != "" && m.mp.Index(id) < 0 {
			return bad(field+"."+f, "%q is no region of the map", id)
		}
	}
	return nil
}

func hasDraw(evs []Event) bool {
	for _, e := range evs {
		if e.Kind == EvDraw {
			return true
		}
	}
	return false
}

func containsPower(ps []Power, p Power) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// query answers cost, targets and score (Position format: queries).
func (m *Match) query(cm checkMove, field string) (checkResult, error) {
	s := m.active
	switch cm.Query {
	case "cost":
		i := m.mp.Index(cm.Region)
		if i < 0 {
			return checkResult{}, bad(field+".region", "%q is no region of the map", cm.Region)
		}
		uses, _ := parseUses(cm.With)
		c := m.costOf(s, i, uses, true)
		_, ok := m.target(s, i)
		door := false
		for _, u := range uses {
			door = door || u.relic == Doormat
		}
		reach := ok && m.seats[s].Active.has() && m.reaches(s, i, door)
		return checkResult{Cost: &c.n, Reach: &reach, Parts: c.parts}, nil
	case "targets":
		ts := []Target{}
		for _, i := range m.targets(s) {
			ts = append(ts, Target{Region: m.mp.ID(i), Cost: m.costOf(s, i, nil, false).n})
		}
		sort.Slice(ts, func(a, b int) bool { return idLess(ts[a].Region, ts[b].Region) })
		return checkResult{Target: ts}, nil
	}
	sc := m.score(s)
	t := sc.Total()
	items := sc.items
	if items == nil {
		items = []Item{}
	}
	return checkResult{Score: &t, Items: items}, nil
}

// targets lists the regions seat's Active race may conquer by adjacency
// now, whatever the tokens in hand (U5.2-U5.4).
func (m *Match) targets(s int) []int {
	if !m.seats[s].Active.has() {
		return nil
	}
	var out []int
	reach, plain := m.reachSet(s, false), m.reachSet(s, true)
	for i := 0; i < m.mp.Len(); i++ {
		set := reach
		if m.gnomeGuard(s, i) {
			set = plain
		}
		if _, ok := m.target(s, i); ok && set&(1<<uint(i)) != 0 {
			out = append(out, i)
		}
	}
	return out
}

// idLess orders region ids naturally: "r2" before "r10".
func idLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
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
	for pw := Power(0); pw < NumPowers; pw++ {
		if _, ok := powerUsed[pw]; !ok {
			m.badges = append(m.badges, pw)
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
