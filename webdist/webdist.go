// Package webdist serves the browser build of goldvein (issue 6; docs/LAN.md,
// Browser): the page, Go's wasm_exec.js, the loader and goldvein.wasm, as
// `make wasm` lays them out in dist/web/. `make dist` copies that folder into
// webdist/web/ (the wasm gzipped as goldvein.wasm.gz) and builds with the
// build tag "webdist", which embeds it; without the tag nothing is embedded,
// Handler returns nil and a host says so plainly (NotEmbedded).
//
// A LAN host hands Handler() to lan.HostConfig.Web, so a guest's browser
// opens http://HOST:PORT/ on the port desktop guests connect to, and the
// page joins over the WebSocket at lan.WebSocketPath. JoinURLs and QRCode
// give the host's lobby the address to show and a QR code for phones.
//
// This package never imports Ebitengine.
package webdist

import (
	"fmt"
	"net"
	"sort"
	"strconv"
)

// NotEmbedded is what a host tells its operator when the binary has no
// browser build in it.
const NotEmbedded = "this binary has no browser build embedded (build it with `make dist`); browsers cannot join, the goldvein app can"

// Embedded reports whether this binary carries the browser build.
func Embedded() bool { return embedded != nil }

// JoinURLs are the addresses a guest types (or scans) to open the page of
// a host listening on port: "http://IP:PORT/" for every IPv4 address of an
// interface that is up, not loopback first, then loopback (for a guest on
// the same machine). Addresses come from net.InterfaceAddrs; a
// browser has none, so in a page it gives only loopback's.
func JoinURLs(port int) []string {
	var lan, loop []string
	addrs := interfaceAddrs()
	for _, a := range addrs {
		ipn, ok := a.(*net.IPNet)
		if !ok || ipn.IP.To4() == nil {
			continue
		}
		u := fmt.Sprintf("http://%s/", net.JoinHostPort(ipn.IP.String(), strconv.Itoa(port)))
		if ipn.IP.IsLoopback() {
			loop = append(loop, u)
		} else if !ipn.IP.IsLinkLocalUnicast() {
			lan = append(lan, u)
		}
	}
	sort.Strings(lan)
	if len(loop) == 0 {
		loop = []string{fmt.Sprintf("http://127.0.0.1:%d/", port)}
	}
	return append(lan, loop...)
}
