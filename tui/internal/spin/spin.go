// Package spin is the spinner every TUI screen shows while a call is under way: it ticks
// only while its owner is busy, so an idle screen schedules no timers.
package spin

import (
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
)

// Model wraps a bubbles spinner.
type Model struct{ s spinner.Model }

// New returns a line spinner (plain ASCII frames, readable without colour).
func New() Model { return Model{spinner.New(spinner.WithSpinner(spinner.Line))} }

// Start returns the command of the first tick.
func (m Model) Start() tea.Cmd { return m.s.Tick }

// Update advances the spinner on one of its own ticks while busy; it reports whether msg
// was a spinner tick at all, so callers can return early.
func (m Model) Update(msg tea.Msg, busy bool) (Model, tea.Cmd, bool) {
	t, ok := msg.(spinner.TickMsg)
	if !ok {
		return m, nil, false
	}
	if t.ID != m.s.ID() || !busy {
		return m, nil, true // a tick of another spinner, or the end of this one's chain
	}
	var cmd tea.Cmd
	m.s, cmd = m.s.Update(t)
	return m, cmd, true
}

// View is the current frame.
func (m Model) View() string { return m.s.View() }

// Owns reports whether msg is a tick of this spinner.
func (m Model) Owns(msg tea.Msg) bool {
	t, ok := msg.(spinner.TickMsg)
	return ok && t.ID == m.s.ID()
}
