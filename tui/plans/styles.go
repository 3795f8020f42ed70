package plans

import (
	"github.com/cedarsim/esim/tui/card"
	"github.com/cedarsim/esim/tui/list"
	"github.com/cedarsim/esim/tui/theme"
	"github.com/charmbracelet/lipgloss"
)

// Styles of the plans browser.
type Styles struct {
	theme.Styles
	Card           card.Styles
	List           list.Styles
	Area, AreaOpen lipgloss.Style
	Chip           lipgloss.Style
}

// DefaultStyles builds the plans browser's styles on the shared theme.
func DefaultStyles(t theme.Styles) Styles {
	return Styles{
		Styles:   t,
		Card:     card.DefaultStyles(t),
		List:     list.DefaultStyles(t),
		Area:     lipgloss.NewStyle(),
		AreaOpen: lipgloss.NewStyle().Bold(true),
		Chip:     lipgloss.NewStyle().Foreground(t.AccentColor),
	}
}
