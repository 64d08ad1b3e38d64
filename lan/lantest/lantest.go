// Package lantest holds helpers for the tests of goldvein's LAN play (the
// lan package and the serve command). It does not import lan, so that the
// lan package's own tests can use it.
package lantest

import (
	"net/http"
	"testing"
)

// Upgrade asks the HTTP server at url (such as "http://127.0.0.1:47475/ws")
// for a WebSocket, as a page loaded from host would (Host and Origin name
// host, RFC 6455 section 4.1), and returns the response's HTTP status:
// 101 when the host accepts the page, 403 when it refuses it. A request
// that fails fails the test.
func Upgrade(t testing.TB, url, host string) int {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	req.Header.Set("Origin", "http://"+host)
	req.Header.Set("Connection", "Upgrade")
	req.Header.Set("Upgrade", "websocket")
	req.Header.Set("Sec-WebSocket-Version", "13")
	req.Header.Set("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
