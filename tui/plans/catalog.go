package plans

import (
	"context"
	"strings"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/textmatch"
	tea "github.com/charmbracelet/bubbletea"
)

// Catalog is the part of the SDK the browser reads (*sdk.CatalogService satisfies it).
type Catalog interface {
	Countries(ctx context.Context) ([]sdk.Country, error)
	Regions(ctx context.Context) ([]sdk.Region, error)
	SpecialBundles(ctx context.Context) ([]sdk.Bundle, error)
	AreaBundles(ctx context.Context, area string) ([]sdk.Bundle, error)
	Search(ctx context.Context, isoCodes []string) ([]sdk.Bundle, error)
}

// globalArea is the origin whose bundles the Global tab shows.
const globalArea = "global"

// specialPrefix keys a special group's area apart from countries and regions.
const specialPrefix = "special:"

// Indexes of the three lists Init loads.
const (
	listCountries = iota
	listRegions
	listSpecials
)

// load is the state of one catalogue call: not answered, answered, or failed.
type load struct {
	done bool
	err  error
}

// failed reports an answered call that failed.
func (l load) failed() bool { return l.done && l.err != nil }

// catalogue is what the catalogue answered so far. A failure is kept apart from an empty
// answer, so the screen can say which it is and offer a retry.
type catalogue struct {
	countries []sdk.Country
	index     *textmatch.Index[sdk.Country] // names prepared once for matching
	regions   []sdk.Region
	specials  []sdk.Bundle
	lists     [3]load // countries, regions, specials
	bundles   map[string][]sdk.Bundle
	areas     map[string]load
	pending   int // calls under way
}

func newCatalogue() catalogue {
	return catalogue{bundles: map[string][]sdk.Bundle{}, areas: map[string]load{}}
}

// Messages with the answers of the catalogue.
type (
	countriesMsg struct {
		list []sdk.Country
		err  error
	}
	regionsMsg struct {
		list []sdk.Region
		err  error
	}
	specialsMsg struct {
		list []sdk.Bundle
		err  error
	}
	bundlesMsg struct {
		key  string
		list []sdk.Bundle
		err  error
	}
	resultsMsg struct {
		key  string
		list []sdk.Bundle
		err  error
	}
)

func (m Model) listLoaders() tea.Cmd {
	c, ctx := m.cfg.Catalog, m.ctx
	return tea.Batch(
		func() tea.Msg { l, err := c.Countries(ctx); return countriesMsg{l, err} },
		func() tea.Msg { l, err := c.Regions(ctx); return regionsMsg{l, err} },
		func() tea.Msg { l, err := c.SpecialBundles(ctx); return specialsMsg{l, err} },
	)
}

// updateCatalogue stores an answer of the catalogue; ok is false for other messages.
func (m Model) updateCatalogue(msg tea.Msg) (Model, bool) {
	switch msg := msg.(type) {
	case countriesMsg:
		m.done("countries", msg.err)
		m.cat.countries, m.cat.lists[listCountries] = msg.list, load{true, msg.err}
		m.cat.index = NewIndex(msg.list)
		m.refilter()
	case regionsMsg:
		m.done("regions", msg.err)
		m.cat.regions, m.cat.lists[listRegions] = msg.list, load{true, msg.err}
	case specialsMsg:
		m.done("special bundles", msg.err)
		m.cat.specials, m.cat.lists[listSpecials] = msg.list, load{true, msg.err}
	case bundlesMsg:
		m.done("bundles of "+msg.key, msg.err)
		m.cat.bundles[msg.key], m.cat.areas[msg.key] = msg.list, load{true, msg.err}
	case resultsMsg:
		m.done("search results", msg.err)
		if msg.key == m.search.resultsKey {
			m.search.results, m.search.resultsLoad = msg.list, load{true, msg.err}
		}
	default:
		return m, false
	}
	return m, true
}

func (m *Model) startSpinner() tea.Cmd {
	m.cat.pending++
	if m.spinning {
		return nil
	}
	m.spinning = true
	return m.spin.Start()
}

func (m *Model) done(what string, err error) {
	if m.cat.pending > 0 {
		m.cat.pending--
	}
	if err != nil {
		m.cfg.Log.Error("catalogue load failed", "what", what, "err", err)
	}
}

// loadArea asks for the bundles of an area unless they are loaded; a load that failed is
// made again (opening the area or the tab again retries it).
func (m *Model) loadArea(k string) tea.Cmd {
	if l := m.cat.areas[k]; (l.done && l.err == nil) || strings.HasPrefix(k, specialPrefix) {
		return nil
	}
	delete(m.cat.areas, k) // "Loading..." until the answer
	c, ctx := m.cfg.Catalog, m.ctx
	return tea.Batch(func() tea.Msg {
		l, err := c.AreaBundles(ctx, k)
		return bundlesMsg{k, l, err}
	}, m.startSpinner())
}

// reload asks again for what failed or came back empty: the three lists, the open area,
// the Global tab and the search results.
func (m Model) reload() (Model, tea.Cmd) {
	var cmds []tea.Cmd
	lists := m.cat.lists
	if len(m.cat.countries) == 0 || len(m.cat.regions) == 0 || len(m.cat.specials) == 0 ||
		lists[0].failed() || lists[1].failed() || lists[2].failed() {
		m.cat.lists = [3]load{} // a list without areas shows "Loading..." again
		cmds = append(cmds, m.listLoaders(), m.startSpinner())
		m.cat.pending += 2 // startSpinner counted one of the three
	}
	for _, k := range []string{m.expanded, globalArea} {
		if k == "" || (k == globalArea && m.tab != TabGlobal) {
			continue
		}
		if l := m.cat.areas[k]; l.failed() || len(m.cat.bundles[k]) == 0 {
			delete(m.cat.areas, k)
			cmds = append(cmds, m.loadArea(k))
		}
	}
	if m.search.resultsLoad.failed() {
		m.search.resultsKey = "" // loadResults asks again
		cmds = append(cmds, m.loadResults())
	}
	return m, tea.Batch(cmds...)
}

// areaBundles returns the loaded bundles of an area and the state of their load.
func (m Model) areaBundles(k string) ([]sdk.Bundle, load) {
	if g, ok := strings.CutPrefix(k, specialPrefix); ok {
		var out []sdk.Bundle
		for _, b := range m.cat.specials {
			if b.Group == g {
				out = append(out, b)
			}
		}
		return out, m.cat.lists[listSpecials]
	}
	return m.cat.bundles[k], m.cat.areas[k]
}
