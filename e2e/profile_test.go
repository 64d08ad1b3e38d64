//go:build e2e && profile

package e2e

import (
	"sort"
	"testing"
	"time"
)

// TestProfileStartup profiles the browser build from navigation to the
// first frame with Chromium's sampling profiler and logs the functions
// with the most time, self and inclusive. A maintainer's tool, not a check:
//
//	go test -tags e2e,profile -run Profile -v ./e2e/
//
// It builds its own wasm without -s -w, so the function names are in it.
func TestProfileStartup(t *testing.T) {
	findChromium(t)
	dir := t.TempDir()
	buildPageFlags(t, dir, ".", nil)
	h, addr := newHost(t, dir, 4, 4)
	_ = h
	b := startBrowser(t)
	for _, c := range []struct {
		m string
		p any
	}{{"Profiler.enable", nil}, {"Profiler.setSamplingInterval", map[string]any{"interval": 500}}, {"Profiler.start", nil}} {
		if err := b.page.call(c.m, c.p, nil); err != nil {
			t.Fatal(err)
		}
	}
	b.navigate(t, "http://"+addr+"/?mute=1&lang=en")
	s := b.waitFor(t, "the first frame", 120*time.Second, func(s pageState) bool { return s.FirstFrameMs != nil })
	t.Logf("first frame at %.0f ms, times %v", *s.FirstFrameMs, s.Times)
	var prof struct {
		Profile struct {
			Nodes []struct {
				ID        int `json:"id"`
				CallFrame struct {
					FunctionName string `json:"functionName"`
				} `json:"callFrame"`
				HitCount int   `json:"hitCount"`
				Children []int `json:"children"`
			} `json:"nodes"`
			StartTime, EndTime float64
		} `json:"profile"`
	}
	if err := b.page.call("Profiler.stop", nil, &prof); err != nil {
		t.Fatal(err)
	}
	byID := map[int]int{}
	for i, n := range prof.Profile.Nodes {
		byID[n.ID] = i
	}
	incl := make([]int, len(prof.Profile.Nodes))
	var walk func(i int) int
	walk = func(i int) int {
		n := prof.Profile.Nodes[i]
		sum := n.HitCount
		for _, c := range n.Children {
			sum += walk(byID[c])
		}
		incl[i] = sum
		return sum
	}
	walk(0)
	self, inclBy := map[string]int{}, map[string]int{}
	total := 0
	for i, n := range prof.Profile.Nodes {
		self[n.CallFrame.FunctionName] += n.HitCount
		inclBy[n.CallFrame.FunctionName] = max(inclBy[n.CallFrame.FunctionName], incl[i])
		total += n.HitCount
	}
	top := func(m map[string]int, what string) {
		names := make([]string, 0, len(m))
		for k := range m {
			names = append(names, k)
		}
		sort.Slice(names, func(i, j int) bool { return m[names[i]] > m[names[j]] })
		for _, n := range names[:min(40, len(names))] {
			t.Logf("%s %5.1f%%  %s", what, 100*float64(m[n])/float64(total), n)
		}
	}
	top(self, "self")
	top(inclBy, "incl")
}

// TestFirstFrameFigures measures navigation to the first frame a few times,
// muted and with sound, each in a fresh browser, and logs the times (the
// figure of issue 6). A maintainer's tool, not a check:
//
//	GOLDVEIN_WEB=$PWD/dist/web go test -tags e2e,profile -run FirstFrame -v ./e2e/
func TestFirstFrameFigures(t *testing.T) {
	dir := gamePage(t)
	_, addr := newHost(t, dir, 4, 4)
	for i := range 3 {
		for _, q := range []string{"?mute=1", "?mute=1&stream=0", "?"} {
			b := startBrowser(t)
			b.navigate(t, "http://"+addr+"/"+q)
			s := b.waitFor(t, "the first frame", 120*time.Second, func(s pageState) bool { return s.FirstFrameMs != nil })
			t.Logf("run %d %-17s first frame %6.0f ms (wasm fetched %d ms, compiled %d ms)", i, q, *s.FirstFrameMs, s.Times["fetched"], s.Times["compiled"])
			b.page.close()
			b.page = nil
			syscallKill(b)
		}
	}
}
