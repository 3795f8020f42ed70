package login

import (
	"github.com/cedarsim/esim/tui/otp"
	"github.com/charmbracelet/bubbles/key"
)

// KeyMap are the login screen's bindings. It implements help.KeyMap. Code are the code
// step's.
type KeyMap struct {
	Submit, Focus, Toggle, Signup, Back key.Binding
	Code                                otp.KeyMap
}

// DefaultKeyMap returns the login screen's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Submit: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "submit")),
		Focus:  key.NewBinding(key.WithKeys("tab", "shift+tab"), key.WithHelp("tab", "next field")),
		Toggle: key.NewBinding(key.WithKeys(" "), key.WithHelp("space", "tick")),
		Signup: key.NewBinding(key.WithKeys("ctrl+n"), key.WithHelp("ctrl+n", "sign up")),
		Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Code:   otp.DefaultKeyMap(),
	}
}

// ShortHelp implements help.KeyMap (esc is in the full help, to keep the bar at 80
// columns).
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Submit, k.Focus, k.Toggle, k.Signup}
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Submit, k.Focus, k.Toggle}, {k.Signup, k.Back}}
}
