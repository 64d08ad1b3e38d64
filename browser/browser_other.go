//go:build !js

package browser

// InBrowser reports whether the program runs in a browser page: never
// outside GOOS=js.
func InBrowser() bool { return false }

// Query returns "" outside a browser: there is no page URL.
func Query(name string) string { return "" }

// HostWebSocket returns "" outside a browser: no server served a page.
func HostWebSocket() string { return "" }
