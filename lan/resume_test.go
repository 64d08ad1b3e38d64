package lan

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules"
)

// TestResumeRefusesACorruptSession: the session of an autosave is read
// from disk; a seat of unknown kind, a bad name or a malformed or repeated
// token is refused with an error naming the seat (it used to panic on an
// unknown kind), changes nothing, and the good session resumes afterwards.
func TestResumeRefusesACorruptSession(t *testing.T) {
	m, err := toy.New(3, toyOpts(), 11)
	if err != nil {
		t.Fatal(err)
	}
	rec := rules.NewRecord("toy", toyOpts(), 11, []rules.RecordSeat{{Name: "ann", Kind: rules.Remote}, {Name: "bob", Kind: rules.Remote},
		{Name: "Bot 3", Kind: rules.Computer, Level: "random"}})
	r := rand.New(rand.NewPCG(11, 1))
	for range 12 {
		seat := m.ToMove()[0]
		ms := m.Legal(seat)
		mv := ms[r.IntN(len(ms))]
		if _, err := m.Apply(seat, mv); err != nil {
			t.Fatal(err)
		}
		if err := rec.Add(seat, mv); err != nil {
			t.Fatal(err)
		}
	}
	good := func() Session {
		return Session{Name: "test table", Seats: []SavedSeat{
			{Name: "ann", Kind: SeatGuest, Token: strings.Repeat("a1", 16)},
			{Name: "bob", Kind: SeatGuest, Token: strings.Repeat("b2", 16)},
			{Name: "Bot 3", Kind: SeatBot, Level: "random"},
		}}
	}
	for _, tc := range []struct {
		name, want string
		spoil      func(*Session)
	}{
		{"unknown kind", "seats[0]", func(s *Session) { s.Seats[0].Kind = "wizard" }},
		{"empty kind", "seats[2]", func(s *Session) { s.Seats[2].Kind = "" }},
		{"escape in a name", "seats[1]", func(s *Session) { s.Seats[1].Name = "\x1b[31mbob\n" }},
		{"empty name", "seats[1]", func(s *Session) { s.Seats[1].Name = "" }},
		{"table name", "name", func(s *Session) { s.Name = "\x1b[2J" }},
		{"short token", "seats[0]", func(s *Session) { s.Seats[0].Token = "x" }},
		{"no token", "seats[1]", func(s *Session) { s.Seats[1].Token = "" }},
		{"token twice", "seats[1]", func(s *Session) { s.Seats[1].Token = s.Seats[0].Token }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, _ := startHost(t, testConfig(3, 1))
			before := h.Lobby()
			s := good()
			tc.spoil(&s)
			err := h.Resume(rec, s, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Resume: %v; want an error naming %s", err, tc.want)
			}
			if h.Table() != nil {
				t.Fatal("a refused resume started a table")
			}
			if after := h.Lobby(); after.Name != before.Name || len(after.Seats) != len(before.Seats) || after.Seats[0] != before.Seats[0] {
				t.Fatalf("a refused resume changed the lobby: %+v -> %+v", before, after)
			}
			if err := h.Resume(rec, good(), nil); err != nil {
				t.Fatalf("the good session after a refused one: %v", err)
			}
		})
	}
}
