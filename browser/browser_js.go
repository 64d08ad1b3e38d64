//go:build js

package browser

import "syscall/js"

// InBrowser reports whether the program runs in a browser page.
func InBrowser() bool { return location().Truthy() }

// Query returns the URL parameter name of the page ("?join=&name=Ann":
// Query("name") is "Ann"); "" when absent.
func Query(name string) string {
	loc := location()
	if !loc.Truthy() {
		return ""
	}
	q := js.Global().Get("URLSearchParams").New(loc.Get("search"))
	v := q.Call("get", name)
	if v.Type() != js.TypeString {
		return ""
	}
	return v.String()
}

// HostWebSocket returns the WebSocket address of the game protocol on the
// server that served the page, "ws://HOST:PORT/ws" (wss:// for an https
// page; the path is lan.WebSocketPath), or "" when the page came from a
// file.
func HostWebSocket() string {
	loc := location()
	if !loc.Truthy() {
		return ""
	}
	host := loc.Get("host").String()
	switch loc.Get("protocol").String() {
	case "http:":
		return "ws://" + host + "/ws"
	case "https:":
		return "wss://" + host + "/ws"
	}
	return ""
}

func location() js.Value {
	w := js.Global().Get("window")
	if !w.Truthy() {
		return js.Undefined()
	}
	return w.Get("location")
}
