package checkout

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/theme"
)

func TestMain(m *testing.M) {
	tuitest.ASCII()
	os.Exit(m.Run())
}

const checkoutURL = "https://pay.example.com/checkout/hosted?currency=usd&merchant=cedarsim&orderId=3e2b37f2-e4b0-5ad0-a81a-aad25a1e3d1d&quantity=1"

// bundle is the bundle of the purchase fixtures (Turkey 5GB).
func bundle(t *testing.T) sdk.Bundle {
	c := tuitest.Client(t, sdk.Session{}, "identity.token.guest/success", "catalog.areaBundles/success")
	list, err := c.Catalog.AreaBundles(context.Background(), "TR")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range list {
		if b.Name == "TR_5GB_30D" {
			return b
		}
	}
	t.Fatal("no TR_5GB_30D in the fixture")
	return sdk.Bundle{}
}

type opener struct{ urls []string }

func (o *opener) open(u string) error { o.urls = append(o.urls, u); return nil }

func newCheckout(t *testing.T, topup bool, open func(string) error, fixtures ...string) Model {
	t.Helper()
	c := tuitest.Client(t, tuitest.RegisteredSession(t), fixtures...)
	cfg := Config{Checkout: c.Checkout, User: tuitest.User(c), Open: open,
		SupportPhone: "+961 1 555 010", SupportEmail: "support@cedarsim.example", Styles: theme.New(), Keys: DefaultKeyMap()}
	b := bundle(t)
	if topup {
		return NewTopup(context.Background(), b, b.ID, "cee6adbd-1bbf-5a6b-9dd1-0b6cda99b5e4", cfg)
	}
	return New(context.Background(), b, cfg)
}

var (
	buyOK   = []string{"support.canPurchase/allowed", "orders.create/newly-created", "orders.details/success"}
	topupOK = []string{"support.canPurchase/allowed", "orders.create/newly-created", "orders.details/topup"}
)

func TestGolden(t *testing.T) {
	o := &opener{}
	tests := []struct {
		name     string
		topup    bool
		open     func(string) error
		fixtures []string
		keys     []string
	}{
		{"summary", false, o.open, nil, nil},
		{"topup-summary", true, o.open, nil, nil},
		{"link", false, o.open, buyOK, []string{"enter"}},
		{"link-opened", false, o.open, buyOK, []string{"enter", "o"}},
		{"link-no-browser", false, nil, buyOK, []string{"enter"}},
		{"refused", false, o.open, []string{"support.canPurchase/refused"}, []string{"enter"}},
		{"topup-link", true, o.open, topupOK, []string{"enter"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tuitest.Press(t, newCheckout(t, tt.topup, tt.open, tt.fixtures...), tt.keys...)
			tuitest.Golden(t, 20, func(w, h int) string { return m.SetSize(w, h).View() })
		})
	}
}

func TestFlows(t *testing.T) {
	tests := []struct {
		name     string
		fixtures []string
		wantURL  string
		wantErr  string
	}{
		{"new order", buyOK, checkoutURL, ""},
		{"existing order is replaced", []string{"support.canPurchase/allowed", "orders.create/existing", "orders.delete/success", "orders.create/newly-created", "orders.details/success"}, checkoutURL, ""},
		{"refused shows the reason", []string{"support.canPurchase/refused"}, "", "You already have an active Turkey eSIM. Please top it up from My eSIMs instead."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := &opener{}
			m := tuitest.Press(t, newCheckout(t, false, o.open, tt.fixtures...), "enter", "o")
			if m.URL() != tt.wantURL || m.err != tt.wantErr {
				t.Fatalf("url %q err %q; want %q %q", m.URL(), m.err, tt.wantURL, tt.wantErr)
			}
			if tt.wantURL != "" && (len(o.urls) != 1 || o.urls[0] != tt.wantURL) {
				t.Fatalf("opened %q, want %q", o.urls, tt.wantURL)
			}
		})
	}
}

func TestBrowserFailureIsShown(t *testing.T) {
	m := newCheckout(t, false, func(string) error { return errors.New("no browser") }, buyOK...)
	m = tuitest.Press(t, m, "enter", "o")
	if !strings.Contains(m.View(), "Could not open the browser") || !strings.Contains(m.View(), checkoutURL) {
		t.Fatalf("view:\n%s", m.View())
	}
}
