//go:build e2e && profile

package e2e

import (
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
	"time"
)

// TestBenchWeb is `make bench-web` (issue 28): goldvein's browser build
// against a bare Ebitengine program (testdata/bare) built with the same
// flags (-trimpath -ldflags="-s -w") and the same Ebitengine, both served
// on loopback as a static server with gzip_static serves a page (the wasm
// as its gzip -9 copy, no pacing), loaded alternately, each in a fresh
// headless Chromium with a fresh profile. It prints each load, then both
// medians of the first drawn frame (navigation to the first draw on the
// canvas) and of the gzip download, and the ratios goldvein/bare. It also
// splits each first frame in two where the Go program is started
// (loader.js's times.compiled, ms from navigation: the module fetched,
// compiled and instantiated, and "Starting…" painted, one animation
// frame): the fetch and compile before it grow with the wasm's size; the
// Go program's start after it (its runtime, package initialisation, main
// up to the first drawn frame). A maintainer's tool, not a check: it
// asserts nothing about time. GOLDVEIN_RUNS sets the loads of each
// (default 5); GOLDVEIN_WEB the game's page folder (make wasm's).
func TestBenchWeb(t *testing.T) {
	game := gamePage(t)
	bare := t.TempDir()
	buildPage(t, bare, "./e2e/testdata/bare")
	if err := gzipFile(filepath.Join(bare, "goldvein.wasm")); err != nil {
		t.Fatal(err)
	}
	runs, _ := strconv.Atoi(os.Getenv("GOLDVEIN_RUNS"))
	if runs <= 0 {
		runs = 5
	}
	pages := []struct{ name, dir string }{{"bare", bare}, {"goldvein", game}}
	frames := map[string][]float64{}
	compiled := map[string][]float64{} // navigation to instantiated, ms
	started := map[string][]float64{}  // instantiated to first frame, ms
	for i := range runs {
		for _, p := range pages {
			srv := httptest.NewServer(staticGzip(p.dir))
			b := startBrowser(t)
			b.settle(t)
			b.navigate(t, srv.URL+"/?mute=1&lang=en")
			s := b.waitFor(t, "the first frame", 180*time.Second, func(s pageState) bool { return s.FirstFrameMs != nil })
			frames[p.name] = append(frames[p.name], *s.FirstFrameMs)
			c, ok := s.Times["compiled"]
			if !ok {
				t.Fatalf("%s: the page set no times.compiled (loader.js)", p.name)
			}
			compiled[p.name] = append(compiled[p.name], float64(c))
			started[p.name] = append(started[p.name], *s.FirstFrameMs-float64(c))
			t.Logf("run %d %-8s first frame %6.0f ms: compiled at %6d ms, then %5.0f ms to the frame (load %s)",
				i, p.name, *s.FirstFrameMs, c, *s.FirstFrameMs-float64(c), loadAvg())
			b.page.close()
			b.page = nil
			syscallKill(b)
			srv.Close()
		}
	}
	med := func(v []float64) float64 {
		v = append([]float64(nil), v...)
		sort.Float64s(v)
		return v[len(v)/2]
	}
	size := func(dir, name string) float64 {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return float64(fi.Size())
	}
	fb, fg := med(frames["bare"]), med(frames["goldvein"])
	zb, zg := size(bare, "goldvein.wasm.gz"), size(game, "goldvein.wasm.gz")
	wb, wg := size(bare, "goldvein.wasm"), size(game, "goldvein.wasm")
	t.Logf("first frame, median of %d: bare %.0f ms, goldvein %.0f ms: ratio %.2f (target 1.5)", runs, fb, fg, fg/fb)
	t.Logf("fetched and compiled, median: bare %.0f ms, goldvein %.0f ms: ratio %.2f; then to the first frame: bare %.0f ms, goldvein %.0f ms: ratio %.2f",
		med(compiled["bare"]), med(compiled["goldvein"]), med(compiled["goldvein"])/med(compiled["bare"]),
		med(started["bare"]), med(started["goldvein"]), med(started["goldvein"])/med(started["bare"]))
	t.Logf("download gzip -9: bare %.2f MB, goldvein %.2f MB: ratio %.2f (target 1.5); wasm %.1f MB and %.1f MB",
		zb/1e6, zg/1e6, zg/zb, wb/1e6, wg/1e6)
	fmt.Printf("bench-web: first frame ratio %.2f, gzip ratio %.2f (load %s)\n", fg/fb, zg/zb, loadAvg())
}

// staticGzip serves the page folder dir, goldvein.wasm as goldvein.wasm.gz
// with Content-Encoding gzip (every Chromium accepts it).
func staticGzip(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/goldvein.wasm" {
			w.Header().Set("Content-Type", "application/wasm")
			w.Header().Set("Content-Encoding", "gzip")
			http.ServeFile(w, r, filepath.Join(dir, "goldvein.wasm.gz"))
			return
		}
		files.ServeHTTP(w, r)
	})
}

// gzipFile writes path.gz beside path with gzip -9, as `make wasm` does.
func gzipFile(path string) error {
	in, err := os.Open(path)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(path + ".gz")
	if err != nil {
		return err
	}
	zw, _ := gzip.NewWriterLevel(out, gzip.BestCompression)
	if _, err := io.Copy(zw, in); err != nil {
		out.Close()
		return err
	}
	if err := zw.Close(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
