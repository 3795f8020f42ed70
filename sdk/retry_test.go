package sdk

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"
)

// step is one scripted answer of a mocked endpoint: a status with a body and headers, or
// a transport error (a reset connection, say).
type step struct {
	status int
	body   string
	header map[string]string
	err    error
}

// script answers its steps in order (the last one keeps answering) and records when
// each request came and what body it carried.
type script struct {
	mu    sync.Mutex
	steps []step
	at    []time.Time
	body  []string
}

func (s *script) responder(req *http.Request) (*http.Response, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b []byte
	if req.Body != nil {
		b, _ = io.ReadAll(req.Body)
	}
	s.at, s.body = append(s.at, time.Now()), append(s.body, string(b))
	st := s.steps[min(len(s.at), len(s.steps))-1]
	if st.err != nil {
		return nil, st.err
	}
	ct := "application/json"
	if st.status >= 400 {
		ct = "application/problem+json"
	}
	resp := httpmock.NewStringResponse(st.status, st.body)
	resp.Header.Set("Content-Type", ct)
	for k, v := range st.header {
		resp.Header.Set(k, v)
	}
	return resp, nil
}

func (s *script) calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.at)
}

func (s *script) gap(i int) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.at[i].Sub(s.at[i-1])
}

func ok(body string) step { return step{status: 200, body: body} }

func fail(status int, detail string) step {
	title := http.StatusText(status)
	return step{status: status, body: fmt.Sprintf(`{"type":"about:blank","title":%q,"status":%d,"detail":%q}`, title, status, detail)}
}

func (s step) retryAfter(v string) step {
	s.header = map[string]string{"Retry-After": v}
	return s
}

var errReset = fmt.Errorf("read tcp 127.0.0.1:1234->127.0.0.1:80: %w", syscall.ECONNRESET)

const (
	mockBase     = "https://api.mock.test"
	countriesURL = mockBase + "/api/v1/catalog/countries"
	tokenURL     = mockBase + "/api/v1/connect/token"
	countriesOK  = `{"data":[{"name":"Turkey","isoCode":"TR"}]}`
)

// newMockClient is a client over an httpmock transport whose backoff waits are zero,
// unless a test sets its own policy.
func newMockClient(t *testing.T, mod ...func(*Options)) (*Client, *httpmock.MockTransport) {
	t.Helper()
	mt := httpmock.NewMockTransport()
	o := testOptions(mockBase)
	o.HTTPClient = &http.Client{Transport: mt}
	o.Retry = RetryPolicy{Jitter: func(time.Duration) time.Duration { return 0 }}
	for _, m := range mod {
		m(&o)
	}
	c, err := NewClient(o)
	if err != nil {
		t.Fatal(err)
	}
	// A guest session, so that public calls go straight to the scripted endpoint.
	if err := c.store.Save(context.Background(), Session{Token: "guest-token", IsGuest: "true"}); err != nil {
		t.Fatal(err)
	}
	return c, mt
}

