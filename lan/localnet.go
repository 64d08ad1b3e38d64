package lan

import (
	"errors"
	"runtime"
	"syscall"
)

// AsksLocalNetwork is whether the system asks the user before an app may
// use the local network: macOS 15 and later do, and once refused they
// fail each connection to a LAN address with "no route to host" and let
// no beacon in, silently. It is runtime.GOOS == "darwin"; a test may set
// it to see the darwin behaviour on another system.
var AsksLocalNetwork = runtime.GOOS == "darwin"

// ErrLocalNetwork marks a failed connection to a LAN address that may be
// the local network permission refused (AsksLocalNetwork): errors.Is
// finds it in what Join returns, and the app says in the reader's
// language where to allow it (lan keeps no words for the screen).
var ErrLocalNetwork = errors.New("lan: the local network may be refused to this app")

// localNetworkHint marks err with ErrLocalNetwork when the system asks
// for the local network and err is "no route to host"; any other error,
// and nil, stays as it is.
func localNetworkHint(err error) error {
	if err == nil || !AsksLocalNetwork || !errors.Is(err, syscall.EHOSTUNREACH) {
		return err
	}
	return localNetworkError{err}
}

// localNetworkError is a failed connection marked ErrLocalNetwork: it
// reads as its cause, and errors.Is finds both.
type localNetworkError struct{ err error }

func (e localNetworkError) Error() string { return e.err.Error() }

func (e localNetworkError) Unwrap() []error { return []error{e.err, ErrLocalNetwork} }
