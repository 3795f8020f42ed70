package plans

import (
	"github.com/cedarsim/esim/tui/list"
	"github.com/charmbracelet/bubbles/key"
)

// KeyMap are the plans browser's bindings. It implements help.KeyMap. Moving through the
// areas and cards is the shared list's (List).
type KeyMap struct {
	List                  list.KeyMap
	NextTab, PrevTab      key.Binding
	Open                  key.Binding
	Search, Clear, Reload key.Binding
	// While the search box has focus.
	Pick, Leave, Unpick key.Binding

	searching, failed bool
}

// DefaultKeyMap returns the bindings of the plans browser.
func DefaultKeyMap() KeyMap {
	l := list.DefaultKeyMap()
	l.Left.SetHelp("←/h", "previous card")
	l.Right.SetHelp("→/l", "next card")
	return KeyMap{
		List:    l,
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
	switch {
	case k.searching:
		return []key.Binding{k.List.Move(), k.Pick, k.Unpick, k.Leave}
	case k.failed:
		retry := k.Reload
		retry.SetHelp("r", "retry")
		return []key.Binding{retry, k.NextTab, k.Search}
	}
	return []key.Binding{k.List.Move(), k.Open, k.NextTab, k.Search}
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	if k.searching {
		return [][]key.Binding{{k.List.Up, k.List.Down}, {k.Pick, k.Unpick, k.Leave}}
	}
	l := k.List
	// Page and home/end keys work too; the bar lists the ones a first-time user needs.
	return [][]key.Binding{{l.Up, l.Down, l.Left, l.Right}, {k.Open, k.NextTab, k.PrevTab}, {k.Search, k.Clear, k.Reload}}
}
