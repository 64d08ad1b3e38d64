package scenes

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/i18n"
)

// TestIncanRulesHelp (issue 16): with Incan Gold picked, the menu's Rules
// opens Incan Gold's pages (not Saboteur's) and Learn to play stays
// greyed, its tip saying why; every page cites I-numbers (or the table
// options' O-numbers) in English, Russian and Persian alike, which the
// help shows small under the text and takes out of it. With SCENE_SHOTS
// set it saves each page and the menu's tip (ig-rules-<lang>-N.png,
// ig-menu-learn-tip.png).
func TestIncanRulesHelp(t *testing.T) {
	h := newHarness(t)
	h.screenBig()
	h.ticks(2)
	menu := h.a.cur.(*menuScene)
	menu.layout(h.a)
	h.click(menu.pick.cards[1]) // Incan Gold's card
	menu.layout(h.a)
	if h.a.gameID != igGameID || !menu.buttons[menuRules].enabled || menu.buttons[menuLearn].enabled {
		t.Fatalf("picked %q: Rules enabled %v, Learn enabled %v; want Incan Gold, Rules on, Learn off",
			h.a.gameID, menu.buttons[menuRules].enabled, menu.buttons[menuLearn].enabled)
	}
	r := menu.buttons[menuLearn].r
	h.in.x, h.in.y = int(r.cx()), int(r.cy())
	h.tick()
	h.shot("ig-menu-learn-tip")
	h.click(menu.buttons[menuRules].r)
	h.ticks(fadeTicks + 2)
	hs, ok := h.a.cur.(*helpScene)
	if !ok || len(hs.pages) != len(igHelpPages) || hs.pages[0].title != igHelpPages[0].title {
		t.Fatalf("Rules opened %s, want Incan Gold's pages", h.a.cur.Name())
	}
	ref := regexp.MustCompile(`^(I\d+\.\d+|O[1-4])$`)
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian, i18n.Persian} {
		cat := i18n.MustLoad(lang)
		for i, pg := range igHelpPages {
			body := cat.T(pg.body)
			plain, refs := splitRules(body)
			if pg.title != "ig.help.controls.title" && len(refs) == 0 {
				t.Errorf("%v page %d (%s) cites no rule", lang, i+1, pg.title)
			}
			for _, r := range refs {
				if !ref.MatchString(r) {
					t.Errorf("%v page %d: reference %q is no I-number or table option", lang, i+1, r)
				}
			}
			if strings.Contains(plain, "(I") || strings.Contains(plain, "(O") {
				t.Errorf("%v page %d: a rule number is left in the text: %s", lang, i+1, plain)
			}
			// The same rules in every language.
			if lang != i18n.English {
				_, en := splitRules(i18n.MustLoad(i18n.English).T(pg.body))
				if fmt.Sprint(refs) != fmt.Sprint(en) {
					t.Errorf("%v page %d cites %v, English %v", lang, i+1, refs, en)
				}
			}
		}
	}
	for i := range igHelpPages {
		hs.page = i
		h.ticks(2)
		h.shot(fmt.Sprintf("ig-rules-en-%d", i+1))
	}
}
