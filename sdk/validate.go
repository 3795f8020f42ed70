package sdk

import (
	"fmt"
	"net/mail"
	"strings"

	"github.com/google/uuid"

	"github.com/cedarsim/esim/contract"
)

// Input checks made before a call, where the spec fixes the form of a value.

func required(field, v string) error {
	if strings.TrimSpace(v) == "" {
		return &ValidationError{Field: field, Reason: "is required"}
	}
	return nil
}

// validateEmail accepts a bare RFC 5322 address (no display name). A domain without a
// dot ("user@host") is valid syntax and is left to the server, which answers it with a
// validation problem (fixture sendOtp/validation-error).
func validateEmail(field, v string) error {
	if err := required(field, v); err != nil {
		return err
	}
	if r := []rune(v); len(r) > contract.LimitEmailMax {
		return &ValidationError{Field: field, Value: string(r[:32]) + "...", Reason: fmt.Sprintf("is longer than %d characters", contract.LimitEmailMax)}
	}
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v || a.Name != "" {
		return &ValidationError{Field: field, Value: v, Reason: "is not a valid e-mail address"}
	}
	return nil
}

// isoCodes checks a list of ISO 3166-1 alpha-2 codes and returns them upper-cased.
func isoCodes(field string, codes []string) ([]string, error) {
	if len(codes) == 0 {
		return nil, &ValidationError{Field: field, Reason: "needs at least one ISO country code"}
	}
	out := make([]string, len(codes))
	for i, c := range codes {
		if len(c) != 2 || !isLetter(c[0]) || !isLetter(c[1]) {
			return nil, &ValidationError{Field: field, Value: c, Reason: "is not a two-letter ISO country code"}
		}
		out[i] = strings.ToUpper(c)
	}
	return out, nil
}

func isLetter(b byte) bool { return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') }

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// validateOTP checks the one-time code: numeric and required. The value is never echoed.
func validateOTP(v string) error {
	if v == "" {
		return &ValidationError{Field: "otp", Reason: "is required"}
	}
	if !isDigits(v) || len(v) > 12 {
		return &ValidationError{Field: "otp", Reason: "must be digits only (at most 12)"}
	}
	return nil
}

// validateGUID checks a GUID in its canonical 8-4-4-4-12 form.
func validateGUID(field, v string) error {
	if err := required(field, v); err != nil {
		return err
	}
	if len(v) != 36 {
		return &ValidationError{Field: field, Value: v, Reason: "is not a GUID (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)"}
	}
	if _, err := uuid.Parse(v); err != nil {
		return &ValidationError{Field: field, Value: v, Reason: "is not a GUID (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)"}
	}
	return nil
}

func validateProvider(p int) error {
	if p < 0 {
		return &ValidationError{Field: "provider", Reason: "must not be negative"}
	}
	return nil
}

// newGUID makes an idempotency id: a random GUID v4.
func newGUID() string { return uuid.NewString() }
