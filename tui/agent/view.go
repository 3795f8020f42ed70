package agent

import (
	"strconv"
	"strings"

	"github.com/cedarsim/esim/sdk/diagnose"
	"github.com/cedarsim/esim/sdk/format"
	"github.com/cedarsim/esim/tui/list"
	"github.com/charmbracelet/x/ansi"
)

// layout puts the customer's eSIMs, or the open verdict, into their lists.
func (m Model) layout() Model {
	room := max(1, m.height-len(m.header()))
	status, errText := list.Ready, ""
	switch {
	case m.loading:
		status = list.Loading
	case m.err != "":
		status, errText = list.Failed, m.err
	}
	rows := make([]list.Row, len(m.customer.ESIMs))
	for i, e := range m.customer.ESIMs {
		lines := m.esimLines(e, false)
		rows[i] = list.Row{Height: len(lines), Items: 1, View: func(focus int) string {
			return strings.Join(m.esimLines(e, focus == 0), "\n")
		}}
	}
	empty := "Look a customer up by e-mail."
	if m.email != "" {
		empty = "No eSIMs for " + m.email + "."
	}
	m.list = m.list.SetStatus(status, errText).SetEmpty(empty).WithSpinner(m.spin.View()).SetSize(m.width, room).SetRows(rows)

	status, errText = list.Ready, ""
	switch {
	case m.diagnosing:
		status = list.Loading
	case m.verdictErr != "":
		status, errText = list.Failed, m.verdictErr
	}
	var text []list.Row
	for _, l := range m.verdictLines() {
		text = append(text, list.Row{View: func(int) string { return l }})
	}
	m.checks = m.checks.SetStatus(status, errText).WithSpinner(m.spin.View()).SetSize(m.width, room).SetRows(text)
	return m
}

// esimLines draws one eSIM: its ICCID, each bundle, the install details.
func (m Model) esimLines(e diagnose.ESIM, focused bool) []string {
	st := m.cfg.Styles
	lines := []string{st.Cursor(focused) + st.Heading.Render("ICCID "+e.ICCID) + st.Muted.Render("  updated "+orDash(e.ActionText))}
	if len(e.Bundles) == 0 {
		lines = append(lines, "    "+st.Muted.Render("No bundle"))
	}
	for _, b := range e.Bundles {
		topup := "top-up no"
		if b.Topup {
			topup = "top-up yes"
		}
		lines = append(lines,
			"    "+st.State.Render(pad(b.State, 11))+b.Name+"  "+st.Muted.Render(b.BundleName+" · "+topup),
			"    "+pad("", 11)+b.Usage.Text+" · ends "+orDash(b.EndText))
	}
	if e.Install.Known() {
		lines = append(lines, "    "+st.Muted.Render("SM-DP+ "+e.Install.SMDPAddress+"  code "+e.Install.ActivationCode))
	}
	return append(lines, "")
}

// verdictLines draws the checklist, and the reply when asked.
func (m Model) verdictLines() []string {
	if m.verdict == nil {
		return nil
	}
	st, v := m.cfg.Styles, m.verdict
	lines := []string{st.mark(v.Status) + " " + st.Heading.Render(v.Summary), ""}
	for _, c := range v.Checks {
		lines = append(lines, st.mark(c.Status)+" "+c.Finding)
		for _, a := range c.Advice {
			for _, l := range strings.Split(ansi.Wordwrap(a, max(20, m.width-8), ""), "\n") {
				lines = append(lines, "      "+st.Muted.Render(l))
			}
		}
	}
	if v.Install.Known() {
		// A link is one line, never broken (it would not copy): shortened on screen only.
		lines = append(lines, "", st.Heading.Render("Install"), "  iPhone",
			st.Link("    ", v.Install.IOSLink, m.width), "  Android", st.Link("    ", v.Install.AndroidLink, m.width))
	}
	if m.reply {
		lines = append(lines, "", st.Heading.Render("Ready reply"))
		for _, l := range strings.Split(strings.TrimRight(m.replyText(), "\n"), "\n") {
			lines = append(lines, m.prose(l)...)
		}
		// wa.me without a number: WhatsApp asks the agent which chat to send it to.
		lines = append(lines, "", st.Heading.Render("Send on WhatsApp"), st.Link("  ", m.whatsApp(), m.width))
		lines = append(lines, "", st.Muted.Render("c copies the reply, w the WhatsApp link; or: esim esims diagnose "+v.ICCID+" --reply"))
	} else {
		lines = append(lines, "", st.Muted.Render("Press y for a ready reply to send the customer."))
	}
	if m.copied != "" {
		lines = append(lines, "", st.Success.Render(m.copied))
	}
	return lines
}

// replyText is the ready reply to the customer of the open verdict.
func (m Model) replyText() string {
	return diagnose.Reply(*m.verdict, diagnose.ReplyOptions{Brand: m.cfg.Brand, Support: m.cfg.Support})
}

// whatsApp is the wa.me link that sends the ready reply (no number: WhatsApp asks which chat).
func (m Model) whatsApp() string { return diagnose.WhatsAppLink("", m.replyText()) }

// prose wraps a line of the reply at the width between words; a word longer than the
// width (a link) keeps a line of its own, shortened on screen only (theme.Link).
func (m Model) prose(l string) []string {
	var out []string
	for _, w := range strings.Split(ansi.Wordwrap(l, max(20, m.width), ""), "\n") {
		if ansi.StringWidth(w) <= m.width {
			out = append(out, w)
			continue
		}
		head, link, _ := strings.Cut(w, "http")
		if head != "" {
			out = append(out, strings.TrimRight(head, " "))
		}
		out = append(out, m.cfg.Styles.Link("", "http"+link, m.width))
	}
	return out
}

func (m Model) header() []string {
	st := m.cfg.Styles
	lines := []string{st.Title.Render("Agent console") + "  " + st.Muted.Render("look a customer up, diagnose an eSIM")}
	input := m.input.View()
	if !m.typing {
		input = st.Muted.Render("Customer e-mail: ") + orDash(m.email) + st.Muted.Render("  (e to change)")
	}
	lines = append(lines, input, "")
	switch {
	case m.iccid != "":
		lines = append(lines, st.Heading.Render("Diagnose eSIM "+m.iccid))
	case m.email != "" && !m.loading && m.err == "":
		c := m.customer
		lines = append(lines, st.Heading.Render(format.Count(len(c.ESIMs), "eSIM"))+
			st.Muted.Render(" · "+itoa(c.Active)+" active, "+format.Count(c.Expired, "expired bundle")))
	default:
		lines = append(lines, "")
	}
	return lines
}

// View renders the tab.
func (m Model) View() string {
	lines := m.header()
	for i := range lines {
		lines[i] = ansi.Truncate(lines[i], m.width, "…")
	}
	body := m.list.Lines()
	if m.iccid != "" {
		body = m.checks.Lines()
	}
	return strings.TrimRight(strings.Join(append(lines, body...), "\n"), "\n")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func pad(s string, n int) string {
	if w := ansi.StringWidth(s); w < n {
		return s + strings.Repeat(" ", n-w)
	}
	return s + " "
}

func itoa(n int) string { return strconv.Itoa(n) }
