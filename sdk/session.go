package sdk

import (
	"context"
	"errors"
	"fmt"
)

// ErrNotLoggedIn is returned, before any request, by a call that needs a customer session
// when the store holds none. It matches ErrSessionExpired with errors.Is, so callers can
// treat both as "log in again".
var ErrNotLoggedIn = fmt.Errorf("not logged in: %w", ErrSessionExpired)

// Keys of the shared flights. Re-authentication is keyed on the stale token so that only
// callers that failed with the same token share it.
const (
	flightEnsure     = "ensure-session"
	flightGuestRetry = "guest-retry"
	flightReauth     = "reauth:"
)

// flight runs fn once for every concurrent caller with the same key. fn runs detached
// from the caller's context (it must finish for the others even if this caller gives up)
// with its own timeout; each caller still stops waiting when its own ctx ends.
func (c *Client) flight(ctx context.Context, key string, fn func(ctx context.Context) (string, error)) (string, error) {
	detached := context.WithoutCancel(ctx)
	ch := c.reauth.DoChan(key, func() (any, error) {
		fctx, cancel := context.WithTimeout(detached, c.timeout)
		defer cancel()
		return fn(fctx)
	})
	select {
	case res := <-ch:
		if res.Err != nil {
			return "", res.Err
		}
		return res.Val.(string), nil
	case <-ctx.Done():
		return "", fmt.Errorf("waiting for re-authentication: %w", ctx.Err())
	}
}

// ensureSession logs in as guest when the store holds no session (public calls).
func (c *Client) ensureSession(ctx context.Context) (string, error) {
	return c.flight(ctx, flightEnsure, func(ctx context.Context) (string, error) {
		s, err := c.store.Load(ctx)
		if err != nil {
			return "", fmt.Errorf("load session: %w", err)
		}
		if s.Token != "" {
			return s.Token, nil
		}
		t, err := c.Auth.GuestLogin(ctx)
		if err != nil {
			return "", fmt.Errorf("guest login: %w", err)
		}
		return t.AccessToken, nil
	})
}

// reauthenticate replaces the stale token after a 401: the refresh grant for a registered
// session, guest login for a guest session or when there is no refresh token. On failure
// the store is cleared and the error wraps ErrSessionExpired.
func (c *Client) reauthenticate(ctx context.Context, stale string) (string, error) {
	return c.flight(ctx, flightReauth+stale, func(ctx context.Context) (string, error) {
		s, err := c.store.Load(ctx)
		if err != nil {
			return "", fmt.Errorf("%w: load session: %w", ErrSessionExpired, err)
		}
		if s.Token != stale {
			// Someone already re-authenticated (or gave up and cleared the session)
			// after this caller read the stale token.
			if s.Token == "" {
				return "", ErrSessionExpired
			}
			return s.Token, nil
		}
		var t *Token
		if s.IsGuest != "true" && s.RefreshToken != "" {
			t, err = c.Auth.refreshGrant(ctx, s.RefreshToken)
			if err == nil {
				s.Token, s.RefreshToken = t.AccessToken, firstNonEmpty(t.RefreshToken, s.RefreshToken)
				err = c.store.Save(ctx, s)
			}
		} else {
			t, err = c.Auth.GuestLogin(ctx) // saves the guest session itself
		}
		if err != nil {
			if cerr := c.store.Clear(ctx); cerr != nil {
				err = errors.Join(err, fmt.Errorf("clear session: %w", cerr))
			}
			return "", fmt.Errorf("%w: re-authentication failed: %w", ErrSessionExpired, err)
		}
		return t.AccessToken, nil
	})
}

// guestReauth is the guest re-authentication of the guest-retry calls. A registered
// customer's session is left in place (the guest token serves the one retry only), so
// that a failed contact form does not log the customer out.
func (c *Client) guestReauth(ctx context.Context) (string, error) {
	return c.flight(ctx, flightGuestRetry, func(ctx context.Context) (string, error) {
		s, err := c.store.Load(ctx)
		if err != nil {
			return "", fmt.Errorf("load session: %w", err)
		}
		if s.Registered() {
			t, err := c.Auth.guestGrant(ctx)
			if err != nil {
				return "", err
			}
			return t.AccessToken, nil
		}
		t, err := c.Auth.GuestLogin(ctx)
		if err != nil {
			return "", err
		}
		return t.AccessToken, nil
	})
}
