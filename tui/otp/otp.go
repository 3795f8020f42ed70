// Package otp is the code step shared by the login and sign-up screens: the code sent by
// e-mail, resend, the captcha the provider requires, and the check. The captcha comes from
// a configured token, or from a page the customer completes in a browser: then the page's
// address is shown (a browser may not open, e.g. BROWSER=false), esc cancels the wait and
// a timeout ends it with a message, so the screen never hangs.
package otp

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/sdk/numerals"
	"github.com/cedarsim/esim/tui/internal/show"
	"github.com/cedarsim/esim/tui/internal/spin"
	"github.com/cedarsim/esim/tui/nav"
	"github.com/cedarsim/esim/tui/theme"
	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Calls are what the code step needs beyond its resend: the check, the captcha and the
// browser. The login and sign-up screens carry them in their Config and hand them over
// with Step.
type Calls struct {
	// Verify checks the code and stores the session (Client.Login).
	Verify func(ctx context.Context, userID, otp, captchaToken string) (*sdk.Token, error)
	// Captcha returns a token at once (a configured one). When it is nil or fails and there
	// is no Page, submitting does nothing (logged), as on the web.
	Captcha func(ctx context.Context) (string, error)
	// Page starts a captcha page; used when Captcha is nil or fails.
	Page func(ctx context.Context) (CaptchaPage, error)
	// Open opens the page in a browser; nil or a failure leaves the address to copy.
	Open func(url string) error
	// Timeout bounds the wait for the page; 0 means DefaultCaptchaTimeout.
	Timeout time.Duration
	Log     *slog.Logger
}

// Step is the code step's Config: these calls, with the resend of the owning screen
// (login or sign-up) and its section 8 context, styles and keys.
func (c Calls) Step(resend func(ctx context.Context) (*sdk.OTPSent, error), rc messages.Context, st theme.Styles, keys KeyMap) Config {
	return Config{Calls: c, Resend: resend, ResendContext: rc, Styles: st, Keys: keys}
}

// Config carries the calls of the code step.
type Config struct {
	Calls
	// Resend e-mails a new code (login or sign-up); its user id replaces the pending one.
	Resend func(ctx context.Context) (*sdk.OTPSent, error)
	// ResendContext picks the section 8 texts of a failed resend.
	ResendContext messages.Context

	Styles theme.Styles
	Keys   KeyMap
}

// Messages of the step. tag tells them apart from another code step's.
type (
	sentMsg struct {
		tag  *int
		sent *sdk.OTPSent
		err  error
	}
	verifiedMsg struct {
		tag   *int
		token *sdk.Token
		err   error
	}
	tokenMsg struct {
		tag        *int
		wait       int
		token, otp string
	}
	noTokenMsg struct {
		tag  *int
		wait int
		err  error
	}
	pageMsg struct {
		tag  *int
		wait int
		page CaptchaPage
		otp  string
		err  error
	}
	openedMsg struct {
		tag  *int
		wait int
		err  error
	}
)

// Model is the code step.
type Model struct {
	ctx context.Context
	cfg Config
	tag *int // identity of this step in its messages

	email, userID string
	code          textinput.Model

	busy string // what is under way ("" when idle)
	spin spin.Model

	wait     int                // number of the captcha wait under way (0: none)
	cancel   context.CancelFunc // ends the wait under way
	url      string             // the captcha page's address while waiting
	hint     string             // how to reach the page over SSH, if the page says
	noOpen   bool               // the browser did not open
	err      string
	hints    []string
	info     string
	width, h int
}

// New is the code step for the code sent to email, answered with userID.
func New(ctx context.Context, cfg Config, email, userID string) Model {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultCaptchaTimeout
	}
	c := textinput.New()
	c.Prompt = "Code: "
	c.Placeholder = "the code from the e-mail"
	c.CharLimit = 10
	c.Width = 28
	c.Cursor.SetMode(cursor.CursorStatic) // no blink timer: fewer redraws, stable tests
	c.Focus()
	return Model{ctx: ctx, cfg: cfg, tag: new(int), email: email, userID: userID, code: c,
		spin: spin.New(), width: 80, h: 24}
}

