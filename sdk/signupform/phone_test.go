package signupform

import (
	"encoding/json"
	"testing"

	"github.com/cedarsim/esim/contract/vectors"
	"github.com/cedarsim/esim/sdk"
)

// TestPhoneVectors runs contract/vectors/signup.json, which the web's SignupForm runs too.
func TestPhoneVectors(t *testing.T) {
	vectors.Run(t, "signup", map[string]vectors.Runner{
		"phone": func(t *testing.T, raw json.RawMessage) {
			var c struct{ Name, Phone, Want string }
			vectors.DecodeCase(t, raw, &c)
			want := map[string]string{"": "", "required": PhoneRequired, "digits": PhoneDigits}[c.Want]
			f := sdk.SignupForm{FirstName: "Rana", LastName: "Haddad", CountryCode: "961", Phone: c.Phone, Email: "rana@example.com"}
			if got := Validate(f)[Phone]; got != want {
				t.Errorf("%s: Validate(phone %q) = %q, want %q", c.Name, c.Phone, got, want)
			}
		},
	})
}
