package bot

import (
	"testing"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground"
)

// TestHardKeepsItsRaceLate: hard never goes In Decline with two turns
// left (nor on the last), and still declines earlier in the game.
func TestHardKeepsItsRaceLate(t *testing.T) {
	late, early := 0, 0
	for g := 0; g < 10; g++ {
		m, _ := underground.New(4, underground.Options{}, uint64(200+g))
		bots := []rules.Bot{NewHard(0, 1), NewHard(1, 2), NewNormal(2, 3), NewNormal(3, 4)}
		for !m.Over() {
			s := m.ToMove()[0]
			v := m.ViewOf(s)
			mv := bots[s].Choose(v).(underground.Move)
			if v.Step == "decide" && s < 2 {
				switch left := v.Turns - v.Turn + 1; {
				case left <= 2:
					late++
					if mv.Decline {
						t.Fatalf("seed %d turn %d: hard declined with %d turns left", 200+g, v.Turn, left)
					}
				case mv.Decline:
					early++
				}
			}
			if _, err := m.Apply(s, mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	if late == 0 || early == 0 {
		t.Fatalf("late decisions %d, earlier declines %d", late, early)
	}
}

// TestHardDeclinesEarlyOnASmallerMargin: without playouts (marginDecline),
// in the first turns hard goes In Decline when declining now projects
// within hardEarlyBias of declining next turn, where normal's bias
// (declineBias) would keep the race.
func TestHardDeclinesEarlyOnASmallerMargin(t *testing.T) {
	met := 0
	for g := 0; g < 20 && met == 0; g++ {
		m, _ := underground.New(4, underground.Options{}, uint64(300+g))
		bots := []rules.Bot{NewHard(0, 1), NewNormal(1, 2), NewNormal(2, 3), NewNormal(3, 4)}
		for !m.Over() {
			s := m.ToMove()[0]
			v := m.ViewOf(s)
			mv := bots[s].Choose(v).(underground.Move)
			if v.Step == "decide" && s == 0 {
				md := newModel(&v)
				if d := hardMargin(md); md.turnsLft >= 6 && d > hardEarlyBias && d <= declineBias {
					met++
					if !marginDecline(md) {
						t.Fatalf("seed %d turn %d: margin %.2f, hard kept its race", 300+g, v.Turn, d)
					}
				}
			}
			if _, err := m.Apply(s, mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	if met == 0 {
		t.Fatal("no early decision within the margins in 20 games")
	}
}

// TestHardRollsForTheWispsAndUsesTheAltar: hard never conquers outright a
// region it could roll for with the Will-o'-Wisps (the hand covering the
// full cost, the roll cannot lose, U12.15), and takes the Altar's 3 coins
// whenever it is offered (U14.1).
func TestHardRollsForTheWispsAndUsesTheAltar(t *testing.T) {
	rolls, altars := 0, 0
	for g := 0; g < 40 && (rolls == 0 || altars == 0); g++ {
		m, _ := underground.New(4, underground.Options{}, uint64(600+g))
		bots := []rules.Bot{NewHard(0, 1), NewHard(1, 2), NewHard(2, 3), NewHard(3, 4)}
		for !m.Over() {
			s := m.ToMove()[0]
			v := m.ViewOf(s)
			mv := bots[s].Choose(v).(underground.Move)
			switch {
			case mv.Wisps != "":
				rolls++
			case mv.Conquer != "" && len(mv.With) == 0:
				for _, l := range v.Legal {
					if l.Wisps == mv.Conquer {
						t.Fatalf("seed %d turn %d: conquered %s outright instead of rolling", 600+g, v.Turn, mv.Conquer)
					}
				}
			case v.Step == "altar":
				for _, l := range v.Legal {
					if l.Altar != "" && mv.Altar == "" {
						t.Fatalf("seed %d turn %d: the Altar offered, not used", 600+g, v.Turn)
					}
				}
				if mv.Altar != "" {
					altars++
				}
			}
			if _, err := m.Apply(s, mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	if rolls == 0 || altars == 0 {
		t.Fatalf("Wisps rolls %d, Altar uses %d in 40 games", rolls, altars)
	}
}
