package sdk_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// TestPaymentStatus: the sandbox's checkout link tells a declined card and a payment; a
// payment provider's page without the status ends in ErrNoPaymentStatus (issue 25.12).
func TestPaymentStatus(t *testing.T) {
	sb, srv := startSandbox(t)
	ctx := context.Background()
	c := sandboxClient(t, srv.URL)
	const email = "payer@example.com"
	sent, err := c.Users.SendSignupCode(ctx, sdk.SignupForm{FirstName: "Pay", LastName: "Er", Phone: "71123456", Email: email})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Login(ctx, sent.UserID, sb.LatestCode(email), "dev-captcha"); err != nil {
		t.Fatal(err)
	}
	plans, err := c.Catalog.Search(ctx, []string{"TR"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: plans[0].ID, Email: email})
	if err != nil {
		t.Fatal(err)
	}
	pay := func(card string) {
		u, _ := url.Parse(res.CheckoutURL)
		hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := hc.PostForm(srv.URL+u.Path, url.Values{"cardNumber": {card}})
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	steps := []struct {
		card     string
		paid     bool
		declines int
	}{{"", false, 0}, {sandbox.CardDeclined, false, 1}, {sandbox.CardPays, true, 1}}
	for _, s := range steps {
		if s.card != "" {
			pay(s.card)
		}
		st, err := c.PaymentStatus(ctx, res.CheckoutURL)
		if err != nil || st.Paid() != s.paid || st.Declines != s.declines {
			t.Fatalf("after %q: %+v, %v", s.card, st, err)
		}
	}
	other := httptest.NewServer(http.NotFoundHandler())
	defer other.Close()
	if _, err := c.PaymentStatus(ctx, other.URL+"/checkout/hosted?orderId=x"); !errors.Is(err, sdk.ErrNoPaymentStatus) {
		t.Fatalf("a provider's page: %v", err)
	}
}
