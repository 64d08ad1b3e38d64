package boxtest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/scenes"
)

// openNewGame opens game g's New game screen (the menu's New game) on h
// and returns its form.
func openNewGame(t *testing.T, h *scenes.Harness, g scenes.Game) *scenes.NewGameForm {
	t.Helper()
	h.A.GameID = g.Rules().ID()
	fs, ok := g.NewGame(h.A, false).(scenes.FormScene)
	if !ok {
		t.Fatalf("%s: the New game screen is not built on scenes.NewGameForm", g.Rules().ID())
	}
	h.A.Cur = fs
	h.Ticks(2)
	return fs.Form()
}

// TestNewGameScreensAlike: the three games' New game screens are one
// screen (issue 26 item 10): in every language, at 1280x800, 1024x640
// and 1280x800 at 125%, each has the same seat editor (a first-player
// radio, the kind, the name or level, × at the same places), the same
// Back, Start and seed field, and every table option has its explaining
// line, drawn whole (not cut short) under its check box, inside the
// options column, clear of every other text and control, citing a rule
// number. SCENE_SHOTS pictures them.
func TestNewGameScreensAlike(t *testing.T) {
	for _, l := range i18n.Langs {
		for _, sz := range []struct{ w, h, ui float64 }{{1280, 800, 1}, {1024, 640, 1}, {1280, 800, 1.25}} {
			name := fmt.Sprintf("%s-%gx%g@%g", l, sz.w, sz.h, sz.ui)
			var first *scenes.NewGameForm
			for _, g := range games {
				h := scenes.LangHarness(t, string(l), games)
				h.A.Settings.UIScale = sz.ui
				h.A.LayoutF(sz.w, sz.h)
				h.Screen = scenes.NewScreen(h.A)
				f := openNewGame(t, h, g)
				id := g.Rules().ID()
				h.Shot("newgame-" + id + "-" + name)
				checkForm(t, h, f, id+" "+name)
				if first == nil {
					first = f
					continue
				}
				// The same controls in the same places as the first game's.
				same := func(what string, a, b scenes.Rect) {
					if a != b {
						t.Errorf("%s %s: %s at %+v, the first game's at %+v", id, name, what, a, b)
					}
				}
				same("Start", f.Start.R, first.Start.R)
				same("Back", f.Back.R, first.Back.R)
				same("the seed field", f.SeedR, first.SeedR)
				for i := 0; i < 2; i++ {
					r, r0 := f.Rows[i], first.Rows[i]
					same(fmt.Sprintf("row %d's radio", i), r.First, r0.First)
					same(fmt.Sprintf("row %d's kind", i), r.Kind.R, r0.Kind.R)
					same(fmt.Sprintf("row %d's ×", i), r.Remove.R, r0.Remove.R)
					same(fmt.Sprintf("row %d's level", i), r.Level, r0.Level)
				}
				same("the first option", f.Options.Items[0].Box.R, first.Options.Items[0].Box.R)
			}
		}
	}
}

