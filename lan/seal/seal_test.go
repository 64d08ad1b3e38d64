package seal

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

// duplex is a net.Conn reading from one pipe and writing to another, so a
// test can stand between the guest and the host as a relay does.
type duplex struct {
	r  io.ReadCloser
	w  io.WriteCloser
	rc func()
}

func (d duplex) Read(p []byte) (int, error)  { return d.r.Read(p) }
func (d duplex) Write(p []byte) (int, error) { return d.w.Write(p) }
func (d duplex) Close() error {
	d.r.Close()
	d.w.Close()
	return nil
}
func (d duplex) LocalAddr() net.Addr                { return &net.TCPAddr{} }
func (d duplex) RemoteAddr() net.Addr               { return &net.TCPAddr{} }
func (d duplex) SetDeadline(t time.Time) error      { return nil }
func (d duplex) SetReadDeadline(t time.Time) error  { return nil }
func (d duplex) SetWriteDeadline(t time.Time) error { return nil }

// middle is a sealed guest and host with the test in between on the
// guest-to-host side: fromGuest gives what the guest wrote, toHost is what
// the host reads.
type middle struct {
	guest, host net.Conn
	guestErr    error
	fromGuest   *io.PipeReader
	toHost      *io.PipeWriter
}

func newMiddle(t *testing.T, guestKey, hostKey Key) *middle {
	t.Helper()
	gOutR, gOutW := io.Pipe()
	hInR, hInW := io.Pipe()
	hOutR, hOutW := io.Pipe()
	m := &middle{fromGuest: gOutR, toHost: hInW}
	type res struct {
		c   net.Conn
		err error
	}
	hc := make(chan res, 1)
	go func() {
		c, err := Server(duplex{r: hInR, w: hOutW}, Config{Key: hostKey})
		hc <- res{c, err}
	}()
	go func() {
		var hello [1 + SaltSize]byte
		if _, err := io.ReadFull(gOutR, hello[:]); err == nil {
			hInW.Write(hello[:])
		}
	}()
	m.guest, m.guestErr = Client(duplex{r: hOutR, w: gOutW}, Config{Key: guestKey})
	r := <-hc
	if r.err != nil {
		t.Fatalf("host: %v", r.err)
	}
	m.host = r.c
	t.Cleanup(func() {
		m.host.Close()
		if m.guest != nil {
			m.guest.Close()
		}
	})
	return m
}

// records has the guest write each of texts (one record each) and returns
// the sealed records as they left the guest.
func (m *middle) records(t *testing.T, texts ...string) [][]byte {
	t.Helper()
	go func() {
		for _, s := range texts {
			m.guest.Write([]byte(s))
		}
	}()
	var out [][]byte
	for range texts {
		var hdr [4]byte
		if _, err := io.ReadFull(m.fromGuest, hdr[:]); err != nil {
			t.Fatal(err)
		}
		body := make([]byte, binary.BigEndian.Uint32(hdr[:]))
		if _, err := io.ReadFull(m.fromGuest, body); err != nil {
			t.Fatal(err)
		}
		out = append(out, append(hdr[:], body...))
	}
	return out
}

// feed writes the records to the host and closes its input.
func (m *middle) feed(recs ...[]byte) {
	go func() {
		for _, r := range recs {
			if _, err := m.toHost.Write(r); err != nil {
				return
			}
		}
		m.toHost.Close()
	}()
}

// readAll reads the host's stream to its end: what opened and the error.
func readAll(c net.Conn) (string, error) {
	var b strings.Builder
	p := make([]byte, 100)
	for {
		n, err := c.Read(p)
		b.Write(p[:n])
		if err != nil {
			return b.String(), err
		}
	}
}

