package saboteur

import "slices"

// View is what one seat may know of the game (SABOTEUR.md, Hidden
// information): its own role, hand and map sights, and the public table.
// Views are the only form in which the game leaves the host for players,
// bots and network clients.
type View struct {
	Seat    int     `json:"seat"`
	Options Options `json:"options"`
	Round   int     `json:"round"`
	Phase   Phase   `json:"phase"`
	Turn    int     `json:"turn"`
	Moves   int     `json:"moves"`

	Role   Role        `json:"role"`
	Hand   []Card      `json:"hand"`   // nil when empty
	Peeked [3]GoalCard `json:"peeked"` // what this seat's maps showed, NoGoal where none

	// Board is the maze; face-down goals hold no identity in it.
	Board      Board      `json:"board"`
	Broken     []Tool     `json:"broken"`
	HandSizes  []int      `json:"hand_sizes"`
	DrawPile   int        `json:"draw_pile"`
	Discards   int        `json:"discards"`
	MapsPlayed []MapSight `json:"maps_played"`
	LastMover  int        `json:"last_mover"`

	// Offer holds the gold values offered to this seat while it chooses
	// (HandingOut, Turn == Seat); OfferCount is the number offered to
	// whoever is choosing (R8.1).
	Offer      []int `json:"offer,omitempty"`
	OfferCount int   `json:"offer_count"`

	// Gold is this seat's own gold so far; Scores are everyone's, and only
	// once the game is over (R8.4). Results are the rounds played, with the
	// other seats' gold blanked until the game is over.
	Gold    int           `json:"gold"`
	Scores  []int         `json:"scores,omitempty"`
	Results []RoundResult `json:"results"`
}

// View returns what seat may know. A seat of -1 is a spectator: only public
// facts.
func (g *Game) View(seat int) View {
	n := g.opts.Players
	v := View{
		Seat: seat, Options: g.opts, Round: g.round, Phase: g.phase, Turn: g.turn, Moves: g.moves,
		Board: g.board.Clone(), Broken: slices.Clone(g.broken), HandSizes: make([]int, n),
		DrawPile: len(g.draw), Discards: len(g.discards), MapsPlayed: slices.Clone(g.mapsOn),
		LastMover: g.lastMover,
	}
	for i := range v.Board.goals {
		if !v.Board.GoalFaceUp(i) {
			v.Board.goals[i] = NoGoal
		}
	}
	for s, h := range g.hands {
		v.HandSizes[s] = len(h)
	}
	if g.phase == HandingOut {
		v.OfferCount = len(g.offer)
	}
	for _, r := range g.results {
		r.Roles, r.Goals, r.Gold = slices.Clone(r.Roles), slices.Clone(r.Goals), slices.Clone(r.Gold)
		if g.phase != Over {
			for s := range r.Gold {
				if s != seat {
					r.Gold[s] = 0
				}
			}
		}
		v.Results = append(v.Results, r)
	}
	if g.phase == Over {
		v.Scores = g.Scores()
	}
	if seat < 0 || seat >= n {
		return v
	}
	v.Role = g.roles[seat]
	if len(g.hands[seat]) > 0 { // an empty hand is nil, as every empty list of a view
		v.Hand = g.handCards(seat)
	}
	for i := range v.Peeked {
		if g.peeked[seat]&(1<<i) != 0 {
			v.Peeked[i] = g.board.goals[i]
		}
	}
	if g.phase == HandingOut && g.turn == seat {
		v.Offer = slices.Clone(g.offer)
	}
	for _, x := range g.gold[seat] {
		v.Gold += x
	}
	return v
}

// MyTurn reports whether the viewing seat must move now.
func (v *View) MyTurn() bool { return v.Phase != Over && v.Turn == v.Seat }

// CanPlace checks whether the viewing seat may play path card c (as placed)
// at cell at: R5.1 and R5.2-R5.5. It returns nil or an error naming the rule.
func (v *View) CanPlace(c Card, at Cell) error {
	if v.Seat >= 0 && v.Seat < len(v.Broken) && v.Broken[v.Seat] != 0 {
		return errorR51(v.Seat, v.Broken[v.Seat])
	}
	return v.Board.Placeable(c, at, v.Options.ConnectToStart)
}

// LegalMoves lists every legal move of the viewing seat (none when it is
// not its turn). Cards of one kind in the hand give their moves once.
func (v *View) LegalMoves() []Move {
	if !v.MyTurn() || v.Seat < 0 || v.Seat >= len(v.Broken) {
		return nil // a view that is not a player's (or not whole) has none
	}
	if v.Phase == HandingOut {
		return keepMoves(v.Seat, v.Offer)
	}
	return legalMoves(nil, &v.Board, v.Hand, v.Broken, v.Seat, v.Options.ConnectToStart)
}
