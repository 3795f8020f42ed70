// Package tableprinter prints rows as an aligned, coloured table on a terminal and as
// tab-separated lines (no header, no colour) when the output is piped, like cli/cli.
package tableprinter

import (
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Style names the colours a field may take on a terminal.
type Style int

const (
	Plain Style = iota
	Bold
	Muted
	Green
	Yellow
	Red
	Cyan
)

// Printer collects rows and renders them.
type Printer struct {
	w       io.Writer
	isTTY   bool
	maxW    int
	r       *lipgloss.Renderer
	header  []string
	rows    [][]cell
	current []cell
}

type cell struct {
	text  string
	style Style
}

// New returns a printer. On a TTY, columns are aligned and, with color, styled; maxWidth
// (0 for none) truncates the last column so lines fit the terminal.
func New(w io.Writer, isTTY, color bool, maxWidth int) *Printer {
	r := lipgloss.NewRenderer(w)
	if color {
		r.SetColorProfile(termenv.ANSI)
	} else {
		r.SetColorProfile(termenv.Ascii)
	}
	return &Printer{w: w, isTTY: isTTY, maxW: maxWidth, r: r}
}

// IsTTY reports whether the printer aligns columns.
func (p *Printer) IsTTY() bool { return p.isTTY }

// Header sets the column titles (printed on a TTY only).
func (p *Printer) Header(cols ...string) { p.header = cols }

// Sanitize makes a server-supplied value safe for one terminal cell: tabs and line breaks
// become spaces and other control characters (ESC, so no escape sequence injection) go.
func Sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return ' '
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			return -1
		}
		return r
	}, s)
}

// Field adds a cell to the current row.
func (p *Printer) Field(text string, s ...Style) {
	c := cell{text: Sanitize(text)}
	if len(s) > 0 {
		c.style = s[0]
	}
	p.current = append(p.current, c)
}

// EndRow finishes the current row.
func (p *Printer) EndRow() {
	p.rows = append(p.rows, p.current)
	p.current = nil
}

// Row adds a whole row of plain cells.
func (p *Printer) Row(cols ...string) {
	for _, c := range cols {
		p.Field(c)
	}
	p.EndRow()
}

func (p *Printer) style(s Style) lipgloss.Style {
	st := p.r.NewStyle()
	switch s {
	case Bold:
		return st.Bold(true)
	case Muted:
		return st.Foreground(lipgloss.Color("8"))
	case Green:
		return st.Foreground(lipgloss.Color("2"))
	case Yellow:
		return st.Foreground(lipgloss.Color("3"))
	case Red:
		return st.Foreground(lipgloss.Color("1"))
	case Cyan:
		return st.Foreground(lipgloss.Color("6"))
	}
	return st
}

// Render writes the table.
func (p *Printer) Render() error {
	if len(p.current) > 0 {
		p.EndRow()
	}
	if !p.isTTY {
		for _, row := range p.rows {
			texts := make([]string, len(row))
			for i, c := range row {
				texts[i] = c.text
			}
			if _, err := fmt.Fprintln(p.w, strings.Join(texts, "\t")); err != nil {
				return fmt.Errorf("writing table: %w", err)
			}
		}
		return nil
	}
	rows := p.rows
	if len(p.header) > 0 {
		h := make([]cell, len(p.header))
		for i, t := range p.header {
			h[i] = cell{text: strings.ToUpper(t), style: Bold}
		}
		rows = append([][]cell{h}, rows...)
	}
	ncol := 0
	for _, r := range rows {
		ncol = max(ncol, len(r))
	}
	widths := make([]int, ncol)
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], lipgloss.Width(c.text))
		}
	}
	const gap = 2
	for _, r := range rows {
		var b strings.Builder
		used := 0
		for i, c := range r {
			text := c.text
			last := i == len(r)-1
			if last && p.maxW > 0 && used+lipgloss.Width(text) > p.maxW && p.maxW-used > 1 {
				text = truncate(text, p.maxW-used)
			}
			b.WriteString(p.style(c.style).Render(text))
			if !last {
				pad := widths[i] - lipgloss.Width(text) + gap
				b.WriteString(strings.Repeat(" ", pad))
				used += widths[i] + gap
			}
		}
		if _, err := fmt.Fprintln(p.w, b.String()); err != nil {
			return fmt.Errorf("writing table: %w", err)
		}
	}
	return nil
}

func truncate(s string, w int) string {
	if lipgloss.Width(s) <= w {
		return s
	}
	rs := []rune(s)
	for len(rs) > 0 && lipgloss.Width(string(rs))+1 > w {
		rs = rs[:len(rs)-1]
	}
	return string(rs) + "…"
}
