//go:build !js

package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/goldvein/goldvein/box"
	"github.com/goldvein/goldvein/cmdline"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/webdist"
)

func init() {
	Register("serve", "host a LAN game headless: guests join with the app, a browser or goldvein join", runServe)
}

// lanSaveFile is the dedicated host's autosave inside the config folder.
const lanSaveFile = "lan-autosave.json"

// runServe is `goldvein serve [--game ID] --addr HOST:PORT --players N
// --bots K [--password P] [--resume] [--turn-timeout D]` (issue 5): a
// headless dedicated host of any game of the box (--game, default the
// first: saboteur, so that no script breaks). It prints
// "listening on ADDR" first, starts the game when every guest seat is taken,
// autosaves after every move, and prints the final scores and exits 0 when
// the game ends. Bad flags exit 2; a failure exits 1.
func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serveMain(ctx, args, stdout, stderr)
}

// serveMain is runServe with a context: cancelling it is a crash (the host
// stops at once; the autosave stays for --resume).
func serveMain(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	b := box.Games()
	gameID := fs.String("game", "", "the game to host: "+strings.Join(b.IDs(), ", ")+" (default "+firstID(b)+")")
	addr := fs.String("addr", ":47475", "HOST:PORT to listen on (TCP, and HTTP/WebSocket on the same port)")
	players := fs.Int("players", 4, "seats at the table (Saboteur: 3 to 10, R1.1; goldvein help lists each game's)")
	bots := fs.Int("bots", 0, "seats computer players take; the others wait for guests")
	password := fs.String("password", "", "password guests must give (empty: none)")
	resume := fs.Bool("resume", false, "continue the game in the autosave (after a crash); guests reconnect")
	name := fs.String("name", "goldvein", "the table's name, shown to guests")
	level := fs.String("level", "normal", "computer players' level (Saboteur: random, easy, normal, hard)")
	grace := fs.Duration("grace", 30*time.Second, "how long a dropped guest keeps their seat before a computer player stands in")
	turnTimeout := fs.Duration("turn-timeout", lan.DefaultTurnTimeout, "how long a guest may take for a turn before a computer player makes that move for them (0: no limit)")
	save := fs.String("save", "", "autosave file (default: "+lanSaveFile+" in the config folder)")
	seed := fs.Uint64("seed", 0, "seed of the deal (0: random; never sent to guests)")
	beacon := fs.String("beacon", fmt.Sprintf("255.255.255.255:%d", lan.BeaconPort), "UDP address the discovery beacon goes to (empty: no beacon)")
	perAddr := fs.Int("per-addr", 4, "most game connections from one IP address")
	hostNames := fs.String("host-name", "", "other names browsers may reach this machine by, comma-separated (a router's DNS name such as gamebox.home); a WebSocket naming any other host is refused")
	relay := fs.String("relay", "", "also open the table on the relay at URL (https://RELAY; goldvein relay): prints \"invite: LINK\" once the room is open; guests join with that link from anywhere")
	botDelay := fs.Duration("bot-delay", 0, "computer players wait this long before each move")
	connect := fs.Bool("connect-to-start", false, "Saboteur table rule R5.5: path cards must continue a tunnel from the start")
	oneNugget := fs.Bool("one-nugget", false, "Saboteur table rule R8.1a: one nugget card per gold-digger")
	sabotaged := fs.Bool("sabotaged-get-nothing", false, "Saboteur table rule R8.1b: diggers with a broken tool get no gold")
	if code, done := cmdline.ParseFlags(fs, "goldvein serve [--game ID] [--addr HOST:PORT] [--players N] [--bots K] [--password P] [flags]", args, stdout, stderr); done {
		return code
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "goldvein serve: "+format+"\n", a...)
		return code
	}
	if fs.NArg() > 0 {
		return fail(2, "unexpected argument %q", fs.Arg(0))
	}
	bg, err := b.Find(*gameID)
	if err != nil {
		return fail(2, "%v", err)
	}
	g := bg.Rules
	if g == nil {
		return fail(2, "--game %s: this game cannot be played over the network yet", bg.ID)
	}
	if levels := g.Levels(); !slices.Contains(levels, *level) {
		return fail(2, "--level: %q: %s has %s", *level, bg.ID, strings.Join(levels, ", "))
	}
	if *grace <= 0 {
		return fail(2, "--grace %s: want a positive duration", *grace)
	}
	if *turnTimeout < 0 {
		return fail(2, "--turn-timeout %s: want a positive duration, or 0 for no limit", *turnTimeout)
	}
	limit := *turnTimeout
	if limit == 0 {
		limit = -1 // lan.HostConfig: negative is no limit, 0 the default
	}
	var opts json.RawMessage // the game's defaults
	if bg.ID == saboteur.ID {
		so := saboteur.Options{Players: *players, FirstPlayer: -1, ConnectToStart: *connect,
			OneNuggetPerDigger: *oneNugget, SabotagedGetNothing: *sabotaged}
		if err := so.Validate(); err != nil {
			return fail(2, "--players: %v", err)
		}
		opts, _ = json.Marshal(so)
	} else if *connect || *oneNugget || *sabotaged {
		return fail(2, "--connect-to-start, --one-nugget and --sabotaged-get-nothing are Saboteur's table rules, not %s's", bg.ID)
	}
	if lo, hi := g.Seats(); *players < lo || *players > hi {
		return fail(2, "--players %d: %s takes %d to %d players", *players, bg.ID, lo, hi)
	}
	if *bots < 0 || *bots > *players {
		return fail(2, "--bots %d: want 0 to %d", *bots, *players)
	}
	path := *save
	if path == "" {
		dir, err := game.ConfigDir("")
		if err != nil {
			return fail(1, "%v", err)
		}
		path = filepath.Join(dir, lanSaveFile)
	}
	var logMu sync.Mutex
	names, err := parseHostNames(*hostNames)
	if err != nil {
		return fail(2, "--host-name: %v", err)
	}
	cfg := lan.HostConfig{HostNames: names, Name: *name, Password: *password, Game: g, Players: *players, Options: opts, Bots: *bots, BotLevel: *level,
		BotDelay: *botDelay, Seed: *seed, Save: lanSaver{game.FileSaver{Path: path, Private: true}}, Grace: *grace, TurnTimeout: limit, AutoStart: true,
		MaxPerAddr: *perAddr, Web: webdist.Handler(),
		Logf: func(format string, a ...any) {
			logMu.Lock()
			defer logMu.Unlock()
			fmt.Fprintf(stderr, "goldvein serve: "+format+"\n", a...)
		}}
	var rec *rules.Record
	var sess lan.Session
	if *resume {
		var err error
		if rec, sess, err = loadLanSaveCtx(ctx, path, g); err != nil {
			return fail(1, "--resume: %v", err)
		}
		cfg.Players, cfg.Options = len(rec.Seats), rec.Options
	}
	if cfg.Relay, err = serveRelayRoom(*relay, sess); err != nil {
		return fail(2, "--relay: %v", err)
	}
	h, err := lan.NewHost(cfg)
	if err != nil {
		return fail(2, "%v", err)
	}
	defer h.Close()
	if rec != nil {
		if err := h.Resume(rec, sess, nil); err != nil {
			return fail(1, "--resume: %v", err)
		}
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		return fail(1, "%v", err)
	}
	go func() {
		// Serve retries accept errors; it returns when l closes.
		if err := h.Serve(l); err != nil {
			cfg.Logf("%v", err)
		}
	}()
	fmt.Fprintf(stdout, "listening on %s\n", l.Addr())
	if cfg.Relay != nil {
		var once sync.Once
		go h.ServeRelay(ctx, func(inv lan.Invite) {
			once.Do(func() {
				logMu.Lock()
				defer logMu.Unlock()
				fmt.Fprintf(stdout, "invite: %s\n", inv.Link())
			})
		})
	}
	guests, browsers := joinAddresses(l.Addr().(*net.TCPAddr))
	if len(guests) > 0 {
		cfg.Logf("guests join at %s", strings.Join(guests, ", "))
	}
	if webdist.Embedded() {
		cfg.Logf("browsers join at %s", strings.Join(browsers, " "))
	} else {
		cfg.Logf("%s", webdist.NotEmbedded)
	}
	if *beacon != "" {
		dst, err := net.ResolveUDPAddr("udp4", *beacon)
		if err != nil {
			return fail(2, "--beacon: %v", err)
		}
		go h.Announce(ctx, dst, l.Addr().(*net.TCPAddr).Port, time.Second)
	}
	if rec == nil && *bots == *players {
		if err := h.Start(nil); err != nil {
			return fail(1, "%v", err)
		}
	}
	select {
	case <-h.Started():
	case <-ctx.Done():
		return fail(1, "stopped before the game started")
	}
	t := h.Table()
	select {
	case <-t.Done():
	case <-ctx.Done():
		return fail(1, "stopped; continue the game with --resume")
	}
	h.Finish(2 * time.Second) // the last updates reach the guests
	logMu.Lock()
	writeFinalScores(stdout, bg.ID, t.Names(), t.View(-1))
	logMu.Unlock()
	if err := t.SaveError(); err != nil {
		fmt.Fprintf(stderr, "goldvein serve: autosave: %v\n", err)
	}
	return 0
}

