package list

import "github.com/charmbracelet/bubbles/key"

// KeyMap are the list's bindings. It implements help.KeyMap; screens put its bindings in
// their own help.
type KeyMap struct {
	Up, Down, Left, Right key.Binding
	PageUp, PageDown      key.Binding
	Home, End             key.Binding
	Retry                 key.Binding

	failed bool
}

// DefaultKeyMap returns the list's bindings. Left and right move between the items of a
// row (cards); in a list of one item per row they act as up and down would not.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Left:     key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "previous")),
		Right:    key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "next")),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Home:     key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g/home", "first")),
		End:      key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G/end", "last")),
		Retry:    key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "retry")),
	}
}

// Move stands for up and down in a short help, to keep the bar on one line.
func (k KeyMap) Move() key.Binding {
	return key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "move"))
}

// ShortHelp implements help.KeyMap: retry when the list failed, else move.
func (k KeyMap) ShortHelp() []key.Binding {
	if k.failed {
		return []key.Binding{k.Retry}
	}
	return []key.Binding{k.Move()}
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Left, k.Right}, {k.PageUp, k.PageDown, k.Home, k.End}, {k.Retry}}
}
