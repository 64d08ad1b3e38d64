package underground

import (
	"fmt"
	"math/bits"

	"github.com/goldvein/goldvein/rules"
)

// RegionView is one region as every seat sees it.
type RegionView struct {
	ID       string `json:"id"`
	Seat     int    `json:"seat"` // -1 when empty
	Race     string `json:"race,omitempty"`
	Decline  bool   `json:"decline,omitempty"`
	Tokens   int    `json:"tokens,omitempty"`
	Monsters int    `json:"monsters,omitempty"`
	Armor    int    `json:"armor,omitempty"`
	Place    string `json:"place,omitempty"`
	Relic    string `json:"relic,omitempty"`
}

// SlotView is a race of a seat.
type SlotView struct {
	Race  string `json:"race"`
	Power string `json:"power"`
	Hand  int    `json:"hand"`
}

// SeatView is one seat as the viewer may know it; Coins is nil when hidden
// (Hidden information).
type SeatView struct {
	Coins     *int      `json:"coins"`
	Active    *SlotView `json:"active"`
	Decline   *SlotView `json:"decline"`
	Fresh     bool      `json:"fresh,omitempty"`
	Hammers   int       `json:"hammers,omitempty"`
	ArmorHand int       `json:"armor_hand,omitempty"`
	MarkedBy  []int     `json:"marked_by,omitempty"`
}

// ComboView is a combo in view (U4.1).
type ComboView struct {
	Race  string `json:"race"`
	Power string `json:"power"`
	Coins int    `json:"coins"`
}

// Figure is a figure's region ("" off the board) and controller (-1).
type Figure struct {
	Region string `json:"region,omitempty"`
	Seat   int    `json:"seat"`
}

// View is all that one seat may know (Hidden information): the board, the
// market in view, the discards, hands, hammers, armor and markers, the
// Stonehedge power, its own coins (all coins with open_coins or at the
// end), and the legal moves when it owes one. Never the stacks' order, the
// face-down markers or the seed.
type View struct {
	Seat        int               `json:"seat"`
	Players     int               `json:"players"`
	Map         string            `json:"map"`
	Turn        int               `json:"turn"`
	Turns       int               `json:"turns"`
	First       int               `json:"first"`
	Active      int               `json:"active"`
	Step        string            `json:"step"`
	ToMove      []int             `json:"to_move"`
	Regions     []RegionView      `json:"regions"`
	Seats       []SeatView        `json:"seats"`
	Market      []ComboView       `json:"market"`
	Discards    []string          `json:"discards"`
	BannersLeft int               `json:"banners_left"`
	BadgesLeft  int               `json:"badges_left"`
	MarkersLeft int               `json:"markers_left"`
	Stonehedge  string            `json:"stonehedge,omitempty"`
	Figures     map[string]Figure `json:"figures"`
	Used        []string          `json:"used,omitempty"`
	Legal       []Move            `json:"legal,omitempty"`
	// Targets are the regions the viewer's Active race may conquer by
	// adjacency now, with their plain cost (U5.5), during its conquest step.
	Targets []Target `json:"targets,omitempty"`
	// RelicCosts are the cost (U5.5) of each conquest among Legal that
	// uses Relics (the Doormat, the Socks, the Sword: U15.1, U15.3,
	// U15.6), as the rules count it, in Legal's order.
	RelicCosts []RelicCost `json:"relic_costs,omitempty"`
	Over       bool        `json:"over,omitempty"`
	Scores     []int       `json:"scores,omitempty"`
	Winners    []int       `json:"winners,omitempty"`
}

var usedNames = []string{"doormat", "socks", "sword", "orb", "bag", "balrog", "queen", "ghost", "scepter", "ring"}

// View returns what seat may know; -1 is a spectator.
func (m *Match) View(seat int) rules.View { return m.ViewOf(seat) }

