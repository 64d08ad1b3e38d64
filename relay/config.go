package relay

import (
	"fmt"
	"net/http"
	"net/netip"
	"time"
)

// Config sets a relay's limits (docs/LAN.md, "Run a relay"; `goldvein relay
// --help` has a flag for each). A zero field takes its default (Defaults).
type Config struct {
	// RoomsPerAddr is how many rooms the hosts of one IP address may hold
	// ("too many rooms from your address"). Default 8.
	RoomsPerAddr int
	// ConnsPerAddr is how many WebSockets (host and guest links, and
	// guests waiting for a host) one IP address may hold ("too many
	// connections from your address"). Default 64.
	ConnsPerAddr int
	// GuestsPerRoom is how many guest connections one room holds ("room
	// full"). Default 16.
	GuestsPerRoom int
	// MaxRooms and MaxConns bound the whole relay ("relay full"). Defaults
	// 20,000 rooms and 100,000 connections.
	MaxRooms, MaxConns int
	// FrameRate is how many frames a second a guest connection may send
	// (data messages, pings and pongs alike), FrameBurst how many at once
	// ("too fast"). A host link gets GuestsPerRoom times both. Defaults 30
	// a second, bursts of 120.
	FrameRate  float64
	FrameBurst int
	// ByteRate is how many payload bytes a second a guest connection may
	// send, ByteBurst how many at once (at least MaxPayload+HeaderSize, so
	// one largest frame passes). A host link gets GuestsPerRoom times both.
	// Defaults 64 KiB a second, bursts of 2 MiB.
	ByteRate  float64
	ByteBurst int
	// QueueBytes bounds what waits to be written to one guest connection;
	// a host link's bound is four times it. Over it the connection is closed
	// ("too slow"), so a slow reader never holds up its room. Default
	// 2 MiB + 64 KiB (at least MaxPayload+HeaderSize).
	QueueBytes int
	// IdleTimeout closes a connection heard nothing from (no frame, no
	// pong) for this long ("idle"); the relay pings a connection quiet for
	// a third of it. Default 60 s.
	IdleTimeout time.Duration
	// WriteTimeout bounds one write to a connection ("too slow" after it).
	// Default 10 s.
	WriteTimeout time.Duration
	// RoomLifetime closes a host link (and its room's guests) this long
	// after it claimed the room ("room expired"). Default 24 h.
	RoomLifetime time.Duration
	// HostWait is how long a guest of a room with no host waits for one to
	// claim it (after a relay restart) before "no such room". Default 5 s.
	HostWait time.Duration
	// ReclaimWait is how long a live host link has to answer a ping when
	// another claim of its room comes; no pong and it is closed ("idle")
	// and the new claim takes the room, else the claim gets "room taken".
	// Default 3 s.
	ReclaimWait time.Duration
	// Origins are extra WebSocket origin patterns allowed (host[:port],
	// path.Match patterns). A page from the relay itself and from a
	// loopback address always is; clients that send no Origin (desktop
	// apps) are never refused for it.
	Origins []string
	// TrustedProxies are the addresses of reverse proxies in front of the
	// relay (such as the Caddy example's 127.0.0.1/32, or a container
	// network): a connection from one of them has its client's address
	// taken from the last X-Forwarded-For entry, so per-address limits
	// count clients, not the proxy. Empty: the connection's own address.
	TrustedProxies []netip.Prefix
	// Web serves the browser build at / and the invite page at /j/ROOM
	// (webdist.Handler()); nil answers those with 404 and a plain message.
	Web http.Handler
	// Logf logs refusals and closes (never a proof); nil logs nothing.
	Logf func(format string, args ...any)
}

// Defaults returns the default limits.
func Defaults() Config {
	return Config{
		RoomsPerAddr: 8, ConnsPerAddr: 64, GuestsPerRoom: 16, MaxRooms: 20000, MaxConns: 100000,
		FrameRate: 30, FrameBurst: 120, ByteRate: 64 << 10, ByteBurst: 2 << 20, QueueBytes: 2<<20 + 64<<10,
		IdleTimeout: 60 * time.Second, WriteTimeout: 10 * time.Second, RoomLifetime: 24 * time.Hour,
		HostWait: 5 * time.Second, ReclaimWait: 3 * time.Second,
	}
}

// withDefaults fills c's zero fields from Defaults and checks the rest.
func (c Config) withDefaults() (Config, error) {
	d := Defaults()
	setInt := func(p *int, v int) {
		if *p == 0 {
			*p = v
		}
	}
	setDur := func(p *time.Duration, v time.Duration) {
		if *p == 0 {
			*p = v
		}
	}
	setInt(&c.RoomsPerAddr, d.RoomsPerAddr)
	setInt(&c.ConnsPerAddr, d.ConnsPerAddr)
	setInt(&c.GuestsPerRoom, d.GuestsPerRoom)
	setInt(&c.MaxRooms, d.MaxRooms)
	setInt(&c.MaxConns, d.MaxConns)
	setInt(&c.FrameBurst, d.FrameBurst)
	setInt(&c.ByteBurst, d.ByteBurst)
	setInt(&c.QueueBytes, d.QueueBytes)
	if c.FrameRate == 0 {
		c.FrameRate = d.FrameRate
	}
	if c.ByteRate == 0 {
		c.ByteRate = d.ByteRate
	}
	setDur(&c.IdleTimeout, d.IdleTimeout)
	setDur(&c.WriteTimeout, d.WriteTimeout)
	setDur(&c.RoomLifetime, d.RoomLifetime)
	setDur(&c.HostWait, d.HostWait)
	setDur(&c.ReclaimWait, d.ReclaimWait)
	for _, v := range []struct {
		name string
		bad  bool
	}{
		{"rooms per address", c.RoomsPerAddr < 0},
		{"connections per address", c.ConnsPerAddr < 0},
		{"guests per room", c.GuestsPerRoom < 0},
		{"rooms", c.MaxRooms < 0},
		{"connections", c.MaxConns < 0},
		{"frame rate", c.FrameRate < 0 || c.FrameBurst < 0},
		{"byte rate", c.ByteRate < 0},
		{"times", c.IdleTimeout < 0 || c.WriteTimeout < 0 || c.RoomLifetime < 0 || c.HostWait < 0 || c.ReclaimWait < 0},
	} {
		if v.bad {
			return c, fmt.Errorf("relay: the limit of %s is negative", v.name)
		}
	}
	if c.ByteBurst < MaxPayload+HeaderSize {
		return c, fmt.Errorf("relay: a byte burst of %d cannot pass one largest frame (%d bytes)", c.ByteBurst, MaxPayload+HeaderSize)
	}
	if c.QueueBytes < MaxPayload+HeaderSize {
		return c, fmt.Errorf("relay: a send queue of %d bytes cannot hold one largest frame (%d bytes)", c.QueueBytes, MaxPayload+HeaderSize)
	}
	return c, nil
}
