package scenes

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// HelpScene is the rules help: a readable, illustrated summary of
// SABOTEUR.md in a few pages, with the cards each page talks about, and the
// controls. Left/Right or the buttons turn the pages.
type HelpScene struct {
	P     Painter
	back  Scene
	Pages []HelpPage // the picked game's (Game.HelpPages)
	Page  int
	Prev  Button
	Next  Button
	Done  Button
}

// HelpPage is one page: its title and text keys and the cards shown.
type HelpPage struct {
	Title, Body string
	// Pic is a game's own pictures for the page (HelpPicture), nil for
	// none.
	Pic HelpPicture
	// Sec is the page's section, which PgUp/PgDn jump between; SecKey,
	// when set, is the catalogue key of the line over the title naming the
	// section and where the page stands in it (its n of total).
	Sec    int
	SecKey string
}

// NewHelpScene is the rules help of the picked game (Game.HelpPages);
// Back returns to back.
func NewHelpScene(a *App, back Scene) *HelpScene {
	return &HelpScene{back: back, Pages: a.Game().HelpPages(a)}
}

func (s *HelpScene) Name() string { return "rules" }

func (s *HelpScene) layout(a *App) {
	w, h := float64(a.W), float64(a.H)
	s.Prev = Button{R: Rect{w/2 - a.U(330), h - a.U(72), a.U(200), a.U(50)}, Label: a.T("scene.help.prev"), Enabled: s.Page > 0}
	s.Done = Button{R: Rect{w/2 - a.U(100), h - a.U(72), a.U(200), a.U(50)}, Label: a.T("scene.back"), Enabled: true}
	s.Next = Button{R: Rect{w/2 + a.U(130), h - a.U(72), a.U(200), a.U(50)}, Label: a.T("scene.help.next"), Enabled: s.Page < len(s.Pages)-1, Primary: true}
	if a.RTL() {
		s.Prev.R, s.Next.R = s.Next.R, s.Prev.R
	}
}

func (s *HelpScene) Update(a *App) error {
	s.layout(a)
	fwd, bwd := ebiten.KeyArrowRight, ebiten.KeyArrowLeft
	if a.RTL() {
		fwd, bwd = bwd, fwd
	}
	switch {
	case s.Next.Clicked(a) || (a.Key(fwd) && s.Next.Enabled):
		s.Page++
	case s.Prev.Clicked(a) || (a.Key(bwd) && s.Prev.Enabled):
		s.Page--
	case a.Key(ebiten.KeyPageDown) && s.Next.Enabled:
		s.Page = s.section(+1)
	case a.Key(ebiten.KeyPageUp) && s.Prev.Enabled:
		s.Page = s.section(-1)
	case s.Done.Clicked(a) || a.Key(ebiten.KeyEscape):
		a.GoTo(refreshed(a, s.back))
	}
	return nil
}

// section is the page PgDn (dir +1) or PgUp (dir -1) turns to: the first
// page of the next section, or of this one (or the one before, when on its
// first page); one page on when the pages have no sections.
func (s *HelpScene) section(dir int) int {
	sec := s.Pages[s.Page].Sec
	if dir > 0 {
		for i := s.Page + 1; i < len(s.Pages); i++ {
			if s.Pages[i].Sec != sec {
				return i
			}
		}
		if s.Pages[len(s.Pages)-1].Sec == s.Pages[0].Sec {
			return s.Page + 1
		}
		return len(s.Pages) - 1
	}
	i := s.Page
	if i > 0 && s.Pages[i-1].Sec != sec {
		i-- // on a section's first page: to the section before
	}
	for i > 0 && s.Pages[i-1].Sec == s.Pages[i].Sec {
		i--
	}
	if i == s.Page {
		return max(s.Page-1, 0)
	}
	return i
}

func (s *HelpScene) Draw(a *App, dst *ebiten.Image) {
	s.layout(a)
	DrawTableBackground(a, &s.P, dst)
	w, h := float64(a.W), float64(a.H)
	pg := s.Pages[s.Page]
	head := a.T("scene.menu.rules")
	if pg.SecKey != "" {
		head = s.sectionLine(a)
	}
	DrawText(a, dst, head, a.U(16), w/2, a.U(26), AlignCenter, ColTextDim)
	DrawText(a, dst, a.T(pg.Title), a.U(32), w/2, a.U(62), AlignCenter, ColGold)
	// Pictures across the top, text below.
	y := a.U(96)
	if pg.Pic != nil {
		y = pg.Pic.Draw(a, &s.P, dst, y)
	}
	tw := min(w-a.U(120), a.U(860))
	x, al := (w-tw)/2, AlignStart
	if a.RTL() {
		x, al = (w+tw)/2, AlignEnd
	}
	// The rule numbers small, under the plain text (SABOTEUR.md's R-numbers).
	body, refs := SplitRules(a.T(pg.Body))
	y += DrawWrapped(a, dst, body, a.U(17), x, y, tw, al, ColText)
	if len(refs) > 0 {
		DrawText(a, dst, a.T("scene.help.rules_ref", "refs", strings.Join(refs, " · ")), a.U(12), x, y+a.U(14), al, ColTextDim)
	}
	if u, ok := pg.Pic.(HelpUnder); ok { // a scene under the text, above the page number
		top := y + a.U(36)
		u.DrawUnder(a, &s.P, dst, R((w-tw)/2, top, tw, h-a.U(112)-top))
	}
	DrawText(a, dst, a.T("scene.help.page", "n", s.Page+1, "total", len(s.Pages)), a.U(14), w/2, h-a.U(94), AlignCenter, ColTextDim)
	DrawButton(a, &s.P, dst, &s.Prev)
	DrawButton(a, &s.P, dst, &s.Done)
	DrawButton(a, &s.P, dst, &s.Next)
}

// sectionLine is the small line over a page's title naming its section
// and where the page stands in it ("Races · 3 of 15"): HelpPage.SecKey.
func (s *HelpScene) sectionLine(a *App) string {
	pg := s.Pages[s.Page]
	n, total := 0, 0
	for i, p := range s.Pages {
		if p.Sec == pg.Sec {
			total++
			if i <= s.Page {
				n++
			}
		}
	}
	return a.T(pg.SecKey, "n", n, "total", total)
}

// ruleRefs finds the rule numbers a help text cites in parentheses:
// "(R5.3, R5.4)", with a Persian comma too; Incan Gold's are I-numbers and
// table options ("(I7.2, O4)"); Underground's U-numbers and rulings
// ("(U12.3, UR17)").
var ruleRefs = lazyRegexp(`\s*\(((?:R|I|O|UR|U)\d+(?:\.\d+[a-z]?)?(?:[,،]\s*(?:R|I|O|UR|U)\d+(?:\.\d+[a-z]?)?)*)\)`)

// SplitRules takes the rule numbers out of a help text, so the text reads
// plainly and the numbers can be shown small beside it.
func SplitRules(text string) (plain string, refs []string) {
	for _, m := range ruleRefs().FindAllStringSubmatch(text, -1) {
		for _, r := range strings.FieldsFunc(m[1], func(c rune) bool { return c == ',' || c == '،' || c == ' ' }) {
			refs = append(refs, r)
		}
	}
	return ruleRefs().ReplaceAllString(text, ""), refs
}
