package sdk

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

const currentUserOK = `{"data":{"data":{"email":"rami@example.com","firstName":"Rami","lastName":"Haddad"}}}`

// TestConcurrent401 is the spec's "concurrent failed requests wait for the first refresh":
// 200 calls on an expired token cause exactly one refresh grant, and then either all
// succeed (refresh accepted) or all fail with ErrSessionExpired and an empty store.
func TestConcurrent401(t *testing.T) {
	const n = 200
	for _, tc := range []struct {
		name          string
		refreshStatus int
	}{
		{"refresh accepted", http.StatusOK},
		{"refresh rejected", http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var unauthorized atomic.Int64
			allFailed := make(chan struct{})
			var once sync.Once
			f := newFake(t, func(w http.ResponseWriter, r *http.Request, body string) {
				switch {
				case strings.HasSuffix(r.URL.Path, "/connect/token"):
					// Hold the refresh until every caller has had its 401, so that all
					// 200 really are waiting at the same time (bounded, never hangs).
					select {
					case <-allFailed:
					case <-time.After(3 * time.Second):
					}
					if tc.refreshStatus != http.StatusOK {
						writeJSON(w, 400, `{"error":"invalid_grant"}`)
						return
					}
					writeJSON(w, 200, tokenBody("fresh-token", "fresh-refresh"))
				case r.Header.Get("Authorization") == "Bearer fresh-token":
					writeJSON(w, 200, currentUserOK)
				default:
					if unauthorized.Add(1) == n {
						once.Do(func() { close(allFailed) })
					}
					problem(w, 401, "Unauthorized", "Token expired")
				}
			})
			// 200 calls under -race on a loaded 2-core machine need more than the 5 s of
			// testOptions (the refresh alone is held up to 3 s); the bound only keeps a bug
			// from hanging the test.
			c := newTestClient(t, f, func(o *Options) { o.Timeout = 60 * time.Second })
			ctx := context.Background()
			if err := c.store.Save(ctx, Session{Token: "stale-token", RefreshToken: "old-refresh", IsGuest: "false"}); err != nil {
				t.Fatal(err)
			}
			errs := make([]error, n)
			var wg sync.WaitGroup
			for i := range n {
				wg.Go(func() { _, errs[i] = c.Users.CurrentUser(ctx) })
			}
			wg.Wait()
			if got := f.count("POST", "/connect/token"); got != 1 {
				t.Errorf("token grants = %d, want exactly 1", got)
			}
			s, _ := c.store.Load(ctx)
			for i, err := range errs {
				if tc.refreshStatus == http.StatusOK && err != nil {
					t.Fatalf("call %d: %v", i, err)
				}
				if tc.refreshStatus != http.StatusOK && !errors.Is(err, ErrSessionExpired) {
					t.Fatalf("call %d: err = %v, want ErrSessionExpired", i, err)
				}
			}
			if tc.refreshStatus == http.StatusOK {
				if s.Token != "fresh-token" || s.RefreshToken != "fresh-refresh" || s.IsGuest != "false" {
					t.Errorf("store after refresh = %+v", s)
				}
				if got := f.count("GET", "/get-current-user"); got != 2*n {
					t.Errorf("current-user requests = %d, want %d (one retry each)", got, 2*n)
				}
			} else if s != (Session{}) {
				t.Errorf("store not cleared: %+v", s)
			}
			for _, r := range f.requests() {
				if strings.HasSuffix(r.Path, "/connect/token") {
					form, _ := url.ParseQuery(r.Body)
					if form.Get("grant_type") != "refresh_token" || form.Get("refresh_token") != "old-refresh" ||
						form.Get("client_id") != testClientID || form.Get("client_secret") != testClientSecret || r.Auth != "" {
						t.Errorf("refresh request = %+v", r)
					}
				}
			}
		})
	}
}