// checkForm checks one New game screen as TestNewGameScreensAlike says.
func checkForm(t *testing.T, h *scenes.Harness, f *scenes.NewGameForm, name string) {
	t.Helper()
	W, H := float64(h.A.W), float64(h.A.H)
	on := func(what string, r scenes.Rect) {
		if r.X < 0 || r.Y < 0 || r.X+r.W > W+0.5 || r.Y+r.H > H+0.5 || r.W <= 0 || r.H <= 0 {
			t.Errorf("%s: %s %+v off the %gx%g screen", name, what, r, W, H)
		}
	}
	if len(f.Rows) < 2 || f.Rows[1].First.W == 0 {
		t.Fatalf("%s: %d rows, first-player radio %+v", name, len(f.Rows), f.Rows[0].First)
	}
	var controls []scenes.Rect
	for i, r := range f.Rows {
		if r.Remove.Label != "×" || !r.Kind.Enabled {
			t.Errorf("%s: row %d: remove %q, kind enabled %v", name, i, r.Remove.Label, r.Kind.Enabled)
		}
		on(fmt.Sprintf("row %d", i), r.R)
		controls = append(controls, r.First, r.Kind.R, r.Remove.R, r.Name)
	}
	on("Start", f.Start.R)
	on("Back", f.Back.R)
	on("add", f.Add.R)
	on("seed", f.SeedR)
	controls = append(controls, f.Start.R, f.Back.R, f.Add.R, f.SeedR)
	if len(f.Options.Items) == 0 {
		t.Fatalf("%s: no options", name)
	}
	for _, it := range f.Options.Items {
		controls = append(controls, it.Box.R)
	}
	if bad := h.NotDrawnWhole([]scenes.Button{f.Start, f.Back, f.Add}); len(bad) > 0 {
		t.Errorf("%s: buttons not drawn whole: %q", name, bad)
	}
	lines := scenes.DrawnLines(h)
	for i, it := range f.Options.Items {
		help := h.A.T(it.Key + ".help")
		if help == it.Key+".help" || !ruleCited.MatchString(help) {
			t.Errorf("%s: option %s explains itself as %q: want a line citing its rule", name, it.Key, help)
		}
		box := f.Options.HelpBox(i)
		on(it.Key+"'s explaining line", box)
		idx := slices.IndexFunc(lines, func(d scenes.DrawnText) bool { return d.S == help })
		if idx < 0 {
			t.Errorf("%s: %s's explaining line %q is not drawn whole on one line", name, it.Key, help)
			continue
		}
		d := lines[idx]
		if d.R.X < box.X-1 || d.R.X+d.R.W > box.X+box.W+1 || d.R.Y < box.Y-1 || d.R.Y+d.R.H > box.Y+box.H+1 {
			t.Errorf("%s: %s's explaining line at %+v leaves its box %+v", name, it.Key, d.R, box)
		}
		for _, c := range controls {
			if scenes.Overlaps(c, d.R) {
				t.Errorf("%s: %s's explaining line at %+v runs into a control at %+v", name, it.Key, d.R, c)
			}
		}
		for j, o := range lines {
			if j != idx && scenes.Overlaps(o.R, d.R) {
				t.Errorf("%s: %s's explaining line at %+v overlaps %q at %+v", name, it.Key, d.R, o.S, o.R)
			}
		}
	}
}

// TestNamesCarryOver: names typed on one game's New game screen are the
// human seats' names on the next game's, whether the first game was
// started or left by Back, on a seat made human too, and after the app
// restarts (the settings read again from settings.json), in seat order
// (issue 26 item 10).
func TestNamesCarryOver(t *testing.T) {
	dir := t.TempDir()
	h := scenes.NewHarnessIn(t, dir, games)
	h.Ticks(2)
	typeName := func(f *scenes.NewGameForm, seat int, name string) {
		t.Helper()
		h.Click(f.Rows[seat].Name)
		for range 20 {
			h.Key(ebiten.KeyBackspace)
		}
		h.In.Chars = []rune(name)
		h.Tick()
		h.Key(ebiten.KeyEnter) // leaves the field
		if got := f.Seats[seat].Name; got != name {
			t.Fatalf("typed %q into seat %d: %q", name, seat, got)
		}
	}
	// Saboteur: Ann in seat 0, started.
	f := openNewGame(t, h, games[0])
	typeName(f, 0, "Ann")
	h.Click(f.Start.R)
	h.Ticks(scenes.FadeTicks + 2)
	if _, still := h.A.Cur.(scenes.FormScene); still {
		t.Fatalf("Saboteur did not start: %q", f.Err)
	}
	// Incan Gold: Ann is there; seat 2 made human is Bob, then Back.
	f = openNewGame(t, h, games[1])
	if got := f.Seats[0].Name; got != "Ann" {
		t.Fatalf("Incan Gold's first seat after Saboteur's Ann: %q", got)
	}
	h.Click(f.Rows[2].Kind.R)
	if !f.Seats[2].Human {
		t.Fatal("seat 2 not made human")
	}
	typeName(f, 2, "Bob")
	h.Click(f.Back.R)
	h.Ticks(scenes.FadeTicks + 2)
	if _, menu := h.A.Cur.(*scenes.MenuScene); !menu {
		t.Fatalf("Back: scene %s", h.A.Cur.Name())
	}
	// Underground: Ann in seat 0; a seat made human takes Bob.
	f = openNewGame(t, h, games[2])
	h.Click(f.Rows[1].Kind.R)
	if got := []string{f.Seats[0].Name, f.Seats[1].Name}; got[0] != "Ann" || got[1] != "Bob" {
		t.Fatalf("Underground's humans: %q, want Ann and Bob", got)
	}
	// After a restart: the settings file keeps them, and every game's
	// screen offers them again.
	st := scenes.LoadSettings(filepath.Join(dir, "settings.json"))
	if !slices.Equal(st.Names, []string{"Ann", "Bob"}) {
		t.Fatalf("settings.json names %q, want Ann, Bob", st.Names)
	}
	h2 := scenes.NewHarnessIn(t, dir, games)
	h2.Ticks(2)
	for _, g := range games {
		f := openNewGame(t, h2, g)
		if got := f.Seats[0].Name; got != "Ann" {
			t.Errorf("%s after a restart: first seat %q, want Ann", g.Rules().ID(), got)
		}
	}
}

