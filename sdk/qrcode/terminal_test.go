package qrcode

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"
)

// scanTerminal turns Terminal's half blocks back into an image (the quiet zone is light)
// and decodes it, as a phone camera would read the terminal.
func scanTerminal(t *testing.T, s string) string {
	t.Helper()
	lines := strings.Split(s, "\n")
	type halves struct{ top, bottom bool } // true = same as the quiet zone (light)
	quiet := []rune(lines[0])[0]
	cells := map[rune]halves{}
	// The quiet-zone character is light on both halves; its opposite dark on both.
	for _, r := range []rune{'█', '▀', '▄', ' '} {
		switch {
		case r == quiet:
			cells[r] = halves{true, true}
		case (r == '█' && quiet == ' ') || (r == ' ' && quiet == '█'):
			cells[r] = halves{false, false}
		}
	}
	if quiet == ' ' {
		cells['▀'], cells['▄'] = halves{false, true}, halves{true, false}
	} else {
		cells['▀'], cells['▄'] = halves{true, false}, halves{false, true}
	}
	const scale = 8
	w := len([]rune(lines[0]))
	img := image.NewGray(image.Rect(0, 0, w*scale, len(lines)*2*scale))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for y, l := range lines {
		rs := []rune(l)
		if len(rs) != w {
			t.Fatalf("line %d is %d wide, want %d", y, len(rs), w)
		}
		for x, r := range rs {
			h, ok := cells[r]
			if !ok {
				t.Fatalf("unexpected character %q", r)
			}
			for dy := 0; dy < 2*scale; dy++ {
				light := h.top
				if dy >= scale {
					light = h.bottom
				}
				c := color.Gray{Y: 0}
				if light {
					c.Y = 255
				}
				for dx := 0; dx < scale; dx++ {
					img.SetGray(x*scale+dx, y*2*scale+dy, c)
				}
			}
		}
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := zxqr.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		t.Fatalf("decoding the terminal QR: %v\n%s", err, s)
	}
	return res.GetText()
}

func TestTerminal(t *testing.T) {
	tests := []struct {
		name, text, wantErr string
	}{
		{"activation code", "LPA:1$smdp.sandbox.cedarsim.example$K2-1ABC-DEF0", ""},
		{"empty", "", "text is empty"},
		{"too long", strings.Repeat("A", 600), "limit 512"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Terminal(tt.text)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasSuffix(got, "\n") {
				t.Error("trailing newline")
			}
			if back := scanTerminal(t, got); back != tt.text {
				t.Errorf("scanned %q, want %q", back, tt.text)
			}
		})
	}
}
