package esims

import "github.com/charmbracelet/bubbles/key"

// KeyMap are the My eSIMs screen's bindings. It implements help.KeyMap.
type KeyMap struct {
	Up, Down, NextTab, PrevTab, Expand, QR, Topup, Reload, Back key.Binding
}

// DefaultKeyMap returns the My eSIMs bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:      key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:    key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		NextTab: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "tabs")),
		PrevTab: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous tab")),
		Expand:  key.NewBinding(key.WithKeys("enter", " "), key.WithHelp("enter", "details")),
		QR:      key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "QR")),
		Topup:   key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "top up")),
		Reload:  key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reload")),
		Back:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{move(), k.Expand, k.NextTab, k.QR, k.Topup}
}

// move stands for up and down in the short help, to keep the bar on one line.
func move() key.Binding {
	return key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "move"))
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.NextTab, k.PrevTab}, {k.Expand, k.QR, k.Topup}, {k.Reload, k.Back}}
}
