package sdk_test

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// startSandbox serves an in-process sandbox for the tests of the SDK's sandbox-only calls.
func startSandbox(t *testing.T) (*sandbox.Server, *httptest.Server) {
	t.Helper()
	sb, err := sandbox.New(sandbox.Options{ActivationDelay: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sb)
	t.Cleanup(srv.Close)
	return sb, srv
}

// sandboxClient is an SDK client of a server laid out like the sandbox at origin.
func sandboxClient(t *testing.T, origin string) *sdk.Client {
	t.Helper()
	c, err := sdk.NewClient(sdk.Options{APIBase: origin + sandbox.APIPath, SupportBase: origin + sandbox.SupportPath,
		ESIMCheckBase: origin + sandbox.ESIMCheckPath, Store: sdk.NewMemoryStore(),
		ClientID: contract.SandboxClientID, ClientSecret: contract.SandboxClientSecret,
		GuestUsername: contract.SandboxGuestUsername, GuestPassword: contract.SandboxGuestPassword})
	if err != nil {
		t.Fatal(err)
	}
	return c
}
