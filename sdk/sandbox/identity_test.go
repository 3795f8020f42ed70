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

	// Refresh tokens rotate: each works once, and a repeat within the grace period answers
	// the same new pair.
	next, err := c.Auth.Refresh(ctx, tok.RefreshToken)
	if err != nil || next.RefreshToken == tok.RefreshToken || next.Claims.Email != "claims@example.com" {
		t.Fatalf("refresh: %+v %v", next, err)
	}
	again, err := c.Auth.Refresh(ctx, tok.RefreshToken)
	if err != nil || again.RefreshToken != next.RefreshToken || again.AccessToken != next.AccessToken {
		t.Fatalf("refresh repeated within the grace period: %+v %v, want the same pair", again, err)
	}
	e.clock.Advance(31 * time.Second)
	if _, err := c.Auth.Refresh(ctx, tok.RefreshToken); !sdk.IsBadRequest(err) {
		t.Fatalf("reused refresh token after the grace period: %v, want 400", err)
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

// TestVerifyRetryIsIdempotent: a verification retried with the same idempotency id (its
// first answer lost) gets the same answer instead of "Invalid OTP" for a spent code.
func TestVerifyRetryIsIdempotent(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, sandbox.Options{})
	c := e.client(t)
	if _, err := c.Auth.GuestLogin(ctx); err != nil {
		t.Fatal(err)
	}
	sent, err := c.Users.SendSignupCode(ctx, sdk.SignupForm{FirstName: "A", LastName: "B", Phone: "1", Email: "idem@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	auth := map[string]string{"Authorization": guestBearer(t, e)}
	body := `{"idempotencyId":"11111111-2222-4333-8444-555555555555","otp":"` + e.sb.LatestCode("idem@example.com") + `","username":"","userId":"` + sent.UserID + `","captchaToken":"x"}`
	path := sandbox.APIPath + "users/otp/email/" + sent.UserID
	st1, _, b1 := raw(t, e, "POST", path, "application/json", body, auth)
	st2, _, b2 := raw(t, e, "POST", path, "application/json", body, auth)
	if st1 != 200 || st2 != 200 || b1 != b2 {
		t.Fatalf("first %d %s, retry %d %s", st1, b1, st2, b2)
	}
	other := strings.Replace(body, "11111111", "99999999", 1)
	if st, _, b := raw(t, e, "POST", path, "application/json", other, auth); st != 400 || !strings.Contains(b, "Invalid OTP") {
		t.Fatalf("a new verification with the spent code: %d %s", st, b)
	}
}
