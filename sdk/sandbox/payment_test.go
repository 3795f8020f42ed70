package sandbox_test

import (
	"context"
	"encoding/json"
	"net/url"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// TestPaymentStatus: the checkout link's status says open, then a declined card (counted),
// then paid; an unknown link is 404 (issue 25.12).
func TestPaymentStatus(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, sandbox.Options{})
	c := e.client(t)
	signup(t, ctx, e, c, "payer@example.com")
	tr, _ := e.sb.Catalogue().ByName("TR_1GB_7D")
	res, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: tr.ID, Email: "payer@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(res.CheckoutURL)
	if err != nil {
		t.Fatal(err)
	}
	status := func() (string, int) {
		t.Helper()
		st, _, body := raw(t, e, "GET", u.Path+sandbox.StatusSuffix, "", "", nil)
		var v struct {
			Data struct {
				Status   string `json:"status"`
				Declines int    `json:"declines"`
			} `json:"data"`
		}
		if st != 200 || json.Unmarshal([]byte(body), &v) != nil {
			t.Fatalf("status: %d %s", st, body)
		}
		return v.Data.Status, v.Data.Declines
	}
	if s, d := status(); s != "open" || d != 0 {
		t.Fatalf("before paying: %s, %d declines", s, d)
	}
	resp, err := noRedirect.PostForm(e.srv.URL+u.Path, url.Values{"cardNumber": {sandbox.CardDeclined}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if s, d := status(); s != "open" || d != 1 {
		t.Fatalf("after a declined card: %s, %d declines", s, d)
	}
	if err := payQuietly(e, res.CheckoutURL); err != nil {
		t.Fatal(err)
	}
	if s, _ := status(); s != "paid" {
		t.Fatalf("after paying: %s", s)
	}
	if st, _, _ := raw(t, e, "GET", "/sandbox/checkout/00000000-0000-4000-8000-000000000000"+sandbox.StatusSuffix, "", "", nil); st != 404 {
		t.Fatalf("unknown link: %d", st)
	}
}
