package plans

import (
	"strings"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/textmatch"
	"github.com/cedarsim/esim/tui/internal/show"
	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
)

// menuSize is the page size of the country menu, as the web's select.
const menuSize = 5

// search is the country search box, its menu, the countries picked with it and the
// bundles found for them.
type search struct {
	input      textinput.Model
	active     bool // the box has focus
	matches    []sdk.Country
	menuCursor int
	selected   []sdk.Country

	results     []sdk.Bundle
	resultsKey  string // the selection whose results are shown or loading
	resultsLoad load
}

func newSearch() search {
	ti := textinput.New()
	ti.Prompt = "Search: "
	ti.Placeholder = "type a country"
	ti.CharLimit = 64
	ti.Cursor.SetMode(cursor.CursorStatic) // no blink timer: fewer redraws, stable tests
	return search{input: ti}
}

// clear drops the selection and its results.
func (s *search) clear() {
	s.selected, s.results, s.resultsKey, s.resultsLoad = nil, nil, "", load{}
}

func (s search) isSelected(iso string) bool {
	for _, c := range s.selected {
		if strings.EqualFold(c.ISOCode, iso) {
			return true
		}
	}
	return false
}

// codes are the ISO codes of the selected countries, in the order picked.
func (s search) codes() []string {
	codes := make([]string, len(s.selected))
	for i, c := range s.selected {
		codes[i] = c.ISOCode
	}
	return codes
}

// current reports whether the results shown are those of the selection.
func (s search) current() bool { return strings.Join(s.codes(), ",") == s.resultsKey }

func (m Model) updateSearch(msg tea.KeyMsg) (Model, tea.Cmd) {
	k, s := m.cfg.Keys, &m.search
	switch {
	case key.Matches(msg, k.Leave):
		s.active = false
		s.input.Blur()
		s.input.SetValue("")
		m.refilter()
		cmd := m.loadResults()
		return m.layout(), cmd
	case key.Matches(msg, k.Pick):
		if s.menuCursor < len(s.matches) {
			c := s.matches[s.menuCursor]
			if !s.isSelected(c.ISOCode) {
				s.selected = append(s.selected, c)
			}
			s.input.SetValue("")
			m.refilter()
			return m.layout(), nil
		}
		return m, nil
	case msg.Type == tea.KeyUp:
		if s.menuCursor > 0 {
			s.menuCursor--
		}
		return m, nil
	case msg.Type == tea.KeyDown:
		if s.menuCursor < len(s.matches)-1 {
			s.menuCursor++
		}
		return m, nil
	case key.Matches(msg, k.Unpick) && s.input.Value() == "" && len(s.selected) > 0:
		s.selected = s.selected[:len(s.selected)-1]
		return m.layout(), nil
	}
	var cmd tea.Cmd
	before := s.input.Value()
	s.input, cmd = s.input.Update(msg)
	if s.input.Value() != before {
		m.refilter()
	}
	return m.layout(), cmd
}

// refilter recomputes the country menu from the search text.
func (m *Model) refilter() {
	m.search.matches = nil
	if m.cat.index != nil {
		m.search.matches = m.cat.index.Filter(m.search.input.Value())
	}
	m.search.menuCursor = 0
}

// NewIndex prepares the countries for the search box, which matches as the web's select
// does (sdk/textmatch: trimmed, case- and accent-insensitive, anywhere in the name).
func NewIndex(countries []sdk.Country) *textmatch.Index[sdk.Country] {
	return textmatch.NewIndex(countries, func(c sdk.Country) string { return c.Name })
}

// loadResults fetches the bundles of the selection. It runs when the user leaves the
// search box, so that picking several countries makes one call, not one per country.
func (m *Model) loadResults() tea.Cmd {
	s := &m.search
	codes := s.codes()
	k := strings.Join(codes, ",")
	if k == s.resultsKey {
		return nil
	}
	m.list = m.list.Top()
	if len(s.selected) == 0 {
		s.clear()
		return nil
	}
	s.resultsKey, s.resultsLoad, s.results = k, load{}, nil
	c, ctx := m.cfg.Catalog, m.ctx
	return tea.Batch(func() tea.Msg {
		l, err := c.Search(ctx, codes)
		return resultsMsg{k, l, err}
	}, m.startSpinner())
}

// menu renders the country options under the search box, a page of menuSize at a time.
func (m Model) menu() []string {
	st, s := m.cfg.Styles, m.search
	switch {
	case m.cat.lists[listCountries].failed():
		return []string{st.Error.Render("  " + show.LoadError(m.cat.lists[listCountries].err))}
	case !m.cat.lists[listCountries].done:
		return []string{st.Muted.Render("  Loading...")}
	case len(s.matches) == 0:
		return []string{st.Muted.Render("  No options")}
	}
	first := max(0, s.menuCursor-menuSize+1)
	last := min(len(s.matches), first+menuSize)
	out := make([]string, 0, menuSize)
	for i := first; i < last; i++ {
		c := s.matches[i]
		out = append(out, st.Cursor(i == s.menuCursor)+show.Flag(c.ISOCode, m.cfg.Emoji)+"  "+c.Name)
	}
	return out
}
