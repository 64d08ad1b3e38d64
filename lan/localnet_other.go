//go:build !darwin

package lan

// localNetworkHint returns err as it is: only macOS asks before an app
// may use the local network (localnet_darwin.go).
func localNetworkHint(err error) error { return err }
