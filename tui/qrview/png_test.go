package qrview

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
)

// pngOf turns a half-block rendering back into pixels: each character is one module wide
// and two modules tall. qrterminal draws light modules with the foreground (█ full, ▀ top,
// ▄ bottom) and dark ones as blanks.
func pngOf(t *testing.T, s string) []byte {
	t.Helper()
	lines := strings.Split(s, "\n")
	w := 0
	for _, l := range lines {
		w = max(w, len([]rune(l)))
	}
	const scale = 8
	img := image.NewGray(image.Rect(0, 0, (w+4)*scale, (2*len(lines)+4)*scale))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	set := func(x, y int, light bool) {
		c := color.Gray{0}
		if light {
			c = color.Gray{255}
		}
		for dy := 0; dy < scale; dy++ {
			for dx := 0; dx < scale; dx++ {
				img.SetGray((x+2)*scale+dx, (y+2)*scale+dy, c)
			}
		}
	}
	for y, l := range lines {
		for x, r := range []rune(l) {
			top, bottom := false, false
			switch r {
			case '█':
				top, bottom = true, true
			case '▀':
				top = true
			case '▄':
				bottom = true
			}
			set(x, 2*y, top)
			set(x, 2*y+1, bottom)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
