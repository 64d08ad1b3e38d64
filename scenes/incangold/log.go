package incangold

import (
	"image/color"
	"strings"

	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// The game's log (issue 26 item 6; docs/INCAN_GOLD.md "The log"): the
// shell's scenes.Log, one line per public thing the table has shown, from
// the first round to the end: each round's opening apart, the cards as
// they turn (a treasure's share, a hazard, an artifact), every reveal's
// choices, what each leaver brought home and the artifacts taken alone, a
// collapse with what each explorer lost and the hazard removed, what a
// round left in the temple, and the winners. It is built from the public
// events only (as igState is), so it never tells more than a spectator
// knows, and a continued or undone game rebuilds it whole from the record
// (igMatch.apply). The screen's own player (one person at the screen, or a
// LAN seat) reads "you"; at a shared screen every seat goes by name.

// apply shows one public event: the screen's table moves on (igState) and
// the log says it. tick is now (igLongAgo for a rebuilt past).
func (m *igMatch) apply(a *scenes.App, e incangold.Event, tick int) {
	m.st.apply(e, tick)
	m.note(a, e)
}

// rebuild starts the screen's table and log afresh from the whole stream
// items (Continue, Undo: the record replayed).
func (m *igMatch) rebuild(a *scenes.App, items []igItem) {
	m.feed = nil
	m.st = newIGState(len(m.names), m.setup.Options)
	m.log.Reset()
	for _, it := range items {
		m.apply(a, it.ev, igLongAgo)
	}
}

// me is the seat the log calls "you": the one person at this screen (a
// LAN table's own seat included); -1 at a shared screen or when only
// computer players play.
func (m *igMatch) me() int {
	if len(m.humans) == 1 && !m.autoplay {
		return m.humans[0]
	}
	return -1
}

// personal is the log's text for seat: key with the seat's name, or key.you
// for the screen's own player.
func (m *igMatch) personal(a *scenes.App, key string, seat int, args ...any) string {
	if seat == m.me() && seat >= 0 {
		return a.T(key+".you", args...)
	}
	return a.T(key, append([]any{"name", m.name(seat)}, args...)...)
}

// line adds one line in seat's colour (-1: the table's). A seat's line
// takes its colour at every draw (Log.SeatColor: igSeatColor), so the
// log follows the seats' colours wherever they change.
func (m *igMatch) line(text string, seat int) {
	l := scenes.LogLine{Text: text, Color: scenes.ColText, Seat: seat, Ref: -1}
	if seat >= 0 {
		l.Color = color.RGBA{}
	}
	m.log.Add(l)
}

// igSeatColor is seat's colour (its walker, its panel, its log lines).
func igSeatColor(_ *scenes.App, seat int) color.RGBA {
	return igSeatColors[max(seat, 0)%len(igSeatColors)]
}

// note says event e in the log.
func (m *igMatch) note(a *scenes.App, e incangold.Event) {
	hazard := func(c incangold.Card) string { return a.T("ig.hazard." + c.Kind().String()) }
	switch e.Type {
	case incangold.RoundStarted: // I3.1, I3.2
		m.log.Add(scenes.LogLine{Text: m.personal(a, "ig.log.round", e.Seat, "n", e.Round, "total", incangold.Rounds),
			Color: scenes.ColGold, Ref: -1})
	case incangold.Flipped: // I5, I6.1, I7.1
		switch c := e.Card; {
		case c.IsTreasure():
			m.line(a.T("ig.log.treasure", "value", c.Value(), "each", e.Each, "pool", e.Pool), -1)
		case c.IsHazard():
			m.line(a.T("ig.log.hazard", "hazard", hazard(c)), -1)
		case c.IsArtifact():
			m.line(a.T("ig.log.artifact", "temple", c.Temple()), -1)
		}
	case incangold.Bust: // I7.2, I7.3
		m.line(a.T("ig.log.bust", "hazard", hazard(e.Card)), -1)
		for seat, n := range e.Lost {
			if n > 0 {
				m.line(m.personal(a, "ig.log.lost", seat, "n", n), seat)
			}
		}
	case incangold.Revealed: // I3.4
		for seat, c := range e.Choices {
			switch c {
			case incangold.Torch:
				m.line(m.personal(a, "ig.log.torch", seat), seat)
			case incangold.Camp:
				m.line(m.personal(a, "ig.log.camp", seat), seat)
			}
		}
	case incangold.Left: // I4.2, I4.3, I6.2, I6.3
		m.line(m.personal(a, "ig.log.home", e.Seat, "n", e.Banked, "carried", e.Carried, "share", e.Share), e.Seat)
		if len(e.Worths) > 0 {
			m.line(m.personal(a, "ig.log.claimed", e.Seat, "list", igWorths(a, e.Worths)), e.Seat)
		}
	case incangold.RoundEnded: // I8.1, I8.2
		m.line(a.T("ig.log.round_end", "n", e.Round, "pool", e.Pool), -1)
		if len(e.Cards) > 0 {
			m.line(a.T("ig.log.arts_lost", "n", len(e.Cards)), -1)
		}
	case incangold.GameEnded: // I9
		var names []string
		best := 0
		for _, w := range e.Winners {
			names = append(names, m.name(w))
			if w < len(e.Scores) {
				best = e.Scores[w]
			}
		}
		m.log.Add(scenes.LogLine{Text: a.T("ig.log.over", "names", strings.Join(names, ", "), "score", best),
			Color: scenes.ColGold, Ref: -1})
	}
}

// igWorths is a list of artifacts' worths ("5, 7").
func igWorths(a *scenes.App, worths []int) string {
	var s []string
	for _, w := range worths {
		s = append(s, a.T("ig.log.worth", "n", w))
	}
	return strings.Join(s, ", ")
}
