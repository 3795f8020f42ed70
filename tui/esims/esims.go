// Package esims is the My eSIMs screen: tabs Active eSIM, Expired eSIM and Purchase
// History, usage bars, plan details on demand, and the ways to the QR view and top-up.
package esims

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/diagnose"
	"github.com/cedarsim/esim/sdk/format"
	"github.com/cedarsim/esim/sdk/profile"
	sdkusage "github.com/cedarsim/esim/sdk/usage"
	"github.com/cedarsim/esim/tui/internal/show"
	"github.com/cedarsim/esim/tui/internal/spin"
	"github.com/cedarsim/esim/tui/list"
	"github.com/cedarsim/esim/tui/nav"
	"github.com/cedarsim/esim/tui/theme"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Source is the part of the SDK the screen reads (*sdk.ESIMsService satisfies it).
type Source interface {
	ByEmail(ctx context.Context, email string) ([]sdk.ESIM, error)
	Info(ctx context.Context, iccid string) ([]sdk.ESIMBundle, error)
}

// Config carries what the screen needs. User returns the logged-in customer (the root
// reads it from the stored token's claims, else the current-user call).
type Config struct {
	Source Source
	User   func(ctx context.Context) (sdk.CurrentUser, error)
	Styles theme.Styles
	Keys   KeyMap
	// Now is the clock of the usage notices; time.Now when nil.
	Now func() time.Time
}

var tabNames = [...]string{"Active eSIM", "Expired eSIM", "Purchase History"}

const barWidth = 20

type (
	loadedMsg struct {
		user  sdk.CurrentUser
		esims []sdk.ESIM
		err   error
	}
	infoMsg struct {
		iccid   string
		bundles []sdk.ESIMBundle
		err     error
	}
)

// ExpiredHint follows the expiry of the session.
const ExpiredHint = "Press enter to log in again."

// Model is the My eSIMs screen.
type Model struct {
	ctx context.Context
	cfg Config

	user    sdk.CurrentUser
	esims   []sdk.ESIM
	tabs    [3][]show.Entry
	loading bool
	err     string
	expired bool // the server refused the session: enter logs in again
	spin    spin.Model
	list    list.Model

	info        map[string][]sdk.ESIMBundle // by ICCID, from the info call
	infoLoading map[string]bool
	infoErr     map[string]string

	tab           int
	expanded      int // index in the current tab, -1 when none
	width, height int
}

// New builds the screen; Init loads the customer's eSIMs.
func New(ctx context.Context, cfg Config) Model {
	m := Model{ctx: ctx, cfg: cfg, expanded: -1, width: 80, height: 24, loading: true,
		info: map[string][]sdk.ESIMBundle{}, infoLoading: map[string]bool{}, infoErr: map[string]string{},
		spin: spin.New(), list: list.New(0, cfg.Keys.List, list.DefaultStyles(cfg.Styles))}
	return m.layout()
}

// Init loads the user and their eSIMs (New marked the screen as loading).
func (m Model) Init() tea.Cmd { return m.loader() }

func (m *Model) load() tea.Cmd {
	m.loading, m.err = true, ""
	return m.loader()
}

func (m Model) loader() tea.Cmd {
	ctx, cfg := m.ctx, m.cfg
	return tea.Batch(m.spin.Start(), func() tea.Msg {
		u, err := cfg.User(ctx)
		if err != nil {
			return loadedMsg{err: err}
		}
		list, err := cfg.Source.ByEmail(ctx, u.Email)
		return loadedMsg{user: u, esims: list, err: err}
	})
}

// SetSize tells the screen the space it has.
func (m Model) SetSize(w, h int) Model { m.width, m.height = w, h; return m.layout() }

// Capturing is false: the screen has no text field.
func (m Model) Capturing() bool { return false }

// KeyMap returns the bindings for the help bar.
func (m Model) KeyMap() help.KeyMap {
	k := m.cfg.Keys
	k.failed, k.expired = m.list.Status() == list.Failed, m.expired
	return k
}

func (m Model) busy() bool {
	if m.loading {
		return true
	}
	for _, v := range m.infoLoading {
		if v {
			return true
		}
	}
	return false
}

