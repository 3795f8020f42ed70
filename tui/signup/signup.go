// Package signup is the sign-up screen: first and last name, dial code and phone, e-mail,
// with the spec's validation (section 5, with the web's field texts), then the code step
// (tui/otp) and the section 8 texts. A new customer can register from the terminal
// without buying first.
package signup

import (
	"context"
	"errors"
	"log/slog"
	"strings"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/sdk/numerals"
	"github.com/cedarsim/esim/sdk/signupform"
	"github.com/cedarsim/esim/tui/internal/show"
	"github.com/cedarsim/esim/tui/internal/spin"
	"github.com/cedarsim/esim/tui/nav"
	"github.com/cedarsim/esim/tui/otp"
	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Config carries the calls the screen makes: SendCode is Users.SendSignupCode; Calls are
// the code step's (tui/otp: the check, Client.Login, the captcha, the browser).
type Config struct {
	SendCode func(ctx context.Context, f sdk.SignupForm) (*sdk.OTPSent, error)
	otp.Calls
	Styles Styles
	Keys   KeyMap
}

// DefaultDialCode is the spec's default dial code (section 9).
const DefaultDialCode = signupform.DefaultDialCode

// Fields of the form, in order: the text fields of sdk/signupform, then the checkbox.
const (
	FirstName   = int(signupform.FirstName)
	LastName    = int(signupform.LastName)
	CountryCode = int(signupform.CountryCode)
	Phone       = int(signupform.Phone)
	Email       = int(signupform.Email)
	confirm     = Email + 1 // the checkbox, shown but not enforced (section 5)
	nFields     = confirm + 1
)

var labels = [...]string{"First name", "Last name", "Country code", "Phone number", "E-mail"}

// Validate applies section 5 to the form (sdk/signupform), by field index.
func Validate(f sdk.SignupForm) map[int]string {
	out := map[int]string{}
	for field, text := range signupform.Validate(f) {
		out[int(field)] = text
	}
	return out
}

type sentMsg struct {
	tag  *int
	sent *sdk.OTPSent
	err  error
}

// Model is the sign-up screen.
type Model struct {
	ctx context.Context
	cfg Config
	tag *int

	inputs    [Email + 1]textinput.Model
	confirmed bool
	focus     int
	fieldErrs map[int]string
	err       string // the send's section 8 text
	busy      bool
	spin      spin.Model

	code   otp.Model
	coding bool

	width, height int
}

// New builds the form; email pre-fills the e-mail field (from the login screen).
func New(ctx context.Context, cfg Config, email string) Model {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	m := Model{ctx: ctx, cfg: cfg, tag: new(int), spin: spin.New(), width: 80, height: 24, fieldErrs: map[int]string{}}
	limits := [...]int{64, 64, 5, 20, 254}
	for i := range m.inputs {
		ti := textinput.New()
		ti.Prompt = ""
		ti.CharLimit = limits[i]
		ti.Cursor.SetMode(cursor.CursorStatic) // no blink timer: fewer redraws, stable tests
		m.inputs[i] = ti
	}
	m.inputs[CountryCode].SetValue(DefaultDialCode)
	m.inputs[Email].SetValue(strings.TrimSpace(email))
	m.inputs[FirstName].Focus()
	return m
}

// Init does nothing: the form waits for the user.
func (m Model) Init() tea.Cmd { return nil }

// SetSize tells the screen the space it has.
func (m Model) SetSize(w, h int) Model {
	m.width, m.height = w, h
	for i := range m.inputs {
		m.inputs[i].Width = max(10, min(40, w-labelWidth-4))
	}
	m.code = m.code.SetSize(w, h)
	return m
}

// Capturing is always true: the screen is a form.
func (m Model) Capturing() bool { return true }

// KeyMap returns the bindings that apply now.
func (m Model) KeyMap() help.KeyMap {
	if m.coding {
		return m.code.KeyMap()
	}
	return m.cfg.Keys
}

// Form is what the fields hold, trimmed.
func (m Model) Form() sdk.SignupForm {
	v := func(i int) string { return strings.TrimSpace(m.inputs[i].Value()) }
	// Digits typed on an Arabic or Persian keyboard count as digits (contract/vectors/digits.json).
	return sdk.SignupForm{FirstName: v(FirstName), LastName: v(LastName),
		CountryCode: strings.TrimPrefix(numerals.ASCII(v(CountryCode)), "+"), Phone: numerals.ASCII(v(Phone)), Email: v(Email)}
}

// Err is the text of a failed send.
func (m Model) Err() string { return m.err }

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
			m.err = show.Message(messages.OTPSendSignup, msg.err, messages.Support{}).Text
			return m, nil
		}
		m.coding = true
		m.blur()
		m.code = otp.New(m.ctx, m.otpConfig(), m.Form().Email, msg.sent.UserID).SetSize(m.width, m.height)
		return m, nil
	case tea.KeyMsg:
		if m.coding {
			if key.Matches(msg, m.cfg.Keys.Back) && !m.code.Busy() {
				m.coding = false
				return m.focusOn(m.focus)
			}
			var cmd tea.Cmd
			m.code, cmd = m.code.Update(msg)
			return m, cmd
		}
		if m.busy {
			return m, nil
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
	send, form := m.cfg.SendCode, m.Form()
	resend := func(ctx context.Context) (*sdk.OTPSent, error) { return send(ctx, form) }
	return m.cfg.Step(resend, messages.OTPSendSignup, m.cfg.Styles.Styles, m.cfg.Keys.Code)
}

