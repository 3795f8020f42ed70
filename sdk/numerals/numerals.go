// Package numerals makes typed digits ASCII: an Arabic or Persian keyboard types
// Arabic-Indic (U+0660-U+0669) or Extended Arabic-Indic (U+06F0-U+06F9) digits, which a
// phone number, an e-mail code or an ICCID must accept (contract/vectors/digits.json,
// also run by the web shop's shared/i18n/digits.ts).
package numerals

import "strings"

// ASCII returns s with every Arabic-Indic and Extended Arabic-Indic digit replaced by its
// ASCII digit; every other character is kept.
func ASCII(s string) string {
	if !strings.ContainsFunc(s, isEastern) {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r >= '\u0660' && r <= '\u0669':
			return '0' + (r - '\u0660')
		case r >= '\u06f0' && r <= '\u06f9':
			return '0' + (r - '\u06f0')
		}
		return r
	}, s)
}

func isEastern(r rune) bool {
	return (r >= '\u0660' && r <= '\u0669') || (r >= '\u06f0' && r <= '\u06f9')
}
