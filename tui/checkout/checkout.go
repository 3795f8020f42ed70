// Package checkout is the last step of a purchase or top-up: the summary, then the
// pre-check, order and order line, ending in the checkout link with an offer to open it.
// Then it watches the customer's eSIM list until the new bundle appears (the payment went
// through), within a time limit, and reports it so the root shows the refreshed list.
package checkout

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/format"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/tui/internal/clipboard"
	"github.com/cedarsim/esim/tui/internal/show"
	"github.com/cedarsim/esim/tui/internal/spin"
	"github.com/cedarsim/esim/tui/nav"
	"github.com/cedarsim/esim/tui/theme"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// Config carries the calls the screen makes. Checkout is Client.Checkout; User gives the
// logged-in customer's e-mail; Open opens a link in the browser (nil: no offer).
type Config struct {
	Checkout     func(ctx context.Context, r sdk.CheckoutRequest) (*sdk.CheckoutResult, error)
	User         func(ctx context.Context) (sdk.CurrentUser, error)
	Open         func(url string) error
	Copy         clipboard.Copier // nil: no copy key
	SupportPhone string
	SupportEmail string
	Styles       theme.Styles
	Keys         KeyMap

	// ESIMs lists the customer's eSIMs (ESIMs.ByEmail); nil: no watching for the payment.
	ESIMs func(ctx context.Context, email string) ([]sdk.ESIM, error)
	// Status asks the checkout page where the payment stands (Client.PaymentStatus), so
	// that a declined card is said while watching; nil or a failure: the eSIM list alone.
	Status func(ctx context.Context, checkoutURL string) (*sdk.PaymentStatus, error)
	// PollEvery is the wait between two looks at the list (default DefaultPollEvery);
	// PollFor bounds the watch (default DefaultPollFor).
	PollEvery, PollFor time.Duration
}

// Defaults of the watch for the new bundle.
const (
	DefaultPollEvery = 5 * time.Second
	DefaultPollFor   = 10 * time.Minute // the spec's activation wait
)

// KeyMap are the screen's bindings. It implements help.KeyMap.
type KeyMap struct{ Pay, Open, Copy, Check, Back key.Binding }

// DefaultKeyMap returns the screen's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Pay:   key.NewBinding(key.WithKeys("enter", "p"), key.WithHelp("enter", "proceed to pay")),
		Open:  key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "open in browser")),
		Copy:  key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "copy link")),
		Check: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "check again")),
		Back:  key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Pay, k.Open, k.Copy, k.Check, k.Back}
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

type (
	resultMsg struct {
		res   *sdk.CheckoutResult
		err   error
		email string
		known map[string]bool // the bundles before the order; nil: not known
	}
	openedMsg struct{ err error }
	copiedMsg struct {
		system bool
		err    error
	}
	pollMsg struct {
		tag   *int
		round int
	}
	listedMsg struct {
		tag   *int
		round int
		esims []sdk.ESIM
		err   error
		pay   *sdk.PaymentStatus // nil when the page has no status or it failed
	}
)

// watch states.
const (
	watchOff     = iota
	watching     // looking at the list now and then
	watchTimeout // gave up: the limit passed
	watchDone    // the new bundle is there
)

// Model is the checkout screen.
type Model struct {
	ctx            context.Context
	cfg            Config
	bundle         sdk.Bundle
	bundleID       string // the id sent to the server (the server's choice for a top-up)
	topupAccountID string
	busy           bool
	spin           spin.Model
	url            string
	opened         bool
	copied         string // what the copy key did
	err            string
	width, height  int

	tag      *int // identity of this screen in its poll messages
	email    string
	known    map[string]bool
	watch    int
	round    int // numbers the watch, so ticks of an ended one are dropped
	deadline time.Time
	declines int  // cards declined so far, as the checkout page says
	declined bool // the last try was declined: said until the payment goes through
	paid     bool // the page says paid; the eSIM is not on the list yet
}

// New starts the checkout of a catalogue bundle.
func New(ctx context.Context, b sdk.Bundle, cfg Config) Model {
	if cfg.PollEvery <= 0 {
		cfg.PollEvery = DefaultPollEvery
	}
	if cfg.PollFor <= 0 {
		cfg.PollFor = DefaultPollFor
	}
	return Model{ctx: ctx, cfg: cfg, bundle: b, bundleID: b.ID, width: 80, height: 24,
		spin: spin.New(), tag: new(int)}
}

// NewTopup starts the checkout of a top-up: bundleID is the one the server chose for the
// eSIM whose account is topupAccountID; b is the bundle the customer picked, for the summary.
func NewTopup(ctx context.Context, b sdk.Bundle, bundleID, topupAccountID string, cfg Config) Model {
	m := New(ctx, b, cfg)
	m.bundleID, m.topupAccountID = bundleID, topupAccountID
	return m
}

// Init does nothing until the customer confirms.
func (m Model) Init() tea.Cmd { return nil }

// SetSize tells the screen the space it has.
func (m Model) SetSize(w, h int) Model { m.width, m.height = w, h; return m }

// Capturing is false: the screen has no text field.
func (m Model) Capturing() bool { return false }

