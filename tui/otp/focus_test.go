package otp

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/theme"
)

// quickPage is a captcha page whose wait ends at once: a token, or an error.
type quickPage struct{ err error }

func (quickPage) URL() string  { return pageURL }
func (quickPage) Close() error { return nil }
func (p quickPage) Wait(context.Context) (string, error) {
	if p.err != nil {
		return "", p.err
	}
	return "page-token", nil
}

// TestFocusCycle presses every key in every mode of the code step (the one field, idle,
// with an error, waiting for the captcha page, after a cancelled wait): no panic, and
// only digits reach the field.
func TestFocusCycle(t *testing.T) {
	step := func(t *testing.T, page error, verify error) Model {
		return New(context.Background(), Config{
			ResendContext: messages.OTPSendLogin,
			Resend:        func(context.Context) (*sdk.OTPSent, error) { return &sdk.OTPSent{UserID: "u-2"}, nil },
			Calls: Calls{Verify: func(context.Context, string, string, string) (*sdk.Token, error) { return &sdk.Token{}, verify },
				Page:    func(context.Context) (CaptchaPage, error) { return quickPage{page}, nil },
				Open:    func(string) error { return nil },
				Timeout: time.Second},
			Styles: theme.New(), Keys: DefaultKeyMap(),
		}, "rana@example.com", "u-1")
	}
	waiting := func(t *testing.T) Model {
		m := tuitest.Type(t, step(t, nil, nil), "123456")
		m, _ = m.Update(tuitest.Key("enter")) // the page starts, its wait is not run
		m.wait = 1
		m, _ = m.Update(pageMsg{tag: m.tag, wait: m.wait, page: quickPage{}, otp: "123456"})
		if !m.Waiting() {
			t.Fatal("not waiting for the captcha")
		}
		return m
	}
	states := []tuitest.State[Model]{
		{Name: "empty", Reach: func(t *testing.T) Model { return step(t, nil, nil) }},
		{Name: "typed", Reach: func(t *testing.T) Model { return tuitest.Type(t, step(t, nil, nil), "1234") }},
		{Name: "wrong-code", Reach: func(t *testing.T) Model {
			return tuitest.Press(t, tuitest.Type(t, step(t, nil, errors.New("wrong")), "1234"), "enter")
		}},
		{Name: "page-failed", Reach: func(t *testing.T) Model {
			return tuitest.Press(t, tuitest.Type(t, step(t, context.DeadlineExceeded, nil), "1234"), "enter")
		}},
		{Name: "waiting", Reach: waiting},
		{Name: "cancelled", Reach: func(t *testing.T) Model { return tuitest.Press(t, waiting(t), "esc") }},
	}
	tuitest.Explore(t, states, func(t *testing.T, state, key string, before, after Model) {
		for _, r := range after.Code() {
			if r < '0' || r > '9' {
				t.Errorf("%s: after %q the code field holds %q", state, key, after.Code())
			}
		}
		if before.Waiting() && key == "esc" && after.Waiting() {
			t.Errorf("%s: esc did not end the captcha wait", state)
		}
		after.Close()
		before.Close()
	})
}

// hintedPage is a captcha page reached over SSH.
type hintedPage struct{ quickPage }

func (hintedPage) Hint() string {
	return "Over SSH, forward the page's port: ssh -L 8765:127.0.0.1:8765 HOST"
}

// TestCaptchaPageHint: the page's forwarding hint is shown while waiting (issue 25.11).
func TestCaptchaPageHint(t *testing.T) {
	m := New(context.Background(), Config{ResendContext: messages.OTPSendLogin,
		Calls: Calls{Verify: func(context.Context, string, string, string) (*sdk.Token, error) { return &sdk.Token{}, nil },
			Page: func(context.Context) (CaptchaPage, error) { return hintedPage{}, nil }},
		Styles: theme.New(), Keys: DefaultKeyMap()}, "rana@example.com", "u-1")
	m = tuitest.Type(t, m, "123456")
	m, _ = m.Update(tuitest.Key("enter"))
	m, _ = m.Update(pageMsg{tag: m.tag, wait: m.wait, page: hintedPage{}, otp: "123456"})
	if v := m.SetSize(120, 30).View(); !strings.Contains(v, "ssh -L 8765:127.0.0.1:8765 HOST") {
		t.Fatalf("no hint:\n%s", v)
	}
	m.Close()
}