// Update handles messages.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if sp, cmd, ok := m.spin.Update(msg, m.busy()); ok {
		m.spin = sp
		if cmd != nil {
			m = m.layout() // the loading lines show the new frame
		}
		return m, cmd
	}
	switch msg := msg.(type) {
	case loadedMsg:
		m.loading = false
		if msg.err != nil {
			m.err = show.LoadError(msg.err)
			// The expiry is said here first, and enter logs in: switching to the login
			// screen at once sent the next key (r, to retry) into its e-mail field.
			m.expired = errors.Is(msg.err, sdk.ErrSessionExpired)
			return m.layout(), nil
		}
		m.expired = false
		m.user, m.esims = msg.user, msg.esims
		m.tabs = show.ProfileTabs(msg.esims)
		m.expanded = -1
		return m.layout(), nil
	case infoMsg:
		m.infoLoading[msg.iccid] = false
		if msg.err != nil {
			m.infoErr[msg.iccid] = show.LoadError(msg.err)
			return m.layout(), nil
		}
		delete(m.infoErr, msg.iccid)
		m.info[msg.iccid] = msg.bundles
		return m.layout(), nil
	case tea.KeyMsg:
		return m.updateKey(msg)
	}
	return m, nil
}

func (m Model) updateKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.cfg.Keys
	entries := m.tabs[m.tab]
	switch {
	case key.Matches(msg, k.NextTab), key.Matches(msg, k.PrevTab):
		d := 1
		if key.Matches(msg, k.PrevTab) {
			d = len(tabNames) - 1
		}
		m.tab = (m.tab + d) % len(tabNames)
		m.expanded = -1
		m.list = m.list.Top()
		return m.layout(), nil
	case m.expired && key.Matches(msg, k.Login):
		return m, func() tea.Msg { return nav.LoginMsg{Expired: true} }
	case key.Matches(msg, k.Reload):
		m.info, m.infoErr = map[string][]sdk.ESIMBundle{}, map[string]string{}
		cmd := m.load()
		return m.layout(), cmd
	case key.Matches(msg, k.Back):
		return m, func() tea.Msg { return nav.BackMsg{} }
	}
	cur := m.list.Cursor()
	if m.loading || m.err != "" || cur >= len(entries) {
		return m, nil
	}
	e := entries[cur]
	switch {
	case key.Matches(msg, k.Expand):
		if m.expanded == cur {
			m.expanded = -1
			return m.layout(), nil
		}
		m.expanded = cur
		if _, ok := m.info[e.ESIM.ICCID]; ok || m.infoLoading[e.ESIM.ICCID] {
			return m.layout(), nil
		}
		m.infoLoading[e.ESIM.ICCID] = true
		ctx, src, iccid := m.ctx, m.cfg.Source, e.ESIM.ICCID
		return m.layout(), tea.Batch(m.spin.Start(), func() tea.Msg {
			b, err := src.Info(ctx, iccid)
			return infoMsg{iccid, b, err}
		})
	case key.Matches(msg, k.QR):
		es := e.ESIM
		return m, func() tea.Msg { return nav.ShowQRMsg{ESIM: es} }
	case key.Matches(msg, k.Topup):
		if !diagnose.TopupAllowed(e.Bundle) {
			return m, nil
		}
		t := nav.TopupMsg{ESIM: e.ESIM, Provider: e.Bundle.ThirdPartyProvider}
		t.Origin = profile.TopupOrigin(e.Bundle.Countries, func(c sdk.Country) string { return c.ISOCode }, func(c sdk.Country) string { return c.Name })
		return m, func() tea.Msg { return t }
	}
	var cmd tea.Cmd
	m.list, cmd = m.list.Update(msg)
	return m, cmd
}

