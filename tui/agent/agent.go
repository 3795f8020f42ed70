// Package agent is the support agent's tab: look a customer up by e-mail, see their eSIMs
// at a glance (sdk/diagnose.View: states, usage, validity, top-up eligibility, install
// details), and open the checklist verdict of one eSIM (sdk/diagnose.Diagnose) with the
// ready-to-send reply (sdk/diagnose.Reply): the same logic as `esim customer show` and
// `esim esims diagnose`. The server decides who may read what: a 403 is shown as such.
package agent

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/diagnose"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/sdk/textmatch"
	"github.com/cedarsim/esim/tui/internal/clipboard"
	"github.com/cedarsim/esim/tui/internal/show"
	"github.com/cedarsim/esim/tui/internal/spin"
	"github.com/cedarsim/esim/tui/list"
	"github.com/cedarsim/esim/tui/nav"
	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
)

// Source is what the tab reads (*sdk.ESIMsService satisfies it).
type Source interface {
	ByEmail(ctx context.Context, email string) ([]sdk.ESIM, error)
	Info(ctx context.Context, iccid string) ([]sdk.ESIMBundle, error)
}

// Config carries what the tab needs. Check is ESIMCheck.Check (top-up eligibility); Now
// is the clock of the verdict (default time.Now).
type Config struct {
	Source Source
	Check  func(ctx context.Context, bundleName, iccid string) (bool, error)
	Now    func() time.Time
	// Lookup tells a customer without eSIMs from nobody (sdk.Client.LookupCustomer; nil, or
	// sdk.ErrNoLookup from a provider: an empty list stands).
	Lookup func(ctx context.Context, email string) (*sdk.CustomerLookup, error)
	// Known lists the addresses looked up before, for "did you mean"; Saw adds one that
	// named a customer. Either may be nil.
	Known   func() []string
	Saw     func(email string)
	Brand   string
	Support messages.Support
	Copy    clipboard.Copier // nil: no copy keys
	Styles  Styles
	Keys    KeyMap
}

// NoCustomer says that no customer has the address looked up.
const NoCustomer = "No customer with this e-mail."

// Lists of the tab, told apart in list.RetryMsg.
const (
	listCustomer = iota + 1
	listVerdict
)

type (
	foundMsg struct {
		tag    *int
		email  string
		esims  []sdk.ESIM
		err    error
		nobody bool // no customer has this address (the look-up said so)
	}
	verdictMsg struct {
		tag     *int
		iccid   string
		verdict diagnose.Verdict
		err     error
	}
	copiedMsg struct {
		what   string
		system bool
		err    error
	}
)

// Model is the agent tab.
type Model struct {
	ctx context.Context
	cfg Config
	tag *int

	input  textinput.Model
	typing bool // the e-mail field has focus

	email    string // the customer shown
	customer diagnose.Customer
	esims    []sdk.ESIM
	loading  bool
	err      string
	list     list.Model

	// The verdict of one eSIM, when open.
	iccid      string
	verdict    *diagnose.Verdict
	verdictErr string
	diagnosing bool
	reply      bool // the ready reply is shown below the checklist
	checks     list.Model
	copied     string // what the last copy key did

	spin          spin.Model
	width, height int
}

// New builds the tab with the e-mail field focused.
func New(ctx context.Context, cfg Config) Model {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	ti := textinput.New()
	ti.Prompt = "Customer e-mail: "
	ti.Placeholder = "customer@example.com"
	ti.CharLimit = 254
	ti.Cursor.SetMode(cursor.CursorStatic)
	ti.Focus()
	ls := list.DefaultStyles(cfg.Styles.Styles)
	m := Model{ctx: ctx, cfg: cfg, tag: new(int), input: ti, typing: true, spin: spin.New(),
		list:   list.New(listCustomer, cfg.Keys.List, ls).SetEmpty("Look a customer up by e-mail."),
		checks: list.New(listVerdict, cfg.Keys.List, ls),
		width:  80, height: 24}
	return m.layout()
}

// Init does nothing: the tab waits for an e-mail.
func (m Model) Init() tea.Cmd { return nil }

