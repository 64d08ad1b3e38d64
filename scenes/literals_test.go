package scenes

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/goldvein/goldvein/i18n"
)

// TestNoLiteralText: no scene draws a literal word: every string passed to
// drawText or drawWrapped, or set as a button label, comes from the
// catalogue (issue 7). Literals without letters (arrows, separators) pass.
// And every key the scenes name literally (a.T("..."), a.N("...")) exists
// in all three languages.
func TestNoLiteralText(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	cats := map[i18n.Lang]*i18n.Catalog{}
	for _, l := range i18n.Langs {
		c, err := i18n.Load(l)
		if err != nil {
			t.Fatal(err)
		}
		cats[l] = c
	}
	hasLetter := func(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }
	fset := token.NewFileSet()
	keys := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				name := ""
				switch fn := n.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				}
				switch name {
				case "drawText", "drawWrapped", "drawTextDir", "drawWrappedDir":
					if len(n.Args) > 2 {
						if lit, ok := n.Args[2].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							if s, _ := strconv.Unquote(lit.Value); hasLetter(s) {
								t.Errorf("%s: %s draws the literal %s", fset.Position(lit.Pos()), name, lit.Value)
							}
						}
					}
				case "T", "N":
					if len(n.Args) > 0 {
						if lit, ok := n.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							key, _ := strconv.Unquote(lit.Value)
							if strings.HasSuffix(key, ".") {
								return true // a prefix completed at run time (scene.level.<level>)
							}
							keys++
							for l, c := range cats {
								if !c.Has(key) {
									t.Errorf("%s: key %q missing in %s", fset.Position(lit.Pos()), key, l)
								}
							}
						}
					}
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && id.Name == "label" {
					if lit, ok := n.Value.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if s, _ := strconv.Unquote(lit.Value); hasLetter(s) {
							t.Errorf("%s: a button labelled with the literal %s", fset.Position(lit.Pos()), lit.Value)
						}
					}
				}
			}
			return true
		})
	}
	if keys < 50 {
		t.Fatalf("found only %d catalogue keys in the scenes: test out of date?", keys)
	}
	for _, lv := range []string{"random", "easy", "normal", "hard"} {
		for l, c := range cats {
			if !c.Has("scene.level." + lv) {
				t.Errorf("scene.level.%s missing in %s", lv, l)
			}
		}
	}
}