// ViewOf is View with the game's own type. Each view owns its lists: they
// are allocated once, at their final size, since a view is built for
// every decision of every seat.
func (m *Match) ViewOf(seat int) View {
	v := View{Seat: seat, Players: len(m.seats), Map: m.mp.Name, Turn: m.turn, Turns: m.mp.Turns, First: m.first,
		Active: m.active, Step: m.step.String(), BannersLeft: len(m.banners),
		BadgesLeft: len(m.badges), MarkersLeft: len(m.markers), Over: m.over, Figures: make(map[string]Figure, 6)}
	switch {
	case m.over:
		v.ToMove = []int{}
	case m.step == stepDefend:
		v.ToMove = []int{m.defSeat}
	default:
		v.ToMove = []int{m.active}
	}
	v.Regions = make([]RegionView, len(m.regions))
	for i := range m.regions {
		r := &m.regions[i]
		rv := &v.Regions[i]
		rv.ID, rv.Seat, rv.Monsters, rv.Armor = m.mp.ID(i), -1, int(r.Monsters), int(r.Armor)
		if o, d := int(r.Owner), r.Decline; o >= 0 && r.Tokens > 0 {
			rv.Seat, rv.Decline, rv.Tokens = o, d, int(r.Tokens)
			rv.Race = m.slotOf(o, d).Race.String()
		}
		if r.Place != NoMarker {
			rv.Place = r.Place.String()
		}
	}
	for k, at := range m.relics {
		if at >= 0 {
			v.Regions[at].Relic = (Doormat + Marker(k)).String()
		}
	}
	v.Seats = make([]SeatView, len(m.seats))
	nslots, ncoins := 0, 0
	for s := range m.seats {
		p := &m.seats[s]
		nslots += b2i(p.Active.has()) + b2i(p.Decline.has())
		ncoins += b2i(seat == s || m.opts.OpenCoins || m.over)
	}
	slots, coins := make([]SlotView, nslots), make([]int, ncoins)
	for s := range m.seats {
		p := &m.seats[s]
		sv := &v.Seats[s]
		sv.Fresh, sv.Hammers, sv.ArmorHand = p.Fresh, p.Hammers, p.ArmorHand
		if seat == s || m.opts.OpenCoins || m.over {
			coins[0] = p.Coins
			sv.Coins, coins = &coins[0], coins[1:]
		}
		if p.Active.has() {
			slots[0] = SlotView{Race: p.Active.Race.String(), Power: p.Active.Power.String(), Hand: p.Active.Hand}
			sv.Active, slots = &slots[0], slots[1:]
		}
		if p.Decline.has() {
			slots[0] = SlotView{Race: p.Decline.Race.String(), Power: p.Decline.Power.String(), Hand: p.Decline.Hand}
			sv.Decline, slots = &slots[0], slots[1:]
		}
		if p.MarkedBy != 0 {
			sv.MarkedBy = make([]int, 0, bits.OnesCount8(p.MarkedBy))
			for b := p.MarkedBy; b != 0; b &= b - 1 {
				sv.MarkedBy = append(sv.MarkedBy, bits.TrailingZeros8(b))
			}
		}
	}
	if len(m.offer) > 0 {
		v.Market = make([]ComboView, len(m.offer))
		for k, c := range m.offer {
			v.Market[k] = ComboView{Race: c.Race.String(), Power: c.Power.String(), Coins: c.Coins}
		}
	}
	v.Discards = make([]string, len(m.discard))
	for k, p := range m.discard {
		v.Discards[k] = p.String()
	}
	if m.stone != NoPower {
		v.Stonehedge = m.stone.String()
	}
	fig := func(name string, at, seat int8) {
		f := Figure{Seat: int(seat)}
		if at >= 0 {
			f.Region = m.mp.ID(int(at))
		}
		v.Figures[name] = f
	}
	fig("balrog", m.fig.Balrog, -1)
	fig("queen", m.fig.Queen, m.fig.QueenSeat)
	fig("ghost", m.fig.Ghost, m.fig.GhostSeat)
	fig("ancient", m.fig.Ancient, m.fig.AncientSeat)
	fig("volcano", m.fig.Volcano, -1)
	fig("bag", m.fig.Bag, m.fig.BagSeat)
	if used := m.t.used & (1<<uint(len(usedNames)) - 1); used != 0 {
		v.Used = make([]string, 0, bits.OnesCount16(used))
		for k, n := range usedNames {
			if used&(1<<uint(k)) != 0 {
				v.Used = append(v.Used, n)
			}
		}
	}
	if seat >= 0 {
		v.Legal = m.LegalMoves(seat)
		if m.step == stepConquer && seat == m.active {
			if ts := m.targets(seat); len(ts) > 0 {
				v.Targets = make([]Target, len(ts))
				for k, i := range ts {
					v.Targets[k] = Target{Region: m.mp.ID(i), Cost: m.costOf(seat, i, nil, false).n}
				}
			}
			v.RelicCosts = m.relicCosts(seat, v.Legal)
		}
	}
	v.Scores, v.Winners = m.Scores(), m.Winners()
	return v
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// DecodeView reads a view strictly.
func DecodeView(data []byte) (View, error) {
	var v View
	if err := strictJSON(data, &v); err != nil {
		return View{}, fmt.Errorf("view: %w", err)
	}
	if v.Players < 2 || v.Players > 5 || len(v.Seats) != v.Players {
		return View{}, fmt.Errorf("view: players: %d with %d seats", v.Players, len(v.Seats))
	}
	if v.Seat < -1 || v.Seat >= v.Players {
		return View{}, fmt.Errorf("view: seat: %d", v.Seat)
	}
	for k, mv := range v.Legal {
		if err := mv.validate(); err != nil {
			return View{}, fmt.Errorf("view: legal[%d]: %w", k, err)
		}
	}
	return v, nil
}

// RelicCost is the cost of a conquest of Region using the Relics With
// (View.RelicCosts).
type RelicCost struct {
	Region string   `json:"region"`
	With   []string `json:"with"`
	Cost   int      `json:"cost"`
}

// relicCosts is View.RelicCosts of seat for its legal moves.
func (m *Match) relicCosts(seat int, legal []Move) []RelicCost {
	n := 0
	for _, mv := range legal {
		if len(mv.With) > 0 && mv.Conquer+mv.Final != "" {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]RelicCost, 0, n)
	for _, mv := range legal {
		id := mv.Conquer + mv.Final
		if len(mv.With) == 0 || id == "" {
			continue
		}
		uses, err := parseUses(mv.With)
		if i := m.mp.Index(id); err == nil && i >= 0 {
			out = append(out, RelicCost{Region: id, With: mv.With, Cost: m.costOf(seat, i, uses, false).n})
		}
	}
	return out
}
