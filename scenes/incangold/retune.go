package incangold

import (
	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/scenes"
)

// Retune takes the computer players' wait after a human's choice again
// from Settings (scenes.Retuner, issue 22): a change made in the in-game
// menu's Settings holds from the next choice on.
func (s *igBoardScene) Retune(a *scenes.App) { s.m.retune(a) }

// Retune: as the board's (scenes.Retuner).
func (s *igRoundEndScene) Retune(a *scenes.App) { s.m.retune(a) }

// retune sets the table's undo wait (game.Table.SetUndoWait) from
// scenes.HumanMoveWait, for a table at this screen (a game of its own or
// the tutorial); a LAN table keeps the host's (lan.HostConfig.UndoWait),
// and a guest's computer players are the host's.
func (m *igMatch) retune(a *scenes.App) {
	if t := m.localTable(); t != nil {
		t.SetUndoWait(scenes.HumanMoveWait(a))
	}
}

// localTable is the game.Table of a table at this screen, nil at a LAN
// table.
func (m *igMatch) localTable() *game.Table {
	switch t := m.table.(type) {
	case *igGameTable:
		return t.t
	case *igTutorTable:
		return t.t
	}
	return nil
}

var (
	_ scenes.Retuner = (*igBoardScene)(nil)
	_ scenes.Retuner = (*igRoundEndScene)(nil)
)
