package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// menuScene is the title screen: the game picker (picker.go), a card per
// game of the box, beside the buttons New game, Continue (when an autosave
// of an unfinished game exists), Host LAN game and Join LAN game side by
// side (lobby.go, join.go), Settings, Rules, Quit. New game, Host LAN game
// and Rules act on the picked game. Up/Down (or Tab) move through the
// cards and the buttons, Left/Right between the two columns, Enter picks.
type menuScene struct {
	p        painter
	pick     picker
	buttons  [8]button
	focus    int    // keyboard focus: a card (0..cards-1), then a button; -1 none
	canCont  bool   // Saboteur's autosave holds an unfinished game
	canIG    bool   // Incan Gold's does (incangold_save.go)
	canUG    bool   // Underground's does (underground_match.go)
	message  string // an error to show (a corrupt autosave, say)
	ticks    int
	deco     []saboteur.Card
	lanReady bool
}

const (
	menuNew = iota
	menuContinue
	menuHost
	menuJoin
	menuSettings
	menuRules
	menuQuit
	menuLearn // the guided first round (tutorial.go), beside Rules
)

func newMenuScene(a *App) *menuScene {
	// Each autosave is read (and its record replayed) once.
	s := &menuScene{canCont: canContinue(a), canIG: igCanContinue(a), canUG: ugCanContinue(a), focus: -1, lanReady: true, pick: newPicker(a)}
	if a.gameID == "" {
		// A fresh start: the game played last is picked, so that
		// Continue resumes it (incangold_save.go).
		a.gameID = lastPlayed(a, s.canCont, s.canIG, s.canUG)
	}
	s.deco = []saboteur.Card{saboteur.MustCard("NESW"), saboteur.MustCard("EW"), saboteur.MustCard("NE"), saboteur.MustCard("xNS"),
		saboteur.MustCard("ESW"), saboteur.MustCard("NW"), saboteur.MustCard("EW"), saboteur.MustCard("NES")}
	return s
}

func (s *menuScene) Name() string { return "menu" }

func (s *menuScene) layout(a *App) {
	w, h := float64(a.w), float64(a.h)
	bw, bh, gap := a.U(320), a.U(50), a.U(12)
	y := h*0.42 - a.U(10)
	// Two columns: the game cards, then the buttons (mirrored right to
	// left); the Host/Join row is the buttons' widest.
	cardW, colGap, rowW := a.U(380), a.U(40), bw+a.U(100)
	left := (w - (cardW + colGap + rowW)) / 2
	bx := left + cardW + colGap + (rowW-bw)/2 // the buttons' left edge
	// Six rows of buttons (Host and Join share one) between the tagline
	// and the keys line: in a short window (a browser tab, 1280x657) they
	// start higher and, if need be, shrink, so Quit keeps clear of the
	// keys line.
	const rows = 6
	bottom := h - a.U(20) - lineBox(a.U(14))/2 - a.U(14) // the keys line's top, less a margin
	if top := menuTaglineBottom(a) + a.U(10); y+rows*bh+(rows-1)*gap > bottom {
		y = math.Max(top, bottom-(rows*bh+(rows-1)*gap))
		if k := (bottom - y) / (rows*bh + (rows-1)*gap); k < 1 {
			k = math.Max(k, 0.7)
			bh, gap = bh*k, gap*k
		}
	}
	keys := [8]string{"scene.menu.new", "scene.menu.continue", "lan.menu.host", "scene.menu.join", "scene.menu.settings", "scene.menu.rules", "scene.menu.quit", "scene.menu.learn"}
	rulesY := y
	for i := range s.buttons {
		b := &s.buttons[i]
		b.r = rect{bx, y, bw, bh}
		b.label = a.T(keys[i])
		b.enabled = true
		b.focus = i == s.focus-len(s.pick.games)
		switch i {
		case menuHost, menuJoin, menuRules, menuLearn: // rows of two: Host and Join (lobby.go), Rules and learning by playing
			if i == menuRules {
				rulesY = y
			}
			if i == menuLearn {
				b.r.y = rulesY
			}
			b.r.x, b.r.w = b.r.x-a.U(50), (bw+a.U(100)-gap)/2
			if i == menuJoin || i == menuLearn {
				b.r.x += b.r.w + gap
			}
		}
		if a.RTL() {
			b.r = b.r.mirror(w)
		}
		if i == menuHost || i == menuLearn {
			continue
		}
		y += bh + gap
	}
	top := s.buttons[menuNew].r.y
	col := rect{left, top, cardW, s.buttons[menuQuit].r.y + s.buttons[menuQuit].r.h - top}
	if a.RTL() {
		col = col.mirror(w)
	}
	s.pick.layout(col, gap)
	cont := s.canCont
	switch a.gameID { // Continue acts on the picked game
	case igGameID:
		cont = s.canIG
	case ugGameID:
		cont = s.canUG
	}
	s.buttons[menuContinue].enabled = cont
	s.buttons[menuJoin].enabled = s.lanReady
	s.buttons[menuHost].enabled = lanHostable // not in a browser (lantour.go)
	// The LAN table is Saboteur's and Incan Gold's so far (lanHostableGame),
	// the guided round Saboteur's alone, the rules pages Saboteur's and
	// Incan Gold's (incangold_help.go): with another game picked they wait.
	if a.gameID != "" && a.gameID != saboteur.ID {
		s.buttons[menuHost].enabled = lanHostable && lanHostableGame(a.gameID)
		s.buttons[menuRules].enabled = a.gameID == igGameID
		s.buttons[menuLearn].enabled = false
	}
	if a.gameID == ugGameID {
		s.buttons[menuRules].enabled = true // Underground's pages (underground_help.go)
	}
	s.buttons[menuNew].primary = !cont
	s.buttons[menuContinue].primary = cont
}

