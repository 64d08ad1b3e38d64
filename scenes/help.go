package scenes

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// helpScene is the rules help: a readable, illustrated summary of
// SABOTEUR.md in a few pages, with the cards each page talks about, and the
// controls. Left/Right or the buttons turn the pages.
type helpScene struct {
	p     painter
	back  Scene
	pages []helpPage // the picked game's (Saboteur's, or igHelpPages)
	page  int
	prev  button
	next  button
	done  button
}

// helpPage is one page: its title and text keys and the cards shown.
type helpPage struct {
	title, body string
	cards       []saboteur.Card
	roles       []saboteur.Role
	gold        []int
	// maze: the cards show the maze from the start to a goal, left to
	// right as the board lays it out, so they are not mirrored for a
	// right-to-left reader.
	maze bool
	// ig: Incan Gold's pictures (incangold_help.go).
	ig []igHelpPic
	// ug: Underground's pictures (underground_help.go); sec its section,
	// which PgUp/PgDn jump between.
	ug  *ugHelpPic
	sec int
}

var helpPages = []helpPage{
	{title: "scene.help.roles.title", body: "scene.help.roles.body", roles: []saboteur.Role{saboteur.GoldDigger, saboteur.Saboteur}},
	{title: "scene.help.turn.title", body: "scene.help.turn.body", cards: []saboteur.Card{saboteur.MustCard("START"), saboteur.MustCard("EW"), saboteur.MustCard("NES"), saboteur.MustCard("GOAL")}, maze: true},
	{title: "scene.help.paths.title", body: "scene.help.paths.body", cards: []saboteur.Card{saboteur.MustCard("NE"), saboteur.MustCard("SW"), saboteur.MustCard("xNS"), saboteur.MustCard("xE")}},
	{title: "scene.help.actions.title", body: "scene.help.actions.body", cards: []saboteur.Card{saboteur.MustCard("broken:lantern"), saboteur.MustCard("repair:pickaxe+cart"), saboteur.MustCard("rockfall"), saboteur.MustCard("map")}},
	{title: "scene.help.end.title", body: "scene.help.end.body", cards: []saboteur.Card{saboteur.MustCard("GOLD"), saboteur.MustCard("coal:NE")}, gold: []int{1, 2, 3}},
	{title: "scene.help.controls.title", body: "scene.help.controls.body"},
}

func newHelpScene(a *App, back Scene) *helpScene {
	s := &helpScene{back: back, pages: helpPages}
	switch a.gameID {
	case igGameID:
		s.pages = igHelpPages
	case ugGameID:
		s.pages = ugHelpPages
	}
	return s
}

func (s *helpScene) Name() string { return "rules" }

func (s *helpScene) layout(a *App) {
	w, h := float64(a.w), float64(a.h)
	s.prev = button{r: rect{w/2 - a.U(330), h - a.U(72), a.U(200), a.U(50)}, label: a.T("scene.help.prev"), enabled: s.page > 0}
	s.done = button{r: rect{w/2 - a.U(100), h - a.U(72), a.U(200), a.U(50)}, label: a.T("scene.back"), enabled: true}
	s.next = button{r: rect{w/2 + a.U(130), h - a.U(72), a.U(200), a.U(50)}, label: a.T("scene.help.next"), enabled: s.page < len(s.pages)-1, primary: true}
	if a.RTL() {
		s.prev.r, s.next.r = s.next.r, s.prev.r
	}
}

func (s *helpScene) Update(a *App) error {
	s.layout(a)
	fwd, bwd := ebiten.KeyArrowRight, ebiten.KeyArrowLeft
	if a.RTL() {
		fwd, bwd = bwd, fwd
	}
	switch {
	case s.next.clicked(a) || (a.Key(fwd) && s.next.enabled):
		s.page++
	case s.prev.clicked(a) || (a.Key(bwd) && s.prev.enabled):
		s.page--
	case a.Key(ebiten.KeyPageDown) && s.next.enabled:
		s.page = s.section(+1)
	case a.Key(ebiten.KeyPageUp) && s.prev.enabled:
		s.page = s.section(-1)
	case s.done.clicked(a) || a.Key(ebiten.KeyEscape):
		a.GoTo(refreshed(a, s.back))
	}
	return nil
}

