package relay

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unicode/utf8"
)

// The host link's frame types (docs/LAN.md, "The relay's wire").
const (
	// TypeData carries opaque bytes: host to relay, one message for the
	// guest the frame names; relay to host, one message from that guest.
	TypeData byte = 1
	// TypeOpen (relay to host only) says a new guest connection with the
	// frame's id has arrived; its payload is empty.
	TypeOpen byte = 2
	// TypeClose (either way) ends the named guest connection; the payload
	// is the reason in UTF-8. Host to relay: the relay closes that guest's
	// WebSocket with this reason. Relay to host: the guest is gone, and why.
	TypeClose byte = 3
)

// Sizes of the wire, in bytes.
const (
	// HeaderSize is a host-link frame's header: a 4-byte big-endian
	// connection id and the type byte.
	HeaderSize = 5
	// MaxPayload is the largest payload of one guest message or of one
	// host-link frame (its header aside): 1 MiB. lan's largest frame
	// (lan.MaxHostMessage, 256 KiB) fits with room for sealing.
	MaxPayload = 1 << 20
	// MaxCloseReason is the longest close reason a TypeClose frame may
	// carry: a WebSocket close frame holds at most 123 bytes of reason.
	MaxCloseReason = 123
)

// Errors of ParseFrame and AppendFrame.
var (
	// ErrShortFrame: fewer than HeaderSize bytes.
	ErrShortFrame = errors.New("relay: frame shorter than its 5-byte header")
	// ErrFrameTooLarge: a payload over MaxPayload.
	ErrFrameTooLarge = errors.New("relay: frame payload over 1 MiB")
	// ErrBadFrame: an unknown type, connection id 0, an open frame with a
	// payload, or a close reason that is not UTF-8 or is over
	// MaxCloseReason bytes. The error returned wraps it with the detail.
	ErrBadFrame = errors.New("relay: malformed frame")
)

// Frame is one binary WebSocket message of the host link:
//
//	+-------------------------+---------+-------------------+
//	| conn: uint32 big-endian | type: 1 | payload: the rest |
//	+-------------------------+---------+-------------------+
//
// Conn names a guest connection of the room (ids start at 1, are given by
// the relay in TypeOpen frames and are never reused within a room's life).
// A guest's own WebSocket carries payloads alone: the relay prepends the
// id toward the host and strips it toward the guest. The relay never reads
// a data payload (the peers seal them end to end).
type Frame struct {
	Conn    uint32
	Type    byte
	Payload []byte
}

// check reports what is wrong with f, or nil.
func (f Frame) check() error {
	if f.Conn == 0 {
		return fmt.Errorf("%w: connection id 0", ErrBadFrame)
	}
	if len(f.Payload) > MaxPayload {
		return ErrFrameTooLarge
	}
	switch f.Type {
	case TypeData:
	case TypeOpen:
		if len(f.Payload) != 0 {
			return fmt.Errorf("%w: an open frame with a %d-byte payload", ErrBadFrame, len(f.Payload))
		}
	case TypeClose:
		if len(f.Payload) > MaxCloseReason {
			return fmt.Errorf("%w: a close reason of %d bytes (at most %d)", ErrBadFrame, len(f.Payload), MaxCloseReason)
		}
		if !utf8.Valid(f.Payload) {
			return fmt.Errorf("%w: a close reason that is not UTF-8", ErrBadFrame)
		}
	default:
		return fmt.Errorf("%w: unknown type %d", ErrBadFrame, f.Type)
	}
	return nil
}

// AppendFrame appends f's encoding to dst and returns the extended slice;
// a frame ParseFrame would refuse is refused here with the same error and
// dst is returned unchanged.
func AppendFrame(dst []byte, f Frame) ([]byte, error) {
	if err := f.check(); err != nil {
		return dst, err
	}
	dst = binary.BigEndian.AppendUint32(dst, f.Conn)
	dst = append(dst, f.Type)
	return append(dst, f.Payload...), nil
}

// ParseFrame decodes one host-link message. The payload aliases b. Errors:
// ErrShortFrame, ErrFrameTooLarge, or one wrapping ErrBadFrame.
func ParseFrame(b []byte) (Frame, error) {
	if len(b) < HeaderSize {
		return Frame{}, ErrShortFrame
	}
	f := Frame{Conn: binary.BigEndian.Uint32(b), Type: b[4], Payload: b[HeaderSize:]}
	if err := f.check(); err != nil {
		return Frame{}, err
	}
	return f, nil
}
