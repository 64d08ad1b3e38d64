package scenes

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
)

// The history's and the replay viewer's test support: finished games
// played headless by computer players, as the table plays them, to put in
// a history file. Like the harness it lives outside the _test files so
// that every game's screens package tests with it.

// maxPlayedMoves bounds PlayFinished: no game of the box needs more.
const maxPlayedMoves = 20000

// PlayFinished plays a whole game of g with opts and seed at a table of
// seats (their names and kinds are kept in the record; every seat is
// played by a computer player of its Level, or g's weakest level for a
// seat without one), feeding each player its seat's redacted events and
// views as the table does. It returns the finished game as the history
// keeps it, ended at ended.
func PlayFinished(g rules.Game, seats []rules.RecordSeat, opts json.RawMessage, seed uint64, ended time.Time) (game.Finished, error) {
	m, err := g.New(len(seats), opts, seed)
	if err != nil {
		return game.Finished{}, err
	}
	bots := make([]rules.Bot, len(seats))
	for s := range bots {
		level := seats[s].Level
		if level == "" {
			level = g.Levels()[0]
		}
		if bots[s], err = g.NewBot(level, s, seed+uint64(s)); err != nil {
			return game.Finished{}, err
		}
	}
	observe := func(evs []rules.Event) {
		for s, b := range bots {
			for _, e := range evs {
				if r, ok := e.For(s); ok {
					b.Observe(r)
				}
			}
		}
	}
	observe(rules.OpeningOf(m))
	rec := rules.NewRecord(g.ID(), opts, seed, seats)
	for n := 0; !m.Over(); n++ {
		owing := m.ToMove()
		if n >= maxPlayedMoves || len(owing) == 0 {
			return game.Finished{}, errors.New("the game does not end")
		}
		seat := owing[0]
		mv := bots[seat].Choose(m.View(seat))
		evs, err := m.Apply(seat, mv)
		if err != nil {
			return game.Finished{}, fmt.Errorf("move %d of seat %d: %w", n, seat, err)
		}
		if err := rec.Add(seat, mv); err != nil {
			return game.Finished{}, err
		}
		observe(evs)
	}
	return game.Finished{Ended: ended.UTC(), Scores: m.Scores(), Record: rec}, nil
}
