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

// KeyMap are the screen's bindings. It implements help.KeyMap.
type KeyMap struct{ Prev, Next, Buy, Back key.Binding }

// DefaultKeyMap returns the screen's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Prev: key.NewBinding(key.WithKeys("up", "left", "k", "h"), key.WithHelp("←/↑", "previous")),
		Next: key.NewBinding(key.WithKeys("down", "right", "j", "l"), key.WithHelp("→/↓", "next")),
		Buy:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "buy this top-up")),
		Back: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Prev, k.Next, k.Buy, k.Back} }

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

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
	list          []sdk.Bundle
	loading, busy bool
	spin          spin.Model
	err           string
	cursor        int
	width, height int
}

// New lists the top-ups of the eSIM in t.
func New(ctx context.Context, t nav.TopupMsg, cfg Config) Model {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	return Model{ctx: ctx, cfg: cfg, target: t, loading: true, width: 80, height: 24,
		spin: spin.New()}
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
func (m Model) SetSize(w, h int) Model { m.width, m.height = w, h; return m }

// Capturing is false: the screen has no text field.
func (m Model) Capturing() bool { return false }

// KeyMap returns the bindings for the help bar.
func (m Model) KeyMap() help.KeyMap { return m.cfg.Keys }

// Update handles messages.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if sp, cmd, ok := m.spin.Update(msg, m.loading || m.busy); ok {
		m.spin = sp
		return m, cmd
	}
	switch msg := msg.(type) {
	case listMsg:
		m.loading = false
		if msg.err != nil {
			m.cfg.Log.Error("top-up list failed", "err", msg.err) // the list stays empty, as on the web
		}
		m.list = msg.list
		return m, nil
	case selectedMsg:
		m.busy = false
		if msg.err != nil {
			m.err = m.errorText(msg.err)
			return m, nil
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
		case key.Matches(msg, k.Prev):
			m.cursor = max(0, m.cursor-1)
		case key.Matches(msg, k.Next):
			m.cursor = max(0, min(len(m.list)-1, m.cursor+1))
		case key.Matches(msg, k.Buy) && m.cursor < len(m.list):
			b := m.list[m.cursor]
			m.busy, m.err = true, ""
			ctx, sel, t := m.ctx, m.cfg.Select, m.target
			return m, tea.Batch(m.spin.Start(), func() tea.Msg {
				id, err := sel(ctx, t.ESIM.ICCID, b.Name, t.Provider)
				if err == nil && id == "" {
					err = errors.New("top-up selection answered without a bundle id")
				}
				return selectedMsg{b, id, err}
			})
		}
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

// View renders the list.
func (m Model) View() string {
	st := m.cfg.Styles
	lines := []string{st.Title.Render("Topup eSIM with ICCID") + " " + m.target.ESIM.ICCID, ""}
	switch {
	case m.loading:
		lines = append(lines, m.spin.View()+" Loading...")
	case len(m.list) == 0:
		lines = append(lines, messages.NothingToShow)
	default:
		cs := card.DefaultStyles(st)
		per := card.PerRow(m.width - 2)
		rowOf := m.cursor / per
		rows := max(1, (m.height-len(lines)-3)/card.Height)
		first := max(0, rowOf-rows+1)
		for r := first; r < first+rows && r*per < len(m.list); r++ {
			chunk := m.list[r*per : min(len(m.list), (r+1)*per)]
			focus := -1
			if r == rowOf {
				focus = m.cursor % per
			}
			lines = append(lines, strings.Split(card.Row(cs, chunk, focus, m.cfg.Emoji), "\n")...)
		}
	}
	if m.busy {
		lines = append(lines, "", m.spin.View()+" Checking the plan...")
	}
	if m.err != "" {
		lines = append(append(lines, ""), st.Message(st.Error, m.err, m.width)...)
	}
	for i := range lines {
		lines[i] = ansi.Truncate(lines[i], m.width, "…")
	}
	return strings.Join(lines, "\n")
}
