package scenes

import (
	"regexp"
	"strings"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// ruleRefs finds the rule numbers a help text cites in parentheses:
// "(R5.3, R5.4)", with a Persian comma too; Incan Gold's are I-numbers and
// table options ("(I7.2, O4)"); Underground's U-numbers and rulings
// ("(U12.3, UR17)").
var ruleRefs = regexp.MustCompile(`\s*\(((?:R|I|O|UR|U)\d+(?:\.\d+[a-z]?)?(?:[,،]\s*(?:R|I|O|UR|U)\d+(?:\.\d+[a-z]?)?)*)\)`)

// splitRules takes the rule numbers out of a help text, so the text reads
// plainly and the numbers can be shown small beside it.
func SplitRules(text string) (plain string, refs []string) {
	for _, m := range ruleRefs.FindAllStringSubmatch(text, -1) {
		for _, r := range strings.FieldsFunc(m[1], func(c rune) bool { return c == ',' || c == '،' || c == ' ' }) {
			refs = append(refs, r)
		}
	}
	return ruleRefs.ReplaceAllString(text, ""), refs
}

// cardCaption names a card as the help's picture shows it.
func cardCaption(a *App, c saboteur.Card) string {
	switch c.Kind {
	case saboteur.Path:
		if c.DeadEnd {
			return a.T("card.dead_end")
		}
		return a.T("card.tunnel")
	case saboteur.Start:
		return a.T("card.start")
	case saboteur.Goal:
		switch {
		case c.Goal == saboteur.Gold:
			return a.T("card.goal.gold")
		case c.Goal != saboteur.NoGoal:
			return a.T("card.goal.coal")
		}
		return a.T("card.goal.hidden")
	case saboteur.Broken:
		switch c.Tools {
		case saboteur.Pickaxe:
			return a.T("card.broken.pickaxe")
		case saboteur.Lantern:
			return a.T("card.broken.lantern")
		case saboteur.Cart:
			return a.T("card.broken.cart")
		}
		return a.T("card.broken_tool")
	case saboteur.Repair:
		switch c.Tools {
		case saboteur.Pickaxe:
			return a.T("card.repair.pickaxe")
		case saboteur.Lantern:
			return a.T("card.repair.lantern")
		case saboteur.Cart:
			return a.T("card.repair.cart")
		case saboteur.Pickaxe | saboteur.Lantern:
			return a.T("card.repair.pickaxe_lantern")
		case saboteur.Pickaxe | saboteur.Cart:
			return a.T("card.repair.pickaxe_cart")
		case saboteur.Lantern | saboteur.Cart:
			return a.T("card.repair.lantern_cart")
		}
		return a.T("card.repair")
	case saboteur.Rockfall:
		return a.T("card.rockfall")
	case saboteur.Map:
		return a.T("card.map")
	}
	return ""
}

// roleCaption names a role card.
func roleCaption(a *App, r saboteur.Role) string {
	if r == saboteur.Saboteur {
		return a.T("role.saboteur")
	}
	return a.T("role.gold_digger")
}
