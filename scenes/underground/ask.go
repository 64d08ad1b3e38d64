package underground

import (
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
)

// ugAsk is a question the acting human answers before a move that cannot
// be taken back and changes much (issue 25 item 7 and 8, issue 22): going
// into decline (U8), ending conquests or a redeployment with tokens still
// in hand (UR43 places them by default), and the reinforcement die (U5.7,
// a roll is final). The bar then holds only its two buttons: the move
// (Enter, Y) and Back (Backspace, N, Esc).
type ugAsk struct {
	text string           // the question, drawn in the message lane
	yes  string           // the confirming button's label
	mv   underground.Move // what the confirmation plays
}

// askFor is the question mv needs before it is played, or nil: the decline,
// the end of a step with tokens in hand, and a final conquest's die.
func (s *ugPlayScene) askFor(a *scenes.App, mv underground.Move) *ugAsk {
	if s.me < 0 || s.me >= len(s.mine.Seats) {
		return nil
	}
	sv := s.mine.Seats[s.me]
	ask := func(text, yes string) *ugAsk {
		return &ugAsk{text: text, yes: yes, mv: mv}
	}
	switch mv.Kind() {
	case "decline":
		if sv.Active == nil {
			return nil
		}
		return ask(a.T("ug.ask.decline", "combo", ugCombo(a, sv.Active.Race, sv.Active.Power)), a.T("ug.btn.confirm_decline"))
	case "final":
		need := ugConquestCost(&s.mine, mv)
		hand := 0
		if sv.Active != nil {
			hand = sv.Active.Hand
		}
		return ask(a.T("ug.ask.die", "region", ugRegionName(a, s.m, mv.Final), "need", need, "hand", hand), a.T("ug.btn.roll", "region", mv.Final))
	case "end":
		switch s.mine.Step {
		case "conquer":
			// Only while a plain conquest is still open: ending with the
			// hand spent, or with nothing in reach, is the usual end.
			if sv.Active != nil && sv.Active.Hand > 0 && s.canConquer() {
				return ask(a.N("ug.ask.end_conquer", sv.Active.Hand), a.T("ug.btn.confirm_end"))
			}
		case "redeploy", "defend":
			where, n := s.spreadText(a, sv)
			if n > 0 {
				return ask(a.N("ug.ask.end_hand", n, "where", where), a.T("ug.btn.place_so"))
			}
		}
	}
	return nil
}

// canConquer reports whether a conquest without the die is legal now.
func (s *ugPlayScene) canConquer() bool {
	if md := s.moves.mode("conquer"); md != nil && md.key == "conquer" {
		for _, mv := range md.regions {
			if mv.Conquer != "" {
				return true
			}
		}
	}
	return false
}

// spreadText says where the tokens still in hand go when the step ends
// (the rules' default, UR43: one by one on the thinnest region held, the
// first in map order on a tie; rules/underground turn.go spread) and how
// many there are.
func (s *ugPlayScene) spreadText(a *scenes.App, sv underground.SeatView) (string, int) {
	tokens := make([]int, len(s.mine.Regions))
	for i, rv := range s.mine.Regions {
		tokens[i] = rv.Tokens
	}
	added := map[int]int{}
	n := 0
	spread := func(decline bool, hand int) {
		n += hand
		for ; hand > 0; hand-- {
			best := -1
			for i, rv := range s.mine.Regions {
				if rv.Seat == s.me && rv.Decline == decline && rv.Tokens > 0 && (best < 0 || tokens[i] < tokens[best]) {
					best = i
				}
			}
			if best < 0 {
				return
			}
			tokens[best]++
			added[best]++
		}
	}
	if s.mine.Step == "defend" && sv.Decline != nil {
		spread(true, sv.Decline.Hand)
	}
	if sv.Active != nil {
		spread(false, sv.Active.Hand)
	}
	var parts []string
	for _, i := range slices.Sorted(mapsKeysInt(added)) {
		parts = append(parts, a.T("ug.ask.where", "region", s.mine.Regions[i].ID, "n", added[i]))
	}
	return strings.Join(parts, ", "), n
}

func mapsKeysInt(m map[int]int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// offer plays mv, or first asks the question it needs (askFor).
func (s *ugPlayScene) offer(a *scenes.App, mv underground.Move) {
	if q := s.askFor(a, mv); q != nil {
		s.ask = q
		return
	}
	s.play(a, mv)
}

// askButtons are the bar's two buttons while a question is open.
func (s *ugPlayScene) askButtons(a *scenes.App) {
	q := s.ask
	s.buttons = append(s.buttons,
		ugButton{id: "ug.ask.yes", b: scenes.Button{Label: q.yes, Enabled: true, Primary: true}, key: ebiten.KeyY, do: func(a *scenes.App) {
			s.ask = nil
			s.play(a, q.mv)
		}},
		ugButton{id: "ug.ask.no", b: scenes.Button{Label: a.T("ug.btn.back"), Enabled: true}, key: ebiten.KeyN, do: func(a *scenes.App) { s.ask = nil }})
}

// askKeys reads the keys a question takes besides its buttons' own: Enter
// confirms, Backspace and Esc go back. It reports whether one acted.
func (s *ugPlayScene) askKeys(a *scenes.App) bool {
	switch d := s.dec; {
	case a.Gate.Key(a, ebiten.KeyEnter, d) || a.Gate.Key(a, ebiten.KeyKPEnter, d):
		q := s.ask
		s.ask = nil
		s.play(a, q.mv)
	case a.Gate.Key(a, ebiten.KeyBackspace, d):
		s.ask = nil
	default:
		return false
	}
	return true
}
