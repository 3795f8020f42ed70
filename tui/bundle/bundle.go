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
	"github.com/cedarsim/esim/tui/nav"
	"github.com/cedarsim/esim/tui/theme"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// KeyMap are the detail screen's bindings. It implements help.KeyMap.
type KeyMap struct {
	Buy, Back, Up, Down key.Binding
}

// DefaultKeyMap returns the detail screen's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Buy:  key.NewBinding(key.WithKeys("b", "enter"), key.WithHelp("b", "buy")),
		Back: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Up:   key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "scroll up")),
		Down: key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "scroll down")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Buy, k.Up, k.Down, k.Back} }

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

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
	offset        int // first visible coverage line
}

// New shows b.
func New(b sdk.Bundle, st Styles, keys KeyMap, emoji bool) Model {
	return Model{bundle: b, styles: st, keys: keys, emoji: emoji, width: 80, height: 24}
}

// Bundle is the bundle shown.
func (m Model) Bundle() sdk.Bundle { return m.bundle }

// SetSize tells the screen the space it has.
func (m Model) SetSize(w, h int) Model { m.width, m.height = w, h; return m }

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
	case key.Matches(k, m.keys.Down):
		m.offset++
	case key.Matches(k, m.keys.Up):
		m.offset = max(0, m.offset-1)
	}
	return m, nil
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

// coverage lists the covered countries, several to a line.
func (m Model) coverage() []string {
	st, b := m.styles, m.bundle
	list := show.Coverage(b.RoamingCountries)
	head := st.Heading.Render("Coverage (" + itoa(len(list)) + ")")
	if len(list) == 0 {
		return []string{head, st.Muted.Render(messages.NothingToShow)}
	}
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
	return append([]string{head}, lines...)
}

// View renders the screen; the coverage list scrolls when it does not fit.
func (m Model) View() string {
	lines := append(m.facts(), "")
	cov := m.coverage()
	lines = append(lines, cov[0])
	body := cov[1:]
	room := max(1, m.height-len(lines))
	off := min(m.offset, max(0, len(body)-room))
	end := min(len(body), off+room)
	lines = append(lines, body[off:end]...)
	for i := range lines {
		lines[i] = ansi.Truncate(lines[i], m.width, "…")
	}
	return strings.Join(lines, "\n")
}

func nonEmpty(s string) string {
	if strings.TrimSpace(s) == "" {
		return "NA"
	}
	return s
}

func itoa(n int) string { return strconv.Itoa(n) }