// menuTaglineBottom is the bottom of the tagline under the title, pixels
// from the top (Draw places the card tunnel, the title and the tagline).
func menuTaglineBottom(a *App) float64 {
	ch := float64(a.Art(int(a.U(72))).Height())
	return float64(a.h)*0.08 + ch + a.U(88) + lineBox(a.U(20))/2
}

func (s *menuScene) Update(a *App) error {
	s.ticks++
	s.layout(a)
	cards := len(s.pick.games)
	n := cards + len(s.buttons)
	move := func(d int) {
		for k := 0; k < n; k++ {
			if s.focus < 0 {
				s.focus = 0
				if d < 0 {
					s.focus = n - 1
				}
			} else {
				s.focus = (s.focus + d + n) % n
			}
			if s.focus < cards || s.buttons[s.focus-cards].enabled {
				return
			}
		}
	}
	// Left/Right cross between the columns: to the picked card, or to
	// New game (read in the layout's direction).
	toCards, toButtons := ebiten.KeyArrowLeft, ebiten.KeyArrowRight
	if a.RTL() {
		toCards, toButtons = toButtons, toCards
	}
	if a.Key(toCards) {
		s.focus = s.pick.selected
	}
	if a.Key(toButtons) {
		s.focus = cards + menuNew
	}
	if s.pick.update(a) {
		s.focus = -1
	}
	if a.Key(ebiten.KeyArrowDown) || a.Key(ebiten.KeyTab) && !a.in.KeyPressed(ebiten.KeyShift) {
		move(1)
	}
	if a.Key(ebiten.KeyArrowUp) || a.Key(ebiten.KeyTab) && a.in.KeyPressed(ebiten.KeyShift) {
		move(-1)
	}
	chosen := -1
	for i := range s.buttons {
		if s.buttons[i].clicked(a) {
			chosen = i
		}
	}
	if (a.Key(ebiten.KeyEnter) || a.Key(ebiten.KeySpace)) && s.focus >= 0 {
		switch {
		case s.focus < cards: // pick the game, then on to New game
			s.pick.selected = s.focus
			a.gameID = s.pick.games[s.focus].id
			s.focus = cards + menuNew
		case s.buttons[s.focus-cards].enabled:
			chosen = s.focus - cards
		}
	}
	if a.Key(ebiten.KeyN) {
		chosen = menuNew
	}
	switch chosen {
	case menuNew:
		if a.gameID == igGameID {
			a.GoTo(newIGNewGameScene(a))
			break
		}
		if a.gameID == ugGameID {
			a.GoTo(newUGNewGameScene(a))
			break
		}
		a.GoTo(newNewGameScene(a))
	case menuContinue:
		if a.gameID == ugGameID {
			m, err := ugResume(a)
			if err != nil {
				s.message = a.T("scene.menu.continue_failed", "error", err.Error())
				s.canUG = false
				break
			}
			a.GoTo(newUGPlayScene(a, m))
			break
		}
		if a.gameID == igGameID {
			sc, err := igContinue(a)
			if err != nil {
				s.message = a.T("scene.menu.continue_failed", "error", err.Error())
				s.canIG = false
				break
			}
			a.GoTo(sc)
			break
		}
		m, err := resumeMatch(a)
		if err != nil {
			s.message = a.T("scene.menu.continue_failed", "error", err.Error())
			s.canCont = false
			break
		}
		a.GoTo(startScene(a, m))
	case menuHost:
		a.GoTo(newLobbyScene(a))
	case menuJoin:
		a.GoTo(newJoinScene(a))
	case menuSettings:
		a.GoTo(newSettingsScene(a, s))
	case menuRules:
		a.GoTo(newHelpScene(a, s))
	case menuQuit:
		a.Quit(0)
	case menuLearn:
		m, err := newTutorialMatch(a)
		if err != nil {
			s.message = a.T("scene.error", "error", err.Error())
			break
		}
		a.GoTo(startScene(a, m))
	}
	if a.Key(ebiten.KeyEscape) {
		a.Quit(0)
	}
	return nil
}

