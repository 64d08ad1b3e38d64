//go:build !js

package cli

import (
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/netip"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"golang.org/x/crypto/acme/autocert"

	"github.com/goldvein/goldvein/cmdline"
	"github.com/goldvein/goldvein/relay"
	"github.com/goldvein/goldvein/webdist"
)

func init() {
	Register("relay", "run a relay for internet play: hosts and guests both dial out to it (docs/LAN.md, Run a relay)", runRelay)
}

// runRelay is `goldvein relay --addr HOST:PORT [--tls-cert F --tls-key F |
// --autocert DOMAIN | --insecure] [limits]` (issue 27): it serves package
// relay until SIGINT or SIGTERM, then closes every connection ("relay
// shutting down") and exits 0. It prints "relay: URL" (ws:// or wss://)
// once listening. Bad flags exit 2; a failure exits 1.
func runRelay(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return relayMain(ctx, args, stdout, stderr)
}

// relayMain is runRelay with a context: cancelling it shuts the relay down.
func relayMain(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("relay", flag.ContinueOnError)
	d := relay.Defaults()
	cfg := d
	addr := fs.String("addr", "127.0.0.1:47476", "HOST:PORT to listen on (plain ws:// only on a loopback address, behind a reverse proxy, or with --insecure)")
	certFile := fs.String("tls-cert", "", "TLS certificate file (PEM, the chain): serve wss:// and https://")
	keyFile := fs.String("tls-key", "", "TLS private key file (PEM), with --tls-cert")
	autoDomain := fs.String("autocert", "", "get certificates for this DOMAIN (comma-separated for several) from Let's Encrypt (TLS-ALPN-01: the relay must answer on port 443 of that name)")
	autoDir := fs.String("autocert-dir", "", "folder for --autocert's certificates and account key (default: the user's cache dir/goldvein/autocert)")
	autoEmail := fs.String("autocert-email", "", "contact address given to Let's Encrypt with --autocert (optional)")
	insecure := fs.Bool("insecure", false, "serve plain ws:// on a non-loopback address (only behind something that adds TLS: frames are sealed end to end, but the page and the room names are not)")
	origins := fs.String("origin", "", "extra allowed WebSocket origins, comma-separated host[:port] patterns (the relay's own pages and loopback pages always are)")
	proxies := fs.String("trust-proxy", "", "comma-separated addresses or CIDRs of reverse proxies in front of the relay (e.g. 127.0.0.1): a connection from one has its client's address taken from X-Forwarded-For, for the per-address limits")
	fs.IntVar(&cfg.RoomsPerAddr, "rooms-per-addr", d.RoomsPerAddr, "rooms the hosts of one IP address may hold")
	fs.IntVar(&cfg.ConnsPerAddr, "conns-per-addr", d.ConnsPerAddr, "WebSockets (hosts and guests) one IP address may hold")
	fs.IntVar(&cfg.GuestsPerRoom, "guests-per-room", d.GuestsPerRoom, "guest connections one room holds")
	fs.IntVar(&cfg.MaxRooms, "max-rooms", d.MaxRooms, "rooms the relay holds in all")
	fs.IntVar(&cfg.MaxConns, "max-conns", d.MaxConns, "WebSockets the relay holds in all")
	fs.Float64Var(&cfg.FrameRate, "frame-rate", d.FrameRate, "frames a second a guest may send (data, ping and pong alike); a host link gets guests-per-room times it")
	fs.IntVar(&cfg.FrameBurst, "frame-burst", d.FrameBurst, "frames a guest may send at once (the token bucket's size); a host link gets guests-per-room times it")
	fs.Float64Var(&cfg.ByteRate, "byte-rate", d.ByteRate, "payload bytes a second a guest may send; a host link gets guests-per-room times it")
	fs.IntVar(&cfg.ByteBurst, "byte-burst", d.ByteBurst, "payload bytes a guest may send at once (at least 1 MiB + 5)")
	fs.IntVar(&cfg.QueueBytes, "queue-bytes", d.QueueBytes, "bytes waiting for one guest before it is closed as too slow (a host link: four times it)")
	fs.DurationVar(&cfg.IdleTimeout, "idle", d.IdleTimeout, "close a connection heard nothing from (no frame, no pong) this long; quiet ones are pinged every third of it")
	fs.DurationVar(&cfg.WriteTimeout, "write-timeout", d.WriteTimeout, "close a connection a write to which takes longer")
	fs.DurationVar(&cfg.RoomLifetime, "room-lifetime", d.RoomLifetime, "close a room this long after its host claimed it")
	fs.DurationVar(&cfg.HostWait, "host-wait", d.HostWait, "how long a guest waits for its room's host to (re)claim it")
	webDir := fs.String("web", "", "serve the browser build from this folder (index.html and goldvein.wasm, as `make wasm` leaves in dist/web) instead of the one the binary embeds")
	quiet := fs.Bool("quiet", false, "log nothing but errors")
	if code, done := cmdline.ParseFlags(fs, "goldvein relay [--addr HOST:PORT] [--tls-cert FILE --tls-key FILE | --autocert DOMAIN | --insecure] [limits]", args, stdout, stderr); done {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "goldvein relay: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	tlsCfg, err := relayTLS(*certFile, *keyFile, *autoDomain, *autoDir, *autoEmail)
	if err != nil {
		fmt.Fprintf(stderr, "goldvein relay: %v\n", err)
		return 2
	}
	if tlsCfg == nil && !*insecure && !loopbackAddr(*addr) {
		fmt.Fprintf(stderr, "goldvein relay: --addr %s is not a loopback address: give TLS (--tls-cert and --tls-key, or --autocert DOMAIN), listen on 127.0.0.1 behind a reverse proxy that adds TLS, or say --insecure\n", *addr)
		return 2
	}
	for _, p := range strings.Split(*proxies, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		pre, err := netip.ParsePrefix(p)
		if err != nil {
			a, aerr := netip.ParseAddr(p)
			if aerr != nil {
				fmt.Fprintf(stderr, "goldvein relay: --trust-proxy %q: not an address or CIDR\n", p)
				return 2
			}
			pre = netip.PrefixFrom(a, a.BitLen())
		}
		cfg.TrustedProxies = append(cfg.TrustedProxies, pre)
	}
	if *origins != "" {
		for _, o := range strings.Split(*origins, ",") {
			cfg.Origins = append(cfg.Origins, strings.TrimSpace(o))
		}
	}
	logger := log.New(stderr, "", log.LstdFlags)
	if !*quiet {
		cfg.Logf = logger.Printf
	}
	switch {
	case *webDir != "":
		if _, err := os.Stat(filepath.Join(*webDir, "index.html")); err != nil {
			fmt.Fprintf(stderr, "goldvein relay: --web %s: no browser build there (%v)\n", *webDir, err)
			return 2
		}
		cfg.Web = webdist.NewHandler(os.DirFS(*webDir))
	case webdist.Embedded():
		cfg.Web = webdist.Handler()
	case !*quiet:
		logger.Printf("relay: %s", webdist.NotEmbedded)
	}
	s, err := relay.NewServer(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "goldvein relay: %v\n", err)
		return 2
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		s.Close()
		fmt.Fprintf(stderr, "goldvein relay: %v\n", err)
		return 1
	}
	scheme := "ws"
	if tlsCfg != nil {
		scheme = "wss"
	}
	fmt.Fprintf(stdout, "relay: %s://%s\n", scheme, l.Addr())
	served := make(chan error, 1)
	go func() {
		if tlsCfg != nil {
			served <- s.ServeTLS(l, tlsCfg)
		} else {
			served <- s.Serve(l)
		}
	}()
	select {
	case err = <-served:
		s.Close()
	case <-ctx.Done():
		s.Close()
		err = <-served
	}
	if err != nil {
		fmt.Fprintf(stderr, "goldvein relay: %v\n", err)
		return 1
	}
	return 0
}