func (m Model) updateKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.cfg.Keys
	switch {
	case key.Matches(msg, k.Back):
		return m, func() tea.Msg { return nav.BackMsg{} }
	case key.Matches(msg, k.Submit):
		return m.send()
	case key.Matches(msg, k.Next):
		return m.focusOn((m.focus + 1) % nFields)
	case key.Matches(msg, k.Prev):
		return m.focusOn((m.focus + nFields - 1) % nFields)
	case m.focus == confirm && key.Matches(msg, k.Toggle):
		m.confirmed = !m.confirmed
		return m, nil
	}
	if m.focus == confirm {
		return m, nil
	}
	var cmd tea.Cmd
	before := m.inputs[m.focus].Value()
	m.inputs[m.focus], cmd = m.inputs[m.focus].Update(msg)
	if m.inputs[m.focus].Value() != before {
		delete(m.fieldErrs, m.focus) // the web clears a field's error as it is edited
	}
	return m, cmd
}

// focusOn moves the focus to field i, which may be the checkbox (no text input).
func (m Model) focusOn(i int) (Model, tea.Cmd) {
	m.blur()
	m.focus = i
	if i < confirm {
		return m, m.inputs[i].Focus()
	}
	return m, nil
}

// blur takes the focus from the text input that has it, if any: the checkbox has none.
func (m *Model) blur() {
	if m.focus < confirm {
		m.inputs[m.focus].Blur()
	}
}

func (m Model) send() (Model, tea.Cmd) {
	f := m.Form()
	m.err = ""
	m.fieldErrs = Validate(f)
	if len(m.fieldErrs) > 0 {
		for i := range Email + 1 { // focus the first failing field, as the web does
			if _, bad := m.fieldErrs[i]; bad {
				return m.focusOn(i)
			}
		}
	}
	m.busy = true
	ctx, send, tag := m.ctx, m.cfg.SendCode, m.tag
	return m, tea.Batch(m.spin.Start(), func() tea.Msg {
		s, err := send(ctx, f)
		if err == nil && (s == nil || s.UserID == "") {
			err = errors.New("the code request answered without a user id")
		}
		return sentMsg{tag, s, err}
	})
}

const labelWidth = 14

// View renders the form or the code step.
func (m Model) View() string {
	if m.coding {
		return m.code.View()
	}
	st := m.cfg.Styles
	lines := []string{st.Title.Render("Create your account"), ""}
	for i := range m.inputs {
		lines = append(lines, st.Cursor(m.focus == i)+st.Label.Render(labels[i])+m.inputs[i].View())
		if e, bad := m.fieldErrs[i]; bad {
			lines = append(lines, "  "+st.Label.Render("")+st.Error.Render(e))
		}
	}
	box := "[ ]"
	if m.confirmed {
		box = "[x]"
	}
	lines = append(lines, "", st.Cursor(m.focus == confirm)+box+" I confirm that the information above is valid", "")
	if m.busy {
		lines = append(lines, m.spin.View()+" Sending the code...")
	}
	if m.err != "" {
		lines = append(lines, st.Message(st.Error, m.err, m.width)...)
	}
	lines = append(lines, st.Muted.Render("We e-mail you a code to finish signing up."))
	for i := range lines {
		lines[i] = ansi.Truncate(lines[i], m.width, "…")
	}
	return strings.Join(lines, "\n")
}
