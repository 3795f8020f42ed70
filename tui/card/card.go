// Package card renders a catalogue bundle as a fixed-size card, and rows of them, for the
// plans browser and the top-up list.
package card

import (
	"strings"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/format"
	"github.com/cedarsim/esim/tui/internal/show"
	"github.com/cedarsim/esim/tui/theme"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// Geometry: fixed, so that rows line up and lists can scroll by row without rendering rows
// that are off screen.
const (
	Inner    = 30        // text width inside a card
	Width    = Inner + 4 // with border and padding
	Height   = 6         // four text lines plus the border
	Gap      = 1         // columns between cards
	MaxFlags = 5         // coverage flags shown before '+N', as on the web
)

// Styles of a card.
type Styles struct {
	Box, Focus lipgloss.Style
	Title      lipgloss.Style
	Price      lipgloss.Style
	Muted      lipgloss.Style
}

// DefaultStyles builds card styles on the shared theme.
func DefaultStyles(t theme.Styles) Styles {
	return Styles{
		Box:   t.Box.Width(Inner + 2),
		Focus: t.BoxFocus.Width(Inner + 2),
		Title: lipgloss.NewStyle().Bold(true),
		Price: lipgloss.NewStyle().Bold(true).Foreground(t.AccentColor),
		Muted: t.Muted,
	}
}

// PerRow is how many cards fit side by side in width columns (at least one).
func PerRow(width int) int {
	n := (width + Gap) / (Width + Gap)
	if n < 1 {
		return 1
	}
	return n
}

// Title is the card's title (format.BundleTitle, as the web's card and the CLI's tables:
// the business title first), or "-" when the bundle has none.
func Title(b sdk.Bundle) string {
	if t := format.BundleTitle(b.BusinessTitle, b.ListingDisplayTitle, b.Name); t != "" {
		return t
	}
	return "-"
}

// Coverage lists the first extended-coverage flags and a '+N' count of the rest, as the
// web's card does (format.CardCoverage).
func Coverage(b sdk.Bundle, emoji bool) string {
	shown, more := format.CardCoverage(len(b.RoamingCountries))
	parts := make([]string, 0, shown+1)
	for _, c := range b.RoamingCountries[:shown] {
		parts = append(parts, show.Flag(c.ISOCode, emoji))
	}
	if more != "" {
		parts = append(parts, more)
	}
	return strings.Join(parts, " ")
}

// Render draws one card.
func Render(st Styles, b sdk.Bundle, focused, emoji bool) string {
	flag := ""
	if len(b.FlagsCodes) > 0 {
		flag = show.Flag(b.FlagsCodes[0], emoji) + " "
	}
	price := show.Price(b.Price)
	count := format.Countries(len(b.RoamingCountries))
	gap := max(1, Inner-ansi.StringWidth(price)-ansi.StringWidth(count))
	lines := []string{
		st.Title.Render(ansi.Truncate(flag+Title(b), Inner, "…")),
		ansi.Truncate(show.Quota(b.QuotaInMB)+" · "+show.Validity(b.DurationInDays), Inner, "…"),
		st.Price.Render(price) + strings.Repeat(" ", gap) + st.Muted.Render(count),
		st.Muted.Render(ansi.Truncate(Coverage(b, emoji), Inner, "…")),
	}
	box := st.Box
	if focused {
		box = st.Focus
	}
	return box.Render(strings.Join(lines, "\n"))
}

// Row draws cards side by side; focus is the index of the focused card, or -1.
func Row(st Styles, bundles []sdk.Bundle, focus int, emoji bool) string {
	cells := make([]string, 0, 2*len(bundles))
	for i, b := range bundles {
		if i > 0 {
			cells = append(cells, strings.Repeat(" ", Gap))
		}
		cells = append(cells, Render(st, b, i == focus, emoji))
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, cells...)
}
