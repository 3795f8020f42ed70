// Package session reads who is logged in from the stored session, for commands that act
// on the customer's own data.
package session

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/sdk"
)

// ErrNotLoggedIn is wrapped in a cmdutil.AuthError (exit 4).
var ErrNotLoggedIn = errors.New("not logged in")

// Customer returns the logged-in customer (sdk.Client.Customer: the token's claims, else
// the current-user call), or an AuthError when no customer is logged in.
func Customer(ctx context.Context, c *sdk.Client) (sdk.CurrentUser, error) {
	u, err := c.Customer(ctx)
	switch {
	case errors.Is(err, sdk.ErrNotLoggedIn):
		return sdk.CurrentUser{}, &cmdutil.AuthError{Err: ErrNotLoggedIn}
	case err != nil:
		return sdk.CurrentUser{}, fmt.Errorf("finding the logged-in customer: %w", err)
	}
	return u, nil
}

// EmailOrCustomer returns email when given, else the logged-in customer's e-mail.
func EmailOrCustomer(ctx context.Context, c *sdk.Client, email string) (string, error) {
	if email = strings.TrimSpace(email); email != "" {
		return email, nil
	}
	claims, err := Customer(ctx, c)
	if err != nil {
		return "", err
	}
	return claims.Email, nil
}
