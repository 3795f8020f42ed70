package agent

import (
	"github.com/cedarsim/esim/sdk/diagnose"
	"github.com/cedarsim/esim/tui/list"
	"github.com/cedarsim/esim/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
)

// KeyMap are the agent tab's bindings. It implements help.KeyMap. Moving through the
// eSIMs and the checklist is the shared list's (List).
type KeyMap struct {
	List                                       list.KeyMap
	Lookup, Edit, Diagnose, Reply, Retry, Back key.Binding
	CopyReply, WhatsApp                        key.Binding

	typing, verdict, failed, copy bool
}

// DefaultKeyMap returns the agent tab's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		List:      list.DefaultKeyMap(),
		Lookup:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "look up")),
		Edit:      key.NewBinding(key.WithKeys("e", "/"), key.WithHelp("e", "change e-mail")),
		Diagnose:  key.NewBinding(key.WithKeys("enter", "d"), key.WithHelp("enter", "diagnose")),
		Reply:     key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "ready reply")),
		Retry:     key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "retry")),
		Back:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		CopyReply: key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "copy reply")),
		WhatsApp:  key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "copy WhatsApp link")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding {
	switch {
	case k.typing:
		return []key.Binding{k.Lookup, k.Back}
	case k.failed:
		return []key.Binding{k.Retry, k.Edit, k.Back}
	case k.verdict && k.copy:
		return []key.Binding{k.Reply, k.CopyReply, k.WhatsApp, k.Back}
	case k.verdict:
		return []key.Binding{k.List.Move(), k.Reply, k.Back}
	}
	return []key.Binding{k.List.Move(), k.Diagnose, k.Edit, k.Back}
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	if k.typing {
		return [][]key.Binding{{k.Lookup, k.Back}}
	}
	l := k.List
	return [][]key.Binding{{l.Up, l.Down, l.PageUp, l.PageDown}, {k.Diagnose, k.Reply, k.Edit}, {k.CopyReply, k.WhatsApp}, {k.Retry, k.Back}}
}

// Styles of the agent tab.
type Styles struct {
	theme.Styles
	State            lipgloss.Style
	Pass, Warn, Fail lipgloss.Style
}

// DefaultStyles builds the tab's styles on the shared theme.
func DefaultStyles(t theme.Styles) Styles {
	return Styles{Styles: t, State: lipgloss.NewStyle().Bold(true),
		Pass: t.Success, Warn: lipgloss.NewStyle().Bold(true), Fail: t.Error.Bold(true)}
}

// mark is a check's status in brackets, readable without colour.
func (s Styles) mark(st diagnose.Status) string {
	switch st {
	case diagnose.Pass:
		return s.Pass.Render("[ ok ]")
	case diagnose.Warn:
		return s.Warn.Render("[warn]")
	case diagnose.Fail:
		return s.Fail.Render("[FAIL]")
	}
	return s.Muted.Render("[info]")
}
