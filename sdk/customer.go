package sdk

import (
	"context"
	"fmt"
	"strings"
)

// Customer is the logged-in customer, by the rule every client follows (web, CLI, TUI):
// the access token's claims when they carry an e-mail, else the current-user call. It
// needs a registered session (ErrNotLoggedIn otherwise, before any request).
// contract/vectors/identity.json pins the rule for Go and TypeScript.
func (c *Client) Customer(ctx context.Context) (CurrentUser, error) {
	s, err := c.store.Load(ctx)
	if err != nil {
		return CurrentUser{}, fmt.Errorf("customer: load session: %w", err)
	}
	if !s.Registered() {
		return CurrentUser{}, fmt.Errorf("customer: %w", ErrNotLoggedIn)
	}
	claims, err := ParseClaims(s.Token)
	return customerFrom(claims, err, func() (*CurrentUser, error) { return c.Users.CurrentUser(ctx) })
}

// customerFrom applies the identity rule to the token's claims (claimsErr when the token
// cannot be read) and the current-user lookup, which is called only when needed.
func customerFrom(claims Claims, claimsErr error, lookup func() (*CurrentUser, error)) (CurrentUser, error) {
	if email := strings.TrimSpace(claims.Email); claimsErr == nil && email != "" {
		return CurrentUser{Email: email, FirstName: claims.FirstName, LastName: claims.LastName}, nil
	}
	u, err := lookup()
	if err != nil {
		return CurrentUser{}, fmt.Errorf("customer: %w", err)
	}
	if u == nil || strings.TrimSpace(u.Email) == "" {
		return CurrentUser{}, fmt.Errorf("customer: no e-mail in the token or the current user: %w", ErrNoData)
	}
	return CurrentUser{Email: strings.TrimSpace(u.Email), FirstName: u.FirstName, LastName: u.LastName}, nil
}
