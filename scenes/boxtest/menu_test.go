package boxtest

import (
	"strings"
	"testing"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/scenes"
)

// TestMenuGameNamesOneSize: the menu's game cards set the three games'
// names at one size, each whole on its card, in every language (issue 26
// item 11: Underground's long name was set smaller than the others).
func TestMenuGameNamesOneSize(t *testing.T) {
	for _, l := range i18n.Langs {
		h := scenes.LangHarness(t, string(l), games)
		h.ScreenBig()
		h.Ticks(3)
		h.Shot("menu-" + string(l))
		names := map[string]bool{}
		for _, g := range h.A.Games() {
			names[h.A.T("game."+g.Rules().ID()+".name")] = false
		}
		var height float64
		for _, d := range scenes.DrawnLines(h) {
			if _, ok := names[d.S]; !ok {
				continue
			}
			names[d.S] = true
			if height == 0 {
				height = d.R.H
			}
			if d.R.H != height {
				t.Errorf("%s: %q is %.1f px high, the first name %.1f", l, d.S, d.R.H, height)
			}
		}
		for n, seen := range names {
			if !seen {
				t.Errorf("%s: the name %q is not drawn whole", l, n)
			}
		}
	}
}

// TestSettingsPercentPersianDigits: with Persian digits on, every
// percentage and number on the settings page is written in Persian digits
// (issue 26 item 11); only the key name F11 keeps its own.
func TestSettingsPercentPersianDigits(t *testing.T) {
	h := scenes.LangHarness(t, "fa", games)
	h.ScreenBig()
	h.A.Settings.PersianDigits = true
	h.A.Cat.SetPersianDigits(true)
	h.Ticks(2)
	scenes.ClickMenu(t, h, scenes.MenuSettings)
	h.Shot("settings-fa")
	pct := 0
	for _, d := range scenes.DrawnLines(h) {
		if strings.Contains(d.S, "٪") {
			pct++
		}
		if strings.ContainsAny(strings.ReplaceAll(d.S, "F11", ""), "0123456789") {
			t.Errorf("Latin digits in %q", d.S)
		}
	}
	if pct < 3 {
		t.Errorf("%d percentages on the settings page, want the two volumes and the interface size", pct)
	}
}
