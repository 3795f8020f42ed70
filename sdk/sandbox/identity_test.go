package sandbox_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

func TestTokens(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, sandbox.Options{AccessTokenLifetime: 2 * time.Minute})
	c := e.client(t)
	guest, err := c.Auth.GuestLogin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !guest.Claims.IsGuest || guest.Claims.Email != sandbox.DefaultGuestUsername || guest.Claims.Sub == "" {
		t.Fatalf("guest claims %+v", guest.Claims)
	}
	tok := signup(t, ctx, e, c, "claims@example.com")
	parts := strings.Split(tok.AccessToken, ".")
	if len(parts) != 3 {
		t.Fatalf("not a JWT: %q", tok.AccessToken)
	}
	var hdr, claims map[string]any
	for i, v := range []*map[string]any{&hdr, &claims} {
		b, err := base64.RawURLEncoding.DecodeString(parts[i])
		if err != nil || json.Unmarshal(b, v) != nil {
			t.Fatalf("part %d: %v", i, err)
		}
	}
	if hdr["alg"] != "HS256" {
		t.Fatalf("alg %v", hdr["alg"])
	}
	for _, k := range []string{"sub", "email", "first_name", "last_name", "exp", "iat", "is_guest"} {
		if _, ok := claims[k]; !ok {
			t.Errorf("claim %s missing: %v", k, claims)
		}
	}
	if exp, iat := claims["exp"].(float64), claims["iat"].(float64); exp-iat != 120 {
		t.Errorf("lifetime %v s, want 120", exp-iat)
	}

	// Refresh tokens rotate: each works once.
	next, err := c.Auth.Refresh(ctx, tok.RefreshToken)
	if err != nil || next.RefreshToken == tok.RefreshToken || next.Claims.Email != "claims@example.com" {
		t.Fatalf("refresh: %+v %v", next, err)
	}
	if _, err := c.Auth.Refresh(ctx, tok.RefreshToken); !sdk.IsBadRequest(err) {
		t.Fatalf("reused refresh token: %v, want 400", err)
	}

	// An expired access token is refused with the section 8 answer.
	e.clock.Advance(3 * time.Minute)
	if st, _, body := raw(t, e, "GET", sandbox.APIPath+"users/actions/get-current-user", "", "", map[string]string{"Authorization": "Bearer " + next.AccessToken}); st != 401 || !strings.Contains(body, "Token expired") {
		t.Fatalf("expired token: %d %s", st, body)
	}
	// The SDK recovers on its own through the stored refresh token.
	u, err := c.Users.CurrentUser(ctx)
	if err != nil || u.FirstName != "Rima" {
		t.Fatalf("current user after expiry: %+v %v", u, err)
	}
}

func TestAcceleratedClock(t *testing.T) {
	base := sandbox.NewFakeClock(t0)
	c := sandbox.AcceleratedClock(base, 60)
	base.Advance(time.Minute)
	if got := c.Now().Sub(t0); got != time.Hour {
		t.Fatalf("one real minute at x60 = %v, want 1h", got)
	}
	if sandbox.AcceleratedClock(base, 1) != sandbox.Clock(base) {
		t.Fatal("factor 1 should be the base clock")
	}
}
