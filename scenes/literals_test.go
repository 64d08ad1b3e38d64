package scenes

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules/saboteur"
)

// textSinks are the functions whose string arguments reach the screen:
// every literal with a letter in their arguments is a word the catalogue
// does not translate.
var textSinks = []string{"drawText", "drawWrapped", "drawTextDir", "drawWrappedDir", "fit", "fitSize", "drawField", "say", "wrappedHeight"}

// shownFields are fields the scenes draw as they are (button labels,
// refusal reasons, error lines, notes): a literal word or an error's own
// English text assigned to one reaches the screen untranslated.
var shownFields = []string{"label", "reason", "err", "note", "message", "status", "hint"}

// literalProblems reports, for one parsed file, every literal word drawn
// (a string literal with a letter given to a text sink, concatenated into
// one, or set as a shown field), every error text shown raw (x.Error()
// given to a sink or set as a shown field, rather than filled into a
// catalogue text), and the literal catalogue keys used (a.T("..."),
// a.N("...")), for the caller to look up.
func literalProblems(fset *token.FileSet, file *ast.File) (problems, keys []string) {
	hasLetter := func(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }
	// literal finds a string literal with a letter in e, through "+".
	var literal func(e ast.Expr) *ast.BasicLit
	literal = func(e ast.Expr) *ast.BasicLit {
		switch e := e.(type) {
		case *ast.BasicLit:
			if s, err := strconv.Unquote(e.Value); err == nil && e.Kind == token.STRING && hasLetter(s) {
				return e
			}
		case *ast.BinaryExpr:
			if e.Op == token.ADD {
				if l := literal(e.X); l != nil {
					return l
				}
				return literal(e.Y)
			}
		case *ast.ParenExpr:
			return literal(e.X)
		}
		return nil
	}
	// rawError reports whether e is x.Error() (through "+").
	var rawError func(e ast.Expr) bool
	rawError = func(e ast.Expr) bool {
		switch e := e.(type) {
		case *ast.CallExpr:
			sel, ok := e.Fun.(*ast.SelectorExpr)
			return ok && sel.Sel.Name == "Error" && len(e.Args) == 0
		case *ast.BinaryExpr:
			return e.Op == token.ADD && (rawError(e.X) || rawError(e.Y))
		case *ast.ParenExpr:
			return rawError(e.X)
		}
		return false
	}
	// Names are matched with their first letter small: the UI kit is
	// exported (scenes.DrawText) for the games' packages.
	field := func(e ast.Expr) string {
		switch e := e.(type) {
		case *ast.SelectorExpr:
			return e.Sel.Name
		case *ast.Ident:
			return e.Name
		}
		return ""
	}
	report := func(pos token.Pos, format string, args ...any) {
		problems = append(problems, fset.Position(pos).String()+": "+fmt.Sprintf(format, args...))
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			name := field(n.Fun)
			switch {
			case slices.Contains(textSinks, lowerFirst(name)):
				for _, arg := range n.Args {
					if lit := literal(arg); lit != nil {
						report(lit.Pos(), "%s draws the literal %s", name, lit.Value)
					}
					if rawError(arg) {
						report(arg.Pos(), "%s shows an error's own text; fill it into a catalogue text", name)
					}
				}
			case name == "T" || name == "N":
				if len(n.Args) > 0 {
					if lit, ok := n.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						key, _ := strconv.Unquote(lit.Value)
						if !strings.HasSuffix(key, ".") { // a prefix completed at run time (scene.level.<level>)
							keys = append(keys, fset.Position(lit.Pos()).String()+"\t"+key)
						}
					}
				}
			}
		case *ast.KeyValueExpr:
			if k := field(n.Key); slices.Contains(shownFields, lowerFirst(k)) {
				if lit := literal(n.Value); lit != nil {
					report(lit.Pos(), "%s: the literal %s", k, lit.Value)
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				sel, ok := lhs.(*ast.SelectorExpr)
				if !ok || i >= len(n.Rhs) || !slices.Contains(shownFields, lowerFirst(sel.Sel.Name)) {
					continue
				}
				if lit := literal(n.Rhs[i]); lit != nil {
					report(lit.Pos(), "%s set to the literal %s", sel.Sel.Name, lit.Value)
				}
				if rawError(n.Rhs[i]) {
					report(n.Rhs[i].Pos(), "%s set to an error's own text; fill it into a catalogue text", sel.Sel.Name)
				}
			}
		}
		return true
	})
	return problems, keys
}

