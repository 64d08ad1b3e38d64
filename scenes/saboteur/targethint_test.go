package saboteur

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// TestMapEnterPicksUnpeekedGoal: with a map picked, Enter's target (the
// first lit goal) is a goal the player has not looked at yet, whichever
// they have (issue 26 item 4: Enter picked the middle goal twice; a map
// on a goal already peeked shows nothing new, R6.4).
func TestMapEnterPicksUnpeekedGoal(t *testing.T) {
	_, b := startBoard(t, oneHuman(4), 4)
	for mask := 0; mask < 7; mask++ { // not all three peeked
		b.mine.Peeked = [3]saboteur.GoalCard{}
		for i := range 3 {
			if mask&(1<<i) != 0 {
				b.mine.Peeked[i] = saboteur.CoalNE
			}
		}
		b.hand = []handSlot{{card: saboteur.Card{Kind: saboteur.Map}}}
		b.sel, b.tsel = 0, -1
		b.computeTargets()
		if b.tsel < 0 || b.tsel >= len(b.targets) {
			t.Fatalf("peeked %03b: no Enter target among %v", mask, b.targets)
		}
		if g := saboteur.GoalIndex(b.targets[b.tsel].cell.Y); mask&(1<<g) != 0 {
			t.Errorf("peeked %03b: Enter's target is goal %d, already looked at", mask, g)
		}
	}
}

// TestTurnHintOnlyForPathCards: the hint under the hand speaks of R
// (turn the card, R3.3) only while a path card is picked; for an action
// card, a map or a rockfall it does not (issue 26 item 4).
func TestTurnHintOnlyForPathCards(t *testing.T) {
	h, b := startBoard(t, oneHuman(4), 4)
	for _, c := range []saboteur.Card{saboteur.MustCard("NS"), {Kind: saboteur.Map}, {Kind: saboteur.Rockfall},
		{Kind: saboteur.Broken, Tools: saboteur.Pickaxe}, {Kind: saboteur.Repair, Tools: saboteur.Lantern}} {
		name := fmt.Sprint(c.Kind)
		b.view.Broken[b.me] = 0
		b.hand = []handSlot{{card: c}}
		b.sel = 0
		b.refresh(h.A)
		turns := strings.Contains(b.texts.hint, h.A.T("scene.board.hint_selected")) || b.texts.hint == h.A.T("scene.board.hint_selected")
		if want := c.Kind == saboteur.Path; turns != want || b.texts.hint == "" {
			t.Errorf("%s picked: hint %q (speaks of turning: %v, want %v)", name, b.texts.hint, turns, want)
		}
	}
}