// SetSize tells the step the space it has.
func (m Model) SetSize(w, h int) Model { m.width, m.h = w, h; return m }

// KeyMap returns the bindings that apply now.
func (m Model) KeyMap() help.KeyMap {
	k := m.cfg.Keys
	k.waiting = m.Waiting()
	return k
}

// Waiting reports a captcha wait under way (esc cancels it).
func (m Model) Waiting() bool { return m.wait != 0 }

// Busy reports a call or a wait under way.
func (m Model) Busy() bool { return m.busy != "" }

// Code is what is typed in the code field.
func (m Model) Code() string { return m.code.Value() }

// Err is the message shown, "" when none.
func (m Model) Err() string { return m.err }

// Close ends a captcha wait under way (the screen is left).
func (m Model) Close() {
	if m.cancel != nil {
		m.cancel()
	}
}

func (m *Model) setBusy(what string) tea.Cmd {
	m.busy, m.err, m.hints, m.info = what, "", nil, ""
	return m.spin.Start()
}

// Update handles the step's messages and keys.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if sp, cmd, ok := m.spin.Update(msg, m.busy != ""); ok {
		m.spin = sp
		return m, cmd
	}
	switch msg := msg.(type) {
	case sentMsg:
		if msg.tag != m.tag {
			return m, nil
		}
		m.busy = ""
		if msg.err != nil {
			mm := show.Message(m.cfg.ResendContext, msg.err, messages.Support{})
			m.err, m.hints = mm.Text, mm.Hints
			return m, nil
		}
		m.userID = msg.sent.UserID
		m.info = "A new code was sent to " + m.email + "."
		return m, nil
	case verifiedMsg:
		if msg.tag != m.tag {
			return m, nil
		}
		m.busy = ""
		m.code.SetValue("") // the code field is cleared after each attempt
		if msg.err != nil {
			m.err = show.Message(messages.OTPVerify, msg.err, messages.Support{}).Text
			return m, nil
		}
		t := msg.token
		return m, func() tea.Msg { return nav.LoggedInMsg{Token: t} }
	case pageMsg:
		return m.pageStarted(msg)
	case openedMsg:
		if msg.tag == m.tag && msg.wait == m.wait && msg.err != nil {
			m.noOpen = true
			m.cfg.Log.Warn("captcha page: browser did not open", "err", msg.err)
		}
		return m, nil
	case tokenMsg:
		if msg.tag != m.tag || msg.wait != m.wait {
			return m, nil // a wait that was cancelled
		}
		m.endWait()
		return m.check(msg.token, msg.otp)
	case noTokenMsg:
		if msg.tag != m.tag || msg.wait != m.wait {
			return m, nil
		}
		return m.noToken(msg.err), nil
	case tea.KeyMsg:
		return m.updateKey(msg)
	}
	return m, nil
}

func (m Model) updateKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.cfg.Keys
	if m.Waiting() {
		if key.Matches(msg, k.Cancel) {
			m.endWait()
			m.busy, m.info = "", "Captcha cancelled. Press enter to try again."
		}
		return m, nil
	}
	if m.busy != "" {
		return m, nil // one call at a time
	}
	switch {
	case key.Matches(msg, k.Submit):
		return m.verify()
	case key.Matches(msg, k.Resend):
		return m.resend()
	}
	if msg.Type == tea.KeyRunes {
		// An Arabic or Persian keyboard types its own digits: the code takes them as ASCII.
		msg.Runes = []rune(numerals.ASCII(string(msg.Runes)))
	}
	if !digitsOnly(msg) {
		return m, nil
	}
	var cmd tea.Cmd
	m.code, cmd = m.code.Update(msg)
	return m, cmd
}

