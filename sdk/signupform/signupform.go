// Package signupform holds the sign-up form's rules (spec section 5, with the web's field
// texts), so that the TUI's form and the CLI's prompts check a field the same way as the
// web's SignupForm (contract/vectors/signup.json runs against both).
package signupform

import (
	"regexp"
	"strings"

	"github.com/cedarsim/esim/sdk"
)

// Field names a field of the form, in the form's order.
type Field int

// Fields of the form.
const (
	FirstName Field = iota
	LastName
	CountryCode
	Phone
	Email
)

// DefaultDialCode is the spec's default dial code (section 9).
const DefaultDialCode = "961"

// The field texts of the web's sign-up form (webapp SignupForm validateSignup).
const (
	FirstNameRequired = "First name is required"
	LastNameRequired  = "Last name is required"
	DialCodeRequired  = "Country code is required"
	DialCodeDigits    = "Enter the dial code in digits, e.g. 961"
	PhoneRequired     = "Phone number is required"
	PhoneDigits       = "Enter digits only"
	EmailRequired     = "E-mail is required"
	EmailInvalid      = "Enter a valid e-mail address"
)

var (
	emailRE = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)
	// phoneRE and phoneDigits are contract/vectors/signup.json `phone`: a leading '+' (the
	// international form), then digits, spaces, dashes and parentheses; 4 to 15 digits.
	phoneRE     = regexp.MustCompile(`^\+?[0-9 ()-]+$`)
	phoneDigits = regexp.MustCompile(`[0-9]`)
	dialRE      = regexp.MustCompile(`^\+?[0-9]{1,4}$`)
)

// PhoneValid reports a phone number the form accepts (contract/vectors/signup.json).
func PhoneValid(phone string) bool {
	p := strings.TrimSpace(phone)
	n := len(phoneDigits.FindAllString(p, -1))
	return phoneRE.MatchString(p) && n >= 4 && n <= 15
}

// Check applies the rule of one field to its value: "" when it passes, else the web's
// text for the field.
func Check(f Field, v string) string {
	v = strings.TrimSpace(v)
	switch f {
	case FirstName:
		if v == "" {
			return FirstNameRequired
		}
	case LastName:
		if v == "" {
			return LastNameRequired
		}
	case CountryCode:
		switch {
		case v == "":
			return DialCodeRequired
		case !dialRE.MatchString(v):
			return DialCodeDigits
		}
	case Phone:
		switch {
		case v == "":
			return PhoneRequired
		case !PhoneValid(v):
			return PhoneDigits
		}
	case Email:
		switch {
		case v == "":
			return EmailRequired
		case !emailRE.MatchString(v):
			return EmailInvalid
		}
	}
	return ""
}

// Validate applies section 5 to the form: every field required, the e-mail in a valid
// format; it returns the text of each failing field.
func Validate(f sdk.SignupForm) map[Field]string {
	errs := map[Field]string{}
	for field, v := range map[Field]string{FirstName: f.FirstName, LastName: f.LastName,
		CountryCode: f.CountryCode, Phone: f.Phone, Email: f.Email} {
		if e := Check(field, v); e != "" {
			errs[field] = e
		}
	}
	return errs
}
