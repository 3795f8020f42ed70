// Package render turns SDK entities into table rows and detail views with the display
// rules of sdk/format, shared by several commands.
package render

import (
	"strings"

	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/tableprinter"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/format"
)

// NewTable returns a table printer for the command's stdout.
func NewTable(ios *iostreams.IOStreams) *tableprinter.Printer {
	w := 0
	if ios.IsStdoutTTY() {
		w = ios.TerminalWidth()
	}
	return tableprinter.New(ios.Out, ios.IsStdoutTTY(), ios.ColorEnabled(), w)
}

// BundleTitle is businessTitle (it names the destination, which a list mixing countries
// needs), else listingDisplayTitle, else name.
func BundleTitle(b sdk.Bundle) string {
	return format.BundleTitle(b.BusinessTitle, b.ListingDisplayTitle, b.Name)
}

// Flag is the emoji flag of the bundle's first flag code on a terminal, or the code.
func Flag(codes []string, tty bool) string {
	if len(codes) == 0 {
		return ""
	}
	if tty {
		if e := format.FlagEmoji(codes[0]); e != "" {
			return e
		}
	}
	return codes[0]
}

// Price formats a catalogue price.
func Price(p float64) string { return format.Price(&p) }

// Coverage is the number of covered countries ("3 countries", "1 country", "-").
func Coverage(n int) string {
	if n <= 0 {
		return "-"
	}
	return format.Countries(n)
}

// BundleColumns is the one column order of every catalogue bundle table (plans, special
// offers, top-up plans): ID, name, flag, plan, data, validity, price, coverage, and the
// group of special offers last. On a narrow terminal the ID goes first (the name, which
// every command takes too, stays), then coverage, the flag and the group; the plan title
// is truncated; the ID and the name are never cut. Piped output has every column, the ID
// still first.
func BundleColumns(withGroup bool) []tableprinter.Column {
	cols := []tableprinter.Column{
		{Title: "ID", Keep: true, Drop: 4}, {Title: "Name", Keep: true}, {Title: "Flag", Drop: 2}, {Title: "Plan", Min: 8},
		{Title: "Data", Keep: true}, {Title: "Validity", Keep: true}, {Title: "Price", Keep: true},
		{Title: "Coverage", Drop: 3},
	}
	if withGroup {
		cols = append(cols, tableprinter.Column{Title: "Group", Drop: 1})
	}
	return cols
}

// BundleTable prints catalogue bundles in the BundleColumns order.
func BundleTable(ios *iostreams.IOStreams, bundles []sdk.Bundle, withGroup bool) error {
	t := NewTable(ios)
	t.Columns(BundleColumns(withGroup)...)
	for _, b := range bundles {
		t.Field(b.ID, tableprinter.Muted)
		t.Field(b.Name)
		t.Field(Flag(b.FlagsCodes, t.IsTTY()))
		t.Field(BundleTitle(b), tableprinter.Bold)
		t.Field(format.Quota(b.QuotaInMB))
		t.Field(format.Validity(b.DurationInDays))
		t.Field(Price(b.Price), tableprinter.Green)
		t.Field(Coverage(len(b.RoamingCountries)))
		if withGroup {
			t.Field(b.Group)
		}
		t.EndRow()
	}
	return t.Render()
}

// YesNo renders a boolean for humans.
func YesNo(v bool) string {
	if v {
		return "yes"
	}
	return "no"
}

// Countries joins coverage entries as "Name (CC)".
func Countries(cs []sdk.Country) string {
	parts := make([]string, 0, len(cs))
	for _, c := range cs {
		switch {
		case c.Name != "" && c.ISOCode != "":
			parts = append(parts, c.Name+" ("+c.ISOCode+")")
		case c.Name != "":
			parts = append(parts, c.Name)
		case c.ISOCode != "":
			parts = append(parts, c.ISOCode)
		}
	}
	return strings.Join(parts, ", ")
}

// Bar is a text usage bar of the given width for a percentage in [0, 100].
func Bar(percent float64, width int) string {
	filled := int(percent/100*float64(width) + 0.5)
	filled = min(max(filled, 0), width)
	return strings.Repeat("█", filled) + strings.Repeat("░", width-filled)
}
