//go:build e2e && profile

package e2e

import (
	"cmp"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
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
			Samples            []int `json:"samples"`
			TimeDeltas         []int `json:"timeDeltas"`
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

	// The timeline: what the page's thread did in each quarter second
	// from the profiler's start, each sample put in the phase of its
	// innermost marked caller.
	parent := map[int]int{}
	for _, n := range prof.Profile.Nodes {
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	phase := func(id int) string {
		for ; id != 0; id = parent[id] {
			name := prof.Profile.Nodes[byID[id]].CallFrame.FunctionName
			for _, m := range phaseMarks {
				if strings.Contains(name, m.fn) {
					return m.phase
				}
			}
		}
		return "other"
	}
	const bucket = 250_000 // µs
	buckets := map[int]map[string]int{}
	at := 0
	for i, id := range prof.Profile.Samples {
		at += prof.Profile.TimeDeltas[i]
		b := at / bucket
		if buckets[b] == nil {
			buckets[b] = map[string]int{}
		}
		buckets[b][phase(id)]++
	}
	// The commonest stacks of each phase (the innermost frames, to the
	// frame that marked the phase).
	stacks := map[string]map[string]int{}
	for _, id := range prof.Profile.Samples {
		ph := phase(id)
		if ph == "native" || ph == "idle" || ph == "other" {
			continue
		}
		var stack []string
		for n := id; n != 0 && len(stack) < 12; n = parent[n] {
			name := prof.Profile.Nodes[byID[n]].CallFrame.FunctionName
			stack = append(stack, strings.TrimPrefix(name, "github.com_"))
			if phase(n) == ph && phase(parent[n]) != ph {
				break
			}
		}
		if stacks[ph] == nil {
			stacks[ph] = map[string]int{}
		}
		stacks[ph][strings.Join(stack, " < ")]++
	}
	for ph, m := range stacks {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return m[keys[i]] > m[keys[j]] })
		for _, k := range keys[:min(4, len(keys))] {
			t.Logf("%s: %d samples: %s", ph, m[k], k)
		}
	}
	for b := 0; b <= at/bucket; b++ {
		m := buckets[b]
		names := make([]string, 0, len(m))
		sum := 0
		for k, v := range m {
			names = append(names, k)
			sum += v
		}
		sort.Slice(names, func(i, j int) bool { return m[names[i]] > m[names[j]] })
		var parts []string
		for _, n := range names {
			if 100*m[n] >= 5*sum {
				parts = append(parts, fmt.Sprintf("%s %d%%", n, 100*m[n]/sum))
			}
		}
		t.Logf("%5d ms  %s", b*bucket/1000, strings.Join(parts, ", "))
	}
}

// phaseMarks name the start-up's phases by a function on the sample's
// stack (the innermost match wins; the list is in no particular order).
var phaseMarks = []struct{ fn, phase string }{
	{"pull", "wasm download+compile"},
	{"loadWasm", "wasm download+compile"},
	{"runtime.doInit", "package init"},
	{"scenes.NewApp", "NewApp"},
	{"sprites_fonts.loadSources", "font parsing"},
	{"sprites_fonts.layout", "text layout"},
	{"internal_shader", "shader compile"},
	{"graphicsdriver_opengl", "WebGL"},
	{"Draw", "Draw"},
	{"Update", "Update"},
	{"(garbage collector)", "GC"},
	{"(idle)", "idle"},
	{"(program)", "native"},
	{"runtime.main", "main"},
	{"wasm_pc_f_loop", "Go other"},
}

