package docsgen

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"testing"

	"github.com/cedarsim/esim/sdk/iccid"

	"github.com/spf13/cobra"
)

// TestReferenceUpToDate fails when docs/cli differs from what the command tree gives.
// Fix it with `go tool task docs`.
func TestReferenceUpToDate(t *testing.T) {
	tmp := t.TempDir()
	if err := Generate(tmp); err != nil {
		t.Fatal(err)
	}
	committed := filepath.Join("..", "..", "docs", "cli")
	want := pages(t, tmp)
	got := pages(t, committed)
	if len(want) == 0 {
		t.Fatal("generator wrote no pages")
	}
	for name, body := range want {
		c, ok := got[name]
		switch {
		case !ok:
			t.Errorf("docs/cli/%s is missing; run `go tool task docs`", name)
		case c != body:
			t.Errorf("docs/cli/%s is out of date; run `go tool task docs`", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("docs/cli/%s documents no command; run `go tool task docs`", name)
		}
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	if err := Generate(a); err != nil {
		t.Fatal(err)
	}
	if err := Generate(b); err != nil {
		t.Fatal(err)
	}
	pa, pb := pages(t, a), pages(t, b)
	if len(pa) != len(pb) {
		t.Fatalf("%d pages then %d", len(pa), len(pb))
	}
	for k, v := range pa {
		if pb[k] != v {
			t.Errorf("%s differs between runs", k)
		}
	}
	names := make([]string, 0, len(pa))
	for k := range pa {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, must := range []string{"esim.md", "esim_plans.md", "esim_esims_qr.md", "esim_login.md"} {
		if _, ok := pa[must]; !ok {
			t.Errorf("no page %s among %v", must, names)
		}
	}
}

// TestEveryCommandHasExamples: --help shows examples everywhere.
func TestEveryCommandHasExamples(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Name() != "help" && c.Example == "" {
			t.Errorf("%q has no examples", c.CommandPath())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(Root())
}

func pages(t *testing.T, dir string) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = string(b)
	}
	return out
}

// iccidLike is a number an ICCID example would be: 89 (telecom), then 17 or 18 digits.
var iccidLike = regexp.MustCompile(`\b89[0-9]{17,18}\b`)

// TestExampleICCIDsAreValid: every ICCID in the help (each command's text, examples and
// flags, the help topics) and in the docs passes the Luhn check, so that an example run
// as it is reaches the server (issue 25.2: the old example exited 2, not the documented 1).
func TestExampleICCIDsAreValid(t *testing.T) {
	texts := map[string]string{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		texts["help of "+c.CommandPath()] = c.Short + "\n" + c.Long + "\n" + c.Example + "\n" + c.Flags().FlagUsages()
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(Root())
	for _, glob := range []string{"../../docs/*.md", "../../docs/*/*.md", "../../README.md", "../*/README.md"} {
		files, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			texts[f] = string(b)
		}
	}
	found := 0
	for where, text := range texts {
		for _, id := range iccidLike.FindAllString(text, -1) {
			found++
			if err := iccid.Valid(id); err != nil {
				t.Errorf("%s: %s: %v", where, id, err)
			}
		}
	}
	if found < 10 {
		t.Fatalf("only %d ICCIDs found in the help and docs: the scan is broken", found)
	}
}
