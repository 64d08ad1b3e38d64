package underground

import (
	"slices"
	"sort"
	"strings"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/maps"
)

// ugMoves is a human's legal moves at one step (underground.View.Legal)
// sorted for the screen: the end of the step, the declines, the market
// picks and swaps, the region moves grouped by mode (conquer, conquer with
// a relic, abandon, the Balrog, ...) and the redeployment moves by region.
// The rules list the moves; this only arranges them (no rule is decided
// here).
type ugMoves struct {
	step     string
	end      *underground.Move
	decline  *underground.Move
	vanish   *underground.Move
	pick     [underground.OfferSize]*underground.Move
	swap     [underground.OfferSize]*underground.Move
	modes    []ugMode
	deploy   map[int]underground.Move
	lift     map[int]underground.Move
	armor    map[int]underground.Move
	reborn2  []underground.Move // Reborn on two regions (U13.12), offered as buttons
	hasRedep bool
}

// ugMode is one way of acting on regions: its key ("conquer", "conquer
// sword", "abandon", "balrog", "place queen", ...), and the move per
// region.
type ugMode struct {
	key     string
	kind    string
	with    []string
	what    string // place: the figure or relic placed
	regions map[int]underground.Move
}

// ugSortMoves arranges v's legal moves on map mp.
func ugSortMoves(v *underground.View, mp *maps.Map) ugMoves {
	out := ugMoves{step: v.Step, deploy: map[int]underground.Move{}, lift: map[int]underground.Move{}, armor: map[int]underground.Move{}}
	modes := map[string]*ugMode{}
	addMode := func(key, kind, what string, with []string, id string, mv underground.Move) {
		i := mp.Index(id)
		if i < 0 {
			return
		}
		md, ok := modes[key]
		if !ok {
			md = &ugMode{key: key, kind: kind, with: with, what: what, regions: map[int]underground.Move{}}
			modes[key] = md
		}
		if _, dup := md.regions[i]; !dup {
			md.regions[i] = mv
		}
	}
	for k := range v.Legal {
		mv := v.Legal[k]
		switch kind := mv.Kind(); kind {
		case "end":
			out.end = &mv
		case "decline":
			if mv.Vanish {
				out.vanish = &mv
			} else {
				out.decline = &mv
			}
		case "pick":
			out.pick[*mv.Pick] = &mv
		case "swap":
			out.swap[*mv.Swap] = &mv
		case "conquer", "final":
			key := "conquer"
			if len(mv.With) > 0 {
				key += " " + strings.Join(mv.With, " ")
			}
			id := mv.Conquer + mv.Final
			addMode(key, "conquer", "", mv.With, id, mv)
		case "wisps":
			addMode("wisps", kind, "", nil, mv.Wisps, mv)
		case "vampire":
			addMode("vampire", kind, "", nil, mv.Vampire, mv)
		case "orb":
			addMode("orb "+strings.Join(mv.With, " "), kind, "", mv.With, mv.Orb, mv)
		case "abandon":
			addMode("abandon", kind, "", nil, mv.Abandon, mv)
		case "balrog":
			addMode("balrog", kind, "", nil, mv.Balrog, mv)
		case "ancient":
			addMode("ancient", kind, "", nil, mv.Ancient, mv)
		case "volcano":
			addMode("volcano", kind, "", nil, mv.Volcano, mv)
		case "altar":
			addMode("altar", kind, "", nil, mv.Altar, mv)
		case "reborn":
			if len(mv.Reborn) == 1 {
				addMode("reborn", kind, "", nil, mv.Reborn[0], mv)
			} else {
				out.reborn2 = append(out.reborn2, mv)
			}
		case "place":
			for what, id := range mv.Place {
				addMode("place "+what, kind, what, nil, id, mv)
			}
		case "deploy":
			if i := mp.Index(mv.Deploy); i >= 0 {
				out.deploy[i], out.hasRedep = mv, true
			}
		case "lift":
			if i := mp.Index(mv.Lift); i >= 0 {
				out.lift[i], out.hasRedep = mv, true
			}
		case "armor":
			if i := mp.Index(mv.Armor); i >= 0 {
				out.armor[i], out.hasRedep = mv, true
			}
		}
	}
	for _, md := range modes {
		out.modes = append(out.modes, *md)
	}
	// Plain conquest first, then the other modes in a fixed order.
	rank := func(md ugMode) int {
		switch {
		case md.key == "conquer":
			return 0
		case md.kind == "conquer":
			return 1
		}
		return 2
	}
	sort.Slice(out.modes, func(i, j int) bool {
		ri, rj := rank(out.modes[i]), rank(out.modes[j])
		if ri != rj {
			return ri < rj
		}
		return out.modes[i].key < out.modes[j].key
	})
	return out
}

// mode returns the mode with key, or the first mode when key has none.
func (mv *ugMoves) mode(key string) *ugMode {
	for i := range mv.modes {
		if mv.modes[i].key == key {
			return &mv.modes[i]
		}
	}
	if len(mv.modes) > 0 {
		return &mv.modes[0]
	}
	return nil
}

// ugTargets is what the board lights for mode md: each region with the
// conquest's cost in tokens as the rules count it (U5.5; with Relics,
// View.RelicCosts: the Sword 2 fewer, U15.6, the Socks as if empty,
// U15.3, the Doormat as it stands, U15.1), and -1 where no number applies
// (the modes that are no conquest).
func ugTargets(v *underground.View, mp *maps.Map, md *ugMode) map[int]int {
	if md == nil {
		return nil
	}
	cost := map[string]int{}
	for _, t := range v.Targets {
		cost[t.Region] = t.Cost
	}
	if len(md.with) > 0 {
		// A conquest with Relics costs what the rules count for it (the
		// Sword 2 fewer, U15.6; the Socks as if empty, U15.3; the Doormat
		// as it stands, U15.1): View.RelicCosts.
		clear(cost)
		want := strings.Join(md.with, ",")
		for _, t := range v.RelicCosts {
			if strings.Join(t.With, ",") == want {
				cost[t.Region] = t.Cost
			}
		}
	}
	out := make(map[int]int, len(md.regions))
	for i, mv := range md.regions {
		c := -1
		if md.kind == "conquer" {
			if n, ok := cost[mv.Conquer+mv.Final]; ok {
				c = n
			}
		}
		out[i] = c
	}
	return out
}

// ugConquestCost is the cost of conquest mv in view v as the rules count
// it (U5.5; with Relics, View.RelicCosts); 0 when the view gives none.
func ugConquestCost(v *underground.View, mv underground.Move) int {
	id := mv.Conquer + mv.Final
	if len(mv.With) > 0 {
		for _, t := range v.RelicCosts {
			if t.Region == id && slices.Equal(t.With, mv.With) {
				return t.Cost
			}
		}
		return 0
	}
	for _, t := range v.Targets {
		if t.Region == id {
			return t.Cost
		}
	}
	return 0
}
