package box

import (
	"testing"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules"
)

// TestQuickPhrasesTranslated: every game's quick chat phrases
// (rules.Phraser) have a text in every language (lan.phrase.<id>), and a
// game's phrase IDs are distinct; a phrase ID shared between games means
// the same words in each ("well_played").
func TestQuickPhrasesTranslated(t *testing.T) {
	texts := map[string]string{}
	for _, g := range Games() {
		if g.Rules == nil {
			continue
		}
		ps := rules.PhrasesOf(g.Rules)
		if len(ps) == 0 {
			t.Errorf("%s has no quick phrases", g.ID)
		}
		seen := map[string]bool{}
		for _, p := range ps {
			if seen[p.ID] {
				t.Errorf("%s: phrase %s twice", g.ID, p.ID)
			}
			seen[p.ID] = true
			if was, ok := texts[p.ID]; ok && was != p.Text {
				t.Errorf("%s: phrase %s is %q, another game's is %q", g.ID, p.ID, p.Text, was)
			}
			texts[p.ID] = p.Text
			for _, l := range i18n.Langs {
				if !i18n.MustLoad(l).Has("lan.phrase." + p.ID) {
					t.Errorf("%s: no %s text for the quick phrase %s", g.ID, l, p.ID)
				}
			}
		}
	}
}
