// Package seal seals a guest's connection to a host end to end, so that a
// relay between them (goldvein relay, docs/LAN.md) forwards frames it
// cannot read nor alter unnoticed (lan/PROTOCOL.md, Sealed transport).
//
// The host makes a fresh random table Key and hands it to its guests in
// the invite (after the # of the link, which a browser never sends). Per
// connection the guest sends, in clear, a version byte and a random salt;
// the host answers with its version byte and a salt of its own, then its
// first sealed record, which is empty: it confirms the key (a guest with
// another key fails there, ErrWrongKey). Both ends derive one key per
// direction with HKDF-SHA256 from the table key and both salts; every
// record after is sealed with AES-256-GCM under a nonce that counts the
// direction's records from 0 and is never sent, so a replayed, reordered,
// dropped or altered record fails to open and ends the connection
// (ErrOpen). Client and Server return a net.Conn carrying a byte stream,
// so the LAN protocol runs inside unchanged.
package seal

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"time"
)

// Version is the sealing's version, the first byte each end sends.
const Version = 1

// KeySize is the size of a table key in bytes.
const KeySize = 32

// SaltSize is the size of each end's salt in bytes.
const SaltSize = 16

// MaxRecord is the most plaintext bytes one record holds; a longer write
// goes out as several records.
const MaxRecord = 64 << 10

// Overhead is what sealing adds to a record: the length header (4 bytes)
// and the AEAD's tag (16 bytes).
const Overhead = 4 + 16

// Labels of the two directions' keys (HKDF's info).
const (
	labelGuestToHost = "goldvein relay v1 guest>host"
	labelHostToGuest = "goldvein relay v1 host>guest"
)

// Key is a table key: 32 random bytes, written in an invite as base64url
// without padding (43 characters).
type Key [KeySize]byte

// NewKey returns a fresh random table key.
func NewKey() (Key, error) {
	var k Key
	if _, err := rand.Read(k[:]); err != nil {
		return Key{}, fmt.Errorf("seal: new key: %w", err)
	}
	return k, nil
}

// String writes the key as an invite does: base64url, no padding.
func (k Key) String() string { return base64.RawURLEncoding.EncodeToString(k[:]) }

