package scenes

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules/underground"
)

// TestUndergroundRulesHelp (issue 14): with Underground picked, the menu's
// Rules opens Underground's pages; PgDn and PgUp jump between the
// sections, the arrows turn one page, a click on Next (mouse or touch)
// turns one, Esc goes back to the menu.
func TestUndergroundRulesHelp(t *testing.T) {
	h := newHarness(t)
	h.ticks(2)
	menu := h.a.cur.(*menuScene)
	menu.layout(h.a)
	for i, r := range menu.pick.cards {
		h.click(r)
		menu.layout(h.a)
		if h.a.gameID == ugGameID {
			break
		}
		if i == len(menu.pick.cards)-1 {
			t.Fatal("no Underground card in the menu")
		}
	}
	if !menu.buttons[menuRules].enabled {
		t.Fatal("Rules is off with Underground picked")
	}
	h.click(menu.buttons[menuRules].r)
	h.ticks(fadeTicks + 2)
	hs, ok := h.a.cur.(*helpScene)
	if !ok || len(hs.pages) != len(ugHelpPages) || hs.pages[0].title != ugHelpPages[0].title {
		t.Fatalf("Rules opened %s, want Underground's pages", h.a.cur.Name())
	}
	first := func(sec int) int {
		return slices.IndexFunc(ugHelpPages, func(p helpPage) bool { return p.sec == sec })
	}
	steps := []struct {
		key  ebiten.Key
		want int
	}{
		{ebiten.KeyPageDown, first(ugSecRaces)},
		{ebiten.KeyPageDown, first(ugSecPowers)},
		{ebiten.KeyArrowRight, first(ugSecPowers) + 1},
		{ebiten.KeyPageUp, first(ugSecPowers)},
		{ebiten.KeyPageUp, first(ugSecRaces)},
		{ebiten.KeyArrowLeft, first(ugSecRaces) - 1},
		{ebiten.KeyPageDown, first(ugSecRaces)},
		{ebiten.KeyPageDown, first(ugSecPowers)},
		{ebiten.KeyPageDown, first(ugSecPlaces)},
		{ebiten.KeyPageDown, first(ugSecRelics)},
		{ebiten.KeyPageDown, len(ugHelpPages) - 1},
	}
	for i, st := range steps {
		h.key(st.key)
		if hs.page != st.want {
			t.Fatalf("step %d: key %v to page %d, want %d", i, st.key, hs.page, st.want)
		}
	}
	hs.page = 0
	h.tick()
	h.click(hs.next.r)
	if hs.page != 1 {
		t.Fatalf("Next clicked: page %d, want 1", hs.page)
	}
	h.tapAt(hs.next.r.cx(), hs.next.r.cy())
	if hs.page != 2 {
		t.Fatalf("Next tapped: page %d, want 2", hs.page)
	}
	h.key(ebiten.KeyEscape)
	h.ticks(fadeTicks + 2)
	if _, ok := h.a.cur.(*menuScene); !ok {
		t.Fatalf("Esc went to %s, want the menu", h.a.cur.Name())
	}
}

