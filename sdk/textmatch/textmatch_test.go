package textmatch

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"testing"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

type section struct {
	Description string            `json:"description"`
	Cases       []json.RawMessage `json:"cases"`
}

func decodeCase(t *testing.T, raw json.RawMessage, v any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("decode case %s: %v", raw, err)
	}
}

func TestVectors(t *testing.T) {
	raw, err := os.ReadFile("../../fixtures/vectors/match.json")
	if err != nil {
		t.Fatalf("read vectors: %v", err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		t.Fatalf("decode vectors: %v", err)
	}
	runners := map[string]func(t *testing.T, raw json.RawMessage){
		"normalize": func(t *testing.T, raw json.RawMessage) {
			var c struct{ Name, Input, Want string }
			decodeCase(t, raw, &c)
			if got := Normalize(c.Input); got != c.Want {
				t.Errorf("%s: Normalize(%q) = %q, want %q", c.Name, c.Input, got, c.Want)
			}
		},
		"match": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name, Country, Query string
				Want                 bool
			}
			decodeCase(t, raw, &c)
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
			decodeCase(t, raw, &c)
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
	for name, body := range top {
		if name == "description" {
			continue
		}
		run, ok := runners[name]
		if !ok {
			t.Errorf("vector section %q has no Go implementation branch", name)
			continue
		}
		var s section
		if err := json.Unmarshal(body, &s); err != nil || s.Description == "" || len(s.Cases) == 0 {
			t.Fatalf("section %s: needs a description and cases (%v)", name, err)
		}
		t.Run(name, func(t *testing.T) {
			for _, c := range s.Cases {
				run(t, c)
			}
		})
	}
	for name := range runners {
		if _, ok := top[name]; !ok {
			t.Errorf("Go runner %q has no vector section", name)
		}
	}
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
