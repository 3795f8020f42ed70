package login

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cedarsim/esim/sdk"
)

// sendError words a failed code request as section 8 does.
func sendError(err error) error {
	var v *sdk.ValidationError
	if errors.As(err, &v) {
		return err
	}
	var apiErr *sdk.APIError
	if errors.As(err, &apiErr) && apiErr.Status != 400 && strings.TrimSpace(apiErr.Detail) != "" {
		return errors.New(apiErr.Detail)
	}
	if errors.As(err, &apiErr) {
		return errors.New("Email not found.\nPlease check your spelling\nNew user? Buy your first eSIM to register: esim plans")
	}
	return fmt.Errorf("sending the code: %w", err)
}

// verifyError words a failed code verification as section 8 does.
func verifyError(err error) error {
	var apiErr *sdk.APIError
	if !errors.As(err, &apiErr) {
		return fmt.Errorf("verifying the code: %w", err)
	}
	return errors.New(verifyMessage(err))
}

func verifyMessage(err error) string {
	switch {
	case sdk.IsConflict(err):
		return "Conflict error, contact support!"
	case sdk.IsInvalidCaptcha(err):
		return "Invalid Captcha"
	case sdk.IsInvalidOTP(err):
		return "Invalid OTP please try again"
	case sdk.IsAccountLocked(err):
		return "Account is locked due to multiple failed attempts. Please try again later."
	case sdk.IsBadRequest(err):
		return "Unexpected error"
	}
	return "Invalid OTP"
}
