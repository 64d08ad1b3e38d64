package underground

import (
	"regexp"
	"testing"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/bot"
	"github.com/goldvein/goldvein/scenes"
)

// TestUGLogSpeaksTheLanguage: every line the log writes for the events of
// whole games (five seats of random computer players, eight seeds) is in
// the screen's language: in Russian and Persian no English word is left
// but the rule numbers (U12.5, UR20) and region ids (r14). Seen failing
// with "Бот 4 получает жетоны: 1 (Silver Hammers)" in a Russian game.
func TestUGLogSpeaksTheLanguage(t *testing.T) {
	var events []underground.Event
	for seed := uint64(1); seed <= 8; seed++ {
		m, err := underground.New(5, underground.Options{}, seed)
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]rules.Bot, 5)
		for s := range bots {
			if bots[s], err = (bot.Makers{}).NewBot("random", s, seed*10+uint64(s)); err != nil {
				t.Fatal(err)
			}
		}
		for n := 0; !m.Over(); n++ {
			if n > 20000 {
				t.Fatalf("seed %d: no end after 20000 moves", seed)
			}
			s := m.ToMove()[0]
			evs, err := m.Apply(s, bots[s].Choose(m.View(s)))
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			for _, e := range evs {
				if ue, ok := e.(underground.Event); ok {
					events = append(events, ue)
				}
			}
		}
	}
	hammers := false
	for _, e := range events {
		hammers = hammers || e.Rule == "U12.5" && e.Kind == underground.EvBonus
	}
	if !hammers {
		t.Fatal("no game took Silver Hammers: the seeds no longer cover U12.5")
	}
	// In English the hammers are named as what they are, not tokens.
	en := scenes.LangHarness(t, "en", ugTestGames)
	if line := ugEventText(en.A, &ugMatch{names: []string{"Ann", "Bob"}, humans: []int{0, 1}},
		underground.Event{Kind: underground.EvBonus, Seat: 1, Tokens: 2, Rule: "U12.5", Text: "Silver Hammers"}); line != "Bob takes Silver Hammers: 2 (U12.5)" {
		t.Errorf("en: the hammers read %q", line)
	}
	// What may stay Latin: rule numbers and region ids.
	allowed := regexp.MustCompile(`\bU[R]?\d+(\.\d+)*\b|\br\d+\b`)
	latin := regexp.MustCompile(`[A-Za-z]{2,}`)
	for _, lang := range []string{"ru", "fa"} {
		h := scenes.LangHarness(t, lang, ugTestGames)
		m := &ugMatch{names: []string{"Аня", "Боря", "Вера", "Гоша", "Даша"}, humans: []int{0, 1, 2, 3, 4}}
		bad := map[string]bool{}
		for _, e := range events {
			line := ugEventText(h.A, m, e)
			if w := latin.FindString(allowed.ReplaceAllString(line, "")); w != "" && !bad[string(e.Kind)+e.Text] {
				bad[string(e.Kind)+e.Text] = true
				t.Errorf("%s: %q (event %s %q) keeps the English %q", lang, line, e.Kind, e.Text, w)
			}
		}
	}
}
