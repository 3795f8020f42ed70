// A refresh that fails, hiccups or times out after a 401: when the session is kept.

package sdk

import (
	"context"
	"errors"
	"net/http"
	"syscall"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"
)

// TestRefreshFailureKeepsSessionUnlessRejected: after a 401, a refresh that the server
// rejects clears the session; any other failure keeps it and returns that failure.
func TestRefreshFailureKeepsSessionUnlessRejected(t *testing.T) {
	customer := Session{Token: "stale", RefreshToken: "rt", IsGuest: "false", PrimaryProfileID: "p1"}
	for _, tc := range []struct {
		name      string
		refresh   step
		cleared   bool
		wantErr   func(error) bool
		wantCalls int // requests to connect/token
	}{
		{"500 keeps the session", fail(500, "Injected fault."), false, func(err error) bool { return IsStatus(err, 500) }, 1},
		{"502 keeps the session (a POST grant is never retried)", fail(502, "Bad gateway"), false, func(err error) bool { return IsStatus(err, 502) }, 1},
		{"dropped connection keeps the session", step{err: errReset}, false, func(err error) bool { return errors.Is(err, syscall.ECONNRESET) }, 1},
		{"400 other than invalid_grant keeps the session", step{status: 400, body: `{"error":"invalid_request"}`}, false, func(err error) bool { return IsBadRequest(err) }, 1},
		{"400 invalid_grant clears it", fail(400, "invalid_grant"), true, func(err error) bool { return IsBadRequest(err) }, 1},
		{"400 OAuth body invalid_grant clears it", step{status: 400, body: `{"error":"invalid_grant","error_description":"The refresh token is no longer valid."}`}, true, func(err error) bool { return IsBadRequest(err) }, 1},
		{"401 clears it", fail(401, "invalid_client"), true, IsUnauthorized, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, mt := newMockClient(t)
			api := &script{steps: []step{fail(401, "Token expired")}}
			tok := &script{steps: []step{tc.refresh}}
			mt.RegisterResponder("GET", countriesURL, api.responder)
			mt.RegisterResponder("POST", tokenURL, tok.responder)
			ctx := context.Background()
			if err := c.store.Save(ctx, customer); err != nil {
				t.Fatal(err)
			}
			_, err := c.Catalog.Countries(ctx)
			if err == nil || !tc.wantErr(err) {
				t.Fatalf("err = %v", err)
			}
			if got := errors.Is(err, ErrSessionExpired); got != tc.cleared {
				t.Errorf("errors.Is(err, ErrSessionExpired) = %v, want %v (err %v)", got, tc.cleared, err)
			}
			s, _ := c.store.Load(ctx)
			if tc.cleared && s != (Session{}) {
				t.Errorf("session kept after a rejected refresh: %+v", s)
			}
			if !tc.cleared && s != customer {
				t.Errorf("session = %+v, want it kept: %+v", s, customer)
			}
			if tok.calls() != tc.wantCalls || api.calls() != 1 {
				t.Errorf("token requests = %d, api requests = %d", tok.calls(), api.calls())
			}
		})
	}
}

// TestRefreshHiccupThenSuccess: the session kept after a 500 refresh serves the next call,
// whose refresh then succeeds.
func TestRefreshHiccupThenSuccess(t *testing.T) {
	c, mt := newMockClient(t)
	tok := &script{steps: []step{fail(500, "Injected fault."), ok(tokenBody("new", "rt2"))}}
	mt.RegisterResponder("POST", tokenURL, tok.responder)
	mt.RegisterResponder("GET", countriesURL, func(r *http.Request) (*http.Response, error) {
		if r.Header.Get("Authorization") == "Bearer new" {
			return httpmock.NewStringResponse(200, countriesOK), nil
		}
		return httpmock.NewStringResponse(401, `{"title":"Unauthorized","status":401,"detail":"Token expired"}`), nil
	})
	ctx := context.Background()
	_ = c.store.Save(ctx, Session{Token: "stale", RefreshToken: "rt", IsGuest: "false"})
	if _, err := c.Catalog.Countries(ctx); !IsStatus(err, 500) {
		t.Fatalf("first call: %v", err)
	}
	if _, err := c.Catalog.Countries(ctx); err != nil {
		t.Fatalf("second call: %v", err)
	}
	if s, _ := c.store.Load(ctx); s.Token != "new" || s.RefreshToken != "rt2" || s.IsGuest != "false" {
		t.Errorf("session = %+v", s)
	}
}

// TestRefreshTimeoutKeepsSession: a refresh that outlasts the call's deadline keeps the
// session.
func TestRefreshTimeoutKeepsSession(t *testing.T) {
	c, mt := newMockClient(t, func(o *Options) { o.Timeout = 150 * time.Millisecond })
	mt.RegisterResponder("GET", countriesURL, httpmock.NewStringResponder(401, `{"title":"Unauthorized","detail":"Token expired"}`))
	mt.RegisterResponder("POST", tokenURL, func(r *http.Request) (*http.Response, error) {
		<-r.Context().Done()
		return nil, r.Context().Err()
	})
	ctx := context.Background()
	_ = c.store.Save(ctx, Session{Token: "stale", RefreshToken: "rt", IsGuest: "false"})
	_, err := c.Catalog.Countries(ctx)
	if err == nil || errors.Is(err, ErrSessionExpired) {
		t.Fatalf("err = %v, want a timeout that is not ErrSessionExpired", err)
	}
	if s, _ := c.store.Load(ctx); s.Token != "stale" || s.RefreshToken != "rt" {
		t.Errorf("session = %+v, want it kept", s)
	}
}
