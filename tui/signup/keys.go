package signup

import (
	"github.com/cedarsim/esim/tui/otp"
	"github.com/cedarsim/esim/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
)

// KeyMap are the sign-up screen's bindings. It implements help.KeyMap. Code are the code
// step's.
type KeyMap struct {
	Submit, Next, Prev, Toggle, Back key.Binding
	Code                             otp.KeyMap
}

// DefaultKeyMap returns the sign-up screen's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Submit: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send code")),
		Next:   key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab", "next field")),
		Prev:   key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab/↑", "previous field")),
		Toggle: key.NewBinding(key.WithKeys(" "), key.WithHelp("space", "tick")),
		Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Code:   otp.DefaultKeyMap(),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Submit, k.Next, k.Toggle, k.Back} }

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Submit, k.Next, k.Prev}, {k.Toggle, k.Back}}
}

// Styles of the sign-up screen.
type Styles struct {
	theme.Styles
	Label lipgloss.Style
}

// DefaultStyles builds the screen's styles on the shared theme.
func DefaultStyles(t theme.Styles) Styles {
	return Styles{Styles: t, Label: t.Muted.Width(labelWidth)}
}
