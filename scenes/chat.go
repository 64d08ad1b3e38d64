package scenes

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/sprites/fonts"
)

// chatBox is the table talk of a LAN game (issue 5): the last lines, a text
// field (click it, or press T on the board, type, Enter sends, Escape
// leaves it) and the quick phrases ("I am a gold-digger!", "The gold is at
// the bottom."), one click each. The lobby, the guest's waiting room and
// the board show it.
type chatBox struct {
	R       Rect // the whole box
	lines   Rect // where the lines show
	Field   Rect
	Quick   Button         // opens the quick phrases
	Phrases []Button       // shown above the box while open
	ids     []rules.Phrase // the game's quick phrases (LanLink.phrases)
	none    bool           // the game has no quick phrases (rules.Phraser), as Update found
	open    bool
	typing  bool
	text    string
	chars   []rune
	note    string // the last refusal (a chat line too long, a move the host refused)
	noteT   int
	// key opens the text field on a board (Update's hotkey) when keySet,
	// else T; hint is the catalogue key of the field's hint, which names
	// that key ("" is lan.chat.hint's T). See SetKey.
	key    ebiten.Key
	keySet bool
	hint   string
}

// SetKey makes k the key that opens the text field on a board (Update's
// hotkey; T unless set) and hint the catalogue key of the field's hint,
// which names k: a game whose board uses T (Incan Gold's torch, I3.3)
// picks another.
func (c *chatBox) SetKey(k ebiten.Key, hint string) {
	c.key, c.keySet, c.hint = k, true, hint
}

// Typing reports whether the text field has the keyboard.
func (c *chatBox) Typing() bool { return c.typing }

// ChatH is the height of the board's chat box in layout units.
const ChatH = 176

// Layout places the box in r; the quick phrases open upwards from its top
// (or downwards when up is false).
func (c *chatBox) Layout(a *App, r Rect, up bool) {
	c.R = r
	pad := a.U(6)
	fh := a.U(32)
	qw := a.U(44)
	c.Field = Rect{r.X + pad, r.Y + r.H - pad - fh, r.W - 3*pad - qw, fh}
	c.Quick = Button{R: Rect{r.X + r.W - pad - qw, c.Field.Y, qw, fh}, Label: "…", Enabled: true, Focus: c.open}
	if c.none {
		// A game without quick phrases (rules.Phraser): no "…", the
		// field takes the width.
		c.Field.W, c.Quick = r.W-2*pad, Button{}
	}
	c.lines = Rect{r.X + pad, r.Y + pad, r.W - 2*pad, c.Field.Y - r.Y - 2*pad}
	if a.RTL() {
		c.Field.X = r.X + r.W - pad - c.Field.W
		c.Quick.R.X = r.X + pad
	}
	c.Phrases = c.Phrases[:0]
	bh := a.U(30)
	for i, p := range c.ids {
		y := r.Y - float64(len(c.ids)-i)*bh - a.U(4)
		if !up {
			y = r.Y + r.H + float64(i)*bh + a.U(4)
		}
		c.Phrases = append(c.Phrases, Button{R: Rect{r.X, y, r.W, bh - a.U(2)}, Label: a.T("lan.phrase." + p.ID), Enabled: true})
	}
}

