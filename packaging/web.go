package packaging

import (
	"os"
	"path/filepath"
)

// WebTree lays out the browser download in dir: the files of the browser
// build in src (dist/web/: the page, the loader, wasm_exec.js, goldvein.wasm
// and its gzip copy), VERSION.txt naming version, and the licences (copied
// from licenses, a folder CollectLicenses made for js/wasm) in
// dir/licenses: the fonts' OFL and Go's licence ride in the wasm too.
func WebTree(dir, version, src, licenses string) error {
	if err := copyTree(dir, src); err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(dir, "goldvein.wasm")); err != nil {
		return err
	}
	readme := "goldvein " + version + " for the browser\n\n" +
		"Unzip into any static file server's folder and open index.html through it\n" +
		"(a page opened from disk cannot load the WebAssembly). A server that sends\n" +
		"goldvein.wasm.gz for goldvein.wasm with Content-Encoding: gzip saves\n" +
		"three quarters of the download. licenses/ holds the licences of goldvein\n" +
		"and of everything built into it.\n"
	if err := os.WriteFile(filepath.Join(dir, "VERSION.txt"), []byte(readme), 0o644); err != nil {
		return err
	}
	return copyTree(filepath.Join(dir, "licenses"), licenses)
}
