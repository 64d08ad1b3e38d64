package saboteur

import (
	"strings"
	"testing"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// TestSaboteurShareSaysTheGold: when the saboteurs win, the round's end
// says each saboteur's share as the gold it is worth (R8.2: 4 with one
// saboteur, 3 with two or three) and then the gold cards it came in,
// never the cards alone ("2 gold cards" was read as 2 gold; issue 26,
// item 4), in every language.
func TestSaboteurShareSaysTheGold(t *testing.T) {
	for _, tc := range []struct {
		lang string
		one  string // Bot 1's line, alone a saboteur, paid in two cards
		two  string // with two saboteurs, paid in one card
	}{
		{"en", "Bot 1 takes a saboteur's share: 4 gold in 2 gold cards", "Bot 1 takes a saboteur's share: 3 gold in 1 gold card"},
		{"ru", "Bot 1 получает долю вредителя: 4 самородка (2 карты золота)", "Bot 1 получает долю вредителя: 3 самородка (1 карту золота)"},
		{"fa", "Bot 1 سهم خرابکار را گرفت: ۴ طلا (۲ کارت طلا)", "Bot 1 سهم خرابکار را گرفت: ۳ طلا (۱ کارت طلا)"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			h := scenes.NewHarness(t, testGames)
			if err := h.A.SetLang(i18n.Lang(tc.lang)); err != nil {
				t.Fatal(err)
			}
			h.A.Settings.PersianDigits = true
			h.A.Cat.SetPersianDigits(true)
			m, err := NewMatch(h.A, Setup{Seats: oneHuman(4), Youngest: 0, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(m.Close)
			gd, sb := saboteur.GoldDigger, saboteur.Saboteur
			s := &roundEndScene{m: m, ended: saboteur.Event{Type: saboteur.RoundEnded, Winner: saboteur.Saboteurs,
				Roles: []saboteur.Role{gd, sb, gd, gd}}, steps: []goldStep{{seat: 1}, {seat: 1}}}
			// Names and numbers come wrapped in direction isolates (bidi).
			plain := func(l []string) []string {
				for i := range l {
					l[i] = strings.NewReplacer("\u2068", "", "\u2069", "").Replace(l[i])
				}
				return l
			}
			if got := plain(s.goldLines(h.A, 0)); len(got) != 2 || got[1] != tc.one {
				t.Errorf("one saboteur paid in two cards: %q, want %q", got, tc.one)
			}
			s.ended.Roles = []saboteur.Role{gd, sb, sb, gd}
			s.steps = []goldStep{{seat: 1}, {seat: 2}, {seat: 2}}
			if got := plain(s.goldLines(h.A, 0)); len(got) != 3 || got[1] != tc.two {
				t.Errorf("two saboteurs: %q, want %q first", got, tc.two)
			}
		})
	}
}
