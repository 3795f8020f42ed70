package agent

import (
	"strconv"
	"strings"

	"github.com/cedarsim/esim/sdk/diagnose"
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
		// Links are broken at the width, never cut: every character stays on screen.
		lines = append(lines, "", st.Heading.Render("Install"), "  iPhone")
		lines = append(lines, wrapped(v.Install.IOSLink, m.width, "    ")...)
		lines = append(lines, "  Android")
		lines = append(lines, wrapped(v.Install.AndroidLink, m.width, "    ")...)
	}
	if m.reply {
		lines = append(lines, "", st.Heading.Render("Ready reply"))
		r := diagnose.Reply(*v, diagnose.ReplyOptions{Brand: m.cfg.Brand, Support: m.cfg.Support})
		for _, l := range strings.Split(strings.TrimRight(r, "\n"), "\n") {
			lines = append(lines, wrapped(l, m.width, "")...)
		}
		// wa.me without a number: WhatsApp asks the agent which chat to send it to.
		lines = append(lines, "", st.Heading.Render("Send on WhatsApp"))
		lines = append(lines, wrapped(diagnose.WhatsAppLink("", r), m.width, "  ")...)
		lines = append(lines, "", st.Muted.Render("To copy it whole: esim esims diagnose "+v.ICCID+" --reply"))
	} else {
		lines = append(lines, "", st.Muted.Render("Press y for a ready reply to send the customer."))
	}
	return lines
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
		lines = append(lines, st.Heading.Render(itoa(len(c.ESIMs))+" eSIMs")+st.Muted.Render(" · "+itoa(c.Active)+" active, "+itoa(c.Expired)+" expired bundles"))
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

// wrapped breaks s at width (words first, long words such as links hard), each line after
// indent.
func wrapped(s string, width int, indent string) []string {
	out := strings.Split(ansi.Wrap(s, max(10, width-len(indent)), ""), "\n")
	for i := range out {
		out[i] = indent + out[i]
	}
	return out
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