// TestRetries covers which calls are tried again after which failure, and how often.
func TestRetries(t *testing.T) {
	orderDetailsURL := mockBase + "/api/v1/accounts/" + ZeroAccountID + "/0b3c1a52-7a8e-4d8e-9c1e-2f4b5a6c7d8e/orderdetails"
	canPurchaseURL := mockBase + "/esim-service/api/v1/esims/can-purchase"
	verifyURL := mockBase + "/api/v1/users/otp/email/user-1"
	bundleID := "8f14e45f-ceea-467f-a8e5-0fd2a9d1c3b0"
	type call func(ctx context.Context, c *Client) error
	countries := func(ctx context.Context, c *Client) error { _, err := c.Catalog.Countries(ctx); return err }
	details := func(ctx context.Context, c *Client) error {
		_, err := c.Orders.AddDetails(ctx, ZeroAccountID, "0b3c1a52-7a8e-4d8e-9c1e-2f4b5a6c7d8e", bundleID)
		return err
	}
	canPurchase := func(ctx context.Context, c *Client) error {
		_, err := c.Support.CanPurchase(ctx, bundleID, "rami@example.com")
		return err
	}
	verify := func(ctx context.Context, c *Client) error {
		_, err := c.Users.VerifyCode(ctx, "user-1", "123456", "captcha")
		return err
	}
	for _, tc := range []struct {
		name      string
		method    string
		url       string
		steps     []step
		run       call
		wantCalls int
		wantErr   func(error) bool
	}{
		{"GET 503 then 200", "GET", countriesURL, []step{fail(503, "busy"), ok(countriesOK)}, countries, 2, nil},
		{"GET 502, 504, then 200", "GET", countriesURL, []step{fail(502, "x"), fail(504, "y"), ok(countriesOK)}, countries, 3, nil},
		{"GET reset connection then 200", "GET", countriesURL, []step{{err: errReset}, ok(countriesOK)}, countries, 2, nil},
		{"GET closed without answer then 200", "GET", countriesURL, []step{{err: io.ErrUnexpectedEOF}, ok(countriesOK)}, countries, 2, nil},
		{"GET at most 3 tries", "GET", countriesURL, []step{fail(503, "busy")}, countries, 3, func(err error) bool { return IsStatus(err, 503) }},
		{"GET 500 is not retried", "GET", countriesURL, []step{fail(500, "boom"), ok(countriesOK)}, countries, 1, func(err error) bool { return IsStatus(err, 500) }},
		{"GET 404 is not retried", "GET", countriesURL, []step{fail(404, "no"), ok(countriesOK)}, countries, 1, IsNotFound},
		{"GET 429 without Retry-After is not retried", "GET", countriesURL, []step{fail(429, "slow down"), ok(countriesOK)}, countries, 1, IsTooManyRequests},
		{"GET 429 with Retry-After 0 is not retried", "GET", countriesURL, []step{fail(429, "slow down").retryAfter("0"), ok(countriesOK)}, countries, 1, IsTooManyRequests},
		{"POST orderdetails (idempotency id) 503 then 200", "POST", orderDetailsURL, []step{fail(503, "busy"), ok(`{"data":{"checkoutURL":"https://pay.example.com/c/1"}}`)}, details, 2, nil},
		{"POST orderdetails reset then 200", "POST", orderDetailsURL, []step{{err: errReset}, ok(`{"data":{"checkoutURL":"https://pay.example.com/c/1"}}`)}, details, 2, nil},
		{"POST verify (idempotency id) 503 then 200", "POST", verifyURL, []step{fail(503, "busy"), ok(`{"data":{"username":"rami@example.com","oneTimeLoginPassword":"pw"}}`)}, verify, 2, nil},
		{"POST verify 429 is not retried", "POST", verifyURL, []step{fail(429, "Too many attempts").retryAfter("1"), ok(`{}`)}, verify, 1, IsTooManyRequests},
		{"POST without idempotency id: 503 never retried", "POST", canPurchaseURL, []step{fail(503, "busy"), ok(`{"data":{"canContinue":true}}`)}, canPurchase, 1, func(err error) bool { return IsStatus(err, 503) }},
		{"POST without idempotency id: reset never retried", "POST", canPurchaseURL, []step{{err: errReset}, ok(`{"data":{"canContinue":true}}`)}, canPurchase, 1, func(err error) bool { return errors.Is(err, syscall.ECONNRESET) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, mt := newMockClient(t)
			s := &script{steps: tc.steps}
			mt.RegisterResponder(tc.method, tc.url, s.responder)
			ctx := context.Background()
			_ = c.store.Save(ctx, Session{Token: jwtFor(t, "sub-1", "rami@example.com", false), RefreshToken: "rt", IsGuest: "false"})
			err := tc.run(ctx, c)
			switch {
			case tc.wantErr == nil && err != nil:
				t.Fatalf("err = %v", err)
			case tc.wantErr != nil && (err == nil || !tc.wantErr(err)):
				t.Fatalf("err = %v", err)
			}
			if s.calls() != tc.wantCalls {
				t.Fatalf("requests = %d, want %d", s.calls(), tc.wantCalls)
			}
			for i := 1; i < s.calls(); i++ {
				if s.body[i] != s.body[0] {
					t.Errorf("try %d sent another body:\n%s\nvs\n%s", i+1, s.body[i], s.body[0])
				}
			}
			if info := mt.GetTotalCallCount(); info != tc.wantCalls {
				t.Errorf("requests in all = %d, want %d (no other call)", info, tc.wantCalls)
			}
		})
	}
}

