package signupform

import (
	"testing"

	"github.com/cedarsim/esim/sdk"
)

func TestValidate(t *testing.T) {
	ok := sdk.SignupForm{FirstName: "Rana", LastName: "Haddad", CountryCode: "961", Phone: "71 123 456", Email: "rana@example.com"}
	tests := []struct {
		name  string
		edit  func(*sdk.SignupForm)
		field Field
		want  string
	}{
		{"valid", func(*sdk.SignupForm) {}, Field(-1), ""},
		{"first name blank", func(f *sdk.SignupForm) { f.FirstName = "  " }, FirstName, FirstNameRequired},
		{"last name missing", func(f *sdk.SignupForm) { f.LastName = "" }, LastName, LastNameRequired},
		{"dial code missing", func(f *sdk.SignupForm) { f.CountryCode = "" }, CountryCode, DialCodeRequired},
		{"dial code letters", func(f *sdk.SignupForm) { f.CountryCode = "lb" }, CountryCode, DialCodeDigits},
		{"phone missing", func(f *sdk.SignupForm) { f.Phone = "" }, Phone, PhoneRequired},
		{"phone letters", func(f *sdk.SignupForm) { f.Phone = "call me" }, Phone, PhoneDigits},
		{"email missing", func(f *sdk.SignupForm) { f.Email = "" }, Email, EmailRequired},
		{"email without a dot", func(f *sdk.SignupForm) { f.Email = "rana@example" }, Email, EmailInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := ok
			tt.edit(&f)
			errs := Validate(f)
			if tt.field < 0 {
				if len(errs) != 0 {
					t.Fatalf("valid form refused: %v", errs)
				}
				return
			}
			if len(errs) != 1 || errs[tt.field] != tt.want {
				t.Fatalf("errors %v, want only field %d: %q", errs, tt.field, tt.want)
			}
		})
	}
}
