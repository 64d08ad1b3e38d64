package scenes

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
)

// Settings are the player's choices, kept as JSON in settings.json in the
// config folder: {"music":0.5,"effects":0.8,"muted":false,...}.
type Settings struct {
	Music      float64 `json:"music"`       // music volume, 0 to 1
	Effects    float64 `json:"effects"`     // sound effects volume, 0 to 1
	Muted      bool    `json:"muted"`       // no sound at all
	MusicOn    bool    `json:"music_on"`    // play the background music
	Fullscreen bool    `json:"fullscreen"`  // F11 toggles it too
	AnimSpeed  float64 `json:"anim_speed"`  // motion speed: 0.5 slow, 1 normal, 2 fast, 4 very fast
	ColorBlind bool    `json:"color_blind"` // the colour-blind-safe palette
	UIScale    float64 `json:"ui_scale"`    // 0.75 to 1.5
	Lang       string  `json:"lang"`        // en, ru, fa; "" = the system's
	// PersianDigits writes numbers with Persian digits in the Persian UI.
	PersianDigits bool `json:"persian_digits"`
	// BotWaitMs is how long computer players wait after a human's move at
	// this screen before they move, in milliseconds (0 to 10000), so the
	// human has time to take it back (Undo, issue 22): HumanMoveWait.
	BotWaitMs int `json:"bot_wait_ms"`
	// LastSetup is the last new-game setup, offered again next time: the
	// game's own JSON, read and checked by the game that wrote it (Saboteur's
	// new-game scene, lastSetup), so a corrupt one is ignored there.
	LastSetup json.RawMessage `json:"last_setup,omitempty"`
	// Names are the names of the humans of the last table set up on any
	// game's New game screen, in seat order (KeepNames): the next New game
	// of every game gives them to its human seats in order, so names
	// typed once carry over between the games and restarts. Read
	// leniently: a name is cut to what a name field takes (MaxPlayerName
	// printable runes), an empty one dropped, at most maxSeats kept.
	Names []string `json:"names,omitempty"`
	// Tables are the last tables set up on the New game screens of the
	// games other than Saboteur (whose is LastSetup), by game ID: each the
	// game's own JSON (seats, options; no seed), read and checked by the
	// game that wrote it (LastTable), so a corrupt one is ignored there.
	Tables map[string]json.RawMessage `json:"tables,omitempty"`
	// Relay is the address of the relay the lobby opens internet tables
	// on (docs/LAN.md, Over the internet; no relay is built in).
	Relay string `json:"relay,omitempty"`
}

// DefaultSettings are the settings of a first start.
func DefaultSettings() Settings {
	return Settings{Music: 0.5, Effects: 0.8, MusicOn: false, AnimSpeed: 1, UIScale: 1, BotWaitMs: DefaultBotWaitMs}
}

// DefaultBotWaitMs is the computer players' wait after a human's move of
// a first start (Settings.BotWaitMs): 1.5 s, time to see the move land and
// open the menu for Undo.
const DefaultBotWaitMs = 1500

// MaxSettingsSize bounds settings.json (a few hundred bytes when the app
// writes it).
const MaxSettingsSize = 1 << 20

// LoadSettings reads path; a missing or unreadable file gives the defaults
// (a corrupt settings file must never keep the game from starting: nor may
// a FIFO or a link to /dev/zero, game.ReadLocalFile), and out-of-range
// values are brought back into range.
func LoadSettings(path string) Settings {
	s := DefaultSettings()
	data, err := game.ReadLocalFile(path, MaxSettingsSize)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(os.Stderr, "goldvein: settings: %v (using defaults)\n", err)
	}
	if err == nil {
		if err := json.Unmarshal(data, &s); err != nil {
			fmt.Fprintf(os.Stderr, "goldvein: settings %s: %v (using defaults)\n", path, err)
			s = DefaultSettings()
		}
	}
	s.clamp()
	return s
}

func (s *Settings) clamp() {
	clamp := func(v *float64, lo, hi, def float64) {
		if *v != *v || *v < lo || *v > hi { // NaN or out of range
			*v = def
		}
	}
	clamp(&s.Music, 0, 1, 0.5)
	clamp(&s.Effects, 0, 1, 0.8)
	clamp(&s.AnimSpeed, 0.25, 8, 1)
	clamp(&s.UIScale, 0.75, 1.5, 1)
	if s.BotWaitMs < 0 || s.BotWaitMs > 10000 {
		s.BotWaitMs = DefaultBotWaitMs
	}
	var names []string
	for _, n := range s.Names {
		if n = rules.CutName(n); n != "" && len(names) < maxSeats {
			if r := []rune(n); len(r) > MaxPlayerName {
				n = strings.TrimSpace(string(r[:MaxPlayerName]))
			}
			names = append(names, n)
		}
	}
	s.Names = names
}

// Save writes the settings to path, creating its folder.
func (s Settings) Save(path string) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
