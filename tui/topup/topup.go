// Package topup lists the bundles that can top up an eSIM and runs the eligibility check
// and the server's bundle choice before the checkout.
package topup

import (
	"context"
	"errors"
	"log/slog"
	"strings"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/tui/card"
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

// Config carries the calls the screen makes. Bundles is Catalog.TopupBundles; Select is
// Client.TopupSelect (the eSIM check, then the server's choice of bundle id).
type Config struct {
	Bundles      func(ctx context.Context, origin, iccid string, provider int) ([]sdk.Bundle, error)
	Select       func(ctx context.Context, iccid, bundleName string, provider int) (string, error)
	SupportPhone string
	SupportEmail string
	Styles       theme.Styles
	Keys         KeyMap
	Emoji        bool
	Log          *slog.Logger
}

// KeyMap are the screen's bindings. It implements help.KeyMap. Moving between the cards is
// the shared list's (List), whose retry key reloads a list that failed.
type KeyMap struct {
	List      list.KeyMap
	Buy, Back key.Binding

	failed bool
}

// DefaultKeyMap returns the screen's bindings.
func DefaultKeyMap() KeyMap {
	l := list.DefaultKeyMap()
	l.Left.SetHelp("←/h", "previous card")
	l.Right.SetHelp("→/l", "next card")
	return KeyMap{
		List: l,
		Buy:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "buy this top-up")),
		Back: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding {
	if k.failed {
		return []key.Binding{k.List.Retry, k.Back}
	}
	return []key.Binding{k.List.Move(), k.Buy, k.Back} // ←/→ are in the full help
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	l := k.List
	return [][]key.Binding{{l.Up, l.Down, l.Left, l.Right}, {l.PageUp, l.PageDown, l.Home, l.End}, {k.Buy, l.Retry, k.Back}}
}

type (
	listMsg struct {
		list []sdk.Bundle
		err  error
	}
	selectedMsg struct {
		bundle   sdk.Bundle
		bundleID string
		err      error
	}
)

// Model is the top-up list.
type Model struct {
	ctx           context.Context
	cfg           Config
	target        nav.TopupMsg
	bundles       []sdk.Bundle
	loadErr       string // the list failed to load ("" when it did not)
	loading, busy bool
	spin          spin.Model
	err           string // the check or selection failed
	list          list.Model
	width, height int
}

// New lists the top-ups of the eSIM in t.
func New(ctx context.Context, t nav.TopupMsg, cfg Config) Model {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	m := Model{ctx: ctx, cfg: cfg, target: t, loading: true, width: 80, height: 24,
		spin: spin.New(), list: list.New(0, cfg.Keys.List, list.DefaultStyles(cfg.Styles))}
	return m.layout()
}

// Init loads the list.
func (m Model) Init() tea.Cmd {
	ctx, f, t := m.ctx, m.cfg.Bundles, m.target
	return tea.Batch(m.spin.Start(), func() tea.Msg {
		l, err := f(ctx, t.Origin, t.ESIM.ICCID, t.Provider)
		return listMsg{l, err}
	})
}

// SetSize tells the screen the space it has.
func (m Model) SetSize(w, h int) Model { m.width, m.height = w, h; return m.layout() }

// Capturing is false: the screen has no text field.
func (m Model) Capturing() bool { return false }

// KeyMap returns the bindings for the help bar.
func (m Model) KeyMap() help.KeyMap {
	k := m.cfg.Keys
	k.failed = m.loadErr != ""
	return k
}

// Update handles messages.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if sp, cmd, ok := m.spin.Update(msg, m.loading || m.busy); ok {
		m.spin = sp
		if cmd != nil {
			m = m.layout()
		}
		return m, cmd
	}
	switch msg := msg.(type) {
	case listMsg:
		m.loading, m.loadErr = false, ""
		if msg.err != nil {
			m.cfg.Log.Error("top-up list failed", "err", msg.err)
			m.loadErr = show.LoadError(msg.err) // told apart from an empty list, with a retry
		}
		m.bundles = msg.list
		return m.layout(), nil
	case list.RetryMsg:
		m.loading, m.loadErr = true, ""
		return m.layout(), m.Init()
	case selectedMsg:
		m.busy = false
		m = m.layout()
		if msg.err != nil {
			m.err = m.errorText(msg.err)
			return m.layout(), nil
		}
		out := nav.TopupCheckoutMsg{Bundle: msg.bundle, BundleID: msg.bundleID, TopupAccountID: m.target.ESIM.AccountID}
		return m, func() tea.Msg { return out }
	case tea.KeyMsg:
		if m.busy {
			return m, nil
		}
		k := m.cfg.Keys
		switch {
		case key.Matches(msg, k.Back):
			return m, func() tea.Msg { return nav.BackMsg{} }
		case key.Matches(msg, k.Buy) && !m.loading && m.loadErr == "" && m.list.Cursor() < len(m.bundles):
			b := m.bundles[m.list.Cursor()]
			m.busy, m.err = true, ""
			m = m.layout()
			ctx, sel, t := m.ctx, m.cfg.Select, m.target
			return m, tea.Batch(m.spin.Start(), func() tea.Msg {
				id, err := sel(ctx, t.ESIM.ICCID, b.Name, t.Provider)
				if err == nil && id == "" {
					err = errors.New("top-up selection answered without a bundle id")
				}
				return selectedMsg{b, id, err}
			})
		}
		var cmd tea.Cmd
		m.list, cmd = m.list.Update(msg)
		return m, cmd
	}
	return m, nil
}

func (m Model) errorText(err error) string {
	t := show.Message(messages.Topup, err, messages.Support{Phone: m.cfg.SupportPhone, Email: m.cfg.SupportEmail}).Text
	if t == messages.SomethingWentWrong {
		m.cfg.Log.Error("top-up failed", "err", err) // the web logs thrown errors too
	}
	return t
}

// layout puts the bundles into the list as rows of cards.
func (m Model) layout() Model {
	cs := card.DefaultStyles(m.cfg.Styles)
	per := card.PerRow(m.width - 2)
	var rows []list.Row
	for i := 0; i < len(m.bundles); i += per {
		chunk := m.bundles[i:min(len(m.bundles), i+per)]
		rows = append(rows, list.Row{Height: card.Height, Items: len(chunk), View: func(focus int) string {
			return card.Row(cs, chunk, focus, m.cfg.Emoji)
		}})
	}
	status := list.Ready
	switch {
	case m.loading:
		status = list.Loading
	case m.loadErr != "":
		status = list.Failed
	}
	room := max(1, m.height-2-m.footerHeight())
	m.list = m.list.SetStatus(status, m.loadErr).WithSpinner(m.spin.View()).SetSize(m.width, room).SetRows(rows)
	return m
}

// footer is what follows the list: the check under way, or its error.
func (m Model) footer() []string {
	st := m.cfg.Styles
	var lines []string
	if m.busy {
		lines = append(lines, "", m.spin.View()+" Checking the plan...")
	}
	if m.err != "" {
		lines = append(append(lines, ""), st.Message(st.Error, m.err, m.width)...)
	}
	return lines
}

func (m Model) footerHeight() int { return len(m.footer()) }

// View renders the list.
func (m Model) View() string {
	st := m.cfg.Styles
	lines := []string{st.Title.Render("Topup eSIM with ICCID") + " " + m.target.ESIM.ICCID, ""}
	lines = append(append(lines, m.list.Lines()...), m.footer()...)
	for i := range lines {
		lines[i] = ansi.Truncate(lines[i], m.width, "…")
	}
	return strings.Join(lines, "\n")
}
