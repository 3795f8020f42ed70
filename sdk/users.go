package sdk

import (
	"context"
	"fmt"
	"net/http"

	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk/numerals"
)

// CurrentUser returns the logged-in customer (users/actions/get-current-user).
func (s *UsersService) CurrentUser(ctx context.Context) (*CurrentUser, error) {
	c := s.client
	const call = "getCurrentUser"
	r, err := c.newRequest(call, http.MethodGet, c.apiBase, "users/actions/get-current-user", nil, authPrivate)
	if err != nil {
		return nil, err
	}
	body, err := c.do(ctx, r)
	if err != nil {
		return nil, err
	}
	u, err := decodeCurrentUser(body)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", call, err)
	}
	return u, nil
}

// SendSignupCode e-mails a sign-up code (flag false). All fields are required.
func (s *UsersService) SendSignupCode(ctx context.Context, f SignupForm) (*OTPSent, error) {
	// Digits typed on an Arabic or Persian keyboard are sent as ASCII digits.
	f.Phone, f.CountryCode = numerals.ASCII(f.Phone), numerals.ASCII(f.CountryCode)
	for _, v := range []struct{ field, value string }{
		{"first name", f.FirstName}, {"last name", f.LastName}, {"phone", f.Phone},
	} {
		if err := required(v.field, v.value); err != nil {
			return nil, err
		}
	}
	if f.CountryCode != "" && !isDigits(f.CountryCode) {
		return nil, &ValidationError{Field: "country code", Value: f.CountryCode, Reason: "must be a numeric dial code such as 961"}
	}
	if f.CountryCode == "" {
		f.CountryCode = "961" // the spec's default dial code
	}
	if err := validateEmail("email", f.Email); err != nil {
		return nil, err
	}
	return s.sendCode(ctx, f.Email, "false", wire.SignupForm(f))
}

// SendLoginCode e-mails a login code (flag true). A 404 means the e-mail is unknown.
func (s *UsersService) SendLoginCode(ctx context.Context, email string) (*OTPSent, error) {
	if err := validateEmail("email", email); err != nil {
		return nil, err
	}
	return s.sendCode(ctx, email, "true", wire.LoginForm{Email: email})
}

func (s *UsersService) sendCode(ctx context.Context, email, flag string, form wire.OtpSendForm) (*OTPSent, error) {
	c := s.client
	const call = "sendOtp"
	p, err := pathf("users/otp/send_email/%s/%s", email, flag)
	if err != nil {
		return nil, err
	}
	r, err := c.newRequest(call, http.MethodPost, c.apiBase, p, nil, authPublic)
	if err != nil {
		return nil, err
	}
	if r, err = r.withJSON(form); err != nil {
		return nil, err
	}
	body, err := c.do(ctx, r)
	if err != nil {
		return nil, err
	}
	o, err := decodeOTPSent(body)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", call, err)
	}
	return o, nil
}

// VerifyCode checks an e-mailed code. The idempotency id is made once here and reused if
// the request is retried after re-authentication.
func (s *UsersService) VerifyCode(ctx context.Context, userID, otp, captchaToken string) (*OTPVerification, error) {
	c := s.client
	const call = "verifyOtp"
	if err := required("user id", userID); err != nil {
		return nil, err
	}
	otp = numerals.ASCII(otp)
	if err := validateOTP(otp); err != nil {
		return nil, err
	}
	if captchaToken == "" {
		return nil, &ValidationError{Field: "captcha token", Reason: "is required"}
	}
	p, err := pathf("users/otp/email/%s", userID)
	if err != nil {
		return nil, err
	}
	r, err := c.newRequest(call, http.MethodPost, c.apiBase, p, nil, authPublic)
	if err != nil {
		return nil, err
	}
	r, err = r.withJSON(wire.OtpVerifyRequest{
		IdempotencyID: c.newID(), Otp: otp, Username: wire.OtpVerifyRequestUsernameEmpty, UserID: userID, CaptchaToken: captchaToken,
	})
	if err != nil {
		return nil, err
	}
	r.idempotent = true // the server answers a repeated id with the earlier answer
	body, err := c.do(ctx, r)
	if err != nil {
		return nil, err
	}
	v, err := decodeOTPVerification(body)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", call, err)
	}
	return v, nil
}
