package scenes

import (
	"errors"
	"fmt"
	"testing"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/lan"
)

// TestJoinLocalNetworkLine: where the system asks for the local network
// (lan.AsksLocalNetwork, macOS 15), the Join screen that has heard no
// table for noTablesTicks says where to allow it (issue 23), in en, ru and
// fa at 1280x800 and 1024x640: every line of it drawn, inside the list's
// column and the screen, over nothing else drawn. Elsewhere it never shows.
func TestJoinLocalNetworkLine(t *testing.T) {
	LoopbackLAN(t)
	old := lan.AsksLocalNetwork
	t.Cleanup(func() { lan.AsksLocalNetwork = old })
	for _, asks := range []bool{true, false} {
		for _, lang := range []string{"en", "ru", "fa"} {
			for _, size := range [][2]float64{{1280, 800}, {1024, 640}} {
				name := fmt.Sprintf("asks=%v/%s/%.0fx%.0f", asks, lang, size[0], size[1])
				lan.AsksLocalNetwork = asks
				h := NewHarness(t, TestGames)
				a := h.A
				if err := a.SetLang(i18n.Lang(lang)); err != nil {
					t.Fatal(err)
				}
				h.SetSize(size[0], size[1])
				s := NewJoinScene(a)
				t.Cleanup(s.Leave)
				a.Cur = s
				h.Ticks(2)
				if s.LocalNetworkShown() {
					t.Errorf("%s: the line shows before the discovery had its time", name)
				}
				s.ticks = noTablesTicks
				h.Ticks(2)
				if len(s.Found) != 0 {
					t.Fatalf("%s: a table was heard: %v", name, s.Found)
				}
				if s.LocalNetworkShown() != asks {
					t.Errorf("%s: shown %v", name, s.LocalNetworkShown())
				}
				lr := s.listRect(a)
				want := WrapLines(a, a.T("lan.join.local_network"), a.U(13), lr.W, a.RTL())
				drawn := DrawnLines(h)
				boxes := []Rect{{lr.X, lr.Y, lr.W, a.U(120)}, s.AddrR, s.NameR, s.passR, s.join.R, s.back.R}
				var ours []Rect
				for _, d := range drawn {
					for _, l := range want {
						if d.S == l {
							ours = append(ours, d.R)
						}
					}
				}
				if !asks {
					if len(ours) != 0 {
						t.Errorf("%s: the line is drawn", name)
					}
					continue
				}
				if len(ours) != len(want) {
					t.Errorf("%s: %d of its %d lines drawn", name, len(ours), len(want))
				}
				for _, r := range ours {
					if r.X < lr.X-1 || r.X+r.W > lr.X+lr.W+1 || r.Y < 0 || r.Y+r.H > float64(a.H) {
						t.Errorf("%s: line %v out of its column %v or the screen", name, r, lr)
					}
					for _, b := range boxes {
						if Overlaps(r, b) {
							t.Errorf("%s: line %v over box %v", name, r, b)
						}
					}
					for _, d := range drawn {
						if d.R != r && !containsRect(ours, d.R) && Overlaps(r, d.R) {
							t.Errorf("%s: line %v over %q %v", name, r, d.S, d.R)
						}
					}
				}
				h.Shot(fmt.Sprintf("join-localnet-%s-%.0fx%.0f", lang, size[0], size[1]))
			}
		}
	}
}

func containsRect(rs []Rect, r Rect) bool {
	for _, q := range rs {
		if q == r {
			return true
		}
	}
	return false
}

// TestJoinLocalNetworkAfterFailedJoin: a join that failed as a refused
// local network does (lan.ErrLocalNetwork) shows the line at once, where
// the system asks for the local network; another failure does not.
func TestJoinLocalNetworkAfterFailedJoin(t *testing.T) {
	LoopbackLAN(t)
	old := lan.AsksLocalNetwork
	t.Cleanup(func() { lan.AsksLocalNetwork = old })
	lan.AsksLocalNetwork = true
	for _, c := range []struct {
		err  error
		want bool
	}{
		{fmt.Errorf("lan: join 192.168.1.20:47475: %w", lan.ErrLocalNetwork), true},
		{errors.New("lan: join 192.168.1.20:47475: connection refused"), false},
	} {
		h := NewHarness(t, TestGames)
		s := NewJoinScene(h.A)
		t.Cleanup(s.Leave)
		h.A.Cur = s
		ch := make(chan joinResult, 1)
		ch <- joinResult{err: c.err}
		s.pending = ch
		h.Ticks(2)
		if s.Err == "" || s.LocalNetworkShown() != c.want {
			t.Errorf("%v: error %q, line shown %v", c.err, s.Err, s.LocalNetworkShown())
		}
	}
}
