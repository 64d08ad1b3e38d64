package lan

import (
	"encoding/json"
	"fmt"
	"net"
	"testing"
	"time"
)

// TestBrowserLimitsFakeBeacons: 20 fake "Ann's table" beacons from one
// address keep 3 places, and the real table from another address is among
// the first two (the join screen shows 8).
func TestBrowserLimitsFakeBeacons(t *testing.T) {
	b, err := Browse("127.0.0.1:0", 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	send := func(from string, bc Beacon) {
		t.Helper()
		c, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.ParseIP(from)})
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		p, _ := json.Marshal(bc)
		if _, err := c.WriteToUDP(p, b.Addr()); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 20; i++ {
		send("127.0.0.2", Beacon{Goldvein: Version, Name: "Ann's table", Port: 40000 + i, Players: 4, Open: 3})
	}
	send("127.0.0.3", Beacon{Goldvein: Version, Name: "Ann's table", Port: 47475, Players: 4, Open: 3})
	// A second beacon of a known table updates it, it is not another.
	send("127.0.0.3", Beacon{Goldvein: Version, Name: "Ann's table", Port: 47475, Players: 4, Open: 2})
	var got []Found
	for i := 0; i < 200; i++ {
		got = b.Hosts()
		if len(got) == MaxTablesPerIP+1 && got[1].Open == 2 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if len(got) != MaxTablesPerIP+1 {
		t.Fatalf("%d tables, want %d: %+v", len(got), MaxTablesPerIP+1, got)
	}
	if got[0].Addr != "127.0.0.2:40000" || got[1].Addr != "127.0.0.3:47475" || got[1].Open != 2 {
		t.Errorf("order: %s, %s (open %d); want the real table second, updated", got[0].Addr, got[1].Addr, got[1].Open)
	}
}

// TestBrowserHostsOrder: tables of distinct hosts come first, then each
// host's next one; a table not heard for the ttl frees its place.
func TestBrowserHostsOrder(t *testing.T) {
	b := &Browser{ttl: time.Minute, found: map[string]Found{}, wake: make(chan struct{}, 1)}
	now := time.Now()
	for _, x := range []struct {
		ip   string
		name string
		port int
	}{
		{"10.0.0.1", "A", 1}, {"10.0.0.1", "B", 2}, {"10.0.0.1", "C", 3}, {"10.0.0.1", "D", 4},
		{"10.0.0.2", "Z", 1}, {"10.0.0.3", "M", 1}, {"10.0.0.3", "A", 2},
	} {
		b.heard(x.ip, Beacon{Goldvein: Version, Name: x.name, Port: x.port}, now)
	}
	var order []string
	for _, f := range b.Hosts() {
		order = append(order, f.Name+"@"+f.Addr)
	}
	want := "[A@10.0.0.1:1 A@10.0.0.3:2 Z@10.0.0.2:1 B@10.0.0.1:2 M@10.0.0.3:1 C@10.0.0.1:3]"
	if fmt.Sprint(order) != want {
		t.Errorf("order %v\nwant  %s", order, want)
	}
	// An hour later the old tables are gone and 10.0.0.1 may add D.
	b.heard("10.0.0.1", Beacon{Goldvein: Version, Name: "D", Port: 4}, now.Add(time.Hour))
	if got := b.Hosts(); len(got) != 1 || got[0].Name != "D" {
		t.Errorf("after the ttl: %+v", got)
	}
	for i := 0; i < 2*MaxTables; i++ {
		b.heard(fmt.Sprintf("10.1.%d.%d", i/250, i%250), Beacon{Goldvein: Version, Name: "x", Port: 1}, now.Add(time.Hour))
	}
	if n := len(b.Hosts()); n != MaxTables {
		t.Errorf("%d tables kept, want at most %d", n, MaxTables)
	}
}