// ParseKey reads a key written by String. Anything else (padding, the
// standard alphabet, another length, spaces) is an error.
func ParseKey(s string) (Key, error) {
	if len(s) != base64.RawURLEncoding.EncodedLen(KeySize) {
		return Key{}, fmt.Errorf("seal: the key must be %d characters of base64url, not %d", base64.RawURLEncoding.EncodedLen(KeySize), len(s))
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(s)
	if err != nil || len(b) != KeySize {
		return Key{}, errors.New("seal: the key is not base64url (A-Z, a-z, 0-9, - and _)")
	}
	var k Key
	copy(k[:], b)
	return k, nil
}

// ErrWrongKey is the guest's error when the host's first record does not
// open: the guest's key is not the table's (or the relay altered the
// salts on the way).
var ErrWrongKey = errors.New("seal: wrong invite key")

// ErrOpen is the error of a record that does not open: it was altered,
// replayed, reordered, or one before it was dropped. The connection is
// closed.
var ErrOpen = errors.New("seal: a frame failed to open (altered, replayed, reordered or dropped on the way)")

// Cipher makes the AEAD of one direction from its 32-byte key; its nonce
// must be 12 bytes.
type Cipher func(key []byte) (cipher.AEAD, error)

// AESGCM is the default Cipher: AES-256-GCM.
func AESGCM(key []byte) (cipher.AEAD, error) {
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(b)
}

// Config is what both ends need.
type Config struct {
	// Key is the table key.
	Key Key
	// Cipher seals records; nil is AESGCM. Only tests change it (a null
	// cipher shows that a check for leaks can fail).
	Cipher Cipher
}

// Client seals the guest's end of nc: it sends its version and salt, reads
// the host's and the host's confirming record, within nc's deadlines (the
// caller sets them). A host with another key gives ErrWrongKey. On an
// error nc is closed.
func Client(nc net.Conn, cfg Config) (net.Conn, error) {
	var hello [1 + SaltSize]byte
	hello[0] = Version
	rand.Read(hello[1:])
	if _, err := nc.Write(hello[:]); err != nil {
		nc.Close()
		return nil, fmt.Errorf("seal: send salt: %w", err)
	}
	var reply [1 + SaltSize]byte
	if _, err := io.ReadFull(nc, reply[:]); err != nil {
		nc.Close()
		return nil, fmt.Errorf("seal: read the host's salt: %w", err)
	}
	if reply[0] != Version {
		nc.Close()
		return nil, fmt.Errorf("seal: the host seals with version %d, this guest with %d", reply[0], Version)
	}
	c, err := newConn(nc, cfg, hello[1:], reply[1:], false)
	if err != nil {
		nc.Close()
		return nil, err
	}
	var one [1]byte
	if _, err := c.readRecord(one[:0]); err != nil {
		nc.Close()
		if errors.Is(err, ErrOpen) {
			return nil, ErrWrongKey
		}
		return nil, fmt.Errorf("seal: read the host's confirmation: %w", err)
	}
	return c, nil
}

// Server seals the host's end of nc: it reads the guest's version and
// salt, sends its own and its confirming record, within nc's deadlines. A
// guest of another version gets the host's version byte and is closed.
// On an error nc is closed.
func Server(nc net.Conn, cfg Config) (net.Conn, error) {
	var hello [1 + SaltSize]byte
	if _, err := io.ReadFull(nc, hello[:]); err != nil {
		nc.Close()
		return nil, fmt.Errorf("seal: read the guest's salt: %w", err)
	}
	var reply [1 + SaltSize]byte
	reply[0] = Version
	if hello[0] != Version {
		nc.Write(reply[:1])
		nc.Close()
		return nil, fmt.Errorf("seal: the guest seals with version %d, this host with %d", hello[0], Version)
	}
	rand.Read(reply[1:])
	c, err := newConn(nc, cfg, hello[1:], reply[1:], true)
	if err != nil {
		nc.Close()
		return nil, err
	}
	// The salt and the empty confirming record go out in one write (one
	// relay message).
	out, err := c.seal(reply[:], nil)
	if err == nil {
		_, err = nc.Write(out)
	}
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("seal: send the confirmation: %w", err)
	}
	return c, nil
}

// conn is one sealed end: a net.Conn whose bytes travel in sealed records.
type conn struct {
	nc net.Conn

	rmu     sync.Mutex
	open    cipher.AEAD
	rcount  uint64
	pending []byte // opened plaintext not read yet
	rbuf    []byte
	rerr    error // sticky: a stream that failed once is out of step

	wmu    sync.Mutex
	sealer cipher.AEAD
	wcount uint64
	wbuf   []byte
	werr   error
}

func newConn(nc net.Conn, cfg Config, guestSalt, hostSalt []byte, host bool) (*conn, error) {
	mk := cfg.Cipher
	if mk == nil {
		mk = AESGCM
	}
	salt := append(append([]byte{}, guestSalt...), hostSalt...)
	aead := func(label string) (cipher.AEAD, error) {
		k, err := hkdf.Key(sha256.New, cfg.Key[:], salt, label, 32)
		if err != nil {
			return nil, fmt.Errorf("seal: derive keys: %w", err)
		}
		a, err := mk(k)
		if err != nil {
			return nil, fmt.Errorf("seal: cipher: %w", err)
		}
		if a.NonceSize() != 12 {
			return nil, fmt.Errorf("seal: the cipher's nonce has %d bytes, not 12", a.NonceSize())
		}
		return a, nil
	}
	g2h, err := aead(labelGuestToHost)
	if err != nil {
		return nil, err
	}
	h2g, err := aead(labelHostToGuest)
	if err != nil {
		return nil, err
	}
	c := &conn{nc: nc, open: h2g, sealer: g2h}
	if host {
		c.open, c.sealer = g2h, h2g
	}
	return c, nil
}

func nonce(n *[12]byte, count uint64) []byte {
	binary.BigEndian.PutUint64(n[4:], count)
	return n[:]
}

