package sdk

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/contract/wire"
)

var (
	errNoGuestAccount = errors.New("no guest account configured (Options.GuestUsername and GuestPassword)")
	errNoClient       = errors.New("no client credential configured (Options.ClientID and ClientSecret)")
)

func (s *AuthService) token(ctx context.Context, call string, form wire.TokenRequest, auth authMode) (*Token, error) {
	c := s.client
	r, err := c.newRequest(call, http.MethodPost, c.apiBase, "connect/token", nil, auth)
	if err != nil {
		return nil, err
	}
	if r, err = r.withForm(form); err != nil {
		return nil, err
	}
	body, err := c.do(ctx, r)
	if err != nil {
		return nil, err
	}
	t, err := decodeToken(body)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", call, err)
	}
	return t, nil
}

// guestGrant logs in with the built-in guest account without touching the store.
func (s *AuthService) guestGrant(ctx context.Context) (*Token, error) {
	c := s.client
	if c.guestUsername == "" || c.guestPassword == "" {
		return nil, fmt.Errorf("token.guest: %w", errNoGuestAccount)
	}
	if c.clientID == "" {
		return nil, fmt.Errorf("token.guest: %w", errNoClient)
	}
	return s.token(ctx, "token.guest", wire.TokenRequest{
		GrantType: wire.TokenRequestGrantTypePassword, Username: c.guestUsername, Password: c.guestPassword, Scope: contract.ScopeGuest,
	}, authBasic)
}

// GuestLogin obtains an anonymous token with the built-in guest account and stores it as
// a guest session.
func (s *AuthService) GuestLogin(ctx context.Context) (*Token, error) {
	t, err := s.guestGrant(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.client.store.Save(ctx, Session{Token: t.AccessToken, RefreshToken: t.RefreshToken, IsGuest: "true"}); err != nil {
		return nil, fmt.Errorf("guest login: save session: %w", err)
	}
	return t, nil
}

// refreshGrant runs the refresh grant without touching the store.
func (s *AuthService) refreshGrant(ctx context.Context, refreshToken string) (*Token, error) {
	c := s.client
	if refreshToken == "" {
		return nil, &ValidationError{Field: "refresh token", Reason: "is required"}
	}
	if c.clientID == "" {
		return nil, fmt.Errorf("token.refresh: %w", errNoClient)
	}
	return s.token(ctx, "token.refresh", wire.TokenRequest{
		ClientID: c.clientID, ClientSecret: c.clientSecret, GrantType: wire.TokenRequestGrantTypeRefreshToken, RefreshToken: refreshToken,
	}, authNone)
}

// Refresh exchanges a refresh token for new tokens and stores them, keeping the stored
// session's guest flag and profile id.
func (s *AuthService) Refresh(ctx context.Context, refreshToken string) (*Token, error) {
	t, err := s.refreshGrant(ctx, refreshToken)
	if err != nil {
		return nil, err
	}
	st := s.client.store
	sess, err := st.Load(ctx)
	if err != nil {
		return nil, fmt.Errorf("refresh: load session: %w", err)
	}
	sess.Token, sess.RefreshToken = t.AccessToken, firstNonEmpty(t.RefreshToken, refreshToken)
	if err := st.Save(ctx, sess); err != nil {
		return nil, fmt.Errorf("refresh: save session: %w", err)
	}
	return t, nil
}

// ExchangeOTP runs the password grant with the credentials from a verified code. It does
// not store anything; Client.Login does.
func (s *AuthService) ExchangeOTP(ctx context.Context, username, oneTimePassword string) (*Token, error) {
	if err := required("username", username); err != nil {
		return nil, err
	}
	if oneTimePassword == "" {
		return nil, &ValidationError{Field: "one-time password", Reason: "is required"}
	}
	if s.client.clientID == "" {
		return nil, fmt.Errorf("token.otp: %w", errNoClient)
	}
	return s.token(ctx, "token.otp", wire.TokenRequest{
		GrantType: wire.TokenRequestGrantTypePassword, Username: username, Password: oneTimePassword, Scope: contract.ScopeOtp,
	}, authBasic)
}

// Logout clears the flag, access token, refresh token and primary profile id.
func (s *AuthService) Logout(ctx context.Context) error {
	if err := s.client.store.Clear(ctx); err != nil {
		return fmt.Errorf("logout: %w", err)
	}
	return nil
}

// Login finishes the e-mail code login: it verifies the code, exchanges the one-time
// password for tokens and stores a registered session (isGuest "false").
func (c *Client) Login(ctx context.Context, userID, otp, captchaToken string) (*Token, error) {
	v, err := c.Users.VerifyCode(ctx, userID, otp, captchaToken)
	if err != nil {
		return nil, err
	}
	t, err := c.Auth.ExchangeOTP(ctx, v.Username, v.OneTimeLoginPassword)
	if err != nil {
		return nil, err
	}
	if err := c.store.Save(ctx, Session{Token: t.AccessToken, RefreshToken: t.RefreshToken, IsGuest: "false"}); err != nil {
		return nil, fmt.Errorf("login: save session: %w", err)
	}
	return t, nil
}
