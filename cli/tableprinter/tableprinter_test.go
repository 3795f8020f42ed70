package tableprinter

import (
	"bytes"
	"testing"
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
		{"terminal: last column cut to the width", true, false, 15, "ONE     TWO  T…\na       x y  l…\nlonger  -    z\n"},
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