// Update handles the box's input; it reports whether the keyboard belongs
// to the box this tick (the scene then ignores the keys).
func (c *chatBox) Update(a *App, l *LanLink, hotkey bool) bool {
	c.ids, c.none = l.phrases, len(l.phrases) == 0
	if c.noteT > 0 {
		c.noteT--
	}
	if r := l.takeRefused(); r != "" {
		c.say(a, r)
	}
	if !c.none && c.Quick.Clicked(a) {
		c.open = !c.open
		return true
	}
	if c.open {
		for i := range c.Phrases {
			if c.Phrases[i].Clicked(a) {
				c.open = false
				if err := l.say("", c.ids[i].ID); err != nil {
					c.say(a, a.T("scene.error", "error", err.Error()))
				}
				return true
			}
		}
		if a.Key(ebiten.KeyEscape) || a.Ptr.Released && !a.Ptr.consumedRelease {
			c.open = false
			return true
		}
	}
	if a.Clicked(c.Field) {
		c.typing = true
		return true
	}
	if !c.typing {
		open := ebiten.KeyT
		if c.keySet {
			open = c.key
		}
		if hotkey && a.Key(open) {
			c.typing = true
			return true
		}
		return false
	}
	if a.Ptr.Released && !a.Ptr.consumedRelease && !c.R.In(a.Ptr.X, a.Ptr.Y) {
		c.typing = false
		return false
	}
	if a.Key(ebiten.KeyEscape) {
		c.typing = false
		return true
	}
	if a.Key(ebiten.KeyEnter) || a.Key(ebiten.KeyKPEnter) {
		if t := strings.TrimSpace(c.text); t != "" {
			if err := l.say(t, ""); err != nil {
				c.say(a, a.T("scene.error", "error", err.Error()))
			} else {
				c.text = ""
			}
		}
		return true
	}
	c.chars = a.In.AppendChars(c.chars[:0])
	for _, r := range c.chars {
		if unicode.IsPrint(r) && utf8.RuneCountInString(c.text) < lan.MaxChat {
			c.text += string(r)
		}
	}
	if a.Key(ebiten.KeyBackspace) && c.text != "" {
		_, n := utf8.DecodeLastRuneInString(c.text)
		c.text = c.text[:len(c.text)-n]
	}
	return true
}

// say shows a short note in the box (an error, a refused move).
func (c *chatBox) say(a *App, s string) {
	c.note, c.noteT = s, 360
}

// LineText is a chat line as shown: a quick phrase in the reader's
// language, free text as typed.
func LineText(a *App, e ChatEntry) string {
	if e.Phrase != "" && a.Cat.Has("lan.phrase."+e.Phrase) {
		return a.T("lan.phrase." + e.Phrase)
	}
	return e.Text
}

// Fit cuts s to at most w pixels at size px, ending it with an ellipsis.
func Fit(a *App, s string, size, w float64) string {
	if a.Text.Line(s, size, a.RTL()).W <= w {
		return s
	}
	rs := []rune(s)
	for len(rs) > 1 {
		rs = rs[:len(rs)-1]
		t := string(rs) + "…"
		if a.Text.Line(t, size, a.RTL()).W <= w {
			return t
		}
	}
	return s
}

