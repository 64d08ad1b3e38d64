package saboteur

import "fmt"

// The small enumerations below write themselves as words in JSON (views,
// events, records and the LAN protocol) rather than as numbers, so that
// other tools can read them; []Tool and []Role would otherwise be base64.

// MarshalText writes the tool set as Tool.String does ("" for none).
func (t Tool) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads a tool set written by MarshalText.
func (t *Tool) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*t = 0
		return nil
	}
	v, err := ParseTool(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// MarshalText writes "gold-digger", "saboteur" or "unknown".
func (r Role) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a role written by MarshalText.
func (r *Role) UnmarshalText(b []byte) error {
	for _, v := range []Role{NoRole, GoldDigger, Saboteur} {
		if string(b) == v.String() {
			*r = v
			return nil
		}
	}
	return fmt.Errorf("role %q: want gold-digger, saboteur or unknown", b)
}

// MarshalText writes "GOLD", "COAL_NE", "COAL_NW" or "NONE".
func (g GoalCard) MarshalText() ([]byte, error) { return []byte(g.String()), nil }

// UnmarshalText reads a goal card written by MarshalText.
func (g *GoalCard) UnmarshalText(b []byte) error {
	if string(b) == "NONE" {
		*g = NoGoal
		return nil
	}
	v, err := ParseGoalCard(string(b))
	if err != nil {
		return err
	}
	*g = v
	return nil
}

// MarshalText writes "gold-diggers", "saboteurs" or "nobody".
func (t Team) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads a team written by MarshalText.
func (t *Team) UnmarshalText(b []byte) error {
	for _, v := range []Team{NoTeam, Diggers, Saboteurs} {
		if string(b) == v.String() {
			*t = v
			return nil
		}
	}
	return fmt.Errorf("team %q: want gold-diggers, saboteurs or nobody", b)
}

var phaseNames = [...]string{"", "playing", "handing_out", "over"}

// String returns "playing", "handing_out" or "over" ("" for the zero Phase).
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("phase(%d)", uint8(p))
}

// MarshalText writes the phase as Phase.String does.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a phase written by MarshalText.
func (p *Phase) UnmarshalText(b []byte) error {
	for i, n := range phaseNames {
		if string(b) == n {
			*p = Phase(i)
			return nil
		}
	}
	return fmt.Errorf("phase %q: want playing, handing_out or over", b)
}
