// Package bundle is the bundle detail screen: the card's facts in full and the coverage
// list, with the way to buy it.
package bundle

import (
	"strconv"
	"strings"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/tui/card"
	"github.com/cedarsim/esim/tui/internal/show"
	"github.com/cedarsim/esim/tui/list"
	"github.com/cedarsim/esim/tui/nav"
	"github.com/cedarsim/esim/tui/theme"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// KeyMap are the detail screen's bindings. It implements help.KeyMap. The coverage list
// scrolls with the shared list's keys (List).
type KeyMap struct {
	List      list.KeyMap
	Buy, Back key.Binding
}

// DefaultKeyMap returns the detail screen's bindings.
func DefaultKeyMap() KeyMap {
	l := list.DefaultKeyMap()
	l.Up.SetHelp("↑/k", "scroll up")
	l.Down.SetHelp("↓/j", "scroll down")
	return KeyMap{
		List: l,
		Buy:  key.NewBinding(key.WithKeys("b", "enter"), key.WithHelp("b", "buy")),
		Back: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Buy, k.List.Up, k.List.Down, k.Back}
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Buy, k.Back}, {k.List.Up, k.List.Down, k.List.PageUp, k.List.PageDown, k.List.Home, k.List.End}}
}

// Styles of the detail screen.
type Styles struct {
	theme.Styles
	Label lipgloss.Style
}

// DefaultStyles builds the detail screen's styles on the shared theme.
func DefaultStyles(t theme.Styles) Styles {
	return Styles{Styles: t, Label: t.Muted.Width(12)}
}

// Model is the bundle detail screen.
type Model struct {
	bundle        sdk.Bundle
	styles        Styles
	keys          KeyMap
	emoji         bool
	width, height int
	coverage      list.Model // the covered countries, several to a line; it scrolls
}

// New shows b.
func New(b sdk.Bundle, st Styles, keys KeyMap, emoji bool) Model {
	m := Model{bundle: b, styles: st, keys: keys, emoji: emoji, width: 80, height: 24,
		coverage: list.New(0, keys.List, list.DefaultStyles(st.Styles))}
	return m.layout()
}

// Bundle is the bundle shown.
func (m Model) Bundle() sdk.Bundle { return m.bundle }

// SetSize tells the screen the space it has.
func (m Model) SetSize(w, h int) Model { m.width, m.height = w, h; return m.layout() }

// Capturing is false: the screen has no text field.
func (m Model) Capturing() bool { return false }

// KeyMap returns the bindings for the help bar.
func (m Model) KeyMap() help.KeyMap { return m.keys }

// Init does nothing: the catalogue answer already holds everything shown.
func (m Model) Init() tea.Cmd { return nil }

// Update handles keys.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	switch {
	case key.Matches(k, m.keys.Buy):
		b := m.bundle
		return m, func() tea.Msg { return nav.BuyMsg{Bundle: b} }
	case key.Matches(k, m.keys.Back):
		return m, func() tea.Msg { return nav.BackMsg{} }
	}
	var cmd tea.Cmd
	m.coverage, cmd = m.coverage.Update(msg)
	return m, cmd
}

func (m Model) facts() []string {
	st, b := m.styles, m.bundle
	flag := ""
	if len(b.FlagsCodes) > 0 {
		flag = show.Flag(b.FlagsCodes[0], m.emoji) + "  "
	}
	row := func(label, value string) string { return st.Label.Render(label) + value }
	lines := []string{
		st.Title.Render(flag + card.Title(b)),
		"",
		row("Plan", nonEmpty(b.BusinessTitle)),
		row("Data", show.Quota(b.QuotaInMB)),
		row("Validity", show.Validity(b.DurationInDays)),
		row("Price", show.Price(b.Price)),
		row("Type", "Data only"),
	}
	if b.CanTopup {
		lines = append(lines, row("Top-up", "available"))
	}
	if strings.TrimSpace(b.FupMsg) != "" {
		lines = append(lines, row("Fair use", b.FupMsg))
	}
	lines = append(lines, "", st.Muted.Render("Validity starts when the eSIM connects to any supported network."))
	return lines
}

// coverageLines lists the covered countries, several to a line.
func (m Model) coverageLines() []string {
	list := show.Coverage(m.bundle.RoamingCountries)
	const cell = 26
	per := max(1, (m.width-2)/cell)
	var lines []string
	var cur strings.Builder
	for i, c := range list {
		item := ansi.Truncate(show.Flag(c.ISOCode, m.emoji)+" "+c.Name, cell-1, "…")
		cur.WriteString(item + strings.Repeat(" ", max(1, cell-ansi.StringWidth(item))))
		if (i+1)%per == 0 {
			lines = append(lines, "  "+strings.TrimRight(cur.String(), " "))
			cur.Reset()
		}
	}
	if cur.Len() > 0 {
		lines = append(lines, "  "+strings.TrimRight(cur.String(), " "))
	}
	return lines
}

// layout puts the coverage lines into the list, in the room the facts leave.
func (m Model) layout() Model {
	lines := m.coverageLines()
	rows := make([]list.Row, len(lines))
	for i, l := range lines {
		rows[i] = list.Row{View: func(int) string { return l }}
	}
	room := max(1, m.height-len(m.facts())-2)
	m.coverage = m.coverage.SetEmpty(messages.NothingToShow).SetSize(m.width, room).SetRows(rows)
	return m
}

// View renders the screen; the coverage list scrolls when it does not fit.
func (m Model) View() string {
	n := len(show.Coverage(m.bundle.RoamingCountries))
	lines := append(m.facts(), "", m.styles.Heading.Render("Coverage ("+itoa(n)+")"))
	for i := range lines {
		lines[i] = ansi.Truncate(lines[i], m.width, "…")
	}
	return strings.Join(append(lines, m.coverage.Lines()...), "\n")
}

func nonEmpty(s string) string {
	if strings.TrimSpace(s) == "" {
		return "NA"
	}
	return s
}

func itoa(n int) string { return strconv.Itoa(n) }
