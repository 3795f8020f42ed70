package sdk

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/cedarsim/esim/contract/wire"
)

// CustomerLookup is the sandbox's answer about an address: whether a customer has it
// (the contract's CustomerLookup; names only when it exists).
type CustomerLookup = wire.CustomerLookup

// ErrNoLookup says the server has no customer look-up: a provider, not the sandbox.
var ErrNoLookup = errors.New("the server has no customer look-up")

// lookupPath is sdk/sandbox.LookupPath (the SDK does not import its emulator).
const lookupPath = "/sandbox/customers/"

// LookupCustomer asks whether a customer has email, for a support agent (the server
// decides; a customer's or guest's session is refused). The provider's contract cannot
// tell: esims/useremails answers [] both for an unknown address and for a customer without
// eSIMs. The sandbox answers at its origin's /sandbox/customers/{email} (docs/contract.md,
// "Customer look-up"); elsewhere the call ends in ErrNoLookup.
func (c *Client) LookupCustomer(ctx context.Context, email string) (*CustomerLookup, error) {
	if err := validateEmail("email", email); err != nil {
		return nil, err
	}
	origin := &url.URL{Scheme: c.supportBase.Scheme, Host: c.supportBase.Host, Path: lookupPath}
	p, err := pathf("%s", email)
	if err != nil {
		return nil, err
	}
	r, err := c.newRequest("lookupCustomer", http.MethodGet, origin, p, nil, authPrivate)
	if err != nil {
		return nil, err
	}
	v, err := run(ctx, c, r, decodeLookup)
	if IsNotFound(err) {
		return nil, fmt.Errorf("%w: %w", ErrNoLookup, err)
	}
	return v, err
}

func decodeLookup(data []byte) (*CustomerLookup, error) {
	return decodeAs(data, func(a wire.CustomerLookupAnswer) (*CustomerLookup, error) {
		if a.Data == nil {
			return nil, fmt.Errorf("no look-up in data: %w", ErrNoData)
		}
		return a.Data, nil
	})
}