func (s *menuScene) Draw(a *App, dst *ebiten.Image) {
	s.layout(a)
	w, h := float64(a.w), float64(a.h)
	drawTableBackground(a, &s.p, dst)
	// A tunnel of cards across the top, drifting gently.
	art := a.Art(int(a.U(72)))
	cw, ch := float64(art.Width()), float64(art.Height())
	total := cw * float64(len(s.deco))
	x0 := (w - total) / 2
	for i, c := range s.deco {
		dy := math.Sin(float64(s.ticks)/50+float64(i)*0.7) * a.U(3)
		s.p.image(dst, art.Card(c), x0+float64(i)*cw, h*0.08+dy, 1, 1, 0.9)
	}
	drawText(a, dst, a.T("game.title"), a.U(64), w/2, h*0.08+ch+a.U(44), alignCenter, colGold)
	drawText(a, dst, a.T("scene.menu.tagline"), a.U(20), w/2, h*0.08+ch+a.U(88), alignCenter, colTextDim)
	s.pick.draw(a, &s.p, dst, s.focus, s.ticks)
	for i := range s.buttons {
		drawButton(a, &s.p, dst, &s.buttons[i])
	}
	if !s.lanReady {
		b := s.buttons[menuJoin].r
		x, al := b.x+b.w+a.U(12), alignStart
		if a.RTL() {
			x, al = b.x-a.U(12), alignEnd
		}
		drawText(a, dst, a.T("scene.menu.join_soon"), a.U(14), x, b.cy(), al, colTextDim)
	}
	if b := s.buttons[menuLearn]; a.gameID == igGameID && !b.enabled && a.Hover(b.r) {
		// The disabled guided round says why, and where the rules are.
		tw := a.U(360)
		th := wrappedHeight(a, a.T("ig.menu.learn_tip"), a.U(14), tw)
		r := rect{b.r.cx() - tw/2 - a.U(10), b.r.y - th - a.U(24), tw + a.U(20), th + a.U(16)}
		s.p.round(dst, r, a.U(8), colPanelHi, a.U(1), colGold)
		drawWrapped(a, dst, a.T("ig.menu.learn_tip"), a.U(14), r.cx(), r.y+a.U(8), tw, alignCenter, colText)
	}
	if s.message != "" {
		drawWrapped(a, dst, s.message, a.U(16), w/2, h-a.U(60), w*0.8, alignCenter, colBad)
	}
	drawText(a, dst, a.T("scene.menu.keys"), a.U(14), w/2, h-a.U(20), alignCenter, colTextDim)
}

// drawTableBackground fills the screen with the table colour and a soft
// vignette.
func drawTableBackground(a *App, p *painter, dst *ebiten.Image) {
	w, h := float64(a.w), float64(a.h)
	dst.Fill(a.pal.Background)
	p.fill(dst, rect{0, 0, w, a.U(4)}, colGoldDim)
	p.fill(dst, rect{0, h - a.U(4), w, a.U(4)}, colGoldDim)
}

// startScene is where a game (new or continued) opens: the round's role
// reveal, or straight to the round end when the gold is being handed out.
func startScene(a *App, m *match) Scene {
	backlog := m.skipBacklog()
	var last *saboteur.View
	var ended *saboteur.Event
	for i := range backlog {
		if backlog[i].view != nil {
			last = backlog[i].view
		}
		if backlog[i].ev.Type == saboteur.RoundEnded {
			e := backlog[i].ev
			ended = &e
		}
		if backlog[i].ev.Type == saboteur.RoundStarted {
			ended = nil
		}
	}
	if last == nil {
		v := m.table.View(-1)
		last = &v
	}
	if m.fresh && last.Moves > 0 {
		// Computer players moved before the screen watched: show those
		// moves too, from the deal on, each in its turn.
		if deal, items, err := m.history(last.Moves); err == nil {
			m.feed = append(items, m.feed...)
			last, ended = &deal, nil
		}
	}
	// The log holds the whole game: what the screen skips (or shows again
	// from the deal) is rebuilt from the record.
	m.rebuildLog(last.Moves, last.Round)
	m.localize(a)
	m.shown = *last
	switch {
	case last.Phase == saboteur.Over:
		return newFinalScene(a, m, *last)
	case last.Phase == saboteur.HandingOut && ended != nil:
		return newRoundEndScene(a, m, *ended, *last, nil)
	}
	return newRevealScene(a, m, *last)
}