// serveRelayRoom is the table's relay room: the saved one of a resumed
// table (the same invite; --relay, if given, must name its relay), or a
// new one on the relay at url, or none.
func serveRelayRoom(url string, sess lan.Session) (*lan.RelayRoom, error) {
	if sess.Relay != nil {
		if url != "" {
			base, err := lan.NormalizeRelay(url)
			if err != nil {
				return nil, err
			}
			if base != sess.Relay.Relay {
				return nil, fmt.Errorf("the saved table's room is on %s, not %s", sess.Relay.Relay, base)
			}
		}
		return sess.Relay, nil
	}
	if url == "" {
		return nil, nil
	}
	room, err := lan.NewRelayRoom(url)
	if err != nil {
		return nil, err
	}
	return &room, nil
}

// lanSave is the dedicated host's autosave as game.FileSaver.SaveSession
// writes it: the game record and the session (seats and reconnect tokens)
// that --resume needs. goldvein replay reads the record inside.
type lanSave struct {
	Record  json.RawMessage `json:"record"`
	Session lan.Session     `json:"session"`
}

// lanSaver is the dedicated host's autosave: the one autosave writer,
// game.FileSaver, with the session beside the record, readable by the
// user only (it holds the reconnect tokens).
type lanSaver struct{ fs game.FileSaver }

