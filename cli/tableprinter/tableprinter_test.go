package tableprinter

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
)

func TestRender(t *testing.T) {
	tests := []struct {
		name       string
		tty, color bool
		width      int
		want       string
	}{
		{"piped: tabs, no header, values cleaned", false, false, 0, "a\tx y\tlast\nlonger\t-\tz\n"},
		{"terminal: aligned with header", true, false, 0, "ONE     TWO  THREE\na       x y  last\nlonger  -    z\n"},
		{"terminal: widest columns cut to the width", true, false, 15, "ONE   TWO  THR…\na     x y  last\nlon…  -    z\n"},
		{"colour", true, true, 0, "\x1b[1mONE\x1b[0m     \x1b[1mTWO\x1b[0m  \x1b[1mTHREE\x1b[0m\n\x1b[32ma\x1b[0m       x y  last\n\x1b[32mlonger\x1b[0m  -    z\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			p := New(&b, tt.tty, tt.color, tt.width)
			p.Header("one", "two", "three")
			p.Field("a", Green)
			p.Field("x\ty\x1b")
			p.Field("last")
			p.EndRow()
			p.Field("longer", Green)
			p.Field("-")
			p.Field("z")
			if err := p.Render(); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("got  %q\nwant %q", b.String(), tt.want)
			}
		})
	}
}

func TestFit(t *testing.T) {
	tests := []struct {
		name  string
		width int
		want  string
	}{
		{"wide enough", 0, "ID    PLAN                 FLAG  COVERAGE\n8996199000000000010\nabcd  Turkey 5 GB 30 Days  TR    3 countries\n"},
		{"droppable columns go first", 31, "ID    PLAN                 FLAG\n8996199000000000010\nabcd  Turkey 5 GB 30 Days  TR\n"},
		{"then the flexible column shrinks; kept ids stay whole", 16, "ID    PLAN\n899619900000000…\nabcd  Turkey 5…\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			p := New(&b, true, false, tt.width)
			p.Columns(Column{Title: "id", Keep: true}, Column{Title: "plan"}, Column{Title: "flag", Drop: 1}, Column{Title: "coverage", Drop: 2})
			p.Section("8996199000000000010")
			p.Row("abcd", "Turkey 5 GB 30 Days", "TR", "3 countries")
			if err := p.Render(); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("got  %q\nwant %q", b.String(), tt.want)
			}
			for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
				if tt.width > 0 && lipgloss.Width(l) > tt.width {
					t.Errorf("line %q wider than %d", l, tt.width)
				}
			}
		})
	}
	var piped bytes.Buffer
	p := New(&piped, false, false, 10)
	p.Columns(Column{Title: "id"}, Column{Title: "plan", Drop: 1})
	p.Section("heading")
	p.Row("a", "b")
	_ = p.Render()
	if piped.String() != "a\tb\n" {
		t.Errorf("piped = %q: sections and dropping are for terminals only", piped.String())
	}
}
