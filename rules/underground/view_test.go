package underground

import (
	"bytes"
	"encoding/json"
	"math/bits"
	"reflect"
	"testing"
)

// TestViewMatchesReference: the view built with its lists sized once is,
// field for field and byte for byte in JSON, the view as first written
// (viewOfRef, kept here), for every seat and a spectator, all game long.
func TestViewMatchesReference(t *testing.T) {
	for seed := range uint64(12) {
		players := 2 + int(seed%4)
		randomGame(t, players, seed, func(m *Match) {
			for s := -1; s < players; s++ {
				got, want := m.ViewOf(s), m.viewOfRef(s)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("seed %d turn %d step %s seat %d: view differs:\n got %+v\nwant %+v", seed, m.turn, m.step, s, got, want)
				}
				a, _ := json.Marshal(got)
				b, _ := json.Marshal(want)
				if !bytes.Equal(a, b) {
					t.Fatalf("seed %d seat %d: JSON differs:\n%s\n%s", seed, s, a, b)
				}
			}
		})
	}
}

func (m *Match) viewOfRef(seat int) View {
	v := View{Seat: seat, Players: len(m.seats), Map: m.mp.Name, Turn: m.turn, Turns: m.mp.Turns, First: m.first,
		Active: m.active, Step: m.step.String(), ToMove: m.ToMove(), BannersLeft: len(m.banners),
		BadgesLeft: len(m.badges), MarkersLeft: len(m.markers), Over: m.over, Figures: map[string]Figure{}}
	if v.ToMove == nil {
		v.ToMove = []int{}
	}
	for i := range m.regions {
		r := &m.regions[i]
		rv := RegionView{ID: m.mp.ID(i), Seat: -1, Monsters: int(r.Monsters), Armor: int(r.Armor)}
		if o, d := int(r.Owner), r.Decline; o >= 0 && r.Tokens > 0 {
			rv.Seat, rv.Decline, rv.Tokens = o, d, int(r.Tokens)
			rv.Race = m.slotOf(o, d).Race.String()
		}
		if r.Place != NoMarker {
			rv.Place = r.Place.String()
		}
		v.Regions = append(v.Regions, rv)
	}
	for k, at := range m.relics {
		if at >= 0 {
			v.Regions[at].Relic = (Doormat + Marker(k)).String()
		}
	}
	for s := range m.seats {
		p := &m.seats[s]
		sv := SeatView{Fresh: p.Fresh, Hammers: p.Hammers, ArmorHand: p.ArmorHand}
		if seat == s || m.opts.OpenCoins || m.over {
			c := p.Coins
			sv.Coins = &c
		}
		if p.Active.has() {
			sv.Active = &SlotView{Race: p.Active.Race.String(), Power: p.Active.Power.String(), Hand: p.Active.Hand}
		}
		if p.Decline.has() {
			sv.Decline = &SlotView{Race: p.Decline.Race.String(), Power: p.Decline.Power.String(), Hand: p.Decline.Hand}
		}
		for b := p.MarkedBy; b != 0; b &= b - 1 {
			sv.MarkedBy = append(sv.MarkedBy, bits.TrailingZeros8(b))
		}
		v.Seats = append(v.Seats, sv)
	}
	for _, c := range m.offer {
		v.Market = append(v.Market, ComboView{Race: c.Race.String(), Power: c.Power.String(), Coins: c.Coins})
	}
	v.Discards = []string{}
	for _, p := range m.discard {
		v.Discards = append(v.Discards, p.String())
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
	for k, n := range usedNames {
		if m.t.used&(1<<uint(k)) != 0 {
			v.Used = append(v.Used, n)
		}
	}
	if seat >= 0 {
		v.Legal = m.LegalMoves(seat)
		if m.step == stepConquer && seat == m.active {
			for _, i := range m.targets(seat) {
				v.Targets = append(v.Targets, Target{Region: m.mp.ID(i), Cost: m.costOf(seat, i, nil, false).n})
			}
			for _, mv := range v.Legal {
				if id := mv.Conquer + mv.Final; id != "" && len(mv.With) > 0 {
					uses, _ := parseUses(mv.With)
					v.RelicCosts = append(v.RelicCosts, RelicCost{Region: id, With: mv.With, Cost: m.costOf(seat, m.mp.Index(id), uses, false).n})
				}
			}
		}
	}
	v.Scores, v.Winners = m.Scores(), m.Winners()
	return v
}

// TestBannerBadge: the exported values are the rules' tables (U1.4, U1.5).
func TestBannerBadge(t *testing.T) {
	if Mummies.Banner() != 10 || Drow.Banner() != 4 || NoRace.Banner() != 0 {
		t.Fatal("banner values")
	}
	if Flocking.Badge() != 5 || Muddy.Badge() != 3 || NoPower.Badge() != 0 {
		t.Fatal("badge values")
	}
	for r := range NumRaces {
		if r.Banner() != raceTable[r].Banner {
			t.Fatalf("%s: banner %d", r, r.Banner())
		}
	}
}
