package list

import (
	"strings"

	"github.com/cedarsim/esim/tui/theme"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// Styles of the list's own lines (status texts); rows are drawn by their owners.
type Styles struct {
	Muted, Error lipgloss.Style
}

// DefaultStyles builds the list's styles on the shared theme.
func DefaultStyles(t theme.Styles) Styles { return Styles{Muted: t.Muted, Error: t.Error} }

// wrap renders text in style, wrapped at width, one string per line.
func (s Styles) wrap(style lipgloss.Style, text string, width int) []string {
	lines := strings.Split(ansi.Wordwrap(text, max(10, width), ""), "\n")
	for i, l := range lines {
		lines[i] = style.Render(l)
	}
	return lines
}
