package scenes

import (
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
)

// HistoryScene is the menu's History: the finished games of every game of
// the box, newest first, one row each: when it ended, the game, and the
// seats with their final scores, best first (game.History, the file beside
// the autosaves). A history that cannot be read is said so on the page and
// left as it is. A click on a row, or Up/Down to choose one and Enter,
// opens its replay (ReplayScene); the wheel scrolls; Esc or Back return.
type HistoryScene struct {
	p     Painter
	back  Scene
	Games []game.Finished // newest first
	Err   error           // why the history cannot be read
	Back  Button
	Sel   int // the row chosen by keyboard (an index of Games); -1 none
	top   int // the first row shown
	rows  int // how many rows fit
}

// NewHistoryScene reads the history (App.Dirs.History) once.
func NewHistoryScene(a *App, back Scene) *HistoryScene {
	s := &HistoryScene{back: back, Sel: -1}
	games, err := game.History{Path: a.Dirs.History}.Read()
	s.Err = err
	slices.Reverse(games)
	s.Games = games
	return s
}

func (s *HistoryScene) Name() string { return "history" }

// layout places the Back button and sets how many rows fit.
func (s *HistoryScene) layout(a *App) {
	w, h := float64(a.W), float64(a.H)
	s.Back = Button{R: Rect{w/2 - a.U(150), h - a.U(80), a.U(300), a.U(52)}, Label: a.T("scene.back"), Enabled: true, Primary: true}
	s.rows = max(1, int((h-a.U(230))/historyRowH(a)))
	s.top = max(0, min(s.top, len(s.Games)-s.rows))
}

// Row is where row k of the list (an index of Games) is drawn while shown.
func (s *HistoryScene) Row(a *App, k int) Rect {
	w := float64(a.W)
	rw := min(w-a.U(80), a.U(1000))
	rh := historyRowH(a)
	return Rect{(w - rw) / 2, a.U(130) + float64(k-s.top)*rh, rw, rh - a.U(8)}
}

// historyRowH is one row's height in pixels.
func historyRowH(a *App) float64 { return a.U(76) }

func (s *HistoryScene) Update(a *App) error {
	s.layout(a)
	_, wy := a.In.Wheel()
	switch {
	case wy < 0:
		s.top++
	case wy > 0:
		s.top--
	case a.Key(ebiten.KeyArrowDown) && len(s.Games) > 0:
		s.Sel = min(s.Sel+1, len(s.Games)-1)
	case a.Key(ebiten.KeyArrowUp) && len(s.Games) > 0:
		s.Sel = max(s.Sel-1, 0)
	}
	if a.Key(ebiten.KeyArrowDown) || a.Key(ebiten.KeyArrowUp) {
		// The chosen row stays in view.
		s.top = min(s.top, s.Sel)
		s.top = max(s.top, s.Sel-s.rows+1)
	}
	s.layout(a)
	for k := s.top; k < s.top+s.rows && k < len(s.Games); k++ {
		if a.Clicked(s.Row(a, k)) {
			a.GoTo(NewReplayScene(a, s.Games[k], s))
			return nil
		}
	}
	switch {
	case a.Key(ebiten.KeyEnter) && s.Sel >= 0:
		a.GoTo(NewReplayScene(a, s.Games[s.Sel], s))
	case s.Back.Clicked(a) || a.Key(ebiten.KeyEscape):
		a.GoTo(s.back)
	}
	return nil
}

// Line is the seats of finished game g with their scores, best first
// ("Ann 12 · Bob 9").
func (s *HistoryScene) Line(a *App, g game.Finished) string {
	order := make([]int, len(g.Scores))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return g.Scores[j] - g.Scores[i] })
	parts := make([]string, len(order))
	for k, i := range order {
		parts[k] = a.T("scene.history.seat", "name", g.Record.Seats[i].Name, "score", g.Scores[i])
	}
	return strings.Join(parts, " · ")
}

func (s *HistoryScene) Draw(a *App, dst *ebiten.Image) {
	s.layout(a)
	DrawTableBackground(a, &s.p, dst)
	w := float64(a.W)
	DrawText(a, dst, a.T("scene.history.title"), a.U(34), w/2, a.U(50), AlignCenter, ColGold)
	rw := min(w-a.U(80), a.U(1000))
	switch {
	case s.Err != nil:
		DrawWrapped(a, dst, a.T("scene.history.unreadable", "error", s.Err.Error()), a.U(16), w/2, a.U(110), rw, AlignCenter, ColBad)
	case len(s.Games) == 0:
		DrawText(a, dst, a.T("scene.history.empty"), a.U(18), w/2, a.U(130), AlignCenter, ColTextDim)
	default:
		DrawText(a, dst, Fit(a, a.T("scene.history.hint"), a.U(14), rw), a.U(14), w/2, a.U(104), AlignCenter, ColTextDim)
	}
	for k := s.top; k < s.top+s.rows && k < len(s.Games); k++ {
		g := s.Games[k]
		r := s.Row(a, k)
		bg, edge := ColPanel, ColEdge
		if k == s.Sel || a.Hover(r) {
			bg, edge = ColPanelHi, ColGold
		}
		s.p.Round(dst, r, a.U(6), bg, a.U(2), edge)
		in := Rect{r.X + a.U(14), r.Y, r.W - a.U(28), r.H}
		x, al := StartOf(a, in, 0)
		ex, eal := in.X+in.W, AlignEnd
		if a.RTL() {
			ex, eal = in.X, AlignStart
		}
		y1, y2 := r.Y+a.U(20), r.Y+a.U(50) // the two lines' middles: 18 and 15 px text, clear of each other and the edge
		name := a.T("game." + g.Record.Game + ".name")
		DrawText(a, dst, Fit(a, name, a.U(18), in.W*0.6), a.U(18), x, y1, al, ColGold)
		when := a.Cat.Digits(g.Ended.Local().Format("2006-01-02 15:04"))
		DrawText(a, dst, when, a.U(14), ex, y1, eal, ColTextDim)
		DrawText(a, dst, Fit(a, s.Line(a, g), a.U(15), in.W), a.U(15), x, y2, al, ColText)
	}
	if len(s.Games) > s.rows {
		DrawText(a, dst, a.T("scene.history.more", "from", s.top+1, "to", min(s.top+s.rows, len(s.Games)), "n", len(s.Games)), a.U(14), w/2, float64(a.H)-a.U(100), AlignCenter, ColTextDim)
	}
	DrawButton(a, &s.p, dst, &s.Back)
}
