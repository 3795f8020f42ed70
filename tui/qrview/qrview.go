// Package qrview shows an eSIM's install QR code in the terminal, rendered from its LPA
// activation code, with the SM-DP+ address and activation code for manual install and the
// one-tap install links beside it. The code (half blocks, two modules a line, quiet zone
// 2) is drawn white on black whatever the terminal's theme, and fits 80×24; the links are
// never broken over lines (OSC 8 hyperlinks when shortened) and each has a copy key.
package qrview

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/lpa"
	"github.com/cedarsim/esim/sdk/qrcode"
	"github.com/cedarsim/esim/tui/internal/clipboard"
	"github.com/cedarsim/esim/tui/internal/show"
	"github.com/cedarsim/esim/tui/internal/spin"
	"github.com/cedarsim/esim/tui/nav"
	"github.com/cedarsim/esim/tui/theme"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// DefaultFetchDelay is the wait before asking for the QR image when the eSIM came without
// one, as the web does.
const DefaultFetchDelay = 500 * time.Millisecond

// Source fetches the QR image (*sdk.ESIMsService satisfies it).
type Source interface {
	QRCode(ctx context.Context, iccid string) ([]byte, error)
}

// Config carries what the view needs. Copy puts text on the clipboard (nil: no copy keys).
type Config struct {
	Source     Source
	Styles     theme.Styles
	Keys       KeyMap
	Copy       clipboard.Copier
	FetchDelay time.Duration // 0 means DefaultFetchDelay; tests set a tiny one
}

// KeyMap are the view's bindings. It implements help.KeyMap.
type KeyMap struct {
	Back, Retry                       key.Binding
	CopyCode, CopyIPhone, CopyAndroid key.Binding

	ready, failed bool
}

// DefaultKeyMap returns the view's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Back:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Retry:       key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "retry")),
		CopyCode:    key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "copy code")),
		CopyIPhone:  key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "copy iPhone link")),
		CopyAndroid: key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "copy Android link")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding {
	switch {
	case k.ready:
		return []key.Binding{k.CopyCode, k.CopyIPhone, k.CopyAndroid, k.Back}
	case k.failed:
		return []key.Binding{k.Retry, k.Back}
	}
	return []key.Binding{k.Back}
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

type (
	fetchMsg struct{ iccid string }
	codeMsg  struct {
		iccid string
		code  lpa.Code
		err   error
	}
	copiedMsg struct {
		what   string
		system bool
		err    error
	}
)

// Model is the QR view.
type Model struct {
	ctx           context.Context
	cfg           Config
	esim          sdk.ESIM
	code          lpa.Code
	qr            string // the rendered code, "" until known
	loading       bool
	err           string
	copied        string // what the last copy key did
	spin          spin.Model
	width, height int
}

// New shows the QR code of e.
func New(ctx context.Context, e sdk.ESIM, cfg Config) Model {
	if cfg.FetchDelay <= 0 {
		cfg.FetchDelay = DefaultFetchDelay
	}
	return Model{ctx: ctx, cfg: cfg, esim: e, width: 80, height: 24,
		spin: spin.New()}
}

// Init reads the activation code from the eSIM, or fetches its QR image.
func (m Model) Init() tea.Cmd {
	iccid := m.esim.ICCID
	if c, err := FromESIM(m.esim); err == nil {
		return func() tea.Msg { return codeMsg{iccid: iccid, code: c} }
	}
	if m.esim.Base64QRCodeImage != "" {
		// An image that does not decode is not fetched again: the server already said.
		return func() tea.Msg {
			c, err := FromESIM(m.esim)
			return codeMsg{iccid: iccid, code: c, err: err}
		}
	}
	return tea.Batch(m.spin.Start(), tea.Tick(m.cfg.FetchDelay, func(time.Time) tea.Msg { return fetchMsg{iccid} }))
}

// FromESIM reads the LPA activation code of an eSIM: from its iPhone link, else from the
// QR image it carries.
func FromESIM(e sdk.ESIM) (lpa.Code, error) {
	if e.LinkOnIphone != "" {
		if c, err := lpa.FromIPhoneLink(e.LinkOnIphone); err == nil {
			return c, nil
		}
	}
	if e.Base64QRCodeImage == "" {
		return lpa.Code{}, errors.New("the eSIM carries no activation code")
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(stripDataURL(e.Base64QRCodeImage)))
	if err != nil {
		return lpa.Code{}, fmt.Errorf("QR image is not base64: %w", err)
	}
	return fromPNG(raw)
}

// fromPNG decodes a QR PNG into an activation code.
func fromPNG(raw []byte) (lpa.Code, error) {
	text, err := qrcode.DecodePNG(raw)
	if err != nil {
		return lpa.Code{}, fmt.Errorf("read QR image: %w", err)
	}
	c, err := lpa.Parse(strings.TrimSpace(text))
	if err != nil {
		return lpa.Code{}, fmt.Errorf("QR image: %w", err)
	}
	return c, nil
}

// stripDataURL drops a "data:image/png;base64," prefix some servers add.
func stripDataURL(s string) string {
	if i := strings.Index(s, ","); i >= 0 && strings.HasPrefix(s, "data:") {
		return s[i+1:]
	}
	return s
}

// Render draws text as a QR code with half blocks: the one terminal renderer the CLI uses
// too (sdk/qrcode.Terminal, error-correction level M).
func Render(text string) (string, error) { return qrcode.Terminal(text) }

// SetSize tells the view the space it has.
func (m Model) SetSize(w, h int) Model { m.width, m.height = w, h; return m }

// Capturing is false: the view has no text field.
func (m Model) Capturing() bool { return false }

// KeyMap returns the bindings for the help bar.
func (m Model) KeyMap() help.KeyMap {
	k := m.cfg.Keys
	k.ready, k.failed = m.qr != "" && m.cfg.Copy != nil, m.err != ""
	return k
}

// Update handles messages.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if sp, cmd, ok := m.spin.Update(msg, m.err == "" && (m.loading || m.qr == "")); ok {
		m.spin = sp
		return m, cmd
	}
	switch msg := msg.(type) {
	case fetchMsg:
		if msg.iccid != m.esim.ICCID {
			return m, nil
		}
		m.loading = true
		ctx, src, iccid := m.ctx, m.cfg.Source, m.esim.ICCID
		return m, func() tea.Msg {
			raw, err := src.QRCode(ctx, iccid)
			if err != nil {
				return codeMsg{iccid: iccid, err: err}
			}
			c, err := fromPNG(raw)
			return codeMsg{iccid: iccid, code: c, err: err}
		}
	case codeMsg:
		if msg.iccid != m.esim.ICCID {
			return m, nil
		}
		m.loading = false
		if msg.err != nil {
			m.err = show.LoadError(msg.err)
			return m, nil
		}
		q, err := Render(msg.code.String())
		if err != nil {
			m.err = show.LoadError(err)
			return m, nil
		}
		m.code, m.qr, m.err = msg.code, q, ""
		return m, nil
	case copiedMsg:
		m.copied = copiedText(msg)
		return m, nil
	case tea.KeyMsg:
		k := m.cfg.Keys
		switch {
		case key.Matches(msg, k.Back):
			return m, func() tea.Msg { return nav.BackMsg{} }
		case key.Matches(msg, k.Retry) && m.err != "":
			m.err = ""
			iccid := m.esim.ICCID
			return m, tea.Batch(m.spin.Start(), func() tea.Msg { return fetchMsg{iccid} })
		case m.qr == "" || m.cfg.Copy == nil:
		case key.Matches(msg, k.CopyCode):
			return m, m.copy("the activation code", m.code.String())
		case key.Matches(msg, k.CopyIPhone):
			return m, m.copy("the iPhone install link", lpa.IPhoneLink(m.code))
		case key.Matches(msg, k.CopyAndroid):
			return m, m.copy("the Android install link", lpa.AndroidLink(m.code))
		}
	}
	return m, nil
}