func (m Model) resend() (Model, tea.Cmd) {
	if m.cfg.Resend == nil {
		return m, nil
	}
	ctx, send, tag := m.ctx, m.cfg.Resend, m.tag
	spin := m.setBusy("Sending the code...")
	return m, tea.Batch(spin, func() tea.Msg {
		s, err := send(ctx)
		if err == nil && (s == nil || s.UserID == "") {
			err = errors.New("the code request answered without a user id")
		}
		return sentMsg{tag, s, err}
	})
}

// verify gets a captcha token, then checks the code.
func (m Model) verify() (Model, tea.Cmd) {
	otp := strings.TrimSpace(m.code.Value())
	if otp == "" {
		m.err, m.hints, m.info = "Please enter the code.", nil, ""
		return m, nil
	}
	ctx, cfg, tag := m.ctx, m.cfg, m.tag
	m.wait++ // numbers this attempt, so a late answer of an earlier one is dropped
	wait := m.wait
	spin := m.setBusy("Waiting for the captcha...")
	return m, tea.Batch(spin, func() tea.Msg {
		var tokErr error
		if cfg.Captcha != nil {
			tok, err := cfg.Captcha(ctx)
			if err == nil && tok != "" {
				return tokenMsg{tag, wait, tok, otp}
			}
			tokErr = err
		}
		if cfg.Page == nil {
			if tokErr == nil {
				tokErr = errors.New("no captcha token source")
			}
			return noTokenMsg{tag, wait, tokErr}
		}
		p, err := cfg.Page(ctx)
		return pageMsg{tag, wait, p, otp, err}
	})
}

// Lines renders the step.
func (m Model) Lines() []string {
	st := m.cfg.Styles
	lines := []string{
		st.Title.Render("Enter your code"),
		"",
		"We sent a code to " + m.email + ".",
		"",
		m.code.View(),
		"",
		st.Muted.Render("Didn't get it? Press ctrl+r to resend the code."),
		"",
	}
	if m.url != "" {
		lines = append(lines, "Complete the captcha in your browser:", m.url)
		if m.noOpen {
			lines = append(lines, st.Muted.Render("No browser opened: open the address above yourself."))
		} else {
			// A browser command may start and still show nothing (BROWSER=false).
			lines = append(lines, st.Muted.Render("If no browser opened, open the address above yourself."))
		}
		if m.hint != "" {
			lines = append(lines, st.Message(st.Muted, m.hint, m.width)...)
		}
		lines = append(lines, m.spin.View()+" Waiting for the captcha... press esc to cancel.")
	} else if m.busy != "" {
		lines = append(lines, m.spin.View()+" "+m.busy)
	}
	if m.info != "" {
		lines = append(lines, st.Success.Render(m.info))
	}
	if m.err != "" {
		lines = append(lines, st.Message(st.Error, m.err, m.width)...)
		for _, h := range m.hints {
			lines = append(lines, st.Muted.Render("  "+h))
		}
	}
	for i := range lines {
		if lines[i] != m.url { // an address is never cut: the terminal wraps it and it stays usable
			lines[i] = ansi.Truncate(lines[i], m.width, "…")
		}
	}
	return lines
}

// View renders the step.
func (m Model) View() string { return strings.Join(m.Lines(), "\n") }

func minutes(d time.Duration) string {
	if d >= time.Minute && d%time.Minute == 0 {
		if d == time.Minute {
			return "1 minute"
		}
		return fmt.Sprintf("%d minutes", int(d/time.Minute))
	}
	return d.String()
}

// digitsOnly lets through editing keys and typed digits: the code is numeric.
func digitsOnly(msg tea.KeyMsg) bool {
	if msg.Type == tea.KeySpace {
		return false // bubbletea reports the space bar as a key of its own, not a rune
	}
	if msg.Type != tea.KeyRunes {
		return true
	}
	for _, r := range msg.Runes {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
