package saboteur

import (
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// The game's log keeps what happened, not text: public events (as a
// spectator may know them), so a line reads in the app's language and
// from the viewer's side ("you", "your") whenever it is drawn, and can
// carry its card's picture and its cell. RoundStarted events are the
// round separators. The log holds the whole game: on Continue it is
// rebuilt from the record.

// logEntry is one entry of the log: a public event, or a line already
// written (a LAN host's notice, in the reader's language).
type logEntry struct {
	ev     saboteur.Event
	notice string
}

// loggable reports whether events of type t have a line in the log.
func loggable(t saboteur.EventType) bool {
	switch t {
	case saboteur.RoundStarted, saboteur.Placed, saboteur.GoalRevealed, saboteur.ToolBroken,
		saboteur.ToolRepaired, saboteur.RockFell, saboteur.MapPlayed, saboteur.Discarded,
		saboteur.Passed, saboteur.RoundEnded:
		return true
	}
	return false
}

// note adds e to the log when it has a line there.
func (m *match) note(e saboteur.Event) {
	if !loggable(e.Type) {
		return
	}
	if e.Type == saboteur.RoundStarted && len(m.log) > 0 {
		if l := m.log[len(m.log)-1].ev; l.Type == saboteur.RoundStarted && l.Round == e.Round {
			return // the separator is there already (a continued game)
		}
	}
	m.log = append(m.log, logEntry{ev: e.Redact(-1)})
}

// clearLog empties the log before it is written afresh.
func (m *match) clearLog() {
	m.log = m.log[:0]
	m.logGen++
}

// noteLine adds a written line to the log (a LAN notice).
func (m *match) noteLine(line string) { m.log = append(m.log, logEntry{notice: line}) }

// rebuildLog fills the log from the record's first moves moves (Continue,
// or a game whose first moves the screen never watched). Without a record
// (a LAN guest) the log starts at the round on screen.
func (m *match) rebuildLog(moves, round int) {
	m.clearLog()
	var rec *saboteur.Record
	if r := m.Table.Record(); r != nil {
		rec, _ = saboteur.FromRecord(r)
	}
	if rec != nil && moves <= len(rec.Moves) {
		g, evs, err := saboteur.New(rec.Options, rec.Seed)
		for _, mv := range rec.Moves[:moves] {
			if err != nil {
				break
			}
			for _, e := range evs {
				m.note(e)
			}
			evs, err = g.Apply(mv)
		}
		if err == nil {
			for _, e := range evs {
				m.note(e)
			}
			return
		}
		m.clearLog()
	}
	m.note(saboteur.Event{Type: saboteur.RoundStarted, Round: max(round, 1)})
}

// viewer is the seat the log and the panels call "you": the one local
// human at a table of one human (or a LAN seat); -1 at a hotseat table,
// where "you" would be nobody in particular, and in --autoplay.
func (m *match) viewer() int {
	if len(m.humans) == 1 && !m.autoplay {
		return m.humans[0]
	}
	return -1
}

// localize writes the names the game gave by itself ("You", "Bot 3") in
// the app's language (localnames.go); names people chose stay.
func (m *match) localize(a *scenes.App) {
	for i, n := range m.names {
		m.names[i] = scenes.LocalName(a, n)
	}
}

// logText is the log's line for e, from the viewer's side: a message per
// case (the viewer moved, was the target, or both), never a name pasted
// into "your".
func logText(a *scenes.App, m *match, l logEntry) string {
	if l.notice != "" {
		return l.notice
	}
	e := l.ev
	me := m.viewer()
	who := func(key string) string {
		if e.Seat == me && me >= 0 {
			return a.T(key+".me", "card", cardName(a, e.Card), "goal", goalName(a, e.Goal))
		}
		return a.T(key, "name", m.name(e.Seat), "card", cardName(a, e.Card), "goal", goalName(a, e.Goal))
	}
	tools := func(key string) string {
		tool := toolName(a, e.Tool)
		switch {
		case e.Seat == e.Target && e.Seat == me && me >= 0:
			return a.T(key+".self_me", "tool", tool)
		case e.Seat == e.Target:
			return a.T(key+".self", "name", m.name(e.Seat), "tool", tool)
		case e.Seat == me && me >= 0:
			return a.T(key+".me", "target", m.name(e.Target), "tool", tool)
		case e.Target == me && me >= 0:
			return a.T(key+".to_me", "name", m.name(e.Seat), "tool", tool)
		}
		return a.T(key, "name", m.name(e.Seat), "target", m.name(e.Target), "tool", tool)
	}
	switch e.Type {
	case saboteur.RoundStarted:
		return a.T("round.number", "n", e.Round, "total", saboteur.Rounds)
	case saboteur.Placed:
		return who("scene.log.placed")
	case saboteur.GoalRevealed:
		if e.Card.Goal == saboteur.Gold {
			return who("scene.log.gold_found")
		}
		return who("scene.log.coal_found")
	case saboteur.ToolBroken:
		return tools("scene.log.broke")
	case saboteur.ToolRepaired:
		return tools("scene.log.repaired")
	case saboteur.RockFell:
		return who("scene.log.rockfall")
	case saboteur.MapPlayed:
		return who("scene.log.map")
	case saboteur.Discarded:
		return who("scene.log.discarded")
	case saboteur.Passed:
		return who("scene.log.passed")
	case saboteur.RoundEnded:
		switch e.Winner {
		case saboteur.Diggers:
			return a.T("team.win.gold_diggers")
		case saboteur.Saboteurs:
			return a.T("team.win.saboteurs")
		}
		return a.T("team.win.nobody")
	}
	return ""
}

// logCard is the card whose small picture leads e's line, if any.
func logCard(e saboteur.Event) (saboteur.Card, bool) {
	switch e.Type {
	case saboteur.Placed, saboteur.RockFell, saboteur.ToolRepaired:
		return e.Card, true
	case saboteur.GoalRevealed:
		return e.Card, true
	case saboteur.ToolBroken:
		return saboteur.Card{Kind: saboteur.Broken, Tools: e.Tool}, true
	case saboteur.MapPlayed:
		return saboteur.Card{Kind: saboteur.Map}, true
	}
	return saboteur.Card{}, false
}

// logCell is the maze cell e happened at, if any: a click on its line
// flashes it.
func logCell(e saboteur.Event) (saboteur.Cell, bool) {
	switch e.Type {
	case saboteur.Placed, saboteur.RockFell, saboteur.GoalRevealed:
		return e.At, true
	case saboteur.MapPlayed:
		if e.Goal >= 0 && e.Goal < len(saboteur.GoalCells) {
			return saboteur.GoalCells[e.Goal], true
		}
	}
	return saboteur.Cell{}, false
}
