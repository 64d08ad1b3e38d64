package scenes

import (
	"errors"
	iofs "io/fs"

	"os"
	"time"

	"github.com/goldvein/goldvein/game"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
)

// Game is one game's screens as the shell sees them (docs/DESIGN.md,
// scenes): everything the menu, the game picker, Continue, Rules, Host LAN
// game, Join and --autoplay ask of a game. Each game's package under scenes/
// (scenes/incangold, scenes/underground) provides one; Config.Games is the
// app's list of them, in the order of box.Games. The shell names no game.
type Game interface {
	// Rules is the game on the contract: its ID (box.Games, --game), seat
	// range and computer player levels.
	Rules() rules.Game
	// Picture draws the game's small picture on its menu card, filling r
	// (pixels); ticks is the app's frame count, for a slow animation.
	Picture(a *App, p *Painter, dst *ebiten.Image, r Rect, ticks int)
	// NewGame is the menu's New game: the scene that sets up a table. With
	// autoplay (--autoplay) every seat is a computer player, the player
	// count is Config.Players and the seed Config.Seed; the tour then calls
	// the scene's Begin (Beginner).
	NewGame(a *App, autoplay bool) Scene
	// AutosavePath is the file of the game's autosave in the config
	// folder, named by the crash screen; the menu picks the game whose
	// autosave is newest.
	AutosavePath(a *App) string
	// CanContinue reports whether the autosave holds an unfinished game of
	// this game that replays cleanly; the menu asks once when it opens. The
	// error says why a save that is there cannot be read (a corrupt file);
	// no save, or a finished game, is false and no error.
	CanContinue(a *App) (bool, error)
	// Continue resumes the autosaved game: its first scene, or an error
	// that says why it cannot (a corrupt or finished save).
	Continue(a *App) (Scene, error)
	// HelpPages are the rules help's pages for the game; nil keeps the
	// menu's Rules greyed.
	HelpPages(a *App) []HelpPage
	// Learn opens the guided first round ("Learn to play"); nil when the
	// game has none. LearnTip is then the catalogue key of the line the
	// greyed button shows on hover ("" for none).
	Learn() func(a *App) (Scene, error)
	LearnTip() string
	// Lobby is what Host LAN game needs of the game; nil when the app does
	// not host it.
	Lobby() *LobbyGame
	// HostBegin deals the hosted game (the lobby's lan.Host has its seats)
	// and opens the host player's first scene; a failure goes into s.Err.
	HostBegin(a *App, s *LobbyScene)
	// Banner is the box's title art the game offers for the menu, nil for
	// none: the first of Config.Games with one draws it.
	Banner() Banner
	// NewGuest is a LAN guest's table for link, which has joined a table of
	// this game as player name: it takes the host's updates (GuestTable).
	NewGuest(link *LanLink, name string) GuestTable
}

// GuestTable is a LAN guest's table as the link feeds it: every message
// is taken on the link's reading goroutine, so its methods lock what the
// screens read.
type GuestTable interface {
	// Deliver takes one of the host's updates (lan.TUpdate): the seat's
	// view and its events, in the game's own types (Message.GameView,
	// GameEvents).
	Deliver(m lan.Message)
	// Refused tells that the host refused this seat's last move (lan.CodeRule
	// or lan.CodeState): the screens show the last view again.
	Refused()
	// Reconnected tells that the connection is back (lan.TBack).
	Reconnected()
	// Scene is the guest's first scene once the game has started (the
	// first update came); lb is the lobby as the host last sent it.
	Scene(a *App, lb lan.Lobby) (Scene, error)
}

// Banner is the box's title art over the menu's title (Game.Banner).
type Banner interface {
	// Height is the banner's height in pixels at the app's scale.
	Height(a *App) float64
	// Draw draws it centred across the screen with its top at y (pixels);
	// ticks (frames) drive a slow drift.
	Draw(a *App, p *Painter, dst *ebiten.Image, y float64, ticks int)
}

// banner is the app's title art: the first game's that has one, or nil.
func (a *App) banner() Banner {
	for _, g := range a.Games() {
		if b := g.Banner(); b != nil {
			return b
		}
	}
	return nil
}

// Beginner is a new-game scene that --autoplay's tour can begin by itself
// (Game.NewGame with autoplay): Begin deals and opens the table.
type Beginner interface {
	Begin(a *App)
}

// HelpPicture is a game's pictures on one rules help page (HelpPage.Pic).
type HelpPicture interface {
	// Draw draws the pictures in a row from y (pixels), each with its
	// caption, the first where the reader starts (on the right in a
	// right-to-left language), and returns the y under them.
	Draw(a *App, p *Painter, dst *ebiten.Image, y float64) float64
}

// HelpUnder is a HelpPicture that also draws under the page's text, in
// the room r (pixels) left between the text and the page number: a scene
// on the game's board (scenes/underground/help_board.go). It draws
// nothing where r is too small for it.
type HelpUnder interface {
	DrawUnder(a *App, p *Painter, dst *ebiten.Image, r Rect)
}

// Games returns the games of the app (Config.Games).
func (a *App) Games() []Game { return a.Cfg.Games }

// Game is the game picked on the menu (App.GameID): the first of
// Config.Games for "" or an ID the app lacks.
func (a *App) Game() Game {
	for _, g := range a.Cfg.Games {
		if g.Rules().ID() == a.GameID {
			return g
		}
	}
	return a.Cfg.Games[0]
}

// GameByID is the game called id, or nil.
func (a *App) GameByID(id string) Game {
	for _, g := range a.Cfg.Games {
		if g.Rules().ID() == id {
			return g
		}
	}
	return nil
}

// lastPlayed is the ID of the game whose unfinished autosave (can, by game
// ID) was written last, "" when none is unfinished.
func lastPlayed(a *App, can map[string]bool) string {
	id, newest := "", time.Time{}
	for _, g := range a.Games() {
		gid := g.Rules().ID()
		if !can[gid] {
			continue
		}
		t := time.Unix(0, 1)
		if fi, err := os.Stat(g.AutosavePath(a)); err == nil {
			t = fi.ModTime()
		}
		if t.After(newest) {
			id, newest = gid, t
		}
	}
	return id
}

// CanContinue is Game.CanContinue for a game whose autosave fs holds: true
// for an unfinished game of g that replays cleanly; false without an
// error when there is no save or its game is over; the reason when the
// save is there but cannot be read.
func CanContinue(fs game.FileSaver, g rules.Game) (bool, error) {
	saved, err := fs.Load(g)
	switch {
	case errors.Is(err, iofs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, err
	}
	return !saved.Match.Over(), nil
}
