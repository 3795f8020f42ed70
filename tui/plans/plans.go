// Package plans is the bundle browser: tabs Countries, Regions and Global, a country
// search with the web's matching, one area expanded at a time, and bundle cards.
package plans

import (
	"context"
	"log/slog"
	"strings"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/sdk/textmatch"
	"github.com/cedarsim/esim/tui/card"
	"github.com/cedarsim/esim/tui/internal/show"
	"github.com/cedarsim/esim/tui/internal/spin"
	"github.com/cedarsim/esim/tui/nav"
	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Catalog is the part of the SDK the browser reads (*sdk.CatalogService satisfies it).
type Catalog interface {
	Countries(ctx context.Context) ([]sdk.Country, error)
	Regions(ctx context.Context) ([]sdk.Region, error)
	SpecialBundles(ctx context.Context) ([]sdk.Bundle, error)
	AreaBundles(ctx context.Context, area string) ([]sdk.Bundle, error)
	Search(ctx context.Context, isoCodes []string) ([]sdk.Bundle, error)
}

// Tabs of 'Popular Destinations'.
const (
	TabCountries = iota
	TabRegions
	TabGlobal
)

var tabNames = [...]string{"Countries", "Regions", "Global"}

// globalArea is the origin whose bundles the Global tab shows.
const globalArea = "global"

// specialPrefix keys a special group's area apart from countries and regions.
const specialPrefix = "special:"

// Config carries what the browser needs from outside.
type Config struct {
	Catalog Catalog
	Styles  Styles
	Keys    KeyMap
	Emoji   bool         // flags as emoji rather than ISO codes
	Log     *slog.Logger // load failures are only logged, as on the web
}

// area is one expandable entry of the Countries or Regions list.
type area struct {
	key   string // ISO code, region name, or specialPrefix+group
	label string // flag or icon code
	name  string
}

// row is one line group of the list: an area header, or a row of cards.
type row struct {
	area    *area
	cards   []sdk.Bundle
	note    string // a one-line message (spinner, empty list)
	cardOff int    // index of cards[0] in the focusable sequence of its group
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

// Model is the plans browser.
type Model struct {
	ctx context.Context
	cfg Config

	width, height int
	tab           int

	countries     []sdk.Country
	index         *textmatch.Index[sdk.Country] // names prepared once for matching
	regions       []sdk.Region
	specials      []sdk.Bundle
	loaded        [3]bool // countries, regions, specials
	bundles       map[string][]sdk.Bundle
	bundlesLoaded map[string]bool
	expanded      string // key of the open area, "" when none
	pendingLoads  int
	spinning      bool
	spin          spin.Model

	search     textinput.Model
	searching  bool
	matches    []sdk.Country
	menuCursor int
	selected   []sdk.Country
	results    []sdk.Bundle
	resultsKey string // the selection whose results are shown or loading
	resultsOK  bool

	cursor int // index into the focusable items of rows()
	offset int // first visible row
}

// New builds the browser; call Init to start loading.
func New(ctx context.Context, cfg Config) Model {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	ti := textinput.New()
	ti.Prompt = "Search: "
	ti.Placeholder = "type a country"
	ti.CharLimit = 64
	ti.Cursor.SetMode(cursor.CursorStatic) // no blink timer: fewer redraws, stable tests
	return Model{
		ctx: ctx, cfg: cfg,
		width: 80, height: 24,
		bundles:       map[string][]sdk.Bundle{},
		bundlesLoaded: map[string]bool{},
		spin:          spin.New(),
		search:        ti,
		pendingLoads:  3, // the lists Init loads
		spinning:      true,
	}
}

// Init loads the country, region and special lists (New counted them as pending).
func (m Model) Init() tea.Cmd {
	return tea.Batch(m.listLoaders(), m.spin.Start())
}

func (m Model) listLoaders() tea.Cmd {
	c, ctx := m.cfg.Catalog, m.ctx
	return tea.Batch(
		func() tea.Msg { l, err := c.Countries(ctx); return countriesMsg{l, err} },
		func() tea.Msg { l, err := c.Regions(ctx); return regionsMsg{l, err} },
		func() tea.Msg { l, err := c.SpecialBundles(ctx); return specialsMsg{l, err} },
	)
}

// SetSize tells the browser the space it has.
func (m Model) SetSize(w, h int) Model {
	m.width, m.height = w, h
	m.search.Width = max(10, w-len(m.search.Prompt)-2)
	return m.fix()
}

// Capturing reports that typed keys go to the search box (the root must not read 'q').
func (m Model) Capturing() bool { return m.searching }

// KeyMap returns the bindings that apply now, for the help bar.
func (m Model) KeyMap() help.KeyMap {
	k := m.cfg.Keys
	k.searching = m.searching
	return k
}

// Loading reports whether any catalogue call is under way.
func (m Model) Loading() bool { return m.pendingLoads > 0 }

func (m *Model) startSpinner() tea.Cmd {
	m.pendingLoads++
	if m.spinning {
		return nil
	}
	m.spinning = true
	return m.spin.Start()
}

func (m *Model) done(what string, err error) {
	if m.pendingLoads > 0 {
		m.pendingLoads--
	}
	if err != nil {
		// The web only logs catalogue failures and leaves the list empty.
		m.cfg.Log.Error("catalogue load failed", "what", what, "err", err)
	}
}

// Update handles messages.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if m.spin.Owns(msg) && m.pendingLoads == 0 {
		m.spinning = false // the chain of ticks ends here; startSpinner begins a new one
	}
	if sp, cmd, ok := m.spin.Update(msg, m.pendingLoads > 0); ok {
		m.spin = sp
		return m, cmd
	}
	switch msg := msg.(type) {
	case countriesMsg:
		m.done("countries", msg.err)
		m.countries, m.loaded[0] = msg.list, true
		m.index = NewIndex(msg.list)
		m.refilter()
		return m.fix(), nil
	case regionsMsg:
		m.done("regions", msg.err)
		m.regions, m.loaded[1] = msg.list, true
		return m.fix(), nil
	case specialsMsg:
		m.done("special bundles", msg.err)
		m.specials, m.loaded[2] = msg.list, true
		return m.fix(), nil
	case bundlesMsg:
		m.done("bundles of "+msg.key, msg.err)
		m.bundles[msg.key], m.bundlesLoaded[msg.key] = msg.list, true
		return m.fix(), nil
	case resultsMsg:
		m.done("search results", msg.err)
		if msg.key == m.resultsKey {
			m.results, m.resultsOK = msg.list, true
		}
		return m.fix(), nil
	case tea.KeyMsg:
		if m.searching {
			return m.updateSearch(msg)
		}
		return m.updateBrowse(msg)
	}
	return m, nil
}

