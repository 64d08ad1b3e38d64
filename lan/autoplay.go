package lan

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/goldvein/goldvein/rules"
)

// Autoplay plays the client's seat with computer players made by newBot
// until the game ends (the headless `goldvein join`), for any game: every
// event goes to the bot, and when an update has the seat owing a move at a
// step it has not answered (Message.Owes, Step: several seats may owe at
// once, as Incan Gold's explorers do) the bot's move is sent. After a
// reconnection the host resends the whole game, so a fresh bot is made. A
// move the host refuses is replaced by the first legal move when the game
// lists them from a view (rules.LegalLister); otherwise the host's turn
// timer makes it. onMessage, when not nil, sees every message first (chat,
// lobby). It returns the final view, or an error when the client ended
// before the game did. A view or event from the host that makes the bot
// panic (a hostile host's view that passed the game's checks: a game
// without rules.ViewChecker has only its strict decoder) ends the game
// for this guest with an error naming it, instead of crashing the
// process.
func Autoplay(ctx context.Context, c *Client, newBot func(seat int) (rules.Bot, error), onMessage func(Message)) (rules.View, error) {
	var bot rules.Bot
	var last rules.View
	owes, over := false, false
	answered := -1 // the step we have answered
	var sent rules.Move
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
			if over {
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
			bot, answered = nil, -1
		case TError:
			// Our move was refused (a rules error, or a race with a
			// reconnection): fall back to a legal move of the newest view.
			switch {
			case m.Code == CodeRule && owes:
				if ll, ok := c.Game().(rules.LegalLister); ok {
					if legal := ll.LegalMoves(last); len(legal) > 0 {
						c.Move(legal[0])
					}
				}
			case m.Code == CodeRate && owes && sent != nil:
				// Dropped for speed: wait a moment and send it again.
				select {
				case <-time.After(200 * time.Millisecond):
				case <-ctx.Done():
				}
				c.Move(sent)
			}
		case TUpdate:
			if bot == nil {
				b, err := newBot(c.Seat())
				if err != nil {
					c.Close()
					return last, err
				}
				bot = b
			}
			last, owes, over = m.GameView, m.Owes, m.Over
			var err error
			for _, e := range m.GameEvents {
				if err = guard(func() { bot.Observe(e) }); err != nil {
					break
				}
			}
			if err == nil && over {
				c.Close()
				return last, nil
			}
			if err == nil && owes && m.Step != answered {
				answered = m.Step
				err = guard(func() { sent = bot.Choose(last) })
				if err == nil {
					c.Move(sent)
				}
			}
			if err != nil {
				c.Close()
				return last, fmt.Errorf("lan: the computer player could not read the host's update (step %d): %v", m.Step, err)
			}
		}
	}
}

// guard runs f and returns its panic as an error.
func guard(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	f()
	return nil
}
