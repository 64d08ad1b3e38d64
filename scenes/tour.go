package scenes

// tour is --autoplay's walk through every scene before the game: the
// menu, settings, rules help and the new-game table (set to the computer
// players of --players), each shown long enough for its screenshot, then
// the game itself, which plays on by itself to the final scoring.
func (a *App) tour() {
	if !a.Cfg.Autoplay || a.Fade > 0 || a.next != nil {
		return
	}
	if a.ShotWait < 40 || (a.Cfg.ScreenshotDir != "" && !a.Shots[a.Cur.Name()]) {
		return
	}
	switch s := a.Cur.(type) {
	case *MenuScene:
		a.tourStep++
		switch a.tourStep {
		case 1:
			a.GoTo(NewSettingsScene(a, s))
		case 2:
			a.GoTo(NewHelpScene(a, s))
		case 3:
			a.GoTo(tourLAN(a)) // lobby, then join, on loopback (lantour.go)
		default:
			a.GoTo(a.Game().NewGame(a, true))
		}
	case *settingsScene, *HelpScene:
		a.GoTo(NewMenuScene(a))
	case *LobbyScene:
		s.tourNext(a)
	case *JoinScene:
		s.tourNext(a)
	case Beginner:
		s.Begin(a)
	}
}
