// Package tui is `esim tui`: a terminal shop on the SDK. The root model here routes
// between the screens under tui/ (plans, bundle, login, signup, esims, qrview, topup,
// checkout, and agent for an agent's session), which talk to it only through the
// messages of tui/nav.
package tui

import (
	"context"
	"io"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/bundle"
	"github.com/cedarsim/esim/tui/checkout"
	"github.com/cedarsim/esim/tui/internal/show"
	"github.com/cedarsim/esim/tui/nav"
	"github.com/cedarsim/esim/tui/otp"
	"github.com/cedarsim/esim/tui/plans"
	"github.com/cedarsim/esim/tui/qrview"
	"github.com/cedarsim/esim/tui/theme"
	"github.com/cedarsim/esim/tui/topup"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Options configure the TUI. Every field is optional.
type Options struct {
	In  io.Reader // default os.Stdin
	Out io.Writer // default os.Stdout

	// Support contacts for the spec's messages ("please contact support {phone} or {email}").
	SupportPhone, SupportEmail string
	// Brand shown in the header; default "CedarSIM".
	Brand string

	// CaptchaToken returns the bot-check token OTP verification needs, when one is known
	// (configured). When it is nil or fails, CaptchaPage is used.
	CaptchaToken func(ctx context.Context) (string, error)
	// CaptchaPage starts a page that runs the captcha in a browser: the TUI shows its
	// address, opens it with OpenBrowser, and waits up to CaptchaTimeout (default
	// otp.DefaultCaptchaTimeout); esc cancels. With neither, submitting the code does
	// nothing (logged), as on the web.
	CaptchaPage    func(ctx context.Context) (otp.CaptchaPage, error)
	CaptchaTimeout time.Duration
	// OpenBrowser opens the checkout link and the captcha page; nil hides the offer.
	OpenBrowser func(url string) error
	// KnownCustomers lists the addresses the agent looked up before (the CLI's list), for
	// "did you mean"; SawCustomer adds one that named a customer. Either may be nil.
	KnownCustomers func() []string
	SawCustomer    func(email string)
	// Copy puts text on the clipboard for the copy keys and reports whether the system
	// clipboard took it; Run defaults it to the system clipboard plus OSC 52 on Out.
	Copy func(text string) (system bool, err error)

	Emoji     bool         // flags as emoji rather than ISO codes
	AltScreen bool         // use the terminal's alternate screen
	Log       *slog.Logger // default: discard (the screen is the TUI's)

	// CheckoutPollEvery and CheckoutPollFor pace and bound the watch for a paid bundle
	// after a checkout (defaults: checkout.DefaultPollEvery, checkout.DefaultPollFor); a
	// negative CheckoutPollEvery turns the watch off.
	CheckoutPollEvery, CheckoutPollFor time.Duration

	// CrashDir is where the report of a crash (a recovered panic) is written; default
	// os.UserCacheDir()/esim/crash. Version is written into it.
	CrashDir, Version string

	// ProgramOptions are passed to tea.NewProgram after the ones Run sets (tests).
	ProgramOptions []tea.ProgramOption
	// QRFetchDelay overrides the wait before fetching a missing QR image (tests).
	QRFetchDelay time.Duration
}

// Model is the root of the TUI.
type Model struct {
	ctx    context.Context
	client *sdk.Client
	opts   Options
	styles theme.Styles
	keys   KeyMap
	help   help.Model

	screens    map[screenID]screen
	cur        screenID
	stack      []screenID
	pendingBuy *sdk.Bundle // a purchase waiting for the login to finish
	account    string      // e-mail of the logged-in customer, for the header
	// registered caches whether the stored session is a customer's, read by a command at
	// start and set on login, so that Update never reads the store itself.
	registered bool
	// agent says the session is a support agent's (token role "agent"): the header says
	// so and the Agent tab is offered. The server still decides what the agent may read.
	agent bool

	width, height int
}

// New builds the root model (Run uses it; tests drive it with teatest).
func New(ctx context.Context, client *sdk.Client, opts Options) Model {
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	if opts.Brand == "" {
		opts.Brand = "CedarSIM"
	}
	st := theme.New()
	h := help.New()
	h.Styles = st.Help()
	m := Model{ctx: ctx, client: client, opts: opts, styles: st, keys: DefaultKeyMap(), help: h,
		screens: map[screenID]screen{}, width: 80, height: 24}
	m.screens[scrPlans] = wrap(plans.New(ctx, plans.Config{
		Catalog: client.Catalog, Styles: plans.DefaultStyles(st), Keys: plans.DefaultKeyMap(),
		Emoji: opts.Emoji, Log: opts.Log,
	}))
	return m
}

// Init loads the catalogue and reads who is logged in.
func (m Model) Init() tea.Cmd {
	p := m.screens[scrPlans].(wrapped[plans.Model]).m
	return tea.Batch(p.Init(), m.whoami())
}

type accountMsg struct {
	email      string
	registered bool
	agent      bool
}

// whoami reads the stored session: is it a customer's, and whose.
func (m Model) whoami() tea.Cmd {
	ctx, user, store := m.ctx, m.user, m.client.Store()
	return func() tea.Msg {
		s, err := store.Load(ctx)
		if err != nil || !s.Registered() {
			return accountMsg{}
		}
		c, _ := sdk.ParseClaims(s.Token)
		u, err := user(ctx)
		if err != nil {
			return accountMsg{registered: true, agent: c.IsAgent()}
		}
		return accountMsg{u.Email, true, c.IsAgent()}
	}
}

// user is the logged-in customer (sdk.Client.Customer: the stored token's claims, else the
// current-user call, as the web and the CLI read it).
func (m Model) user(ctx context.Context) (sdk.CurrentUser, error) {
	return m.client.Customer(ctx)
}

func (m Model) bodySize() (int, int) {
	return m.width, max(3, m.height-2-m.helpHeight())
}

// Update routes messages: keys to the current screen (after the global ones), everything
// else to every screen, which ignore what is not theirs.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	// Copy on write: a Model is a value, and older copies must not see this update.
	m.screens, m.stack = maps.Clone(m.screens), slices.Clone(m.stack)
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.help.Width = msg.Width
		return m.resize(), nil
	case tea.KeyMsg:
		return m.updateKey(msg)
	case accountMsg:
		m.account, m.registered = msg.email, msg.registered
		return m.setAgent(msg.agent), nil
	case nav.BackMsg:
		return m.back(), nil
	case nav.PlansMsg:
		return m.home(), nil
	case nav.OpenBundleMsg:
		b := bundle.New(msg.Bundle, bundle.DefaultStyles(m.styles), bundle.DefaultKeyMap(), m.opts.Emoji)
		return m.open(scrBundle, wrap(b), nil)
	case nav.BuyMsg:
		if !m.registered {
			b := msg.Bundle
			m.pendingBuy = &b
			s, cmd := m.loginScreen("")
			return m.open(scrLogin, s, cmd)
		}
		return m.open(scrCheckout, wrap(checkout.New(m.ctx, msg.Bundle, m.checkoutConfig())), nil)
	case nav.LoginMsg:
		if msg.Expired {
			s, cmd := m.loginScreen(show.SessionExpired)
			m.registered, m.account = false, ""
			m = m.setAgent(false)
			return m.replace(scrLogin, s, cmd)
		}
		s, cmd := m.loginScreen("")
		return m.open(scrLogin, s, cmd)
	case nav.SignupMsg:
		s, cmd := m.signupScreen(msg.Email)
		return m.replace(scrSignup, s, cmd)
	case nav.LoggedInMsg:
		m.registered = true
		if msg.Token != nil {
			m.account = msg.Token.Claims.Email
			m = m.setAgent(msg.Token.Claims.IsAgent())
		}
		if m.pendingBuy != nil {
			b := *m.pendingBuy
			m.pendingBuy = nil
			return m.replace(scrCheckout, wrap(checkout.New(m.ctx, b, m.checkoutConfig())), nil)
		}
		if m.agent { // an agent signs in to help customers: straight to the console
			s, cmd := m.agentScreen()
			return m.replace(scrAgent, s, cmd)
		}
		s, cmd := m.esimsScreen()
		return m.replace(scrESIMs, s, cmd) // on success the web goes to the profile
	case nav.ProfileMsg:
		return m.profile()
	case nav.PurchasedMsg:
		// The paid bundle is on the customer's list: show it, freshly loaded.
		s, cmd := m.esimsScreen()
		return m.replace(scrESIMs, s, cmd)
	case nav.ShowQRMsg:
		q := qrview.New(m.ctx, msg.ESIM, qrview.Config{Source: m.client.ESIMs, Styles: m.styles,
			Keys: qrview.DefaultKeyMap(), Copy: m.opts.Copy, FetchDelay: m.opts.QRFetchDelay})
		return m.open(scrQR, wrap(q), q.Init())
	case nav.TopupMsg:
		t := topup.New(m.ctx, msg, topup.Config{Bundles: m.client.Catalog.TopupBundles, Select: m.client.TopupSelect,
			SupportPhone: m.opts.SupportPhone, SupportEmail: m.opts.SupportEmail, Styles: m.styles,
			Keys: topup.DefaultKeyMap(), Emoji: m.opts.Emoji, Log: m.opts.Log})
		return m.open(scrTopup, wrap(t), t.Init())
	case nav.TopupCheckoutMsg:
		c := checkout.NewTopup(m.ctx, msg.Bundle, msg.BundleID, msg.TopupAccountID, m.checkoutConfig())
		return m.open(scrCheckout, wrap(c), nil)
	}
	var cmds []tea.Cmd
	for id, s := range m.screens {
		var cmd tea.Cmd
		m.screens[id], cmd = s.Update(msg)
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

// setAgent records whether the session is an agent's and offers the Agent tab.
func (m Model) setAgent(agent bool) Model {
	m.agent = agent
	m.keys.Agent.SetEnabled(agent)
	if !agent {
		if m.cur == scrAgent {
			m = m.home()
		}
		delete(m.screens, scrAgent)
	}
	return m
}

func (m Model) profile() (Model, tea.Cmd) {
	if !m.registered {
		s, cmd := m.loginScreen("")
		return m.open(scrLogin, s, cmd)
	}
	s, cmd := m.esimsScreen()
	return m.open(scrESIMs, s, cmd)
}

func (m Model) resize() Model {
	w, h := m.bodySize()
	for id, s := range m.screens {
		m.screens[id] = s.SetSize(w, h)
	}
	return m
}

func (m Model) updateKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	if key.Matches(msg, m.keys.ForceQuit) {
		return m, tea.Quit
	}
	cur := m.screens[m.cur]
	if !cur.Capturing() {
		switch {
		case key.Matches(msg, m.keys.Quit):
			return m, tea.Quit
		case key.Matches(msg, m.keys.Help):
			m.help.ShowAll = !m.help.ShowAll
			return m.resize(), nil
		case key.Matches(msg, m.keys.Plans):
			return m.home(), nil
		case key.Matches(msg, m.keys.Profile):
			if m.cur == scrESIMs {
				return m, nil
			}
			return m.profile()
		case key.Matches(msg, m.keys.Agent) && m.agent:
			if m.cur == scrAgent {
				return m, nil
			}
			if s, ok := m.screens[scrAgent]; ok { // the customer looked up is kept
				return m.open(scrAgent, s, nil)
			}
			s, cmd := m.agentScreen()
			return m.open(scrAgent, s, cmd)
		}
	}
	var cmd tea.Cmd
	m.screens[m.cur], cmd = cur.Update(msg)
	return m, cmd
}

