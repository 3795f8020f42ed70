package qrview

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/theme"
)

type failingSource struct{}

func (failingSource) QRCode(context.Context, string) ([]byte, error) {
	return nil, errors.New("HTTP 500")
}

// TestFocusCycle presses every key on the code, on a code still loading and on a failed
// fetch: no panic, and a shown code stays.
func TestFocusCycle(t *testing.T) {
	e := tuitest.ESIMs(t)[0]
	noCode := e
	noCode.LinkOnIphone, noCode.Base64QRCodeImage = "", ""
	build := func(e sdk.ESIM) Model {
		return New(context.Background(), e, Config{Source: failingSource{}, Styles: theme.New(), Keys: DefaultKeyMap(), FetchDelay: time.Millisecond})
	}
	states := []tuitest.State[Model]{
		{Name: "code", Reach: func(t *testing.T) Model { m := build(e); return tuitest.Drain(t, m, m.Init()) }},
		{Name: "loading", Reach: func(*testing.T) Model { return build(noCode) }},
		{Name: "failed", Reach: func(t *testing.T) Model { m := build(noCode); return tuitest.Drain(t, m, m.Init()) }},
	}
	tuitest.Explore(t, states, func(t *testing.T, state, key string, before, after Model) {
		if before.qr != "" && after.qr != before.qr {
			t.Errorf("%s: %s changed the code shown", state, key)
		}
	})
}
