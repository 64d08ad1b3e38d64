package underground

import (
	"fmt"
	"math/bits"
	"reflect"
	"testing"

	"github.com/goldvein/goldvein/rules"
	"pgregory.net/rapid"
)

// invariants checks what no move may ever break; bank is the coins the
// bank has paid out so far.
func invariants(m *Match, bank int) error {
	coins := 0
	for s := range m.seats {
		p := &m.seats[s]
		if p.Coins < 0 { // U9.5
			return fmt.Errorf("U9.5: seat %d has %d coins", s, p.Coins)
		}
		coins += p.Coins
		for _, d := range [2]bool{false, true} {
			sl := m.slotOf(s, d)
			if !sl.has() && (sl.Hand != 0 || m.held(s, d) != 0) {
				return fmt.Errorf("seat %d decline=%v: tokens of no race", s, d)
			}
			if sl.Hand < 0 {
				return fmt.Errorf("seat %d: hand %d", s, sl.Hand)
			}
		}
		if p.Hammers > HammerSupply {
			return fmt.Errorf("U12.5: %d hammers", p.Hammers)
		}
	}
	for _, c := range m.offer {
		coins += c.Coins
	}
	if want := StartCoins*len(m.seats) + bank; coins != want { // U1.7: coins conserved
		return fmt.Errorf("coins: players and market hold %d, want %d", coins, want)
	}
	for r := Race(0); r < NumRaces; r++ { // U1.4, U4.3
		if n := m.inPlay(r); n > raceTable[r].Supply {
			return fmt.Errorf("U4.3: %s has %d tokens in play, supply %d", r, n, raceTable[r].Supply)
		}
	}
	armor := 0
	for s := range m.seats {
		armor += m.seats[s].ArmorHand
	}
	for i := range m.regions {
		r := &m.regions[i]
		armor += int(r.Armor)
		if r.Tokens < 0 || (r.Tokens > 0) != (r.Owner >= 0) {
			return fmt.Errorf("region %s: owner %d with %d tokens", m.mp.ID(i), r.Owner, r.Tokens)
		}
		if r.Armor > 0 && r.Tokens == 0 {
			return fmt.Errorf("U13.14: armor in empty region %s", m.mp.ID(i))
		}
		if m.mp.IsChasm(i) && r.Tokens > 0 {
			return fmt.Errorf("U11.4: tokens in chasm %s", m.mp.ID(i))
		}
		if m.mp.IsRiver(i) && r.Tokens > 0 && m.step != stepConquer && m.step != stepBalrog && m.step != stepRedeploy {
			if sl := m.slotOf(int(r.Owner), r.Decline); sl.Race != Kraken && m.active == int(r.Owner) && !r.Decline {
				return fmt.Errorf("U7.6: %s stays in River %s", sl.Race, m.mp.ID(i))
			}
		}
	}
	if armor != m.armorIn || armor > ArmorSupply {
		return fmt.Errorf("U13.14: armor %d counted, %d tracked", armor, m.armorIn)
	}
	marks := 0
	for s := range m.seats {
		marks += bits.OnesCount8(m.seats[s].MarkedBy)
	}
	if marks > VengeanceSupply {
		return fmt.Errorf("U13.20: %d Vengeance markers out", marks)
	}
	return nil
}

// bankPaid is what the events took from the bank.
func bankPaid(evs []Event) int {
	n := 0
	for _, e := range evs {
		switch e.Kind {
		case EvCoins:
			n += e.Coins
		case EvScore:
			for _, it := range e.Items {
				if it.From < 0 {
					n += it.Coins
				}
			}
		}
	}
	return n
}

// conquestRegions are the regions the events say seat took by conquest.
func conquestRegions(evs []Event) []string {
	var out []string
	for _, e := range evs {
		switch e.Kind {
		case EvConquer, EvSubstitute:
			out = append(out, e.Region)
		case EvFinal, EvWisps:
			if !e.Failed {
				out = append(out, e.Region)
			}
		}
	}
	return out
}

func TestPropertyRandomGames(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		players := rapid.IntRange(2, 5).Draw(rt, "players")
		seed := rapid.Uint64().Draw(rt, "seed")
		endBias := rapid.IntRange(2, 6).Draw(rt, "endBias")
		m, err := New(players, Options{}, seed)
		if err != nil {
			rt.Fatal(err)
		}
		rec := rules.NewRecord(ID, nil, seed, make([]rules.RecordSeat, players))
		rng := rules.NewRNG(seed + 1)
		bank, turns := 0, 1 // the first turn starts at setup
		for n := 0; !m.Over(); n++ {
			if n > 50000 {
				rt.Fatalf("not over after %d moves", n)
			}
			seat := m.ToMove()[0]
			legal := m.LegalMoves(seat)
			if len(legal) == 0 {
				rt.Fatalf("seat %d owes a move at %s but has none", seat, m.step)
			}
			mv := legal[0]
			if rng.IntN(endBias) != 0 {
				mv = legal[rng.IntN(len(legal))]
			}
			before := m.Clone()
			evs, err := m.apply(seat, mv)
			if err != nil {
				rt.Fatalf("legal move %s refused: %v", mv, err)
			}
			_ = rec.Add(seat, mv)
			for _, id := range conquestRegions(evs) { // U16.10: immunity never broken
				if i := m.mp.Index(id); before.immune(before.active, i) {
					rt.Fatalf("U16.10: %s conquered while immune to seat %d", id, before.active)
				}
			}
			for _, e := range evs {
				if e.Kind == EvTurn {
					turns++
				}
			}
			bank += bankPaid(evs)
			if err := invariants(m, bank); err != nil {
				rt.Fatalf("after %s: %v", mv, err)
			}
		}
		if want := players * m.mp.Turns; turns != want { // U1.2, U10.1
			rt.Fatalf("U10.1: %d player turns, want %d", turns, want)
		}
		again, _, err := rec.Replay(Game{}) // determinism
		if err != nil {
			rt.Fatal(err)
		}
		if !reflect.DeepEqual(again.Scores(), m.Scores()) || !reflect.DeepEqual(again.(*Match).regions, m.regions) {
			rt.Fatalf("replay differs: %v vs %v", again.Scores(), m.Scores())
		}
	})
}
