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

// Customer returns the claims of the stored registered session, or an AuthError.
func Customer(ctx context.Context, c *sdk.Client) (sdk.Claims, error) {
	s, err := c.Store().Load(ctx)
	if err != nil {
		return sdk.Claims{}, fmt.Errorf("reading the stored session: %w", err)
	}
	if !s.Registered() {
		return sdk.Claims{}, &cmdutil.AuthError{Err: ErrNotLoggedIn}
	}
	claims, err := sdk.ParseClaims(s.Token)
	if err != nil || strings.TrimSpace(claims.Email) == "" {
		// A token we cannot read is as good as none: ask for a fresh login.
		return sdk.Claims{}, &cmdutil.AuthError{Err: ErrNotLoggedIn}
	}
	return claims, nil
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

// Agent returns the claims of the stored session when it is a support agent's; any other
// session (or none) is an AuthError with AgentRequiredMessage (exit 4).
func Agent(ctx context.Context, c *sdk.Client) (sdk.Claims, error) {
	claims, err := Customer(ctx, c)
	if err != nil {
		var ae *cmdutil.AuthError
		if errors.As(err, &ae) {
			return sdk.Claims{}, &cmdutil.AuthError{Err: err, Message: AgentRequiredMessage}
		}
		return sdk.Claims{}, err
	}
	if !claims.IsAgent() {
		return sdk.Claims{}, &cmdutil.AuthError{Err: ErrNotAgent, Message: AgentRequiredMessage}
	}
	return claims, nil
}