func (s lanSaver) Save(rec *rules.Record, sess lan.Session) error { return s.fs.SaveSession(rec, sess) }

// loadLanSave reads and checks an autosave of g written by lanSaver (or
// by goldvein before record format 2: game.FileSaver.Load converts it).
func loadLanSave(path string, g rules.Game) (*rules.Record, lan.Session, error) {
	saved, err := game.FileSaver{Path: path}.Load(g)
	if err != nil {
		return nil, lan.Session{}, err
	}
	if saved.Record.Game != g.ID() {
		return nil, lan.Session{}, fmt.Errorf("%s: a game of %s, not %s (--game)", path, saved.Record.Game, g.ID())
	}
	if saved.Match.Over() {
		return nil, lan.Session{}, errors.New(path + ": that game is over; nothing to resume")
	}
	var sess lan.Session
	if saved.Session == nil {
		return nil, lan.Session{}, errors.New(path + ": no session: not a goldvein serve save")
	}
	if err := json.Unmarshal(saved.Session, &sess); err != nil {
		return nil, lan.Session{}, fmt.Errorf("%s: session: %w", path, err)
	}
	rec := saved.Record
	if len(sess.Seats) != len(rec.Seats) {
		return nil, lan.Session{}, fmt.Errorf("%s: session has %d seats for %d players", path, len(sess.Seats), len(rec.Seats))
	}
	return rec, sess, nil
}

// loadLanSaveCtx is loadLanSave that gives up when ctx ends: SIGINT and
// SIGTERM stop serve at every step, also while a save is read and replayed.
func loadLanSaveCtx(ctx context.Context, path string, g rules.Game) (*rules.Record, lan.Session, error) {
	type loaded struct {
		rec  *rules.Record
		sess lan.Session
		err  error
	}
	ch := make(chan loaded, 1)
	go func() {
		rec, sess, err := loadLanSave(path, g)
		ch <- loaded{rec, sess, err}
	}()
	select {
	case l := <-ch:
		return l.rec, l.sess, l.err
	case <-ctx.Done():
		return nil, lan.Session{}, errors.New("stopped while reading " + path)
	}
}

// joinAddresses names where guests (HOST:PORT) and browsers (http URLs) can
// reach a host listening at at: the machine's LAN addresses when it listens
// on all of them, otherwise only the one address it listens on.
func joinAddresses(at *net.TCPAddr) (guests, browsers []string) {
	if at.IP != nil && !at.IP.IsUnspecified() {
		hp := net.JoinHostPort(at.IP.String(), strconv.Itoa(at.Port))
		return []string{hp}, []string{"http://" + hp + "/"}
	}
	return lan.JoinAddresses(at.Port), webdist.JoinURLs(at.Port)
}

// parseHostNames reads serve's --host-name list: DNS names separated by
// commas, spaces around them ignored, an empty list none. A name is at
// most 253 characters of dot-separated labels, each 1 to 63 letters,
// digits and hyphens, not starting or ending with a hyphen (RFC 1123
// section 2.1), with an optional final dot.
func parseHostNames(list string) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	var out []string
	for _, n := range strings.Split(list, ",") {
		n = strings.TrimSpace(n)
		if err := checkHostName(n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// checkHostName checks one name of parseHostNames.
func checkHostName(n string) error {
	switch {
	case n == "":
		return fmt.Errorf("an empty name in the list")
	case len(n) > 253:
		return fmt.Errorf("%.20q...: longer than 253 characters", n)
	}
	for _, label := range strings.Split(strings.TrimSuffix(n, "."), ".") {
		if label == "" || len(label) > 63 {
			return fmt.Errorf("%q: each part between dots has 1 to 63 characters", n)
		}
		if label[0] == '-' || label[len(label)-1] == '-' {
			return fmt.Errorf("%q: a part between dots neither starts nor ends with '-'", n)
		}
		for _, r := range label {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
				return fmt.Errorf("%q: a host name has only letters, digits, '-' and '.'", n)
			}
		}
	}
	return nil
}