// SetSize tells the tab the space it has.
func (m Model) SetSize(w, h int) Model {
	m.width, m.height = w, h
	m.input.Width = max(10, min(50, w-len(m.input.Prompt)-2))
	return m.layout()
}

// Capturing reports typing in the e-mail field.
func (m Model) Capturing() bool { return m.typing }

// KeyMap returns the bindings that apply now.
func (m Model) KeyMap() help.KeyMap {
	k := m.cfg.Keys
	k.typing, k.verdict, k.copy = m.typing, m.iccid != "", m.cfg.Copy != nil && m.verdict != nil
	k.failed = (m.iccid == "" && m.err != "") || (m.iccid != "" && m.verdictErr != "")
	return k
}

// Customer is the view of the customer looked up.
func (m Model) Customer() diagnose.Customer { return m.customer }

// Verdict is the open verdict, if any.
func (m Model) Verdict() (diagnose.Verdict, bool) {
	if m.verdict == nil {
		return diagnose.Verdict{}, false
	}
	return *m.verdict, true
}

func (m Model) busy() bool { return m.loading || m.diagnosing }

// Update handles messages.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if sp, cmd, ok := m.spin.Update(msg, m.busy()); ok {
		m.spin = sp
		if cmd != nil {
			m = m.layout()
		}
		return m, cmd
	}
	switch msg := msg.(type) {
	case foundMsg:
		if msg.tag != m.tag || msg.email != m.email {
			return m, nil
		}
		m.loading = false
		if msg.err != nil {
			m.err = errorText(msg.err)
			return m.layout(), nil
		}
		if msg.nobody {
			m.err = NoCustomer
			if m.cfg.Known != nil {
				if near, ok := textmatch.Closest(msg.email, m.cfg.Known(), 3); ok {
					m.err += " Did you mean " + near + "?"
				}
			}
			return m.layout(), nil
		}
		if m.cfg.Saw != nil {
			m.cfg.Saw(msg.email)
		}
		m.esims, m.customer = msg.esims, diagnose.View(msg.email, msg.esims)
		m.list = m.list.Top()
		return m.layout(), nil
	case verdictMsg:
		if msg.tag != m.tag || msg.iccid != m.iccid {
			return m, nil
		}
		m.diagnosing = false
		if msg.err != nil {
			m.verdictErr = errorText(msg.err)
			return m.layout(), nil
		}
		v := msg.verdict
		m.verdict = &v
		m.checks = m.checks.Top()
		return m.layout(), nil
	case copiedMsg:
		switch {
		case msg.err != nil:
			m.copied = "Could not copy " + msg.what + ": esim esims diagnose " + m.iccid + " --reply prints it."
		case msg.system:
			m.copied = "Copied " + msg.what + " to the clipboard."
		default:
			m.copied = "Sent " + msg.what + " to your terminal's clipboard."
		}
		return m.layout(), nil
	case tea.KeyMsg:
		if m.typing {
			return m.updateTyping(msg)
		}
		return m.updateKey(msg)
	}
	return m, nil
}

// copy puts text on the clipboard; what names it in the message.
func (m Model) copy(what, text string) tea.Cmd {
	c := m.cfg.Copy
	return func() tea.Msg {
		system, err := c(text)
		return copiedMsg{what, system, err}
	}
}

