package lan

import (
	"errors"
	"net"
	"syscall"
	"testing"
)

// TestLocalNetworkHint: where the system asks for the local network (macOS,
// AsksLocalNetwork) "no route to host" is marked ErrLocalNetwork and keeps
// its cause and its text; elsewhere, and for other errors, the error stays as it was.
func TestLocalNetworkHint(t *testing.T) {
	old := AsksLocalNetwork
	t.Cleanup(func() { AsksLocalNetwork = old })
	err := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.EHOSTUNREACH}
	other := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	for _, asks := range []bool{false, true} {
		AsksLocalNetwork = asks
		got := localNetworkHint(err)
		if errors.Is(got, ErrLocalNetwork) != asks || !errors.Is(got, syscall.EHOSTUNREACH) || got.Error() != err.Error() {
			t.Errorf("asks %v: %v", asks, got)
		}
		if localNetworkHint(other) != error(other) || localNetworkHint(nil) != nil {
			t.Errorf("asks %v: another error, or nil, was changed", asks)
		}
	}
}