// TestFirstFrameFigures measures navigation to the first frame (the
// figure of issue 6) a few times, muted and with sound, each in a fresh
// browser that has finished its own start-up, and logs with each time the
// CPU the browser spent to get there: the page's main thread (the Go
// program, V8's lazy compiles, JavaScript), the renderer's other threads
// (V8 decoding and compiling the wasm), the GPU process (SwiftShader) and
// everything, and the load average. On a shared machine the wall time
// follows the load; the CPU times do not. A maintainer's tool, not a check:
//
//	GOLDVEIN_WEB=$PWD/dist/web go test -tags e2e,profile -run FirstFrame -v ./e2e/
//
// GOLDVEIN_RUNS sets the runs (default 3), GOLDVEIN_QUERIES the pages'
// queries, comma-separated (default "?mute=1&lang=en,?lang=en").
func TestFirstFrameFigures(t *testing.T) {
	dir := gamePage(t)
	_, addr := newHost(t, dir, 4, 4)
	runs, _ := strconv.Atoi(os.Getenv("GOLDVEIN_RUNS"))
	if runs <= 0 {
		runs = 3
	}
	queries := strings.Split(cmp.Or(os.Getenv("GOLDVEIN_QUERIES"), "?mute=1&lang=en,?lang=en"), ",")
	walls := map[string][]float64{}
	for i := range runs {
		for _, q := range queries {
			b := startBrowser(t)
			b.settle(t)
			before := threadCPU(b.cmd.Process.Pid)
			b.navigate(t, "http://"+addr+"/"+q)
			s := b.waitFor(t, "the first frame", 120*time.Second, func(s pageState) bool { return s.FirstFrameMs != nil })
			after := threadCPU(b.cmd.Process.Pid)
			var res struct{ Start, End float64 }
			b.page.eval(`(() => { const e = performance.getEntriesByType("resource").find(e => e.name.endsWith("/goldvein.wasm"));
				return e ? {Start: e.fetchStart, End: e.responseEnd} : {}; })()`, &res)
			var all time.Duration
			for k, v := range after {
				all += v - before[k]
			}
			d := func(k string) time.Duration { return after[k] - before[k] }
			walls[q] = append(walls[q], *s.FirstFrameMs)
			t.Logf("run %d %-16s first frame %6.0f ms (wasm fetch %4.0f-%4.0f ms, Go from %d ms); CPU: page thread %v, renderer other %v, GPU %v, all %v; load %s",
				i, q, *s.FirstFrameMs, res.Start, res.End, s.Times["compiled"],
				d("renderer/main"), d("renderer/other"), d("gpu/main")+d("gpu/other"), all.Round(10*time.Millisecond), loadAvg())
			b.page.close()
			b.page = nil
			syscallKill(b)
		}
	}
	for _, q := range queries {
		w := walls[q]
		sort.Float64s(w)
		t.Logf("%-16s first frame min %.0f ms, median %.0f ms, max %.0f ms over %d runs", q, w[0], w[len(w)/2], w[len(w)-1], len(w))
	}
}

// loadAvg is the 1-minute load average (/proc/loadavg).
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}

// threadCPU is the CPU time (user and system, /proc/PID/task/TID/stat) the
// browser's processes (process group pgid) have used, by
// "KIND/main" or "KIND/other": KIND is renderer (the page's), gpu or
// browser (the browser process and its other helpers); main is each
// process's main thread.
func threadCPU(pgid int) map[string]time.Duration {
	out := map[string]time.Duration{}
	procs, _ := os.ReadDir("/proc")
	for _, p := range procs {
		if _, err := strconv.Atoi(p.Name()); err != nil {
			continue
		}
		f := statFields("/proc/" + p.Name() + "/stat")
		if len(f) < 13 || f[2] != strconv.Itoa(pgid) {
			continue
		}
		cmd, _ := os.ReadFile("/proc/" + p.Name() + "/cmdline")
		c := string(cmd)
		kind := "browser"
		switch {
		case strings.Contains(c, "--type=renderer") && !strings.Contains(c, "--top-chrome-webui"):
			kind = "renderer"
		case strings.Contains(c, "--type=gpu-process"):
			kind = "gpu"
		}
		tasks, _ := os.ReadDir("/proc/" + p.Name() + "/task")
		for _, tk := range tasks {
			tf := statFields("/proc/" + p.Name() + "/task/" + tk.Name() + "/stat")
			if len(tf) < 13 {
				continue
			}
			u, _ := strconv.ParseInt(tf[11], 10, 64)
			st, _ := strconv.ParseInt(tf[12], 10, 64)
			th := "other"
			if tk.Name() == p.Name() {
				th = "main"
			}
			out[kind+"/"+th] += time.Duration(u+st) * 10 * time.Millisecond // clock ticks of 10 ms
		}
	}
	return out
}

// statFields are the fields of a /proc stat file after the command name:
// [0] is the state (field 3 of proc(5)), [2] the process group, [11] and
// [12] utime and stime.
func statFields(path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 || i+2 > len(b) {
		return nil
	}
	return strings.Fields(string(b[i+2:]))
}

// settle waits until the browser has finished its own start-up (its
// processes use under a tenth of a core for half a second, at most 15 s),
// so a figure counts the page's work, not the browser's.
func (b *browser) settle(t *testing.T) {
	t.Helper()
	total := func() (d time.Duration) {
		for _, v := range threadCPU(b.cmd.Process.Pid) {
			d += v
		}
		return d
	}
	deadline := time.Now().Add(15 * time.Second)
	prev := total()
	for time.Now().Before(deadline) {
		time.Sleep(500 * time.Millisecond)
		cur := total()
		if cur-prev < 50*time.Millisecond {
			return
		}
		prev = cur
	}
	t.Logf("the browser was still busy after 15 s")
}
