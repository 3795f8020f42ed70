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

// AgentRequiredMessage is printed when a customer (or nobody) runs an agent command.
const AgentRequiredMessage = "This command is for support agents. Log in with an agent account: esim login --agent --email AGENT_EMAIL"

// ErrNotAgent is wrapped in the AuthError of a session that is not an agent's.
var ErrNotAgent = errors.New("not an agent session")

// Claims returns the claims of the stored registered session's token (unverified: for
// display and for telling an agent's session, never for an authorization decision).
func Claims(ctx context.Context, c *sdk.Client) (sdk.Claims, error) {
	s, err := c.Store().Load(ctx)
	if err != nil {
		return sdk.Claims{}, fmt.Errorf("reading the stored session: %w", err)
	}
	if !s.Registered() {
		return sdk.Claims{}, &cmdutil.AuthError{Err: ErrNotLoggedIn}
	}
	claims, err := sdk.ParseClaims(s.Token)
	if err != nil {
		return sdk.Claims{}, &cmdutil.AuthError{Err: ErrNotLoggedIn}
	}
	return claims, nil
}

// Agent returns the logged-in account when its session is a support agent's; any other
// session (or none) is an AuthError with AgentRequiredMessage (exit 4).
func Agent(ctx context.Context, c *sdk.Client) (sdk.CurrentUser, error) {
	u, err := Customer(ctx, c)
	var ae *cmdutil.AuthError
	switch {
	case errors.As(err, &ae):
		return sdk.CurrentUser{}, &cmdutil.AuthError{Err: err, Message: AgentRequiredMessage}
	case err != nil:
		return sdk.CurrentUser{}, err
	}
	claims, err := Claims(ctx, c)
	if err != nil || !claims.IsAgent() {
		return sdk.CurrentUser{}, &cmdutil.AuthError{Err: ErrNotAgent, Message: AgentRequiredMessage}
	}
	return u, nil
}
