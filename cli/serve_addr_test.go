package cli

import (
	"net"
	"reflect"
	"testing"
)

// TestJoinAddressesFollowTheListener: a host bound to one address names
// only that address; one bound to all names the machine's LAN addresses.
func TestJoinAddressesFollowTheListener(t *testing.T) {
	g, b := joinAddresses(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 47475})
	if want := []string{"127.0.0.1:47475"}; !reflect.DeepEqual(g, want) {
		t.Errorf("guests %v, want %v", g, want)
	}
	if want := []string{"http://127.0.0.1:47475/"}; !reflect.DeepEqual(b, want) {
		t.Errorf("browsers %v, want %v", b, want)
	}
	g, _ = joinAddresses(&net.TCPAddr{IP: net.IPv4zero, Port: 47475})
	for _, a := range g {
		if host, _, _ := net.SplitHostPort(a); net.ParseIP(host).IsLoopback() || net.ParseIP(host).IsUnspecified() {
			t.Errorf("a host on all addresses names %s", a)
		}
	}
}
