package lan

import (
	"errors"
	"fmt"
	"syscall"
)

// localNetworkHint adds to a failed connection to a LAN address what to do
// when macOS (15 and later) refused goldvein the local network: the system
// then fails each connection with "no route to host", which alone does not
// say why. nil stays nil.
func localNetworkHint(err error) error {
	if err == nil || !errors.Is(err, syscall.EHOSTUNREACH) {
		return err
	}
	return fmt.Errorf("%w (if macOS refused goldvein the local network, allow it in System Settings > Privacy & Security > Local Network)", err)
}
