package underground

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
)

// checkMove is a move of the position format: a match move, or a draw, a
// defend or a query, with the die where the move rolls it.
type checkMove struct {
	Move
	EndConquest bool       `json:"end_conquest,omitempty"` // ends the conquest step only (U5.8)
	Die         *int       `json:"die,omitempty"`
	Draw        string     `json:"draw,omitempty"`
	Power       string     `json:"power,omitempty"` // the Stonehedge's badge, with draw
	Query       string     `json:"query,omitempty"`
	Region      string     `json:"region,omitempty"`
	Defend      *defendArg `json:"defend,omitempty"`
}

type defendArg struct {
	Seat     int            `json:"seat"`
	Redeploy map[string]int `json:"redeploy"`
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
	for _, b := range []bool{cm.Draw != "", cm.Query != "", cm.Defend != nil, cm.EndConquest} {
		if b {
			special++
		}
	}
	_, n := cm.Move.kind()
	switch {
	case special+n != 1:
		return cm, bad(field, "one action per move")
	case cm.Query != "":
		if cm.Query != "cost" && cm.Query != "targets" && cm.Query != "score" && cm.Query != "final" {
			return cm, bad(field+".query", "%q: want cost, targets, score or final", cm.Query)
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
	case cm.Defend != nil, cm.EndConquest:
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
