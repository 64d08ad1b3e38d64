//go:build e2e

package e2e

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// selfSigned writes a certificate for 127.0.0.1 that is its own
// authority, and its key, as PEM files in dir.
func selfSigned(t *testing.T, dir string) (cert, key string) {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(27), Subject: pkix.Name{CommonName: "goldvein test relay"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &k.PublicKey, k)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	cert, key = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(cert, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(key, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600); err != nil {
		t.Fatal(err)
	}
	return cert, key
}

// TestRelayOverTLS: `goldvein relay --tls-cert --tls-key` serves wss://;
// `goldvein serve --relay https://RELAY` prints an https:// invite and two
// `goldvein join LINK` guests that trust the relay's certificate (here by
// SSL_CERT_FILE) play a whole Incan Gold game through it to the same final
// scores. A guest that does not trust it is refused at the TLS handshake
// and takes no seat.
func TestRelayOverTLS(t *testing.T) {
	bin := goldveinBin(t)
	dir := t.TempDir()
	cert, key := selfSigned(t, dir)
	trust := []string{"SSL_CERT_FILE=" + cert, "SSL_CERT_DIR=" + dir}
	rel := startProc(t, bin, "relay", "--addr", "127.0.0.1:0", "--tls-cert", cert, "--tls-key", key)
	addr := rel.match(t, &rel.out, regexp.MustCompile(`(?m)^relay: wss://(127\.0\.0\.1:\d+)\n`), 20*time.Second)[1]
	host := startProcEnv(t, trust, bin, "serve", "--game", "incangold", "--addr", "127.0.0.1:0", "--beacon", "",
		"--relay", "https://"+addr, "--players", "3", "--bots", "1", "--level", "random", "--save", filepath.Join(dir, "lan.json"))
	inv := host.match(t, &host.out, regexp.MustCompile(`(?m)^invite: (https://127\.0\.0\.1:\d+/j/[a-z2-7]{16}#[A-Za-z0-9_-]{43})\n`), 20*time.Second)
	link := inv[1]

	untrusting := startProcEnv(t, []string{"SSL_CERT_FILE=/nonexistent", "SSL_CERT_DIR=/nonexistent"}, bin,
		"join", link, "--name", "mallory", "--bot", "random", "--reconnect", "0")
	if c := untrusting.exit(t, "the guest that does not trust the certificate", time.Minute); c != 1 ||
		!strings.Contains(untrusting.err.String(), "certificate") {
		t.Fatalf("a guest without the relay's certificate: exit %d, stderr:\n%s", c, untrusting.err.String())
	}
	t.Logf("a guest without the relay's certificate: %s", strings.TrimSpace(untrusting.err.String()))

	var guests []*proc
	for _, name := range []string{"ann", "bob"} {
		guests = append(guests, startProcEnv(t, trust, bin, "join", link, "--name", name, "--bot", "random"))
	}
	if c := host.exit(t, "serve", 4*time.Minute); c != 0 {
		t.Fatalf("serve exited %d; stderr:\n%s", c, tailText(host.err.String(), 30))
	}
	want := scoreLines(strings.Split(host.out.String(), "\n"))
	if strings.Count(want, "\n") != 2 {
		t.Fatalf("serve printed no three score lines:\n%s", host.out.String())
	}
	for i, g := range guests {
		if c := g.exit(t, "a guest", 30*time.Second); c != 0 {
			t.Fatalf("guest %d exited %d; stderr:\n%s", i, c, tailText(g.err.String(), 30))
		}
		if got := scoreLines(strings.Split(g.out.String(), "\n")); got != want {
			t.Errorf("guest %d's final scores:\n%s\nthe host's:\n%s", i, got, want)
		}
	}
	if strings.Contains(host.err.String(), "mallory") {
		t.Errorf("the guest that did not trust the relay reached the table: %s", host.err.String())
	}
	t.Logf("through wss://%s; final scores:\n%s", addr, want)
}
