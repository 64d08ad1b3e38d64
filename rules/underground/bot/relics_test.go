package bot

import (
	"sync"
	"testing"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground"
)

var (
	relicMu    sync.Mutex
	relicCache map[string]struct {
		v  underground.View
		mv underground.Move
	}
)

// relicViews plays games of hard players and returns, for each relic use
// code, a view of a seat in its conquests whose legal list conquers a land
// region with that relic alone, and that move.
// The games are played once for the tests that need them (they take
// seconds of hard players' playouts).
func relicViews(t *testing.T) map[string]struct {
	v  underground.View
	mv underground.Move
} {
	relicMu.Lock()
	defer relicMu.Unlock()
	if relicCache != nil {
		return relicCache
	}
	out := map[string]struct {
		v  underground.View
		mv underground.Move
	}{}
	defer func() {
		if !t.Failed() {
			relicCache = out
		}
	}()
	for g := 0; g < 40 && !(has(out, "sword") && has(out, "socks") && has(out, "doormat")); g++ {
		m, _ := underground.New(4, underground.Options{}, uint64(900+g))
		bots := []rules.Bot{NewHard(0, 1), NewHard(1, 2), NewHard(2, 3), NewHard(3, 4)}
		for !m.Over() {
			s := m.ToMove()[0]
			v := m.ViewOf(s)
			for _, l := range v.Legal {
				if l.Conquer == "" || len(l.With) != 1 || m.Map().IsRiver(m.Map().Index(l.Conquer)) {
					continue
				}
				if _, ok := out[l.With[0]]; !ok {
					out[l.With[0]] = struct {
						v  underground.View
						mv underground.Move
					}{v, l}
				}
			}
			if _, err := m.Apply(s, bots[s].Choose(v)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

func has[V any](m map[string]V, k string) bool { _, ok := m[k]; return ok }

// TestHardConquersWithRelics: when the only conquest left is one that a
// relic (the Sword, the Socks, the Doormat) makes possible, hard makes it
// with the relic, and normal, which never uses relics, ends its conquests.
func TestHardConquersWithRelics(t *testing.T) {
	found := relicViews(t)
	for _, w := range []string{"sword", "socks", "doormat"} {
		c, ok := found[w]
		if !ok {
			t.Errorf("no view with a conquest by the %s in 40 games", w)
			continue
		}
		v := c.v
		v.Legal = []underground.Move{{End: true}, c.mv}
		got := NewHard(v.Seat, 1).Choose(v).(underground.Move)
		if got.Conquer != c.mv.Conquer || len(got.With) != 1 || got.With[0] != w {
			t.Errorf("%s: hard chose %+v, want %+v", w, got, c.mv)
		}
		if got := NewNormal(v.Seat, 1).Choose(v).(underground.Move); !got.End {
			t.Errorf("%s: normal chose %+v, want the end", w, got)
		}
	}
}

// TestRelicCosts: the planner's cost of a region with the Sword is 2 less
// (never below 1), with the Socks that of an empty region, and the
// Doormat reaches only regions out of reach (U15.1, U15.3, U15.6).
func TestRelicCosts(t *testing.T) {
	for w, c := range relicViews(t) {
		v := c.v
		md := newModel(&v)
		p := newPlanner(md, hardPlan, readRoot(v.Legal, md))
		i := md.mp.Index(c.mv.Conquer)
		k := p.useOf(w)
		reach := md.reach(md.mine) &^ md.mine
		got, ok := p.relicCost(k, i, md.mine, reach)
		if !ok {
			t.Errorf("%s: the planner refuses the legal conquest of %s", w, c.mv.Conquer)
			continue
		}
		base := md.cost(i, md.mine)
		switch p.uses[k] {
		case 'w':
			if got != max(base-2, 1) {
				t.Errorf("sword at %s: cost %d, plain %d", c.mv.Conquer, got, base)
			}
		case 's':
			if got > base || (md.tokens[i]+md.monsters[i]+md.armor[i] > 0 && base > 1 && got == base) {
				t.Errorf("socks at %s: cost %d, plain %d", c.mv.Conquer, got, base)
			}
		case 'd':
			if reach&(1<<uint(i)) != 0 {
				t.Errorf("doormat at %s, a region in reach", c.mv.Conquer)
			}
		}
	}
}
