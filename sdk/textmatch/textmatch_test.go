package textmatch

import (
	"encoding/json"
	"slices"
	"testing"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"github.com/cedarsim/esim/contract/vectors"
)

func TestVectors(t *testing.T) {
	runners := map[string]vectors.Runner{
		"normalize": func(t *testing.T, raw json.RawMessage) {
			var c struct{ Name, Input, Want string }
			vectors.DecodeCase(t, raw, &c)
			if got := Normalize(c.Input); got != c.Want {
				t.Errorf("%s: Normalize(%q) = %q, want %q", c.Name, c.Input, got, c.Want)
			}
		},
		"match": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name, Country, Query string
				Want                 bool
			}
			vectors.DecodeCase(t, raw, &c)
			if got := Match(c.Country, c.Query); got != c.Want {
				t.Errorf("%s: Match(%q, %q) = %v, want %v", c.Name, c.Country, c.Query, got, c.Want)
			}
		},
		"filter": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name      string
				Countries []string
				Query     string
				Want      []string
			}
			vectors.DecodeCase(t, raw, &c)
			type country struct{ Name, ISOCode string }
			items := make([]country, len(c.Countries))
			for i, n := range c.Countries {
				items[i] = country{Name: n}
			}
			name := func(c country) string { return c.Name }
			names := func(cs []country) []string {
				out := make([]string, 0, len(cs))
				for _, c := range cs {
					out = append(out, c.Name)
				}
				return out
			}
			if got := names(Filter(items, c.Query, name)); !slices.Equal(got, c.Want) {
				t.Errorf("%s: Filter(%q) = %q, want %q", c.Name, c.Query, got, c.Want)
			}
			if got := names(NewIndex(items, name).Filter(c.Query)); !slices.Equal(got, c.Want) {
				t.Errorf("%s: Index.Filter(%q) = %q, want %q", c.Name, c.Query, got, c.Want)
			}
		},
	}
	vectors.Run(t, "match", runners)
}

func TestFilterDoesNotAlias(t *testing.T) {
	items := []string{"Turkey", "Lebanon"}
	got := Filter(items, "", func(s string) string { return s })
	got[0] = "changed"
	if items[0] != "Turkey" {
		t.Fatal("Filter returned a slice sharing the caller's array")
	}
	ix := NewIndex(items, func(s string) string { return s })
	items[1] = "changed"
	if r := ix.Filter("leb"); len(r) != 1 || r[0] != "Lebanon" {
		t.Fatalf("Index.Filter after caller edit = %q, want [Lebanon]", r)
	}
}

func TestNormalizeInvalidUTF8(t *testing.T) {
	// Hostile bytes must not panic and must still compare case-insensitively.
	if got := Normalize("T\xffRK"); !Match("t\xffrkey", "T\xffRK") || got == "" {
		t.Fatalf("Normalize of invalid UTF-8 = %q, Match failed", got)
	}
}

// countryNames lists the English names of every ISO 3166-1 country that x/text knows
// (about 250), a realistic mix of ASCII and accented names.
func countryNames(tb testing.TB) []string {
	tb.Helper()
	namer := display.English.Regions()
	var out []string
	for a := 'A'; a <= 'Z'; a++ {
		for b := 'A'; b <= 'Z'; b++ {
			r, err := language.ParseRegion(string([]rune{a, b}))
			if err != nil || !r.IsCountry() {
				continue
			}
			if n := namer.Name(r); n != "" {
				out = append(out, n)
			}
		}
	}
	if len(out) < 200 {
		tb.Fatalf("only %d country names", len(out))
	}
	return out
}

func BenchmarkFilter(b *testing.B) {
	names := countryNames(b)
	id := func(s string) string { return s }
	for _, q := range []string{"", "ao", "Côte"} {
		b.Run("Filter/"+q, func(b *testing.B) {
			for b.Loop() {
				Filter(names, q, id)
			}
		})
		ix := NewIndex(names, id)
		b.Run("Index/"+q, func(b *testing.B) {
			for b.Loop() {
				ix.Filter(q)
			}
		})
	}
}
