package lan

import (
	"bufio"
	"compress/flate"
	"io"
	"net"
	"testing"
	"time"
)

// rawClient speaks the protocol by hand, to send what a real client never
// would.
type rawClient struct {
	t  testing.TB
	nc net.Conn
	br *bufio.Reader
	r  io.Reader
}

func rawConn(t testing.TB, addr string) *rawClient {
	t.Helper()
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	rc := &rawClient{t: t, nc: nc, br: bufio.NewReader(nc)}
	rc.r = rc.br
	if _, err := io.WriteString(nc, Magic); err != nil {
		t.Fatal(err)
	}
	// Give the host time to count the connection before the caller goes on.
	time.Sleep(20 * time.Millisecond)
	return rc
}

func (rc *rawClient) Close() { rc.nc.Close() }

func (rc *rawClient) send(m *Message) {
	rc.t.Helper()
	p, err := Encode(m)
	if err != nil {
		rc.t.Fatal(err)
	}
	rc.sendRaw(p)
}

func (rc *rawClient) sendRaw(p []byte) {
	rc.t.Helper()
	if err := WriteFrame(rc.nc, p); err != nil {
		rc.t.Fatal(err)
	}
}

// recv reads the next message that is not a ping.
func (rc *rawClient) recv() (Message, error) {
	for {
		rc.nc.SetReadDeadline(time.Now().Add(3 * time.Second))
		p, err := ReadFrame(rc.r, nil, MaxHostMessage)
		if err != nil {
			return Message{}, err
		}
		m, err := DecodeHost(p)
		if err != nil {
			return Message{}, err
		}
		if m.T == TPing {
			continue
		}
		if m.T == TWelcome && m.Deflate {
			rc.r = flate.NewReader(rc.br)
		}
		return m, nil
	}
}
