package lan

import (
	"net"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// TestLocalNetworkHint: on macOS "no route to host" says where the local
// network permission is; elsewhere, and for other errors, the error stays
// as it was.
func TestLocalNetworkHint(t *testing.T) {
	err := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.EHOSTUNREACH}
	got := localNetworkHint(err)
	if hinted := strings.Contains(got.Error(), "Local Network"); hinted != (runtime.GOOS == "darwin") {
		t.Errorf("on %s: %v", runtime.GOOS, got)
	}
	other := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	if localNetworkHint(other) != error(other) || localNetworkHint(nil) != nil {
		t.Error("another error, or nil, was changed")
	}
}
