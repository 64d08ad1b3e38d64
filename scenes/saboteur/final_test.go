package saboteur

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
	"github.com/goldvein/goldvein/scenes"
)

// finishedView plays a whole game of n normal computer players from seed
// and returns the view at its end (every round's roles and gold public).
func finishedView(t *testing.T, n int, seed uint64) saboteur.View {
	t.Helper()
	g, evs, err := saboteur.New(saboteur.Options{Players: n}, seed)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]bot.Bot, n)
	for i := range bots {
		bots[i] = bot.New(bot.Normal, i, n, seed+uint64(i))
	}
	observe := func(evs []saboteur.Event) {
		for _, e := range evs {
			for i, b := range bots {
				b.Observe(e.Redact(i))
			}
		}
	}
	observe(evs)
	for k := 0; g.View(-1).Phase != saboteur.Over; k++ {
		if k > 5000 {
			t.Fatal("the game did not end")
		}
		s := g.Turn()
		evs, err := g.Apply(bots[s].Choose(g.View(s)))
		if err != nil {
			t.Fatal(err)
		}
		observe(evs)
	}
	return g.View(-1)
}

// TestFinalShowsRolesAndGold: the final scoring shows, for every player,
// the role played and the gold won in each of the three rounds, on
// screen and apart from each other, in en, ru and fa at 1024x640 and
// 1280x800 (issue 26, item 2); no role's name is cut short (Russian's
// "Гном-золотоискатель" was, at 1024x640).
func TestFinalShowsRolesAndGold(t *testing.T) {
	v := finishedView(t, 5, 3)
	if len(v.Results) != saboteur.Rounds {
		t.Fatalf("%d rounds in the results", len(v.Results))
	}
	for _, lang := range []string{"en", "ru", "fa"} {
		for _, size := range [][2]float64{{1024, 640}, {1280, 800}} {
			name := fmt.Sprintf("%s-%gx%g", lang, size[0], size[1])
			h := scenes.NewHarness(t, testGames)
			if err := h.A.SetLang(i18n.Lang(lang)); err != nil {
				t.Fatal(err)
			}
			h.SetSize(size[0], size[1])
			m, err := NewMatch(h.A, Setup{Seats: oneHuman(5), Youngest: 0, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			m.Close()
			h.A.Cur = newFinalScene(h.A, m, v)
			h.Tick()
			lines := scenes.DrawnLines(h)
			count := map[string]int{}
			W, H := float64(h.A.W), float64(h.A.H)
			for i, d := range lines {
				count[d.S]++
				if d.R.X < 0 || d.R.Y < 0 || d.R.X+d.R.W > W || d.R.Y+d.R.H > H {
					t.Errorf("%s: %q off the screen at %v", name, d.S, d.R)
				}
				for _, e := range lines[i+1:] {
					if scenes.Overlaps(d.R.Inset(1), e.R.Inset(1)) {
						t.Errorf("%s: %q and %q overlap", name, d.S, e.S)
					}
				}
			}
			want := map[string]int{}
			roles := 0
			for _, res := range v.Results {
				for s := range res.Gold {
					want[h.A.Num(res.Gold[s])]++
					roles++
				}
			}
			for _, sc := range v.Scores {
				want[h.A.N("gold.amount", sc)]++
				place := 1 // each row's place: 1 + those with more gold
				for _, o := range v.Scores {
					if o > sc {
						place++
					}
				}
				want[h.A.Num(place)]++
			}
			for s, k := range want {
				if count[s] != k {
					t.Errorf("%s: %q drawn %d times, want %d (each round's gold, or the totals)", name, s, count[s], k)
				}
			}
			said := 0
			for _, d := range lines {
				for _, r := range []saboteur.Role{saboteur.GoldDigger, saboteur.Saboteur} {
					c := roleCaption(h.A, r)
					if d.S == c {
						said++
					} else if strings.HasSuffix(d.S, "…") && strings.HasPrefix(c, strings.TrimSuffix(d.S, "…")) {
						t.Errorf("%s: the role %q is cut short: %q", name, c, d.S)
					}
				}
			}
			if said != roles {
				t.Errorf("%s: %d roles named, want %d", name, said, roles)
			}
			h.Shot("final-" + name)
		}
	}
}
