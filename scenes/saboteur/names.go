package saboteur

import (
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// cardName names a card for the log: "a tunnel", "a dead end", or the
// card's own name from the catalogue's terms.
func cardName(a *scenes.App, c saboteur.Card) string {
	switch c.Kind {
	case saboteur.Path:
		if c.DeadEnd {
			return a.T("scene.card.dead_end")
		}
		return a.T("scene.card.tunnel")
	case saboteur.Rockfall:
		return a.T("card.rockfall")
	case saboteur.Map:
		return a.T("card.map")
	}
	return a.T("card.path")
}

// toolName names a tool for the log (lower case, as inside a sentence).
func toolName(a *scenes.App, t saboteur.Tool) string {
	switch t {
	case saboteur.Pickaxe:
		return a.T("scene.log.tool.pickaxe")
	case saboteur.Lantern:
		return a.T("scene.log.tool.lantern")
	case saboteur.Cart:
		return a.T("scene.log.tool.cart")
	}
	return t.String()
}

// goalName names goal i (0, 1, 2: top, middle, bottom; R3.1).
func goalName(a *scenes.App, i int) string {
	switch i {
	case 0:
		return a.T("scene.goal.top")
	case 1:
		return a.T("scene.goal.middle")
	}
	return a.T("scene.goal.bottom")
}