// TestReauthentication covers the single-caller paths of the 401 rule.
func TestReauthentication(t *testing.T) {
	for _, tc := range []struct {
		name      string
		session   Session
		secondOK  bool   // whether the retried request succeeds
		wantGrant string // grant_type of the one token request
		wantErr   func(error) bool
		wantStore string // token in the store afterwards
	}{
		{
			name:      "registered session refreshes",
			session:   Session{Token: "stale", RefreshToken: "rt", IsGuest: "false", PrimaryProfileID: "p1"},
			secondOK:  true,
			wantGrant: "refresh_token",
			wantErr:   func(err error) bool { return err == nil },
			wantStore: "new",
		},
		{
			name:      "guest session logs in as guest again",
			session:   Session{Token: "stale", RefreshToken: "rt", IsGuest: "true"},
			secondOK:  true,
			wantGrant: "password",
			wantErr:   func(err error) bool { return err == nil },
			wantStore: "new",
		},
		{
			name:      "no refresh token logs in as guest",
			session:   Session{Token: "stale", IsGuest: "false"},
			secondOK:  true,
			wantGrant: "password",
			wantErr:   func(err error) bool { return err == nil },
			wantStore: "new",
		},
		{
			name:      "a second 401 is returned, never a loop",
			session:   Session{Token: "stale", RefreshToken: "rt", IsGuest: "false"},
			secondOK:  false,
			wantGrant: "refresh_token",
			wantErr:   IsUnauthorized,
			wantStore: "new",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, r *http.Request, body string) {
				switch {
				case strings.HasSuffix(r.URL.Path, "/connect/token"):
					writeJSON(w, 200, tokenBody("new", "rt2"))
				case r.Header.Get("Authorization") == "Bearer new" && tc.secondOK:
					writeJSON(w, 200, `{"data":[{"name":"Turkey","isoCode":"TR"}]}`)
				default:
					problem(w, 401, "Unauthorized", "Token expired")
				}
			})
			c := newTestClient(t, f)
			ctx := context.Background()
			_ = c.store.Save(ctx, tc.session)
			_, err := c.Catalog.Countries(ctx)
			if !tc.wantErr(err) {
				t.Fatalf("err = %v", err)
			}
			reqs := f.requests()
			if len(reqs) != 3 {
				t.Fatalf("requests = %d, want 3 (call, grant, retry): %+v", len(reqs), reqs)
			}
			form, _ := url.ParseQuery(reqs[1].Body)
			if form.Get("grant_type") != tc.wantGrant {
				t.Errorf("grant_type = %q, want %q", form.Get("grant_type"), tc.wantGrant)
			}
			if reqs[0].Auth != "Bearer stale" || reqs[2].Auth != "Bearer new" {
				t.Errorf("auth headers = %q then %q", reqs[0].Auth, reqs[2].Auth)
			}
			s, _ := c.store.Load(ctx)
			if s.Token != tc.wantStore {
				t.Errorf("stored token = %q, want %q", s.Token, tc.wantStore)
			}
			if tc.session.PrimaryProfileID != "" && s.PrimaryProfileID != tc.session.PrimaryProfileID {
				t.Errorf("profile id lost: %+v", s)
			}
		})
	}
}

// TestIdempotencyIDReusedOnRetry: the body of the retry after a 401 is the same bytes,
// idempotency id included, and only one id is made.
func TestIdempotencyIDReusedOnRetry(t *testing.T) {
	var first atomic.Bool
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, body string) {
		switch {
		case strings.HasSuffix(r.URL.Path, "/connect/token"):
			writeJSON(w, 200, tokenBody("new", "rt2"))
		case !first.Swap(true):
			problem(w, 401, "Unauthorized", "Token expired")
		default:
			writeJSON(w, 200, `{"data":{"username":"rami@example.com","oneTimeLoginPassword":"otp-pw"}}`)
		}
	})
	ids := 0
	c := newTestClient(t, f, func(o *Options) {
		o.NewID = func() string { ids++; return "11111111-2222-4333-8444-555555555555" }
	})
	ctx := context.Background()
	_ = c.store.Save(ctx, Session{Token: "stale", RefreshToken: "rt", IsGuest: "true"})
	if _, err := c.Users.VerifyCode(ctx, "user-1", "123456", "captcha"); err != nil {
		t.Fatal(err)
	}
	reqs := f.requests()
	if len(reqs) != 3 || reqs[0].Body != reqs[2].Body || reqs[0].Body == "" {
		t.Fatalf("retry body differs or missing: %+v", reqs)
	}
	if ids != 1 {
		t.Errorf("idempotency ids made = %d, want 1", ids)
	}
	if !strings.Contains(reqs[0].Body, `"idempotencyId":"11111111-2222-4333-8444-555555555555"`) {
		t.Errorf("body = %s", reqs[0].Body)
	}
}

// TestGuestRetry: otp send and contact-us log in as guest and retry once on any error.
func TestGuestRetry(t *testing.T) {
	for _, tc := range []struct {
		name       string
		session    Session
		failures   int // how many times the call fails before succeeding
		wantErr    bool
		wantCalls  int
		wantStored string // stored token afterwards
	}{
		{"visitor: retry succeeds", Session{}, 1, false, 2, "guest-2"},
		{"guest: fails twice, one retry only", Session{Token: "g1", IsGuest: "true"}, 2, true, 2, "guest-2"},
		{"customer keeps the session", Session{Token: "cust", RefreshToken: "rt", IsGuest: "false"}, 1, false, 2, "cust"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var calls, grants atomic.Int64
			f := newFake(t, func(w http.ResponseWriter, r *http.Request, body string) {
				if strings.HasSuffix(r.URL.Path, "/connect/token") {
					if grants.Add(1) == 1 && tc.session.Token == "" {
						writeJSON(w, 200, tokenBody("guest-1", "g-rt"))
						return
					}
					writeJSON(w, 200, tokenBody("guest-2", "g-rt"))
					return
				}
				if calls.Add(1) <= int64(tc.failures) {
					problem(w, 500, "Internal Server Error", "mail relay down")
					return
				}
				writeJSON(w, 200, `{"data":{"id":"7d0c4a55-8c35-4a43-9a52-3c4f5e0d2b11"}}`)
			})
			c := newTestClient(t, f)
			ctx := context.Background()
			_ = c.store.Save(ctx, tc.session)
			err := c.Support.ContactUs(ctx, ContactForm{FullName: "Rami Haddad", Email: "rami@example.com", Message: "Hello", Department: "Sales"})
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v", err)
			}
			if tc.wantErr && !IsStatus(err, 500) {
				t.Errorf("err = %v, want the server's 500", err)
			}
			if got := calls.Load(); got != int64(tc.wantCalls) {
				t.Errorf("contact-us requests = %d, want %d", got, tc.wantCalls)
			}
			reqs := f.requests()
			last := reqs[len(reqs)-1]
			if last.Auth != "Bearer guest-2" {
				t.Errorf("retry auth = %q, want the new guest token", last.Auth)
			}
			s, _ := c.store.Load(ctx)
			if s.Token != tc.wantStored {
				t.Errorf("stored token = %q, want %q", s.Token, tc.wantStored)
			}
		})
	}
}

