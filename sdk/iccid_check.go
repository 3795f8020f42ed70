package sdk

// validateICCID checks an ICCID: 19 or 20 digits with a valid Luhn check digit.
func validateICCID(v string) error {
	if v == "" {
		return &ValidationError{Field: "iccid", Reason: "is required"}
	}
	if !isDigits(v) || len(v) < 19 || len(v) > 20 {
		return &ValidationError{Field: "iccid", Value: v, Reason: "must be 19 or 20 digits"}
	}
	sum := 0
	for i := 0; i < len(v); i++ {
		d := int(v[len(v)-1-i] - '0')
		if i%2 == 1 {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	if sum%10 != 0 {
		return &ValidationError{Field: "iccid", Value: v, Reason: "has a wrong check digit (Luhn)"}
	}
	return nil
}
