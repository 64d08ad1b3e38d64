// Command wasmsize says where a Go WebAssembly binary's bytes are (issue
// 28; docs/LAN.md, Where the bytes are; docs/TOOLS.md):
//
//	wasmsize [-n N] FILE.wasm
//
// It prints the code section's and the data section's sizes, then the
// code by Go package, largest first (the N largest, default 40), from the
// functions' names in the name section: build without -ldflags=-s, e.g.
// `GOOS=js GOARCH=wasm go build -trimpath -o goldvein.wasm .`. A stripped
// build has no names, and all its code is counted under "?". Exit status
// 2 for bad arguments, 1 for a file that is no WebAssembly module.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("wasmsize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 40, "packages to list, largest first")
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 || *n < 0 {
		fmt.Fprintln(stderr, "usage: wasmsize [-n N] FILE.wasm")
		return 2
	}
	b, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "wasmsize:", err)
		return 1
	}
	m, err := parse(b)
	if err != nil {
		fmt.Fprintf(stderr, "wasmsize: %s: %v\n", fs.Arg(0), err)
		return 1
	}
	fmt.Fprintf(stdout, "code %d bytes in %d functions, data %d bytes\n", m.code, len(m.bodies), m.data)
	for i, p := range m.byPackage() {
		if i == *n {
			break
		}
		fmt.Fprintf(stdout, "%9.3f MB  %s\n", float64(p.size)/1e6, p.name)
	}
	return 0
}

// module is what wasmsize reads of a WebAssembly module.
type module struct {
	code, data int            // the code and data sections' sizes, bytes
	imports    int            // imported functions (they come first in the index space)
	bodies     []int          // each defined function's body, bytes
	names      map[int]string // function index to name (the name section)
}

// reader reads a WebAssembly module's bytes.
type reader struct {
	b   []byte
	i   int
	err error
}

var errShort = errors.New("cut short")

// u32 reads an unsigned LEB128 number.
func (r *reader) u32() int {
	v, s := 0, 0
	for {
		if r.i >= len(r.b) || s > 35 {
			r.err = errShort
			return 0
		}
		x := r.b[r.i]
		r.i++
		v |= int(x&0x7f) << s
		s += 7
		if x < 0x80 {
			return v
		}
	}
}

// bytes reads n bytes.
func (r *reader) bytes(n int) []byte {
	if n < 0 || r.i+n > len(r.b) {
		r.err = errShort
		return nil
	}
	v := r.b[r.i : r.i+n]
	r.i += n
	return v
}

// parse reads the sections wasmsize needs: imports (to count the imported
// functions), code, data and the custom "name" section's function names.
func parse(b []byte) (*module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly module")
	}
	m := &module{names: map[int]string{}}
	r := &reader{b: b, i: 8}
	for r.i < len(b) && r.err == nil {
		id := r.bytes(1)
		size := r.u32()
		sec := &reader{b: r.bytes(size)}
		if r.err != nil {
			break
		}
		switch id[0] {
		case 2:
			m.imports = countFuncImports(sec)
		case 10:
			m.code = size
			for k := sec.u32(); k > 0 && sec.err == nil; k-- {
				start := sec.i
				n := sec.u32()
				sec.bytes(n)
				m.bodies = append(m.bodies, sec.i-start)
			}
		case 11:
			m.data = size
		case 0:
			if string(sec.bytes(sec.u32())) == "name" {
				readNames(sec, m.names)
			}
		}
		if sec.err != nil {
			return nil, fmt.Errorf("section %d: %w", id[0], sec.err)
		}
	}
	return m, r.err
}

// countFuncImports counts the functions among an import section's entries.
func countFuncImports(r *reader) int {
	n := 0
	for k := r.u32(); k > 0 && r.err == nil; k-- {
		r.bytes(r.u32()) // module
		r.bytes(r.u32()) // name
		kind := r.bytes(1)
		if r.err != nil {
			break
		}
		switch kind[0] {
		case 0: // function: its type
			r.u32()
			n++
		case 1: // table: element type, limits
			r.bytes(1)
			limits(r)
		case 2: // memory: limits
			limits(r)
		case 3: // global: value type, mutability
			r.bytes(2)
		default:
			r.err = fmt.Errorf("import of kind %d", kind[0])
		}
	}
	return n
}

// limits skips a table's or memory's limits.
func limits(r *reader) {
	f := r.bytes(1)
	r.u32()
	if r.err == nil && f[0]&1 != 0 {
		r.u32()
	}
}

// readNames reads the function names (subsection 1) of a name section.
func readNames(r *reader, names map[int]string) {
	for r.i < len(r.b) && r.err == nil {
		id := r.bytes(1)
		sub := &reader{b: r.bytes(r.u32())}
		if r.err != nil || id[0] != 1 {
			continue
		}
		for k := sub.u32(); k > 0 && sub.err == nil; k-- {
			idx := sub.u32()
			names[idx] = string(sub.bytes(sub.u32()))
		}
		r.err = sub.err
	}
}

// pkgSize is a package's code, bytes.
type pkgSize struct {
	name string
	size int
}

// byPackage sums the functions' bodies by package, largest first.
func (m *module) byPackage() []pkgSize {
	sum := map[string]int{}
	for i, n := range m.bodies {
		name, ok := m.names[m.imports+i]
		if !ok {
			name = "?"
		}
		sum[pkgOf(name)] += n
	}
	var ps []pkgSize
	for k, v := range sum {
		ps = append(ps, pkgSize{k, v})
	}
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].size != ps[j].size {
			return ps[i].size > ps[j].size
		}
		return ps[i].name < ps[j].name
	})
	return ps
}

// pkgOf is the package of a function's name as Go's wasm linker writes it
// ("github.com_goldvein_goldvein_scenes.__App_.Draw": the import path
// with "_" for "/", then "." and the function): what comes before the
// first "." after the path's domain. The linker's own symbols ("type:",
// "go:") stay as they are named up to their first ".".
func pkgOf(name string) string {
	rest, domain := name, ""
	for _, d := range []string{"github.com_", "golang.org_", "gopkg.in_", "pgregory.net_"} {
		if strings.HasPrefix(name, d) {
			rest, domain = name[len(d):], d
			break
		}
	}
	if i := strings.IndexByte(rest, '.'); i >= 0 {
		rest = rest[:i]
	}
	return domain + rest
}
