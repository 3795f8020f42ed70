package qrcode

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mdp/qrterminal/v3"
	"rsc.io/qr"
)

// TerminalLevel is the error-correction level of Terminal: medium, the same as EncodePNG,
// so a code drawn in the CLI, the TUI and the PNG scan alike.
const TerminalLevel = qr.M

// maxTerminalText bounds what Terminal draws: an activation code is far shorter, and a
// larger code would not fit a terminal anyway.
const maxTerminalText = 512

// Terminal draws text as a QR code with Unicode half blocks (two modules per line) and a
// quiet zone of two modules: the one terminal renderer of the CLI (`esim esims qr`) and
// the TUI's QR view. It refuses text a QR code cannot hold rather than let the renderer
// fail. The result has no trailing newline.
func Terminal(text string) (string, error) {
	if text == "" {
		return "", errors.New("qr terminal: text is empty")
	}
	if len(text) > maxTerminalText {
		return "", fmt.Errorf("qr terminal: text is %d bytes, limit %d", len(text), maxTerminalText)
	}
	if _, err := qr.Encode(text, TerminalLevel); err != nil {
		return "", fmt.Errorf("qr terminal: %w", err)
	}
	var b strings.Builder
	qrterminal.GenerateWithConfig(text, qrterminal.Config{
		Level: TerminalLevel, Writer: &b, HalfBlocks: true, QuietZone: 2,
		BlackChar: qrterminal.BLACK_BLACK, WhiteBlackChar: qrterminal.WHITE_BLACK,
		WhiteChar: qrterminal.WHITE_WHITE, BlackWhiteChar: qrterminal.BLACK_WHITE,
	})
	return strings.TrimRight(b.String(), "\n"), nil
}