// section is the page PgDn (dir +1) or PgUp (dir -1) turns to: the first
// page of the next section, or of this one (or the one before, when on its
// first page); one page on when the pages have no sections.
func (s *helpScene) section(dir int) int {
	sec := s.pages[s.page].sec
	if dir > 0 {
		for i := s.page + 1; i < len(s.pages); i++ {
			if s.pages[i].sec != sec {
				return i
			}
		}
		if s.pages[len(s.pages)-1].sec == s.pages[0].sec {
			return s.page + 1
		}
		return len(s.pages) - 1
	}
	i := s.page
	if i > 0 && s.pages[i-1].sec != sec {
		i-- // on a section's first page: to the section before
	}
	for i > 0 && s.pages[i-1].sec == s.pages[i].sec {
		i--
	}
	if i == s.page {
		return max(s.page-1, 0)
	}
	return i
}

func (s *helpScene) Draw(a *App, dst *ebiten.Image) {
	s.layout(a)
	drawTableBackground(a, &s.p, dst)
	w, h := float64(a.w), float64(a.h)
	pg := s.pages[s.page]
	head := a.T("scene.menu.rules")
	if pg.ug != nil {
		head = s.ugHelpSection(a)
	}
	drawText(a, dst, head, a.U(16), w/2, a.U(26), alignCenter, colTextDim)
	drawText(a, dst, a.T(pg.title), a.U(32), w/2, a.U(62), alignCenter, colGold)
	// Pictures across the top, text below.
	art := a.Art(int(a.U(86)))
	n := len(pg.cards) + len(pg.roles) + len(pg.gold)
	y := a.U(96)
	if len(pg.ig) > 0 {
		y = s.drawIG(a, dst, pg, y)
	}
	if pg.ug != nil {
		y = s.drawUG(a, dst, pg, y)
	}
	if n > 0 {
		gap := a.U(18)
		cw := float64(art.Width())
		x := (w - (float64(n)*cw + float64(n-1)*gap)) / 2
		step := cw + gap
		if a.RTL() && !pg.maze {
			// The first picture the text names sits where a right-to-left
			// reader starts: on the right.
			x, step = x+float64(n-1)*step, -step
		}
		// Each picture with its name under it, drawn by the cards' own art.
		capY := y + float64(art.Height()) + a.U(14)
		capW := cw + gap - a.U(4)
		capH := 0.0
		caption := func(t string) {
			capH = max(capH, drawWrapped(a, dst, t, a.U(13), x+cw/2, capY-a.U(8), capW, alignCenter, colTextDim))
		}
		for _, r := range pg.roles {
			s.p.image(dst, art.Role(r), x, y, 1, 1, 1)
			caption(roleCaption(a, r))
			x += step
		}
		for i, c := range pg.cards {
			s.p.image(dst, art.Card(c), x, y, 1, 1, 1)
			t := cardCaption(a, c)
			if i > 0 && c.Kind == saboteur.Path && c == pg.cards[i-1].Rotated() && c != pg.cards[i-1] {
				t = a.T("scene.help.turned") // the card before, turned half a turn (R3.3)
			}
			caption(t)
			x += step
		}
		for _, g := range pg.gold {
			s.p.image(dst, art.GoldCard(g), x, y, 1, 1, 1)
			caption(a.N("gold.amount", g))
			x += step
		}
		y = capY + capH + a.U(14)
	}
	tw := min(w-a.U(120), a.U(860))
	x, al := (w-tw)/2, alignStart
	if a.RTL() {
		x, al = (w+tw)/2, alignEnd
	}
	// The rule numbers small, under the plain text (SABOTEUR.md's R-numbers).
	body, refs := splitRules(a.T(pg.body))
	y += drawWrapped(a, dst, body, a.U(17), x, y, tw, al, colText)
	if len(refs) > 0 {
		drawText(a, dst, a.T("scene.help.rules_ref", "refs", strings.Join(refs, " · ")), a.U(12), x, y+a.U(14), al, colTextDim)
	}
	drawText(a, dst, a.T("scene.help.page", "n", s.page+1, "total", len(s.pages)), a.U(14), w/2, h-a.U(94), alignCenter, colTextDim)
	drawButton(a, &s.p, dst, &s.prev)
	drawButton(a, &s.p, dst, &s.done)
	drawButton(a, &s.p, dst, &s.next)
}