// KeyMap returns the bindings that apply now, for the help bar.
func (m Model) KeyMap() help.KeyMap {
	k := m.cfg.Keys
	k.Pay.SetEnabled(m.url == "")
	k.Open.SetEnabled(m.url != "" && m.cfg.Open != nil)
	k.Copy.SetEnabled(m.url != "" && m.cfg.Copy != nil)
	k.Check.SetEnabled(m.watch == watchTimeout)
	return k
}

// URL is the checkout link, once known.
func (m Model) URL() string { return m.url }

// Update handles messages.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if sp, cmd, ok := m.spin.Update(msg, m.busy); ok {
		m.spin = sp
		return m, cmd
	}
	switch msg := msg.(type) {
	case resultMsg:
		m.busy = false
		if msg.err != nil {
			m.err = m.errorText(msg.err)
			return m, nil
		}
		m.url = msg.res.CheckoutURL
		m.email, m.known = msg.email, msg.known
		return m.startWatch()
	case pollMsg:
		if msg.tag != m.tag || msg.round != m.round || m.watch != watching {
			return m, nil
		}
		ctx, list, status, link, email, tag, round := m.ctx, m.cfg.ESIMs, m.cfg.Status, m.url, m.email, m.tag, m.round
		return m, func() tea.Msg {
			l, err := list(ctx, email)
			msg := listedMsg{tag: tag, round: round, esims: l, err: err}
			if status != nil {
				if p, err := status(ctx, link); err == nil {
					msg.pay = p
				}
			}
			return msg
		}
	case listedMsg:
		if msg.tag != m.tag || msg.round != m.round || m.watch != watching {
			return m, nil
		}
		if msg.err == nil {
			if iccid, ok := newBundle(m.known, msg.esims); ok {
				m.watch = watchDone
				return m, func() tea.Msg { return nav.PurchasedMsg{ICCID: iccid} }
			}
		}
		if p := msg.pay; p != nil {
			m.paid = p.Paid()
			if p.Declines > m.declines {
				// A declined card: said, and the customer gets the whole wait again to try
				// another one on the same page (issue 25.12).
				m.declines, m.declined = p.Declines, true
				m.deadline = time.Now().Add(m.cfg.PollFor)
			}
			if m.paid {
				m.declined = false
			}
		}
		if !time.Now().Before(m.deadline) {
			m.watch = watchTimeout
			return m, nil
		}
		return m, m.tick()
	case openedMsg:
		if msg.err != nil {
			m.err = "Could not open the browser: copy the link above."
			return m, nil
		}
		m.opened = true
		return m, nil
	case copiedMsg:
		switch {
		case msg.err != nil:
			m.copied = "Could not copy the link: select it on the screen instead."
		case msg.system:
			m.copied = "Copied the checkout link to the clipboard."
		default:
			m.copied = "Sent the checkout link to your terminal's clipboard."
		}
		return m, nil
	case tea.KeyMsg:
		if m.busy {
			return m, nil
		}
		k := m.cfg.Keys
		switch {
		case key.Matches(msg, k.Back):
			return m, func() tea.Msg { return nav.BackMsg{} }
		case key.Matches(msg, k.Pay) && m.url == "":
			return m.pay()
		case key.Matches(msg, k.Open) && m.url != "" && m.cfg.Open != nil:
			open, u := m.cfg.Open, m.url
			return m, func() tea.Msg { return openedMsg{open(u)} }
		case key.Matches(msg, k.Copy) && m.url != "" && m.cfg.Copy != nil:
			c, u := m.cfg.Copy, m.url
			return m, func() tea.Msg { system, err := c(u); return copiedMsg{system, err} }
		case key.Matches(msg, k.Check) && m.watch == watchTimeout:
			return m.startWatch()
		}
	}
	return m, nil
}

func (m Model) pay() (Model, tea.Cmd) {
	m.busy, m.err = true, ""
	ctx, cfg := m.ctx, m.cfg
	req := sdk.CheckoutRequest{BundleID: m.bundleID, TopupAccountID: m.topupAccountID}
	return m, tea.Batch(m.spin.Start(), func() tea.Msg {
		u, err := cfg.User(ctx)
		if err != nil {
			return resultMsg{err: err}
		}
		req.Email = u.Email
		// What the customer has before the order, to notice the new bundle afterwards.
		var known map[string]bool
		if cfg.ESIMs != nil {
			if l, err := cfg.ESIMs(ctx, u.Email); err == nil {
				known = bundleKeys(l)
			}
		}
		res, err := cfg.Checkout(ctx, req)
		if err == nil && (res == nil || res.CheckoutURL == "") {
			err = errors.New("the order answered without a checkout link")
		}
		return resultMsg{res: res, err: err, email: u.Email, known: known}
	})
}

// startWatch looks at the eSIM list now and then until the new bundle shows or the limit
// passes. Without the list call or the bundles from before the order it does nothing.
func (m Model) startWatch() (Model, tea.Cmd) {
	if m.cfg.ESIMs == nil || m.known == nil {
		return m, nil
	}
	m.round++
	m.watch, m.deadline = watching, time.Now().Add(m.cfg.PollFor)
	return m, m.tick()
}

