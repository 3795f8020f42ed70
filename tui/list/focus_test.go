package list

import (
	"fmt"
	"testing"

	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"
)

// TestFocusCycle presses every key at every item of a list of uneven rows (a header, rows
// of 3, 1 and 2 cards, a note) in a window smaller than the list, and in a list without
// items: no panic, the cursor stays on an item, and its row stays in the window.
func TestFocusCycle(t *testing.T) {
	base := newList(grid(3, 1, 2), 40, 5)
	var states []tuitest.State[screen]
	for i := range base.Len() {
		states = append(states, tuitest.State[screen]{Name: fmt.Sprintf("item-%d", i), Reach: func(*testing.T) screen {
			return screen{base.SetCursor(i)}
		}})
	}
	states = append(states,
		tuitest.State[screen]{Name: "text", Reach: func(*testing.T) screen { return screen{newList(grid()[2:], 40, 1)} }},
		tuitest.State[screen]{Name: "failed", Reach: func(*testing.T) screen { return screen{base.SetStatus(Failed, "HTTP 500")} }},
	)
	tuitest.Explore(t, states, func(t *testing.T, state, key string, _, s screen) {
		after := s.Model
		if after.items > 0 && (after.cursor < 0 || after.cursor >= after.items) {
			t.Errorf("%s: after %s the cursor is %d of %d items", state, key, after.cursor, after.items)
		}
		if r, _ := after.Focus(); r >= 0 && (r < after.offset || !after.visible(r)) {
			t.Errorf("%s: after %s the focused row %d is off the window (offset %d)", state, key, r, after.offset)
		}
	})
}

// screen gives the list the method set of a screen.
type screen struct{ Model }

func (s screen) Update(msg tea.Msg) (screen, tea.Cmd) {
	m, cmd := s.Model.Update(msg)
	return screen{m}, cmd
}
func (s screen) KeyMap() help.KeyMap { return s.Model.KeyMap() }

// visible reports whether row r ends within the window.
func (m Model) visible(r int) bool {
	h := 0
	for i := m.offset; i <= r; i++ {
		h += m.rows[i].height()
	}
	return h <= m.height
}
