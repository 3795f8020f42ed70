package sandbox_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// The SDK against injected sandbox faults: a hiccup never logs the customer out, and
// only calls that are safe to repeat are repeated (docs/contract.md, "Retries and the
// refresh rule").

// addFault installs a fault through the admin route, as QA would.
func addFault(t *testing.T, e *env, f sandbox.Fault) {
	t.Helper()
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	if st, _, body := raw(t, e, "POST", "/sandbox/faults", "application/json", string(b), map[string]string{"Origin": e.srv.URL}); st != http.StatusCreated {
		t.Fatalf("add fault %+v: %d %s", f, st, body)
	}
}

// faultsLeft lists the installed faults (each with the calls it still fails).
func faultsLeft(t *testing.T, e *env) []sandbox.Fault {
	t.Helper()
	st, _, body := raw(t, e, "GET", "/sandbox/faults", "", "", nil)
	var out struct {
		Faults []sandbox.Fault `json:"faults"`
	}
	if st != http.StatusOK || json.Unmarshal([]byte(body), &out) != nil {
		t.Fatalf("list faults: %d %s", st, body)
	}
	return out.Faults
}

// freshConnClient is an SDK client whose every request opens a new connection, so that a
// dropped connection is survived by the SDK's retry and not by net/http's own retry of a
// request that failed on a reused connection.
func freshConnClient(t *testing.T, e *env, mod func(*sdk.Options)) *sdk.Client {
	t.Helper()
	o := sdk.Options{
		APIBase: e.srv.URL + sandbox.APIPath, SupportBase: e.srv.URL + sandbox.SupportPath,
		ESIMCheckBase: e.srv.URL + sandbox.ESIMCheckPath, LogPushURL: e.srv.URL + sandbox.LogPushPath,
		ClientID: sandbox.DefaultClientID, ClientSecret: sandbox.DefaultClientSecret,
		GuestUsername: sandbox.DefaultGuestUsername, GuestPassword: sandbox.DefaultGuestPassword,
		HTTPClient: &http.Client{Transport: &http.Transport{DisableKeepAlives: true}},
	}
	if mod != nil {
		mod(&o)
	}
	c, err := sdk.NewClient(o)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestRefreshHiccupKeepsSession(t *testing.T) {
	e := newEnv(t, sandbox.Options{})
	c := e.client(t)
	ctx := context.Background()
	const email = "hiccup@example.com"
	signup(t, ctx, e, c, email)
	before, _ := c.Store().Load(ctx)

	// The access token expires and the refresh answers 500 once.
	e.sb.ExpireTokens()
	addFault(t, e, sandbox.Fault{Path: "connect/token", Method: "POST", Status: 500, Count: 1})
	_, err := c.ESIMs.ByEmail(ctx, email)
	if !sdk.IsStatus(err, 500) || errors.Is(err, sdk.ErrSessionExpired) {
		t.Fatalf("err = %v, want the refresh's 500, not a session expiry", err)
	}
	if s, _ := c.Store().Load(ctx); s != before {
		t.Fatalf("session changed after a 500 on refresh:\n%+v\nwant\n%+v", s, before)
	}
	// The kept refresh token still works: the next call refreshes and succeeds.
	if _, err := c.ESIMs.ByEmail(ctx, email); err != nil {
		t.Fatalf("after the hiccup: %v", err)
	}
	if s, _ := c.Store().Load(ctx); s.Token == before.Token || !s.Registered() {
		t.Errorf("session after the refresh = %+v", s)
	}

	// A dropped connection on the refresh keeps it too.
	e.sb.ExpireTokens()
	before, _ = c.Store().Load(ctx)
	addFault(t, e, sandbox.Fault{Path: "connect/token", Method: "POST", Drop: true, Count: 1})
	if _, err := c.ESIMs.ByEmail(ctx, email); err == nil || errors.Is(err, sdk.ErrSessionExpired) {
		t.Fatalf("dropped refresh: err = %v", err)
	}
	if s, _ := c.Store().Load(ctx); s != before {
		t.Fatalf("session changed after a dropped refresh: %+v", s)
	}
}

func TestRejectedRefreshClearsSession(t *testing.T) {
	e := newEnv(t, sandbox.Options{})
	c := e.client(t)
	ctx := context.Background()
	const email = "rejected@example.com"
	signup(t, ctx, e, c, email)
	s, _ := c.Store().Load(ctx)
	s.RefreshToken = "a-refresh-token-the-sandbox-never-issued"
	if err := c.Store().Save(ctx, s); err != nil {
		t.Fatal(err)
	}
	e.sb.ExpireTokens()
	_, err := c.ESIMs.ByEmail(ctx, email)
	if !errors.Is(err, sdk.ErrSessionExpired) || !sdk.IsBadRequest(err) {
		t.Fatalf("err = %v, want ErrSessionExpired after the 400 invalid_grant", err)
	}
	if s, _ := c.Store().Load(ctx); s != (sdk.Session{}) {
		t.Fatalf("session kept after a rejected refresh: %+v", s)
	}
}

func TestIdempotentCallsRetryOnFaults(t *testing.T) {
	e := newEnv(t, sandbox.Options{})
	c := freshConnClient(t, e, func(o *sdk.Options) {
		o.Retry = sdk.RetryPolicy{BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond}
	})
	ctx := context.Background()

	// A GET answered 503 once, then 200.
	addFault(t, e, sandbox.Fault{Path: "catalog/countries", Status: 503, Count: 1})
	if cs, err := c.Catalog.Countries(ctx); err != nil || len(cs) == 0 {
		t.Fatalf("countries after one 503: %d, %v", len(cs), err)
	}
	// A GET whose connection is closed without an answer, twice, then answered.
	addFault(t, e, sandbox.Fault{Path: "catalog/regions", Drop: true, Count: 2})
	if rs, err := c.Catalog.Regions(ctx); err != nil || len(rs) == 0 {
		t.Fatalf("regions after two dropped connections: %d, %v", len(rs), err)
	}
	// Three 502s: three tries, then the error.
	addFault(t, e, sandbox.Fault{Path: "catalog/bundles/special", Status: 502, Count: 4})
	if _, err := c.Catalog.SpecialBundles(ctx); !sdk.IsStatus(err, 502) {
		t.Fatalf("special bundles: %v", err)
	}
	if left := faultsLeft(t, e); len(left) != 1 || left[0].Count != 1 {
		t.Fatalf("faults left = %+v, want one with 1 call (3 tries used)", left)
	}
	raw(t, e, "DELETE", "/sandbox/faults", "", "", map[string]string{"Origin": e.srv.URL})

	// A POST with an idempotency id the server honours: contact-us, 503 then stored once.
	addFault(t, e, sandbox.Fault{Path: "support/contact-us", Status: 503, Count: 1})
	if err := c.Support.ContactUs(ctx, sdk.ContactForm{FullName: "Rima Haddad", Email: "rima@example.com", Message: "Hello once", Department: "Sales"}); err != nil {
		t.Fatalf("contact-us after one 503: %v", err)
	}
	// One message gives two mails: the acknowledgement and the copy to support.
	if n := strings.Count(mailboxJSON(t, e), "Hello once"); n != 2 {
		t.Errorf("contact message mailed %d times, want 2 (one message)", n)
	}
}

func TestPurchaseSurvivesDroppedOrderDetails(t *testing.T) {
	e := newEnv(t, sandbox.Options{})
	ctx := context.Background()
	const email = "dropped-details@example.com"
	c := freshConnClient(t, e, func(o *sdk.Options) {
		o.Retry = sdk.RetryPolicy{BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond}
	})
	signup(t, ctx, e, c, email)
	bs, err := c.Catalog.AreaBundles(ctx, "TR")
	if err != nil || len(bs) == 0 {
		t.Fatalf("bundles: %v", err)
	}
	addFault(t, e, sandbox.Fault{Path: "/orderdetails", Method: "POST", Drop: true, Count: 1})
	res, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: bs[0].ID, Email: email})
	if err != nil {
		t.Fatalf("checkout with one dropped orderdetails: %v", err)
	}
	if q := e.pay(t, res.CheckoutURL, "4242 4242 4242 4242"); q.Get("status") == "" && len(q) == 0 {
		t.Fatalf("pay: %v", q)
	}
	if es, err := c.ESIMs.ByEmail(ctx, email); err != nil || len(es) != 1 {
		t.Fatalf("eSIMs after the purchase: %d, %v", len(es), err)
	}
}