// TestAttemptBudget: the hiccup retries, the retry after a 401's re-authentication and the
// spec's retry after a guest login (section 7) share one budget: a call is sent at most
// MaxAttempts (3) times in all, whatever the mix; a guest-retry path keeps its last try for
// the retry after the guest login.
func TestAttemptBudget(t *testing.T) {
	contactURL := mockBase + "/esim-service/api/v1/support/contact-us"
	contact := func(ctx context.Context, c *Client) error {
		return c.Support.ContactUs(ctx, ContactForm{FullName: "Rami", Email: "rami@example.com", Message: "Hello", Department: "Support"})
	}
	countries := func(ctx context.Context, c *Client) error { _, err := c.Catalog.Countries(ctx); return err }
	for _, tc := range []struct {
		name       string
		method     string
		url        string
		session    Session
		steps      []step
		run        func(ctx context.Context, c *Client) error
		wantCalls  int
		wantGrants int
		wantErr    bool
	}{
		{"contact-us 503 every time", "POST", contactURL, Session{Token: "guest-1", IsGuest: "true"}, []step{fail(503, "busy")}, contact, 3, 1, true},
		{"contact-us 503, 503, then 200 after the guest login", "POST", contactURL, Session{Token: "guest-1", IsGuest: "true"}, []step{fail(503, "busy"), fail(503, "busy"), ok(`{"data":{"id":"c1"}}`)}, contact, 3, 1, false},
		{"contact-us reset every time", "POST", contactURL, Session{Token: "guest-1", IsGuest: "true"}, []step{{err: errReset}}, contact, 3, 1, true},
		{"contact-us 500: guest login and one retry", "POST", contactURL, Session{Token: "guest-1", IsGuest: "true"}, []step{fail(500, "boom"), ok(`{"data":{"id":"c1"}}`)}, contact, 2, 1, false},
		{"GET 401 then 503 every time", "GET", countriesURL, Session{Token: "stale", RefreshToken: "rt", IsGuest: "false"}, []step{fail(401, "Token expired"), fail(503, "busy")}, countries, 3, 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, mt := newMockClient(t)
			s := &script{steps: tc.steps}
			grants := &script{steps: []step{ok(tokenBody("fresh", "rt2"))}}
			mt.RegisterResponder(tc.method, tc.url, s.responder)
			mt.RegisterResponder("POST", tokenURL, grants.responder)
			ctx := context.Background()
			if err := c.store.Save(ctx, tc.session); err != nil {
				t.Fatal(err)
			}
			if err := tc.run(ctx, c); (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want an error: %v", err, tc.wantErr)
			}
			if s.calls() != tc.wantCalls || grants.calls() != tc.wantGrants {
				t.Errorf("requests = %d and token grants = %d, want %d and %d", s.calls(), grants.calls(), tc.wantCalls, tc.wantGrants)
			}
			for i := 1; i < s.calls(); i++ {
				if s.body[i] != s.body[0] {
					t.Errorf("try %d sent another body:\n%s\nvs\n%s", i+1, s.body[i], s.body[0])
				}
			}
		})
	}
}

// TestRetryAfterHonoured: the wait before the next try is at least the server's
// Retry-After, even when the backoff would be shorter.
func TestRetryAfterHonoured(t *testing.T) {
	for _, tc := range []struct {
		name  string
		first func() step
	}{
		{"503 Retry-After seconds", func() step { return fail(503, "busy").retryAfter("1") }},
		{"GET 429 Retry-After seconds", func() step { return fail(429, "slow down").retryAfter("1") }},
		{"503 Retry-After HTTP date", func() step {
			return fail(503, "busy").retryAfter(time.Now().Add(2 * time.Second).UTC().Format(http.TimeFormat))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, mt := newMockClient(t)
			s := &script{steps: []step{tc.first(), ok(countriesOK)}}
			mt.RegisterResponder("GET", countriesURL, s.responder)
			if _, err := c.Catalog.Countries(context.Background()); err != nil {
				t.Fatal(err)
			}
			// An HTTP date has one-second resolution: the wait is at least its rounded rest.
			if s.calls() != 2 || s.gap(1) < 900*time.Millisecond {
				t.Fatalf("requests = %d, gap = %v, want 2 requests at least ~1s apart", s.calls(), s.gap(1))
			}
		})
	}
}