func (m Model) updateTyping(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.cfg.Keys
	switch {
	case key.Matches(msg, k.Lookup):
		email := strings.TrimSpace(m.input.Value())
		if email == "" {
			return m, nil
		}
		m.typing = false
		m.input.Blur()
		return m.lookup(email)
	case key.Matches(msg, k.Back):
		if m.email == "" {
			return m, func() tea.Msg { return nav.BackMsg{} }
		}
		m.typing = false
		m.input.Blur()
		return m, nil
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return m, cmd
}

func (m Model) updateKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.cfg.Keys
	if m.iccid != "" { // the verdict is open
		switch {
		case key.Matches(msg, k.Back):
			m.iccid, m.verdict, m.verdictErr, m.reply, m.diagnosing, m.copied = "", nil, "", false, false, ""
			return m.layout(), nil
		case key.Matches(msg, k.Reply) && m.verdict != nil:
			m.reply = !m.reply
			return m.layout(), nil
		case key.Matches(msg, k.CopyReply) && m.verdict != nil && m.cfg.Copy != nil:
			m.reply = true // what is copied is on screen
			return m.layout(), m.copy("the ready reply", m.replyText())
		case key.Matches(msg, k.WhatsApp) && m.verdict != nil && m.cfg.Copy != nil:
			m.reply = true
			return m.layout(), m.copy("the WhatsApp link", m.whatsApp())
		case key.Matches(msg, k.Retry) && m.verdictErr != "":
			return m.diagnose(m.iccid)
		}
		var cmd tea.Cmd
		m.checks, cmd = m.checks.Update(msg)
		return m, cmd
	}
	switch {
	case key.Matches(msg, k.Edit):
		m.typing = true
		return m, m.input.Focus()
	case key.Matches(msg, k.Back):
		return m, func() tea.Msg { return nav.BackMsg{} }
	case key.Matches(msg, k.Retry) && m.err != "":
		return m.lookup(m.email)
	case key.Matches(msg, k.Diagnose):
		if r, _ := m.list.Focus(); r >= 0 && r < len(m.customer.ESIMs) && !m.loading && m.err == "" {
			return m.diagnose(m.customer.ESIMs[r].ICCID)
		}
		return m, nil
	}
	var cmd tea.Cmd
	m.list, cmd = m.list.Update(msg)
	return m, cmd
}

// lookup reads the customer's eSIMs.
func (m Model) lookup(email string) (Model, tea.Cmd) {
	m.email, m.loading, m.err = email, true, ""
	m.customer, m.esims = diagnose.Customer{}, nil
	ctx, src, lookup, tag := m.ctx, m.cfg.Source, m.cfg.Lookup, m.tag
	return m.layout(), tea.Batch(m.spin.Start(), func() tea.Msg {
		l, err := src.ByEmail(ctx, email)
		if err != nil || len(l) > 0 || lookup == nil {
			return foundMsg{tag: tag, email: email, esims: l, err: err}
		}
		// An empty list is also what an unknown address gets: the look-up tells (issue 25.3).
		who, lerr := lookup(ctx, email)
		switch {
		case errors.Is(lerr, sdk.ErrNoLookup):
			return foundMsg{tag: tag, email: email, esims: l}
		case lerr != nil:
			return foundMsg{tag: tag, email: email, err: lerr}
		}
		return foundMsg{tag: tag, email: email, esims: l, nobody: !who.Exists}
	})
}

// diagnose reads the eSIM's bundles and the top-up check, and runs the checklist.
func (m Model) diagnose(iccid string) (Model, tea.Cmd) {
	m.iccid, m.verdict, m.verdictErr, m.diagnosing, m.reply, m.copied = iccid, nil, "", true, false, ""
	var install diagnose.Install
	for _, e := range m.customer.ESIMs {
		if e.ICCID == iccid {
			install = e.Install
		}
	}
	ctx, cfg, tag := m.ctx, m.cfg, m.tag
	return m.layout(), tea.Batch(m.spin.Start(), func() tea.Msg {
		bundles, err := cfg.Source.Info(ctx, iccid)
		if err != nil {
			return verdictMsg{tag: tag, iccid: iccid, err: err}
		}
		in := diagnose.Input{ICCID: iccid, Bundles: bundles, Now: cfg.Now(), Install: install}
		if cur, ok := diagnose.Current(bundles); ok && diagnose.TopupAllowed(cur) && cfg.Check != nil {
			can, err := cfg.Check(ctx, cur.Name, iccid)
			in.Topup = diagnose.TopupCheck{Done: err == nil, CanContinue: can}
			if err != nil {
				in.Topup.Err = show.LoadError(err)
			}
		}
		return verdictMsg{tag: tag, iccid: iccid, verdict: diagnose.Diagnose(in)}
	})
}

// errorText is the text of a failed read: the server's refusal is named as such.
func errorText(err error) string {
	if sdk.IsStatus(err, 403) {
		return "This session may not read this customer's eSIMs (403 Forbidden)."
	}
	if sdk.IsNotFound(err) {
		return NoCustomer
	}
	return show.LoadError(err)
}
