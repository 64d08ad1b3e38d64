package scenes

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/sprites/fonts"
)

// Gallery is one language's run of TestGallery.
type Gallery struct {
	T       TB
	games   []Game
	Name    string
	lang    i18n.Lang
	digits  bool
	dir     string          // where the PNGs go; "" keeps none
	english map[string]bool // English catalogue texts that are whole lines
	own     map[string]bool // the same in this language
	drawn   []DrawnText
	Typed   []string // what players typed (chat): their digits stay theirs
}

// NewGallery is a gallery of the app with games in language l (Persian
// digits on with digits), its pictures saved under SCENE_SHOTS/gallery/name.
func NewGallery(t TB, name string, l i18n.Lang, digits bool, games []Game) *Gallery {
	g := &Gallery{T: t, games: games, Name: name, lang: l, digits: digits, english: map[string]bool{}, own: map[string]bool{}}
	if d := os.Getenv("SCENE_SHOTS"); d != "" {
		g.dir = filepath.Join(d, "gallery", name)
		if err := os.MkdirAll(g.dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	en, own := i18n.MustLoad(i18n.English), i18n.MustLoad(l)
	for _, k := range en.Keys() {
		if s := en.T(k); !strings.Contains(s, "{") && strings.IndexFunc(s, unicode.IsLetter) >= 0 {
			g.english[s] = true
		}
	}
	for _, k := range own.Keys() {
		g.own[own.T(k)] = true
	}
	return g
}

// Harness is a fresh app in the gallery's language.
func (g *Gallery) Harness() *Harness {
	in := NewScript()
	// The digits come from the settings file, as a player's choice does.
	dir := g.T.TempDir()
	st := DefaultSettings()
	st.PersianDigits = g.digits
	if err := st.Save(filepath.Join(dir, "settings.json")); err != nil {
		g.T.Fatal(err)
	}
	a, err := NewApp(Config{Input: in, ConfigDir: dir, Mute: true, FastBots: true, ArtOnFrame: true, Lang: string(g.lang), Games: g.games})
	if err != nil {
		g.T.Fatal(err)
	}
	a.Settings.AnimSpeed = 4
	if a.Cat.PersianDigits() != g.digits {
		g.T.Fatalf("Persian digits %v after a start with them %v in the settings", a.Cat.PersianDigits(), g.digits)
	}
	a.LayoutF(1280, 800)
	a.Text.drawn = &g.drawn
	// The checks read the lines drawText placed, not pixels: the small
	// screen of the other tests (NewScreen), whole when pictures are kept.
	return &Harness{T: g.T, A: a, In: in, Screen: NewScreen(a)}
}

// Show makes s the current scene and lets its entry motion end.
func (g *Gallery) Show(h *Harness, s Scene) {
	h.A.Cur, h.A.next, h.A.Fade = s, nil, 0
	h.Ticks(30)
}

// The gallery's patterns are compiled on first use, not while the
// program starts (the app never uses them; issue 28's start-up).
var (
	rawKey      = lazyRegexp(`^[a-z_]+(\.[A-Za-z0-9_]+)+$`)
	latinDigits = lazyRegexp(`[0-9]`)
	// Latin digits that stay Latin with Persian digits on: rule numbers
	// (R5.5, R8.1a; Incan Gold's I7.2 and O4), addresses (127.0.0.1:4242, ws://…), key names (F11),
	// file paths.
	keepLatin = lazyRegexp(`(?:R|I|O)[0-9]+(\.[0-9]+[a-z]?)?|[0-9]+(\.[0-9]+){3}(:[0-9]+)?|[a-z]+://\S+|:[0-9]{2,5}\b|F[0-9]+|/\S*[0-9]\S*`)
)

// Shot draws one frame of h's scene, checks its text and saves it.
func (g *Gallery) Shot(h *Harness, name string) {
	g.T.Helper()
	g.drawn = g.drawn[:0]
	h.A.Draw(h.Screen)
	h.A.Text.flushTo(nil)
	W, H := float64(h.A.W), float64(h.A.H)
	where := g.Name + "/" + name
	if len(g.drawn) == 0 {
		g.T.Errorf("%s: no text drawn", where)
	}
	for i, d := range g.drawn {
		r := d.R
		if r.X < -1 || r.Y < -1 || r.X+r.W > W+1 || r.Y+r.H > H+1 {
			g.T.Errorf("%s: %q at %.0f,%.0f %.0fx%.0f is cut off by the %gx%g window", where, d.S, r.X, r.Y, r.W, r.H, W, H)
		}
		for _, e := range g.drawn[:i] {
			if ov := overlap(ink(d.R), ink(e.R)); ov > 0.25*math.Min(d.R.W*d.R.H, e.R.W*e.R.H) && ov > 30 {
				g.T.Errorf("%s: %q overlaps %q", where, d.S, e.S)
			}
		}
		for _, c := range d.S {
			if unicode.IsGraphic(c) && !unicode.IsSpace(c) && !fonts.Covers(c) {
				g.T.Errorf("%s: %q: no font has %U (tofu)", where, d.S, c)
			}
		}
		if rawKey().MatchString(d.S) {
			g.T.Errorf("%s: a raw catalogue key %q", where, d.S)
		}
		if g.lang != i18n.English && g.english[d.S] && !g.own[d.S] {
			g.T.Errorf("%s: %q is English", where, d.S)
		}
		typed := false
		for _, t := range g.Typed {
			typed = typed || strings.Contains(d.S, t)
		}
		if g.digits && !typed && latinDigits().MatchString(keepLatin().ReplaceAllString(d.S, "")) {
			g.T.Errorf("%s: %q has Latin digits with Persian digits on", where, d.S)
		}
	}
	if g.dir != "" {
		if err := savePNG(h.Screen, filepath.Join(g.dir, name+".png")); err != nil {
			g.T.Error(err)
		}
	}
}

// ink is the part of a line's box where letters are: the box holds the
// tallest ascent and deepest descent of both families, which few letters
// reach.
func ink(r Rect) Rect { return Rect{r.X, r.Y + 0.2*r.H, r.W, 0.6 * r.H} }

// overlap is the area two rectangles share, in square pixels.
func overlap(a, b Rect) float64 {
	w := math.Min(a.X+a.W, b.X+b.W) - math.Max(a.X, b.X)
	h := math.Min(a.Y+a.H, b.Y+b.H) - math.Max(a.Y, b.Y)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}
