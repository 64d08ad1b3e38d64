package saboteur

import (
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// cardCaption names a card as the help's picture shows it.
func cardCaption(a *scenes.App, c saboteur.Card) string {
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
func roleCaption(a *scenes.App, r saboteur.Role) string {
	if r == saboteur.Saboteur {
		return a.T("role.saboteur")
	}
	return a.T("role.gold_digger")
}
