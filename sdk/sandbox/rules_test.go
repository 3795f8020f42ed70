package sandbox_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// buy signs email up and pays for bundle; it returns the client and the new eSIM.
func buy(t *testing.T, e *env, email string, bundle *sandbox.Bundle) (*sdk.Client, sdk.ESIM) {
	t.Helper()
	ctx := context.Background()
	c := e.client(t)
	signup(t, ctx, e, c, email)
	res, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: bundle.ID, Email: email})
	if err != nil {
		t.Fatalf("checkout: %v", err)
	}
	if q := e.pay(t, res.CheckoutURL, sandbox.CardPays); q.Get("success") != "true" {
		t.Fatalf("pay: %v", q)
	}
	list, err := c.ESIMs.ByEmail(ctx, email)
	if err != nil || len(list) == 0 {
		t.Fatalf("by email: %v", err)
	}
	return c, list[0]
}

func TestBundleLifecycle(t *testing.T) {
	ctx := context.Background()
	cat := sandbox.NewCatalogue()
	unlimited, ok := cat.ByName("FR_UNLIMITED_7D")
	if !ok {
		t.Fatal("FR_UNLIMITED_7D missing")
	}
	tests := []struct {
		name    string
		bundle  string
		revoke  bool
		advance []time.Duration
		want    []sdk.BundleState
	}{
		{"unlimited expires after its days", unlimited.Name, false, []time.Duration{time.Minute, 2 * time.Minute, 7 * 24 * time.Hour},
			[]sdk.BundleState{sandbox.StateProcessing, sandbox.StateActive, sandbox.StateExpired}},
		{"500 MB depletes within the day", "FR_500MB_1D", false, []time.Duration{3 * time.Minute, 13 * time.Hour},
			[]sdk.BundleState{sandbox.StateActive, sandbox.StateDepleted}},
		{"revoked on request", "FR_1GB_7D", true, []time.Duration{3 * time.Minute},
			[]sdk.BundleState{sandbox.StateRevoked}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, sandbox.Options{})
			b, ok := cat.ByName(tt.bundle)
			if !ok {
				t.Fatalf("%s missing", tt.bundle)
			}
			c, es := buy(t, e, "life"+string(rune('a'+i))+"@example.com", b)
			if tt.revoke {
				if st, _, body := raw(t, e, "POST", "/sandbox/esims/"+es.ICCID+"/revoke", "application/json", "{}", nil); st != 200 {
					t.Fatalf("revoke: %d %s", st, body)
				}
			}
			for j, d := range tt.advance {
				e.clock.Advance(d)
				info, err := c.ESIMs.Info(ctx, es.ICCID)
				if err != nil {
					t.Fatal(err)
				}
				if info[0].BundleState != tt.want[j] {
					t.Fatalf("after step %d: %s, want %s", j, info[0].BundleState, tt.want[j])
				}
				if info[0].Unlimited != (b.QuotaInMB < 0) {
					t.Fatalf("unlimited flag %v", info[0].Unlimited)
				}
			}
		})
	}
}

