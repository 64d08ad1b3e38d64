package incangold

import (
	"fmt"
	"slices"
	"time"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/incangold"
	igbot "github.com/goldvein/goldvein/rules/incangold/bot"
	"github.com/goldvein/goldvein/scenes"
)

// Incan Gold's match as its screens see it (issue 16, "Playing it"): the
// screens drive a game.Table (igGameTable, table.go) through
// igTable.

// igGame is Incan Gold on the contract, with its computer players
// (rules/incangold/bot).
var igGame rules.Game = igbot.Game()

// igSetup is a new Incan Gold game as its new-game scene makes it.
type igSetup struct {
	Seats   []scenes.SeatSetup `json:"seats"`
	Options incangold.Options  `json:"options"`
	// ShowChance shows the chance that the next card ends the round (a
	// learning aid, off by default; issue 16).
	ShowChance bool   `json:"show_chance"`
	Seed       uint64 `json:"seed"`
}

func (s *igSetup) validate() error {
	if err := s.Options.Validate(len(s.Seats)); err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	for i, st := range s.Seats {
		if !st.Human && !slices.Contains(incangold.Levels, st.Level) {
			return fmt.Errorf("setup: seat %d: level %q: want one of %v", i, st.Level, incangold.Levels)
		}
	}
	return nil
}

// igItem is one event of the public (spectator) stream, with the public
// view after the move that caused it.
//
// An item with rewind set is no event but a move taken back (issue 22,
// Undo): history is then the whole game's public events again, and view
// the public view as it stood before the move; the screen starts afresh
// from them (igBoardScene.rewound).
type igItem struct {
	ev      incangold.Event
	view    *incangold.View
	last    bool
	rewind  bool
	history []igItem
}

// igTable is what the screens need of a running match: views, a human's
// sealed choice, the computer players' turns and the public stream.
type igTable interface {
	// View is what seat may know now (-1: public facts only).
	View(seat int) incangold.View
	// Submit seals seat's choice (I3.4).
	Submit(seat int, c incangold.Choice) error
	// Pump lets the computer players that owe a choice make it, once their
	// delay is over.
	Pump(now time.Time)
	// Take hands out the public stream's new events, in order.
	Take() []igItem
	// Close ends the match's work.
	Close()
}

// igGameID is Incan Gold's --game name.
const igGameID = incangold.ID
