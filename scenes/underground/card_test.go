package underground

import (
	"fmt"
	"testing"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
)

// ugEveryCardItem is every race, power, Place, Relic and the Monsters.
func ugEveryCardItem() []ugCardItem {
	var out []ugCardItem
	for r := underground.Race(0); r < underground.NumRaces; r++ {
		out = append(out, ugRaceItem(r))
	}
	for p := underground.Power(0); p < underground.NumPowers; p++ {
		out = append(out, ugPowerItem(p))
	}
	for k := underground.Marker(0); k < underground.NumMarkers; k++ {
		out = append(out, ugMarkerItem(k))
	}
	return append(out, ugMonsterItem(), ugLairItem())
}

// TestUGCardsFit (issue 25 item 2): the card of every race, power, Place,
// Relic and the Monsters, alone and as the tallest combo, fits on the
// screen at 1024x640 and 1280x800 in English, Russian and Persian, shows
// its name, and carries its U-number, drawn inside the card.
func TestUGCardsFit(t *testing.T) {
	for _, lang := range []string{"en", "ru", "fa"} {
		for _, sz := range [][2]float64{{1280, 800}, {1024, 640}} {
			h := scenes.LangHarness(t, lang, ugTestGames)
			h.A.LayoutF(sz[0], sz[1])
			m, err := newUGMatch(h.A, ugSetup{Seats: []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Name: "Bot 2", Level: "easy"}}, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			s := newUGPlayScene(h.A, m)
			h.A.Cur = s
			h.Tick()
			tallest := 0.0
			for _, it := range ugEveryCardItem() {
				c := &ugCard{items: []ugCardItem{it}}
				tallest = max(tallest, c.itemH(h.A, it))
				name, rule, body := it.words(h.A)
				where := fmt.Sprintf("%s %vx%v %s", lang, sz[0], sz[1], name)
				if body == "" || name == "" || rule == "" {
					t.Fatalf("%s: no words", where)
				}
				s.shownCard = ugCardShown{card: c, x: s.l.market.X, y: s.l.market.Y}
				lines := scenes.DrawnLines(h)
				hasRule := false
				for _, d := range lines {
					if d.S == rule {
						hasRule = true
					}
				}
				if !hasRule {
					t.Errorf("%s: the card does not show %s", where, rule)
				}
				if hgt := c.height(h.A); hgt > float64(h.A.H)*0.7 {
					t.Errorf("%s: card %.0f px tall on a %d px screen", where, hgt, h.A.H)
				}
			}
			// The tallest combo still fits between the top bar and the foot.
			if hgt := 2*tallest + h.A.U(26); hgt > float64(h.A.H)-s.l.top.H {
				t.Errorf("%s %vx%v: the tallest combo's card is %.0f px", lang, sz[0], sz[1], hgt)
			}
			m.close()
		}
	}
}

// TestUGMarketCardOnHoverAndLongPress: hovering a market combo shows its
// power's and race's card; a long press shows it too and its release
// picks nothing.
func TestUGMarketCardOnHoverAndLongPress(t *testing.T) {
	h, _ := ugHarness(t, []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Name: "Bot 2", Level: "easy"}}, 5)
	h.ScreenBig()
	s, ok := ugWait(h, nil)
	if !ok || s.moves.pick[0] == nil {
		t.Fatal("no pick step")
	}
	r := s.l.combos[2]
	h.In.X, h.In.Y = int(r.Cx()), int(r.Cy())
	h.Tick()
	c := s.shownCard.card
	mk := s.m.st.view.Market[2]
	if c == nil || len(c.items) != 2 || c.items[0].power.String() != mk.Power || c.items[1].race.String() != mk.Race {
		t.Fatalf("hovering combo 3 (%s %s) shows %+v", mk.Power, mk.Race, c)
	}
	h.Shot("ug-card-market")
	n := len(s.m.table.Record().Moves)
	h.In.Pressed, h.In.Down = true, true
	h.Ticks(ugLongPress + 5)
	if !s.cardHeld {
		t.Fatal("a long press on a combo holds no card")
	}
	h.In.Released, h.In.Down = true, false
	h.Ticks(3)
	if len(s.m.table.Record().Moves) != n {
		t.Fatal("the release of a long press picked the combo")
	}
	// A panel's race card.
	p := s.l.panels[0]
	h.In.X, h.In.Y = int(p.Cx()), int(p.Cy())
	h.Click(r) // pick combo 3 now
	s, _ = ugWait(h, nil)
	h.In.X, h.In.Y = int(p.Cx()), int(p.Cy())
	h.Tick()
	if s.shownCard.card == nil || s.shownCard.key != 100 {
		t.Fatalf("hovering Ann's panel shows %+v", s.shownCard)
	}
	h.Shot("ug-card-panel")
}

// TestUGLairCard (issue 25 item 2): the claw marks printed on a lair are
// explained: a lair with its Monsters shows the Monsters' card, one whose
// Monsters are beaten the lair's (U11.6), and a region that was never a
// lair neither.
func TestUGLairCard(t *testing.T) {
	m, err := underground.New(3, underground.Options{}, 4)
	if err != nil {
		t.Fatal(err)
	}
	v := m.ViewOf(-1)
	mp := m.Map()
	lairs := 0
	for i := range v.Regions {
		rv := &v.Regions[i]
		if rv.Place != "" || rv.Relic != "" {
			continue
		}
		c := ugRegionCard(&v, mp, i)
		switch {
		case !mp.Monster(i):
			if c != nil && len(c.items) > 0 && (c.items[0].lair || c.items[0].monster) {
				t.Errorf("%s is no lair but shows %+v", rv.ID, c.items)
			}
		case rv.Monsters > 0:
			lairs++
			if c == nil || !c.items[len(c.items)-1].monster {
				t.Errorf("%s: a lair with its Monsters shows %+v", rv.ID, c)
			}
			rv.Monsters = 0 // beaten
			if c := ugRegionCard(&v, mp, i); c == nil || len(c.items) != 1 || !c.items[0].lair {
				t.Errorf("%s: a lair with its Monsters beaten shows %+v, want the lair's card", rv.ID, c)
			}
		}
	}
	if lairs == 0 {
		t.Fatal("no lair on the map")
	}
}
