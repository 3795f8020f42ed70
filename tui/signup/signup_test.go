package signup

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/nav"
	"github.com/cedarsim/esim/tui/otp"
	"github.com/cedarsim/esim/tui/theme"
)

func TestMain(m *testing.M) {
	tuitest.ASCII()
	os.Exit(m.Run())
}

func devCaptcha(context.Context) (string, error) { return "dev-captcha", nil }

func newSignup(t *testing.T, email string, fixtures ...string) (Model, *sdk.Client) {
	t.Helper()
	c := tuitest.Client(t, sdk.Session{}, append([]string{"token.guest/success"}, fixtures...)...)
	m := New(context.Background(), Config{
		SendCode: c.Users.SendSignupCode, Calls: otp.Calls{Verify: c.Login, Captcha: devCaptcha},
		Styles: DefaultStyles(theme.New()), Keys: DefaultKeyMap(),
	}, email)
	return m, c
}

// fill types the fixture's customer into the form (the e-mail is pre-filled or typed).
func fill(t *testing.T, m Model, email string) Model {
	t.Helper()
	m = tuitest.Type(t, m, "Rana")
	m = tuitest.Press(t, m, "tab")
	m = tuitest.Type(t, m, "Haddad")
	m = tuitest.Press(t, m, "tab", "tab") // the dial code keeps its default, 961
	m = tuitest.Type(t, m, "71123456")
	m = tuitest.Press(t, m, "tab")
	if email != "" {
		m = tuitest.Type(t, m, email)
	}
	return m
}

func TestGolden(t *testing.T) {
	tests := []struct {
		name, email string
		fixtures    []string
		run         func(t *testing.T, m Model) Model
	}{
		{"empty", "", nil, func(t *testing.T, m Model) Model { return m }},
		{"prefilled", "new@example.com", nil, func(t *testing.T, m Model) Model { return m }},
		{"all-missing", "", nil, func(t *testing.T, m Model) Model {
			m = tuitest.Press(t, m, "tab", "tab")
			for range 3 {
				m = tuitest.Press(t, m, "backspace") // clear the dial code
			}
			return tuitest.Press(t, m, "enter")
		}},
		{"invalid", "", nil, func(t *testing.T, m Model) Model {
			m = tuitest.Type(t, m, "Rana")
			m = tuitest.Press(t, m, "tab")
			m = tuitest.Type(t, m, "Haddad")
			m = tuitest.Press(t, m, "tab", "tab")
			m = tuitest.Type(t, m, "phone")
			m = tuitest.Press(t, m, "tab")
			return tuitest.Press(t, tuitest.Type(t, m, "rana.haddad@example"), "enter")
		}},
		{"code", "", []string{"sendOtp/signup"}, func(t *testing.T, m Model) Model {
			return tuitest.Press(t, fill(t, m, tuitest.RegisteredEmail), "enter")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _ := newSignup(t, tt.email, tt.fixtures...)
			m = tt.run(t, m)
			tuitest.Golden(t, 24, func(w, h int) string { return m.SetSize(w, h).View() })
		})
	}
}

func TestInvalidFormMakesNoCall(t *testing.T) {
	m, _ := newSignup(t, "") // no send fixture: a call would fail the test
	m = tuitest.Press(t, m, "enter")
	if len(m.fieldErrs) != 4 || m.focus != FirstName {
		t.Fatalf("errors %v focus %d", m.fieldErrs, m.focus)
	}
	m = tuitest.Type(t, m, "R")
	if _, still := m.fieldErrs[FirstName]; still {
		t.Error("typing in a field did not clear its error")
	}
}

func TestServerRefusalShowsItsDetail(t *testing.T) {
	c := tuitest.Client(t, sdk.Session{}, "token.guest/success", "sendOtp/validation-error")
	// The SDK refuses "rana.haddad@example" before any call; the server's answer is
	// reached with a send function that skips the SDK's check.
	send := func(ctx context.Context, f sdk.SignupForm) (*sdk.OTPSent, error) {
		f.Email = "rana.haddad@example"
		return c.Users.SendSignupCode(ctx, f)
	}
	m := New(context.Background(), Config{SendCode: send, Calls: otp.Calls{Verify: c.Login, Captcha: devCaptcha},
		Styles: DefaultStyles(theme.New()), Keys: DefaultKeyMap()}, "")
	m = tuitest.Press(t, fill(t, m, "rana.haddad@example.com"), "enter")
	if m.coding || m.Err() == "" {
		t.Fatalf("refused send: coding %v err %q", m.coding, m.Err())
	}
}

func TestSignupLogsIn(t *testing.T) {
	m, c := newSignup(t, "", "sendOtp/signup", "verifyOtp/success", "token.otp/success")
	m = tuitest.Press(t, fill(t, m, tuitest.RegisteredEmail), "enter")
	if !m.coding || !strings.Contains(m.View(), "We sent a code to "+tuitest.RegisteredEmail) {
		t.Fatalf("not on the code step:\n%s", m.View())
	}
	m = tuitest.Type(t, m, "123456")
	m, cmd := m.Update(tuitest.Key("enter"))
	_, msgs := tuitest.Collect(t, m, cmd)
	found := false
	for _, msg := range msgs {
		if _, ok := msg.(nav.LoggedInMsg); ok {
			found = true
		}
	}
	if !found {
		t.Fatalf("no LoggedInMsg in %#v", msgs)
	}
	if s, err := c.Store().Load(context.Background()); err != nil || !s.Registered() {
		t.Fatalf("session after sign-up: %+v, %v", s, err)
	}
}

func TestEscFromTheCodeStepKeepsTheForm(t *testing.T) {
	m, _ := newSignup(t, "", "sendOtp/signup")
	m = tuitest.Press(t, fill(t, m, tuitest.RegisteredEmail), "enter", "esc")
	if m.coding || m.Form().FirstName != "Rana" {
		t.Fatalf("esc: coding %v form %+v", m.coding, m.Form())
	}
}

// TestArabicDigits: a phone number typed on an Arabic or Persian keyboard passes the check
// and is sent in ASCII digits, and so is the code (contract/vectors/digits.json).
func TestArabicDigits(t *testing.T) {
	m, _ := newSignup(t, "", "sendOtp/signup", "verifyOtp/success", "token.otp/success")
	m = tuitest.Type(t, m, "Rana")
	m = tuitest.Press(t, m, "tab")
	m = tuitest.Type(t, m, "Haddad")
	m = tuitest.Press(t, m, "tab", "tab")
	m = tuitest.Type(t, m, "\u0667\u0661\u0661\u0662\u06f3\u0664\u0665\u0666")
	m = tuitest.Press(t, m, "tab")
	m = tuitest.Type(t, m, tuitest.RegisteredEmail)
	if got := m.Form().Phone; got != "71123456" {
		t.Fatalf("phone = %q, want 71123456", got)
	}
	m = tuitest.Press(t, m, "enter")
	if !m.coding {
		t.Fatalf("not on the code step: errors %v, %q", m.fieldErrs, m.Err())
	}
	m = tuitest.Type(t, m, "\u0661\u0662\u0663\u0664\u0665\u0666")
	if !strings.Contains(m.View(), "123456") {
		t.Fatalf("the code step does not show 123456:\n%s", m.View())
	}
}