// Draw draws the box with the newest lines at the bottom.
func (c *chatBox) Draw(a *App, p *Painter, dst *ebiten.Image, l *LanLink, tick int) {
	_, lines, _ := l.Snapshot()
	p.Round(dst, c.R, a.U(8), ColPanel, a.U(1), ColEdge)
	size := a.U(14)
	lh := LineBox(size) + a.U(4)
	y := c.lines.Y + c.lines.H - lh/2
	if c.noteT > 0 && c.note != "" {
		x, al := StartOf(a, c.lines, 0)
		DrawText(a, dst, Fit(a, c.note, size, c.lines.W), size, x, y, al, ColBad)
		y -= lh
	}
	if len(lines) == 0 && c.noteT == 0 {
		empty := a.T("lan.chat.empty")
		if c.none {
			empty = a.T("lan.chat.empty_typed") // no quick phrases to pick
		}
		DrawWrapped(a, dst, empty, a.U(13), c.lines.X, c.lines.Y, c.lines.W, AlignStart, ColTextDim)
	}
	top := c.lines.Y - a.U(2)
	for i := len(lines) - 1; i >= 0 && y-lh/2 >= top; i-- {
		e := lines[i]
		// A name the game gave by itself reads in this screen's language
		// (a Persian guest's "بازیکن ۲" is "Player 2" here), as on the panels.
		name := SeatName(a, e.Name) + ":"
		nw := a.Text.Line(name, size, a.RTL()).W
		col := ColGold
		if e.Seat == l.Seat {
			col = ColLegal
		}
		// The text wraps under itself, beside the speaker's name; the
		// newest lines are at the bottom, so the entry is drawn upwards.
		indent := nw + a.U(6)
		text := LineText(a, e)
		// A quick phrase is in the UI's language; what a player typed reads
		// in the direction of its own first letter (issue 7: "سلام! Hi"
		// stays a right-to-left line in an English UI).
		dir := a.RTL()
		if e.Phrase == "" {
			dir = i18n.FirstStrongRTL(text, dir)
		}
		body := fonts.Wrap(text, size, c.lines.W-indent, dir)
		if full := fonts.Wrap(text, size, c.lines.W, dir); len(full)+1 < len(body) {
			// Beside a long name the text would break inside its words:
			// it goes under the name, full width.
			indent, body = 0, append([]string{""}, full...)
		}
		if len(body) == 0 {
			body = []string{""}
		}
		for k := len(body) - 1; k >= 0 && y-lh/2 >= top; k-- {
			if a.RTL() {
				right := c.lines.X + c.lines.W
				DrawTextDir(a, dst, body[k], size, right-indent, y, AlignEnd, ColText, dir)
				if k == 0 {
					DrawText(a, dst, name, size, right, y, AlignEnd, col)
				}
			} else {
				DrawTextDir(a, dst, body[k], size, c.lines.X+indent, y, AlignStart, ColText, dir)
				if k == 0 {
					DrawText(a, dst, name, size, c.lines.X, y, AlignStart, col)
				}
			}
			y -= lh
		}
	}
	edge := ColEdge
	if c.typing {
		edge = ColGold
	}
	p.Round(dst, c.Field, a.U(6), ColTextDark, a.U(2), edge)
	fx, fal := StartOf(a, c.Field, a.U(8))
	switch {
	case c.text != "" || c.typing:
		t := c.text
		if c.typing && (tick/30)%2 == 0 {
			t += "|"
		}
		// Show the end of a long line, where the typing is.
		rs := []rune(t)
		for len(rs) > 1 && a.Text.Line(string(rs), a.U(15), a.RTL()).W > c.Field.W-a.U(16) {
			rs = rs[1:]
		}
		DrawText(a, dst, string(rs), a.U(15), fx, c.Field.Cy(), fal, ColText)
	default:
		hint := a.T("lan.chat.hint")
		if c.hint != "" {
			hint = a.T(c.hint)
		}
		DrawText(a, dst, Fit(a, hint, a.U(13), c.Field.W-a.U(16)), a.U(13), fx, c.Field.Cy(), fal, ColTextDim)
	}
	if !c.none {
		DrawButton(a, p, dst, &c.Quick)
	}
	if c.open {
		a.FlushText()
		for i := range c.Phrases {
			b := &c.Phrases[i]
			p.Round(dst, b.R, a.U(6), ColPanelHi, a.U(1), ColEdge)
			if a.Hover(b.R) {
				p.Round(dst, b.R, a.U(6), ColButtonHi, a.U(1), ColGold)
			}
			x, al := StartOf(a, b.R, a.U(10))
			DrawText(a, dst, Fit(a, b.Label, a.U(14), b.R.W-a.U(20)), a.U(14), x, b.R.Cy(), al, ColText)
		}
	}
}

// NoticeText is a host's notice (lan/PROTOCOL.md, Notices) as the board's
// log shows it: its code's catalogue text (lan.notice.CODE, the "_you" form
// when it is about this screen's seat me); a code this version does not
// know gives a generic line, never the host's English text. The seat's
// name is the notice's (seatName), else names[seat], else "Player N".
func NoticeText(a *App, n lan.Notice, me int, names []string) string {
	name := SeatName(a, n.Name)
	if name == "" && n.Seat >= 0 && n.Seat < len(names) {
		name = names[n.Seat]
	}
	switch {
	case name != "":
	case n.Seat >= 0 && n.Seat < 100:
		name = PlayerName(a, n.Seat+1)
	default:
		name = a.T("player")
	}
	switch n.Code {
	case lan.NoticeTurnTimeout:
		if n.Seat == me {
			return a.T("lan.notice.turn_timeout_you")
		}
		return a.T("lan.notice.turn_timeout", "name", name)
	case lan.NoticeUndo:
		return UndoNotice(a, name, n.Seat == me)
	}
	return a.T("lan.notice.unknown", "name", name)
}

// ToastTicks is how long a host's notice stays over the maze: 6 s at
// Ebitengine's 60 ticks per second (the line stays in the log).
const ToastTicks = 6 * 60