// TestRetryNeverPastDeadline: a wait that would end after the call's deadline is not
// started; the answer in hand is returned at once.
func TestRetryNeverPastDeadline(t *testing.T) {
	for _, tc := range []struct {
		name   string
		policy RetryPolicy
		first  step
	}{
		{"Retry-After beyond the deadline", RetryPolicy{Jitter: func(time.Duration) time.Duration { return 0 }}, fail(503, "busy").retryAfter("5")},
		{"backoff beyond the deadline", RetryPolicy{BaseDelay: 10 * time.Second, MaxDelay: 10 * time.Second, Jitter: func(d time.Duration) time.Duration { return d }}, fail(503, "busy")},
		{"Retry-After beyond MaxRetryAfter", RetryPolicy{MaxRetryAfter: time.Second}, fail(503, "busy").retryAfter("3")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, mt := newMockClient(t, func(o *Options) { o.Retry = tc.policy })
			s := &script{steps: []step{tc.first, ok(countriesOK)}}
			mt.RegisterResponder("GET", countriesURL, s.responder)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			start := time.Now()
			_, err := c.Catalog.Countries(ctx)
			if !IsStatus(err, 503) {
				t.Fatalf("err = %v, want the 503", err)
			}
			if d := time.Since(start); d > time.Second {
				t.Errorf("returned after %v: it waited although the wait could not fit", d)
			}
			if s.calls() != 1 {
				t.Errorf("requests = %d, want 1", s.calls())
			}
		})
	}
	// The client's own Timeout is a deadline too.
	c, mt := newMockClient(t, func(o *Options) { o.Timeout = 500 * time.Millisecond })
	s := &script{steps: []step{fail(503, "busy").retryAfter("2"), ok(countriesOK)}}
	mt.RegisterResponder("GET", countriesURL, s.responder)
	if _, err := c.Catalog.Countries(context.Background()); !IsStatus(err, 503) || s.calls() != 1 {
		t.Fatalf("Options.Timeout: err = %v after %d requests", err, s.calls())
	}
}

// TestRetryCancelled: cancelling during a backoff wait stops at once with an error that
// says so.
func TestRetryCancelled(t *testing.T) {
	c, mt := newMockClient(t, func(o *Options) {
		o.Timeout = 10 * time.Minute
		o.Retry = RetryPolicy{BaseDelay: time.Minute, MaxDelay: time.Minute, Jitter: func(d time.Duration) time.Duration { return d }}
	})
	s := &script{steps: []step{fail(503, "busy"), ok(countriesOK)}}
	mt.RegisterResponder("GET", countriesURL, s.responder)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	_, err := c.Catalog.Countries(ctx)
	if !errors.Is(err, context.Canceled) || !IsStatus(err, 503) || s.calls() != 1 {
		t.Fatalf("err = %v after %d requests", err, s.calls())
	}
}

// TestBackoffJitter: the jitter is asked for a bound that doubles from BaseDelay up to
// MaxDelay, and its answer is kept within [0, bound].
func TestBackoffJitter(t *testing.T) {
	var asked []time.Duration
	p := RetryPolicy{BaseDelay: 100 * time.Millisecond, MaxDelay: 350 * time.Millisecond, Jitter: func(d time.Duration) time.Duration {
		asked = append(asked, d)
		return 2 * d // out of range on purpose: clamped
	}}.withDefaults()
	var got []time.Duration
	for n := 1; n <= 4; n++ {
		got = append(got, p.backoff(n))
	}
	want := []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 350 * time.Millisecond, 350 * time.Millisecond}
	for i := range want {
		if asked[i] != want[i] || got[i] != want[i] {
			t.Errorf("try %d: bound %v, wait %v, want %v", i+1, asked[i], got[i], want[i])
		}
	}
	// The default jitter stays within its bound.
	d := RetryPolicy{}.withDefaults()
	for range 100 {
		if w := d.backoff(2); w < 0 || w > 2*DefaultBaseDelay {
			t.Fatalf("default jitter %v outside [0, %v]", w, 2*DefaultBaseDelay)
		}
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		in   string
		want time.Duration
	}{
		{"", 0}, {"0", 0}, {"-3", 0}, {"soon", 0}, {"  7 ", 7 * time.Second},
		{"120", 2 * time.Minute}, {"999999999", 24 * time.Hour},
		{"Sun, 01 Mar 2026 09:00:30 GMT", 30 * time.Second}, {"Sun, 01 Mar 2026 08:59:00 GMT", 0},
	} {
		if got := parseRetryAfter(tc.in, now); got != tc.want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestTooManyRequests: a 429 keeps its Retry-After for the caller to show.
func TestTooManyRequests(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder("POST", mockBase+"/api/v1/users/otp/send_email/rami@example.com/true",
		(&script{steps: []step{fail(429, "Too many code e-mails for this address.").retryAfter("600")}}).responder)
	mt.RegisterResponder("POST", tokenURL, httpmock.NewStringResponder(200, tokenBody("guest", "")))
	_, err := c.Users.SendLoginCode(context.Background(), "rami@example.com")
	if !IsTooManyRequests(err) {
		t.Fatalf("err = %v", err)
	}
	if d, ok := RetryAfter(err); !ok || d != 10*time.Minute {
		t.Errorf("RetryAfter = %v, %v", d, ok)
	}
	if !strings.Contains(err.Error(), "429") {
		t.Errorf("error text %q", err)
	}
	if _, ok := RetryAfter(errors.New("x")); ok {
		t.Error("RetryAfter of a non-API error")
	}
}
