package sandbox_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// bearerOf returns the Authorization header of a client's stored session.
func bearerOf(t *testing.T, c *sdk.Client) string {
	t.Helper()
	s, err := c.Store().Load(context.Background())
	if err != nil || s.Token == "" {
		t.Fatalf("no session: %v", err)
	}
	return "Bearer " + s.Token
}

// createOrder opens an order with the shop's basic credential.
func createOrder(t *testing.T, e *env) string {
	t.Helper()
	st, _, body := raw(t, e, "POST", sandbox.APIPath+"orderfulfillment/orders", "application/x-www-form-urlencoded", "",
		map[string]string{"Authorization": "Basic Y2VkYXJzaW0tc2hvcDpzYW5kYm94LWNsaWVudC1zZWNyZXQ="})
	var v struct {
		Data struct {
			OrderID      string `json:"orderId"`
			NewlyCreated bool   `json:"newlyCreated"`
		} `json:"data"`
	}
	if st != 200 || json.Unmarshal([]byte(body), &v) != nil || !v.Data.NewlyCreated {
		t.Fatalf("create: %d %s", st, body)
	}
	return v.Data.OrderID
}

func detailsBody(bundleID, idem string) string {
	return fmt.Sprintf(`{"idempotencyId":%q,"discountAmount":"0","tax":"0","quantity":"1","order":[{"ServiceItemId":%q,"keepCurrentPlan":false,"addCredits":false,"type":15}]}`, idem, bundleID)
}

func detailsPath(orderID string) string {
	return sandbox.APIPath + "accounts/00000000-0000-0000-0000-000000000000/" + orderID + "/orderdetails"
}

// TestOrderOwnership: an order belongs to the customer whose orderdetails bound it; nobody
// else details or deletes it, whatever their role.
func TestOrderOwnership(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, sandbox.Options{})
	tr, _ := e.sb.Catalogue().ByName("TR_1GB_7D")
	a, b := e.client(t), e.client(t)
	signup(t, ctx, e, a, "owner@example.com")
	signup(t, ctx, e, b, "other@example.com")
	_, agTok := login(t, e, sandbox.DefaultAgentEmail)
	auth := func(h string) map[string]string { return map[string]string{"Authorization": h} }
	bound := createOrder(t, e)
	if st, _, body := raw(t, e, "POST", detailsPath(bound), "application/json", detailsBody(tr.ID, "11111111-1111-4111-8111-111111111111"), auth(bearerOf(t, a))); st != 200 {
		t.Fatalf("owner details: %d %s", st, body)
	}
	unbound := createOrder(t, e)
	tests := []struct {
		name, method, path, body, auth string
		want                           int
	}{
		{"guest deletes", "DELETE", sandbox.APIPath + "orderfulfillment/orders/" + bound, "", guestBearer(t, e), 403},
		{"other customer deletes", "DELETE", sandbox.APIPath + "orderfulfillment/orders/" + bound, "", bearerOf(t, b), 403},
		{"agent deletes", "DELETE", sandbox.APIPath + "orderfulfillment/orders/" + bound, "", "Bearer " + agTok.AccessToken, 403},
		{"other customer details", "POST", detailsPath(bound), detailsBody(tr.ID, "22222222-2222-4222-8222-222222222222"), bearerOf(t, b), 403},
		{"agent details", "POST", detailsPath(unbound), detailsBody(tr.ID, "33333333-3333-4333-8333-333333333333"), "Bearer " + agTok.AccessToken, 403},
		{"guest details", "POST", detailsPath(unbound), detailsBody(tr.ID, "44444444-4444-4444-8444-444444444444"), guestBearer(t, e), 403},
		{"owner deletes", "DELETE", sandbox.APIPath + "orderfulfillment/orders/" + bound, "", bearerOf(t, a), 200},
		{"deleted twice", "DELETE", sandbox.APIPath + "orderfulfillment/orders/" + bound, "", bearerOf(t, a), 404},
		{"unbound deleted by the one holding its id", "DELETE", sandbox.APIPath + "orderfulfillment/orders/" + unbound, "", bearerOf(t, b), 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, ct, body := raw(t, e, tt.method, tt.path, "application/json", tt.body, auth(tt.auth))
			if st != tt.want {
				t.Fatalf("status %d, want %d: %s", st, tt.want, body)
			}
			if st == 403 && (ct != "application/problem+json" || !strings.Contains(body, `"title":"Forbidden"`)) {
				t.Fatalf("403 answer %s %s", ct, body)
			}
		})
	}
}

// TestOrderDetailsIdempotent: a retry with the same idempotency id answers the same link
// and never adds a second line; a different id on an order with its line is refused.
func TestOrderDetailsIdempotent(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, sandbox.Options{})
	tr, _ := e.sb.Catalogue().ByName("TR_1GB_7D")
	fr, _ := e.sb.Catalogue().ByName("FR_1GB_7D")
	c := e.client(t)
	signup(t, ctx, e, c, "retry@example.com")
	auth := map[string]string{"Authorization": bearerOf(t, c)}
	id := createOrder(t, e)
	const idem = "55555555-5555-4555-8555-555555555555"
	first := ""
	steps := []struct {
		name, body string
		pay        bool
		want       int
		same       bool
	}{
		{"first call", detailsBody(tr.ID, idem), false, 200, false},
		{"retry, same id", detailsBody(tr.ID, idem), false, 200, true},
		{"retry, same id, other bundle: still the first answer", detailsBody(fr.ID, idem), false, 200, true},
		{"another id: no second line", detailsBody(fr.ID, "66666666-6666-4666-8666-666666666666"), false, 409, false},
		{"retry after paying", detailsBody(tr.ID, idem), true, 200, true},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			if s.pay {
				if q := e.pay(t, first, sandbox.CardPays); q.Get("success") != "true" {
					t.Fatalf("pay %v", q)
				}
			}
			st, _, body := raw(t, e, "POST", detailsPath(id), "application/json", s.body, auth)
			if st != s.want {
				t.Fatalf("status %d, want %d: %s", st, s.want, body)
			}
			if st != 200 {
				return
			}
			var v struct {
				Data struct {
					CheckoutURL string `json:"checkoutURL"`
				} `json:"data"`
			}
			if err := json.Unmarshal([]byte(body), &v); err != nil {
				t.Fatal(err)
			}
			if first == "" {
				first = v.Data.CheckoutURL
			}
			if s.same && v.Data.CheckoutURL != first {
				t.Fatalf("retry answered %s, first %s", v.Data.CheckoutURL, first)
			}
		})
	}
	// One purchase, one eSIM with one bundle: the plan of the first call.
	list, err := c.ESIMs.ByEmail(ctx, "retry@example.com")
	if err != nil || len(list) != 1 || len(list[0].Bundles) != 1 || list[0].Bundles[0].BundleID != tr.ID {
		t.Fatalf("eSIMs after retries: %+v %v", list, err)
	}
}

// TestConcurrentBuyers: many customers buy at once through the one shop credential, with
// the SDK's delete-and-recreate rule; every purchase completes and each customer gets
// exactly their own eSIM.
func TestConcurrentBuyers(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, sandbox.Options{})
	tr, _ := e.sb.Catalogue().ByName("TR_1GB_7D")
	const buyers, rounds = 12, 3
	clients := make([]*sdk.Client, buyers)
	for i := range clients {
		clients[i] = e.client(t)
		signup(t, ctx, e, clients[i], fmt.Sprintf("buyer%d@example.com", i))
	}
	var wg sync.WaitGroup
	errs := make(chan error, buyers*rounds)
	for i, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			email := fmt.Sprintf("buyer%d@example.com", i)
			for range rounds {
				res, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: tr.ID, Email: email})
				if err != nil {
					errs <- fmt.Errorf("%s checkout: %w", email, err)
					return
				}
				if err := payQuietly(e, res.CheckoutURL); err != nil {
					errs <- fmt.Errorf("%s pay: %w", email, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for i, c := range clients {
		email := fmt.Sprintf("buyer%d@example.com", i)
		list, err := c.ESIMs.ByEmail(ctx, email)
		if err != nil || len(list) != rounds {
			t.Errorf("%s has %d eSIMs (%v), want %d", email, len(list), err, rounds)
		}
	}
}

// noRedirect is an HTTP client that returns the 303 of the checkout form.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// payQuietly pays a checkout link with the test card; safe to call from many goroutines.
func payQuietly(e *env, checkoutURL string) error {
	u, err := url.Parse(checkoutURL)
	if err != nil {
		return fmt.Errorf("checkout URL: %w", err)
	}
	resp, err := noRedirect.PostForm(e.srv.URL+u.Path, url.Values{"cardNumber": {sandbox.CardPays}})
	if err != nil {
		return fmt.Errorf("pay: %w", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	loc, err := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusSeeOther || err != nil || loc.Query().Get("success") != "true" {
		return fmt.Errorf("pay: status %d, location %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	return nil
}
