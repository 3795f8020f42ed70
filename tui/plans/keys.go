package plans

import "github.com/charmbracelet/bubbles/key"

// KeyMap are the plans browser's bindings. It implements help.KeyMap.
type KeyMap struct {
	Up, Down, Left, Right key.Binding
	NextTab, PrevTab      key.Binding
	Open                  key.Binding
	Search, Clear, Reload key.Binding
	// While the search box has focus.
	Pick, Leave, Unpick key.Binding

	searching bool
}

// DefaultKeyMap returns the bindings of the plans browser.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:      key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:    key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Left:    key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "previous card")),
		Right:   key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "next card")),
		NextTab: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "tabs")),
		PrevTab: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous tab")),
		Open:    key.NewBinding(key.WithKeys("enter", " "), key.WithHelp("enter", "open")),
		Search:  key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search")),
		Clear:   key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "clear search")),
		Reload:  key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reload")),
		Pick:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "select country")),
		Leave:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "leave search")),
		Unpick:  key.NewBinding(key.WithKeys("backspace"), key.WithHelp("⌫", "remove last")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding {
	if k.searching {
		return []key.Binding{move(), k.Pick, k.Unpick, k.Leave}
	}
	return []key.Binding{move(), k.Open, k.NextTab, k.Search}
}

// move stands for up and down in the short help, to keep the bar on one line.
func move() key.Binding {
	return key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "move"))
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	if k.searching {
		return [][]key.Binding{{k.Up, k.Down}, {k.Pick, k.Unpick, k.Leave}}
	}
	return [][]key.Binding{{k.Up, k.Down, k.Left, k.Right}, {k.Open, k.NextTab, k.PrevTab}, {k.Search, k.Clear, k.Reload}}
}
