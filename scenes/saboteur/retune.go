package saboteur

import "github.com/goldvein/goldvein/scenes"

// Retune takes the computer players' wait after a human's move again from
// Settings (scenes.Retuner, issue 22): a change made in the in-game menu's
// Settings holds from the next move on.
func (s *boardScene) Retune(a *scenes.App) { s.m.retune(a) }

// Retune: as the board's (scenes.Retuner).
func (s *roundEndScene) Retune(a *scenes.App) { s.m.retune(a) }

// retune sets the table's undo wait (game.Table.SetUndoWait) from
// scenes.HumanMoveWait; a LAN table keeps the host's (lan.HostConfig).
func (m *match) retune(a *scenes.App) {
	if t, ok := m.Table.(localTable); ok && m.lan == nil {
		t.SetUndoWait(scenes.HumanMoveWait(a))
	}
}

var (
	_ scenes.Retuner = (*boardScene)(nil)
	_ scenes.Retuner = (*roundEndScene)(nil)
)
