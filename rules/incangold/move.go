package incangold

import (
	"fmt"
)

// Move is one explorer's sealed choice of a choice step (I3.3, I3.4): the
// only decision of the game. JSON: {"choose": "torch"} or
// {"choose": "camp"}.
type Move struct {
	Choice Choice `json:"choose"`
}

// String returns "torch" or "camp".
func (m Move) String() string { return m.Choice.String() }

// DecodeMove reads one move strictly: {"choose": "torch"|"camp"} and
// nothing else; errors name the field.
func DecodeMove(data []byte) (Move, error) {
	var j struct {
		Choose *string `json:"choose"`
	}
	if err := strictDecode(data, &j); err != nil {
		return Move{}, fmt.Errorf("move: %w", err)
	}
	if j.Choose == nil {
		return Move{}, fmt.Errorf("move: choose: missing")
	}
	c, err := ParseChoice(*j.Choose)
	if err != nil {
		return Move{}, fmt.Errorf("move: choose: %w", err)
	}
	return Move{Choice: c}, nil
}