// View draws the header, the current screen and the help bar.
func (m Model) View() string {
	st := m.styles
	account := "My Account"
	if m.account != "" {
		account = m.account
	}
	sections := "1 Plans · 2 My eSIMs"
	brand := st.Title.Render(m.opts.Brand)
	if m.agent {
		// An agent's session is marked in every screen's header, next to the brand so that
		// no terminal width cuts it off.
		sections += " · 3 Agent"
		brand += " " + st.Selected.Render("[AGENT]")
	}
	sections = st.Muted.Render(sections)
	head := brand + "  " + sections
	if gap := m.width - ansi.StringWidth(head) - ansi.StringWidth(account); gap > 1 {
		head += strings.Repeat(" ", gap) + account
	} else {
		head += "  " + account
	}
	cur := m.screens[m.cur]
	_, h := m.bodySize()
	body := strings.Split(cur.View(), "\n")
	if len(body) > h {
		body = body[:h]
	}
	for len(body) < h {
		body = append(body, "")
	}
	// help.Model can overflow when not even its ellipsis fits; cut each line to the window.
	helpLines := strings.Split(m.helpView(cur), "\n")
	if len(helpLines) > m.maxHelp() { // a tiny window: the rest of the keys do not fit
		helpLines = helpLines[:m.maxHelp()]
	}
	for i, l := range helpLines {
		helpLines[i] = ansi.Truncate(l, m.width, "…")
	}
	helpView := strings.Join(helpLines, "\n")
	return ansi.Truncate(head, m.width, "…") + "\n\n" + strings.Join(body, "\n") + "\n" + helpView
}