// entryLines renders one entry, and its details when expanded.
func (m Model) entryLines(i int, e show.Entry, focused bool) []string {
	st := m.cfg.Styles
	b := e.Bundle
	state := string(b.BundleState)
	lines := []string{st.Cursor(focused) + st.Heading.Render(b.DisplayName()) + "  " + st.Muted.Render(state)}
	lines = append(lines, "    ICCID "+e.ESIM.ICCID+"   Purchased "+orDash(show.DateTime(b.AssignmentDatetime)))
	lines = append(lines, "    "+usage(st, b))
	if n := m.notice(b); n != "" {
		lines = append(lines, "    "+st.Error.Render(n))
	}
	if diagnose.TopupAllowed(b) {
		lines[0] += "  " + st.Success.Render("[top-up available]")
	}
	if i != m.expanded {
		return lines
	}
	iccid := e.ESIM.ICCID
	switch {
	case m.infoLoading[iccid]:
		lines = append(lines, "    "+m.spin.View()+" Loading...")
	case m.infoErr[iccid] != "":
		lines = append(lines, "    "+st.Error.Render(m.infoErr[iccid]))
	default:
		d := b
		for _, ib := range m.info[iccid] {
			if ib.BundleID == b.BundleID {
				d = ib
			}
		}
		lines = append(lines,
			"    Status   "+string(d.BundleState),
			"    Start    "+orDash(show.DateTime(d.StartTime)),
			"    End      "+orDash(show.DateTime(d.EndTime)),
			"    Usage    "+usage(st, d),
		)
		if len(d.Countries) > 0 || len(d.RoamingCountries) > 0 {
			names := make([]string, 0, len(d.Countries)+len(d.RoamingCountries))
			for _, c := range show.Coverage(append(append([]sdk.Country{}, d.Countries...), d.RoamingCountries...)) {
				names = append(names, c.Name)
			}
			lines = append(lines, "    Coverage "+strings.Join(dedupe(names), ", "))
		}
	}
	return lines
}

// notice says why an Active bundle needs attention (the web shop's rule, sdk/usage): most
// of its data used, or its end near; with the way to top up when it can be.
func (m Model) notice(b sdk.ESIMBundle) string {
	now := time.Now
	if m.cfg.Now != nil {
		now = m.cfg.Now
	}
	n := sdkusage.NoticeFor(b, now())
	var parts []string
	if n.LowData {
		parts = append(parts, format.Consumption(b.InitialQuantity, b.RemainingQuantity, false)+" of the data used")
	}
	if n.ExpiresSoon {
		parts = append(parts, "ends within 24 hours")
	}
	if len(parts) == 0 {
		return ""
	}
	out := "! " + strings.Join(parts, ", ")
	if diagnose.TopupAllowed(b) {
		out += ": press t to top up"
	}
	return out
}

func usage(st theme.Styles, b sdk.ESIMBundle) string {
	p := 0.0
	if !b.Unlimited {
		p = show.UsagePercent(b.InitialQuantity, b.RemainingQuantity)
	}
	return st.Bar(p, barWidth) + " " + show.Usage(b)
}

func (m Model) header() []string {
	st := m.cfg.Styles
	title := st.Title.Render("My eSIMs")
	if n := strings.TrimSpace(m.user.FirstName + " " + m.user.LastName); n != "" && m.user.FirstName != "" && m.user.LastName != "" {
		title += "  Welcome, " + n
	}
	return []string{title, st.Tabs(tabNames[:], m.tab), ""}
}

// layout puts the entries of the current tab into the list and sets its status.
func (m Model) layout() Model {
	entries := m.tabs[m.tab]
	rows := make([]list.Row, len(entries))
	for i, e := range entries {
		n := len(m.entryLines(i, e, false)) + 1 // a blank line after each entry
		rows[i] = list.Row{Height: n, Items: 1, View: func(focus int) string {
			return strings.Join(m.entryLines(i, e, focus == 0), "\n") + "\n"
		}}
	}
	status := list.Ready
	switch {
	case m.loading:
		status = list.Loading
	case m.err != "":
		status = list.Failed
	}
	hint := ""
	if m.expired {
		hint = ExpiredHint
	}
	m.list = m.list.SetStatus(status, m.err).SetFailHint(hint).WithSpinner(m.spin.View()).
		SetSize(m.width, max(1, m.height-len(m.header()))).SetRows(rows)
	return m
}

// View renders the screen.
func (m Model) View() string {
	lines := m.header()
	for i := range lines {
		lines[i] = ansi.Truncate(lines[i], m.width, "…")
	}
	return strings.TrimRight(strings.Join(append(lines, m.list.Lines()...), "\n"), "\n")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func dedupe(in []string) []string {
	seen := map[string]bool{}
	out := in[:0]
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