// TestNoLiteralText: no scene draws a literal word or an error's raw
// text: everything drawn comes from the catalogue (issue 7). Literals
// without letters (arrows, separators) pass. Every key the scenes name
// literally (a.T("..."), a.N("...")) and every key built at run time
// (levels, quick phrases) exists in all three languages. Every non-test
// file of the package is read, the LAN scenes (lobby, join, chat)
// included.
// lowerFirst is s with its first letter small.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

func TestNoLiteralText(t *testing.T) {
	// The shell and every game's screens (scenes/<game>).
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	sub, err := filepath.Glob("*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, sub...)
	cats := map[i18n.Lang]*i18n.Catalog{}
	for _, l := range i18n.Langs {
		cats[l] = i18n.MustLoad(l)
	}
	fset := token.NewFileSet()
	nkeys := 0
	read := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		read[f] = true
		problems, keys := literalProblems(fset, file)
		for _, p := range problems {
			t.Error(p)
		}
		for _, k := range keys {
			pos, key, _ := strings.Cut(k, "\t")
			nkeys++
			for l, c := range cats {
				if !c.Has(key) {
					t.Errorf("%s: key %q missing in %s", pos, key, l)
				}
			}
		}
	}
	for _, f := range []string{"menu.go", "settingsscene.go", "help.go", "crash.go", "lobby.go", "join.go", "chat.go",
		"saboteur/newgame.go", "saboteur/reveal.go", "saboteur/board_draw.go", "saboteur/roundend.go", "saboteur/final.go",
		"incangold/board.go", "incangold/end.go", "underground/play.go", "underground/end.go"} {
		if !read[f] {
			t.Errorf("%s was not read: test out of date?", f)
		}
	}
	if nkeys < 50 {
		t.Fatalf("found only %d catalogue keys in the scenes: test out of date?", nkeys)
	}
	var dynamic []string
	for _, lv := range []string{"random", "easy", "normal", "hard"} {
		dynamic = append(dynamic, "scene.level."+lv)
	}
	for _, p := range saboteur.QuickPhrases {
		dynamic = append(dynamic, "lan.phrase."+p.ID)
	}
	for _, k := range dynamic {
		for l, c := range cats {
			if !c.Has(k) {
				t.Errorf("%s missing in %s", k, l)
			}
		}
	}
}

// TestLiteralProblemsFinds: the checker above catches each way a word can
// reach the screen untranslated, and passes the catalogue's way.
func TestLiteralProblemsFinds(t *testing.T) {
	src := `package scenes
func f(a *App, s *x, err error) {
	drawText(a, dst, "Hello", 12, 0, 0, alignStart, colText)
	drawWrapped(a, dst, a.T("k") + " more words", 12, 0, 0, 9, alignStart, colText)
	s.b = button{label: "Start"}
	s.reason = "no room"
	s.err = err.Error()
	c.say(a, "x: "+err.Error())
	drawText(a, dst, "‹", 12, 0, 0, alignStart, colText)
	s.err = a.T("scene.error", "error", err.Error())
	drawText(a, dst, a.T("scene.back"), 12, 0, 0, alignStart, colText)
}`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	problems, keys := literalProblems(fset, file)
	want := []string{`"Hello"`, `" more words"`, `"Start"`, `"no room"`, "x.go:7:", `"x: "`, "x.go:8:"}
	for _, w := range want {
		found := false
		for _, p := range problems {
			found = found || strings.Contains(p, w)
		}
		if !found {
			t.Errorf("no problem reported for %s; got %q", w, problems)
		}
	}
	if len(problems) != 7 {
		t.Errorf("%d problems, want 7: %q", len(problems), problems)
	}
	if len(keys) != 3 {
		t.Errorf("keys %q, want k, scene.error and scene.back", keys)
	}
}
