package esims

import (
	"github.com/cedarsim/esim/tui/list"
	"github.com/charmbracelet/bubbles/key"
)

// KeyMap are the My eSIMs screen's bindings. It implements help.KeyMap. Moving through the
// entries is the shared list's (List).
type KeyMap struct {
	List                                              list.KeyMap
	NextTab, PrevTab, Expand, QR, Topup, Reload, Back key.Binding
	Login                                             key.Binding // after the session expired

	failed, expired bool
}

// DefaultKeyMap returns the My eSIMs bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		List:    list.DefaultKeyMap(),
		NextTab: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "tabs")),
		PrevTab: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous tab")),
		Expand:  key.NewBinding(key.WithKeys("enter", " "), key.WithHelp("enter", "details")),
		QR:      key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "QR")),
		Topup:   key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "top up")),
		Reload:  key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reload")),
		Back:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Login:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "log in")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding {
	if k.expired {
		return []key.Binding{k.Login, k.Back}
	}
	if k.failed {
		retry := k.Reload
		retry.SetHelp("r", "retry")
		return []key.Binding{retry, k.Back}
	}
	return []key.Binding{k.List.Move(), k.Expand, k.NextTab, k.QR, k.Topup}
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	l := k.List
	return [][]key.Binding{{l.Up, l.Down, l.PageUp, l.PageDown, l.Home, l.End}, {k.NextTab, k.PrevTab},
		{k.Expand, k.QR, k.Topup}, {k.Reload, k.Back}}
}
