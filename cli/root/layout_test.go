package root_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/cedarsim/esim/"

// TestNoCommandImportsASibling: a command package (one that builds a cobra command with a
// NewCmd function) never imports another command package; what two commands share lives
// in cli/internal/... or an sdk package. root assembles them and is the exception.
func TestNoCommandImportsASibling(t *testing.T) {
	imports := map[string][]string{} // package path -> imports
	commands := map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("..", filepath.Dir(p))
		pkg := module + "cli/" + filepath.ToSlash(rel)
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			imports[pkg] = append(imports[pkg], path)
		}
		src, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		for name := range src.Scope.Objects {
			if strings.HasPrefix(name, "NewCmd") {
				commands[pkg] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	delete(commands, module+"cli/root")
	if len(commands) < 10 {
		t.Fatalf("found only %d command packages", len(commands))
	}
	var bad []string
	for pkg := range commands {
		for _, imp := range imports[pkg] {
			if imp != pkg && commands[imp] {
				bad = append(bad, strings.TrimPrefix(pkg, module)+" imports "+strings.TrimPrefix(imp, module))
			}
		}
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
}