// TestSettingsNamesRead: a settings.json of before the names (today's
// shape, with Saboteur's last_setup) reads as it did, with no names; a
// hand-edited names list is cut to what a name field takes (16 printable
// characters; a bidi override and an empty name dropped) and to ten.
func TestSettingsNamesRead(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	old := `{"music":0.3,"effects":0.8,"muted":false,"lang":"ru","last_setup":{"seats":[{"human":true,"name":"Ann","level":""},` +
		`{"human":false,"name":"Bot 2","level":"easy"},{"human":false,"name":"Bot 3","level":"hard"}],"youngest":0,"seed":0}}`
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	st := scenes.LoadSettings(path)
	if st.Music != 0.3 || st.Lang != "ru" || len(st.LastSetup) == 0 || st.Names != nil {
		t.Fatalf("an old settings.json read as music %v, lang %q, last setup %d bytes, names %q", st.Music, st.Lang, len(st.LastSetup), st.Names)
	}
	names := `{"names":["Ann","Bo\u202eb","","ABCDEFGHIJKLMNOPQRSTUVWXYZ","c","d","e","f","g","h","i","j","k"]}`
	if err := os.WriteFile(path, []byte(names), 0o644); err != nil {
		t.Fatal(err)
	}
	st = scenes.LoadSettings(path)
	want := []string{"Ann", "Bob", "ABCDEFGHIJKLMNOP", "c", "d", "e", "f", "g", "h", "i"}
	if !slices.Equal(st.Names, want) {
		t.Fatalf("names read as %q, want %q", st.Names, want)
	}
}

// ruleCited matches a rule number of the box's references: R5.5, R8.1a,
// I2.4, O1, U10.1.
var ruleCited = regexp.MustCompile(`\((R|I|U)\d+(\.\d+[a-z]?)?\)|\(O\d\)`)

// TestLastTableKept: Incan Gold's and Underground's New game screens offer
// the table last started on them again after a restart, as Saboteur's
// does: the seats, the first player and the options; a table in
// settings.json that does not check (a level no game has) is ignored for
// the default table.
func TestLastTableKept(t *testing.T) {
	dir := t.TempDir()
	h := scenes.NewHarnessIn(t, dir, games)
	h.Ticks(2)
	for _, g := range games[1:] {
		f := openNewGame(t, h, g)
		h.Click(f.Add.R)
		h.Click(f.Rows[2].First)
		h.Click(f.Options.Items[0].Box.R)
		h.Click(f.Start.R)
		h.Ticks(scenes.FadeTicks + 2)
		if _, still := h.A.Cur.(scenes.FormScene); still {
			t.Fatalf("%s did not start: %q", g.Rules().ID(), f.Err)
		}
		h.A.GoTo(scenes.NewMenuScene(h.A)) // leave the table: its computer players stop with it
		h.Ticks(scenes.FadeTicks + 2)
	}
	h2 := scenes.NewHarnessIn(t, dir, games)
	h2.Ticks(2)
	seats := map[string]int{"incangold": 6, "underground": 4}
	for _, g := range games[1:] {
		id := g.Rules().ID()
		f := openNewGame(t, h2, g)
		if len(f.Seats) != seats[id] || f.First != 2 || !f.Options.Items[0].On || f.Options.Items[len(f.Options.Items)-1].On {
			t.Errorf("%s after a restart: %d seats, first %d, first option %v, drawn %v; want %d seats, the third first, the first option on",
				id, len(f.Seats), f.First, f.Options.Items[0].On, f.Options.Items[len(f.Options.Items)-1].On, seats[id])
		}
	}
	h2.A.Settings.Tables["incangold"] = []byte(`{"seats":[{"human":true,"name":"A"},{"level":"godlike"},{"level":"easy"}],"options":{"start_player":-1}}`)
	if f := openNewGame(t, h2, games[1]); len(f.Seats) != 5 || f.Seats[1].Level != "normal" {
		t.Errorf("a table that does not check: %d seats, seat 1 %q; want the default table", len(f.Seats), f.Seats[1].Level)
	}
}