// seal appends one sealed record of p (at most MaxRecord bytes) to dst.
// The caller holds wmu or owns c alone.
func (c *conn) seal(dst, p []byte) ([]byte, error) {
	if c.wcount == 1<<64-1 {
		return dst, errors.New("seal: too many records on one connection")
	}
	var n [12]byte
	at := len(dst)
	dst = binary.BigEndian.AppendUint32(dst, uint32(len(p)+c.sealer.Overhead()))
	dst = c.sealer.Seal(dst, nonce(&n, c.wcount), p, dst[at:at+4])
	c.wcount++
	return dst, nil
}

// readRecord reads and opens the next record, appending its plaintext to
// dst. Any failure is sticky; a record that does not open closes nc.
func (c *conn) readRecord(dst []byte) ([]byte, error) {
	if c.rerr != nil {
		return dst, c.rerr
	}
	var hdr [4]byte
	if _, err := io.ReadFull(c.nc, hdr[:]); err != nil {
		c.rerr = err
		return dst, err
	}
	n := int(binary.BigEndian.Uint32(hdr[:]))
	if n < c.open.Overhead() || n > MaxRecord+c.open.Overhead() {
		c.rerr = fmt.Errorf("%w: a record of %d bytes", ErrOpen, n)
		c.nc.Close()
		return dst, c.rerr
	}
	if cap(c.rbuf) < n {
		c.rbuf = make([]byte, n)
	}
	body := c.rbuf[:n]
	if _, err := io.ReadFull(c.nc, body); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		c.rerr = fmt.Errorf("seal: a record cut short: %w", err)
		return dst, c.rerr
	}
	var nb [12]byte
	out, err := c.open.Open(dst, nonce(&nb, c.rcount), body, hdr[:])
	if err != nil {
		c.rerr = ErrOpen
		c.nc.Close()
		return dst, c.rerr
	}
	c.rcount++
	if cap(c.rbuf) > 2*MaxRecord {
		c.rbuf = nil
	}
	return out, nil
}

// Read reads the opened stream. An empty record (the host's confirmation)
// gives nothing; Read waits for the next.
func (c *conn) Read(p []byte) (int, error) {
	c.rmu.Lock()
	defer c.rmu.Unlock()
	for len(c.pending) == 0 {
		if len(p) == 0 {
			return 0, nil
		}
		out, err := c.readRecord(c.pending[:0])
		if err != nil {
			return 0, err
		}
		c.pending = out
	}
	n := copy(p, c.pending)
	c.pending = c.pending[n:]
	return n, nil
}

// maxWrite is the most sealed bytes Write hands nc at once (a relay's
// message is at most 1 MiB).
const maxWrite = 256 << 10

// Write seals p in records of at most MaxRecord bytes.
func (c *conn) Write(p []byte) (int, error) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if c.werr != nil {
		return 0, c.werr
	}
	done := 0
	for done < len(p) {
		c.wbuf = c.wbuf[:0]
		start := done
		for done < len(p) && len(c.wbuf) < maxWrite-MaxRecord-Overhead {
			end := min(done+MaxRecord, len(p))
			var err error
			if c.wbuf, err = c.seal(c.wbuf, p[done:end]); err != nil {
				c.werr = err
				return start, err
			}
			done = end
		}
		if _, err := c.nc.Write(c.wbuf); err != nil {
			// Records were counted: the stream is out of step now.
			c.werr = err
			return start, err
		}
	}
	if cap(c.wbuf) > maxWrite {
		c.wbuf = nil
	}
	return done, nil
}

func (c *conn) Close() error                       { return c.nc.Close() }
func (c *conn) LocalAddr() net.Addr                { return c.nc.LocalAddr() }
func (c *conn) RemoteAddr() net.Addr               { return c.nc.RemoteAddr() }
func (c *conn) SetDeadline(t time.Time) error      { return c.nc.SetDeadline(t) }
func (c *conn) SetReadDeadline(t time.Time) error  { return c.nc.SetReadDeadline(t) }
func (c *conn) SetWriteDeadline(t time.Time) error { return c.nc.SetWriteDeadline(t) }