func TestNonIdempotentPostNeverRetried(t *testing.T) {
	e := newEnv(t, sandbox.Options{})
	ctx := context.Background()
	const email = "no-retry@example.com"
	c := freshConnClient(t, e, func(o *sdk.Options) {
		o.Retry = sdk.RetryPolicy{BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond}
	})
	signup(t, ctx, e, c, email)
	bs, err := c.Catalog.AreaBundles(ctx, "TR")
	if err != nil || len(bs) == 0 {
		t.Fatalf("bundles: %v", err)
	}
	for _, f := range []sandbox.Fault{
		{Path: "esims/can-purchase", Method: "POST", Status: 503, Count: 2},
		{Path: "esims/can-purchase", Method: "POST", Drop: true, Count: 2},
		{Path: "orderfulfillment/orders", Method: "POST", Status: 503, Count: 2},
	} {
		addFault(t, e, f)
		var err error
		if strings.Contains(f.Path, "can-purchase") {
			_, err = c.Support.CanPurchase(ctx, bs[0].ID, email)
		} else {
			_, err = c.Orders.Create(ctx)
		}
		if err == nil {
			t.Fatalf("%+v: the call succeeded, so it was repeated", f)
		}
		if left := faultsLeft(t, e); len(left) != 1 || left[0].Count != 1 {
			t.Fatalf("%+v: faults left %+v, want 1 call left (one try)", f, left)
		}
		raw(t, e, "DELETE", "/sandbox/faults", "", "", map[string]string{"Origin": e.srv.URL})
	}
}

func TestRetryRespectsDeadline(t *testing.T) {
	e := newEnv(t, sandbox.Options{})
	c := freshConnClient(t, e, func(o *sdk.Options) {
		// Backoff waits of 5 s cannot fit a 1 s deadline.
		o.Retry = sdk.RetryPolicy{BaseDelay: 5 * time.Second, MaxDelay: 5 * time.Second, Jitter: func(d time.Duration) time.Duration { return d }}
	})
	addFault(t, e, sandbox.Fault{Path: "catalog/countries", Status: 503, Count: 3})
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	start := time.Now()
	if _, err := c.Catalog.Countries(ctx); !sdk.IsStatus(err, 503) {
		t.Fatalf("err = %v, want the 503", err)
	}
	if d := time.Since(start); d >= time.Second {
		t.Errorf("returned after %v, past the deadline", d)
	}
	if left := faultsLeft(t, e); len(left) != 1 || left[0].Count != 2 {
		t.Errorf("faults left %+v, want 2 calls left (one try)", left)
	}
}

func mailboxJSON(t *testing.T, e *env) string {
	t.Helper()
	return e.get(t, e.srv.URL+"/sandbox/mailbox.json")
}
