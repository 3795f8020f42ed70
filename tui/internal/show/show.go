// Package show is the TUI's single seam onto the shared display rules (sdk/format,
// sdk/textmatch, sdk/profile) and the section 8 texts, so that screens call one place and
// the rules are never written twice.
package show

import (
	"errors"
	"strings"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/format"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/sdk/profile"
)

// Price is the bundle price ("12.50 USD").
func Price(p float64) string { return format.Price(&p) }

// Quota is quotaInMB for display ("5 GB", "500 MB", "Unlimited").
func Quota(mb int64) string { return format.Quota(mb) }

// Validity is durationInDays for display ("1 Day", "30 Days").
func Validity(days int64) string { return format.Validity(days) }

// DateTime is a date in Beirut time, 12-hour; "" when missing.
func DateTime(t time.Time) string { return format.Date(t) }

// UsagePercent is the consumption bar's width in percent.
func UsagePercent(initial, remaining int64) float64 {
	return format.ConsumptionPercent(initial, remaining)
}

// Usage is the text beside a consumption bar: "Unlimited", or the percentage and the
// consumed volume in MB out of the initial volume.
func Usage(b sdk.ESIMBundle) string {
	if b.Unlimited {
		return format.Consumption(b.InitialQuantity, b.RemainingQuantity, true)
	}
	return format.Consumption(b.InitialQuantity, b.RemainingQuantity, false) + " · " +
		format.UsedMB(b.InitialQuantity, b.RemainingQuantity) + " used of " + format.BytesGB(b.InitialQuantity)
}

// Flag is what a flag slot shows in a terminal: the emoji of a country when emoji is set,
// else its ISO code; a region or special code by its icon name; "--" for anything else.
func Flag(code string, emoji bool) string {
	f := format.FlagFor(code)
	switch f.Kind {
	case format.FlagCountry:
		if emoji {
			return format.FlagEmoji(code)
		}
		return strings.ToUpper(f.Code)
	case format.FlagRegion:
		return strings.ToUpper(f.Icon)
	}
	return "--"
}

// Coverage drops covered countries whose name fails the profile's name check.
func Coverage(list []sdk.Country) []sdk.Country {
	return profile.Coverage(list, func(c sdk.Country) string { return c.Name })
}

// Entry is one line of a profile tab: an eSIM and one of its bundles.
type Entry struct {
	ESIM   sdk.ESIM
	Bundle sdk.ESIMBundle
}

// ProfileTabs splits the eSIMs' bundles into the Active eSIM, Expired eSIM and Purchase
// History tabs with the profile rules (history newest first, undated last).
func ProfileTabs(list []sdk.ESIM) [3][]Entry {
	var all []Entry
	for _, e := range list {
		for _, b := range e.Bundles {
			all = append(all, Entry{ESIM: e, Bundle: b})
		}
	}
	var out [3][]Entry
	out[0], out[1] = profile.Split(all, func(e Entry) sdk.BundleState { return e.Bundle.BundleState })
	out[2] = append([]Entry(nil), all...)
	profile.SortHistory(out[2], func(e Entry) time.Time { return e.Bundle.AssignmentDatetime })
	return out
}

// SessionExpired is the text of a session the server no longer takes.
const SessionExpired = "Your session has expired. Please log in again."

// LoadError is the text shown when a call fails outside the section 8 cases: an expired
// session, the CLI's words for a server that could not be reached (which server, and
// --server / --timeout), else the spec's generic text.
func LoadError(err error) string {
	if errors.Is(err, sdk.ErrSessionExpired) || sdk.IsUnauthorized(err) {
		return SessionExpired
	}
	if f, ok := messages.Network(err); ok {
		return network(f)
	}
	return messages.SomethingWentWrong
}

// network is a network failure as a sentence and what to do about it.
func network(f messages.NetworkFailure) string {
	t := f.Text()
	return strings.ToUpper(t[:1]) + t[1:] + ". " + f.Hint()
}

// Message is the section 8 message for err in the situation c, with a validation error
// of the SDK (caught before any request) shown as a field hint.
func Message(c messages.Context, err error, support messages.Support) messages.Message {
	var v *sdk.ValidationError
	if errors.As(err, &v) {
		return messages.Message{Text: "Please check the " + v.Field + ": " + v.Reason + "."}
	}
	if errors.Is(err, sdk.ErrSessionExpired) {
		return messages.Message{Text: LoadError(err)}
	}
	if f, ok := messages.Network(err); ok {
		// Section 8's generic text would hide that nothing reached the server.
		return messages.Message{Text: network(f)}
	}
	return messages.For(c, err, support)
}
