// Package iccid validates and generates ICCIDs (the numbers printed on SIM and eSIM
// profiles): 19 or 20 decimal digits whose last digit is a Luhn check digit (ITU-T E.118).
package iccid

import (
	"errors"
	"fmt"
	"strconv"
)

// Length bounds of an ICCID including its check digit.
const (
	MinLength = 19
	MaxLength = 20
)

// Sentinel reasons, so callers can tell them apart with errors.Is.
var (
	ErrEmpty    = errors.New("iccid is empty")
	ErrNonDigit = errors.New("iccid must contain digits only")
	ErrLength   = errors.New("iccid must be 19 or 20 digits long")
	ErrChecksum = errors.New("iccid check digit (Luhn) is wrong")
)

// Valid reports why s is not an ICCID, or nil when it is one.
func Valid(s string) error {
	if s == "" {
		return ErrEmpty
	}
	for i, r := range s {
		if r < '0' || r > '9' {
			return fmt.Errorf("%w: %q at position %d", ErrNonDigit, r, i+1)
		}
	}
	if len(s) < MinLength || len(s) > MaxLength {
		return fmt.Errorf("%w, got %d", ErrLength, len(s))
	}
	want := CheckDigit(s[:len(s)-1])
	if got := s[len(s)-1]; got != want {
		return fmt.Errorf("%w: last digit is %c, expected %c", ErrChecksum, got, want)
	}
	return nil
}

// CheckDigit returns the Luhn check digit for a string of decimal digits. It does not
// reject other bytes (they count as their value modulo 10): callers validate first, as
// Valid and Generate do.
func CheckDigit(payload string) byte {
	sum := 0
	// Walk from the right; the digit next to the (future) check digit is doubled.
	double := true
	for i := len(payload) - 1; i >= 0; i-- {
		d := int(payload[i]-'0') % 10
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return byte('0' + (10-sum%10)%10)
}

// Generate builds an ICCID of length digits (19 or 20) from prefix (issuer digits,
// e.g. "8996101") followed by serial left-padded with zeros, then the Luhn check digit.
func Generate(prefix string, serial uint64, length int) (string, error) {
	if length < MinLength || length > MaxLength {
		return "", fmt.Errorf("generate iccid: length %d: %w", length, ErrLength)
	}
	for i, r := range prefix {
		if r < '0' || r > '9' {
			return "", fmt.Errorf("generate iccid: prefix %q: %w: %q at position %d", prefix, ErrNonDigit, r, i+1)
		}
	}
	room := length - 1 - len(prefix)
	if room <= 0 {
		return "", fmt.Errorf("generate iccid: prefix %q leaves no room for a serial in %d digits", prefix, length)
	}
	s := strconv.FormatUint(serial, 10)
	if len(s) > room {
		return "", fmt.Errorf("generate iccid: serial %d does not fit in %d digits after prefix %q", serial, room, prefix)
	}
	payload := prefix + zeros(room-len(s)) + s
	return payload + string(CheckDigit(payload)), nil
}

func zeros(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return string(b)
}
