// Package support holds the rules of the WhatsApp support channel shared with the web shop
// (contract/vectors/support.json): the number an operator configures and the wa.me link.
package support

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// ErrWhatsAppNumber is returned for a WhatsApp number that is not an international number.
var ErrWhatsAppNumber = errors.New("not an international phone number: country code and number, 8 to 15 digits")

// WhatsAppNumber normalises a configured WhatsApp number to the digits wa.me wants:
// spaces, dashes, dots and brackets go, as does one leading "+" or "00". Empty stays
// empty (no WhatsApp channel).
func WhatsAppNumber(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	rest := strings.TrimPrefix(s, "+")
	var b strings.Builder
	for _, r := range rest {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '.' || r == '(' || r == ')':
		default:
			return "", fmt.Errorf("whatsapp %q: %w", s, ErrWhatsAppNumber)
		}
	}
	d := b.String()
	if !strings.HasPrefix(s, "+") {
		d = strings.TrimPrefix(d, "00")
	}
	if len(d) < 8 || len(d) > 15 || d[0] == '0' {
		return "", fmt.Errorf("whatsapp %q: %w", s, ErrWhatsAppNumber)
	}
	return d, nil
}

// WhatsAppLink is a wa.me link that opens a chat with text ready to send. Only the ASCII
// digits of phone count (empty lets the sender pick the chat); empty text adds no query.
func WhatsAppLink(phone, text string) string {
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, phone)
	link := "https://wa.me/" + digits
	if text == "" {
		return link
	}
	// %20, not +, for spaces: WhatsApp shows a + literally.
	return link + "?text=" + strings.ReplaceAll(url.QueryEscape(text), "+", "%20")
}
