// Package theme holds the palette and the few styles every TUI component shares, so that the
// screens look like one application. Components keep their own styles beside them and build
// on these.
package theme

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// Palette of the shop (cedar green, with a red for errors as the web shows them). The
// colours read on dark and light backgrounds alike: adaptive colours would make lipgloss
// ask the terminal for its background (OSC 11), and a terminal that never answers stalls
// the first frame for seconds.
const (
	accentHex = "#2E9E55"
	mutedHex  = "#808080"
	dangerHex = "#E5484D"
	borderHex = "#7A7A7A"
)

// Styles shared by the components. It is a value built by New, not package state, so a test
// can hold its own copy.
type Styles struct {
	Title     lipgloss.Style
	Heading   lipgloss.Style
	Muted     lipgloss.Style
	Error     lipgloss.Style
	Success   lipgloss.Style
	Selected  lipgloss.Style
	Tab       lipgloss.Style
	ActiveTab lipgloss.Style
	Key       lipgloss.Style
	Box       lipgloss.Style // a rounded card
	BoxFocus  lipgloss.Style // the focused card
	BarFull   lipgloss.Style
	BarEmpty  lipgloss.Style
	// QR draws a terminal QR code: light modules white on black, so that the code scans
	// the same on a dark or a light terminal theme.
	QR lipgloss.Style

	// Hyperlinks turns links into OSC 8 hyperlinks (on when the terminal takes colour:
	// not with NO_COLOR or TERM=dumb, and not in goldens).
	Hyperlinks bool

	AccentColor, MutedColor, DangerColor, BorderColor lipgloss.Color
}

// New returns the shared styles.
func New() Styles {
	accent, muted := lipgloss.Color(accentHex), lipgloss.Color(mutedHex)
	danger, border := lipgloss.Color(dangerHex), lipgloss.Color(borderHex)
	return Styles{
		AccentColor: accent, MutedColor: muted, DangerColor: danger, BorderColor: border,
		Box:        lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(border).Padding(0, 1),
		BoxFocus:   lipgloss.NewStyle().Border(lipgloss.ThickBorder()).BorderForeground(accent).Padding(0, 1),
		QR:         lipgloss.NewStyle().Foreground(lipgloss.Color("#FFFFFF")).Background(lipgloss.Color("#000000")),
		BarFull:    lipgloss.NewStyle().Foreground(accent),
		BarEmpty:   lipgloss.NewStyle().Foreground(border),
		Title:      lipgloss.NewStyle().Bold(true).Foreground(accent),
		Heading:    lipgloss.NewStyle().Bold(true),
		Muted:      lipgloss.NewStyle().Foreground(muted),
		Error:      lipgloss.NewStyle().Foreground(danger),
		Success:    lipgloss.NewStyle().Foreground(accent),
		Selected:   lipgloss.NewStyle().Bold(true).Foreground(accent),
		Tab:        lipgloss.NewStyle().Padding(0, 1).Foreground(muted),
		ActiveTab:  lipgloss.NewStyle().Padding(0, 1).Bold(true).Underline(true).Foreground(accent),
		Key:        lipgloss.NewStyle().Bold(true),
		Hyperlinks: lipgloss.ColorProfile() != termenv.Ascii,
	}
}

// Link draws url on one line of at most width columns after prefix: never broken over
// lines (a broken link does not copy); shortened with "…" when it does not fit, and then
// only the text is short: as an OSC 8 hyperlink it still opens and copies whole.
func (s Styles) Link(prefix, url string, width int) string {
	text := ansi.Truncate(url, max(10, width-ansi.StringWidth(prefix)), "…")
	if s.Hyperlinks {
		text = ansi.SetHyperlink(url) + text + ansi.ResetHyperlink()
	}
	return prefix + text
}

// Tabs renders a tab strip; the active tab is marked with brackets as well as a style, so
// that it stays visible without colour (NO_COLOR, goldens).
func (s Styles) Tabs(names []string, active int) string {
	parts := make([]string, len(names))
	for i, n := range names {
		if i == active {
			parts[i] = s.ActiveTab.Render("[" + n + "]")
		} else {
			parts[i] = s.Tab.Render(" " + n + " ")
		}
	}
	return strings.Join(parts, "")
}

// Cursor marks the focused row of a list.
func (s Styles) Cursor(focused bool) string {
	if focused {
		return s.Selected.Render("> ")
	}
	return "  "
}

// Bar renders a usage bar of width cells for a percentage in [0,100].
func (s Styles) Bar(percent float64, width int) string {
	if width < 1 {
		return ""
	}
	if percent < 0 {
		percent = 0
	}
	if percent > 100 {
		percent = 100
	}
	full := int(percent/100*float64(width) + 0.5)
	return s.BarFull.Render(strings.Repeat("█", full)) + s.BarEmpty.Render(strings.Repeat("░", width-full))
}

// Message renders an inline message (an error or a notice) wrapped at width, one string per
// line, so that a long section 8 text is read whole rather than cut.
func (s Styles) Message(style lipgloss.Style, text string, width int) []string {
	lines := strings.Split(ansi.Wordwrap(text, max(10, width), ""), "\n")
	for i, l := range lines {
		lines[i] = style.Render(l)
	}
	return lines
}

// Help returns help bar styles in the palette (bubbles' defaults are adaptive colours,
// which make lipgloss query the terminal's background).
func (s Styles) Help() help.Styles {
	key := lipgloss.NewStyle().Foreground(s.MutedColor).Bold(true)
	desc := lipgloss.NewStyle().Foreground(s.MutedColor)
	sep := lipgloss.NewStyle().Foreground(s.BorderColor)
	return help.Styles{ShortKey: key, ShortDesc: desc, ShortSeparator: sep, Ellipsis: sep,
		FullKey: key, FullDesc: desc, FullSeparator: sep}
}
