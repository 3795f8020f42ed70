// Package textmatch is the country search of the plans page (spec section 2): case- and
// accent-insensitive, matching anywhere in the name, with trimmed input; an empty query
// matches everything. The web app implements the same rule; contract/vectors/match.json
// pins both.
package textmatch

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Normalize is the comparison key of a name or a query: trimmed (JavaScript's trim set),
// decomposed (NFD) with combining marks (Mn) removed, typographic apostrophes folded to
// "'", and lower-cased. Letters without a decomposition (æ, ø, ß) stay as they are.
func Normalize(s string) string {
	s = strings.TrimFunc(s, isJSSpace)
	if isASCII(s) {
		return strings.ToLower(s) // most names: skip the Unicode machinery
	}
	// A fresh chain per call: transformers keep state and must not be shared.
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), runes.Map(foldApostrophe))
	out, _, err := transform.String(t, s)
	if err != nil {
		// Only possible on invalid UTF-8 beyond what the transformers repair; comparing
		// the lower-cased input is the best left to do.
		out = s
	}
	return strings.ToLower(out)
}

// Match reports whether name matches query.
func Match(name, query string) bool {
	return strings.Contains(Normalize(name), Normalize(query))
}

// Filter returns the items whose name matches query, in their original order, in a new
// slice. name extracts the displayed name of an item (e.g. a country's Name).
func Filter[T any](items []T, query string, name func(T) string) []T {
	q := Normalize(query)
	out := make([]T, 0, len(items))
	for _, it := range items {
		if strings.Contains(Normalize(name(it)), q) {
			out = append(out, it)
		}
	}
	return out
}

// Index keeps the normalized names of a list so that filtering on every keystroke does
// not normalize the whole list again.
type Index[T any] struct {
	items []T
	keys  []string
}

// NewIndex normalizes the names of items once. The index keeps its own copy of the slice.
func NewIndex[T any](items []T, name func(T) string) *Index[T] {
	ix := &Index[T]{items: append([]T(nil), items...), keys: make([]string, len(items))}
	for i, it := range items {
		ix.keys[i] = Normalize(name(it))
	}
	return ix
}

// Filter returns the items whose name matches query, in their original order.
func (ix *Index[T]) Filter(query string) []T {
	q := Normalize(query)
	out := make([]T, 0, len(ix.items))
	for i, k := range ix.keys {
		if strings.Contains(k, q) {
			out = append(out, ix.items[i])
		}
	}
	return out
}

// foldApostrophe makes "Côte d’Ivoire" findable with the apostrophe a keyboard types.
func foldApostrophe(r rune) rune {
	switch r {
	case '\u2019', '\u2018', '\u02BC':
		return '\''
	}
	return r
}

// isJSSpace is the set String.prototype.trim removes: Unicode White_Space plus U+FEFF,
// without U+0085 (which Go's unicode.IsSpace includes and JavaScript does not).
func isJSSpace(r rune) bool {
	return r == '\uFEFF' || (r != '\u0085' && unicode.IsSpace(r))
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
