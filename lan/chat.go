package lan

import (
	"fmt"
	"slices"

	"github.com/goldvein/goldvein/rules"
)

// ChatLine is one chat message as the host's lobby and game screens show it.
type ChatLine struct {
	Seat   int
	Name   string
	Text   string // the text, or the quick phrase's English text
	Phrase string // the quick phrase ID, "" for free text
}

// ChatLog returns the chat so far (the last 100 lines).
func (h *Host) ChatLog() []ChatLine {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.chat)
}

// Chat sends a chat line from a local seat (the host's own player) to
// everyone: text, or a quick phrase ID of the game (rules.PhrasesOf) when
// phrase is set.
func (h *Host) Chat(seat int, text, phrase string) error {
	if phrase != "" && rules.PhraseText(h.cfg.Game, phrase) == "" {
		return fmt.Errorf("lan: unknown phrase %q", phrase)
	}
	if phrase == "" {
		if err := checkChat(text); err != nil {
			return err
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if seat < 0 || seat >= len(h.seats) {
		return fmt.Errorf("lan: no seat %d", seat)
	}
	h.chatLocked(seat, text, phrase)
	return nil
}

func (h *Host) chatLocked(seat int, text, phrase string) {
	line := ChatLine{Seat: seat, Name: h.seats[seat].name, Text: text, Phrase: phrase}
	if phrase != "" {
		line.Text = rules.PhraseText(h.cfg.Game, phrase)
	}
	h.chat = append(h.chat, line)
	if len(h.chat) > 100 {
		h.chat = slices.Delete(h.chat, 0, len(h.chat)-100)
	}
	m := &Message{T: TChat, Seat: seat, Name: line.Name, Text: text, Phrase: phrase}
	for c := range h.conns {
		if c.seat >= 0 {
			c.out.send(m)
		}
	}
	h.notify()
}
