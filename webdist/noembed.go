//go:build !webdist

package webdist

import "io/fs"

// embedded is nil: this binary was built without the "webdist" tag.
var embedded fs.FS
