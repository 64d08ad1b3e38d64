package lan

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"sort"
	"strconv"
	"sync"
	"time"
)

// BeaconPort is the UDP port hosts announce themselves on and browsers
// listen on (lan/PROTOCOL.md, Discovery).
const BeaconPort = 47474

// Beacon is what a host announces on the local network about once a
// second: {"goldvein":3,"game":"saboteur","name":"Ann's table","port":47475,...}.
// The host's address is the packet's source address.
type Beacon struct {
	Goldvein int `json:"goldvein"` // the protocol version
	// Game is the ID of the game the table plays (rules.Game.ID; version
	// 3 on): a join list shows it. A version 2 host's beacon has none.
	Game     string `json:"game,omitempty"`
	Name     string `json:"name"`
	Port     int    `json:"port"`
	Players  int    `json:"players"`
	Open     int    `json:"open"` // seats waiting for a guest
	Password bool   `json:"password"`
	Started  bool   `json:"started"`
}

// Found is a host a Browser heard: its beacon, its address (HOST:PORT to
// Join) and when it was last heard.
type Found struct {
	Beacon
	Addr string
	Seen time.Time
	ip   string // the beacon's source address
}

// Announce sends the host's beacon to dst (normally
// 255.255.255.255:BeaconPort; tests use 127.0.0.1) every interval until ctx
// ends. port is the TCP port guests join on.
func (h *Host) Announce(ctx context.Context, dst *net.UDPAddr, port int, interval time.Duration) error {
	conn, err := listenUDP4("")
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := setBroadcast(conn); err != nil {
		return err
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		l := h.Lobby()
		b := Beacon{Goldvein: Version, Game: l.Game, Name: l.Name, Port: port, Players: l.Players, Password: l.Password, Started: l.Started}
		for _, s := range l.Seats {
			if s.Kind == SeatOpen {
				b.Open++
			}
		}
		p, _ := json.Marshal(b)
		conn.WriteToUDP(p, dst) // a lost beacon is sent again next tick
		select {
		case <-ctx.Done():
			return nil
		case <-h.done:
			return nil
		case <-t.C:
		}
	}
}

// Browser listens for beacons and keeps the list of hosts heard lately.
type Browser struct {
	conn *net.UDPConn
	ttl  time.Duration

	mu    sync.Mutex
	found map[string]Found
	wake  chan struct{}
}

// Browse listens for beacons on addr (normally ":47474"; tests use
// "127.0.0.1:0"). A host not heard for ttl drops off the list.
func Browse(addr string, ttl time.Duration) (*Browser, error) {
	conn, err := listenUDP4(addr)
	if err != nil {
		return nil, err
	}
	b := &Browser{conn: conn, ttl: ttl, found: map[string]Found{}, wake: make(chan struct{}, 1)}
	go b.listen()
	return b, nil
}

// Addr returns the address the browser listens on.
func (b *Browser) Addr() *net.UDPAddr { return b.conn.LocalAddr().(*net.UDPAddr) }

// Changed receives (without blocking the browser) when a new host is heard.
func (b *Browser) Changed() <-chan struct{} { return b.wake }

func (b *Browser) listen() {
	buf := make([]byte, 1024)
	for {
		n, from, err := b.conn.ReadFromUDP(buf)
		if err != nil {
			return
		}
		var bc Beacon
		if json.Unmarshal(buf[:n], &bc) != nil || bc.Goldvein == 0 || bc.Port <= 0 || bc.Port > 65535 || CheckName(bc.Name) != nil || checkGameID(bc.Game) != nil {
			continue // not ours, or malformed: ignored
		}
		b.heard(from.IP.String(), bc, time.Now())
	}
}

// Limits on what a Browser keeps (lan/PROTOCOL.md, Limits): a sender can
// fake beacons, so one IP address gets at most MaxTablesPerIP tables (one
// per port), and the list at most MaxTables.
const (
	MaxTablesPerIP = 3
	MaxTables      = 64
)

// heard records beacon bc from IP address ip at now: one table per
// ip:port, at most MaxTablesPerIP per ip (the ones heard first stay; more
// are ignored until one is not heard for the ttl) and MaxTables in all.
func (b *Browser) heard(ip string, bc Beacon, now time.Time) {
	addr := net.JoinHostPort(ip, strconv.Itoa(bc.Port))
	b.mu.Lock()
	_, known := b.found[addr]
	if !known {
		b.expireLocked(now)
		n := 0
		for _, f := range b.found {
			if f.ip == ip {
				n++
			}
		}
		if n >= MaxTablesPerIP || len(b.found) >= MaxTables {
			b.mu.Unlock()
			return
		}
	}
	b.found[addr] = Found{Beacon: bc, Addr: addr, Seen: now, ip: ip}
	b.mu.Unlock()
	if !known {
		select {
		case b.wake <- struct{}{}:
		default:
		}
	}
}

func (b *Browser) expireLocked(now time.Time) {
	for k, f := range b.found {
		if now.Sub(f.Seen) > b.ttl {
			delete(b.found, k)
		}
	}
}

// Hosts returns the hosts heard within the ttl so that tables of distinct
// hosts come first: each IP address's first table (by name, then address),
// then each one's second, and so on; within a rank by name, then address.
// A screen showing the first few tables thus shows as many hosts as it
// can, and fake beacons from one machine cannot push a real table off.
func (b *Browser) Hosts() []Found {
	b.mu.Lock()
	b.expireLocked(time.Now())
	out := make([]Found, 0, len(b.found))
	for _, f := range b.found {
		out = append(out, f)
	}
	b.mu.Unlock()
	byName := func(x, y Found) bool {
		if x.Name != y.Name {
			return x.Name < y.Name
		}
		return x.Addr < y.Addr
	}
	sort.Slice(out, func(i, j int) bool { return byName(out[i], out[j]) })
	rank := make(map[string]int, len(out)) // Addr -> its place among its IP's tables
	seen := map[string]int{}
	for _, f := range out {
		rank[f.Addr] = seen[f.ip]
		seen[f.ip]++
	}
	sort.SliceStable(out, func(i, j int) bool { return rank[out[i].Addr] < rank[out[j].Addr] })
	return out
}

// Close stops listening.
func (b *Browser) Close() error { return b.conn.Close() }

// JoinAddresses returns the HOST:PORT addresses guests on the local
// network can join at: every up, non-loopback IPv4 address of this machine
// with port. The lobby shows them (and issue 6's page link and QR code).
func JoinAddresses(port int) []string {
	ifs, err := interfaces()
	if err != nil {
		return nil
	}
	var out []string
	for _, ifc := range ifs {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			ipn, ok := a.(*net.IPNet)
			if !ok || ipn.IP.To4() == nil || ipn.IP.IsLoopback() {
				continue
			}
			out = append(out, net.JoinHostPort(ipn.IP.String(), strconv.Itoa(port)))
		}
	}
	sort.Strings(out)
	return out
}

// checkGameID checks the form of a game's ID from the network: "" or 1 to
// 32 of a-z, 0-9 and _ (a beacon's game is drawn in a join list).
func checkGameID(id string) error {
	if len(id) > 32 {
		return errors.New("lan: game ID longer than 32 bytes")
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return fmt.Errorf("lan: game ID %q: want a-z, 0-9 and _", id)
		}
	}
	return nil
}
