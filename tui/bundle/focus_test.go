package bundle

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/theme"
)

// TestFocusCycle presses every key at every scroll position of the coverage list of a
// global bundle (many countries) in a short window: no panic, and the list stays within
// its window.
func TestFocusCycle(t *testing.T) {
	b := fixtureBundle(t, "global", "listAreaBundles.global/success")
	base := New(b, DefaultStyles(theme.New()), DefaultKeyMap(), false).SetSize(80, 14)
	var states []tuitest.State[Model]
	for i := range base.coverageLines() {
		states = append(states, tuitest.State[Model]{Name: fmt.Sprintf("scrolled-%d", i), Reach: func(t *testing.T) Model {
			m := base
			for range i {
				m = tuitest.Press(t, m, "down")
			}
			return m
		}})
	}
	tuitest.Explore(t, states, func(t *testing.T, state, key string, _, after Model) {
		if n := strings.Count(after.View(), "\n") + 1; n > 14 {
			t.Errorf("%s: after %s the screen has %d lines in a window of 14:\n%s", state, key, n, after.View())
		}
	})
}
