package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// leb is n as unsigned LEB128.
func leb(n int) []byte {
	var b []byte
	for {
		x := byte(n & 0x7f)
		n >>= 7
		if n == 0 {
			return append(b, x)
		}
		b = append(b, x|0x80)
	}
}

// section is section id with body b.
func section(id byte, b ...[]byte) []byte {
	body := bytes.Join(b, nil)
	return append(append([]byte{id}, leb(len(body))...), body...)
}

// str is a name as WebAssembly writes it: its length, then its bytes.
func str(s string) []byte { return append(leb(len(s)), s...) }

// testModule is a small module: one imported function, three defined
// ones (bodies of 3, 200 and 5 bytes, the 200 one's length two LEB bytes),
// a 10-byte data section and the names of the defined functions.
func testModule() []byte {
	body := func(n int) []byte { return append(leb(n), make([]byte, n)...) }
	names := bytes.Join([][]byte{leb(3),
		leb(1), str("github.com_goldvein_goldvein_scenes.__App_.Draw"),
		leb(2), str("github.com_goldvein_goldvein_scenes.NewApp"),
		leb(3), str("encoding_json.Marshal")}, nil)
	return bytes.Join([][]byte{
		[]byte("\x00asm\x01\x00\x00\x00"),
		section(2, leb(2), str("go"), str("debug"), []byte{0}, leb(0), str("go"), str("mem"), []byte{2, 1}, leb(1), leb(2)),
		section(10, leb(3), body(3), body(200), body(5)),
		section(11, make([]byte, 10)),
		section(0, str("name"), []byte{1}, leb(len(names)), names),
	}, nil)
}

// TestSizes: the code's and data's sizes, and the code by package (each
// body with its length's bytes), the imported function skipped in the
// name section's index space.
func TestSizes(t *testing.T) {
	m, err := parse(testModule())
	if err != nil {
		t.Fatal(err)
	}
	if m.imports != 1 || len(m.bodies) != 3 || m.data != 10 || m.code != 1+4+202+6 {
		t.Fatalf("imports %d, bodies %v, code %d, data %d", m.imports, m.bodies, m.code, m.data)
	}
	got := m.byPackage()
	want := []pkgSize{{"github.com_goldvein_goldvein_scenes", 4 + 202}, {"encoding_json", 6}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("by package %v, want %v", got, want)
	}
}

// TestRun: the command's output, and its exit status for bad arguments
// (2) and for a file that is no module or is cut short (1).
func TestRun(t *testing.T) {
	dir := t.TempDir()
	good, bad, cut := filepath.Join(dir, "a.wasm"), filepath.Join(dir, "b.wasm"), filepath.Join(dir, "c.wasm")
	os.WriteFile(good, testModule(), 0o644)
	os.WriteFile(bad, []byte("#!/bin/sh\n"), 0o644)
	os.WriteFile(cut, testModule()[:40], 0o644)
	var out, errb bytes.Buffer
	if code := run([]string{"-n", "1", good}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if want := "code 213 bytes in 3 functions, data 10 bytes\n    0.000 MB  github.com_goldvein_goldvein_scenes\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{nil, 2, "usage"}, {[]string{"-n", "-1", good}, 2, "usage"}, {[]string{good, good}, 2, "usage"},
		{[]string{bad}, 1, "not a WebAssembly module"}, {[]string{cut}, 1, "cut short"},
		{[]string{filepath.Join(dir, "none.wasm")}, 1, "no such file"},
	} {
		errb.Reset()
		if code := run(c.args, &out, &errb); code != c.code || !strings.Contains(errb.String(), c.says) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, errb.String(), c.code, c.says)
		}
	}
}

// TestPkgOf: a function's package as the wasm linker names it.
func TestPkgOf(t *testing.T) {
	for name, want := range map[string]string{
		"github.com_goldvein_goldvein_scenes.__App_.Draw": "github.com_goldvein_goldvein_scenes",
		"golang.org_x_image_vector.__Rasterizer_.LineTo":  "golang.org_x_image_vector",
		"encoding_json.__decodeState_.object":             "encoding_json",
		"runtime.mallocgc":                                "runtime",
		"type:.eq.image.Point":                            "type:",
		"wasm_pc_f_loop":                                  "wasm_pc_f_loop",
	} {
		if got := pkgOf(name); got != want {
			t.Errorf("%q: %q, want %q", name, got, want)
		}
	}
}
