package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// MenuScene is the title screen: the game picker (picker.go), a card per
// game of the box, beside the buttons New game, Continue (when an autosave
// of an unfinished game exists), Host LAN game and Join LAN game side by
// side (lobby.go, join.go), Settings, Rules, Quit. New game, Host LAN game
// and Rules act on the picked game. Up/Down (or Tab) move through the
// cards and the buttons, Left/Right between the two columns, Enter picks.
type MenuScene struct {
	p        Painter
	Pick     picker
	Buttons  [9]Button
	Focus    int                   // keyboard focus: a card (0..cards-1), then a button; -1 none
	offers   map[string]*menuOffer // by game ID: what the buttons offer for it
	Message  string                // an error to show (a corrupt autosave, say)
	ticks    int
	lanReady bool
}

// menuOffer is what the menu's buttons offer for one game, asked of the
// game once when the menu opens (its autosave is read and replayed then),
// not on every frame.
type menuOffer struct {
	cont, host, rules, learn bool
	err                      error // why the game's autosave cannot be read
}

// offer is the picked game's menuOffer.
func (s *MenuScene) offer(a *App) *menuOffer { return s.offers[a.Game().Rules().ID()] }

const (
	MenuNew = iota
	MenuContinue
	MenuHost
	MenuJoin
	MenuSettings
	MenuRules
	MenuQuit
	MenuLearn   // the guided first round (Game.Learn: each game's tutorial.go, e.g. scenes/saboteur/tutorial.go), beside Rules
	MenuHistory // the finished games (history.go), beside Settings
)

// NewMenuScene is the title screen. It reads each game's autosave once
// (Game.CanContinue) and, on a fresh start, picks the game played last.
func NewMenuScene(a *App) *MenuScene {
	a.HandTo(-1) // no game's private things show from here on
	// Each autosave is read (and its record replayed) once.
	s := &MenuScene{offers: map[string]*menuOffer{}, Focus: -1, lanReady: true}
	can := map[string]bool{}
	for _, g := range a.Games() {
		o := &menuOffer{host: g.Lobby() != nil, rules: g.HelpPages(a) != nil, learn: g.Learn() != nil}
		o.cont, o.err = g.CanContinue(a)
		s.offers[g.Rules().ID()], can[g.Rules().ID()] = o, o.cont
	}
	if a.GameID == "" {
		// A fresh start: the game played last is picked, so that
		// Continue resumes it.
		a.GameID = lastPlayed(a, can)
	}
	s.Pick = newPicker(a)
	return s
}

func (s *MenuScene) Name() string { return "menu" }

