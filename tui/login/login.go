// Package login is the log-in screen: the e-mail form, then the code sent by e-mail, with
// resend, and the spec's section 8 messages inline.
package login

import (
	"context"
	"errors"
	"log/slog"
	"strings"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
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

// Config carries the calls the screen makes. The root wires them to the SDK:
// SendCode to Users.SendLoginCode, Verify to Client.Login (which stores the session).
type Config struct {
	SendCode func(ctx context.Context, email string) (*sdk.OTPSent, error)
	Verify   func(ctx context.Context, userID, otp, captchaToken string) (*sdk.Token, error)
	// Captcha returns the bot-check token the provider requires; an error means the
	// captcha is not ready, and then, as on the web, the submit does nothing (logged).
	Captcha func(ctx context.Context) (string, error)
	Styles  theme.Styles
	Keys    KeyMap
	Log     *slog.Logger
}

type step int

const (
	stepEmail step = iota
	stepCode
)

// Messages with the answers of the calls.
type (
	sentMsg struct {
		sent   *sdk.OTPSent
		err    error
		resend bool
	}
	verifiedMsg struct {
		token *sdk.Token
		err   error
	}
	captchaMissingMsg struct{ err error }
	captchaMsg        struct{ token, otp string }
)

// Model is the login screen.
type Model struct {
	ctx context.Context
	cfg Config

	step          step
	email, code   textinput.Model
	terms         bool
	onTerms       bool // focus is on the terms box
	userID        string
	busy          string // what is under way ("" when idle)
	spin          spin.Model
	err           string
	hints         []string
	info          string
	width, height int
}

// New builds the screen.
func New(ctx context.Context, cfg Config) Model {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	e := textinput.New()
	e.Prompt = "E-mail: "
	e.Placeholder = "you@example.com"
	e.CharLimit = 254
	e.Cursor.SetMode(cursor.CursorStatic) // no blink timer: fewer redraws, stable tests
	e.Focus()
	c := textinput.New()
	c.Prompt = "Code: "
	c.Placeholder = "the code from the e-mail"
	c.CharLimit = 10
	c.Cursor.SetMode(cursor.CursorStatic)
	return Model{ctx: ctx, cfg: cfg, email: e, code: c, width: 80, height: 24,
		spin: spin.New()}
}

// Init does nothing: the form waits for the user.
func (m Model) Init() tea.Cmd { return nil }

// SetSize tells the screen the space it has.
func (m Model) SetSize(w, h int) Model {
	m.width, m.height = w, h
	m.email.Width = max(10, min(60, w-12))
	m.code.Width = 28
	return m
}

// Capturing is always true: the screen is a form, so 'q' is typed, not quit.
func (m Model) Capturing() bool { return true }

// KeyMap returns the bindings that apply now.
func (m Model) KeyMap() help.KeyMap {
	k := m.cfg.Keys
	k.codeStep = m.step == stepCode
	return k
}

// Email is the address the code was sent to.
func (m Model) Email() string { return strings.TrimSpace(m.email.Value()) }

func (m *Model) setBusy(what string) tea.Cmd {
	m.busy, m.err, m.hints, m.info = what, "", nil, ""
	return m.spin.Start()
}

// Update handles messages.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if sp, cmd, ok := m.spin.Update(msg, m.busy != ""); ok {
		m.spin = sp
		return m, cmd
	}
	switch msg := msg.(type) {
	case sentMsg:
		m.busy = ""
		if msg.err != nil {
			mm := show.Message(messages.OTPSendLogin, msg.err, messages.Support{})
			m.err, m.hints = mm.Text, mm.Hints
			return m, nil
		}
		m.userID = msg.sent.UserID
		if msg.resend {
			m.info = "A new code was sent to " + m.Email() + "."
		}
		m.step = stepCode
		m.email.Blur()
		return m, m.code.Focus()
	case verifiedMsg:
		m.busy = ""
		m.code.SetValue("") // the code field is cleared after each attempt
		if msg.err != nil {
			m.err = show.Message(messages.OTPVerify, msg.err, messages.Support{}).Text
			return m, nil
		}
		t := msg.token
		return m, func() tea.Msg { return nav.LoggedInMsg{Token: t} }
	case captchaMsg:
		return m.check(msg)
	case captchaMissingMsg:
		m.busy = ""
		m.cfg.Log.Warn("captcha not ready: submit ignored", "err", msg.err)
		return m, nil
	case tea.KeyMsg:
		if m.busy != "" {
			return m, nil // one call at a time
		}
		return m.updateKey(msg)
	}
	return m, nil
}

