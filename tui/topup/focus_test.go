package topup

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/theme"
)

// TestFocusCycle presses every key on every card of the list, with the selection failing
// or not, and on a failed list: no panic, and the cursor stays on a card.
func TestFocusCycle(t *testing.T) {
	c := tuitest.Client(t, tuitest.RegisteredSession(t), "listAreaBundles.topup/success")
	tgt := target(t)
	bundles, err := c.Catalog.TopupBundles(context.Background(), tgt.Origin, tgt.ESIM.ICCID, tgt.Provider)
	if err != nil || len(bundles) == 0 {
		t.Fatalf("top-up bundles: %d, %v", len(bundles), err)
	}
	build := func(t *testing.T, listErr, selErr error) Model {
		m := New(context.Background(), tgt, Config{
			Bundles: func(context.Context, string, string, int) ([]sdk.Bundle, error) { return bundles, listErr },
			Select: func(context.Context, string, string, int) (string, error) {
				return "bundle-id", selErr
			},
			SupportPhone: phone, SupportEmail: email, Styles: theme.New(), Keys: DefaultKeyMap()})
		return tuitest.Drain(t, m, m.Init())
	}
	var states []tuitest.State[Model]
	for i := range bundles {
		for _, selErr := range []error{nil, errors.New("HTTP 500")} {
			states = append(states, tuitest.State[Model]{Name: fmt.Sprintf("card-%d-select-err-%v", i, selErr != nil), Reach: func(t *testing.T) Model {
				m := build(t, nil, selErr)
				m.list = m.list.SetCursor(i)
				return m
			}})
		}
	}
	states = append(states,
		tuitest.State[Model]{Name: "refused", Reach: func(t *testing.T) Model {
			return tuitest.Press(t, build(t, nil, errors.New("HTTP 500")), "enter")
		}},
		tuitest.State[Model]{Name: "list-failed", Reach: func(t *testing.T) Model { return build(t, errors.New("HTTP 500"), nil) }},
	)
	tuitest.Explore(t, states, func(t *testing.T, state, key string, _, after Model) {
		if n := len(after.bundles); n > 0 && after.list.Cursor() >= n {
			t.Errorf("%s: after %s the cursor is %d of %d cards", state, key, after.list.Cursor(), n)
		}
	})
}
