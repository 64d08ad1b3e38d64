package saboteur

import (
	"testing"

	"github.com/goldvein/goldvein/scenes"
)

// TestLastSetupFollowsLanguage: the new-game table saved in Russian
// ("Бот 2", "Игрок 1") opens in Persian with the game's own names in
// Persian and Persian digits, while names people chose stay as typed.
func TestLastSetupFollowsLanguage(t *testing.T) {
	in := scenes.NewScript()
	a, err := scenes.NewApp(scenes.Config{Input: in, ConfigDir: t.TempDir(), Mute: true, Lang: "fa", Games: testGames})
	if err != nil {
		t.Fatal(err)
	}
	a.Settings.PersianDigits = true
	a.Cat.SetPersianDigits(true)
	a.Settings.LastSetup = scenes.JSONOf(Setup{Seats: []scenes.SeatSetup{{Human: true, Name: "Игрок 1"}, {Name: "Бот 2", Level: "easy"},
		{Name: "Bot 3", Level: "hard"}, {Human: true, Name: "Бот 12"}, {Human: true, Name: "Вы"}, {Human: true, Name: "Ann"}}})
	s := newNewGameScene(a)
	want := []string{"بازیکن ۱", "ربات ۲", "ربات ۳", "Бот 12", "شما", "Ann"}
	for i, w := range want {
		if got := s.Seats[i].Name; got != w {
			t.Errorf("seat %d: %q, want %q", i, got, w)
		}
	}
}
