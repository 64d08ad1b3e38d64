package saboteur

import (
	"fmt"
	"slices"
)

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

// Public strips a seat's view to what a spectator (seat -1) sees, as
// Game.View(-1) gives it: no role, hand, map sights, offer or own gold
// (SABOTEUR.md, Hidden information). A LAN guest's screen follows the game
// through it.
func (v View) Public() View {
	p := v
	p.Seat = -1
	p.Role = NoRole
	p.Hand = nil
	for i := range p.Peeked {
		p.Peeked[i] = NoGoal
	}
	p.Offer = nil
	p.Gold = 0
	p.Results = nil
	for _, r := range v.Results {
		if v.Phase != Over {
			r.Gold = slices.Clone(r.Gold)
			for s := range r.Gold {
				r.Gold[s] = 0
			}
		}
		p.Results = append(p.Results, r)
	}
	return p
}

// Check judges m against the view alone, as a LAN guest does before
// sending it: the same refusals the host's rules would give (R4.3 off
// turn, R5.1 to R5.5 for a path card), and m must be one of the view's
// legal moves, so a bad drop flies back at once with its reason.
func (v *View) Check(m Move) error {
	if !v.MyTurn() {
		return refuse("R4.3", "not your turn: it is seat %d's turn", v.Turn)
	}
	if m.Type == Play && m.Card.Kind == Path {
		if err := v.CanPlace(m.Card, m.At); err != nil {
			return err
		}
	}
	for _, l := range v.LegalMoves() {
		if sameMove(l, m) {
			return nil
		}
	}
	return fmt.Errorf("saboteur: the move %v is not legal now", m.Type)
}

// sameMove compares two moves by what the rules read of them.
func sameMove(a, b Move) bool {
	if a.Type != b.Type || a.Seat != b.Seat {
		return false
	}
	switch a.Type {
	case Keep:
		return a.Gold == b.Gold
	case Discard:
		return a.Card == b.Card
	}
	if a.Card != b.Card {
		return false
	}
	switch a.Card.Kind {
	case Path, Rockfall:
		return a.At == b.At
	case Broken:
		return a.Target == b.Target
	case Repair:
		return a.Target == b.Target && (a.Tool == b.Tool || a.Tool == 0 || b.Tool == 0)
	case Map:
		return a.Goal == b.Goal
	}
	return true
}
