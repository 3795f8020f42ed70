// Package qrcodetest reads back a QR code drawn in a terminal, as a phone camera reads the
// screen: the tests of `esim esims qr`, of the TUI's QR view and of the tmux-driven TUI
// walk decode what they captured with it. Tests only: the esim binary never links it.
package qrcodetest

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"
)

// minSide is the narrowest run of full blocks taken for a QR code's quiet zone: a version 1
// code (21 modules) with no quiet zone.
const minSide = 21

// Scan finds the QR code drawn with half blocks (sdk/qrcode.Terminal: light modules in the
// foreground, █ ▀ ▄, dark ones blank; two modules a line) in screen, which may hold other
// text and ANSI escapes around it, and returns its text.
func Scan(screen string) (string, error) {
	lines := strings.Split(ansi.Strip(screen), "\n")
	top, col, width := -1, 0, 0
	for y, l := range lines {
		rs := []rune(l)
		if c, w := fullRun(rs); w >= minSide {
			top, col, width = y, c, w
			break
		}
	}
	if top < 0 {
		return "", errors.New("qr scan: no QR code on the screen")
	}
	var rows [][]rune
	for _, l := range lines[top:] {
		rs := []rune(l)
		if len(rs) < col+width || !blocks(rs[col:col+width]) {
			break
		}
		rows = append(rows, rs[col:col+width])
	}
	const scale = 6
	img := image.NewGray(image.Rect(0, 0, (width+8)*scale, (2*len(rows)+8)*scale))
	for i := range img.Pix {
		img.Pix[i] = 255 // a wide light margin, beyond the drawn quiet zone
	}
	set := func(x, y int, light bool) {
		c := color.Gray{Y: 0}
		if light {
			c.Y = 255
		}
		for dy := range scale {
			for dx := range scale {
				img.SetGray((x+4)*scale+dx, (y+4)*scale+dy, c)
			}
		}
	}
	for y, row := range rows {
		for x, r := range row {
			set(x, 2*y, r == '█' || r == '▀')
			set(x, 2*y+1, r == '█' || r == '▄')
		}
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", fmt.Errorf("qr scan: %w", err)
	}
	res, err := zxqr.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		return "", fmt.Errorf("qr scan: %d×%d characters at line %d do not decode: %w", width, len(rows), top+1, err)
	}
	return res.GetText(), nil
}

// fullRun is the longest run of full blocks in a line: its start and length.
func fullRun(rs []rune) (int, int) {
	best, bestAt, run := 0, 0, 0
	for i, r := range rs {
		if r != '█' {
			run = 0
			continue
		}
		run++
		if run > best {
			best, bestAt = run, i-run+1
		}
	}
	return bestAt, best
}

func blocks(rs []rune) bool {
	for _, r := range rs {
		if r != '█' && r != '▀' && r != '▄' && r != ' ' {
			return false
		}
	}
	return true
}
