package sandbox_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// benchBuyers is how many customers buy at once in BenchmarkConcurrentPurchases.
const benchBuyers = 50

// BenchmarkConcurrentPurchases: 50 customers, signed in, buy at once through the one shop
// credential: the SDK's Checkout (can-purchase, order, orderdetails), then the hosted
// checkout page (GET) and its form (POST, 303). b.N purchases are shared by the 50; size
// the run with -benchtime (e.g. -benchtime=30s). Reports purchases/s, the p99 latency of a
// whole purchase and the number of failed purchases (the target is 0).
//
//	go test -run '^$' -bench ConcurrentPurchases -benchtime 30s ./sdk/sandbox/
func BenchmarkConcurrentPurchases(b *testing.B) {
	ctx := context.Background()
	sbx, err := sandbox.New(sandbox.Options{})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(sbx)
	defer srv.Close()
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * benchBuyers}, Timeout: 30 * time.Second}
	noFollow := &http.Client{Transport: hc.Transport, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	tr, _ := sbx.Catalogue().ByName("TR_1GB_7D")

	clients := make([]*sdk.Client, benchBuyers)
	for i := range clients {
		c, err := sdk.NewClient(sdk.Options{
			APIBase: srv.URL + sandbox.APIPath, SupportBase: srv.URL + sandbox.SupportPath,
			ESIMCheckBase: srv.URL + sandbox.ESIMCheckPath, LogPushURL: srv.URL + sandbox.LogPushPath,
			ClientID: sandbox.DefaultClientID, ClientSecret: sandbox.DefaultClientSecret,
			GuestUsername: sandbox.DefaultGuestUsername, GuestPassword: sandbox.DefaultGuestPassword,
			HTTPClient: hc,
		})
		if err != nil {
			b.Fatal(err)
		}
		email := fmt.Sprintf("bench%d@example.com", i)
		sent, err := c.Users.SendSignupCode(ctx, sdk.SignupForm{FirstName: "Bench", LastName: "Buyer", CountryCode: "961", Phone: "70000000", Email: email})
		if err != nil {
			b.Fatalf("signup %s: %v", email, err)
		}
		if _, err := c.Login(ctx, sent.UserID, sbx.LatestCode(email), "captcha"); err != nil {
			b.Fatalf("login %s: %v", email, err)
		}
		clients[i] = c
	}
	buy := func(c *sdk.Client, email string) error {
		res, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: tr.ID, Email: email})
		if err != nil {
			return err
		}
		u, err := url.Parse(res.CheckoutURL)
		if err != nil {
			return fmt.Errorf("checkout URL: %w", err)
		}
		page, err := hc.Get(srv.URL + u.RequestURI())
		if err != nil {
			return fmt.Errorf("checkout page: %w", err)
		}
		_, _ = io.Copy(io.Discard, page.Body)
		page.Body.Close()
		if page.StatusCode != http.StatusOK {
			return fmt.Errorf("checkout page: status %d", page.StatusCode)
		}
		resp, err := noFollow.PostForm(srv.URL+u.Path, url.Values{"cardNumber": {sandbox.CardPays}})
		if err != nil {
			return fmt.Errorf("pay: %w", err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		loc, err := url.Parse(resp.Header.Get("Location"))
		if resp.StatusCode != http.StatusSeeOther || err != nil || loc.Query().Get("success") != "true" {
			return fmt.Errorf("pay: status %d, location %q", resp.StatusCode, resp.Header.Get("Location"))
		}
		return nil
	}

	var next, failed atomic.Int64
	var mu sync.Mutex
	var lat []time.Duration
	var firstErr error
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for i, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			email := fmt.Sprintf("bench%d@example.com", i)
			mine := make([]time.Duration, 0, 256)
			for next.Add(1) <= int64(b.N) {
				t0 := time.Now()
				if err := buy(c, email); err != nil {
					failed.Add(1)
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					continue
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if firstErr != nil {
		b.Errorf("%d of %d purchases failed; first: %v", failed.Load(), b.N, firstErr)
	}
	b.ReportMetric(float64(failed.Load()), "failed")
	if len(lat) == 0 {
		return
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "purchases/s")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(0, "ns/op") // the per-op time of a shared pool says nothing; see purchases/s
}
