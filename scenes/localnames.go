package scenes

import (
	"slices"
	"strconv"
	"sync"

	"github.com/goldvein/goldvein/i18n"
)

// defaultNames maps every name the game gives a seat by itself, in every
// language and with either digits ("Bot 3", "Бот 3", "ربات ۳", "You",
// "Player 2"), to how to write it again: its key and number. Filled once.
var defaultNames = sync.OnceValue(func() map[string]defaultName {
	m := map[string]defaultName{}
	for _, l := range i18n.Langs {
		for _, persian := range []bool{false, true} {
			c := i18n.MustLoad(l)
			c.SetPersianDigits(persian)
			m[c.T("scene.newgame.you")] = defaultName{key: "scene.newgame.you"}
			for n := 1; n <= maxSeats; n++ {
				m[c.T("scene.bot.name", "n", n)] = defaultName{key: "scene.bot.name", n: n}
				m[c.T("player")+" "+c.Num(n)] = defaultName{key: "player", n: n}
				m[c.T("player")+" "+strconv.Itoa(n)] = defaultName{key: "player", n: n}
			}
		}
	}
	return m
})

// maxSeats is the most seats a game of the box has (Saboteur's ten,
// R1.1): the numbers the default names run to; "Бот 12" is a name someone
// chose.
const maxSeats = 10

type defaultName struct {
	key string
	n   int // 0 for a name without a number
}

// LocalName returns name in the app's language and digits when it is one
// of the names the game gives by itself (a computer player's "Бот 3" saved
// with the last new-game table in Russian reads "ربات ۳" in Persian); a
// name a person chose comes back as it is.
func LocalName(a *App, name string) string {
	d, ok := defaultNames()[name]
	switch {
	case !ok:
		return name
	case d.key == "player":
		return PlayerName(a, d.n)
	case d.n == 0:
		return a.T(d.key)
	}
	return a.T(d.key, "n", d.n)
}

// PlayerName is the name of seat n (1-based) for a human who gave none:
// "Player 2", with the app's digits.
func PlayerName(a *App, n int) string { return a.T("player") + " " + a.Num(n) }

// HotseatNames renames each human left with the default name "You"
// (scene.newgame.you, in any language, DefaultPlayerName's fallback) or
// none, when two or more humans share the screen: there the log, the
// curtain ("Pass the screen to You", "I am You") and the panels would
// call each of them "you" (issue 25 item 4). Such a seat becomes "Player
// n" (PlayerName, n its seat from 1). The seats are copied; one human or
// none keeps its names.
func HotseatNames(a *App, seats []SeatSetup) []SeatSetup {
	humans := 0
	for _, st := range seats {
		if st.Human {
			humans++
		}
	}
	out := slices.Clone(seats)
	if humans < 2 {
		return out
	}
	for i := range out {
		if !out[i].Human {
			continue
		}
		if d, ok := defaultNames()[out[i].Name]; out[i].Name == "" || ok && d.key == "scene.newgame.you" {
			out[i].Name = PlayerName(a, i+1)
		}
	}
	return out
}
