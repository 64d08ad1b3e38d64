package scenes

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/clipboard"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/webdist"
)

// lobbyNet is the lobby's "on the internet" part (docs/LAN.md, Over the
// internet): a toggle that opens the table on a relay too, the relay's
// address (kept in Settings.Relay; no relay is built in), and once the
// room is open the invite's QR code and a button that copies it.
type lobbyNet struct {
	On     bool
	Addr   string         // the relay address field
	Room   *lan.RelayRoom // the table's room, kept while the lobby lives (the invite does not change when the table reopens)
	Toggle Button
	AddrR  Rect
	Copy   Button
	QR     *ebiten.Image
	qrFor  string
	qrSide float64    // the QR code's side, pixels (layout)
	copied chan error // a copy in progress
	Note   string     // the last copy's result
	NoteOK bool
}

// fieldRelay is the lobby's relay address field (LobbyScene.Focus).
const fieldRelay = 2

// maxRelayAddr bounds the relay address field, in characters.
const maxRelayAddr = 200

// invite is the open room's link, "" while the room is not open.
func (n *lobbyNet) invite(s *LobbyScene) string {
	if !n.On || s.Link == nil {
		return ""
	}
	return s.Link.Invite()
}

// layout places the part at the top of the lobby's right column (x, w)
// and returns where the column's next part starts: below it the room for
// the next part's title (titleRoom), as above the toggle.
func (n *lobbyNet) layout(a *App, s *LobbyScene, x, w float64) float64 {
	n.Toggle = Button{R: Rect{x, a.U(96), w, a.U(36)}, Label: a.T("lan.relay.toggle"), Enabled: true, Focus: n.On}
	n.AddrR = Rect{x, a.U(140), w, a.U(34)}
	y := n.AddrR.Y + n.AddrR.H + a.U(10)
	switch {
	case n.invite(s) != "":
		// The copy's result gets the room of the longer of its two texts
		// under the button, so the column does not move when it shows.
		note := max(WrappedHeight(a, a.T("lan.relay.copy_failed"), a.U(12), w), WrappedHeight(a, a.T("lan.relay.copied"), a.U(12), w))
		below := a.U(34) + a.U(6) + note + a.U(6) + titleRoom(a)
		n.qrSide = qrSide(a, y, below)
		y += n.qrSide + a.U(6)
		n.Copy = Button{R: Rect{x, y, w, a.U(34)}, Label: a.T("lan.relay.copy"), Enabled: n.copied == nil}
		return y + below
	case n.On:
		return y + a.U(84) // room for "opening…" or why not, three lines (draw), and the title
	}
	return n.AddrR.Y + n.AddrR.H + titleRoom(a)
}

// qrSide is the side of a QR code whose top is at y in the lobby's right
// column with below pixels under it before the table talk: 180 units, less
// on a short window so that the table talk keeps 170, never under 110.
func qrSide(a *App, y, below float64) float64 {
	room := float64(a.H) - a.U(96) - y - below - a.U(170)
	return math.Round(max(a.U(110), min(a.U(180), room)))
}

// titleRoom is the room a part's title takes above its box in the lobby's
// right column (drawn 11 units above the box's top, 13 high).
func titleRoom(a *App) float64 { return a.U(26) }

// mirror mirrors the part's controls for a right-to-left screen w wide.
func (n *lobbyNet) mirror(w float64) {
	n.Toggle.R, n.AddrR, n.Copy.R = n.Toggle.R.Mirror(w), n.AddrR.Mirror(w), n.Copy.R.Mirror(w)
}

// update handles the part's clicks; true when it took the input.
func (n *lobbyNet) update(a *App, s *LobbyScene) bool {
	if n.copied != nil {
		select {
		case err := <-n.copied:
			n.copied = nil
			n.NoteOK = err == nil
			n.Note = a.T("lan.relay.copied")
			if err != nil {
				n.Note = a.T("lan.relay.copy_failed")
			}
		default:
		}
	}
	switch {
	case n.Toggle.Clicked(a):
		s.Commit(a)
		n.set(a, s, !n.On)
		return true
	case a.Clicked(n.AddrR):
		if n.On {
			s.Err = a.T("lan.relay.addr_locked")
			return true
		}
		s.Commit(a)
		s.Focus = fieldRelay
		return true
	case n.invite(s) != "" && n.Copy.Clicked(a):
		link := n.invite(s)
		ch := make(chan error, 1)
		n.copied, n.Note = ch, ""
		go func() { ch <- clipboard.Write(link) }()
		return true
	}
	return false
}

