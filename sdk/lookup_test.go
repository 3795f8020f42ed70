package sdk_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// TestLookupCustomer: against the sandbox, an agent tells a customer from nobody; a server
// without the look-up (a provider) ends in ErrNoLookup, not in "nobody" (issue 25.3).
func TestLookupCustomer(t *testing.T) {
	sb, srv := startSandbox(t)
	ctx := context.Background()
	agent := sandboxClient(t, srv.URL)
	if _, err := agent.Auth.GuestLogin(ctx); err != nil {
		t.Fatal(err)
	}
	sent, err := agent.Users.SendLoginCode(ctx, sandbox.DefaultAgentEmail)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := agent.Login(ctx, sent.UserID, sb.LatestCode(sandbox.DefaultAgentEmail), "dev-captcha"); err != nil {
		t.Fatal(err)
	}
	for email, want := range map[string]bool{sandbox.DefaultAgentEmail: true, "nobody@example.com": false} {
		got, err := agent.LookupCustomer(ctx, email)
		if err != nil || got.Exists != want {
			t.Errorf("%s: %+v, %v; want exists=%v", email, got, err, want)
		}
	}
	provider := httptest.NewServer(http.NotFoundHandler())
	defer provider.Close()
	c := sandboxClient(t, provider.URL)
	s, _ := agent.Store().Load(ctx)
	if err := c.Store().Save(ctx, s); err != nil {
		t.Fatal(err)
	}
	if _, err := c.LookupCustomer(ctx, "nobody@example.com"); !errors.Is(err, sdk.ErrNoLookup) {
		t.Fatalf("without the look-up: %v, want ErrNoLookup", err)
	}
}