func (m Model) tick() tea.Cmd {
	tag, round := m.tag, m.round
	return tea.Tick(m.cfg.PollEvery, func(time.Time) tea.Msg { return pollMsg{tag, round} })
}

// bundleKeys names every bundle of every eSIM.
func bundleKeys(list []sdk.ESIM) map[string]bool {
	out := map[string]bool{}
	for _, e := range list {
		for _, b := range e.Bundles {
			out[bundleKey(e, b)] = true
		}
	}
	return out
}

func bundleKey(e sdk.ESIM, b sdk.ESIMBundle) string {
	return e.ICCID + "|" + b.BundleID + "|" + b.Name + "|" + b.AssignmentDatetime.Format(time.RFC3339Nano)
}

// newBundle finds a bundle that was not there before the order: a new eSIM, or a top-up
// on an existing one.
func newBundle(known map[string]bool, list []sdk.ESIM) (string, bool) {
	for _, e := range list {
		for _, b := range e.Bundles {
			if !known[bundleKey(e, b)] {
				return e.ICCID, true
			}
		}
	}
	return "", false
}

func (m Model) errorText(err error) string {
	// A refusal shows the server's reason; any other failure the payment text.
	return show.Message(messages.Payment, err, messages.Support{Phone: m.cfg.SupportPhone, Email: m.cfg.SupportEmail}).Text
}

// View renders the summary and the state of the payment.
func (m Model) View() string {
	st := m.cfg.Styles
	head := "Just one more step to get your eSIM"
	if m.topupAccountID != "" {
		head = "Just one more step to topup your eSIM"
	}
	label := st.Muted.Width(8)
	plan := m.bundle.BusinessTitle
	if strings.TrimSpace(plan) == "" {
		plan = "NA"
	}
	lines := []string{
		st.Title.Render(head),
		"",
		label.Render("Plan") + plan,
	}
	// Two plans may share a title (a region called Global and the global origin): the
	// coverage tells them apart.
	if n := len(m.bundle.RoamingCountries); n > 0 {
		lines = append(lines, label.Render("Covers")+format.Countries(n))
	}
	lines = append(lines,
		label.Render("Total")+show.Price(m.bundle.Price),
		"",
		st.Muted.Render("This eSIM works only with eSIM-compatible, carrier-unlocked devices."),
		st.Muted.Render("Not sure? Dial *#06#: if an EID appears, your device supports eSIM."),
		"",
	)
	switch {
	case m.busy:
		lines = append(lines, m.spin.View()+" Redirecting...")
	case m.url != "":
		lines = append(lines, st.Heading.Render("Pay on the checkout page:"), st.Link("", m.url, m.width), "")
		switch {
		case m.opened:
			lines = append(lines, st.Success.Render("Opened in your browser."))
		case m.cfg.Open != nil && m.cfg.Copy != nil:
			lines = append(lines, "Press o to open it in your browser, c to copy it.")
		case m.cfg.Open != nil:
			lines = append(lines, "Press o to open it in your browser.")
		}
		if m.copied != "" {
			lines = append(lines, st.Success.Render(m.copied))
		}
		switch {
		case m.watch == watching && m.paid:
			lines = append(append(lines, ""), st.Message(st.Success, "Payment received: waiting for your eSIM to show up in My eSIMs.", m.width)...)
		case m.watch == watching && m.declined:
			retry := "Open the checkout page again to try another card."
			if m.cfg.Open != nil {
				retry = "Press o to open the checkout page again and try another card."
			}
			lines = append(append(lines, ""), st.Message(st.Error, "The card was declined. "+retry, m.width)...)
			lines = append(lines, st.Message(st.Muted, "Waiting for the payment: your eSIM shows up in My eSIMs once it is paid.", m.width)...)
		}
		switch m.watch {
		case watching:
			if !m.paid && !m.declined {
				lines = append(append(lines, ""), st.Message(st.Muted, "Waiting for the payment: your eSIM shows up in My eSIMs once it is paid.", m.width)...)
			}
		case watchTimeout:
			lines = append(append(lines, ""), st.Message(st.Muted, fmt.Sprintf(
				"No new eSIM yet after %s. It appears in My eSIMs once the payment is done; press r to check again.", span(m.cfg.PollFor)), m.width)...)
		case watchDone:
			lines = append(lines, "", st.Success.Render("Payment received: your eSIM is ready."))
		}
	default:
		lines = append(lines, lipgloss.NewStyle().Bold(true).Render("[ Proceed to Pay ]")+st.Muted.Render("  press enter"))
	}
	if m.err != "" {
		lines = append(append(lines, ""), st.Message(st.Error, m.err, m.width)...)
	}
	for i := range lines {
		lines[i] = ansi.Truncate(lines[i], m.width, "…") // the link is already one line (theme.Link)
	}
	return strings.Join(lines, "\n")
}

func span(d time.Duration) string {
	if d >= time.Minute && d%time.Minute == 0 {
		return fmt.Sprintf("%d min", int(d/time.Minute))
	}
	return d.String()
}