func TestSessionNeeded(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, body string) {
		if strings.HasSuffix(r.URL.Path, "/connect/token") {
			writeJSON(w, 200, tokenBody(jwtFor(t, "guest-sub", "guest@shop.example", true), "g-rt"))
			return
		}
		writeJSON(w, 200, `{"data":[{"name":"Europe"}]}`)
	})
	c := newTestClient(t, f)
	ctx := context.Background()

	// A private call with no session fails before any request.
	if _, err := c.Users.CurrentUser(ctx); !errors.Is(err, ErrNotLoggedIn) || !errors.Is(err, ErrSessionExpired) {
		t.Fatalf("CurrentUser without session: %v", err)
	}
	if n := len(f.requests()); n != 0 {
		t.Fatalf("requests made without a session: %d", n)
	}
	// A public call logs in as guest first.
	regions, err := c.Catalog.Regions(ctx)
	if err != nil || len(regions) != 1 || regions[0].Name != "Europe" {
		t.Fatalf("Regions = %v, %v", regions, err)
	}
	reqs := f.requests()
	if len(reqs) != 2 || reqs[0].Auth != basicHeader() {
		t.Fatalf("want guest login then call: %+v", reqs)
	}
	form, _ := url.ParseQuery(reqs[0].Body)
	want := url.Values{"grant_type": {"password"}, "username": {testGuestUser}, "password": {testGuestPass},
		"scope": {"accounts.fullaccess offline_access openid profile roles"}}
	if form.Encode() != want.Encode() {
		t.Errorf("guest form = %v", form)
	}
	s, _ := c.store.Load(ctx)
	if s.IsGuest != "true" || !strings.HasPrefix(reqs[1].Auth, "Bearer ") || reqs[1].Auth != "Bearer "+s.Token {
		t.Errorf("session %+v, call auth %q", s, reqs[1].Auth)
	}
}

func TestLoginAndLogout(t *testing.T) {
	access := jwtFor(t, "cust-1", "rami@example.com", false)
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, body string) {
		switch {
		case strings.HasSuffix(r.URL.Path, "/connect/token"):
			writeJSON(w, 200, tokenBody(access, "cust-rt"))
		default:
			writeJSON(w, 200, `{"data":{"username":"rami@example.com","oneTimeLoginPassword":"one-time-pw"}}`)
		}
	})
	c := newTestClient(t, f)
	ctx := context.Background()
	_ = c.store.Save(ctx, Session{Token: "guest-tok", IsGuest: "true"})
	tok, err := c.Login(ctx, "user-1", "123456", "captcha-token")
	if err != nil {
		t.Fatal(err)
	}
	if tok.Claims.Email != "rami@example.com" || tok.Claims.Sub != "cust-1" || tok.Claims.IsGuest ||
		!tok.Claims.Exp.Equal(time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)) {
		t.Errorf("claims = %+v", tok.Claims)
	}
	reqs := f.requests()
	if len(reqs) != 2 || reqs[0].Auth != "Bearer guest-tok" || reqs[1].Auth != basicHeader() {
		t.Fatalf("requests = %+v", reqs)
	}
	form, _ := url.ParseQuery(reqs[1].Body)
	if form.Get("username") != "rami@example.com" || form.Get("password") != "one-time-pw" ||
		form.Get("scope") != "accounts identity orders support cart payment offline_access" || form.Get("grant_type") != "password" {
		t.Errorf("exchange form = %v", form)
	}
	s, _ := c.store.Load(ctx)
	if s != (Session{Token: access, RefreshToken: "cust-rt", IsGuest: "false"}) {
		t.Errorf("session = %+v", s)
	}
	if err := c.Auth.Logout(ctx); err != nil {
		t.Fatal(err)
	}
	if s, _ := c.store.Load(ctx); s != (Session{}) {
		t.Errorf("after logout: %+v", s)
	}
}
