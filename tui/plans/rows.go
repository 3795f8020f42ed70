package plans

import (
	"strings"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/tui/card"
	"github.com/cedarsim/esim/tui/internal/show"
	"github.com/cedarsim/esim/tui/list"
	"github.com/cedarsim/esim/tui/nav"
	tea "github.com/charmbracelet/bubbletea"
)

// area is one expandable entry of the Countries or Regions list.
type area struct {
	key   string // ISO code, region name, or specialPrefix+group
	label string // flag or icon code
	name  string
}

// row is what one row of the list holds: an area header, a row of cards, or a note.
type row struct {
	area  *area
	cards []sdk.Bundle
}

// areas lists the entries of the current tab.
func (m Model) areas() []area {
	switch m.tab {
	case TabCountries:
		out := make([]area, 0, len(m.cat.countries))
		for _, c := range m.cat.countries {
			out = append(out, area{key: c.ISOCode, label: show.Flag(c.ISOCode, m.cfg.Emoji), name: c.Name})
		}
		return out
	case TabRegions:
		out := make([]area, 0, len(m.cat.regions))
		for _, r := range m.cat.regions {
			out = append(out, area{key: r.Name, name: r.Name})
		}
		// Special areas are listed too, one per group.
		seen := map[string]bool{}
		for _, b := range m.cat.specials {
			if b.Group == "" || seen[b.Group] {
				continue
			}
			seen[b.Group] = true
			out = append(out, area{key: specialPrefix + b.Group, label: strings.ToUpper(b.GroupIconCode), name: b.Group})
		}
		return out
	}
	return nil
}

// tabLoad is the state of the lists the current tab draws its areas from.
func (m Model) tabLoad() load {
	if m.tab == TabCountries {
		return m.cat.lists[listCountries]
	}
	r, s := m.cat.lists[listRegions], m.cat.lists[listSpecials]
	switch {
	case r.failed():
		return r
	case s.failed():
		return s
	}
	return load{done: r.done && s.done}
}

// layout lays the areas, the open area's cards, or a grid of bundles into the list, and
// sets its size and status. Every change of what is shown goes through here.
func (m Model) layout() Model {
	m.rows = m.rows[:0:0]
	var rows []list.Row
	status, errText := list.Ready, ""
	st := m.cfg.Styles
	per := card.PerRow(m.width - 2)
	note := func(s string) {
		rows = append(rows, list.Row{View: func(int) string { return "  " + s }})
		m.rows = append(m.rows, row{})
	}
	grid := func(bundles []sdk.Bundle, l load) {
		switch {
		case !l.done:
			note(m.spin.View() + " Loading...")
			return
		case l.err != nil:
			note(st.Error.Render(show.LoadError(l.err)) + " " + st.Muted.Render(list.RetryHint))
			return
		case len(bundles) == 0:
			note(st.Muted.Render(messages.NothingToShow))
			return
		}
		for i := 0; i < len(bundles); i += per {
			cards := bundles[i:min(i+per, len(bundles))]
			rows = append(rows, list.Row{Height: card.Height, Items: len(cards), View: func(focus int) string {
				if m.search.active {
					focus = -1
				}
				return indent(card.Row(st.Card, cards, focus, m.cfg.Emoji), "  ")
			}})
			m.rows = append(m.rows, row{cards: cards})
		}
	}
	// whole sets the status of a list that is one grid: loading and failure are the list's.
	whole := func(bundles []sdk.Bundle, l load) {
		switch {
		case !l.done:
			status = list.Loading
		case l.err != nil:
			status, errText = list.Failed, show.LoadError(l.err)
		default:
			grid(bundles, l)
		}
	}
	switch {
	case len(m.search.selected) > 0 && !m.search.current():
		note(st.Muted.Render("Press esc to see the bundles of the selected countries."))
	case len(m.search.selected) > 0:
		whole(m.search.results, m.search.resultsLoad)
	case m.tab == TabGlobal:
		whole(m.cat.bundles[globalArea], m.cat.areas[globalArea])
	default:
		areas := m.areas()
		l := m.tabLoad()
		switch {
		case len(areas) == 0 && !l.done:
			status = list.Loading
		case len(areas) == 0 && l.err != nil:
			status, errText = list.Failed, show.LoadError(l.err)
		}
		for i := range areas {
			a := &areas[i]
			rows = append(rows, list.Row{Items: 1, View: func(focus int) string {
				mark, style := "▸ ", st.Area
				if a.key == m.expanded {
					mark, style = "▾ ", st.AreaOpen
				}
				label := a.name
				if a.label != "" {
					label = a.label + "  " + label
				}
				return st.Cursor(focus == 0 && !m.search.active) + style.Render(mark+label)
			}})
			m.rows = append(m.rows, row{area: a})
			if a.key == m.expanded {
				grid(m.areaBundles(a.key))
			}
		}
		if len(areas) > 0 && l.err != nil {
			note(st.Error.Render(show.LoadError(l.err)) + " " + st.Muted.Render(list.RetryHint))
		}
	}
	m.list = m.list.SetStatus(status, errText).WithSpinner(m.spin.View()).
		SetSize(m.width, max(1, m.listHeight())).SetRows(rows)
	return m
}

// open toggles the focused area or opens the focused card.
func (m Model) open() (Model, tea.Cmd) {
	a, b := m.focused()
	switch {
	case b != nil:
		bundle := *b
		return m, func() tea.Msg { return nav.OpenBundleMsg{Bundle: bundle} }
	case a != nil:
		k := a.key
		if m.expanded == k {
			m.expanded = ""
			m = m.layout()
			m.list = m.list.SetCursor(m.areaIndex(k))
			return m, nil
		}
		m.expanded = k // opening one area closes the other
		cmd := m.loadArea(k)
		m = m.layout()
		m.list = m.list.SetCursor(m.areaIndex(k))
		return m, cmd
	}
	return m, nil
}

// areaIndex is the item index of the area with key k, so that the cursor stays on it when
// the rows above it change.
func (m Model) areaIndex(k string) int {
	n := 0
	for _, r := range m.rows {
		switch {
		case r.area != nil && r.area.key == k:
			return n
		case r.area != nil:
			n++
		default:
			n += len(r.cards)
		}
	}
	return m.list.Cursor()
}

// focused returns the area or bundle under the cursor.
func (m Model) focused() (*area, *sdk.Bundle) {
	ri, col := m.list.Focus()
	if ri < 0 || ri >= len(m.rows) || m.list.Status() != list.Ready {
		return nil, nil
	}
	if r := m.rows[ri]; r.area != nil {
		return r.area, nil
	} else if col < len(r.cards) {
		return nil, &r.cards[col]
	}
	return nil, nil
}

// Focused returns the bundle under the cursor, if the cursor is on a card.
func (m Model) Focused() (sdk.Bundle, bool) {
	_, b := m.focused()
	if b == nil {
		return sdk.Bundle{}, false
	}
	return *b, true
}

func indent(s, pad string) string {
	return pad + strings.ReplaceAll(s, "\n", "\n"+pad)
}
