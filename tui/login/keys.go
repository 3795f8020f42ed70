package login

import "github.com/charmbracelet/bubbles/key"

// KeyMap are the login screen's bindings. It implements help.KeyMap.
type KeyMap struct {
	Submit, Focus, Toggle, Resend, Back key.Binding

	codeStep bool
}

// DefaultKeyMap returns the login screen's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Submit: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "submit")),
		Focus:  key.NewBinding(key.WithKeys("tab", "shift+tab"), key.WithHelp("tab", "next field")),
		Toggle: key.NewBinding(key.WithKeys(" "), key.WithHelp("space", "tick the box")),
		Resend: key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "resend code")),
		Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding {
	if k.codeStep {
		return []key.Binding{k.Submit, k.Resend, k.Back}
	}
	return []key.Binding{k.Submit, k.Focus, k.Toggle, k.Back}
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }
