package login

import (
	"context"
	"errors"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/otp"
	"github.com/cedarsim/esim/tui/theme"
)

// offline builds the screen on fakes, so that any key may send or verify without fixtures.
func offline(t *testing.T, sendErr error) Model {
	t.Helper()
	return New(context.Background(), Config{
		SendCode: func(context.Context, string) (*sdk.OTPSent, error) {
			if sendErr != nil {
				return nil, sendErr
			}
			return &sdk.OTPSent{UserID: "u-1"}, nil
		},
		Calls: otp.Calls{Verify: func(context.Context, string, string, string) (*sdk.Token, error) {
			return nil, errors.New("wrong code")
		}, Captcha: devCaptcha},
		Styles: theme.New(), Keys: DefaultKeyMap(),
	})
}

// TestFocusCycle presses every key at both focus positions (e-mail, terms) of the form,
// empty and filled, after a failed send, and on the code step: no panic, and tab and
// shift+tab move between the two positions.
func TestFocusCycle(t *testing.T) {
	type start struct {
		name    string
		email   string
		onTerms bool
		sendErr error
		coding  bool
	}
	var states []tuitest.State[Model]
	for _, s := range []start{
		{name: "email-empty"},
		{name: "terms-empty", onTerms: true},
		{name: "email-filled", email: "rana@example.com"},
		{name: "terms-filled", email: "rana@example.com", onTerms: true},
		{name: "email-after-failed-send", email: "nobody@example.com", sendErr: &sdk.APIError{Status: 404}},
		{name: "code-step", email: "rana@example.com", coding: true},
	} {
		states = append(states, tuitest.State[Model]{Name: s.name, Reach: func(t *testing.T) Model {
			m := tuitest.Type(t, offline(t, s.sendErr), s.email)
			if s.sendErr != nil || s.coding {
				m = tuitest.Press(t, m, "tab", "space", "enter", "tab")
			}
			if s.onTerms {
				m = tuitest.Press(t, m, "tab")
			}
			return m
		}})
	}
	tuitest.Explore(t, states, func(t *testing.T, state, key string, before, after Model) {
		if before.coding || after.coding {
			return
		}
		if (key == "tab" || key == "shift+tab") && after.onTerms == before.onTerms {
			t.Errorf("%s: %s left the focus where it was", state, key)
		}
		if after.email.Focused() == after.onTerms {
			t.Errorf("%s: after %s the e-mail field focused=%v with onTerms=%v", state, key, after.email.Focused(), after.onTerms)
		}
	})
}
