package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
)

// settingsScene changes the settings, each taking effect at once: volumes,
// mute, music, fullscreen, motion speed, the colour-blind-safe palette, UI
// scale and language (and Persian digits in Persian). They are saved when
// the scene is left.
type settingsScene struct {
	p     Painter
	back  Scene
	rows  []settingRow
	done  Button
	focus int
	geo   settingsGeo // the page's layout: the app's, or held (hold)
}

// settingsGeo is what the settings page's layout depends on: the scale,
// the direction and the rows' spacing. A change made with the pointer
// (the interface size, the language, which adds or removes the Persian
// digits row and mirrors the page) holds the page's layout as it was while
// the pointer stays on the control it used (held, at), so the next click
// there changes the same setting again and never lands on another
// (issue 22): the page takes the new layout once the pointer leaves that
// control.
type settingsGeo struct {
	scale, rowH float64 // pixels per layout unit; a row's height in pixels
	rtl         bool
	held        bool
	at          Rect // the control used, as laid out while held
}

// settingRow is one setting: a label and a value changed by ‹ and › (or a
// click on the value, or Left/Right when focused).
type settingRow struct {
	r, val     Rect
	dec, inc   Button
	label, txt string
	step       func(a *App, d int)
}

var animSpeeds = []float64{0.5, 1, 2, 4}
var botWaits = []float64{0, 500, 1000, 1500, 2000, 3000, 5000}
var uiScales = []float64{0.75, 0.875, 1, 1.125, 1.25, 1.5}

func NewSettingsScene(a *App, back Scene) *settingsScene {
	return &settingsScene{back: back}
}

func (s *settingsScene) Name() string { return "settings" }

func stepIn(list []float64, v float64, d int) float64 {
	i := 0
	for k, x := range list {
		if math.Abs(x-v) < math.Abs(list[i]-v) {
			i = k
		}
	}
	return list[min(max(i+d, 0), len(list)-1)]
}

func onOff(a *App, b bool) string {
	if b {
		return a.T("scene.settings.on")
	}
	return a.T("scene.settings.off")
}

func pct(a *App, v float64) string {
	return a.T("scene.settings.percent", "n", int(math.Round(v*100)))
}

func (s *settingsScene) build(a *App) {
	st := &a.Settings
	s.rows = s.rows[:0]
	add := func(label, val string, step func(a *App, d int)) {
		s.rows = append(s.rows, settingRow{label: label, txt: val, step: step})
	}
	add(a.T("scene.settings.effects"), pct(a, st.Effects), func(a *App, d int) {
		a.Settings.Effects = math.Round(math.Min(math.Max(a.Settings.Effects+0.1*float64(d), 0), 1)*10) / 10
		a.Audio.apply()
		a.Audio.Play(SfxPlace)
	})
	add(a.T("scene.settings.music"), pct(a, st.Music), func(a *App, d int) {
		a.Settings.Music = math.Round(math.Min(math.Max(a.Settings.Music+0.1*float64(d), 0), 1)*10) / 10
		a.Audio.apply()
	})
	add(a.T("scene.settings.music_on"), onOff(a, st.MusicOn), func(a *App, d int) {
		a.Settings.MusicOn = !a.Settings.MusicOn
		a.Audio.apply()
	})
	add(a.T("scene.settings.sound"), onOff(a, !st.Muted), func(a *App, d int) {
		a.Settings.Muted = !a.Settings.Muted
		a.Audio.apply()
	})
	add(a.T("scene.settings.fullscreen"), onOff(a, st.Fullscreen), func(a *App, d int) {
		a.Settings.Fullscreen = !a.Settings.Fullscreen
		ebiten.SetFullscreen(a.Settings.Fullscreen)
	})
	add(a.T("scene.settings.speed"), a.T(speedKey(st.AnimSpeed)), func(a *App, d int) {
		a.Settings.AnimSpeed = stepIn(animSpeeds, a.Settings.AnimSpeed, d)
	})
	add(a.T("scene.settings.bot_wait"), a.T("scene.settings.ms", "n", st.BotWaitMs), func(a *App, d int) {
		a.Settings.BotWaitMs = int(stepIn(botWaits, float64(a.Settings.BotWaitMs), d))
	})
	add(a.T("scene.settings.colorblind"), onOff(a, st.ColorBlind), func(a *App, d int) {
		a.Settings.ColorBlind = !a.Settings.ColorBlind
		a.applyPalette()
	})
	add(a.T("scene.settings.scale"), pct(a, st.UIScale), func(a *App, d int) {
		a.Settings.UIScale = stepIn(uiScales, a.Settings.UIScale, d)
		a.applyPalette()
	})
	add(a.T("scene.settings.language"), i18n.Lang(st.Lang).Native(), func(a *App, d int) {
		i := 0
		for k, l := range i18n.Langs {
			if string(l) == a.Settings.Lang {
				i = k
			}
		}
		n := len(i18n.Langs)
		_ = a.SetLang(i18n.Langs[(i+d+n)%n])
		a.Cat.SetPersianDigits(a.Settings.PersianDigits)
	})
	if a.RTL() {
		add(a.T("scene.settings.persian_digits"), onOff(a, st.PersianDigits), func(a *App, d int) {
			a.Settings.PersianDigits = !a.Settings.PersianDigits
			a.Cat.SetPersianDigits(a.Settings.PersianDigits)
		})
	}
	w, h := float64(a.W), float64(a.H)
	if !s.geo.held {
		s.geo.scale, s.geo.rtl = a.U(1), a.RTL()
		s.geo.rowH = math.Min(a.U(50), (h-a.U(200))/float64(len(s.rows)))
	}
	u := s.u
	rw := u(640)
	rowH := s.geo.rowH
	x0 := (w - rw) / 2
	for i := range s.rows {
		r := &s.rows[i]
		y := u(100) + float64(i)*rowH
		r.r = Rect{x0, y, rw, rowH - u(6)}
		bh := r.r.H - u(8)
		r.dec = Button{R: Rect{x0 + rw*0.55, y + u(4), bh, bh}, Label: "‹", Enabled: true}
		r.inc = Button{R: Rect{x0 + rw - bh - u(6), y + u(4), bh, bh}, Label: "›", Enabled: true}
		r.val = Rect{r.dec.R.X + bh, y, r.inc.R.X - r.dec.R.X - bh, r.r.H}
		if s.geo.rtl {
			r.dec.R, r.inc.R, r.val = r.dec.R.Mirror(2*r.r.Cx()), r.inc.R.Mirror(2*r.r.Cx()), r.val.Mirror(2*r.r.Cx())
			r.dec.Label, r.inc.Label = "›", "‹"
		}
	}
	s.done = Button{R: Rect{w/2 - u(150), h - u(80), u(300), u(52)}, Label: a.T("scene.back"), Enabled: true, Primary: true}
}

