package checkout

import (
	"context"
	"errors"
	"github.com/cedarsim/esim/tui/nav"
	tea "github.com/charmbracelet/bubbletea"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

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
	c := tuitest.Client(t, sdk.Session{}, "token.guest/success", "listAreaBundles/success")
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
	buyOK   = []string{"canPurchase/allowed", "createOrder/newly-created", "addOrderDetails/success"}
	topupOK = []string{"canPurchase/allowed", "createOrder/newly-created", "addOrderDetails/topup"}
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
		{"refused", false, o.open, []string{"canPurchase/refused"}, []string{"enter"}},
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
		{"existing order is replaced", []string{"canPurchase/allowed", "createOrder/existing", "deleteOrder/success", "createOrder/newly-created", "addOrderDetails/success"}, checkoutURL, ""},
		{"refused shows the reason", []string{"canPurchase/refused"}, "", "You already have an active Turkey eSIM. Please top it up from My eSIMs instead."},
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
	m = tuitest.Press(t, m, "enter", "o").SetSize(200, 24)
	if !strings.Contains(m.View(), "Could not open the browser") || !strings.Contains(m.View(), checkoutURL) {
		t.Fatalf("view:\n%s", m.View())
	}
}

// TestLinkIsOneLineAndCopies: at 80 columns the link is one shortened line (never broken,
// which would not copy), and c copies it whole (issue 25.7).
func TestLinkIsOneLineAndCopies(t *testing.T) {
	var copied string
	c := tuitest.Client(t, tuitest.RegisteredSession(t), buyOK...)
	m := New(context.Background(), bundle(t), Config{Checkout: c.Checkout, User: tuitest.User(c), Styles: theme.New(), Keys: DefaultKeyMap(),
		Copy: func(s string) (bool, error) { copied = s; return true, nil }})
	m = tuitest.Press(t, m, "enter")
	v := m.View()
	if !strings.Contains(v, checkoutURL[:60]) || strings.Contains(v, checkoutURL) || strings.Contains(v, "quantity=1") {
		t.Fatalf("the link is not one shortened line:\n%s", v)
	}
	m = tuitest.Press(t, m, "c")
	if copied != checkoutURL || !strings.Contains(m.View(), "Copied the checkout link to the clipboard.") {
		t.Fatalf("copied %q:\n%s", copied, m.View())
	}
}

// esimList answers the eSIM list: before is what the customer has; after answers from
// call n on (0: never), with a new bundle on the same eSIM (a top-up) or a new eSIM.
type esimList struct {
	mu     sync.Mutex
	calls  int
	after  int
	failAt int // this call fails (0: none)
}

func (l *esimList) list(context.Context, string) ([]sdk.ESIM, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.calls++
	if l.calls == l.failAt {
		return nil, errors.New("HTTP 500")
	}
	old := sdk.ESIM{ICCID: "8996100000000000001", Bundles: []sdk.ESIMBundle{{BundleID: "b1", Name: "TR_1GB_7D"}}}
	if l.after > 0 && l.calls >= l.after {
		return []sdk.ESIM{old, {ICCID: "8996100000000000002", Bundles: []sdk.ESIMBundle{{BundleID: "b2", Name: "TR_5GB_30D"}}}}, nil
	}
	return []sdk.ESIM{old}, nil
}

func watched(t *testing.T, l *esimList, every, limit time.Duration) Model {
	t.Helper()
	c := tuitest.Client(t, tuitest.RegisteredSession(t), buyOK...)
	cfg := Config{Checkout: c.Checkout, User: tuitest.User(c), Styles: theme.New(), Keys: DefaultKeyMap(),
		ESIMs: l.list, PollEvery: every, PollFor: limit}
	return New(context.Background(), bundle(t), cfg)
}

func TestWatchFindsTheNewBundle(t *testing.T) {
	// Call 1 is the list before the order; 2 fails (a hiccup does not end the watch); 3
	// still shows nothing new; 4 has the new eSIM.
	l := &esimList{after: 4, failAt: 2}
	m := watched(t, l, time.Millisecond, time.Minute)
	m, cmd := m.Update(tuitest.Key("enter"))
	m, msgs := tuitest.Collect(t, m, cmd)
	var got *nav.PurchasedMsg
	for _, msg := range msgs {
		if p, ok := msg.(nav.PurchasedMsg); ok {
			got = &p
		}
	}
	if got == nil || got.ICCID != "8996100000000000002" {
		t.Fatalf("no PurchasedMsg for the new eSIM in %#v", msgs)
	}
	if l.calls != 4 || !strings.Contains(m.View(), "Payment received: your eSIM is ready.") {
		t.Fatalf("calls %d\n%s", l.calls, m.View())
	}
}

