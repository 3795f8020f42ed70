package otp

import (
	"context"
	"errors"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/nav"
	"github.com/cedarsim/esim/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
)

func TestMain(m *testing.M) {
	tuitest.ASCII()
	os.Exit(m.Run())
}

const pageURL = "http://127.0.0.1:43210/0123456789abcdef0123456789abcdef/"

// page is a captcha page that posts token when told (or never), and counts Close.
type page struct {
	token  chan string
	closed atomic.Int32
}

func newPage() *page         { return &page{token: make(chan string, 1)} }
func (p *page) URL() string  { return pageURL }
func (p *page) Close() error { p.closed.Add(1); return nil }
func (p *page) Wait(ctx context.Context) (string, error) {
	select {
	case t := <-p.token:
		return t, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

type verifier struct{ calls atomic.Int32 }

func (v *verifier) verify(_ context.Context, userID, otp, captcha string) (*sdk.Token, error) {
	v.calls.Add(1)
	if userID != "u-1" || otp != "123456" || captcha != "page-token" {
		return nil, errors.New("unexpected verify arguments")
	}
	return &sdk.Token{}, nil
}

func newStep(p *page, v *verifier, open func(string) error, timeout time.Duration) Model {
	return New(context.Background(), Config{
		ResendContext: messages.OTPSendLogin,
		Calls: Calls{Verify: v.verify, Page: func(context.Context) (CaptchaPage, error) { return p, nil },
			Open: open, Timeout: timeout},
		Styles: theme.New(), Keys: DefaultKeyMap(),
	}, "new@example.com", "u-1")
}

// host runs a code step as a program of its own for teatest.
type host struct{ m Model }

func (h host) Init() tea.Cmd { return nil }
func (h host) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(nav.LoggedInMsg); ok {
		return h, tea.Quit
	}
	m, cmd := h.m.Update(msg)
	return host{m}, cmd
}
func (h host) View() string { return h.m.View() }

func run(t *testing.T, m Model) *teatest.TestModel {
	t.Helper()
	return teatest.NewTestModel(t, host{m}, teatest.WithInitialTermSize(100, 30))
}

func waitFor(t *testing.T, tm *teatest.TestModel, want ...string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		for _, w := range want {
			if !strings.Contains(string(b), w) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
}

func final(t *testing.T, tm *teatest.TestModel) Model {
	t.Helper()
	return tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(host).m
}

// TestCaptchaPageShowsURLThenLogsIn: no browser opens (as with BROWSER=false), the
// address is on screen, and the token posted by the page finishes the login.
func TestCaptchaPageShowsURLThenLogsIn(t *testing.T) {
	p, v := newPage(), &verifier{}
	noBrowser := func(string) error { return errors.New("exec: \"false\": exit status 1") }
	tm := run(t, newStep(p, v, noBrowser, time.Minute))
	tm.Type("123456")
	tm.Send(tuitest.Key("enter"))
	waitFor(t, tm, "Complete the captcha in your browser:", pageURL, "No browser opened", "press esc to cancel")
	p.token <- "page-token"
	final(t, tm) // LoggedInMsg quits the host
	if v.calls.Load() != 1 || p.closed.Load() != 1 {
		t.Fatalf("verify calls %d, page closed %d times; want 1 and 1", v.calls.Load(), p.closed.Load())
	}
}

func TestCaptchaWaitEscCancels(t *testing.T) {
	p, v := newPage(), &verifier{}
	tm := run(t, newStep(p, v, nil, time.Minute))
	tm.Type("123456")
	tm.Send(tuitest.Key("enter"))
	waitFor(t, tm, pageURL)
	tm.Send(tuitest.Key("esc"))
	waitFor(t, tm, "Captcha cancelled. Press enter to try again.")
	p.token <- "page-token" // too late: the wait is over
	tm.Send(tea.QuitMsg{})
	m := final(t, tm)
	if m.Waiting() || m.Busy() || v.calls.Load() != 0 {
		t.Fatalf("after esc: waiting %v busy %v verify calls %d", m.Waiting(), m.Busy(), v.calls.Load())
	}
	deadline := time.Now().Add(5 * time.Second)
	for p.closed.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if p.closed.Load() != 1 {
		t.Fatalf("page closed %d times after esc, want 1", p.closed.Load())
	}
}

func TestCaptchaWaitTimesOut(t *testing.T) {
	p, v := newPage(), &verifier{}
	tm := run(t, newStep(p, v, nil, 50*time.Millisecond))
	tm.Type("123456")
	tm.Send(tuitest.Key("enter"))
	waitFor(t, tm, "The captcha was not completed within 50ms. Press enter to try again.")
	tm.Send(tea.QuitMsg{})
	if m := final(t, tm); m.Waiting() || m.Busy() || strings.Contains(m.View(), pageURL) {
		t.Fatalf("after the timeout: waiting %v busy %v\n%s", m.Waiting(), m.Busy(), m.View())
	}
}

func TestGolden(t *testing.T) {
	p, v := newPage(), &verifier{}
	noBrowser := func(string) error { return errors.New("no browser") }
	m := newStep(p, v, noBrowser, time.Minute)
	m = tuitest.Type(t, m, "123456")
	m, cmd := m.Update(tuitest.Key("enter"))
	// Run the start of the page and the browser, not the wait (it blocks on the token).
	for _, msg := range []tea.Msg{cmd().(tea.BatchMsg)[1]()} {
		m, cmd = m.Update(msg)
	}
	m, _ = m.Update(cmd().(tea.BatchMsg)[1]()) // the browser's answer; [0] is the wait
	tuitest.Golden(t, 20, func(w, h int) string { return m.SetSize(w, h).View() })
	m.Close()
}
