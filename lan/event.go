package lan

import "github.com/goldvein/goldvein/rules/saboteur"

// Event is a saboteur.Event on the wire, in the game's own JSON
// (saboteur.Event.MarshalJSON). The host only ever sends events already
// redacted for the receiving seat (saboteur.Event.Redact).
type Event saboteur.Event

// MarshalJSON writes the event as saboteur.Event.MarshalJSON does.
func (e Event) MarshalJSON() ([]byte, error) { return saboteur.Event(e).MarshalJSON() }

// UnmarshalJSON reads an event as saboteur.Event.UnmarshalJSON does
// (strictly).
func (e *Event) UnmarshalJSON(b []byte) error {
	var x saboteur.Event
	if err := x.UnmarshalJSON(b); err != nil {
		return err
	}
	*e = Event(x)
	return nil
}

// roleName is a role as the event JSON writes it: "" for NoRole (appendEvent).
func roleName(r saboteur.Role) string {
	if r == saboteur.NoRole {
		return ""
	}
	return r.String()
}