func TestWatchEndsAtTheLimitAndRestartsOnR(t *testing.T) {
	l := &esimList{}
	m := watched(t, l, time.Millisecond, 20*time.Millisecond)
	m = tuitest.Press(t, m, "enter")
	if v := m.SetSize(200, 24).View(); !strings.Contains(v, "No new eSIM yet after 20ms") || !strings.Contains(v, checkoutURL) {
		t.Fatalf("after the limit:\n%s", v)
	}
	l.mu.Lock()
	l.after = l.calls + 1
	l.mu.Unlock()
	m, cmd := m.Update(tuitest.Key("r"))
	m, msgs := tuitest.Collect(t, m, cmd)
	found := false
	for _, msg := range msgs {
		_, found = msg.(nav.PurchasedMsg)
		if found {
			break
		}
	}
	if !found {
		t.Fatalf("r did not watch again: %#v\n%s", msgs, m.View())
	}
}

func TestWatchGolden(t *testing.T) {
	m := watched(t, &esimList{}, time.Hour, time.Hour)
	m, cmd := m.Update(tuitest.Key("enter"))
	for _, c := range cmd().(tea.BatchMsg) {
		if r, ok := c().(resultMsg); ok { // the order; the other command is the spinner
			m, _ = m.Update(r)
		}
	}
	tuitest.Golden(t, 24, func(w, h int) string { return m.SetSize(w, h).View() })
}

// TestSummaryTellsSameTitlesApart: two plans called "Global 1GB 7 Days" (a region and the
// global origin) read differently by their coverage (issue 25.13).
func TestSummaryTellsSameTitlesApart(t *testing.T) {
	countries := func(n int) []sdk.Country { return make([]sdk.Country, n) }
	region := sdk.Bundle{BusinessTitle: "Global 1GB 7 Days", Price: 9, RoamingCountries: countries(32)}
	global := sdk.Bundle{BusinessTitle: "Global 1GB 7 Days", Price: 12, RoamingCountries: countries(252)}
	cfg := Config{Styles: theme.New(), Keys: DefaultKeyMap()}
	a, b := New(context.Background(), region, cfg).View(), New(context.Background(), global, cfg).View()
	if !strings.Contains(a, "Covers  32 countries") || !strings.Contains(b, "Covers  252 countries") {
		t.Fatalf("summaries:\n%s\n---\n%s", a, b)
	}
}

// TestDeclinedCardIsSaid: while watching, a card the checkout page declined is said with
// the way to try again, and the wait goes on; a later payment is said too (issue 25.12).
func TestDeclinedCardIsSaid(t *testing.T) {
	var mu sync.Mutex
	pay := &sdk.PaymentStatus{Status: "open"}
	c := tuitest.Client(t, tuitest.RegisteredSession(t), buyOK...)
	l := &esimList{}
	cfg := Config{Checkout: c.Checkout, User: tuitest.User(c), Open: func(string) error { return nil }, Styles: theme.New(), Keys: DefaultKeyMap(),
		ESIMs: l.list, PollEvery: time.Hour, PollFor: time.Hour,
		Status: func(context.Context, string) (*sdk.PaymentStatus, error) {
			mu.Lock()
			defer mu.Unlock()
			p := *pay
			return &p, nil
		}}
	m := New(context.Background(), bundle(t), cfg)
	// The order (the batch's second command; the first is the spinner), then the looks by
	// hand: the watch's ticks are an hour apart and are not run.
	m, cmd := m.Update(tuitest.Key("enter"))
	m, _ = m.Update(cmd().(tea.BatchMsg)[1]())
	if m.watch != watching {
		t.Fatalf("not watching after the order:\n%s", m.View())
	}
	look := func() Model {
		t.Helper()
		mm, cmd := m.Update(pollMsg{m.tag, m.round})
		mm, _ = mm.Update(cmd())
		return mm
	}
	mu.Lock()
	pay.Declines = 1
	mu.Unlock()
	m = look()
	if v := m.SetSize(100, 30).View(); !strings.Contains(v, "The card was declined. Press o to open the checkout page again and try another card.") || m.watch != watching {
		t.Fatalf("after a decline:\n%s", v)
	}
	mu.Lock()
	pay.Status = "paid"
	mu.Unlock()
	m = look()
	if v := m.SetSize(100, 30).View(); !strings.Contains(v, "Payment received: waiting for your eSIM") || strings.Contains(v, "declined") {
		t.Fatalf("after paying:\n%s", v)
	}
}
