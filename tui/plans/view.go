package plans

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// header renders everything above the list.
func (m Model) header() []string {
	st, s := m.cfg.Styles, m.search
	lines := []string{st.Title.Render("Connection Beyond Borders")}
	box := s.input.View()
	if !s.active {
		box = st.Muted.Render("Search: press / to search countries")
	}
	lines = append(lines, box)
	if len(s.selected) > 0 {
		chips := make([]string, len(s.selected))
		for i, c := range s.selected {
			chips[i] = st.Chip.Render("[" + c.Name + " ×]")
		}
		lines = append(lines, "Selected: "+strings.Join(chips, " "))
	}
	if s.active {
		lines = append(lines, m.menu()...)
	}
	lines = append(lines, "")
	if len(s.selected) > 0 {
		lines = append(lines, st.Heading.Render("Search Results"))
	} else {
		lines = append(lines, st.Heading.Render("Popular Destinations"), st.Tabs(tabNames[:], m.tab))
	}
	return lines
}

func (m Model) listHeight() int { return m.height - len(m.header()) - 1 }

// View renders the browser at its size.
func (m Model) View() string {
	lines := append(m.header(), "")
	for i := range lines {
		lines[i] = ansi.Truncate(lines[i], m.width, "…")
	}
	return strings.Join(append(lines, m.list.Lines()...), "\n")
}