func key(t testing.TB) Key {
	k, err := NewKey()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestRoundTrip(t *testing.T) {
	k := key(t)
	a, b := net.Pipe()
	hc := make(chan net.Conn, 1)
	go func() {
		c, err := Server(b, Config{Key: k})
		if err != nil {
			t.Error(err)
		}
		hc <- c
	}()
	guest, err := Client(a, Config{Key: k})
	if err != nil {
		t.Fatal(err)
	}
	host := <-hc
	if host == nil {
		t.FailNow()
	}
	defer guest.Close()
	defer host.Close()
	// Both ways at once, writes larger than a record.
	for _, size := range []int{1, MaxRecord - 1, MaxRecord, 3*MaxRecord + 7, 1 << 20} {
		up, down := make([]byte, size), make([]byte, size)
		rand.Read(up)
		rand.Read(down)
		errs := make(chan error, 2)
		go func() { _, err := guest.Write(up); errs <- err }()
		go func() { _, err := host.Write(down); errs <- err }()
		gotUp, gotDown := make([]byte, size), make([]byte, size)
		go func() { _, err := io.ReadFull(host, gotUp); errs <- err }()
		if _, err := io.ReadFull(guest, gotDown); err != nil {
			t.Fatal(err)
		}
		for range 3 {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(up, gotUp) || !bytes.Equal(down, gotDown) {
			t.Fatalf("%d bytes: the stream changed on the way", size)
		}
	}
}

func TestWrongKey(t *testing.T) {
	m := newMiddle(t, key(t), key(t))
	if !errors.Is(m.guestErr, ErrWrongKey) || m.guestErr.Error() != "seal: wrong invite key" {
		t.Fatalf("guest with another key: %v, want %v", m.guestErr, ErrWrongKey)
	}
}

func TestForwarded(t *testing.T) {
	k := key(t)
	m := newMiddle(t, k, k)
	recs := m.records(t, "GOLD", "VEIN")
	m.feed(recs...)
	got, err := readAll(m.host)
	if got != "GOLDVEIN" || err != io.EOF {
		t.Fatalf("host read %q, %v; want GOLDVEIN, EOF", got, err)
	}
}

func TestReplayReorderDrop(t *testing.T) {
	cases := []struct {
		name  string
		order []int
		want  string // what opens before the failure
	}{
		{"replayed", []int{0, 0, 1}, "a"},
		{"replayed later", []int{0, 1, 0}, "ab"},
		{"reordered", []int{1, 0}, ""},
		{"dropped", []int{0, 2}, "a"},
		{"first dropped", []int{1, 2}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			k := key(t)
			m := newMiddle(t, k, k)
			recs := m.records(t, "a", "b", "c")
			var feed [][]byte
			for _, i := range tc.order {
				feed = append(feed, recs[i])
			}
			m.feed(feed...)
			got, err := readAll(m.host)
			if got != tc.want || !errors.Is(err, ErrOpen) {
				t.Fatalf("host read %q, %v; want %q, %v", got, err, tc.want, ErrOpen)
			}
		})
	}
}

// A record from another connection of the same table (another salt) does
// not open: a relay cannot replay a whole earlier connection.
func TestReplayAcrossConnections(t *testing.T) {
	k := key(t)
	first := newMiddle(t, k, k)
	old := first.records(t, "bye")
	second := newMiddle(t, k, k)
	second.feed(old...)
	got, err := readAll(second.host)
	if got != "" || !errors.Is(err, ErrOpen) {
		t.Fatalf("host read %q, %v; want nothing, %v", got, err, ErrOpen)
	}
}

func TestTruncated(t *testing.T) {
	k := key(t)
	for _, cut := range []int{2, 4, 4 + len("second")} {
		t.Run("", func(t *testing.T) {
			m := newMiddle(t, k, k)
			recs := m.records(t, "first", "second")
			m.feed(recs[0], recs[1][:cut])
			got, err := readAll(m.host)
			if got != "first" || err == nil || err == io.EOF {
				t.Fatalf("cut at %d: host read %q, %v; want \"first\" and an error", cut, got, err)
			}
		})
	}
}

func TestBitFlips(t *testing.T) {
	k := key(t)
	m := newMiddle(t, k, k)
	rec := m.records(t, "move")[0]
	for i := range len(rec) * 8 {
		t.Run("", func(t *testing.T) {
			m := newMiddle(t, k, k)
			orig := m.records(t, "move")[0]
			bad := bytes.Clone(orig)
			bad[i/8] ^= 1 << (i % 8)
			m.feed(bad)
			got, err := readAll(m.host)
			if got != "" || err == nil || err == io.EOF {
				t.Fatalf("bit %d flipped: host read %q, %v", i, got, err)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	a, b := net.Pipe()
	go func() {
		var hello [1 + SaltSize]byte
		hello[0] = 2
		a.Write(hello[:])
		var v [1]byte
		a.Read(v[:])
		a.Close()
	}()
	if _, err := Server(b, Config{Key: key(t)}); err == nil || !strings.Contains(err.Error(), "version 2") {
		t.Fatalf("guest of version 2: %v", err)
	}
}

func TestParseKey(t *testing.T) {
	k := key(t)
	got, err := ParseKey(k.String())
	if err != nil || got != k {
		t.Fatalf("ParseKey(String()) = %v, %v", got, err)
	}
	s := k.String()
	for _, bad := range []string{"", s[:42], s + "A", s[:42] + "=", "+" + s[1:], s[:20] + " " + s[21:],
		strings.Repeat("A", 42) + "B" /* stray low bits: not the way String writes it */} {
		if _, err := ParseKey(bad); err == nil {
			t.Errorf("ParseKey(%q) accepted a bad key", bad)
		}
	}
}

// fixed is a sealed pair with fixed salts, for the fuzz target.
func fixed(nc net.Conn, host bool) *conn {
	var k Key
	k[0] = 7
	c, err := newConn(nc, Config{Key: k}, make([]byte, SaltSize), make([]byte, SaltSize), host)
	if err != nil {
		panic(err)
	}
	return c
}

type readerConn struct {
	duplex
	r io.Reader
}

func (c readerConn) Read(p []byte) (int, error) { return c.r.Read(p) }
func (c readerConn) Close() error               { return nil }

// FuzzOpen feeds the host any stream: it must never panic, and what it
// lets through must be what the guest sealed, in order.
func FuzzOpen(f *testing.F) {
	g := fixed(nil, false)
	var seed []byte
	seed, _ = g.seal(seed, []byte("hello"))
	seed, _ = g.seal(seed, []byte("world"))
	f.Add(seed)
	f.Add(append(bytes.Clone(seed[:len(seed)/2]), seed...))
	f.Add([]byte{0, 0, 0, 16})
	f.Fuzz(func(t *testing.T, data []byte) {
		h := fixed(readerConn{r: bytes.NewReader(data)}, true)
		got, err := readAll(h)
		if err == nil {
			t.Fatal("a stream ended without an error")
		}
		if !strings.HasPrefix("helloworld", got) {
			t.Fatalf("opened %q, not what the guest sealed", got)
		}
	})
}

// BenchmarkSealOpen seals and opens one record of a typical update (600
// bytes, lan's figure per seat per move): the CPU sealing adds per message.
func BenchmarkSealOpen(b *testing.B) {
	var buf bytes.Buffer
	g := fixed(nil, false)
	h := fixed(readerConn{r: &buf}, true)
	p := make([]byte, 600)
	out := make([]byte, 0, 700)
	b.SetBytes(int64(len(p)))
	b.ReportAllocs()
	for b.Loop() {
		rec, _ := g.seal(out[:0], p)
		buf.Write(rec)
		if _, err := h.readRecord(nil); err != nil {
			b.Fatal(err)
		}
	}
}
