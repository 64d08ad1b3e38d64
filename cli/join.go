package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/goldvein/goldvein/box"
	"github.com/goldvein/goldvein/cmdline"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
)

const joinSynopsis = "goldvein join HOST:PORT|INVITE [--game ID] [--name NAME] [--bot LEVEL] [--password P] [--token TOKEN]"

func init() {
	Register("join", "join a LAN game headless, a computer player making the moves", runJoin)
}

// runJoin is `goldvein join ADDR [--game ID] --name NAME --bot LEVEL`
// (issue 5): a headless guest whose moves come from a computer player, of
// any game of the box (--game, default the first: saboteur). The host's
// welcome names its table's game; a table of another game refuses the
// guest (code "game") and join says which game to ask for. It prints its
// seat and reconnect token to stderr, and the final scores to stdout when
// the game ends, then exits 0. A refusal or a lost host exits 1; bad flags
// exit 2.
func runJoin(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return joinMain(ctx, args, stdout, stderr)
}

// joinMain is runJoin with a context: cancelling it drops the connection
// without a goodbye, as a killed process would.
func joinMain(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("join", flag.ContinueOnError)
	b := box.Games()
	gameID := fs.String("game", "", "the game the table plays: "+strings.Join(b.IDs(), ", ")+" (default "+firstID(b)+")")
	name := fs.String("name", "guest", "your name at the table")
	level := fs.String("bot", "normal", "level of the computer player making the moves (Saboteur: random, easy, normal, hard)")
	password := fs.String("password", "", "the table's password")
	token := fs.String("token", "", "reconnect token of an earlier join: take that seat back")
	reconnect := fs.Duration("reconnect", time.Minute, "keep trying this long to get back after the connection breaks")
	var addr string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		addr, args = args[0], args[1:]
	}
	if code, done := cmdline.ParseFlags(fs, joinSynopsis, args, stdout, stderr); done {
		return code
	}
	if addr == "" && fs.NArg() == 1 {
		addr = fs.Arg(0)
	} else if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "goldvein join: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if addr == "" {
		fmt.Fprintf(stderr, "usage: %s\n", joinSynopsis)
		return 2
	}
	// An invite (RELAY/j/ROOM#KEY) joins through the relay; it does not
	// name the game, so without --game each game of the box is tried
	// until the host does not refuse it for its game.
	var dial func(context.Context, string) (net.Conn, error)
	invite := strings.Contains(addr, "#")
	if invite {
		inv, err := lan.ParseInvite(addr)
		if err != nil {
			fmt.Fprintf(stderr, "goldvein join: %v\n", err)
			return 2
		}
		dial = lan.RelayDialer(inv)
	}
	games := b
	if *gameID != "" || !invite {
		bg, err := b.Find(*gameID)
		if err != nil {
			fmt.Fprintf(stderr, "goldvein join: %v\n", err)
			return 2
		}
		games = box.Box{bg}
	}
	for _, bg := range games {
		if bg.Rules == nil && len(games) == 1 {
			fmt.Fprintf(stderr, "goldvein join: --game %s: this game cannot be played over the network yet\n", bg.ID)
			return 2
		}
		if levels := bg.Rules.Levels(); len(games) == 1 && !slices.Contains(levels, *level) {
			fmt.Fprintf(stderr, "goldvein join: --bot: %q: %s has %s\n", *level, bg.ID, strings.Join(levels, ", "))
			return 2
		}
	}
	if *token == "" {
		if err := lan.CheckName(*name); err != nil {
			fmt.Fprintf(stderr, "goldvein join: --name: %v\n", err)
			return 2
		}
	}
	var c *lan.Client
	var bg box.Game
	var err error
	for _, bg = range games {
		if bg.Rules == nil {
			continue
		}
		c, err = lan.Join(ctx, addr, lan.ClientConfig{Game: bg.Rules, Name: *name, Password: *password, Token: *token, Reconnect: *reconnect, Dial: dial})
		var re *lan.RefusedError
		if !errors.As(err, &re) || re.Code != lan.CodeGame || len(games) == 1 {
			break
		}
	}
	g := bg.Rules
	if err == nil && !slices.Contains(g.Levels(), *level) {
		c.Close()
		fmt.Fprintf(stderr, "goldvein join: --bot: %q: %s has %s\n", *level, bg.ID, strings.Join(g.Levels(), ", "))
		return 2
	}
	if err != nil {
		var re *lan.RefusedError
		switch {
		case errors.As(err, &re) && re.Code == lan.CodePassword && *password == "":
			fmt.Fprintln(stderr, "goldvein join: this table needs a password (--password)")
		case errors.As(err, &re) && re.Code == lan.CodeGame:
			fmt.Fprintf(stderr, "goldvein join: the host refused: %s (join with --game and the table's game)\n", re.Text)
		default:
			fmt.Fprintf(stderr, "goldvein join: %v\n", err)
		}
		return 1
	}
	fmt.Fprintf(stderr, "goldvein join: seat %d, reconnect token %s\n", c.Seat(), c.Token())
	var names []string
	v, err := lan.Autoplay(ctx, c, func(seat int) (rules.Bot, error) {
		return g.NewBot(*level, seat, uint64(time.Now().UnixNano()))
	}, func(m lan.Message) {
		switch m.T {
		case lan.TLobby:
			names = names[:0]
			for _, s := range m.Lobby.Seats {
				names = append(names, s.Name)
			}
		case lan.TChat:
			fmt.Fprintf(stderr, "goldvein join: chat: %s: %s\n", m.Name, chatText(g, m))
		case lan.TNotice: // the text has no control characters (lan.DecodeHost)
			fmt.Fprintf(stderr, "goldvein join: notice: %s\n", m.Text)
		case lan.TDropped:
			fmt.Fprintf(stderr, "goldvein join: connection lost (%s); reconnecting\n", m.Error)
		case lan.TBack:
			fmt.Fprintln(stderr, "goldvein join: back in the game")
		}
	})
	if err != nil {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintln(stderr, "goldvein join: stopped")
		} else {
			fmt.Fprintf(stderr, "goldvein join: %v\n", err)
		}
		return 1
	}
	writeFinalScores(stdout, bg.ID, names, v)
	return 0
}

func chatText(g rules.Game, m lan.Message) string {
	if m.Phrase != "" {
		return rules.PhraseText(g, m.Phrase)
	}
	return m.Text
}
