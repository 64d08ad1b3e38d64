package lan

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"time"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
)

// NewBrain returns a computer player of level (bot.ParseLevel; an unknown
// level plays as normal) for seat at a table of players, with a random
// seed of its own. It is the default HostConfig.NewBrain.
func NewBrain(level string, seat, players int) saboteur.Brain {
	l, err := bot.ParseLevel(level)
	if err != nil {
		l = bot.Normal
	}
	var b [8]byte
	rand.Read(b[:])
	return bot.New(l, seat, players, binary.LittleEndian.Uint64(b[:]))
}

// Autoplay plays the client's seat with computer players made by newBrain
// until the game ends (the headless `goldvein join`): every event goes to
// the brain, and when an update puts the seat on turn the brain's move is
// sent. After a reconnection the host resends the whole game, so a fresh
// brain is made. A move the host refuses is replaced by the first legal
// move. onMessage, when not nil, sees every message first (chat, lobby).
// It returns the final view, or an error when the client ended before the
// game did.
func Autoplay(ctx context.Context, c *Client, newBrain func(seat, players int) saboteur.Brain, onMessage func(Message)) (saboteur.View, error) {
	var brain saboteur.Brain
	var last saboteur.View
	moved := -1 // the view.Moves we have answered
	var sent saboteur.Move
	for {
		var m Message
		var ok bool
		select {
		case m, ok = <-c.Messages():
		case <-ctx.Done():
			c.Close()
			return last, ctx.Err()
		}
		if !ok {
			if last.Phase == saboteur.Over {
				return last, nil
			}
			if err := c.Err(); err != nil {
				return last, err
			}
			return last, errors.New("lan: the connection ended before the game")
		}
		if onMessage != nil {
			onMessage(m)
		}
		switch m.T {
		case TBack:
			brain, moved = nil, -1
		case TError:
			// Our move was refused (a rules error, or a race with a
			// reconnection): fall back to a legal move of the newest view.
			switch {
			case m.Code == CodeRule && last.MyTurn():
				if legal := last.LegalMoves(); len(legal) > 0 {
					c.Move(legal[0])
				}
			case m.Code == CodeRate && last.MyTurn():
				// Dropped for speed: wait a moment and send it again.
				select {
				case <-time.After(200 * time.Millisecond):
				case <-ctx.Done():
				}
				c.Move(sent)
			}
		case TUpdate:
			v := *m.View
			if brain == nil {
				brain = newBrain(v.Seat, v.Options.Players)
			}
			for _, e := range m.Events {
				brain.Observe(saboteur.Event(e))
			}
			last = v
			if v.Phase == saboteur.Over {
				c.Close()
				return v, nil
			}
			if v.MyTurn() && v.Moves != moved {
				moved = v.Moves
				sent = brain.Choose(v)
				c.Move(sent)
			}
		}
	}
}