// u converts layout units to pixels at the page's scale (settingsGeo).
func (s *settingsScene) u(v float64) float64 { return v * s.geo.scale }

// hold keeps the page's layout while the pointer stays on control r,
// which it just used.
func (s *settingsScene) hold(r Rect) { s.geo.held, s.geo.at = true, r }

func speedKey(v float64) string {
	switch {
	case v < 0.75:
		return "scene.settings.speed_slow"
	case v < 1.5:
		return "scene.settings.speed_normal"
	case v < 3:
		return "scene.settings.speed_fast"
	}
	return "scene.settings.speed_very_fast"
}

func (s *settingsScene) Update(a *App) error {
	if p := &a.Ptr; s.geo.held && !p.Down && !p.Released && !s.geo.at.In(p.X, p.Y) {
		s.geo.held = false
	}
	s.build(a)
	if a.Key(ebiten.KeyArrowDown) || a.Key(ebiten.KeyTab) {
		s.focus = (s.focus + 1) % len(s.rows)
	}
	if a.Key(ebiten.KeyArrowUp) {
		s.focus = (s.focus - 1 + len(s.rows)) % len(s.rows)
	}
	for i := range s.rows {
		r := &s.rows[i]
		switch {
		case r.dec.Clicked(a):
			s.hold(r.dec.R)
			r.step(a, -1)
		case r.inc.Clicked(a):
			s.hold(r.inc.R)
			r.step(a, 1)
		case a.Clicked(r.val):
			s.hold(r.val)
			r.step(a, 1)
		case i == s.focus && a.Key(ebiten.KeyArrowLeft):
			r.step(a, -1)
		case i == s.focus && (a.Key(ebiten.KeyArrowRight) || a.Key(ebiten.KeyEnter)):
			r.step(a, 1)
		}
	}
	if s.done.Clicked(a) || a.Key(ebiten.KeyEscape) {
		a.SaveSettings()
		if m, ok := s.back.(*MenuScene); ok {
			m.Focus = -1
		}
		a.GoTo(refreshed(a, s.back))
	}
	return nil
}

// refreshed returns the scene to go back to, rebuilt when its texts
// depend on the language.
func refreshed(a *App, back Scene) Scene {
	if _, ok := back.(*MenuScene); ok {
		return NewMenuScene(a)
	}
	return back
}

func (s *settingsScene) Draw(a *App, dst *ebiten.Image) {
	s.build(a)
	DrawTableBackground(a, &s.p, dst)
	w := float64(a.W)
	u := s.u
	DrawText(a, dst, a.T("scene.menu.settings"), u(34), w/2, u(50), AlignCenter, ColGold)
	for i := range s.rows {
		r := &s.rows[i]
		edge := ColEdge
		if i == s.focus {
			edge = ColGold
		}
		s.p.Round(dst, r.r, u(6), ColPanel, u(2), edge)
		x, al := r.r.X+u(16), AlignStart
		if s.geo.rtl {
			x, al = r.r.X+r.r.W-u(16), AlignEnd
		}
		room := r.r.W*0.55 - u(24)
		size := FitSize(a, r.label, u(17), room)
		DrawText(a, dst, Fit(a, r.label, size, room), size, x, r.r.Cy(), al, ColText)
		DrawButton(a, &s.p, dst, &r.dec)
		DrawButton(a, &s.p, dst, &r.inc)
		DrawText(a, dst, r.txt, u(17), r.val.Cx(), r.val.Cy(), AlignCenter, ColGold)
	}
	DrawButton(a, &s.p, dst, &s.done)
}
