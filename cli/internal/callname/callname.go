// Package callname names a recorded exchange's call by the OpenAPI operation its request
// matches (the operationId, the project's one call name), for `esim record` and for the
// HARs of other tools that replay imports.
package callname

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/contract/openapi"
)

// Names for exchanges with no operation.
const (
	Checkout     = "checkout"     // the hosted checkout page of a server laid out like the sandbox
	Undocumented = "undocumented" // a request the OpenAPI description lacks
)

// New loads the OpenAPI description and returns the namer: the operationId of a method
// and a URL on the fixture hosts.
func New(ctx context.Context) (func(method, fixtureURL string) string, error) {
	v, err := openapi.New(ctx)
	if err != nil {
		return nil, fmt.Errorf("load the OpenAPI description: %w", err)
	}
	return func(method, fixtureURL string) string {
		if strings.HasPrefix(fixtureURL, contract.FixtureCheckoutBase) {
			return Checkout
		}
		req, err := http.NewRequestWithContext(ctx, method, fixtureURL, nil)
		if err != nil {
			return Undocumented
		}
		id, err := v.OperationID(req)
		if err != nil || id == "" {
			return Undocumented
		}
		return id
	}, nil
}
