package signup

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/otp"
	"github.com/cedarsim/esim/tui/theme"
)

// offline builds the form on fakes, so that any key may send or verify without fixtures.
func offline(t *testing.T) Model {
	t.Helper()
	return New(context.Background(), Config{
		SendCode: func(context.Context, sdk.SignupForm) (*sdk.OTPSent, error) {
			return &sdk.OTPSent{UserID: "u-1"}, nil
		},
		Calls: otp.Calls{Verify: func(context.Context, string, string, string) (*sdk.Token, error) {
			return nil, errors.New("wrong code")
		}, Captcha: devCaptcha},
		Styles: DefaultStyles(theme.New()), Keys: DefaultKeyMap(),
	}, "")
}

// TestSubmitFromTheCheckbox is issue 25.1: Enter with the focus on the terms checkbox
// sent the code and then indexed the text inputs with the checkbox's position.
func TestSubmitFromTheCheckbox(t *testing.T) {
	m := fill(t, offline(t), "rana@example.com")
	m = tuitest.Press(t, m, "tab", "space", "enter")
	if !m.coding {
		t.Fatalf("not on the code step:\n%s", m.View())
	}
	m = tuitest.Press(t, m, "esc")
	if m.coding || m.focus != confirm {
		t.Fatalf("esc from the code step: coding %v, focus %d (want the checkbox)", m.coding, m.focus)
	}
}

// TestFocusCycle presses every key at every focus position of the form (empty and
// filled) and of the code step: no panic, and tab / shift+tab walk the fields in a cycle.
func TestFocusCycle(t *testing.T) {
	var states []tuitest.State[Model]
	for i := range nFields {
		for _, filled := range []bool{false, true} {
			states = append(states, tuitest.State[Model]{
				Name: fmt.Sprintf("field-%d-filled-%v", i, filled),
				Reach: func(t *testing.T) Model {
					m := offline(t)
					if filled {
						m = fill(t, m, "rana@example.com")
					}
					m, _ = m.focusOn(i)
					return m
				},
			})
		}
	}
	states = append(states,
		tuitest.State[Model]{Name: "code-step", Reach: func(t *testing.T) Model {
			return tuitest.Press(t, fill(t, offline(t), "rana@example.com"), "enter")
		}},
		tuitest.State[Model]{Name: "code-step-from-checkbox", Reach: func(t *testing.T) Model {
			return tuitest.Press(t, fill(t, offline(t), "rana@example.com"), "tab", "space", "enter")
		}},
		tuitest.State[Model]{Name: "code-step-wrong-code", Reach: func(t *testing.T) Model {
			m := tuitest.Press(t, fill(t, offline(t), "rana@example.com"), "enter")
			return tuitest.Press(t, tuitest.Type(t, m, "123456"), "enter")
		}},
	)
	tuitest.Explore(t, states, func(t *testing.T, state, key string, before, after Model) {
		if before.coding {
			return
		}
		want := -1
		switch key {
		case "tab", "down":
			want = (before.focus + 1) % nFields
		case "shift+tab", "up":
			want = (before.focus + nFields - 1) % nFields
		}
		if want >= 0 && after.focus != want {
			t.Errorf("%s: %s moved the focus from %d to %d, want %d", state, key, before.focus, after.focus, want)
		}
		for i := range after.inputs {
			if after.inputs[i].Focused() != (!after.coding && i == after.focus) {
				t.Errorf("%s: after %s input %d focused=%v with the focus on %d", state, key, i, after.inputs[i].Focused(), after.focus)
			}
		}
	})
}