func (m Model) updateBrowse(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.cfg.Keys
	switch {
	case key.Matches(msg, k.Search):
		m.searching = true
		cmd := m.search.Focus()
		m.refilter()
		return m.fix(), cmd
	case key.Matches(msg, k.Clear):
		if len(m.selected) == 0 {
			return m, nil
		}
		m.selected, m.results, m.resultsKey, m.resultsOK = nil, nil, "", false
		m.cursor, m.offset = 0, 0
		return m.fix(), nil
	case key.Matches(msg, k.NextTab), key.Matches(msg, k.PrevTab):
		if len(m.selected) > 0 {
			return m, nil // tabs are hidden while countries are selected
		}
		d := 1
		if key.Matches(msg, k.PrevTab) {
			d = len(tabNames) - 1
		}
		m.tab = (m.tab + d) % len(tabNames)
		m.cursor, m.offset = 0, 0
		var cmd tea.Cmd
		if m.tab == TabGlobal {
			cmd = m.loadArea(globalArea)
		}
		return m.fix(), cmd
	case key.Matches(msg, k.Up):
		m.cursor = m.rowStep(-1)
		return m.fix(), nil
	case key.Matches(msg, k.Down):
		m.cursor = m.rowStep(1)
		return m.fix(), nil
	case key.Matches(msg, k.Left):
		m.cursor = max(0, m.cursor-1)
		return m.fix(), nil
	case key.Matches(msg, k.Right):
		m.cursor = min(m.focusCount()-1, m.cursor+1)
		return m.fix(), nil
	case key.Matches(msg, k.Open):
		return m.open()
	case key.Matches(msg, k.Reload):
		return m.reload()
	}
	return m, nil
}

