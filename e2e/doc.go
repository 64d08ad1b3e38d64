// Package e2e holds the browser build's end-to-end tests (issue 6; docs/LAN.md,
// Browser). They need headless Chromium and a wasm build, and take a minute
// or two, so they are behind the build tag "e2e": `make test` runs them as
// `go test -tags e2e ./e2e/` on the `make wasm` build; a plain
// `go test ./...` leaves them out.
package e2e