// relayTLS returns the relay's TLS configuration from its flags, nil for
// plain WebSocket, or an error naming the flags that do not go together.
func relayTLS(certFile, keyFile, domains, dir, email string) (*tls.Config, error) {
	switch {
	case domains != "" && (certFile != "" || keyFile != ""):
		return nil, errors.New("--autocert gets its own certificates: give it or --tls-cert and --tls-key, not both")
	case (certFile == "") != (keyFile == ""):
		return nil, errors.New("--tls-cert and --tls-key go together")
	case certFile != "":
		cert, err := tls.LoadX509KeyPair(certFile, keyFile)
		if err != nil {
			return nil, fmt.Errorf("--tls-cert/--tls-key: %w", err)
		}
		return &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}, nil
	case domains != "":
		if dir == "" {
			cache, err := os.UserCacheDir()
			if err != nil {
				return nil, fmt.Errorf("--autocert: no cache folder (%v): give --autocert-dir", err)
			}
			dir = filepath.Join(cache, "goldvein", "autocert")
		}
		var names []string
		for _, n := range strings.Split(domains, ",") {
			if n = strings.TrimSpace(n); n != "" {
				names = append(names, n)
			}
		}
		m := &autocert.Manager{Prompt: autocert.AcceptTOS, Cache: autocert.DirCache(dir),
			HostPolicy: autocert.HostWhitelist(names...), Email: email}
		tc := m.TLSConfig() // answers TLS-ALPN-01 challenges on this listener
		tc.MinVersion = tls.VersionTLS12
		return tc, nil
	}
	return nil, nil
}

// loopbackAddr reports whether addr (HOST:PORT) listens on a loopback
// address only: 127.0.0.0/8, ::1 or localhost. An empty host (all
// addresses) is not.
func loopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	a, err := netip.ParseAddr(strings.Trim(host, "[]"))
	return err == nil && a.IsLoopback()
}
