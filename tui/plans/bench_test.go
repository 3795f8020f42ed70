package plans

import (
	"context"
	"fmt"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// fullCatalogue builds a catalogue of the size the shop advertises: 250 countries (with
// accented names) and 400 bundles in the open area, each with some coverage.
func fullCatalogue(b *testing.B) Model {
	b.Helper()
	m := New(context.Background(), Config{Styles: DefaultStyles(theme.New()), Keys: DefaultKeyMap()})
	countries := make([]sdk.Country, 250)
	for i := range countries {
		countries[i] = sdk.Country{Name: fmt.Sprintf("Réunion Côte Land %03d", i), ISOCode: fmt.Sprintf("%c%c", 'A'+i/26%26, 'A'+i%26)}
	}
	countries[17] = sdk.Country{Name: "Turkey", ISOCode: "TR"}
	bundles := make([]sdk.Bundle, 400)
	for i := range bundles {
		bundles[i] = sdk.Bundle{ID: fmt.Sprint(i), Name: fmt.Sprintf("TR_%dGB_30D", i), ListingDisplayTitle: fmt.Sprintf("%dGB - 30 Days", i),
			BusinessTitle: "Turkey", QuotaInMB: int64(i * 1000), DurationInDays: 30, Price: float64(i) + 0.5,
			FlagsCodes: []string{"TR"}, RoamingCountries: countries[:i%12]}
	}
	m, _ = m.Update(countriesMsg{list: countries})
	m, _ = m.Update(regionsMsg{list: []sdk.Region{{Name: "Europe"}, {Name: "Asia"}}})
	m, _ = m.Update(specialsMsg{})
	m, _ = m.Update(bundlesMsg{key: "TR", list: bundles})
	m.expanded = "TR"
	return m.SetSize(120, 40)
}

// BenchmarkFilterAndRender is one keystroke in the search box: filter the 250 countries
// and render the plans screen (with a 400-bundle area open below the menu).
func BenchmarkFilterAndRender(b *testing.B) {
	m := fullCatalogue(b)
	m.search.active = true
	m.search.input.Focus()
	queries := []string{"t", "tu", "tur", "turk", "cote", "reunion 1", "land 2"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.search.input.SetValue(queries[i%len(queries)])
		m.refilter()
		m = m.layout()
		if len(m.View()) == 0 {
			b.Fatal("empty view")
		}
	}
}

// BenchmarkRenderOpenArea renders the plans screen scrolled into a 400-bundle area.
func BenchmarkRenderOpenArea(b *testing.B) {
	m := fullCatalogue(b)
	m.list = m.list.SetCursor(18 + 200) // inside Turkey's cards
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(m.View()) == 0 {
			b.Fatal("empty view")
		}
	}
}

// BenchmarkMoveCursor is one key press moving down through the open area.
func BenchmarkMoveCursor(b *testing.B) {
	m := fullCatalogue(b)
	b.ReportAllocs()
	b.ResetTimer()
	down := tea.KeyMsg{Type: tea.KeyDown}
	for i := 0; i < b.N; i++ {
		if m.list.Cursor() > 300 {
			m.list = m.list.Top()
		}
		m, _ = m.Update(down)
		if len(m.View()) == 0 {
			b.Fatal("empty view")
		}
	}
}
