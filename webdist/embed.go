//go:build webdist

package webdist

import (
	"embed"
	"io/fs"
)

// files is the browser build `make dist` copies into web/ before it builds
// with the "webdist" tag.
//
//go:embed web
var files embed.FS

var embedded = mustSub(files, "web")

func mustSub(f fs.FS, dir string) fs.FS {
	s, err := fs.Sub(f, dir)
	if err != nil {
		panic(err)
	}
	return s
}
