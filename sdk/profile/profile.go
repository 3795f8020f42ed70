// Package profile holds the list rules of the personal area (spec sections 4 and 5):
// which tab a bundle state belongs to, the order of the purchase history and which
// covered countries are listed. It works on the caller's own types through accessor
// functions, so the TUI and CLI adapt sdk types without this package importing them.
// contract/vectors/profile.json pins the same rules for the web app.
package profile

import (
	"slices"
	"strings"
	"time"

	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk/format"
)

// Tab is the profile tab a bundle is listed under.
type Tab string

const (
	TabActive  Tab = "active"  // Active eSIM
	TabExpired Tab = "expired" // Expired eSIM
	TabHidden  Tab = "hidden"  // not shown
)

// TabFor maps bundleState to its tab. The comparison is exact and case-sensitive, as the
// server sends the states (the contract's BundleState enum); any other spelling is an
// unknown state and is not shown.
func TabFor[S ~string](state S) Tab {
	switch wire.BundleState(state) {
	case wire.BundleStateProcessing, wire.BundleStateQueued, wire.BundleStateActive:
		return TabActive
	case wire.BundleStateDepleted, wire.BundleStateExpired, wire.BundleStateRevoked:
		return TabExpired
	}
	return TabHidden
}

// Split returns the items of the Active and Expired tabs, in their original order.
func Split[T any, S ~string](items []T, state func(T) S) (active, expired []T) {
	for _, it := range items {
		switch TabFor(state(it)) {
		case TabActive:
			active = append(active, it)
		case TabExpired:
			expired = append(expired, it)
		}
	}
	return active, expired
}

// SortHistory orders purchases newest first by their date (assignmentDatetime); entries
// without a date (zero, or .NET's year-1 MinValue, see format.Missing) go last. The sort
// is stable: equal instants and undated entries keep their order. It sorts in place.
func SortHistory[T any](items []T, date func(T) time.Time) {
	slices.SortStableFunc(items, func(a, b T) int {
		da, db := date(a), date(b)
		ma, mb := format.Missing(da), format.Missing(db)
		switch {
		case ma && mb:
			return 0
		case ma:
			return 1
		case mb:
			return -1
		}
		return db.Compare(da) // newest first
	})
}

// isPlaceholderName reports values servers put where a country name is unknown.
func isPlaceholderName(lower string) bool {
	switch lower {
	case "unknown", "n/a", "null", "undefined", "none", "-":
		return true
	}
	return false
}

// UsableName reports whether a covered country's name can be listed: not empty or blank
// and not a placeholder such as "Unknown", "N/A", "null", "undefined", "none" or "-"
// (compared case-insensitively after trimming).
func UsableName(name string) bool {
	n := strings.ToLower(strings.TrimSpace(name))
	return n != "" && !isPlaceholderName(n)
}

// Coverage returns the covered countries worth listing (UsableName), in order, in a new
// slice.
func Coverage[T any](items []T, name func(T) string) []T {
	out := make([]T, 0, len(items))
	for _, it := range items {
		if UsableName(name(it)) {
			out = append(out, it)
		}
	}
	return out
}

// TopupOrigin is the origin a bundle's top-up plans are listed for: the ISO code of its
// first covered country (countries[0], the origin), else that country's name, trimmed;
// "" when the list is empty. The web, the CLI and the TUI all use this rule.
func TopupOrigin[T any](countries []T, isoCode, name func(T) string) string {
	if len(countries) == 0 {
		return ""
	}
	if code := strings.TrimSpace(isoCode(countries[0])); code != "" {
		return code
	}
	return strings.TrimSpace(name(countries[0]))
}
