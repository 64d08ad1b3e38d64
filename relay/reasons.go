package relay

import "github.com/coder/websocket"

// Close reasons: the text of every WebSocket close the relay makes (the
// close code beside it is reasonCode's). Clients compare them as they are.
const (
	// ReasonRoomTaken: a host claimed a room whose host link is alive.
	ReasonRoomTaken = "room taken"
	// ReasonNoSuchRoom: a guest asked for a room no host claimed in time,
	// or a name that is no room name.
	ReasonNoSuchRoom = "no such room"
	// ReasonTooManyRooms: the host's address holds Config.RoomsPerAddr rooms.
	ReasonTooManyRooms = "too many rooms from your address"
	// ReasonTooManyConns: the address holds Config.ConnsPerAddr connections.
	ReasonTooManyConns = "too many connections from your address"
	// ReasonRoomFull: the room holds Config.GuestsPerRoom guests.
	ReasonRoomFull = "room full"
	// ReasonRelayFull: the relay holds Config.MaxRooms rooms or
	// Config.MaxConns connections.
	ReasonRelayFull = "relay full"
	// ReasonTooFast: the connection sent frames (data, ping, pong) or
	// bytes faster than its token buckets allow.
	ReasonTooFast = "too fast"
	// ReasonTooSlow: the connection did not take what was sent to it fast
	// enough: its send queue overflowed or a write timed out.
	ReasonTooSlow = "too slow"
	// ReasonFrameTooLarge: a message over MaxPayload (plus HeaderSize on
	// the host link).
	ReasonFrameTooLarge = "frame too large"
	// ReasonBadFrame: a host-link message ParseFrame refuses, or a frame
	// type the host may not send (open).
	ReasonBadFrame = "bad frame"
	// ReasonIdle: nothing heard (no frame, no pong) for Config.IdleTimeout.
	ReasonIdle = "idle"
	// ReasonRoomExpired: the room's host link is older than
	// Config.RoomLifetime.
	ReasonRoomExpired = "room expired"
	// ReasonBadProof: the proof is malformed or does not name the room.
	ReasonBadProof = "bad proof"
	// ReasonTextFrame: a text message (the wire is binary only).
	ReasonTextFrame = "text frames not allowed"
	// ReasonHostLeft: the room's host link ended (a guest's close).
	ReasonHostLeft = "host left"
	// ReasonGuestLeft: the guest's WebSocket ended without a reason of its
	// own (a close frame toward the host).
	ReasonGuestLeft = "guest left"
	// ReasonShutdown: the relay is shutting down.
	ReasonShutdown = "relay shutting down"
)

// reasonCode is the WebSocket close code sent with a reason: 1013 (try
// again later) for limits that pass, 1009 and 1003 for a message's size
// and kind, 1001 (going away) for ends, 1008 (policy) for the rest; a
// host's own reason for its guest goes with 1000 (normal).
func reasonCode(reason string) websocket.StatusCode {
	switch reason {
	case ReasonRoomFull, ReasonRelayFull, ReasonTooManyRooms, ReasonTooManyConns:
		return websocket.StatusTryAgainLater
	case ReasonFrameTooLarge:
		return websocket.StatusMessageTooBig
	case ReasonTextFrame:
		return websocket.StatusUnsupportedData
	case ReasonIdle, ReasonRoomExpired, ReasonHostLeft, ReasonShutdown:
		return websocket.StatusGoingAway
	case ReasonRoomTaken, ReasonNoSuchRoom, ReasonTooFast, ReasonTooSlow, ReasonBadFrame, ReasonBadProof:
		return websocket.StatusPolicyViolation
	}
	return websocket.StatusNormalClosure
}
