package plans

import (
	"github.com/cedarsim/esim/tui/card"
	"github.com/cedarsim/esim/tui/theme"
	"github.com/charmbracelet/lipgloss"
)

// menuSize is the page size of the country menu, as the web's select.
const menuSize = 5

// Styles of the plans browser.
type Styles struct {
	theme.Styles
	Card           card.Styles
	Area, AreaOpen lipgloss.Style
	Chip           lipgloss.Style
}

// DefaultStyles builds the plans browser's styles on the shared theme.
func DefaultStyles(t theme.Styles) Styles {
	return Styles{
		Styles:   t,
		Card:     card.DefaultStyles(t),
		Area:     lipgloss.NewStyle(),
		AreaOpen: lipgloss.NewStyle().Bold(true),
		Chip:     lipgloss.NewStyle().Foreground(t.AccentColor),
	}
}
