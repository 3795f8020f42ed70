// Package qrview shows an eSIM's install QR code in the terminal, rendered from its LPA
// activation code, with the SM-DP+ address and activation code for manual install.
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

// Config carries what the view needs.
type Config struct {
	Source     Source
	Styles     theme.Styles
	Keys       KeyMap
	FetchDelay time.Duration // 0 means DefaultFetchDelay; tests set a tiny one
}

// KeyMap are the view's bindings. It implements help.KeyMap.
type KeyMap struct{ Back, Retry key.Binding }

// DefaultKeyMap returns the view's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Back:  key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Retry: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "retry")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Back, k.Retry} }

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

type (
	fetchMsg struct{ iccid string }
	codeMsg  struct {
		iccid string
		code  lpa.Code
		err   error
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

// wrapped breaks s at the width (less the indent) and indents every piece.
func wrapped(s string, width int, indent string) []string {
	out := strings.Split(ansi.Wrap(s, max(10, width-len(indent)), ""), "\n")
	for i := range out {
		out[i] = indent + out[i]
	}
	return out
}

// Render draws text as a QR code with half blocks: the one terminal renderer the CLI uses
// too (sdk/qrcode.Terminal, error-correction level M).
func Render(text string) (string, error) { return qrcode.Terminal(text) }

// SetSize tells the view the space it has.
func (m Model) SetSize(w, h int) Model { m.width, m.height = w, h; return m }

// Capturing is false: the view has no text field.
func (m Model) Capturing() bool { return false }

// KeyMap returns the bindings for the help bar.
func (m Model) KeyMap() help.KeyMap { return m.cfg.Keys }

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
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, m.cfg.Keys.Back):
			return m, func() tea.Msg { return nav.BackMsg{} }
		case key.Matches(msg, m.cfg.Keys.Retry) && m.err != "":
			m.err = ""
			iccid := m.esim.ICCID
			return m, tea.Batch(m.spin.Start(), func() tea.Msg { return fetchMsg{iccid} })
		}
	}
	return m, nil
}

// View renders the code and the manual-install facts.
func (m Model) View() string {
	st := m.cfg.Styles
	lines := []string{st.Title.Render("Install your eSIM") + "  " + st.Muted.Render("ICCID "+m.esim.ICCID), ""}
	uncut := map[string]bool{}
	switch {
	case m.err != "":
		lines = append(lines, st.Message(st.Error, m.err, m.width)...)
	case m.qr == "":
		lines = append(lines, m.spin.View()+" Loading...")
	default:
		// The one-tap links, iPhone and Android, broken at the width but never cut either.
		links := wrapped(lpa.IPhoneLink(m.code), m.width, "    ")
		android := wrapped(lpa.AndroidLink(m.code), m.width, "    ")
		qrLines := strings.Split(m.qr, "\n")
		if len(qrLines)+len(lines)+4+3+len(links)+len(android) > m.height || ansi.StringWidth(qrLines[0]) > m.width {
			lines = append(lines, st.Muted.Render("Enlarge the terminal to see the QR code."))
		} else {
			lines = append(lines, qrLines...)
		}
		// The codes themselves are never cut: a cut code cannot be typed in.
		lines = append(lines, "",
			st.Heading.Render("Manual install"),
			"SM-DP+ address   "+m.code.SMDP,
			"Activation code  "+m.code.MatchingID,
		)
		for i := range lines[len(lines)-2:] {
			if w := lines[len(lines)-2+i]; ansi.StringWidth(w) > m.width {
				lines[len(lines)-2+i] = strings.Replace(w, "  ", "\n", 1)
			}
		}
		lines = append(lines, "", st.Heading.Render("One-tap install"), "  iPhone")
		lines = append(lines, links...)
		lines = append(lines, "  Android")
		lines = append(lines, android...)
		for _, l := range append(links, android...) {
			uncut[l] = true
		}
	}
	out := strings.Split(strings.Join(lines, "\n"), "\n")
	for i, l := range out {
		if m.qr == "" || (l != m.code.SMDP && l != m.code.MatchingID && !uncut[l]) {
			out[i] = ansi.Truncate(l, m.width, "…")
		}
	}
	return strings.Join(out, "\n")
}
