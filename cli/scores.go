package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/goldvein/goldvein/box"
	"github.com/goldvein/goldvein/rules"
)

// writeFinalScores prints every seat's score at the end of the game (the
// final view's scores: R9.1, I9.1, U10), one line per seat: "seat 0  Ann
// 7 gold  winner". The winners are the view's, or else the best scores.
func writeFinalScores(w io.Writer, gameID string, names []string, v rules.View) {
	fmt.Fprintln(w, "final scores:")
	var fin struct {
		Scores  []int `json:"scores"`
		Winners []int `json:"winners"`
	}
	if p, err := json.Marshal(v); err == nil {
		json.Unmarshal(p, &fin) // a view without scores prints none
	}
	if len(fin.Scores) == 0 { // goldvein join prints what a host sent
		return
	}
	best := slices.Max(fin.Scores)
	unit := scoreUnits[gameID]
	if unit == "" {
		unit = "points"
	}
	for s, sc := range fin.Scores {
		name := fmt.Sprintf("seat %d", s)
		if s < len(names) {
			name = names[s]
		}
		if strings.IndexFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 {
			name = strconv.Quote(name) // no forged lines or terminal escapes
		}
		mark := ""
		if (fin.Winners == nil && sc == best) || slices.Contains(fin.Winners, s) {
			mark = "  winner"
		}
		fmt.Fprintf(w, "seat %d  %-24s %2d %s%s\n", s, name, sc, unit, mark)
	}
}

// scoreUnits names what each game scores in (the final scores' lines).
var scoreUnits = map[string]string{"saboteur": "gold", "incangold": "gems", "underground": "coins"}

// firstID is the default game's ID.
func firstID(b box.Box) string {
	if len(b) == 0 {
		return ""
	}
	return b[0].ID
}