func (m Model) updateSearch(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.cfg.Keys
	switch {
	case key.Matches(msg, k.Leave):
		m.searching = false
		m.search.Blur()
		m.search.SetValue("")
		m.refilter()
		cmd := m.loadResults()
		return m.fix(), cmd
	case key.Matches(msg, k.Pick):
		if m.menuCursor < len(m.matches) {
			c := m.matches[m.menuCursor]
			if !m.isSelected(c.ISOCode) {
				m.selected = append(m.selected, c)
			}
			m.search.SetValue("")
			m.refilter()
			return m.fix(), nil
		}
		return m, nil
	case msg.Type == tea.KeyUp:
		if m.menuCursor > 0 {
			m.menuCursor--
		}
		return m, nil
	case msg.Type == tea.KeyDown:
		if m.menuCursor < len(m.matches)-1 {
			m.menuCursor++
		}
		return m, nil
	case key.Matches(msg, k.Unpick) && m.search.Value() == "" && len(m.selected) > 0:
		m.selected = m.selected[:len(m.selected)-1]
		return m.fix(), nil
	}
	var cmd tea.Cmd
	before := m.search.Value()
	m.search, cmd = m.search.Update(msg)
	if m.search.Value() != before {
		m.refilter()
	}
	return m.fix(), cmd
}

func (m Model) isSelected(iso string) bool {
	for _, s := range m.selected {
		if strings.EqualFold(s.ISOCode, iso) {
			return true
		}
	}
	return false
}

// refilter recomputes the country menu from the search text.
func (m *Model) refilter() {
	m.matches = nil
	if m.index != nil {
		m.matches = m.index.Filter(m.search.Value())
	}
	m.menuCursor = 0
}

// NewIndex prepares the countries for the search box, which matches as the web's select
// does (sdk/textmatch: trimmed, case- and accent-insensitive, anywhere in the name).
func NewIndex(countries []sdk.Country) *textmatch.Index[sdk.Country] {
	return textmatch.NewIndex(countries, func(c sdk.Country) string { return c.Name })
}

// selectionCodes are the ISO codes of the selected countries, in the order picked.
func (m Model) selectionCodes() []string {
	codes := make([]string, len(m.selected))
	for i, s := range m.selected {
		codes[i] = s.ISOCode
	}
	return codes
}

// loadResults fetches the bundles of the selection. It runs when the user leaves the
// search box, so that picking several countries makes one call, not one per country.
func (m *Model) loadResults() tea.Cmd {
	codes := m.selectionCodes()
	k := strings.Join(codes, ",")
	if k == m.resultsKey {
		return nil
	}
	m.cursor, m.offset = 0, 0
	if len(m.selected) == 0 {
		m.results, m.resultsKey, m.resultsOK = nil, "", false
		return nil
	}
	m.resultsKey, m.resultsOK, m.results = k, false, nil
	c, ctx := m.cfg.Catalog, m.ctx
	return tea.Batch(func() tea.Msg {
		l, err := c.Search(ctx, codes)
		return resultsMsg{k, l, err}
	}, m.startSpinner())
}

func (m *Model) loadArea(k string) tea.Cmd {
	if m.bundlesLoaded[k] || strings.HasPrefix(k, specialPrefix) {
		return nil
	}
	c, ctx := m.cfg.Catalog, m.ctx
	return tea.Batch(func() tea.Msg {
		l, err := c.AreaBundles(ctx, k)
		return bundlesMsg{k, l, err}
	}, m.startSpinner())
}

func (m Model) reload() (Model, tea.Cmd) {
	var cmds []tea.Cmd
	if len(m.countries) == 0 || len(m.regions) == 0 || len(m.specials) == 0 {
		cmds = append(cmds, m.listLoaders(), m.startSpinner())
		m.pendingLoads += 2 // startSpinner counted one of the three
	}
	if m.expanded != "" && len(m.bundles[m.expanded]) == 0 {
		delete(m.bundlesLoaded, m.expanded)
		cmds = append(cmds, m.loadArea(m.expanded))
	}
	if m.tab == TabGlobal && len(m.bundles[globalArea]) == 0 {
		delete(m.bundlesLoaded, globalArea)
		cmds = append(cmds, m.loadArea(globalArea))
	}
	return m, tea.Batch(cmds...)
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
			m.cursor = m.areaIndex(k)
			return m.fix(), nil
		}
		m.expanded = k // opening one area closes the other
		m.cursor = m.areaIndex(k)
		cmd := m.loadArea(k)
		return m.fix(), cmd
	}
	return m, nil
}

