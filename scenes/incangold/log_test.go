package incangold

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// igLogLines is the log's text, oldest first.
func igLogLines(m *igMatch) []string {
	var out []string
	for i := 0; i < m.log.Len(); i++ {
		out = append(out, m.log.Line(i).Text)
	}
	return out
}

// TestIncanLogWholeGameAfterContinue (issue 26 item 6): one person and two
// computer players play two rounds by the keyboard; the board's log has
// every round apart, the choices as revealed ("you" for the screen's
// player, names for the others), what each leaver brought home. The game
// is left by the in-game menu and continued: the continued board's log,
// rebuilt from the record, begins with every line the first screen had
// shown, and the game then plays on to its end with the log holding the
// whole of it: a round's opening for each of the five rounds, a reveal
// line for every choice revealed, a line for every leaver and every loss
// in a collapse, and the winners last.
func TestIncanLogWholeGameAfterContinue(t *testing.T) {
	dir := t.TempDir()
	h := scenes.NewHarnessIn(t, dir, igTestGames)
	seats := []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Name: "Bot 2", Level: "normal"}, {Name: "Bot 3", Level: "normal"}}
	m, err := newIGMatch(h.A, igSetup{Seats: seats, Options: incangold.Options{StartPlayer: 0}, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	h.A.Cur = newIGBoardScene(h.A, m)
	h.A.GameID = igGameID
	for end := time.Now().Add(120 * time.Second); ; {
		if time.Now().After(end) {
			t.Fatalf("round 3 did not come; at %s", h.A.Cur.Name())
		}
		if b, ok := h.A.Cur.(*igBoardScene); ok && m.st.round >= 3 && b.chooser >= 0 && h.A.Fade == 0 {
			break
		}
		if !igStep(h) {
			h.Tick()
		}
	}
	before := igLogLines(m)
	for _, want := range []string{h.A.T("ig.log.round.you", "n", 1, "total", incangold.Rounds),
		h.A.T("ig.log.torch.you"), h.A.T("ig.log.torch", "name", "Bot 2")} {
		if !slices.Contains(before, want) {
			t.Errorf("the log before leaving lacks %q:\n%s", want, strings.Join(before, "\n"))
		}
	}
	h.Shot("ig-log-before-continue")
	t.Cleanup(m.table.Close)
	igLeaveByMenu(t, h)

	h2 := scenes.ContinueGame(t, dir, igTestGames)
	h2.ScreenBig()
	b2, ok := h2.A.Cur.(*igBoardScene)
	if !ok {
		t.Fatalf("after Continue: scene %s", h2.A.Cur.Name())
	}
	m2 := b2.m
	t.Cleanup(m2.table.Close)
	after := igLogLines(m2)
	if len(after) < len(before) || !slices.Equal(after[:len(before)], before) {
		t.Fatalf("the continued log does not begin with the first screen's %d lines:\n%s\n---- before:\n%s",
			len(before), strings.Join(after, "\n"), strings.Join(before, "\n"))
	}
	h2.Shot("ig-log-after-continue")
	for end := time.Now().Add(180 * time.Second); !igOver(h2)(); {
		if time.Now().After(end) {
			t.Fatalf("the continued game did not end; at %s", h2.A.Cur.Name())
		}
		if !igStep(h2) {
			h2.Tick()
		}
	}
	// The whole game, counted from the record's own events.
	all := igLogLines(m2)
	rec := m2.table.(*igGameTable).Record()
	events, err := igReplayEvents(rec)
	if err != nil {
		t.Fatal(err)
	}
	var rounds, choices, leavers, losses, busts int
	for _, e := range events {
		switch e.Type {
		case incangold.RoundStarted:
			rounds++
		case incangold.Revealed:
			for _, c := range e.Choices {
				if c != incangold.NoChoice {
					choices++
				}
			}
		case incangold.Left:
			leavers++
		case incangold.Bust:
			busts++
			for _, n := range e.Lost {
				if n > 0 {
					losses++
				}
			}
		}
	}
	count := func(keys ...string) int {
		n := 0
		for _, l := range all {
			for _, k := range keys {
				if strings.HasPrefix(l, k) {
					n++
					break
				}
			}
		}
		return n
	}
	opens := 0
	for _, l := range all {
		if strings.Contains(l, fmt.Sprintf(" of %d · ", incangold.Rounds)) {
			opens++
		}
	}
	if rounds != incangold.Rounds || opens != rounds {
		t.Errorf("%d rounds played, %d lines opening a round", rounds, opens)
	}
	reveal := count(h2.A.T("ig.log.torch.you"), h2.A.T("ig.log.camp.you"), "Bot 2 goes", "Bot 3 goes")
	if reveal != choices {
		t.Errorf("%d choices revealed, %d reveal lines", choices, reveal)
	}
	if home := count("You bring", "Bot 2 brings", "Bot 3 brings"); home != leavers {
		t.Errorf("%d leavers, %d lines of what they brought home", leavers, home)
	}
	if lost := count("You lose", "Bot 2 loses", "Bot 3 loses"); lost != losses {
		t.Errorf("%d losses in %d collapses, %d lines", losses, busts, lost)
	}
	if last := all[len(all)-1]; !strings.HasPrefix(last, "Game over") {
		t.Errorf("the log's last line %q, want the winners", last)
	}
	t.Logf("%d log lines: %d rounds, %d choices, %d leavers, %d collapses", len(all), rounds, choices, leavers, busts)
}

// igReplayEvents replays rec and returns every public event of the game.
func igReplayEvents(rec *rules.Record) ([]incangold.Event, error) {
	_, evs, err := rec.Replay(igGame)
	var out []incangold.Event
	for _, e := range evs {
		if ie, ok := e.(incangold.Event); ok {
			out = append(out, ie)
		}
	}
	return out, err
}

// TestIncanLogGrammar: the log calls the screen's own player "you" in
// English, Russian and Persian (one person at the screen) and everyone by
// name at a shared screen, and every line of an event fits the panel
// without a missing key.
func TestIncanLogGrammar(t *testing.T) {
	events := []incangold.Event{
		{Type: incangold.RoundStarted, Round: 1, Seat: 0},
		{Type: incangold.Flipped, Seat: -1, Card: 7, Explorers: 2, Each: 3, Pool: 1},
		{Type: incangold.Revealed, Seat: -1, Choices: []incangold.Choice{incangold.Torch, incangold.Camp}},
		{Type: incangold.Left, Seat: 1, Banked: 5, Carried: 3, Share: 2, Worths: []int{5, 7}},
		{Type: incangold.Revealed, Seat: -1, Choices: []incangold.Choice{incangold.Camp, incangold.NoChoice}},
		{Type: incangold.Left, Seat: 0, Banked: 4, Carried: 3, Share: 1},
	}
	for _, l := range i18n.Langs {
		for _, humans := range []int{1, 2} {
			h := scenes.LangHarness(t, string(l), igTestGames)
			m := newIGMatchOf(h.A, igSetup{Seats: igSeats(humans, 2), Options: incangold.Options{StartPlayer: 0}})
			for _, e := range events {
				m.note(h.A, e)
			}
			got := igLogLines(m)
			for _, s := range got {
				if strings.Contains(s, "ig.log") || strings.Contains(s, "{") {
					t.Errorf("%s: a line with a missing key or argument: %q", l, s)
				}
			}
			youTorch, camp := h.A.T("ig.log.torch.you"), h.A.T("ig.log.camp", "name", m.name(1))
			if humans == 2 {
				youTorch = h.A.T("ig.log.torch", "name", m.name(0))
			}
			if !slices.Contains(got, youTorch) || !slices.Contains(got, camp) {
				t.Errorf("%s, %d at the screen: want %q and %q in\n%s", l, humans, youTorch, camp, strings.Join(got, "\n"))
			}
			if humans == 1 && slices.Contains(got, h.A.T("ig.log.torch", "name", m.name(0))) {
				t.Errorf("%s: the screen's own player goes by name", l)
			}
		}
	}
}
