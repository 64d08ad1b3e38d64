package saboteur

import (
	"fmt"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// TestCardsExplainThemselves: a hand card under a resting mouse, a card
// of the maze held under a long press, a tool on a panel under the mouse
// and a hand card picked by Tab each show their name, what they do and
// the rules (R-numbers); a hand card's explanation is its holder's
// private thing (issue 26, item 3).
func TestCardsExplainThemselves(t *testing.T) {
	h, b := startBoard(t, oneHuman(4), 5)
	h.CheckPrivacy(nil)
	shows := func(x explanation) bool {
		return x.title != "" && drawnText(h, x.title) && drawnText(h, x.rules)
	}
	rest := func(r scenes.Rect) {
		h.In.X, h.In.Y = int(r.Cx()), int(r.Cy())
		h.Ticks(explainDelay + 5)
	}
	b.placeHand(h.A)
	card := cardExplanation(h.A, b.hand[0].placed())
	rest(b.hand[0].r)
	if !shows(card) {
		t.Errorf("a hand card under the mouse does not explain itself (%q)", card.title)
	}
	h.A.HandTo(-1)
	if drawnText(h, card.body) || h.Leak() != "" {
		t.Errorf("the hand card's explanation shows with the screen handed to nobody (leak %q)", h.Leak())
	}
	h.A.HandTo(0)

	tool := b.toolRect(h.A, 1, 0)
	rest(tool)
	if x := b.explain(h.A, explainee{what: explainTool, seat: 1, tool: panelTools[0]}); !shows(x) {
		t.Errorf("a tool on a panel does not explain itself (%q)", x.title)
	}

	start := b.cellRect(h.A, saboteur.Cell{})
	h.In.X, h.In.Y, h.In.Pressed, h.In.Down = int(start.Cx()), int(start.Cy()), true, true
	h.Tick()
	h.In.Pressed = false
	h.Ticks(explainDelay + 5)
	x := cardExplanation(h.A, saboteur.Card{Kind: saboteur.Start})
	if !shows(x) {
		t.Errorf("a long press on the ladder does not explain it (%q)", x.title)
	}
	h.In.Down, h.In.Released = false, true
	h.Tick()
	h.In.Released = false

	h.In.X, h.In.Y = 0, 0 // the pointer away, on nothing
	h.Ticks(2)
	h.Key(ebiten.KeyTab)
	if b.sel < 0 {
		t.Fatal("Tab picked no card")
	}
	if x := cardExplanation(h.A, b.hand[b.sel].placed()); !shows(x) {
		t.Errorf("the card Tab picked does not explain itself (%q)", x.title)
	}
	h.Shot("board-explain")
}

// TestCardExplanationsFit: every card's and tool's explanation, in en, ru
// and fa, at 1024x640 and at 1280x800 at 125%, wraps inside its box, the
// box stays on screen wherever the card lies and takes under half its
// height (issue 26, item 3).
func TestCardExplanationsFit(t *testing.T) {
	var cards []saboteur.Card
	cards = append(cards, saboteur.MustCard("NESW"), saboteur.Card{Kind: saboteur.Start},
		saboteur.Card{Kind: saboteur.Goal}, saboteur.Card{Kind: saboteur.Goal, Goal: saboteur.Gold},
		saboteur.Card{Kind: saboteur.Rockfall}, saboteur.Card{Kind: saboteur.Map})
	for id := saboteur.CardID(0); id < saboteur.DeckSize; id++ {
		c := saboteur.DeckCard(id)
		if c.DeadEnd || c.Kind == saboteur.Broken || c.Kind == saboteur.Repair {
			cards = append(cards, c)
		}
	}
	for _, lang := range []string{"en", "ru", "fa"} {
		for _, sz := range [][3]float64{{1024, 640, 1}, {1280, 800, 1.25}} {
			name := fmt.Sprintf("%s-%gx%g@%g", lang, sz[0], sz[1], sz[2])
			h := layoutHarness(t, lang, sz[0], sz[1], sz[2])
			a := h.A
			var xs []explanation
			for _, c := range cards {
				xs = append(xs, cardExplanation(a, c))
			}
			for _, k := range []string{"sab.explain.tool_whole", "sab.explain.tool_broken"} {
				xs = append(xs, explanation{a.T("sab.explain.tool_broken.title", "tool", a.T("tool.pickaxe")), a.T(k), a.T("scene.help.rules_ref", "refs", "R6.1, R5.1, R6.2")})
			}
			W, H := float64(a.W), float64(a.H)
			corners := []scenes.Rect{scenes.R(0, 0, 60, 90), scenes.R(W-60, 0, 60, 90), scenes.R(0, H-90, 60, 90), scenes.R(W-60, H-90, 60, 90), scenes.R(W/2, H/2, 60, 90)}
			for _, x := range xs {
				if x.title == "" || x.body == "" || x.rules == "" {
					t.Fatalf("%s: an empty explanation %+v", name, x)
				}
				hh := explainSize(a, x)
				if hh > H/2 {
					t.Errorf("%s: %q's box is %.0f high on a %.0f screen", name, x.title, hh, H)
				}
				inner := explainW(a) - a.U(20)
				for _, part := range []struct {
					s    string
					size float64
				}{{x.title, a.U(15)}, {x.body, a.U(13)}, {x.rules, a.U(11)}} {
					for _, l := range scenes.WrapLines(a, part.s, part.size, inner, a.RTL()) {
						if w := a.Text.Line(l, part.size, a.RTL()).W; w > inner+0.5 {
							t.Errorf("%s: %q is %.0f wide in a box %.0f wide", name, l, w, inner)
						}
					}
				}
				for _, c := range corners {
					for _, above := range []bool{true, false} {
						if off := onScreen(h, explainBox(a, c, hh, above)); off != "" {
							t.Errorf("%s: %q's box %s", name, x.title, off)
						}
					}
				}
			}
		}
	}
}