// Layout places the game cards and the buttons for the screen size and
// sets which buttons the picked game offers.
func (s *MenuScene) Layout(a *App) {
	w, h := float64(a.W), float64(a.H)
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
	bottom := h - a.U(20) - LineBox(a.U(14))/2 - a.U(14) // the keys line's top, less a margin
	if top := menuTaglineBottom(a) + a.U(10); y+rows*bh+(rows-1)*gap > bottom {
		y = math.Max(top, bottom-(rows*bh+(rows-1)*gap))
		if k := (bottom - y) / (rows*bh + (rows-1)*gap); k < 1 {
			k = math.Max(k, 0.7)
			bh, gap = bh*k, gap*k
		}
	}
	keys := [9]string{"scene.menu.new", "scene.menu.continue", "lan.menu.host", "scene.menu.join", "scene.menu.settings", "scene.menu.rules", "scene.menu.quit", "scene.menu.learn", "scene.menu.history"}
	rulesY, settingsY := y, y
	for i := range s.Buttons {
		b := &s.Buttons[i]
		b.R = Rect{bx, y, bw, bh}
		b.Label = a.T(keys[i])
		b.Enabled = true
		b.Focus = i == s.Focus-len(s.Pick.Games)
		switch i {
		case MenuHost, MenuJoin, MenuRules, MenuLearn, MenuSettings, MenuHistory: // rows of two: Host and Join (lobby.go), Rules and learning by playing, Settings and History
			switch i {
			case MenuRules:
				rulesY = y
			case MenuSettings:
				settingsY = y
			case MenuLearn:
				b.R.Y = rulesY
			case MenuHistory:
				b.R.Y = settingsY
			}
			b.R.X, b.R.W = b.R.X-a.U(50), (bw+a.U(100)-gap)/2
			if i == MenuJoin || i == MenuLearn || i == MenuHistory {
				b.R.X += b.R.W + gap
			}
		}
		if a.RTL() {
			b.R = b.R.Mirror(w)
		}
		if i == MenuHost || i == MenuLearn || i == MenuHistory {
			continue
		}
		y += bh + gap
	}
	top := s.Buttons[MenuNew].R.Y
	col := Rect{left, top, cardW, s.Buttons[MenuQuit].R.Y + s.Buttons[MenuQuit].R.H - top}
	if a.RTL() {
		col = col.Mirror(w)
	}
	s.Pick.layout(col, gap)
	// Continue, Host LAN game, Rules and Learn act on the picked game and
	// wait when it has nothing for them (Game).
	o := s.offer(a)
	cont := o.cont
	s.Buttons[MenuContinue].Enabled = cont
	s.Buttons[MenuJoin].Enabled = s.lanReady
	s.Buttons[MenuHost].Enabled = lanHostable && o.host // not in a browser (lantour.go)
	s.Buttons[MenuRules].Enabled = o.rules
	s.Buttons[MenuLearn].Enabled = o.learn
	s.Buttons[MenuNew].Primary = !cont
	s.Buttons[MenuContinue].Primary = cont
}

// menuTaglineBottom is the bottom of the tagline under the title, pixels
// from the top (Draw places the card tunnel, the title and the tagline).
func menuTaglineBottom(a *App) float64 {
	return float64(a.H)*0.08 + bannerHeight(a) + a.U(88) + LineBox(a.U(20))/2
}

