// Package plans is the bundle browser: tabs Countries, Regions and Global, a country
// search with the web's matching, one area expanded at a time, and bundle cards.
//
// The package is split by concern: plans.go holds the model and its routing, catalog.go
// the catalogue loads and their errors, search.go the search box and its selection,
// rows.go the layout of areas and cards into the shared scrolling list (tui/list), and
// view.go the drawing.
package plans

import (
	"context"
	"log/slog"

	"github.com/cedarsim/esim/tui/internal/spin"
	"github.com/cedarsim/esim/tui/list"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Tabs of 'Popular Destinations'.
const (
	TabCountries = iota
	TabRegions
	TabGlobal
)

var tabNames = [...]string{"Countries", "Regions", "Global"}

// Config carries what the browser needs from outside.
type Config struct {
	Catalog Catalog
	Styles  Styles
	Keys    KeyMap
	Emoji   bool         // flags as emoji rather than ISO codes
	Log     *slog.Logger // load failures are logged as well as shown
}

// Model is the plans browser.
type Model struct {
	ctx context.Context
	cfg Config

	width, height int
	tab           int
	expanded      string // key of the open area, "" when none

	cat    catalogue // what the catalogue answered
	search search    // the search box and the countries picked with it
	list   list.Model
	rows   []row // what each row of list holds, for focus and open

	spin     spin.Model
	spinning bool // a chain of spinner ticks is running
}

// New builds the browser; call Init to start loading.
func New(ctx context.Context, cfg Config) Model {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	m := Model{
		ctx: ctx, cfg: cfg,
		width: 80, height: 24,
		cat:      newCatalogue(),
		search:   newSearch(),
		list:     list.New(0, cfg.Keys.List, cfg.Styles.List),
		spin:     spin.New(),
		spinning: true,
	}
	m.cat.pending = 3 // the lists Init loads
	return m.layout()
}

// Init loads the country, region and special lists (New counted them as pending).
func (m Model) Init() tea.Cmd {
	return tea.Batch(m.listLoaders(), m.spin.Start())
}

// SetSize tells the browser the space it has.
func (m Model) SetSize(w, h int) Model {
	m.width, m.height = w, h
	m.search.input.Width = max(10, w-len(m.search.input.Prompt)-2)
	return m.layout()
}

// Capturing reports that typed keys go to the search box (the root must not read 'q').
func (m Model) Capturing() bool { return m.search.active }

// KeyMap returns the bindings that apply now, for the help bar.
func (m Model) KeyMap() help.KeyMap {
	k := m.cfg.Keys
	k.searching = m.search.active
	k.failed = m.list.Status() == list.Failed
	return k
}

// Loading reports whether any catalogue call is under way.
func (m Model) Loading() bool { return m.cat.pending > 0 }

// Update handles messages.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if m.spin.Owns(msg) && m.cat.pending == 0 {
		m.spinning = false // the chain of ticks ends here; startSpinner begins a new one
	}
	if sp, cmd, ok := m.spin.Update(msg, m.cat.pending > 0); ok {
		m.spin = sp
		if cmd != nil {
			m = m.layout() // the loading rows show the new frame
		}
		return m, cmd
	}
	if m2, ok := m.updateCatalogue(msg); ok {
		return m2.layout(), nil
	}
	if k, ok := msg.(tea.KeyMsg); ok {
		if m.search.active {
			return m.updateSearch(k)
		}
		return m.updateBrowse(k)
	}
	return m, nil
}

func (m Model) updateBrowse(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.cfg.Keys
	switch {
	case key.Matches(msg, k.Search):
		m.search.active = true
		cmd := m.search.input.Focus()
		m.refilter()
		return m.layout(), cmd
	case key.Matches(msg, k.Clear):
		if len(m.search.selected) == 0 {
			return m, nil
		}
		m.search.clear()
		m.list = m.list.Top()
		return m.layout(), nil
	case key.Matches(msg, k.NextTab), key.Matches(msg, k.PrevTab):
		if len(m.search.selected) > 0 {
			return m, nil // tabs are hidden while countries are selected
		}
		d := 1
		if key.Matches(msg, k.PrevTab) {
			d = len(tabNames) - 1
		}
		m.tab = (m.tab + d) % len(tabNames)
		m.list = m.list.Top()
		var cmd tea.Cmd
		if m.tab == TabGlobal {
			cmd = m.loadArea(globalArea)
		}
		return m.layout(), cmd
	case key.Matches(msg, k.Open):
		return m.open()
	case key.Matches(msg, k.Reload):
		m, cmd := m.reload()
		return m.layout(), cmd
	}
	var cmd tea.Cmd
	m.list, cmd = m.list.Update(msg)
	return m, cmd
}
