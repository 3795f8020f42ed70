package sdk

import "github.com/cedarsim/esim/sdk/iccid"

// validateICCID checks an ICCID: 19 or 20 digits with a valid Luhn check digit.
func validateICCID(v string) error {
	if err := iccid.Valid(v); err != nil {
		shown := v
		if len(shown) > 40 {
			shown = shown[:40] + "..."
		}
		return &ValidationError{Field: "iccid", Value: shown, Reason: err.Error(), Err: err}
	}
	return nil
}
