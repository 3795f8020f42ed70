package agent

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/cedarsim/esim/tui/internal/tuitest"
)

func canTopup(context.Context, string, string) (bool, error) { return true, nil }

// TestFocusCycle presses every key in the e-mail field (empty, typed, back to it after a
// lookup), on every eSIM of the customer, in each eSIM's verdict (with and without the
// reply), and after failed calls: no panic, the cursor stays on an eSIM, and the field
// has the focus exactly when the tab says it is typing.
func TestFocusCycle(t *testing.T) {
	src := tuitest.ESIMSource{List: tuitest.ESIMs(t)}
	fresh := func(src Source) Model { return New(context.Background(), config(src, canTopup)) }
	found := func(t *testing.T) Model { return lookup(t, fresh(src), tuitest.RegisteredEmail) }
	states := []tuitest.State[Model]{
		{Name: "field-empty", Reach: func(t *testing.T) Model { return fresh(src) }},
		{Name: "field-typed", Reach: func(t *testing.T) Model { return tuitest.Type(t, fresh(src), "rana@") }},
		{Name: "field-again", Reach: func(t *testing.T) Model { return tuitest.Press(t, found(t), "e") }},
		{Name: "lookup-failed", Reach: func(t *testing.T) Model {
			return lookup(t, fresh(&fake{err: errors.New("HTTP 500")}), tuitest.RegisteredEmail)
		}},
		{Name: "no-esims", Reach: func(t *testing.T) Model { return lookup(t, fresh(&fake{}), "karim@example.com") }},
		{Name: "verdict-failed", Reach: func(t *testing.T) Model {
			f := &fake{esims: src.List}
			m := lookup(t, fresh(f), tuitest.RegisteredEmail)
			f.err = errors.New("HTTP 500")
			return tuitest.Press(t, m, "enter")
		}},
	}
	for i := range src.List {
		for _, step := range [][]string{nil, {"enter"}, {"enter", "y"}} {
			states = append(states, tuitest.State[Model]{Name: fmt.Sprintf("esim-%d-%v", i, step), Reach: func(t *testing.T) Model {
				m := found(t)
				m.list = m.list.SetCursor(i)
				return tuitest.Press(t, m, step...)
			}})
		}
	}
	tuitest.Explore(t, states, func(t *testing.T, state, key string, before, after Model) {
		if n := len(after.customer.ESIMs); n > 0 && after.list.Cursor() >= n {
			t.Errorf("%s: after %s the cursor is %d of %d eSIMs", state, key, after.list.Cursor(), n)
		}
		if after.input.Focused() != after.typing {
			t.Errorf("%s: after %s the field focused=%v while typing=%v", state, key, after.input.Focused(), after.typing)
		}
	})
}
