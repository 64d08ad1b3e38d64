package incangold

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/scenes"
)

// TestIncanRulesHelp (issue 16): with Incan Gold picked, the menu's Rules
// opens Incan Gold's pages (not Saboteur's) and Learn to play is on (the
// guided round, tutorial.go, issue 26); every page cites I-numbers (or the table
// options' O-numbers) in English, Russian and Persian alike, which the
// help shows small under the text and takes out of it. With SCENE_SHOTS
// set it saves each page (ig-rules-<lang>-N.png).
func TestIncanRulesHelp(t *testing.T) {
	h := scenes.NewHarness(t, igTestGames)
	h.ScreenBig()
	h.Ticks(2)
	menu := h.A.Cur.(*scenes.MenuScene)
	menu.Layout(h.A)
	h.Click(menu.Pick.Cards[0]) // Incan Gold's card
	menu.Layout(h.A)
	if h.A.GameID != igGameID || !menu.Buttons[scenes.MenuRules].Enabled || !menu.Buttons[scenes.MenuLearn].Enabled {
		t.Fatalf("picked %q: Rules enabled %v, Learn enabled %v; want Incan Gold, Rules on, Learn on",
			h.A.GameID, menu.Buttons[scenes.MenuRules].Enabled, menu.Buttons[scenes.MenuLearn].Enabled)
	}
	h.Click(menu.Buttons[scenes.MenuRules].R)
	h.Ticks(scenes.FadeTicks + 2)
	hs, ok := h.A.Cur.(*scenes.HelpScene)
	if !ok || len(hs.Pages) != len(igHelpPages) || hs.Pages[0].Title != igHelpPages[0].Title {
		t.Fatalf("Rules opened %s, want Incan Gold's pages", h.A.Cur.Name())
	}
	ref := regexp.MustCompile(`^(I\d+\.\d+|O[1-4])$`)
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian, i18n.Persian} {
		cat := i18n.MustLoad(lang)
		for i, pg := range igHelpPages {
			body := cat.T(pg.Body)
			plain, refs := scenes.SplitRules(body)
			if pg.Title != "ig.help.controls.title" && len(refs) == 0 {
				t.Errorf("%v page %d (%s) cites no rule", lang, i+1, pg.Title)
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
				_, en := scenes.SplitRules(i18n.MustLoad(i18n.English).T(pg.Body))
				if fmt.Sprint(refs) != fmt.Sprint(en) {
					t.Errorf("%v page %d cites %v, English %v", lang, i+1, refs, en)
				}
			}
		}
	}
	for i := range igHelpPages {
		hs.Page = i
		h.Ticks(2)
		h.Shot(fmt.Sprintf("ig-rules-en-%d", i+1))
	}
}
