package tui

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
)

// KeyMap are the bindings that work on every screen. It implements help.KeyMap.
type KeyMap struct {
	Quit, ForceQuit, Help, Plans, Profile, Agent key.Binding
}

// DefaultKeyMap returns the global bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Quit:      key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		ForceQuit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "more keys")),
		Plans:     key.NewBinding(key.WithKeys("1"), key.WithHelp("1", "plans")),
		Profile:   key.NewBinding(key.WithKeys("2"), key.WithHelp("2", "my eSIMs")),
		// Agent is enabled when the session is an agent's.
		Agent: key.NewBinding(key.WithKeys("3"), key.WithHelp("3", "agent"), key.WithDisabled()),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Quit, k.Help} }

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Plans, k.Profile, k.Agent}, {k.Quit, k.ForceQuit, k.Help}}
}

// helpKeys joins a screen's bindings with the global ones for the help bar. When the
// screen is typing into a field, only ctrl+c quits, and the bar says so.
type helpKeys struct {
	screen    help.KeyMap
	global    KeyMap
	capturing bool
}

func (h helpKeys) ShortHelp() []key.Binding {
	g := []key.Binding{h.global.Quit, h.global.Help}
	if h.capturing {
		g = []key.Binding{h.global.ForceQuit}
	}
	return append(h.screen.ShortHelp(), g...)
}

func (h helpKeys) FullHelp() [][]key.Binding {
	g := h.global.FullHelp()
	if h.capturing {
		g = [][]key.Binding{{h.global.ForceQuit}}
	}
	return append(h.screen.FullHelp(), g...)
}
