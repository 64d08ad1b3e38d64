package underground

import (
	"regexp"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
)

// ugEveryEvent is one event of every kind the log words, by seat and
// against by.
func ugEveryEvent(seat, by int) []underground.Event {
	var out []underground.Event
	for _, k := range []underground.EventKind{underground.EvTurn, underground.EvPick, underground.EvSwap, underground.EvVolcano, underground.EvDecline,
		underground.EvLost, underground.EvReborn, underground.EvAncient, underground.EvConquer, underground.EvFinal, underground.EvSubstitute,
		underground.EvAbandon, underground.EvDraw, underground.EvBalrog, underground.EvBonus, underground.EvCoins, underground.EvPay,
		underground.EvMarked, underground.EvRedeploy, underground.EvPlace, underground.EvScore} {
		e := underground.Event{Kind: k, Seat: seat, By: by, Region: "r3", Race: "ogres", Power: "royal", Marker: "keep", Turn: 2, Coins: 3, Tokens: 2, Cost: 2, Die: 1, Text: "Ogres"}
		out = append(out, e)
		if k == underground.EvConquer {
			e.Lost = 1 // from another seat
			out = append(out, e)
		}
	}
	return out
}

// TestUGYouGrammar (issue 25 item 4): against computer players the log
// speaks to the human as "you" with the verb agreeing, in en, ru and fa (a
// message per case, never the name "You" put into a third-person line),
// also when the human is the other party; at a hotseat table every line
// names its seat, and a human left with the default name "You" is renamed.
func TestUGYouGrammar(t *testing.T) {
	youVerb := regexp.MustCompile(`\bYou [a-z]+s\b`)
	youWord := map[string]string{"en": `\byou(rs?)?\b`, "ru": `(^|[^а-я])(вы|ваш|вас|вам)`, "fa": `شما`}
	for _, lang := range []string{"en", "ru", "fa"} {
		h := scenes.LangHarness(t, lang, ugTestGames)
		a := h.A
		solo := &ugMatch{names: []string{"Ann", "Bot 2"}, humans: []int{0}}
		for _, pair := range [][2]int{{0, 1}, {1, 0}} {
			for _, e := range ugEveryEvent(pair[0], pair[1]) {
				line := ugEventText(a, solo, e)
				if line == "" {
					t.Fatalf("%s: kind %v says nothing", lang, e.Kind)
				}
				youIn := e.Seat == 0 || e.By == 0 && (e.Kind == underground.EvPay || e.Kind == underground.EvMarked || e.Lost > 0)
				if youIn && strings.Contains(line, "Ann") {
					t.Errorf("%s: %q names the viewer instead of saying you", lang, line)
				}
				if youIn && !regexp.MustCompile(youWord[lang]).MatchString(strings.ToLower(line)) {
					t.Errorf("%s: %q does not say you", lang, line)
				}
				if youVerb.MatchString(line) {
					t.Errorf("%s: %q", lang, line)
				}
			}
		}
		hot := &ugMatch{names: []string{"Ann", "Bob"}, humans: []int{0, 1}}
		for _, e := range ugEveryEvent(0, 1) {
			if line := ugEventText(a, hot, e); e.Kind != underground.EvTurn && !strings.Contains(line, "Ann") {
				t.Errorf("%s hotseat: %q does not name the seat", lang, line)
			}
		}
		seats := scenes.HotseatNames(a, []scenes.SeatSetup{{Human: true, Name: a.T("scene.newgame.you")}, {Human: true, Name: "Bob"}, {Name: "Bot 3", Level: "easy"}})
		if seats[0].Name == a.T("scene.newgame.you") || seats[1].Name != "Bob" {
			t.Errorf("%s: hotseat names %q, %q", lang, seats[0].Name, seats[1].Name)
		}
	}
}

// TestUGTipSaysYours (issue 25 item 4): the hover line of a region held by
// the one human at the screen, left with the default name "You", reads
// "your Drow" ("ваши Дроу", "دروها از آنِ شما"), never "Drow of You" /
// "Дроу игрока Вы"; another seat's stack is named by its player, and at a
// hotseat table (no seat spoken to) every stack is. Seen failing with
// "Drow of You, 2 tokens (U5.6)" in the guided game's screenshot.
func TestUGTipSaysYours(t *testing.T) {
	yours := map[string]*regexp.Regexp{"en": regexp.MustCompile(`^your `), "ru": regexp.MustCompile(`^ваши `), "fa": regexp.MustCompile(`از آنِ شما`)}
	for _, lang := range []string{"en", "ru", "fa"} {
		h := scenes.LangHarness(t, lang, ugTestGames)
		a := h.A
		you := a.T("scene.newgame.you")
		m, err := maps.Builtin("caves-2p")
		if err != nil {
			t.Fatal(err)
		}
		b := newUGBoard(m)
		v := ugFullView(m, 2)
		b.SetView(v)
		for _, hot := range []bool{false, true} {
			me := 0
			if hot {
				me = -1
			}
			b.SetNames([]string{you, "Bot 2"}, me)
			for i := range v.Regions {
				rv := &v.Regions[i]
				if rv.Tokens == 0 || rv.Seat < 0 {
					continue
				}
				parts := strings.Split(b.explain(a, i), " · ")
				var line string
				for _, p := range parts {
					if strings.Contains(p, "(U5.6)") || strings.Contains(p, "(U8)") {
						line = p
					}
				}
				switch {
				case line == "":
					t.Fatalf("%s: %s's tip names no stack: %q", lang, rv.ID, parts)
				case rv.Seat == 0 && !hot && (strings.Contains(line, you) && lang != "fa" || !yours[lang].MatchString(line)):
					t.Errorf("%s: your stack in %s reads %q", lang, rv.ID, line)
				case rv.Seat == 1 && !strings.Contains(line, "Bot 2"):
					t.Errorf("%s: Bot 2's stack in %s reads %q", lang, rv.ID, line)
				case rv.Seat == 0 && hot && !strings.Contains(line, you):
					t.Errorf("%s hotseat: seat 0's stack in %s reads %q", lang, rv.ID, line)
				}
			}
		}
	}
}