func (s *MenuScene) Update(a *App) error {
	s.ticks++
	s.Layout(a)
	cards := len(s.Pick.Games)
	n := cards + len(s.Buttons)
	move := func(d int) {
		for k := 0; k < n; k++ {
			if s.Focus < 0 {
				s.Focus = 0
				if d < 0 {
					s.Focus = n - 1
				}
			} else {
				s.Focus = (s.Focus + d + n) % n
			}
			if s.Focus < cards || s.Buttons[s.Focus-cards].Enabled {
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
		s.Focus = s.Pick.selected
	}
	if a.Key(toButtons) {
		s.Focus = cards + MenuNew
	}
	if s.Pick.update(a) {
		s.Focus = -1
	}
	if a.Key(ebiten.KeyArrowDown) || a.Key(ebiten.KeyTab) && !a.In.KeyPressed(ebiten.KeyShift) {
		move(1)
	}
	if a.Key(ebiten.KeyArrowUp) || a.Key(ebiten.KeyTab) && a.In.KeyPressed(ebiten.KeyShift) {
		move(-1)
	}
	chosen := -1
	for i := range s.Buttons {
		if s.Buttons[i].Clicked(a) {
			chosen = i
		}
	}
	if (a.Key(ebiten.KeyEnter) || a.Key(ebiten.KeySpace)) && s.Focus >= 0 {
		switch {
		case s.Focus < cards: // pick the game, then on to New game
			s.Pick.selected = s.Focus
			a.GameID = s.Pick.Games[s.Focus].id
			s.Focus = cards + MenuNew
		case s.Buttons[s.Focus-cards].Enabled:
			chosen = s.Focus - cards
		}
	}
	if a.Key(ebiten.KeyN) {
		chosen = MenuNew
	}
	switch chosen {
	case MenuNew:
		a.GoTo(a.Game().NewGame(a, false))
	case MenuContinue:
		sc, err := a.Game().Continue(a)
		if err != nil {
			s.Message = a.T("scene.menu.continue_failed", "error", err.Error())
			s.offer(a).cont = false
			break
		}
		a.GoTo(sc)
	case MenuHost:
		a.GoTo(NewLobbyScene(a))
	case MenuJoin:
		a.GoTo(NewJoinScene(a))
	case MenuSettings:
		a.GoTo(NewSettingsScene(a, s))
	case MenuRules:
		a.GoTo(NewHelpScene(a, s))
	case MenuQuit:
		a.Quit(0)
	case MenuHistory:
		a.GoTo(NewHistoryScene(a, s))
	case MenuLearn:
		learn := a.Game().Learn()
		if learn == nil {
			break
		}
		sc, err := learn(a)
		if err != nil {
			s.Message = a.T("scene.error", "error", err.Error())
			break
		}
		a.GoTo(sc)
	}
	if a.Key(ebiten.KeyEscape) {
		a.Quit(0)
	}
	return nil
}

func (s *MenuScene) Draw(a *App, dst *ebiten.Image) {
	s.Layout(a)
	w, h := float64(a.W), float64(a.H)
	DrawTableBackground(a, &s.p, dst)
	// The box's title art across the top (Game.Banner).
	if b := a.banner(); b != nil {
		b.Draw(a, &s.p, dst, h*0.08, s.ticks)
	}
	ch := bannerHeight(a)
	DrawText(a, dst, a.T("game.title"), a.U(64), w/2, h*0.08+ch+a.U(44), AlignCenter, ColGold)
	DrawText(a, dst, a.T("scene.menu.tagline"), a.U(20), w/2, h*0.08+ch+a.U(88), AlignCenter, ColTextDim)
	s.Pick.draw(a, &s.p, dst, s.Focus, s.ticks)
	for i := range s.Buttons {
		DrawButton(a, &s.p, dst, &s.Buttons[i])
	}
	if !s.lanReady {
		b := s.Buttons[MenuJoin].R
		x, al := b.X+b.W+a.U(12), AlignStart
		if a.RTL() {
			x, al = b.X-a.U(12), AlignEnd
		}
		DrawText(a, dst, a.T("scene.menu.join_soon"), a.U(14), x, b.Cy(), al, ColTextDim)
	}
	if b, tip := s.Buttons[MenuLearn], a.Game().LearnTip(); tip != "" && !b.Enabled && a.Hover(b.R) {
		// The disabled guided round says why, and where the rules are.
		tw := a.U(360)
		th := WrappedHeight(a, a.T(tip), a.U(14), tw)
		r := Rect{b.R.Cx() - tw/2 - a.U(10), b.R.Y - th - a.U(24), tw + a.U(20), th + a.U(16)}
		s.p.Round(dst, r, a.U(8), ColPanelHi, a.U(1), ColGold)
		DrawWrapped(a, dst, a.T(tip), a.U(14), r.Cx(), r.Y+a.U(8), tw, AlignCenter, ColText)
	}
	msg := s.Message
	if err := s.offer(a).err; msg == "" && err != nil {
		msg = a.T("scene.menu.continue_failed", "error", err.Error()) // the picked game's save is unreadable
	}
	if msg != "" {
		// Above the keys line, however many lines it wraps to.
		mh := WrappedHeight(a, msg, a.U(16), w*0.8)
		DrawWrapped(a, dst, msg, a.U(16), w/2, min(h-a.U(60), h-a.U(40)-mh), w*0.8, AlignCenter, ColBad)
	}
	DrawText(a, dst, a.T("scene.menu.keys"), a.U(14), w/2, h-a.U(20), AlignCenter, ColTextDim)
}

// DrawTableBackground fills the screen with the table colour and a soft
// vignette.
func DrawTableBackground(a *App, p *Painter, dst *ebiten.Image) {
	w, h := float64(a.W), float64(a.H)
	dst.Fill(a.Pal.Background)
	p.Fill(dst, Rect{0, 0, w, a.U(4)}, ColGoldDim)
	p.Fill(dst, Rect{0, h - a.U(4), w, a.U(4)}, ColGoldDim)
}

// bannerHeight is the height of the title art over the menu, 0 without one.
func bannerHeight(a *App) float64 {
	if b := a.banner(); b != nil {
		return b.Height(a)
	}
	return 0
}
