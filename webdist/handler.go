//go:build !js

package webdist

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Handler serves the embedded browser build, or is nil when the binary was
// built without the "webdist" tag.
func Handler() http.Handler {
	if embedded == nil {
		return nil
	}
	return NewHandler(embedded)
}

// contentTypes are the types of the files of the browser build; a browser
// compiles goldvein.wasm as it streams in only when it is application/wasm.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".wasm": "application/wasm",
	".css":  "text/css; charset=utf-8",
	".json": "application/json",
	".png":  "image/png",
	".svg":  "image/svg+xml",
	".ico":  "image/x-icon",
	".txt":  "text/plain; charset=utf-8",
}

// NewHandler serves the files of fsys (the layout of dist/web/): "/" is
// index.html. A file NAME may be stored as NAME.gz instead, or beside it: a
// client that accepts gzip (or sends no Accept-Encoding) gets the compressed
// bytes with "Content-Encoding: gzip", one that refuses gzip the bytes
// unpacked on the fly; either way "X-Uncompressed-Length" gives the unpacked
// size for the loader's progress bar. Only GET and HEAD are answered (405
// otherwise); a name not in fsys, a folder or a hidden file is 404. Big
// files (the wasm) go out two at a time to an address and eight in all,
// and all files at most 24 MiB a second together (limit.go).
func NewHandler(fsys fs.FS) http.Handler {
	return &handler{fsys: fsys, lim: newLimits()}
}

type handler struct {
	fsys fs.FS
	lim  *limits // downloads at once and the pace of page bytes (limit.go)
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	if !fs.ValidPath(name) || strings.HasPrefix(path.Base(name), ".") || strings.HasSuffix(name, ".gz") {
		http.NotFound(w, r)
		return
	}
	hd := w.Header()
	ct, ok := contentTypes[path.Ext(name)]
	if !ok {
		ct = "application/octet-stream"
	}
	hd.Set("Content-Type", ct)
	hd.Set("X-Content-Type-Options", "nosniff")
	// A new build must reach the next visit: browsers revalidate each time.
	hd.Set("Cache-Control", "no-cache")

	if gz, done, err := openSection(h.fsys, name+".gz"); err == nil {
		defer done()
		hd.Set("Vary", "Accept-Encoding")
		size, err := gzipSize(gz)
		if err != nil {
			http.Error(w, "goldvein: "+name+".gz: "+err.Error(), http.StatusInternalServerError)
			return
		}
		hd.Set("X-Uncompressed-Length", strconv.FormatUint(uint64(size), 10))
		if acceptsGzip(r.Header.Get("Accept-Encoding")) {
			hd.Set("Content-Encoding", "gzip")
			hd.Set("Content-Length", strconv.FormatInt(gz.Size(), 10))
			if r.Method == http.MethodGet {
				h.send(w, r, gz, gz.Size())
			}
			return
		}
		if _, err := fs.Stat(h.fsys, name); err != nil {
			// Only the compressed copy is stored: unpack it for this
			// client as it goes out (a window of 32 KiB, not the file).
			zr, err := gzip.NewReader(gz)
			if err != nil {
				http.Error(w, "goldvein: "+name+".gz: "+err.Error(), http.StatusInternalServerError)
				return
			}
			hd.Set("Content-Length", strconv.FormatUint(uint64(size), 10))
			if r.Method == http.MethodGet {
				h.send(w, r, zr, int64(size))
			}
			return
		}
	}
	f, done, err := openSection(h.fsys, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer done()
	hd.Set("Content-Length", strconv.FormatInt(f.Size(), 10))
	if r.Method == http.MethodGet {
		h.send(w, r, f, f.Size())
	}
}

// WriteStall is how long one write of a response (at most 32 KiB) may wait
// for a slow client before the connection is dropped: a client must take
// about 3 KiB/s, and a stalled one cannot hold the host's goroutine and
// buffers forever. Tests shorten it before they serve.
var WriteStall = 15 * time.Second

// bufs are the 32 KiB copy buffers of send, shared by all requests.
var bufs = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// send sends a response body of size bytes: a big one (the wasm) waits for
// a download slot of the client's address, or gets 503 (limit.go).
func (h *handler) send(w http.ResponseWriter, r *http.Request, src io.Reader, size int64) {
	if size > bigFile {
		release, ok := h.lim.acquire(r.Context(), r)
		if !ok {
			tooBusy(w)
			return
		}
		defer release()
	}
	send(w, src, h.lim)
}

// send copies src to w in writes of up to 32 KiB, each with a write
// deadline WriteStall ahead (when w supports deadlines, as net/http's
// ResponseWriter does), at lim's pace. It stops at the first error.
func send(w http.ResponseWriter, src io.Reader, lim *limits) {
	rc := http.NewResponseController(w)
	bp := bufs.Get().(*[]byte)
	defer bufs.Put(bp)
	buf := *bp
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if d := lim.pace(n); d > 0 {
				time.Sleep(d)
			}
			rc.SetWriteDeadline(time.Now().Add(WriteStall))
			if _, werr := w.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			// The last bytes go out after the handler returns: the
			// deadline just set still covers them. The next request on
			// this connection sets its own.
			return
		}
	}
}

// openSection opens name in fsys as a reader over the stored bytes, without
// copying them (embed.FS, fstest.MapFS and os.DirFS files are io.ReaderAt);
// a file system whose files are not is read into memory. done closes the
// file; call it when the response is written.
func openSection(fsys fs.FS, name string) (sr *io.SectionReader, done func(), err error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		f.Close()
		return nil, nil, fs.ErrNotExist
	}
	if ra, ok := f.(io.ReaderAt); ok {
		return io.NewSectionReader(ra, 0, st.Size()), func() { f.Close() }, nil
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		return nil, nil, err
	}
	return io.NewSectionReader(bytes.NewReader(b), 0, int64(len(b))), func() {}, nil
}

// gzipSize is the unpacked size a gzip member records in its last four
// bytes (RFC 1952, ISIZE: the size modulo 2^32).
func gzipSize(gz *io.SectionReader) (uint32, error) {
	var head, tail [4]byte
	if gz.Size() < 18 {
		return 0, errors.New("not a gzip file")
	}
	if _, err := gz.ReadAt(head[:2], 0); err != nil || head[0] != 0x1f || head[1] != 0x8b {
		return 0, errors.New("not a gzip file")
	}
	if _, err := gz.ReadAt(tail[:], gz.Size()-4); err != nil {
		return 0, fmt.Errorf("reading its size: %w", err)
	}
	return binary.LittleEndian.Uint32(tail[:]), nil
}

// acceptsGzip reads an Accept-Encoding header (RFC 9110, 12.5.3): gzip
// listed without q=0, or else "*" without q=0, or no header at all (any
// coding is then acceptable). So only a client that refuses gzip makes the
// host unpack a file for it (issue 18).
func acceptsGzip(header string) bool {
	if strings.TrimSpace(header) == "" {
		return true
	}
	star := false
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding != "gzip" && coding != "x-gzip" && coding != "*" {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		if coding == "*" {
			star = q > 0
			continue
		}
		return q > 0
	}
	return star
}

// interfaceAddrs are the machine's interface addresses (none in a browser:
// handler_js.go).
func interfaceAddrs() []net.Addr {
	a, _ := net.InterfaceAddrs()
	return a
}