func (m Model) updateKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.cfg.Keys
	switch {
	case key.Matches(msg, k.Back):
		if m.step == stepCode {
			m.step, m.err, m.hints, m.info = stepEmail, "", nil, ""
			m.code.Blur()
			m.code.SetValue("")
			return m, m.email.Focus()
		}
		return m, func() tea.Msg { return nav.BackMsg{} }
	case key.Matches(msg, k.Submit):
		if m.step == stepEmail {
			return m.send(false)
		}
		return m.verify()
	case m.step == stepCode && key.Matches(msg, k.Resend):
		return m.send(true)
	case m.step == stepEmail && key.Matches(msg, k.Focus):
		m.onTerms = !m.onTerms
		if m.onTerms {
			m.email.Blur()
			return m, nil
		}
		return m, m.email.Focus()
	case m.step == stepEmail && m.onTerms && key.Matches(msg, k.Toggle):
		m.terms = !m.terms
		return m, nil
	}
	var cmd tea.Cmd
	if m.step == stepEmail && !m.onTerms {
		m.email, cmd = m.email.Update(msg)
	} else if m.step == stepCode && digitsOnly(msg) {
		m.code, cmd = m.code.Update(msg)
	}
	return m, cmd
}

func (m Model) send(resend bool) (Model, tea.Cmd) {
	email := m.Email()
	if email == "" {
		m.err, m.hints = "Please enter your e-mail address.", nil
		return m, nil
	}
	if !m.terms {
		m.err, m.hints = "Please accept the terms and conditions to continue.", nil
		return m, nil
	}
	ctx, send := m.ctx, m.cfg.SendCode
	spin := m.setBusy("Sending the code...")
	return m, tea.Batch(spin, func() tea.Msg {
		s, err := send(ctx, email)
		if err == nil && (s == nil || s.UserID == "") {
			err = errors.New("the code request answered without a user id")
		}
		return sentMsg{s, err, resend}
	})
}

func (m Model) verify() (Model, tea.Cmd) {
	otp := strings.TrimSpace(m.code.Value())
	if otp == "" {
		m.err = "Please enter the code."
		return m, nil
	}
	ctx, captcha := m.ctx, m.cfg.Captcha
	// The captcha may run in the browser and take a while: it is its own step.
	spin := m.setBusy("Waiting for the captcha...")
	return m, tea.Batch(spin, func() tea.Msg {
		if captcha == nil {
			return captchaMissingMsg{errors.New("no captcha token source")}
		}
		tok, err := captcha(ctx)
		if err != nil || tok == "" {
			return captchaMissingMsg{err}
		}
		return captchaMsg{tok, otp}
	})
}

func (m Model) check(msg captchaMsg) (Model, tea.Cmd) {
	m.busy = "Checking the code..."
	ctx, verify, userID := m.ctx, m.cfg.Verify, m.userID
	return m, func() tea.Msg {
		t, err := verify(ctx, userID, msg.otp, msg.token)
		return verifiedMsg{t, err}
	}
}

// View renders the form.
func (m Model) View() string {
	st := m.cfg.Styles
	var lines []string
	if m.step == stepEmail {
		box := "[ ]"
		if m.terms {
			box = "[x]"
		}
		lines = append(lines,
			st.Title.Render("Log in"),
			"",
			m.email.View(),
			"",
			st.Cursor(m.onTerms)+box+" I agree to the Terms and Conditions and the Privacy Policy",
		)
	} else {
		lines = append(lines,
			st.Title.Render("Enter your code"),
			"",
			"We sent a code to "+m.Email()+".",
			"",
			m.code.View(),
			"",
			st.Muted.Render("Didn't get it? Press ctrl+r to resend the code."),
		)
	}
	lines = append(lines, "")
	if m.busy != "" {
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
		lines[i] = ansi.Truncate(lines[i], m.width, "…")
	}
	return strings.Join(lines, "\n")
}

// digitsOnly lets through editing keys and typed digits: the code is numeric.
func digitsOnly(msg tea.KeyMsg) bool {
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