// areaIndex is the focus index of the area with key k, so that the cursor stays on it
// when the rows above it change.
func (m Model) areaIndex(k string) int {
	n := 0
	for _, r := range m.rows() {
		if r.area != nil && r.area.key == k {
			return n
		}
		n += focusables(r)
	}
	return m.cursor
}

// areas lists the entries of the current tab.
func (m Model) areas() []area {
	switch m.tab {
	case TabCountries:
		out := make([]area, 0, len(m.countries))
		for _, c := range m.countries {
			out = append(out, area{key: c.ISOCode, label: show.Flag(c.ISOCode, m.cfg.Emoji), name: c.Name})
		}
		return out
	case TabRegions:
		out := make([]area, 0, len(m.regions))
		for _, r := range m.regions {
			out = append(out, area{key: r.Name, label: "", name: r.Name})
		}
		// Special areas are listed too, one per group.
		seen := map[string]bool{}
		for _, b := range m.specials {
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

// areaBundles returns the loaded bundles of an area and whether they are loaded.
func (m Model) areaBundles(k string) ([]sdk.Bundle, bool) {
	if g, ok := strings.CutPrefix(k, specialPrefix); ok {
		var out []sdk.Bundle
		for _, b := range m.specials {
			if b.Group == g {
				out = append(out, b)
			}
		}
		return out, true
	}
	return m.bundles[k], m.bundlesLoaded[k]
}

// rows lays out the list: areas, the open area's cards, or a grid of bundles.
func (m Model) rows() []row {
	per := card.PerRow(m.width - 2)
	grid := func(list []sdk.Bundle, loaded bool, rows []row) []row {
		switch {
		case !loaded:
			return append(rows, row{note: m.spin.View() + " Loading..."})
		case len(list) == 0:
			return append(rows, row{note: m.cfg.Styles.Muted.Render(messages.NothingToShow)})
		}
		for i := 0; i < len(list); i += per {
			rows = append(rows, row{cards: list[i:min(i+per, len(list))], cardOff: i})
		}
		return rows
	}
	if len(m.selected) > 0 {
		if strings.Join(m.selectionCodes(), ",") != m.resultsKey {
			return []row{{note: m.cfg.Styles.Muted.Render("Press esc to see the bundles of the selected countries.")}}
		}
		return grid(m.results, m.resultsOK, nil)
	}
	if m.tab == TabGlobal {
		return grid(m.bundles[globalArea], m.bundlesLoaded[globalArea], nil)
	}
	areas := m.areas()
	if !m.loaded[m.tab] && len(areas) == 0 {
		return []row{{note: m.spin.View() + " Loading..."}}
	}
	rows := make([]row, 0, len(areas)+8)
	for i := range areas {
		a := &areas[i]
		rows = append(rows, row{area: a})
		if a.key == m.expanded {
			list, ok := m.areaBundles(a.key)
			rows = grid(list, ok, rows)
		}
	}
	return rows
}

// focusCount is the number of focusable items: area headers and cards.
func (m Model) focusCount() int {
	n := 0
	for _, r := range m.rows() {
		n += focusables(r)
	}
	return n
}

func focusables(r row) int {
	if r.area != nil {
		return 1
	}
	return len(r.cards)
}

// locate finds the row holding focusable index i, and i's column in it.
func locate(rows []row, i int) (int, int) {
	for ri, r := range rows {
		n := focusables(r)
		if i < n {
			return ri, i
		}
		i -= n
	}
	return -1, 0
}

// rowStep moves the cursor one row up or down, keeping the column when it can.
func (m Model) rowStep(d int) int {
	rows := m.rows()
	ri, col := locate(rows, m.cursor)
	if ri < 0 {
		return 0
	}
	// Index of the first focusable of each row.
	start := make([]int, len(rows))
	n := 0
	for i, r := range rows {
		start[i] = n
		n += focusables(r)
	}
	for t := ri + d; t >= 0 && t < len(rows); t += d {
		if c := focusables(rows[t]); c > 0 {
			return start[t] + min(col, c-1)
		}
	}
	return m.cursor
}

// focused returns the area or bundle under the cursor.
func (m Model) focused() (*area, *sdk.Bundle) {
	rows := m.rows()
	ri, col := locate(rows, m.cursor)
	if ri < 0 {
		return nil, nil
	}
	if r := rows[ri]; r.area != nil {
		return r.area, nil
	} else {
		return nil, &r.cards[col]
	}
}

// Focused returns the bundle under the cursor, if the cursor is on a card.
func (m Model) Focused() (sdk.Bundle, bool) {
	_, b := m.focused()
	if b == nil {
		return sdk.Bundle{}, false
	}
	return *b, true
}

func rowHeight(r row) int {
	if len(r.cards) > 0 {
		return card.Height
	}
	return 1
}

// fix keeps the cursor in range and its row on screen.
func (m Model) fix() Model {
	rows := m.rows()
	n := 0
	for _, r := range rows {
		n += focusables(r)
	}
	m.cursor = max(0, min(m.cursor, n-1))
	ri, _ := locate(rows, m.cursor)
	if ri < 0 {
		m.offset = 0
		return m
	}
	avail := max(1, m.listHeight())
	if ri < m.offset {
		m.offset = ri
	}
	for m.offset < ri {
		h := 0
		for i := m.offset; i <= ri; i++ {
			h += rowHeight(rows[i])
		}
		if h <= avail {
			break
		}
		m.offset++
	}
	return m
}

// header renders everything above the list.
func (m Model) header() []string {
	st := m.cfg.Styles
	lines := []string{st.Title.Render("Connection Beyond Borders")}
	search := m.search.View()
	if !m.searching {
		search = st.Muted.Render("Search: press / to search countries")
	}
	lines = append(lines, search)
	if len(m.selected) > 0 {
		chips := make([]string, len(m.selected))
		for i, s := range m.selected {
			chips[i] = st.Chip.Render("[" + s.Name + " ×]")
		}
		lines = append(lines, "Selected: "+strings.Join(chips, " "))
	}
	if m.searching {
		lines = append(lines, m.menu()...)
	}
	lines = append(lines, "")
	if len(m.selected) > 0 {
		lines = append(lines, st.Heading.Render("Search Results"))
	} else {
		lines = append(lines, st.Heading.Render("Popular Destinations"), st.Tabs(tabNames[:], m.tab))
	}
	return lines
}

// menu renders the country options under the search box, a page of menuSize at a time.
func (m Model) menu() []string {
	st := m.cfg.Styles
	if !m.loaded[0] {
		return []string{st.Muted.Render("  Loading...")}
	}
	if len(m.matches) == 0 {
		return []string{st.Muted.Render("  No options")}
	}
	first := max(0, m.menuCursor-menuSize+1)
	last := min(len(m.matches), first+menuSize)
	out := make([]string, 0, menuSize)
	for i := first; i < last; i++ {
		c := m.matches[i]
		line := st.Cursor(i == m.menuCursor) + show.Flag(c.ISOCode, m.cfg.Emoji) + "  " + c.Name
		out = append(out, line)
	}
	return out
}

func (m Model) listHeight() int { return m.height - len(m.header()) - 1 }

// View renders the browser at its size.
func (m Model) View() string {
	st := m.cfg.Styles
	lines := m.header()
	lines = append(lines, "")
	rows := m.rows()
	cr, ccol := locate(rows, m.cursor)
	avail := max(1, m.listHeight())
	used := 0
	for i := m.offset; i < len(rows) && used < avail; i++ {
		r := rows[i]
		var s string
		switch {
		case r.area != nil:
			mark, style := "▸ ", st.Area
			if r.area.key == m.expanded {
				mark, style = "▾ ", st.AreaOpen
			}
			label := r.area.name
			if r.area.label != "" {
				label = r.area.label + "  " + label
			}
			s = st.Cursor(i == cr && !m.searching) + style.Render(mark+label)
		case len(r.cards) > 0:
			focus := -1
			if i == cr && !m.searching {
				focus = ccol
			}
			s = card.Row(st.Card, r.cards, focus, m.cfg.Emoji)
			s = indent(s, "  ")
		default:
			s = "  " + r.note
		}
		for _, l := range strings.Split(s, "\n") {
			if used >= avail {
				break
			}
			lines = append(lines, l)
			used++
		}
	}
	for i := range lines {
		lines[i] = ansi.Truncate(lines[i], m.width, "…")
	}
	return strings.Join(lines, "\n")
}

func indent(s, pad string) string {
	return pad + strings.ReplaceAll(s, "\n", "\n"+pad)
}
