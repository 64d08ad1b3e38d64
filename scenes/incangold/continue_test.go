package incangold

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// TestIncanHotseatContinued (issue 16, "Playing it"; I3.4): a hotseat
// game of Ann and Ben and a hard computer player is left mid-round, Ann's
// choice sealed and Ben's still owed, with Esc to the menu. The autosave
// is a format-2 record of "incangold" with its options, seed and seat
// kinds; a fresh start's menu picks Incan Gold and Continue brings back
// the same table: the same position (every seat's view, Ann's sealed
// choice included), Ann and Ben human (hotseat) and the computer player
// hard, the curtain up for Ben, and the reveal waiting for him. The game
// then plays on. With SCENE_SHOTS set it saves pictures
// (ig-continued-*.png).
func TestIncanHotseatContinued(t *testing.T) {
	dir := t.TempDir()
	h := scenes.NewHarnessIn(t, dir, igTestGames)
	seats := []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Human: true, Name: "Ben"}, {Name: "Bot 3", Level: "hard"}}
	m, err := newIGMatch(h.A, igSetup{Seats: seats, Options: incangold.Options{StartPlayer: 0}, ShowChance: true, Seed: 8})
	if err != nil {
		t.Fatal(err)
	}
	b := newIGBoardScene(h.A, m)
	h.A.Cur = b
	h.A.GameID = igGameID
	// One whole step: Ann and Ben both go on, the computer player seals,
	// all turn over together.
	chooseBehindCurtain := func(seat int, key ebiten.Key) {
		t.Helper()
		// The computer player thinks on its own goroutine: on a busy
		// machine that takes longer than the ticks igWaitChoice allows.
		for end := time.Now().Add(20 * time.Second); time.Now().Before(end); {
			if b, ok := h.A.Cur.(*igBoardScene); ok && b.chooser >= 0 {
				break
			}
			h.Tick()
			time.Sleep(time.Millisecond)
		}
		b, ok := igWaitChoice(h)
		if !ok || b.chooser != seat || !b.curtain {
			t.Fatalf("want the curtain for seat %d, got chooser %d curtain %v", seat, b.chooser, b.curtain)
		}
		h.Key(ebiten.KeyEnter)       // the curtain lifts as Enter goes up
		h.Ticks(scenes.ArmTicks + 2) // and the choice cards arm as they show
		h.Key(key)
	}
	chooseBehindCurtain(0, ebiten.KeyT)
	chooseBehindCurtain(1, ebiten.KeyT)
	// The next step: Ann seals torch; the computer player seals too.
	chooseBehindCurtain(0, ebiten.KeyT)
	b = h.A.Cur.(*igBoardScene)
	owes := func(seat int) bool { v := b.m.table.View(seat); return v.Owes() }
	for end := time.Now().Add(20 * time.Second); owes(2) && time.Now().Before(end); {
		h.Tick()
		time.Sleep(time.Millisecond)
	}
	if pub := b.m.table.View(-1); !slices.Equal(pub.Sealed, []int{0, 2}) || !owes(1) {
		t.Fatalf("sealed %v, want Ann and the computer player with Ben to choose", pub.Sealed)
	}
	before := make([]incangold.View, 3)
	for s := range before {
		before[s] = b.m.table.View(s)
	}
	if before[0].Choice != incangold.Torch {
		t.Fatalf("Ann's sealed choice %v, want torch", before[0].Choice)
	}
	igLeaveByMenu(t, h) // quit mid-round
	if h.A.Cur.Name() != "menu" {
		t.Fatalf("Esc led to %s, want the menu", h.A.Cur.Name())
	}

	// The autosave: format 2, the game, its options, seed and seat kinds.
	data, err := os.ReadFile(filepath.Join(dir, igAutosaveFile))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := rules.ParseRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	wantSeats := []rules.RecordSeat{{Name: "Ann", Kind: rules.Human}, {Name: "Ben", Kind: rules.Human}, {Name: "Bot 3", Kind: rules.Computer, Level: "hard"}}
	if rec.Game != incangold.ID || rec.Seed != 8 || !slices.Equal(rec.Seats, wantSeats) {
		t.Fatalf("autosave: game %q seed %d seats %+v", rec.Game, rec.Seed, rec.Seats)
	}
	if o, err := incangold.ParseOptions(rec.Options); err != nil || o.StartPlayer != 0 {
		t.Fatalf("autosave options %s: %+v %v", rec.Options, o, err)
	}
	if len(rec.Moves) != 5 {
		t.Fatalf("autosave: %d moves, want 5 (three, then Ann's and the computer player's)", len(rec.Moves))
	}
	if _, err := os.Stat(filepath.Join(dir, game.AutosaveFile)); err == nil {
		t.Fatal("an Incan Gold game wrote Saboteur's autosave")
	}

	h2 := scenes.ContinueGame(t, dir, igTestGames)
	h2.ScreenBig()
	b2, ok := h2.A.Cur.(*igBoardScene)
	if !ok {
		t.Fatalf("after Continue: scene %s, want Incan Gold's board", h2.A.Cur.Name())
	}
	t.Cleanup(b2.m.table.Close)
	m2 := b2.m
	if !slices.Equal(m2.humans, []int{0, 1}) || !m2.hotseat() || !m2.setup.ShowChance {
		t.Fatalf("continued: humans %v hotseat %v show chance %v", m2.humans, m2.hotseat(), m2.setup.ShowChance)
	}
	if got := m2.setup.Seats[2]; got.Human || got.Level != "hard" || m2.name(2) != "Bot 3" {
		t.Fatalf("continued: seat 2 %+v, want the hard computer player", got)
	}
	for s := range before {
		if a, b := igJSON(t, m2.table.View(s)), igJSON(t, before[s]); a != b {
			t.Fatalf("seat %d's view after Continue:\n%s\nbefore:\n%s", s, a, b)
		}
	}
	h2.Arm()
	if b2.chooser != 1 || !b2.curtain {
		t.Fatalf("after Continue: chooser %d curtain %v, want the curtain for Ben", b2.chooser, b2.curtain)
	}
	// The screen stands where the game does.
	st, v := &b2.m.st, m2.table.View(-1)
	if st.round != v.Round || len(st.path) != len(v.Path) || st.pool != v.Pool || !slices.Equal(st.carried, v.Carried) ||
		!st.sealed[0] || st.sealed[1] || !st.sealed[2] {
		t.Fatalf("screen: round %d path %d pool %d carried %v sealed %v; engine: round %d path %d pool %d carried %v",
			st.round, len(st.path), st.pool, st.carried, st.sealed, v.Round, len(v.Path), v.Pool, v.Carried)
	}
	h2.Shot("ig-continued-1-curtain-ben")
	reveal := st.revealAt
	h2.Key(ebiten.KeyEnter)
	h2.Ticks(scenes.ArmTicks + 2)
	h2.Shot("ig-continued-2-ben-turn")
	if st.revealAt != reveal {
		t.Fatal("revealed before Ben chose")
	}
	h2.Key(ebiten.KeyC)
	for i := 0; i < 400 && st.revealAt == reveal; i++ {
		h2.Tick()
	}
	if want := []incangold.Choice{incangold.Torch, incangold.Camp}; !slices.Equal(st.choices[:2], want) {
		t.Fatalf("revealed %v for Ann and Ben, want %v", st.choices[:2], want)
	}
	saved, err := igSaver(h2.A).Load(igGame)
	if err != nil || len(saved.Record.Moves) != 6 || !slices.Equal(saved.Record.Seats, wantSeats) {
		t.Fatalf("autosave after Ben's choice: %v", err)
	}
}

// igLeaveByMenu leaves the board for the main menu as a keyboard player
// does: Esc opens the in-game menu, Up and Down put the focus on "Back to
// the menu" (the last item, whether Undo is greyed or not), Enter.
func igLeaveByMenu(t *testing.T, h *scenes.Harness) {
	t.Helper()
	h.Key(ebiten.KeyEscape)
	if h.A.Cur.Name() != "table-menu" {
		t.Fatalf("Esc on the board: scene %s, want the in-game menu", h.A.Cur.Name())
	}
	h.Key(ebiten.KeyArrowUp)
	h.Key(ebiten.KeyArrowDown)
	h.Arm()
	h.Key(ebiten.KeyEnter)
	h.Ticks(scenes.FadeTicks + 2)
}

func igJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func mustStat(t *testing.T, path string) os.FileInfo {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi
}
