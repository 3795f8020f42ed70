package otp

import "github.com/charmbracelet/bubbles/key"

// KeyMap are the code step's bindings. It implements help.KeyMap. Back (esc when nothing
// is under way) is the owning screen's: it returns to its form.
type KeyMap struct {
	Submit, Resend, Cancel, Back key.Binding

	waiting bool
}

// DefaultKeyMap returns the code step's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Submit: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "submit")),
		Resend: key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "resend code")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel the captcha")),
		Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding {
	if k.waiting {
		return []key.Binding{k.Cancel}
	}
	return []key.Binding{k.Submit, k.Resend, k.Back}
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }
