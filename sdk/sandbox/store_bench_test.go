package sandbox_test

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
	"github.com/cedarsim/esim/sdk/sandbox/store"
)

// seedOrders writes a state file holding n paid orders (each with its eSIM) of 100
// customers, as a sandbox that sold n eSIMs would have.
func seedOrders(b *testing.B, path string, n int) {
	b.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, path, []string{"meta", "users", "orders", "esims"}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = db.Close() }()
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	rec := func(kind, id string, v any) store.Record {
		raw, err := json.Marshal(v)
		if err != nil {
			b.Fatal(err)
		}
		return store.Record{Kind: kind, ID: id, Value: raw}
	}
	recs := []store.Record{rec("meta", "state", map[string]any{"signingKey": key, "serial": 1_000_000})}
	for u := range 100 {
		id := fmt.Sprintf("00000000-0000-4000-8000-%012d", u)
		recs = append(recs, rec("users", id, map[string]any{"id": id, "email": fmt.Sprintf("seed%d@example.com", u), "verified": true}))
	}
	created := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		user := fmt.Sprintf("00000000-0000-4000-8000-%012d", i%100)
		oid := fmt.Sprintf("10000000-0000-4000-8000-%012d", i)
		iccid := fmt.Sprintf("89961990%010d", i) // not Luhn-checked at load; never read here
		recs = append(recs,
			rec("orders", oid, map[string]any{"id": oid, "client": sandbox.DefaultClientID, "userId": user,
				"email": fmt.Sprintf("seed%d@example.com", i%100), "bundleId": "seed", "status": "paid", "created": created, "iccid": iccid, "tranId": "SEED"}),
			rec("esims", iccid, map[string]any{"iccid": iccid, "accountId": oid, "userId": user, "email": fmt.Sprintf("seed%d@example.com", i%100),
				"matchingId": "SEED", "qr": "", "created": created, "bundles": []map[string]any{{"assignmentId": oid, "bundleId": "seed", "orderId": oid, "assignedAt": created}}}))
		if len(recs) >= 2000 || i == n-1 {
			if err := db.Apply(ctx, recs); err != nil {
				b.Fatal(err)
			}
			recs = recs[:0]
		}
	}
}

// purchaser buys on one sandbox through the SDK and the hosted checkout page.
type purchaser struct {
	sbx    *sandbox.Server
	srv    *httptest.Server
	c      *sdk.Client
	hc     *http.Client
	bundle string
}

const benchEmail = "bench@example.com"

func newPurchaser(b *testing.B, storedOrders int) *purchaser {
	b.Helper()
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "state.db")
	seedOrders(b, path, storedOrders)
	sbx, err := sandbox.New(sandbox.Options{StatePath: path, MaxUnpaidOrders: 1 << 20})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(sbx)
	b.Cleanup(func() {
		srv.Close()
		_ = sbx.Close()
	})
	c, err := sdk.NewClient(sdk.Options{
		APIBase: srv.URL + sandbox.APIPath, SupportBase: srv.URL + sandbox.SupportPath,
		ESIMCheckBase: srv.URL + sandbox.ESIMCheckPath, LogPushURL: srv.URL + sandbox.LogPushPath,
		ClientID: sandbox.DefaultClientID, ClientSecret: sandbox.DefaultClientSecret,
		GuestUsername: sandbox.DefaultGuestUsername, GuestPassword: sandbox.DefaultGuestPassword,
		HTTPClient: srv.Client(),
	})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := c.Auth.GuestLogin(ctx); err != nil {
		b.Fatal(err)
	}
	sent, err := c.Users.SendSignupCode(ctx, sdk.SignupForm{FirstName: "B", LastName: "N", CountryCode: "961", Phone: "70123456", Email: benchEmail})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := c.Login(ctx, sent.UserID, sbx.LatestCode(benchEmail), "captcha"); err != nil {
		b.Fatal(err)
	}
	bundles, err := c.Catalog.AreaBundles(ctx, "TR")
	if err != nil {
		b.Fatal(err)
	}
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &purchaser{sbx: sbx, srv: srv, c: c, hc: hc, bundle: bundles[0].ID}
}

// buy makes one purchase and returns how long it took.
func (p *purchaser) buy(b *testing.B) time.Duration {
	t0 := time.Now()
	res, err := p.c.Checkout(context.Background(), sdk.CheckoutRequest{BundleID: p.bundle, Email: benchEmail})
	if err != nil {
		b.Fatal(err)
	}
	u, _ := url.Parse(res.CheckoutURL)
	resp, err := p.hc.PostForm(p.srv.URL+u.Path, url.Values{"cardNumber": {sandbox.CardPays}})
	if err != nil {
		b.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		b.Fatalf("pay: %d", resp.StatusCode)
	}
	return time.Since(t0)
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

// BenchmarkPurchaseWriteCost is one purchase (can-purchase, order, orderdetails, paying on
// the hosted page: three synced writes) on two sandboxes side by side, one whose state file
// already holds 10 orders and one with 10,000. Each iteration buys once on each, alternating,
// so both see the same disk; it reports the median of each and their ratio, which must stay
// <= 1.5 (the cost of a small write does not grow with the data):
//
//	go test -run '^$' -bench PurchaseWriteCost -benchtime 60x ./sdk/sandbox/
func BenchmarkPurchaseWriteCost(b *testing.B) {
	small, large := newPurchaser(b, 10), newPurchaser(b, 10_000)
	small.buy(b) // warm both up (first mmap growth, connections)
	large.buy(b)
	var ts, tl []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%2 == 0 {
			ts = append(ts, small.buy(b))
			tl = append(tl, large.buy(b))
		} else {
			tl = append(tl, large.buy(b))
			ts = append(ts, small.buy(b))
		}
	}
	b.StopTimer()
	ms, ml := median(ts), median(tl)
	b.ReportMetric(float64(ms.Microseconds())/1000, "ms/purchase@10")
	b.ReportMetric(float64(ml.Microseconds())/1000, "ms/purchase@10000")
	b.ReportMetric(float64(ml)/float64(ms), "ratio")
}
