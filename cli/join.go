package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/goldvein/goldvein/cmdline"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
)

const joinSynopsis = "goldvein join HOST:PORT [--name NAME] [--bot LEVEL] [--password P] [--token TOKEN]"

func init() {
	Register("join", "join a LAN game headless, a computer player making the moves", runJoin)
}

// runJoin is `goldvein join ADDR --name NAME --bot LEVEL` (issue 5): a
// headless guest whose moves come from a computer player. It prints its
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
	name := fs.String("name", "guest", "your name at the table")
	level := fs.String("bot", "normal", "level of the computer player making the moves: random, easy, normal, hard")
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
	lv, err := bot.ParseLevel(*level)
	if err != nil {
		fmt.Fprintf(stderr, "goldvein join: --bot: %v\n", err)
		return 2
	}
	if *token == "" {
		if err := lan.CheckName(*name); err != nil {
			fmt.Fprintf(stderr, "goldvein join: --name: %v\n", err)
			return 2
		}
	}
	c, err := lan.Join(ctx, addr, lan.ClientConfig{Name: *name, Password: *password, Token: *token, Reconnect: *reconnect})
	if err != nil {
		var re *lan.RefusedError
		if errors.As(err, &re) && re.Code == lan.CodePassword && *password == "" {
			fmt.Fprintln(stderr, "goldvein join: this table needs a password (--password)")
		} else {
			fmt.Fprintf(stderr, "goldvein join: %v\n", err)
		}
		return 1
	}
	fmt.Fprintf(stderr, "goldvein join: seat %d, reconnect token %s\n", c.Seat(), c.Token())
	var names []string
	v, err := lan.Autoplay(ctx, c, func(seat, players int) saboteur.Brain {
		return bot.New(lv, seat, players, uint64(time.Now().UnixNano()))
	}, func(m lan.Message) {
		switch m.T {
		case lan.TLobby:
			names = names[:0]
			for _, s := range m.Lobby.Seats {
				names = append(names, s.Name)
			}
		case lan.TChat:
			fmt.Fprintf(stderr, "goldvein join: chat: %s: %s\n", m.Name, chatText(m))
		case lan.TNotice: // the text has no control characters (lan.DecodeHost)
			fmt.Fprintf(stderr, "goldvein join: notice: %s\n", m.Text)
		case lan.TDropped:
			fmt.Fprintf(stderr, "goldvein join: connection lost (%s); reconnecting\n", m.Error)
		case lan.TBack:
			fmt.Fprintln(stderr, "goldvein join: back in the game")
		}
	})
	if err != nil || v.Phase != saboteur.Over {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintln(stderr, "goldvein join: stopped")
		} else {
			fmt.Fprintf(stderr, "goldvein join: %v\n", err)
		}
		return 1
	}
	writeFinalScores(stdout, names, v)
	return 0
}

func chatText(m lan.Message) string {
	if m.Phrase != "" {
		return lan.PhraseText(m.Phrase)
	}
	return m.Text
}
