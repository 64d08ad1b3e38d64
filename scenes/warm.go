package scenes

// Work done ahead (issue 28, docs/TOOLS.md Frame stalls): what the shell
// and the games would otherwise do on a frame the first time it is
// needed, started once the app's first frame is on screen.

// Warmer is a game's screens (Game) with work to do ahead of their first
// use: Warm starts it and returns at once. Work off the game goroutine
// must be pure data (maps parsed, no Ebitengine call); work that needs
// the app goes through App.Cached on this goroutine.
type Warmer interface {
	// Warm is called once, on the app's first tick after its first
	// frame was drawn.
	Warm(a *App)
}

// warm starts the work ahead, once, on the first tick after the first
// frame drawn: the default seat names of every language (LocalName reads
// the three catalogues, tens of milliseconds, when the New game screen
// first opens) and each game's own (Warmer).
func (a *App) warm() {
	if a.warmed || a.drawn.screen == nil {
		return
	}
	a.warmed = true
	go defaultNames()
	for _, g := range a.Cfg.Games {
		if w, ok := g.(Warmer); ok {
			w.Warm(a)
		}
	}
}
