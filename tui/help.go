// The help bar under every screen.

package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
)

// helpHeight is the number of lines of the help bar of the current screen.
func (m Model) helpHeight() int {
	if !m.help.ShowAll {
		return 1 // the short help is cut to one line
	}
	cur, ok := m.screens[m.cur]
	if !ok {
		return 1
	}
	return min(strings.Count(m.helpView(cur), "\n")+1, m.maxHelp())
}

// maxHelp is the most lines the help may take: the header and 3 body lines stay.
func (m Model) maxHelp() int { return max(1, m.height-2-3) }

func (m Model) helpView(cur screen) string {
	keys := helpKeys{screen: cur.KeyMap(), global: m.keys, capturing: cur.Capturing()}
	if !m.help.ShowAll {
		return m.help.View(keys)
	}
	return flowHelp(m.help, keys.FullHelp(), m.width)
}

// flowHelp lays the columns of the full help side by side while they fit the width, and
// on further rows after that: bubbles' help cuts the columns that do not fit (issue 25.12).
func flowHelp(h help.Model, groups [][]key.Binding, width int) string {
	h.Width = 0
	sep := h.Styles.FullSeparator.Render(h.FullSeparator)
	var rows, row []string
	rowWidth := 0
	flush := func() {
		if len(row) > 0 {
			rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
		}
		row, rowWidth = nil, 0
	}
	for _, g := range groups {
		block := h.FullHelpView([][]key.Binding{g})
		if block == "" {
			continue
		}
		w := lipgloss.Width(block)
		if len(row) > 0 && rowWidth+lipgloss.Width(sep)+w > width {
			flush()
		}
		if len(row) > 0 {
			row = append(row, sep)
			rowWidth += lipgloss.Width(sep)
		}
		row = append(row, block)
		rowWidth += w
	}
	flush()
	return strings.Join(rows, "\n")
}
