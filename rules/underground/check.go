package underground

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/goldvein/goldvein/rules"
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
		res, err := m.checkOne(cm, next, field, p.Format == 2)
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
	// The final query (checkquery.go).
	Scores   map[string]int `json:"scores,omitempty"`
	OnBoard  map[string]int `json:"tokens_on_board,omitempty"`
	Winners  []int          `json:"winners,omitempty"`
	Tiebreak string         `json:"tiebreak,omitempty"`
}

// Target is a region a race may conquer and its cost (U5.5).
type Target struct {
	Region string `json:"region"`
	Cost   int    `json:"cost"`
}

func bp(b bool) *bool { return &b }

// checkOne plays or answers one move of the position. With finalCounts
// (the position's format 2) a defender's redeploy gives the tokens each
// named region holds when it is done, as the active player's does;
// otherwise (format 1) the tokens added to it (defendCounts).
func (m *Match) checkOne(cm checkMove, next *checkMove, field string, finalCounts bool) (checkResult, error) {
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
			// U14.8: an empty stack is the discards, reshuffled.
			if stack := m.badges; !containsPower(stack, pw) && (len(stack) > 0 || !containsPower(m.discard, pw)) {
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
		counts := d.Redeploy
		if finalCounts {
			if counts, err = m.defendCounts(d.Seat, counts); err != nil {
				break
			}
		}
		var e []Event
		e, err = m.apply(d.Seat, Move{Redeploy: counts})
		evs = append(evs, e...)
	case cm.EndConquest:
		var ok bool
		if evs, ok = m.advance(stepConquer, seat); !ok || m.step != stepConquer {
			err = rules.Refuse("U5.8", "the conquests are over: the turn stands at the %s step", saved.step)
			break
		}
		var e []Event
		e, err = m.apply(m.mover(), Move{End: true})
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
		if !ok && kind == "redeploy" && saved.step < stepRedeploy && (m.step > stepRedeploy || m.active != saved.active) {
			// The redeployment left no choice and was made on the way (a
			// race in one region): the explicit one must say what it did.
			err = m.sameRedeploy(saved.active, cm.Redeploy)
			break
		}
		if !ok { // the turn went past the move's step: refuse it where it stood
			err = saved.wrongStep(kind)
			break
		}
		mv := cm.Move
		if kind == "redeploy" && finalCounts && m.step == stepDefend {
			if mv.Redeploy, err = m.defendCounts(m.mover(), mv.Redeploy); err != nil {
				break
			}
		}
		var e []Event
		e, err = m.apply(m.mover(), mv)
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

// defendCounts turns a defender's redeploy in final counts (the tokens
// each named region holds when it is done, format 2) into the tokens added
// to each, which the move takes (U7.2: a defender only adds).
func (m *Match) defendCounts(seat int, counts map[string]int) (map[string]int, error) {
	out := make(map[string]int, len(counts))
	for _, id := range sortedKeys(counts) {
		i, err := m.region(id)
		if err != nil {
			return nil, err
		}
		o, _ := m.occupant(i)
		have := 0
		if o == seat {
			have = int(m.regions[i].Tokens)
		}
		if counts[id] < have {
			return nil, rules.Refuse("U7.2", "%s holds %d tokens and a defender only adds: %d is too few", id, have, counts[id])
		}
		out[id] = counts[id] - have
	}
	return out, nil
}

// sameRedeploy accepts an explicit redeploy of seat's race that the turn
// made on its own because it left no choice (a race in one region: every
// token goes there, UR43), when counts are what the board now holds;
// otherwise it refuses it, saying what the redeployment was.
func (m *Match) sameRedeploy(seat int, counts map[string]int) error {
	var named uint64
	decline := false
	for k, id := range sortedKeys(counts) {
		i := m.mp.Index(id)
		o, d := m.occupant(i)
		if o != seat || (k > 0 && d != decline) {
			named = 0
			break
		}
		decline = d
		if int(m.regions[i].Tokens) != counts[id] {
			named = 0
			break
		}
		named |= 1 << uint(i)
	}
	held := m.held(seat, decline)
	if named != 0 && named == held {
		return nil
	}
	var want []string
	for _, i := range indices(m.held(seat, false)) {
		want = append(want, fmt.Sprintf("%q: %d", m.mp.ID(i), m.regions[i].Tokens))
	}
	return rules.Refuse("U7.5", "the redeployment left no choice (UR43) and was made: {\"redeploy\": {%s}}", strings.Join(want, ", "))
}
