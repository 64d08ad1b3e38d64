package underground

import (
	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
)

// ugState is the table as the screen has shown it so far, built from the
// public stream (a spectator's view and events, so never more than the
// rules let everyone see): the latest public view, each seat's coins
// followed through the public coin events (shown only to their owner until
// the end, U-rules' Hidden information), the coins at the end of every game
// turn (the final chart), the log, and the moments the motion shows (a
// die, a turn's score).
type ugState struct {
	view   underground.View
	coins  []int              // by seat, from the public events
	byTurn [][]int            // coins by seat at the end of each game turn, then at the end
	turn   int                // the game turn the events are in
	log    scenes.Log         // every line of the game (scenes/log.go)
	lines  []scenes.LogLine   // the lines of the move being shown, added with its view
	score  *underground.Event // the last turn's scoring (U9)
	scoreN int                // how many scorings the screen has shown
	over   *underground.Event
}

// ugStartCoins is every player's coins at the start (U2.6).
const ugStartCoins = underground.StartCoins

func newUGState(v underground.View) ugState {
	// The events come from the first (the table hands a watcher the
	// whole game, a resumed one too), so the chart starts at game turn 1.
	st := ugState{view: v, coins: make([]int, v.Players), turn: 1}
	// A seat's lines take its colour at every draw: turning the
	// colour-blind setting on recolours the lines already written.
	st.log.SeatColor = ugSeatColor
	for i := range st.coins {
		st.coins[i] = ugStartCoins
	}
	return st
}

// apply moves the shown table on by one item of the public stream.
func (st *ugState) apply(a *scenes.App, m *ugMatch, it ugItem) {
	if it.ev != nil {
		st.event(a, m, *it.ev)
	}
	if it.last && it.view != nil {
		st.view = *it.view
	}
	if it.last {
		// The move's lines go to the log as the board shows its view:
		// the log never runs ahead of the map.
		for _, l := range st.lines {
			st.log.Add(l)
		}
		st.lines = st.lines[:0]
	}
}

// event follows one public event: the coins (U4.2, U9, U12.7, U13.7,
// U14.1), the turn chart, the log.
func (st *ugState) event(a *scenes.App, m *ugMatch, e underground.Event) {
	switch e.Kind {
	case underground.EvTurn:
		for e.Turn > st.turn { // a game turn is over (U3.3)
			st.byTurn = append(st.byTurn, append([]int(nil), st.coins...))
			st.turn++
		}
	case underground.EvPick: // U4.2: pay for the place, take the coins on it
		st.add(e.Seat, e.Coins)
	case underground.EvCoins:
		st.add(e.Seat, e.Coins)
	case underground.EvPay: // U9.4, U12.7: from Seat to By
		st.add(e.Seat, -e.Coins)
		st.add(e.By, e.Coins)
	case underground.EvScore: // U9: the items paid by the bank
		for _, item := range e.Items {
			if item.From < 0 {
				st.add(e.Seat, item.Coins)
			}
		}
		ev := e
		st.score = &ev
		st.scoreN++
	case underground.EvOver: // U10
		ev := e
		st.over = &ev
		st.byTurn = append(st.byTurn, append([]int(nil), st.coins...))
	}
	if line := ugEventText(a, m, e); line != "" {
		ref := -1
		if m.mp != nil && e.Region != "" {
			ref = m.mp.Index(e.Region)
		}
		l := scenes.LogLine{Text: line, Seat: e.Seat, Ref: ref} // the seat's colour (Log.SeatColor)
		if e.Seat < 0 || e.Seat >= len(st.coins) {
			l.Color = scenes.ColTextDim // the table's own line
		}
		st.lines = append(st.lines, l)
	}
}

func (st *ugState) add(seat, n int) {
	if seat >= 0 && seat < len(st.coins) {
		st.coins[seat] += n
	}
}
