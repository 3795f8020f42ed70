package sdk

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/cedarsim/esim/contract"
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
// session, guest login for a guest session or when there is no refresh token.
//
// With a store other processes share (SessionLocker), the whole exchange runs under its
// lock, so two processes never redeem the same refresh token.
//
// The stored session is cleared only when the server rejects the grant (refreshRejected:
// 401, or 400 invalid_grant); the error then wraps ErrSessionExpired. A hiccup (5xx, a
// timeout, a dropped connection, a store that cannot be read or written) keeps the
// session, whose refresh token may well still be good, and returns that error as is.
func (c *Client) reauthenticate(ctx context.Context, stale string) (string, error) {
	return c.flight(ctx, flightReauth+stale, func(ctx context.Context) (string, error) {
		if l, ok := c.store.(SessionLocker); ok {
			// Other processes share the session: one of them at a time re-authenticates,
			// and the ones after it find the token already replaced (below).
			unlock, err := l.LockSession(ctx)
			if err != nil {
				return "", fmt.Errorf("re-authentication: %w", err)
			}
			defer unlock()
		}
		s, err := c.store.Load(ctx)
		if err != nil {
			return "", fmt.Errorf("re-authentication: load session: %w", err)
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
				if serr := c.store.Save(ctx, s); serr != nil {
					return "", fmt.Errorf("re-authentication: save session: %w", serr)
				}
			}
		} else {
			t, err = c.Auth.GuestLogin(ctx) // saves the guest session itself
		}
		if err == nil {
			return t.AccessToken, nil
		}
		if !refreshRejected(err) {
			return "", fmt.Errorf("could not renew the session (it is kept; try again): %w", err)
		}
		if cerr := c.store.Clear(ctx); cerr != nil {
			err = errors.Join(err, fmt.Errorf("clear session: %w", cerr))
		}
		return "", fmt.Errorf("%w: re-authentication failed: %w", ErrSessionExpired, err)
	})
}

// refreshRejected reports the server's refusal of a token grant: 401, or 400 whose
// OAuth error is invalid_grant (problem detail or raw body). docs/contract.md reads the
// spec's "a failed refresh clears the session" as this, and only this.
func refreshRejected(err error) bool {
	e, ok := asAPIError(err)
	if !ok {
		return false
	}
	switch e.Status {
	case http.StatusUnauthorized:
		return true
	case http.StatusBadRequest:
		return strings.Contains(strings.ToLower(e.Detail), contract.DetailInvalidGrant) ||
			strings.Contains(strings.ToLower(string(e.Body)), contract.DetailInvalidGrant)
	}
	return false
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