func (m Model) copy(what, text string) tea.Cmd {
	c := m.cfg.Copy
	return func() tea.Msg {
		system, err := c(text)
		return copiedMsg{what, system, err}
	}
}

// copiedText says what a copy did: a terminal does not report an OSC 52 copy, so only
// the system clipboard's is certain.
func copiedText(c copiedMsg) string {
	switch {
	case c.err != nil:
		return "Could not copy " + c.what + ": select it on the screen instead."
	case c.system:
		return "Copied " + c.what + " to the clipboard."
	}
	return "Sent " + c.what + " to your terminal's clipboard."
}

// infoWidth is the narrowest the column beside the code may be.
const infoWidth = 30

// View renders the code with the manual-install facts and the one-tap links beside it, or
// below it on a narrow terminal.
func (m Model) View() string {
	st := m.cfg.Styles
	title := ansi.Truncate(st.Title.Render("Install your eSIM")+"  "+st.Muted.Render("ICCID "+m.esim.ICCID), m.width, "…")
	switch {
	case m.err != "":
		return strings.Join(append([]string{title, ""}, st.Message(st.Error, m.err, m.width)...), "\n")
	case m.qr == "":
		return title + "\n\n" + m.spin.View() + " Loading..."
	}
	qr := strings.Split(m.qr, "\n")
	qrWidth := ansi.StringWidth(qr[0])
	lines := []string{title}
	switch {
	case qrWidth > m.width || len(qr)+1 > m.height:
		lines = append(lines, st.Muted.Render("Enlarge the terminal to see the QR code."), "")
		lines = append(lines, m.info(m.width)...)
	case m.width >= qrWidth+2+infoWidth:
		info := m.info(m.width - qrWidth - 2)
		for i := range max(len(qr), len(info)) {
			left := strings.Repeat(" ", qrWidth)
			if i < len(qr) {
				left = st.QR.Render(qr[i])
			}
			right := ""
			if i < len(info) {
				right = "  " + info[i]
			}
			lines = append(lines, strings.TrimRight(left+right, " "))
		}
	default:
		for _, l := range qr {
			lines = append(lines, st.QR.Render(l))
		}
		lines = append(append(lines, ""), m.info(m.width)...)
	}
	return strings.Join(lines, "\n")
}

// info is the column of facts for manual install and the one-tap links, at most width
// wide: the codes are never cut (a cut code cannot be typed in), the links are shortened
// only in what shows (see theme.Link).
func (m Model) info(width int) []string {
	st := m.cfg.Styles
	lines := []string{
		st.Heading.Render("Manual install"),
		st.Muted.Render("SM-DP+ address"),
		"  " + m.code.SMDP,
		st.Muted.Render("Activation code"),
		"  " + m.code.MatchingID,
		"",
		st.Heading.Render("One-tap install"),
		st.Muted.Render("iPhone"),
		st.Link("  ", lpa.IPhoneLink(m.code), width),
		st.Muted.Render("Android"),
		st.Link("  ", lpa.AndroidLink(m.code), width),
	}
	if m.copied != "" {
		lines = append(lines, "")
		lines = append(lines, st.Message(st.Success, m.copied, width)...)
	}
	return lines
}