// TestUndergroundHelpCoversTheTables: every race, power, Place and Relic
// of the engine's tables has a page (so a table row without one fails)
// that names it and cites its U-number from the row, in English, Russian
// and Persian, with no rule number left in the plain text and the same
// rules cited in every language; the turn pages cite U-numbers too.
func TestUndergroundHelpCoversTheTables(t *testing.T) {
	page := func(match func(*ugHelpPic) bool) (helpPage, bool) {
		for _, pg := range ugHelpPages {
			if pg.ug != nil && match(pg.ug) {
				return pg, true
			}
		}
		return helpPage{}, false
	}
	type row struct {
		what, rule string
		pg         helpPage
		ok         bool
	}
	var rows []row
	for r := underground.Race(0); r < underground.NumRaces; r++ {
		pg, ok := page(func(p *ugHelpPic) bool { return p.race == r })
		rows = append(rows, row{r.String(), r.Rule(), pg, ok})
	}
	for p := underground.Power(0); p < underground.NumPowers; p++ {
		pg, ok := page(func(q *ugHelpPic) bool { return q.power == p })
		rows = append(rows, row{p.String(), p.Rule(), pg, ok})
	}
	for k := underground.Marker(0); k < underground.NumMarkers; k++ {
		pg, ok := page(func(p *ugHelpPic) bool { return p.marker == k })
		rows = append(rows, row{k.String(), k.Rule(), pg, ok})
	}
	if len(rows) != 15+21+9+6 {
		t.Fatalf("%d rows, want 51 (U1.4, U1.5, U14, U15)", len(rows))
	}
	ref := regexp.MustCompile(`^UR?\d+(\.\d+)?$`)
	en := i18n.MustLoad(i18n.English)
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian, i18n.Persian} {
		cat := i18n.MustLoad(lang)
		for _, r := range rows {
			if !r.ok {
				t.Errorf("%s has no help page", r.what)
				continue
			}
			if r.rule == "" {
				t.Errorf("%s: its table row names no rule", r.what)
			}
			if title := cat.T(r.pg.title); title == r.pg.title || title == "" {
				t.Errorf("%v %s: no name (%s)", lang, r.what, r.pg.title)
			}
			plain, refs := splitRules(cat.T(r.pg.body))
			if !slices.Contains(refs, r.rule) {
				t.Errorf("%v %s: the page cites %v, not its rule %s: %q", lang, r.what, refs, r.rule, cat.T(r.pg.body))
			}
			if ugHelpRule(r.pg) != r.rule {
				t.Errorf("%s: ugHelpRule %q, want %q", r.what, ugHelpRule(r.pg), r.rule)
			}
			if strings.Contains(plain, "(U") {
				t.Errorf("%v %s: a rule number is left in the text: %s", lang, r.what, plain)
			}
		}
		for i, pg := range ugHelpPages {
			body := cat.T(pg.body)
			if body == pg.body || cat.T(pg.title) == pg.title {
				t.Errorf("%v page %d: untranslated %s", lang, i+1, pg.body)
				continue
			}
			_, refs := splitRules(body)
			if pg.title != "ug.help.controls.title" && len(refs) == 0 {
				t.Errorf("%v page %d (%s) cites no rule", lang, i+1, pg.title)
			}
			for _, r := range refs {
				if !ref.MatchString(r) {
					t.Errorf("%v page %d: reference %q is no U-number", lang, i+1, r)
				}
			}
			if _, want := splitRules(en.T(pg.body)); fmt.Sprint(refs) != fmt.Sprint(want) {
				t.Errorf("%v page %d cites %v, English %v", lang, i+1, refs, want)
			}
		}
	}
}

// TestUndergroundHelpLayout: every page lays out at 1280x800 and 1024x640
// in English, Russian and Persian: every line of text inside the screen,
// the page's text above the page number, nothing over the buttons, the
// picture captions not overlapping the text. With SCENE_SHOTS=DIR it
// saves each page (ug-rules-<lang>-<w>-<n>.png).
func TestUndergroundHelpLayout(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian, i18n.Persian} {
		for _, size := range [][2]int{{1280, 800}, {1024, 640}} {
			t.Run(fmt.Sprintf("%v-%d", lang, size[0]), func(t *testing.T) {
				h := newHarness(t)
				if err := h.a.setLang(lang); err != nil {
					t.Fatal(err)
				}
				h.a.LayoutF(float64(size[0]), float64(size[1]))
				h.screen = newScreen(h.a)
				h.a.gameID = ugGameID
				hs := newHelpScene(h.a, newMenuScene(h.a))
				h.a.cur = hs
				h.ticks(2)
				w, ht := float64(h.a.w), float64(h.a.h)
				for i := range hs.pages {
					hs.page = i
					h.tick()
					num := h.a.T("scene.help.page", "n", i+1, "total", len(hs.pages))
					buttons := []button{hs.prev, hs.done, hs.next}
					var numBox rect
					lines := drawnLines(h)
					for _, d := range lines {
						if d.s == num {
							numBox = d.r
						}
					}
					if numBox.h == 0 {
						t.Fatalf("page %d: no page number drawn", i+1)
					}
					for _, d := range lines {
						if d.r.x < 0 || d.r.y < 0 || d.r.x+d.r.w > w+0.5 || d.r.y+d.r.h > ht+0.5 {
							t.Errorf("page %d: %q out of the %vx%v screen: %+v", i+1, d.s, w, ht, d.r)
						}
						if d.s == num || slices.ContainsFunc(buttons, func(b button) bool { return b.label == d.s }) {
							continue
						}
						if d.r.y+d.r.h > numBox.y+1 {
							t.Errorf("page %d: %q runs into the page number (bottom %.0f, number at %.0f)", i+1, d.s, d.r.y+d.r.h, numBox.y)
						}
						for _, b := range buttons {
							if overlaps(d.r, b.r) {
								t.Errorf("page %d: %q over a button", i+1, d.s)
							}
						}
						for _, e := range lines {
							if e != d && e.s != d.s && overlaps(shrink(d.r, 2), shrink(e.r, 2)) && e.s != num && !slices.ContainsFunc(buttons, func(b button) bool { return b.label == e.s }) {
								t.Errorf("page %d: %q overlaps %q", i+1, d.s, e.s)
							}
						}
					}
					h.shot(fmt.Sprintf("ug-rules-%v-%d-%d", lang, size[0], i+1))
				}
			})
		}
	}
}

// shrink is r with m pixels off every side (text boxes touch at their
// line edges).
func shrink(r rect, m float64) rect { return rect{r.x + m, r.y + m, r.w - 2*m, r.h - 2*m} }
