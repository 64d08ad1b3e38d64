package underground

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// Move is one small decision of a turn, in the position format's JSON
// (UNDERGROUND.md, Position format: moves); exactly one action key is set.
// The die and the draws are never in a move of a match: they come from its
// generator (the check tool gives them, see Check).
type Move struct {
	Pick     *int              `json:"pick,omitempty"`    // U4: combo position
	Swap     *int              `json:"swap,omitempty"`    // U12.12: the badge of this position
	Volcano  string            `json:"volcano,omitempty"` // U12.3: a Volcano chasm
	Decline  bool              `json:"decline,omitempty"` // U8
	Vanish   bool              `json:"vanish,omitempty"`  // with decline: the Stonehedge's Vanishing (U14.8)
	Abandon  string            `json:"abandon,omitempty"` // U6.2
	Conquer  string            `json:"conquer,omitempty"` // U5
	Final    string            `json:"final,omitempty"`   // U5.7
	Wisps    string            `json:"wisps,omitempty"`   // U12.15
	Vampire  string            `json:"vampire,omitempty"` // U13.18
	Orb      string            `json:"orb,omitempty"`     // U15.5
	With     []string          `json:"with,omitempty"`    // relics used: "sword", "bag:socks" (U15, U13.6)
	Balrog   string            `json:"balrog,omitempty"`  // U16.2
	Ancient  string            `json:"ancient,omitempty"` // U16.3
	Reborn   []string          `json:"reborn,omitempty"`  // U13.12
	Deploy   string            `json:"deploy,omitempty"`  // U7.5, U7.2: one token from hand
	Lift     string            `json:"lift,omitempty"`    // U7.5: one token back to hand
	Armor    string            `json:"armor,omitempty"`   // U13.14: one Mushroom Armor
	Redeploy map[string]int    `json:"redeploy,omitempty"`
	Place    map[string]string `json:"place,omitempty"` // {"queen": "r3"} (U3.2 step 4)
	Altar    string            `json:"altar,omitempty"` // U14.1
	End      bool              `json:"end,omitempty"`   // end this step
}

// Kind names the move's action: "pick", "conquer", "end", ...
func (mv Move) Kind() string {
	k, _ := mv.kind()
	return k
}

func (mv Move) kind() (string, int) {
	var kinds []string
	add := func(set bool, k string) {
		if set {
			kinds = append(kinds, k)
		}
	}
	add(mv.Pick != nil, "pick")
	add(mv.Swap != nil, "swap")
	add(mv.Volcano != "", "volcano")
	add(mv.Decline, "decline")
	add(mv.Abandon != "", "abandon")
	add(mv.Conquer != "", "conquer")
	add(mv.Final != "", "final")
	add(mv.Wisps != "", "wisps")
	add(mv.Vampire != "", "vampire")
	add(mv.Orb != "", "orb")
	add(mv.Balrog != "", "balrog")
	add(mv.Ancient != "", "ancient")
	add(mv.Reborn != nil, "reborn")
	add(mv.Deploy != "", "deploy")
	add(mv.Lift != "", "lift")
	add(mv.Armor != "", "armor")
	add(mv.Redeploy != nil, "redeploy")
	add(mv.Place != nil, "place")
	add(mv.Altar != "", "altar")
	add(mv.End, "end")
	if len(kinds) != 1 {
		return strings.Join(kinds, "+"), len(kinds)
	}
	return kinds[0], 1
}

// String is the move's JSON.
func (mv Move) String() string {
	b, _ := json.Marshal(mv)
	return string(b)
}

// validate checks the move's shape without a map: one action, codes known.
func (mv Move) validate() error {
	k, n := mv.kind()
	switch {
	case n == 0:
		return fmt.Errorf("move: no action (pick, conquer, end, ...)")
	case n > 1:
		return fmt.Errorf("move: %s: one action per move", k)
	}
	if mv.With != nil && k != "conquer" && k != "final" && k != "wisps" && k != "orb" {
		return fmt.Errorf("with: only a conquest names relics")
	}
	if mv.Vanish && k != "decline" {
		return fmt.Errorf("vanish: only with decline")
	}
	if _, err := parseUses(mv.With); err != nil {
		return err
	}
	if k == "reborn" && (len(mv.Reborn) < 1 || len(mv.Reborn) > 2) {
		return fmt.Errorf("reborn: 1 or 2 regions (U13.12)")
	}
	if k == "place" {
		if len(mv.Place) != 1 {
			return fmt.Errorf("place: one figure per move")
		}
		for w := range mv.Place {
			if _, ok := placeRule[w]; !ok {
				return fmt.Errorf("place: %q: want queen, ghost, scepter, ring, bag:scepter or bag:ring", w)
			}
		}
	}
	if k == "redeploy" {
		if len(mv.Redeploy) == 0 {
			return fmt.Errorf("redeploy: no region")
		}
		for r, n := range mv.Redeploy {
			if n < 0 || n > 99 {
				return fmt.Errorf("redeploy: %s: %d tokens", r, n)
			}
		}
	}
	if mv.Pick != nil && (*mv.Pick < 0 || *mv.Pick >= OfferSize) {
		return fmt.Errorf("pick: %d: want 0 to 5", *mv.Pick)
	}
	if mv.Swap != nil && (*mv.Swap < 0 || *mv.Swap >= OfferSize) {
		return fmt.Errorf("swap: %d: want 0 to 5", *mv.Swap)
	}
	return nil
}

// parseUses reads a "with" list: relic codes, or "bag:" and a relic code.
func parseUses(with []string) ([]use, error) {
	var out []use
	for _, w := range with {
		u := use{}
		code := w
		if strings.HasPrefix(w, "bag:") {
			u.bag, code = true, w[4:]
		}
		k, ok := ParseMarker(code)
		if !ok || !k.IsRelic() {
			return nil, fmt.Errorf("with: %q: want a relic (doormat, ring, socks, scepter, orb, sword) or bag:relic", w)
		}
		u.relic = k
		out = append(out, u)
	}
	return out, nil
}

// DecodeMove reads one move strictly: unknown fields, two actions, unknown
// codes and trailing data are errors naming the field.
func DecodeMove(data []byte) (Move, error) {
	var mv Move
	if err := exactKeys(data, moveKeys); err != nil {
		return Move{}, fmt.Errorf("move: %w", err)
	}
	if err := strictJSON(data, &mv); err != nil {
		return Move{}, fmt.Errorf("move: %w", err)
	}
	if err := mv.validate(); err != nil {
		return Move{}, err
	}
	return mv, nil
}

// moveKeys are the JSON keys of Move, spelled exactly.
var moveKeys = jsonKeys(reflect.TypeOf(Move{}))

// jsonKeys lists the JSON names of a struct's fields.
func jsonKeys(t reflect.Type) map[string]bool {
	out := map[string]bool{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			for k := range jsonKeys(f.Type) {
				out[k] = true
			}
			continue
		}
		name := strings.Split(f.Tag.Get("json"), ",")[0]
		if name != "" && name != "-" {
			out[name] = true
		}
	}
	return out
}

// exactKeys refuses top-level keys that encoding/json would match only
// without regard to case ("Conquer" for "conquer").
func exactKeys(data []byte, keys map[string]bool) error {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return nil // the strict decoder reports it
	}
	for k := range obj {
		if !keys[k] {
			return fmt.Errorf("json: unknown field %q", k)
		}
	}
	return nil
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
