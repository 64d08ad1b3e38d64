package underground

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
)

// TestUndergroundRulesHelp (issue 14): with Underground picked, the menu's
// Rules opens Underground's pages; PgDn and PgUp jump between the
// sections, the arrows turn one page, a click on Next (mouse or touch)
// turns one, Esc goes back to the menu.
func TestUndergroundRulesHelp(t *testing.T) {
	h := scenes.NewHarness(t, ugTestGames)
	h.Ticks(2)
	menu := h.A.Cur.(*scenes.MenuScene)
	menu.Layout(h.A)
	for i, r := range menu.Pick.Cards {
		h.Click(r)
		menu.Layout(h.A)
		if h.A.GameID == ugGameID {
			break
		}
		if i == len(menu.Pick.Cards)-1 {
			t.Fatal("no Underground card in the menu")
		}
	}
	if !menu.Buttons[scenes.MenuRules].Enabled {
		t.Fatal("Rules is off with Underground picked")
	}
	h.Click(menu.Buttons[scenes.MenuRules].R)
	h.Ticks(scenes.FadeTicks + 2)
	hs, ok := h.A.Cur.(*scenes.HelpScene)
	if !ok || len(hs.Pages) != len(ugHelpPages) || hs.Pages[0].Title != ugHelpPages[0].Title {
		t.Fatalf("Rules opened %s, want Underground's pages", h.A.Cur.Name())
	}
	first := func(sec int) int {
		return slices.IndexFunc(ugHelpPages, func(p scenes.HelpPage) bool { return p.Sec == sec })
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
		h.Key(st.key)
		if hs.Page != st.want {
			t.Fatalf("step %d: key %v to page %d, want %d", i, st.key, hs.Page, st.want)
		}
	}
	hs.Page = 0
	h.Tick()
	h.Click(hs.Next.R)
	if hs.Page != 1 {
		t.Fatalf("Next clicked: page %d, want 1", hs.Page)
	}
	tapAt(h, hs.Next.R.Cx(), hs.Next.R.Cy())
	if hs.Page != 2 {
		t.Fatalf("Next tapped: page %d, want 2", hs.Page)
	}
	h.Key(ebiten.KeyEscape)
	h.Ticks(scenes.FadeTicks + 2)
	if _, ok := h.A.Cur.(*scenes.MenuScene); !ok {
		t.Fatalf("Esc went to %s, want the menu", h.A.Cur.Name())
	}
}

// TestUndergroundHelpCoversTheTables: every race, power, Place and Relic
// of the engine's tables has a page (so a table row without one fails)
// that names it and cites its U-number from the row, in English, Russian
// and Persian, with no rule number left in the plain text and the same
// rules cited in every language; the turn pages cite U-numbers too.
func TestUndergroundHelpCoversTheTables(t *testing.T) {
	page := func(match func(*ugHelpPic) bool) (scenes.HelpPage, bool) {
		for _, pg := range ugHelpPages {
			if p, _ := pg.Pic.(*ugHelpPic); p != nil && match(p) {
				return pg, true
			}
		}
		return scenes.HelpPage{}, false
	}
	type row struct {
		what, rule string
		pg         scenes.HelpPage
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
			if title := cat.T(r.pg.Title); title == r.pg.Title || title == "" {
				t.Errorf("%v %s: no name (%s)", lang, r.what, r.pg.Title)
			}
			plain, refs := scenes.SplitRules(cat.T(r.pg.Body))
			if !slices.Contains(refs, r.rule) {
				t.Errorf("%v %s: the page cites %v, not its rule %s: %q", lang, r.what, refs, r.rule, cat.T(r.pg.Body))
			}
			if ugHelpRule(r.pg) != r.rule {
				t.Errorf("%s: ugHelpRule %q, want %q", r.what, ugHelpRule(r.pg), r.rule)
			}
			if strings.Contains(plain, "(U") {
				t.Errorf("%v %s: a rule number is left in the text: %s", lang, r.what, plain)
			}
		}
		for i, pg := range ugHelpPages {
			body := cat.T(pg.Body)
			if body == pg.Body || cat.T(pg.Title) == pg.Title {
				t.Errorf("%v page %d: untranslated %s", lang, i+1, pg.Body)
				continue
			}
			_, refs := scenes.SplitRules(body)
			if pg.Title != "ug.help.controls.title" && len(refs) == 0 {
				t.Errorf("%v page %d (%s) cites no rule", lang, i+1, pg.Title)
			}
			for _, r := range refs {
				if !ref.MatchString(r) {
					t.Errorf("%v page %d: reference %q is no U-number", lang, i+1, r)
				}
			}
			if _, want := scenes.SplitRules(en.T(pg.Body)); fmt.Sprint(refs) != fmt.Sprint(want) {
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
				h := scenes.NewHarness(t, ugTestGames)
				if err := h.A.SetLang(lang); err != nil {
					t.Fatal(err)
				}
				h.A.LayoutF(float64(size[0]), float64(size[1]))
				h.Screen = scenes.NewScreen(h.A)
				h.A.GameID = ugGameID
				hs := scenes.NewHelpScene(h.A, scenes.NewMenuScene(h.A))
				h.A.Cur = hs
				h.Ticks(2)
				w, ht := float64(h.A.W), float64(h.A.H)
				for i := range hs.Pages {
					hs.Page = i
					h.Tick()
					num := h.A.T("scene.help.page", "n", i+1, "total", len(hs.Pages))
					buttons := []scenes.Button{hs.Prev, hs.Done, hs.Next}
					var numBox scenes.Rect
					lines := scenes.DrawnLines(h)
					for _, d := range lines {
						if d.S == num {
							numBox = d.R
						}
					}
					if numBox.H == 0 {
						t.Fatalf("page %d: no page number drawn", i+1)
					}
					for _, d := range lines {
						if d.R.X < 0 || d.R.Y < 0 || d.R.X+d.R.W > w+0.5 || d.R.Y+d.R.H > ht+0.5 {
							t.Errorf("page %d: %q out of the %vx%v screen: %+v", i+1, d.S, w, ht, d.R)
						}
						if d.S == num || slices.ContainsFunc(buttons, func(b scenes.Button) bool { return b.Label == d.S }) {
							continue
						}
						if d.R.Y+d.R.H > numBox.Y+1 {
							t.Errorf("page %d: %q runs into the page number (bottom %.0f, number at %.0f)", i+1, d.S, d.R.Y+d.R.H, numBox.Y)
						}
						for _, b := range buttons {
							if scenes.Overlaps(d.R, b.R) {
								t.Errorf("page %d: %q over a button", i+1, d.S)
							}
						}
						for _, e := range lines {
							if e != d && e.S != d.S && scenes.Overlaps(shrink(d.R, 2), shrink(e.R, 2)) && e.S != num && !slices.ContainsFunc(buttons, func(b scenes.Button) bool { return b.Label == e.S }) {
								t.Errorf("page %d: %q overlaps %q", i+1, d.S, e.S)
							}
						}
					}
					h.Shot(fmt.Sprintf("ug-rules-%v-%d-%d", lang, size[0], i+1))
				}
			})
		}
	}
}

// shrink is r with m pixels off every side (text boxes touch at their
// line edges).
func shrink(r scenes.Rect, m float64) scenes.Rect {
	return scenes.R(r.X+m, r.Y+m, r.W-2*m, r.H-2*m)
}
