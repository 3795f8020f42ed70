// The screens the root routes between: how each is built, opened and left.

package tui

import (
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/tui/agent"
	"github.com/cedarsim/esim/tui/checkout"
	"github.com/cedarsim/esim/tui/esims"
	"github.com/cedarsim/esim/tui/login"
	"github.com/cedarsim/esim/tui/otp"
	"github.com/cedarsim/esim/tui/signup"
	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"
)

// screen is what the root needs of every component.
type screen interface {
	Update(tea.Msg) (screen, tea.Cmd)
	View() string
	KeyMap() help.KeyMap
	Capturing() bool
	SetSize(w, h int) screen
}

// component is the method set the components share, each returning its own type.
type component[M any] interface {
	Update(tea.Msg) (M, tea.Cmd)
	View() string
	KeyMap() help.KeyMap
	Capturing() bool
	SetSize(w, h int) M
}

type wrapped[M component[M]] struct{ m M }

func (w wrapped[M]) Update(msg tea.Msg) (screen, tea.Cmd) {
	m, cmd := w.m.Update(msg)
	return wrapped[M]{m}, cmd
}
func (w wrapped[M]) View() string            { return w.m.View() }
func (w wrapped[M]) KeyMap() help.KeyMap     { return w.m.KeyMap() }
func (w wrapped[M]) Capturing() bool         { return w.m.Capturing() }
func (w wrapped[M]) SetSize(x, y int) screen { return wrapped[M]{w.m.SetSize(x, y)} }
func wrap[M component[M]](m M) wrapped[M]    { return wrapped[M]{m} }

type screenID int

const (
	scrPlans screenID = iota
	scrBundle
	scrLogin
	scrESIMs
	scrQR
	scrTopup
	scrCheckout
	scrSignup
	scrAgent
)

// open makes id the current screen, remembering where we came from.
func (m Model) open(id screenID, s screen, init tea.Cmd) (Model, tea.Cmd) {
	w, h := m.bodySize()
	m.screens[id] = s.SetSize(w, h)
	if m.cur != id {
		m.stack = append(m.stack, m.cur)
	}
	m.cur = id
	return m.resize(), init
}

// replace swaps the current screen for id without growing the history.
func (m Model) replace(id screenID, s screen, init tea.Cmd) (Model, tea.Cmd) {
	if !persistent(m.cur) && m.cur != id {
		delete(m.screens, m.cur)
	}
	w, h := m.bodySize()
	m.screens[id] = s.SetSize(w, h)
	m.cur = id
	return m.resize(), init
}

// persistent screens are tabs kept when left: the plans browser and the agent console
// (with the customer looked up).
func persistent(id screenID) bool { return id == scrPlans || id == scrAgent }

func (m Model) back() Model {
	if len(m.stack) == 0 {
		m.cur = scrPlans
		return m.resize()
	}
	prev := m.stack[len(m.stack)-1]
	m.stack = m.stack[:len(m.stack)-1]
	if !persistent(m.cur) && m.cur != prev {
		delete(m.screens, m.cur)
	}
	if _, ok := m.screens[prev]; !ok {
		prev = scrPlans
	}
	m.cur = prev
	return m.resize()
}

func (m Model) home() Model {
	for id := range m.screens {
		if !persistent(id) {
			delete(m.screens, id)
		}
	}
	m.cur, m.stack = scrPlans, nil
	return m.resize()
}

func (m Model) loginScreen(notice string) (screen, tea.Cmd) {
	l := login.New(m.ctx, login.Config{Notice: notice, SendCode: m.client.Users.SendLoginCode, Calls: m.codeCalls(),
		Styles: m.styles, Keys: login.DefaultKeyMap()})
	return wrap(l), l.Init()
}

func (m Model) signupScreen(email string) (screen, tea.Cmd) {
	s := signup.New(m.ctx, signup.Config{SendCode: m.client.Users.SendSignupCode, Calls: m.codeCalls(),
		Styles: signup.DefaultStyles(m.styles), Keys: signup.DefaultKeyMap()}, email)
	return wrap(s), s.Init()
}

// codeCalls are the code step's calls, the same for the login and the sign-up.
func (m Model) codeCalls() otp.Calls {
	return otp.Calls{Verify: m.client.Login, Captcha: m.opts.CaptchaToken, Page: m.opts.CaptchaPage,
		Open: m.opts.OpenBrowser, Timeout: m.opts.CaptchaTimeout, Log: m.opts.Log}
}

func (m Model) esimsScreen() (screen, tea.Cmd) {
	e := esims.New(m.ctx, esims.Config{Source: m.client.ESIMs, User: m.user, Styles: m.styles, Keys: esims.DefaultKeyMap()})
	return wrap(e), e.Init()
}

func (m Model) checkoutConfig() checkout.Config {
	c := checkout.Config{Checkout: m.client.Checkout, User: m.user, Open: m.opts.OpenBrowser, Copy: m.opts.Copy,
		SupportPhone: m.opts.SupportPhone, SupportEmail: m.opts.SupportEmail, Styles: m.styles, Keys: checkout.DefaultKeyMap(),
		ESIMs: m.client.ESIMs.ByEmail, Status: m.client.PaymentStatus, PollEvery: m.opts.CheckoutPollEvery, PollFor: m.opts.CheckoutPollFor}
	if m.opts.CheckoutPollEvery < 0 {
		c.ESIMs = nil
	}
	return c
}

func (m Model) agentScreen() (screen, tea.Cmd) {
	a := agent.New(m.ctx, agent.Config{Source: m.client.ESIMs, Check: m.client.ESIMCheck.Check,
		Lookup: m.client.LookupCustomer, Known: m.opts.KnownCustomers, Saw: m.opts.SawCustomer,
		Brand: m.opts.Brand, Support: messages.Support{Phone: m.opts.SupportPhone, Email: m.opts.SupportEmail},
		Copy: m.opts.Copy, Styles: agent.DefaultStyles(m.styles), Keys: agent.DefaultKeyMap()})
	return wrap(a), a.Init()
}