func TestCanPurchaseAndOrders(t *testing.T) {
	ctx := context.Background()
	cat := sandbox.NewCatalogue()
	disabled, _ := cat.ByName("LB_1GB_7D")
	e := newEnv(t, sandbox.Options{DisabledBundles: []string{disabled.Name}, MaxUnpaidOrders: 1})
	c := e.client(t)
	const email = "orders@example.com"
	signup(t, ctx, e, c, email)
	tr, _ := cat.ByName("TR_1GB_7D")

	for _, tt := range []struct {
		name, id, reason string
		ok               bool
	}{
		{"allowed", tr.ID, "", true},
		{"unknown bundle", "0f0f0f0f-0000-4000-8000-000000000000", "does not exist", false},
		{"disabled bundle", disabled.ID, "not available", false},
	} {
		pc, err := c.Support.CanPurchase(ctx, tt.id, email)
		if err != nil || pc.CanContinue != tt.ok || !strings.Contains(pc.Reason, tt.reason) {
			t.Errorf("%s: %+v %v", tt.name, pc, err)
		}
	}

	o1, err := c.Orders.Create(ctx)
	if err != nil || !o1.NewlyCreated {
		t.Fatalf("create: %+v %v", o1, err)
	}
	// Every create is a new order: the shared shop credential never hands one customer
	// another's open order.
	o2, err := c.Orders.Create(ctx)
	if err != nil || !o2.NewlyCreated || o2.OrderID == o1.OrderID {
		t.Fatalf("second create: %+v %v", o2, err)
	}
	if err := c.Orders.Delete(ctx, o1.OrderID); err != nil {
		t.Fatal(err)
	}
	if err := c.Orders.Delete(ctx, o1.OrderID); !sdk.IsNotFound(err) {
		t.Fatalf("second delete: %v", err)
	}
	// An order bound to the customer and left unpaid counts against can-purchase.
	if _, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: tr.ID, Email: email}); err != nil {
		t.Fatal(err)
	}
	var refused *sdk.PurchaseRefusedError
	if _, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: tr.ID, Email: email}); !errors.As(err, &refused) || !strings.Contains(refused.Reason, "unpaid") {
		t.Fatalf("too many unpaid orders: %v", err)
	}
}

func TestSupportLogsAndMailbox(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, sandbox.Options{})
	c := e.client(t)
	if _, err := c.Auth.GuestLogin(ctx); err != nil {
		t.Fatal(err)
	}
	if err := c.Support.ContactUs(ctx, sdk.ContactForm{FullName: "<b>Nadia</b>", Email: "nadia@example.com", Message: "Where is my QR?", Department: "Support"}); err != nil {
		t.Fatalf("contact: %v", err)
	}
	html := e.get(t, e.srv.URL+sandbox.MailboxPath)
	if !strings.Contains(html, "Where is my QR?") || strings.Contains(html, "<b>Nadia</b>") || !strings.Contains(html, "&lt;b&gt;Nadia&lt;/b&gt;") {
		t.Fatalf("mailbox page does not show the escaped message:\n%s", html)
	}
	if err := c.Logs.Push(ctx, sdk.LogLine{Container: "web", Job: "shop", Level: "info", Message: "hello from /loki"}); err != nil {
		t.Fatalf("push: %v", err)
	}
	if !strings.Contains(e.get(t, e.srv.URL+"/sandbox/logs"), "hello from /loki") {
		t.Fatal("log line not shown")
	}
	var logs struct {
		Lines []sandbox.LogLine `json:"lines"`
	}
	if err := json.Unmarshal([]byte(e.get(t, e.srv.URL+"/sandbox/logs.json")), &logs); err != nil || len(logs.Lines) != 1 || logs.Lines[0].Labels["job"] != "shop" {
		t.Fatalf("logs.json: %+v %v", logs, err)
	}
}

func TestStateFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	e := newEnv(t, sandbox.Options{StatePath: path})
	signup(t, context.Background(), e, e.client(t), "persist@example.com")
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("state file mode %v", st.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
	// The reloaded sandbox knows the user: a login code can be sent.
	e.close(t)
	e2 := newEnv(t, sandbox.Options{StatePath: path})
	c2 := e2.client(t)
	if _, err := c2.Auth.GuestLogin(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := c2.Users.SendLoginCode(context.Background(), "persist@example.com"); err != nil {
		t.Fatalf("login code after reload: %v", err)
	}
	// A corrupt state file is an error, not a silent reset.
	e2.close(t)
	if err := os.WriteFile(path, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := sandbox.New(sandbox.Options{StatePath: path}); err == nil {
		t.Fatal("corrupt state accepted")
	}
}

func TestCatalogue(t *testing.T) {
	cat := sandbox.NewCatalogue()
	withBundles := 0
	for _, c := range cat.Countries {
		if len(cat.Area(c.IsoCode)) > 0 {
			withBundles++
		}
	}
	if len(cat.Countries) < 240 || withBundles < 200 {
		t.Fatalf("%d countries, %d with bundles", len(cat.Countries), withBundles)
	}
	var regions []string
	for _, r := range cat.Regions {
		regions = append(regions, r.Name)
		bs := cat.Area(r.Name)
		if len(bs) == 0 || len(bs[0].RoamingCountries) == 0 {
			t.Errorf("region %s has no bundles or countries", r.Name)
		}
	}
	if got := strings.Join(regions, ","); got != "Africa,Asia,Caribbean,Europe,Europe+,Latam,Middle East,North America,Oceania,South America" {
		t.Errorf("regions %s", got)
	}
	groups := map[string]bool{}
	for _, b := range cat.Special() {
		groups[b.GroupIconCode] = true
	}
	for _, g := range []string{"cyp", "ic", "an", "haj"} {
		if !groups[g] {
			t.Errorf("special group %s missing", g)
		}
	}
	// No event long past is on sale (issue 24: the sandbox runs today, not in 2024).
	for _, g := range []string{"eu2024", "summ2024", "paris-olympics"} {
		if groups[g] {
			t.Errorf("dated special group %s still sold", g)
		}
	}
	var minPrice = 1e9
	var minQ, maxQ, minD, maxD int64 = 1 << 30, 0, 1 << 30, 0
	var unl, topup, partner = 0, 0, 0
	for _, b := range cat.Bundles {
		minPrice = min(minPrice, b.Price)
		if b.QuotaInMB < 0 {
			unl++
			if b.FupMsg == "" {
				t.Errorf("%s: unlimited without fupMsg", b.Name)
			}
		} else {
			minQ, maxQ = min(minQ, b.QuotaInMB), max(maxQ, b.QuotaInMB)
		}
		minD, maxD = min(minD, b.DurationInDays), max(maxD, b.DurationInDays)
		if b.CanTopup {
			topup++
		}
		if b.ThirdPartyProvider != 0 {
			partner++
		}
		if got, _ := cat.ByID(b.ID); got != b {
			t.Errorf("%s: id lookup", b.Name)
		}
	}
	if minPrice != 2 || minQ != 500 || maxQ != 50000 || unl == 0 || topup == 0 || partner == 0 || minD != 1 || maxD != 30 {
		t.Errorf("price>=%v quota %d..%d unlimited %d topup %d partner %d days %d..%d", minPrice, minQ, maxQ, unl, topup, partner, minD, maxD)
	}
	if a, b := sandbox.NewCatalogue().Bundles[0].ID, cat.Bundles[0].ID; a != b {
		t.Errorf("ids are not stable: %s vs %s", a, b)
	}
}

// TestTwoCustomersOneCredential: the shop's client credential is shared by every customer;
// an order A left unpaid must not block B's checkout, nor be deletable by B.
func TestTwoCustomersOneCredential(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, sandbox.Options{})
	tr, _ := sandbox.NewCatalogue().ByName("TR_1GB_7D")
	a, b := e.client(t), e.client(t)
	signup(t, ctx, e, a, "a@example.com")
	signup(t, ctx, e, b, "b@example.com")
	ra, err := a.Checkout(ctx, sdk.CheckoutRequest{BundleID: tr.ID, Email: "a@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	rb, err := b.Checkout(ctx, sdk.CheckoutRequest{BundleID: tr.ID, Email: "b@example.com"})
	if err != nil {
		t.Fatalf("B's checkout after A's unpaid one: %v", err)
	}
	if ra.OrderID == rb.OrderID {
		t.Fatal("both customers got the same order")
	}
	if err := b.Orders.Delete(ctx, ra.OrderID); !sdk.IsStatus(err, 403) {
		t.Fatalf("B deleting A's order: %v, want 403", err)
	}
	if q := e.pay(t, ra.CheckoutURL, sandbox.CardPays); q.Get("success") != "true" {
		t.Fatalf("A pays: %v", q)
	}
	if list, err := b.ESIMs.ByEmail(ctx, "b@example.com"); err != nil || len(list) != 0 {
		t.Fatalf("B has %d eSIMs (%v), want none", len(list), err)
	}
}

// TestCountriesOpenWithThePopularSet: the countries list opens with Lebanon and the spec's
// popular destinations, as the provider's does, then the rest A-Z (issue 25.13).
func TestCountriesOpenWithThePopularSet(t *testing.T) {
	cs := sandbox.NewCatalogue().Countries
	var first []string
	for _, c := range cs[:10] {
		first = append(first, c.IsoCode)
	}
	if want := "LB TR AE FR US GB IT SA ES GR"; strings.Join(first, " ") != want {
		t.Errorf("the list opens with %v, want %s", first, want)
	}
	rest := cs[10:]
	if !slices.IsSortedFunc(rest, func(a, b sandbox.CountryRef) int { return strings.Compare(a.Name, b.Name) }) {
		t.Error("the countries after the popular set are not A-Z")
	}
}

// TestAreaKeysDoNotCollide: each area the catalogue lists under (a country's ISO code, a
// region's name, a special group's code, "global") holds only its own plans. A region named
// "Global" shared the global origin's key, so the Global tab listed its plans with the global
// ones and the region's list held the plans that roam everywhere.
func TestAreaKeysDoNotCollide(t *testing.T) {
	cat := sandbox.NewCatalogue()
	seen := map[string]string{"global": "the global origin"}
	claim := func(key, what string) {
		k := strings.ToLower(key)
		if other, ok := seen[k]; ok {
			t.Errorf("%s and %s share the area key %q", what, other, k)
		}
		seen[k] = what
	}
	for _, c := range cat.Countries {
		claim(c.IsoCode, "country "+c.IsoCode)
	}
	for _, r := range cat.Regions {
		claim(r.Name, "region "+r.Name)
		for _, b := range cat.Area(r.Name) {
			if b.BundleUsageLevel != "region" || len(b.FlagsCodes) != 1 || b.FlagsCodes[0] != r.Name {
				t.Errorf("region %s lists %s (%s, flags %v)", r.Name, b.Name, b.BundleUsageLevel, b.FlagsCodes)
			}
		}
	}
	groups := map[string]bool{}
	for _, b := range cat.Special() {
		if !groups[b.GroupIconCode] {
			groups[b.GroupIconCode] = true
			claim(b.GroupIconCode, "special group "+b.GroupIconCode)
		}
	}
	global := cat.Area("global")
	if len(global) == 0 {
		t.Fatal("no global plans")
	}
	for _, b := range global {
		if b.BundleUsageLevel != "global" || len(b.RoamingCountries) != len(cat.Countries) {
			t.Errorf("global lists %s (%s, %d of %d countries)", b.Name, b.BundleUsageLevel, len(b.RoamingCountries), len(cat.Countries))
		}
	}
}

// TestNoWithdrawnCountries: the catalogue's countries are today's ISO 3166-1 (and Kosovo),
// each once: Yugoslavia showed as a second Serbia on a translated page.
func TestNoWithdrawnCountries(t *testing.T) {
	cat := sandbox.NewCatalogue()
	seen := map[string]bool{}
	for _, c := range cat.Countries {
		switch {
		case c.IsoCode == "YU" || c.IsoCode == "AN" || c.IsoCode == "CS":
			t.Errorf("withdrawn country %s (%s)", c.IsoCode, c.Name)
		case seen[c.Name]:
			t.Errorf("country %s listed twice", c.Name)
		}
		seen[c.Name] = true
	}
}
