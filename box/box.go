// Package box is the list of the app's games: each game's rules (the
// contract of package rules) and its command-line tools, in the order the
// menu and goldvein help show them. Adding a game to the box is one entry
// in Games. It imports every game package and never Ebitengine; the
// table (package game) and the network (package lan) never import it.
package box

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/incangold"
	igbot "github.com/goldvein/goldvein/rules/incangold/bot"
	"github.com/goldvein/goldvein/rules/saboteur"
	sabbot "github.com/goldvein/goldvein/rules/saboteur/bot"
	"github.com/goldvein/goldvein/rules/underground"
	ugbot "github.com/goldvein/goldvein/rules/underground/bot"
)

// Game is one game of the box: its rules (the contract of package rules)
// and its command-line tools.
type Game struct {
	// ID is the game's --game name ("saboteur"); it is Rules.ID() once
	// Rules is set.
	ID string
	// Title is its name in goldvein help ("Saboteur"). Its seat range
	// there is the contract's (SeatRange).
	Title string
	// Summary is one line on what the game is.
	Summary string
	// Rules is the game on the contract; nil for a game whose tools do not
	// go through the contract yet.
	Rules rules.Game
	// Check reads one position in the game's position format (its rules
	// reference, "Position format") from in and writes one JSON line per
	// move or query to out. An error means bad input: goldvein check prints
	// it on one line and exits 2.
	Check func(in io.Reader, out io.Writer) error
	// Describe prints the course of a format-2 record of the game for
	// goldvein replay; the record has been replayed through the rules
	// already.
	Describe func(rec *rules.Record, out io.Writer) error
	// Sim is the game's own goldvein sim (its flags and report); nil runs
	// the box's sim over the contract (cli/simbox.go). It gets the
	// arguments after --game ID and returns the exit status.
	Sim func(args []string, stdout, stderr io.Writer) int
	// Hidden is the game's hidden-information check for the contract test
	// (rules/ruletest, Config.Hidden): what a seat receives may not reveal
	// what the rules reference's "Hidden information" keeps from it.
	Hidden func(m rules.Match, seat int, data []byte) error
}

// Box is the games of the app, in the order the menu and help show them;
// the first is the default of --game.
type Box []Game

// Find returns the game called id ("" is the first), or an error that
// names the games there are.
func (b Box) Find(id string) (Game, error) {
	if len(b) == 0 {
		return Game{}, fmt.Errorf("no games in this build")
	}
	if id == "" {
		return b[0], nil
	}
	for _, g := range b {
		if g.ID == id {
			return g, nil
		}
	}
	return Game{}, fmt.Errorf("--game %s: no such game (the games: %s)", id, strings.Join(b.IDs(), ", "))
}

// IDs lists the games' IDs.
func (b Box) IDs() []string {
	ids := make([]string, len(b))
	for i, g := range b {
		ids[i] = g.ID
	}
	return ids
}

// List writes the games for goldvein help.
func (b Box) List(w io.Writer) {
	if len(b) == 0 {
		return
	}
	fmt.Fprintln(w, "games (--game ID; the first is the default):")
	for _, g := range b {
		fmt.Fprintf(w, "  %-12s %s, %s players: %s\n", g.ID, g.Title, g.SeatRange(), g.Summary)
	}
}

// SeatRange is the game's player count as help shows it ("3-10"): the
// contract's Seats, which the rules enforce (issue 24: the counts are
// written once, in the rules); "?" for a game not on the contract.
func (g Game) SeatRange() string {
	if g.Rules == nil {
		return "?"
	}
	lo, hi := g.Rules.Seats()
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return strconv.Itoa(lo) + "-" + strconv.Itoa(hi)
}

// Games is the box: every game of this build, the default first.
func Games() Box {
	return Box{
		{ID: saboteur.ID, Title: "Saboteur",
			Summary: "tunnel-digging with secret roles (docs/rules/SABOTEUR.md)",
			Rules:   saboteur.Rules{Bots: sabbot.Brains},
			Check:   saboteur.Check, Sim: sabbot.SimCommand, Hidden: saboteur.Leaks},
		{ID: "incangold", Title: "Incan Gold",
			Summary: "push your luck in the temple: every explorer chooses at once to go on or to leave (docs/rules/INCAN_GOLD.md)",
			Rules:   igbot.Game(), Check: incangold.Check, Describe: incangold.Describe, Sim: igbot.SimCommand, Hidden: incangold.Leaks},
		{ID: "underground", Title: "Small World: Underground",
			Summary: "area control in the caves: races with powers conquer, decline and score (docs/rules/UNDERGROUND.md)",
			Rules:   ugbot.Game(), Check: underground.Check, Describe: underground.Describe, Hidden: underground.Leaks},
	}
}
