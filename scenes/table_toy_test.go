package scenes

import (
	"encoding/json"
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/ruletest"
)

// toyBoard is the toy game's table at one screen, built on the shell's
// table discipline as every game's board is (docs/DESIGN.md, "Table
// discipline"): the toy in turns, every seat a human, a Curtain between
// them; each seat's pick shows only to the seat holding the screen. Its
// faults are switches so the tests see the checks fail.
type toyBoard struct {
	p       Painter
	g       rules.Game
	m       rules.Match
	rec     *rules.Record
	curtain Curtain
	zoom    bool // a card shown large: Esc closes it (Covered)
	last    int  // the seat of the last move, -1 none
	undo    bool // the last move may be taken back (no reveal since)
	moves   int  // moves applied
	tuned   int  // Settings.BotWaitMs as Retune last read it, -1 never
	// Faults.
	leak  bool // draws seat 0's pick whoever holds the screen
	raw   bool // picks on a plain click (App.Clicked), no gate
	under bool // draws a word under the menu button
}

var toyNames = []string{"Ann", "Bob", "Cy"}

func newToyBoard(a *App, seats int) *toyBoard {
	g := ruletest.Toy{}
	opts := json.RawMessage(`{"turns":true,"target":4}`)
	m, err := g.New(seats, opts, 7)
	if err != nil {
		panic(err)
	}
	rs := make([]rules.RecordSeat, seats)
	for i := range rs {
		rs[i] = rules.RecordSeat{Name: toyNames[i], Kind: rules.Human}
	}
	b := &toyBoard{g: g, m: m, rec: rules.NewRecord(g.ID(), opts, 7, rs), last: -1, tuned: -1}
	b.cover(a)
	return b
}

// cover brings the curtain down for the seat that owes a move.
func (b *toyBoard) cover(a *App) {
	if b.m.Over() {
		a.HandTo(-1)
		return
	}
	s := b.m.ToMove()[0]
	b.curtain.Cover(a, s, b.m.Step(), toyNames[s])
}

func (*toyBoard) Name() string { return "toy-board" }

// Retune reads the setting a table would take again (Retuner).
func (b *toyBoard) Retune(a *App) { b.tuned = a.Settings.BotWaitMs }

// pickRect is pick button k's place (1 or 2).
func (b *toyBoard) pickRect(a *App, k int) Rect {
	return Rect{float64(a.W)/2 - a.U(130) + float64(k-1)*a.U(140), float64(a.H) - a.U(120), a.U(120), a.U(60)}
}

// decision is the decision open for the seat holding the screen.
func (b *toyBoard) decision(a *App) Decision {
	return Decision{Step: b.m.Step(), Seat: a.Holder()}
}

func (b *toyBoard) Update(a *App) error {
	if b.curtain.Covering() {
		b.curtain.Update(a)
		return nil
	}
	if b.zoom {
		if a.Key(ebiten.KeyEscape) {
			b.zoom = false
		}
		return nil
	}
	seat := a.Holder()
	if seat < 0 || b.m.Over() {
		return nil
	}
	d := b.decision(a)
	for k := 1; k <= 2; k++ {
		r := b.pickRect(a, k)
		var fired bool
		if b.raw {
			fired = a.Clicked(r)
		} else {
			fired = a.Tap(fmt.Sprint("pick", k), r, d)
		}
		if fired {
			return b.pick(a, seat, k)
		}
	}
	if a.Gate.Key(a, ebiten.KeyZ, d) {
		b.zoom = true
	}
	if a.Gate.Key(a, ebiten.KeySpace, d) { // Space picks 1 and ends the step
		return b.pick(a, seat, 1)
	}
	return nil
}

func (b *toyBoard) pick(a *App, seat, k int) error {
	mv := ruletest.ToyMove{Pick: k}
	evs, err := b.m.Apply(seat, mv)
	if err != nil {
		return err
	}
	b.moves++
	b.last, b.undo = seat, true
	for _, e := range evs {
		if e.(ruletest.ToyEvent).Type == "revealed" {
			b.undo = false // the round's picks were shown
		}
	}
	if err := b.rec.Add(seat, mv); err != nil {
		return err
	}
	b.cover(a)
	return nil
}

func (b *toyBoard) Covered() bool { return b.zoom }

func (b *toyBoard) CanUndo(a *App) (bool, string) {
	if b.last < 0 || !b.undo || len(b.rec.Moves) == 0 {
		return false, ""
	}
	return true, ""
}

// Undo replays the record without its last move.
func (b *toyBoard) Undo(a *App) {
	b.rec.Moves = b.rec.Moves[:len(b.rec.Moves)-1]
	m, _, err := b.rec.Replay(b.g)
	if err != nil {
		panic(err)
	}
	b.m, b.last, b.undo = m, -1, false
	b.cover(a)
}

func (b *toyBoard) Draw(a *App, dst *ebiten.Image) {
	DrawTableBackground(a, &b.p, dst)
	v := b.m.View(a.Holder())
	for s := range toyNames[:len(b.rec.Seats)] {
		r := Rect{a.U(100) + float64(s)*a.U(220), a.U(200), a.U(160), a.U(220)}
		b.p.Round(dst, r, a.U(8), ColPanelHi, a.U(2), ColEdge)
		DrawText(a, dst, toyNames[s], a.U(20), r.Cx(), r.Y+a.U(24), AlignCenter, ColText)
		switch {
		case b.leak && s == 0:
			a.Private(0)
			DrawText(a, dst, a.Num(b.m.View(0).(ruletest.ToyView).Picked[0]), a.U(40), r.Cx(), r.Cy(), AlignCenter, ColGold)
		case a.Shows(s):
			a.Private(s)
			DrawText(a, dst, a.Num(v.(ruletest.ToyView).Picked[s]), a.U(40), r.Cx(), r.Cy(), AlignCenter, ColGold)
		}
	}
	if b.under {
		r := MenuButtonRect(a)
		DrawText(a, dst, toyNames[0], a.U(20), r.Cx(), r.Cy(), AlignCenter, ColText)
	}
	if !b.curtain.Covering() && a.Holder() >= 0 {
		for k := 1; k <= 2; k++ {
			btn := Button{R: b.pickRect(a, k), Label: a.Num(k), Enabled: true}
			DrawButton(a, &b.p, dst, &btn)
		}
	}
	b.curtain.Draw(a, dst)
}
