package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
)

func TestMessage(t *testing.T) {
	support := messages.Support{Phone: "+961 1 555 010", Email: "support@cedarsim.example"}
	tests := []struct {
		name     string
		ctx      messages.Context
		err      error
		wantText string
		wantKind string // "user", "flag", "same"
	}{
		{"login unknown email (404: the server's detail, spec section 8)", messages.OTPSendLogin, &sdk.APIError{Status: 404, Title: "Not Found", Detail: "User not found"},
			"User not found", "user"},
		{"login 400", messages.OTPSendLogin, &sdk.APIError{Status: 400, Title: "Bad Request", Detail: "One or more validation errors occurred."},
			"Email not found.\nPlease check your spelling\nNew user? Buy your first eSIM to register (esim signup)", "user"},
		{"login server error", messages.OTPSendLogin, &sdk.APIError{Status: 500, Detail: "Mail server down"}, "Mail server down", "user"},
		{"wrong code", messages.OTPVerify, &sdk.APIError{Status: 400, Title: "Bad Request", Detail: "Invalid OTP please try again"},
			"Invalid OTP please try again", "user"},
		{"top-up refused", messages.Topup, fmt.Errorf("top-up: %w", &sdk.APIError{Status: 404, URL: "https://x/api/v1/catalog/topup_bundle_selected/1/2/0"}),
			"Unexpected error, please contact support +961 1 555 010 or support@cedarsim.example.", "user"},
		{"validation", messages.OTPSendLogin, &sdk.ValidationError{Field: "email", Value: "x", Reason: "not an e-mail"}, `invalid email "x": not an e-mail`, "flag"},
		{"session expired", messages.OTPVerify, fmt.Errorf("x: %w", sdk.ErrSessionExpired), "x: " + sdk.ErrSessionExpired.Error(), "same"},
		{"network failure", messages.OTPVerify, fmt.Errorf("verifyOtp: %w", errors.New("connection refused")),
			"Invalid OTP\n(verifyOtp: connection refused)", "user"},
		{"cancelled", messages.Payment, context.Canceled, context.Canceled.Error(), "same"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Message(tt.ctx, tt.err, support)
			if got.Error() != tt.wantText {
				t.Errorf("text = %q, want %q", got.Error(), tt.wantText)
			}
			var ue *UserError
			var fe *FlagError
			switch tt.wantKind {
			case "user":
				if !errors.As(got, &ue) {
					t.Errorf("%T is not a UserError", got)
				}
			case "flag":
				if !errors.As(got, &fe) {
					t.Errorf("%T is not a FlagError", got)
				}
			case "same":
				if got != tt.err {
					t.Errorf("got %v, want the error unchanged", got)
				}
			}
			if !errors.Is(got, tt.err) && tt.wantKind != "same" {
				var v *sdk.ValidationError
				if !errors.As(got, &v) {
					t.Errorf("cause lost")
				}
			}
		})
	}
	if Message(messages.Payment, nil, support) != nil {
		t.Error("nil error gave a message")
	}
}
