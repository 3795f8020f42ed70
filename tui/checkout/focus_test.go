package checkout

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/theme"
)

// TestFocusCycle presses every key in each state of the checkout (before paying, refused,
// with the link, watching, timed out, paid, browser failed): no panic, and the link, once
// given, stays.
func TestFocusCycle(t *testing.T) {
	b := bundle(t)
	user := func(context.Context) (sdk.CurrentUser, error) {
		return sdk.CurrentUser{Email: tuitest.RegisteredEmail}, nil
	}
	build := func(payErr, openErr error, l *esimList, limit time.Duration) Model {
		cfg := Config{
			Checkout: func(context.Context, sdk.CheckoutRequest) (*sdk.CheckoutResult, error) {
				if payErr != nil {
					return nil, payErr
				}
				return &sdk.CheckoutResult{CheckoutURL: "https://pay.example/c/1"}, nil
			},
			User: user, Open: func(string) error { return openErr }, Styles: theme.New(), Keys: DefaultKeyMap(),
			PollEvery: time.Millisecond, PollFor: limit,
		}
		if l != nil {
			cfg.ESIMs = l.list
		}
		return New(context.Background(), b, cfg)
	}
	states := []tuitest.State[Model]{
		{Name: "summary", Reach: func(*testing.T) Model { return build(nil, nil, nil, 0) }},
		{Name: "refused", Reach: func(t *testing.T) Model {
			return tuitest.Press(t, build(&sdk.APIError{Status: 400, Detail: "no"}, nil, nil, 0), "enter")
		}},
		{Name: "link", Reach: func(t *testing.T) Model { return tuitest.Press(t, build(nil, nil, nil, 0), "enter") }},
		{Name: "browser-failed", Reach: func(t *testing.T) Model {
			return tuitest.Press(t, build(nil, errors.New("no browser"), nil, 0), "enter", "o")
		}},
		{Name: "timed-out", Reach: func(t *testing.T) Model {
			return reached(t, tuitest.Press(t, build(nil, nil, &esimList{}, time.Nanosecond), "enter"), watchTimeout)
		}},
		{Name: "paid", Reach: func(t *testing.T) Model {
			return reached(t, tuitest.Press(t, build(nil, nil, &esimList{after: 2}, time.Minute), "enter"), watchDone)
		}},
	}
	tuitest.Explore(t, states, func(t *testing.T, state, key string, before, after Model) {
		if before.url != "" && after.url != before.url {
			t.Errorf("%s: %s changed the link from %q to %q", state, key, before.url, after.url)
		}
	})
}

func reached(t *testing.T, m Model, watch int) Model {
	t.Helper()
	if m.watch != watch {
		t.Fatalf("watch state %d, want %d", m.watch, watch)
	}
	return m
}
