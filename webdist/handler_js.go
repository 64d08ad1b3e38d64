//go:build js

package webdist

import "github.com/goldvein/goldvein/lan"

// Handler is nil in a browser: a page hosts no table, so it serves no
// page either (and goldvein.wasm links no HTTP server).
func Handler() lan.WebHandler { return nil }
