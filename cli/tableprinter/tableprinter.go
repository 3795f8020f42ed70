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
	cols    []Column
	rows    [][]cell
	current []cell
}

type cell struct {
	text    string
	style   Style
	section bool
}

// New returns a printer. On a TTY, columns are aligned and, with color, styled; maxWidth
// (0 for none) is the terminal width lines must fit (see Columns for how).
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

// Column describes how a column behaves when the table does not fit the terminal.
type Column struct {
	Title string
	// Keep marks a column never truncated (identifiers a user copies).
	Keep bool
	// Min is the narrowest a truncated cell gets (default 4).
	Min int
	// Drop > 0 lets the column go on a narrow terminal, the highest Drop first, before
	// any cell is truncated. Piped output keeps every column.
	Drop int
}

// Columns sets the column titles with their fitting rules (Header sets titles alone).
func (p *Printer) Columns(cols ...Column) {
	p.cols = cols
	p.header = make([]string, len(cols))
	for i, c := range cols {
		p.header[i] = c.Title
	}
}

// Section adds a line that spans the table on a terminal (a group heading); piped output
// leaves it out, as every data row carries its group's value itself.
func (p *Printer) Section(text string) {
	if len(p.current) > 0 {
		p.EndRow()
	}
	p.rows = append(p.rows, []cell{{text: Sanitize(text), style: Bold, section: true}})
}

func (p *Printer) column(i int) Column {
	if i < len(p.cols) {
		return p.cols[i]
	}
	return Column{}
}

const gap = 2

// fit decides which columns show and how wide each is so that lines stay within maxW:
// droppable columns go first, then the widest truncatable columns shrink, never below
// their minimum. Cells are truncated with an ellipsis, never wrapped.
func (p *Printer) fit(rows [][]cell, ncol int) (show []bool, widths []int) {
	show = make([]bool, ncol)
	widths = make([]int, ncol)
	for i := range show {
		show[i] = true
	}
	for _, r := range rows {
		if len(r) > 0 && r[0].section {
			continue
		}
		for i, c := range r {
			widths[i] = max(widths[i], lipgloss.Width(c.text))
		}
	}
	total := func() int {
		t, n := 0, 0
		for i := range widths {
			if show[i] {
				t += widths[i]
				n++
			}
		}
		return t + gap*max(n-1, 0)
	}
	if p.maxW <= 0 {
		return show, widths
	}
	for total() > p.maxW {
		drop := -1
		for i := range show {
			if show[i] && p.column(i).Drop > 0 && (drop < 0 || p.column(i).Drop > p.column(drop).Drop) {
				drop = i
			}
		}
		if drop < 0 {
			break
		}
		show[drop] = false
	}
	for excess := total() - p.maxW; excess > 0; excess-- {
		widest := -1
		for i := range widths {
			c := p.column(i)
			minW := c.Min
			if minW == 0 {
				minW = 4
			}
			if show[i] && !c.Keep && widths[i] > minW && (widest < 0 || widths[i] > widths[widest]) {
				widest = i
			}
		}
		if widest < 0 {
			break
		}
		widths[widest]--
	}
	return show, widths
}

// Render writes the table.
func (p *Printer) Render() error {
	if len(p.current) > 0 {
		p.EndRow()
	}
	if !p.isTTY {
		for _, row := range p.rows {
			if len(row) > 0 && row[0].section {
				continue
			}
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
		if len(r) > 0 && !r[0].section {
			ncol = max(ncol, len(r))
		}
	}
	show, widths := p.fit(rows, ncol)
	for _, r := range rows {
		var b strings.Builder
		if len(r) > 0 && r[0].section {
			text := r[0].text
			if p.maxW > 0 {
				text = truncate(text, p.maxW)
			}
			b.WriteString(p.style(r[0].style).Render(text))
		}
		last := -1
		for i := range r {
			if !r[0].section && show[i] {
				last = i
			}
		}
		for i, c := range r {
			if c.section || !show[i] {
				continue
			}
			text := truncate(c.text, widths[i])
			b.WriteString(p.style(c.style).Render(text))
			if i != last {
				b.WriteString(strings.Repeat(" ", widths[i]-lipgloss.Width(text)+gap))
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
	return strings.TrimRight(string(rs), " ") + "…"
}

// Styled renders text in a style when color is on, as is otherwise (for output that is not
// a table).
func Styled(color bool, s Style, text string) string {
	if !color {
		return text
	}
	p := New(io.Discard, true, true, 0)
	return p.style(s).Render(text)
}
