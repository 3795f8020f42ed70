package esims

import (
	"context"
	"fmt"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/theme"
)

// TestFocusCycle presses every key on every entry of every tab, with the entry's details
// open or not, and on a failed list: no panic, the cursor stays on an entry, and tab /
// shift+tab cycle the three tabs.
func TestFocusCycle(t *testing.T) {
	src := tuitest.ESIMSource{List: tuitest.ESIMs(t)}
	user := func(context.Context) (sdk.CurrentUser, error) {
		return sdk.CurrentUser{Email: tuitest.RegisteredEmail, FirstName: "Rana", LastName: "Haddad"}, nil
	}
	build := func(t *testing.T, src Source) Model {
		m := New(context.Background(), Config{Source: src, User: user, Styles: theme.New(), Keys: DefaultKeyMap()})
		return tuitest.Drain(t, m, m.Init())
	}
	base := build(t, src)
	var states []tuitest.State[Model]
	for tab := range tabNames {
		for i := range len(base.tabs[tab]) {
			for _, open := range []bool{false, true} {
				states = append(states, tuitest.State[Model]{
					Name: fmt.Sprintf("tab-%d-entry-%d-open-%v", tab, i, open),
					Reach: func(t *testing.T) Model {
						m := build(t, src)
						for range tab {
							m = tuitest.Press(t, m, "tab")
						}
						m.list = m.list.SetCursor(i)
						if open {
							m = tuitest.Press(t, m, "enter")
						}
						return m
					},
				})
			}
		}
	}
	states = append(states, tuitest.State[Model]{Name: "failed", Reach: func(t *testing.T) Model {
		return build(t, &failing{})
	}})
	if len(states) < 4 {
		t.Fatalf("the fixture gives only %d states", len(states))
	}
	tuitest.Explore(t, states, func(t *testing.T, state, key string, before, after Model) {
		if n := len(after.tabs[after.tab]); n > 0 && after.list.Cursor() >= n {
			t.Errorf("%s: after %s the cursor is %d of %d entries", state, key, after.list.Cursor(), n)
		}
		want := -1
		switch key {
		case "tab":
			want = (before.tab + 1) % len(tabNames)
		case "shift+tab":
			want = (before.tab + len(tabNames) - 1) % len(tabNames)
		}
		if want >= 0 && after.tab != want {
			t.Errorf("%s: %s moved from tab %d to %d, want %d", state, key, before.tab, after.tab, want)
		}
	})
}