// set opens the table on the relay too (on) or on the LAN alone; the table
// reopens, so only while no guest sits.
func (n *lobbyNet) set(a *App, s *LobbyScene, on bool) {
	if s.guests() > 0 {
		s.Err = a.T("lan.relay.locked")
		return
	}
	if on {
		base, err := lan.NormalizeRelay(n.Addr)
		if err != nil {
			s.Err = a.T("lan.relay.bad_addr")
			s.Focus = fieldRelay
			return
		}
		if n.Room == nil || n.Room.Relay != base {
			room, err := lan.NewRelayRoom(base)
			if err != nil {
				s.Err = a.T("scene.error", "error", err.Error())
				return
			}
			n.Room = &room
		}
		a.Settings.Relay = strings.TrimSpace(n.Addr)
		a.SaveSettings()
	}
	n.On = on
	s.Err = ""
	players, opts := len(s.Lobby.Seats), s.Lobby.Options
	if players == 0 || s.Lobby.Game != s.g.Game.ID() {
		players, opts = s.g.DefP, s.g.Defaults(s.g.DefP)
	}
	s.open(a, players, opts)
}

// relay is the room the table opens with, nil when off.
func (n *lobbyNet) relay() *lan.RelayRoom {
	if !n.On {
		return nil
	}
	return n.Room
}

// typeInto edits the relay address field.
func (n *lobbyNet) typeInto(a *App, chars []rune) {
	for _, r := range chars {
		if unicode.IsPrint(r) && !unicode.IsSpace(r) && utf8.RuneCountInString(n.Addr) < maxRelayAddr {
			n.Addr += string(r)
		}
	}
	if a.Key(ebiten.KeyBackspace) && n.Addr != "" {
		_, k := utf8.DecodeLastRuneInString(n.Addr)
		n.Addr = n.Addr[:len(n.Addr)-k]
	}
}

// draw draws the toggle, the address field and, once the room is open,
// the invite's QR code, the copy button and its result.
func (n *lobbyNet) draw(a *App, s *LobbyScene, dst *ebiten.Image) {
	x, al := StartOf(a, n.Toggle.R, 0)
	DrawText(a, dst, a.T("lan.relay.title"), a.U(13), x, n.Toggle.R.Y-a.U(11), al, ColTextDim)
	DrawToggle(a, &s.p, dst, &n.Toggle)
	drawField(a, &s.p, dst, n.AddrR, n.Addr, a.T("lan.relay.addr_hint"), s.Focus == fieldRelay, s.ticks)
	link := n.invite(s)
	if link == "" {
		if n.On && s.Link != nil {
			msg, col := a.T("lan.relay.opening"), ColTextDim
			if err := s.Link.Host.RelayError(); err != nil {
				// The cause alone ("connection refused"): the column is narrow.
				why := err.Error()
				if i := strings.LastIndex(why, ": "); i >= 0 {
					why = why[i+2:]
				}
				msg, col = a.T("lan.relay.failed", "error", why), ColBad
			}
			DrawWrapped(a, dst, msg, a.U(12), n.AddrR.Cx(), n.AddrR.Y+n.AddrR.H+a.U(14), n.AddrR.W, AlignCenter, col)
		}
		return
	}
	size := int(n.qrSide)
	if n.QR == nil || n.qrFor != link || n.QR.Bounds().Dx() != size {
		if n.QR != nil {
			n.QR.Deallocate()
			n.QR = nil
		}
		if img, err := webdist.QRCode(link, size); err == nil {
			n.QR, n.qrFor = ebiten.NewImageFromImage(img), link
		}
	}
	if n.QR != nil {
		a.FlushText()
		q := float64(n.QR.Bounds().Dx())
		s.p.Image(dst, n.QR, math.Round(n.AddrR.Cx()-q/2), n.AddrR.Y+n.AddrR.H+a.U(10), 1, 1, 1)
	}
	DrawButton(a, &s.p, dst, &n.Copy)
	if n.Note != "" {
		col := ColTextDim
		if !n.NoteOK {
			col = ColBad
		}
		DrawWrapped(a, dst, n.Note, a.U(12), n.Copy.R.Cx(), n.Copy.R.Y+n.Copy.R.H+a.U(6), n.Copy.R.W, AlignCenter, col)
	}
}

// Close frees the QR code's image.
func (n *lobbyNet) Close() {
	if n.QR != nil {
		n.QR.Deallocate()
		n.QR = nil
	}
}
