package textmatch

import (
	"strings"
	"unicode/utf8"
)

// Closest is the candidate nearest to a mistyped query, for a "did you mean" hint: the
// fewest single-character edits (Levenshtein, ignoring case), at most maxEdits; ties go to
// the earlier candidate. ok is false when none is near enough or the query is one of them.
func Closest(query string, candidates []string, maxEdits int) (string, bool) {
	q := strings.ToLower(query)
	best, bestD := "", maxEdits+1
	for _, c := range candidates {
		lc := strings.ToLower(c)
		if lc == q {
			return "", false
		}
		// Lengths that differ by more than maxEdits cannot be within it.
		if d := utf8.RuneCountInString(lc) - utf8.RuneCountInString(q); d > maxEdits || -d > maxEdits {
			continue
		}
		if d := distance(q, lc); d < bestD {
			best, bestD = c, d
		}
	}
	return best, best != ""
}

// distance is the Levenshtein distance of a and b, in runes.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
