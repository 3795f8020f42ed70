// Package format holds the display rules of spec section 9 (price, quota, validity, data
// volumes, Beirut dates, consumption, flags, card coverage, grid rows). The web app
// implements the same rules in TypeScript; contract/vectors/format.json pins both.
package format

import (
	"math"
	"strconv"
	"strings"
)

// Price is the bundle price with 2 decimals and the USD suffix ("12.50 USD"); a missing
// (nil) or non-finite price is "NA". Rounding follows JavaScript's toFixed.
func Price(p *float64) string {
	if p == nil || math.IsNaN(*p) || math.IsInf(*p, 0) {
		return "NA"
	}
	return toFixed(*p, 2) + " USD"
}

// Quota renders quotaInMB: negative is "Unlimited", under 1000 is "N MB", otherwise GB
// (MB/1000) with at most 2 decimals, ties rounded up, trailing zeros trimmed ("1.5 GB").
func Quota(mb int64) string {
	switch {
	case mb < 0:
		return "Unlimited"
	case mb < 1000:
		return strconv.FormatInt(mb, 10) + " MB"
	default:
		return trimZeros(ratio(mb, 1000, 2)) + " GB"
	}
}

// Validity renders durationInDays: "1 Day", otherwise "N Days".
func Validity(days int64) string {
	if days == 1 {
		return "1 Day"
	}
	return strconv.FormatInt(days, 10) + " Days"
}

// Decimal units (docs/contract.md): 1 GB = 1,000,000,000 bytes, 1 MB = 1,000,000 bytes.
const (
	bytesPerGB = 1_000_000_000
	bytesPerMB = 1_000_000
)

// BytesGB renders a data volume in bytes as GB with 2 decimals ("5.00 GB"), ties rounded
// up. A negative volume (a malformed answer) shows as "0.00 GB".
func BytesGB(b int64) string {
	return ratio(max(b, 0), bytesPerGB, 2) + " GB"
}

// Used is the consumed volume in bytes: initial minus remaining, kept within
// [0, initial] so that malformed quantities never show a negative or overflowing figure.
func Used(initial, remaining int64) int64 {
	if initial <= 0 {
		return 0
	}
	remaining = min(max(remaining, 0), initial)
	return initial - remaining
}

// UsedMB renders the consumed volume in whole MB, ties rounded up ("1234 MB"): the spec
// shows consumption in MB.
func UsedMB(initial, remaining int64) string {
	return ratio(Used(initial, remaining), bytesPerMB, 0) + " MB"
}

// ConsumptionPercent is (initial - remaining) / initial * 100 computed as the web app
// does (float64), 0 when initial is not positive, clamped to [0, 100].
func ConsumptionPercent(initial, remaining int64) float64 {
	if initial <= 0 {
		return 0
	}
	p := (float64(initial) - float64(remaining)) / float64(initial) * 100
	if math.IsNaN(p) || p < 0 {
		return 0
	}
	return math.Min(p, 100)
}

// Consumption is the text beside the consumption bar: "Unlimited" for unlimited bundles,
// otherwise the percentage with at most 2 decimals ("42.5%").
func Consumption(initial, remaining int64, unlimited bool) string {
	if unlimited {
		return "Unlimited"
	}
	return trimZeros(toFixed(ConsumptionPercent(initial, remaining), 2)) + "%"
}

// MaxCardFlags is how many extended-coverage flags a bundle card shows.
const MaxCardFlags = 5

// CardCoverage says how many of n extended-coverage flags a card shows and the "+N"
// label for the rest ("" when nothing is hidden).
func CardCoverage(n int) (shown int, more string) {
	if n <= MaxCardFlags {
		return max(n, 0), ""
	}
	return MaxCardFlags, "+" + strconv.Itoa(n-MaxCardFlags)
}

// BundleTitle is the title of a bundle card or row: businessTitle (it names the
// destination, which a list mixing countries needs), else listingDisplayTitle, else name,
// the first that is not blank, trimmed; "" when all are blank. The web, the CLI and the
// TUI all use this rule.
func BundleTitle(businessTitle, listingDisplayTitle, name string) string {
	for _, s := range []string{businessTitle, listingDisplayTitle, name} {
		if t := strings.TrimSpace(s); t != "" {
			return t
		}
	}
	return ""
}

// Count is n things in English, the singular for one: "1 eSIM", "2 eSIMs", "0 bundles".
func Count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}

// Countries is a coverage count: "1 country", "32 countries"; "" for none.
func Countries(n int) string {
	switch {
	case n <= 0:
		return ""
	case n == 1:
		return "1 country"
	}
	return strconv.Itoa(n) + " countries"
}
