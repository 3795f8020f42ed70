// Package login is the log-in screen: the e-mail form, then the code step (tui/otp) with
// resend and the captcha wait, and the spec's section 8 messages inline. A new customer
// is offered the sign-up screen rather than told to buy first.
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
	"github.com/cedarsim/esim/tui/otp"
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
	// Calls are the code step's: the check (Client.Login), the captcha, the browser.
	otp.Calls
	Styles theme.Styles
	Keys   KeyMap
	// Notice is said above the form, e.g. why the customer must log in again.
	Notice string
}

// NewUserHint stands in for the spec's 'New user? Buy your first eSIM to register' hint
// under 'Email not found.': the TUI has its own sign-up screen.
const NewUserHint = "New here? Press ctrl+n to create an account."

type sentMsg struct {
	tag  *int
	sent *sdk.OTPSent
	err  error
}

// Model is the login screen.
type Model struct {
	ctx context.Context
	cfg Config
	tag *int

	email         textinput.Model
	terms         bool
	onTerms       bool      // focus is on the terms box
	code          otp.Model // the code step, once the code is sent
	coding        bool      // the code step is shown
	busy          bool
	spin          spin.Model
	err           string
	hints         []string
	notFound      bool // the last send said the e-mail is unknown
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
	return Model{ctx: ctx, cfg: cfg, tag: new(int), email: e, width: 80, height: 24, spin: spin.New()}
}

// Init does nothing: the form waits for the user.
func (m Model) Init() tea.Cmd { return nil }

// SetSize tells the screen the space it has.
func (m Model) SetSize(w, h int) Model {
	m.width, m.height = w, h
	m.email.Width = max(10, min(60, w-12))
	m.code = m.code.SetSize(w, h)
	return m
}

// Capturing is always true: the screen is a form, so 'q' is typed, not quit.
func (m Model) Capturing() bool { return true }

// KeyMap returns the bindings that apply now.
func (m Model) KeyMap() help.KeyMap {
	if m.coding {
		return m.code.KeyMap()
	}
	return m.cfg.Keys
}

// Email is the address typed.
func (m Model) Email() string { return strings.TrimSpace(m.email.Value()) }

// Code is the code step (tests).
func (m Model) Code() otp.Model { return m.code }

// Update handles messages.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if sp, cmd, ok := m.spin.Update(msg, m.busy); ok {
		m.spin = sp
		return m, cmd
	}
	switch msg := msg.(type) {
	case sentMsg:
		if msg.tag != m.tag {
			return m, nil
		}
		m.busy = false
		if msg.err != nil {
			mm := show.Message(messages.OTPSendLogin, msg.err, messages.Support{})
			m.err, m.hints = mm.Text, mm.Hints
			m.notFound = mm.Text == messages.EmailNotFound
			return m, nil
		}
		m.coding = true
		m.email.Blur()
		m.code = otp.New(m.ctx, m.otpConfig(), m.Email(), msg.sent.UserID).SetSize(m.width, m.height)
		return m, nil
	case tea.KeyMsg:
		if m.coding {
			if key.Matches(msg, m.cfg.Keys.Back) && !m.code.Busy() {
				m.coding, m.err, m.hints = false, "", nil
				return m, m.email.Focus()
			}
			var cmd tea.Cmd
			m.code, cmd = m.code.Update(msg)
			return m, cmd
		}
		if m.busy {
			return m, nil // one call at a time
		}
		return m.updateKey(msg)
	}
	if m.coding {
		var cmd tea.Cmd
		m.code, cmd = m.code.Update(msg)
		return m, cmd
	}
	return m, nil
}

func (m Model) otpConfig() otp.Config {
	send, email := m.cfg.SendCode, m.Email()
	resend := func(ctx context.Context) (*sdk.OTPSent, error) { return send(ctx, email) }
	return m.cfg.Step(resend, messages.OTPSendLogin, m.cfg.Styles, m.cfg.Keys.Code)
}

func (m Model) updateKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.cfg.Keys
	switch {
	case key.Matches(msg, k.Back):
		return m, func() tea.Msg { return nav.BackMsg{} }
	case key.Matches(msg, k.Signup):
		email := m.Email()
		return m, func() tea.Msg { return nav.SignupMsg{Email: email} }
	case key.Matches(msg, k.Submit):
		return m.send()
	case key.Matches(msg, k.Focus):
		m.onTerms = !m.onTerms
		if m.onTerms {
			m.email.Blur()
			return m, nil
		}
		return m, m.email.Focus()
	case m.onTerms && key.Matches(msg, k.Toggle):
		m.terms = !m.terms
		return m, nil
	}
	if m.onTerms {
		return m, nil
	}
	var cmd tea.Cmd
	m.email, cmd = m.email.Update(msg)
	return m, cmd
}

func (m Model) send() (Model, tea.Cmd) {
	email := m.Email()
	m.notFound = false
	if email == "" {
		m.err, m.hints = "Please enter your e-mail address.", nil
		return m, nil
	}
	if !m.terms {
		m.err, m.hints = "Please accept the terms and conditions to continue.", nil
		return m, nil
	}
	m.busy, m.err, m.hints = true, "", nil
	ctx, send, tag := m.ctx, m.cfg.SendCode, m.tag
	return m, tea.Batch(m.spin.Start(), func() tea.Msg {
		s, err := send(ctx, email)
		if err == nil && (s == nil || s.UserID == "") {
			err = errors.New("the code request answered without a user id")
		}
		return sentMsg{tag, s, err}
	})
}

// View renders the form or the code step.
func (m Model) View() string {
	if m.coding {
		return m.code.View()
	}
	st := m.cfg.Styles
	box := "[ ]"
	if m.terms {
		box = "[x]"
	}
	lines := []string{st.Title.Render("Log in"), ""}
	if m.cfg.Notice != "" {
		lines = append(append(lines, st.Message(st.Error, m.cfg.Notice, m.width)...), "")
	}
	lines = append(lines,
		m.email.View(),
		"",
		st.Cursor(m.onTerms)+box+" I agree to the Terms and Conditions and the Privacy Policy",
		"",
	)
	if m.busy {
		lines = append(lines, m.spin.View()+" Sending the code...")
	}
	if m.err != "" {
		lines = append(lines, st.Message(st.Error, m.err, m.width)...)
		for _, h := range m.hints {
			if h == messages.HintNewUser {
				// The web links this hint to the plans (sign-up happens at checkout); the
				// TUI has its own sign-up screen, so a new customer is sent there instead.
				lines = append(lines, st.Success.Render("  "+NewUserHint))
				continue
			}
			lines = append(lines, st.Muted.Render("  "+h))
		}
	}
	if !m.notFound {
		lines = append(lines, st.Muted.Render("No account yet? Press ctrl+n to sign up."))
	}
	for i := range lines {
		lines[i] = ansi.Truncate(lines[i], m.width, "…")
	}
	return strings.Join(lines, "\n")
}
