package underground

import (
	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/scenes"
)

// Retune takes the computer players' wait after a human's move again from
// Settings (scenes.Retuner, issue 22): a change made in the in-game menu's
// Settings holds from the next move on.
func (s *ugPlayScene) Retune(a *scenes.App) { s.m.retune(a) }

// retune sets the table's undo wait (game.Table.SetUndoWait) from
// scenes.HumanMoveWait, for a table at this screen (a game of its own or
// the tutorial); a LAN table keeps the host's (lan.HostConfig.UndoWait),
// and a guest's computer players are the host's.
func (m *ugMatch) retune(a *scenes.App) {
	if t, ok := m.table.(*game.Table); ok {
		t.SetUndoWait(scenes.HumanMoveWait(a))
	}
}

var _ scenes.Retuner = (*ugPlayScene)(nil)
