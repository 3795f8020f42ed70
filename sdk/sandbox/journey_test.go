package sandbox_test

import (
	"context"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/iccid"
	"github.com/cedarsim/esim/sdk/lpa"
	"github.com/cedarsim/esim/sdk/qrcode"
	"github.com/cedarsim/esim/sdk/sandbox"
)

var t0 = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

// env is a sandbox behind httptest with a fake clock and an SDK client pointed at it.
type env struct {
	sb    *sandbox.Server
	clock *sandbox.FakeClock
	srv   *httptest.Server
}

func newEnv(t *testing.T, opts sandbox.Options) *env {
	t.Helper()
	if opts.Clock == nil {
		opts.Clock = sandbox.NewFakeClock(t0)
	}
	if opts.StatePath == "" {
		// Every test runs on a state file, and close checks that the file holds what
		// memory holds: a handler that forgets to save a change fails the test that made it.
		opts.StatePath = filepath.Join(t.TempDir(), "state.db")
	}
	sb, err := sandbox.New(opts)
	if err != nil {
		t.Fatalf("sandbox.New: %v", err)
	}
	srv := httptest.NewServer(sb)
	e := &env{sb: sb, srv: srv}
	e.clock, _ = opts.Clock.(*sandbox.FakeClock)
	t.Cleanup(func() { e.close(t) })
	return e
}

// close stops the server and releases the state file (a restart on it may follow).
func (e *env) close(t *testing.T) {
	t.Helper()
	e.srv.Close()
	if err := sandbox.StoreMatchesMemory(e.sb); err != nil && !errors.Is(err, sandbox.ErrNoStateFile) {
		t.Errorf("the state file does not hold what memory holds: %.2000v", err)
	}
	if err := e.sb.Close(); err != nil {
		t.Errorf("close sandbox: %v", err)
	}
}

func (e *env) client(t *testing.T) *sdk.Client {
	t.Helper()
	c, err := sdk.NewClient(sdk.Options{
		APIBase: e.srv.URL + sandbox.APIPath, SupportBase: e.srv.URL + sandbox.SupportPath,
		ESIMCheckBase: e.srv.URL + sandbox.ESIMCheckPath, LogPushURL: e.srv.URL + sandbox.LogPushPath,
		ClientID: sandbox.DefaultClientID, ClientSecret: sandbox.DefaultClientSecret,
		GuestUsername: sandbox.DefaultGuestUsername, GuestPassword: sandbox.DefaultGuestPassword,
		HTTPClient: e.srv.Client(),
	})
	if err != nil {
		t.Fatalf("sdk.NewClient: %v", err)
	}
	return c
}

// pay posts the hosted checkout form and returns the /actionresult query it redirects to.
func (e *env) pay(t *testing.T, checkoutURL, card string) url.Values {
	t.Helper()
	u, err := url.Parse(checkoutURL)
	if err != nil {
		t.Fatal(err)
	}
	// Always the test server, whatever public origin the link names.
	page := e.get(t, e.srv.URL+u.RequestURI())
	for _, want := range []string{"Card number", ">Pay<", "USD"} {
		if !strings.Contains(page, want) {
			t.Fatalf("checkout page lacks %q:\n%s", want, page)
		}
	}
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := hc.PostForm(e.srv.URL+u.Path, url.Values{"cardNumber": {card}})
	if err != nil {
		t.Fatalf("pay: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("pay: status %d: %s", resp.StatusCode, b)
	}
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || loc.Path != "/actionresult" {
		t.Fatalf("pay: redirect to %q", resp.Header.Get("Location"))
	}
	return loc.Query()
}

func (e *env) get(t *testing.T, u string) string {
	t.Helper()
	resp, err := e.srv.Client().Get(u)
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %s", u, resp.StatusCode, b)
	}
	return string(b)
}

// signup registers email through the SDK, reading the code from the mailbox.
func signup(t *testing.T, ctx context.Context, e *env, c *sdk.Client, email string) *sdk.Token {
	t.Helper()
	if _, err := c.Auth.GuestLogin(ctx); err != nil {
		t.Fatalf("guest login: %v", err)
	}
	sent, err := c.Users.SendSignupCode(ctx, sdk.SignupForm{FirstName: "Rima", LastName: "Haddad", CountryCode: "961", Phone: "70123456", Email: email})
	if err != nil {
		t.Fatalf("send signup code: %v", err)
	}
	code := e.sb.LatestCode(email)
	if len(code) != 6 || strings.Trim(code, "0123456789") != "" {
		t.Fatalf("code %q is not 6 digits", code)
	}
	if !strings.Contains(e.get(t, e.srv.URL+"/sandbox/mailbox.json"), `"code":"`+code+`"`) {
		t.Fatal("mailbox.json does not show the code")
	}
	tok, err := c.Login(ctx, sent.UserID, code, "captcha-token")
	if err != nil {
		t.Fatalf("login: %v", err)
	}
	return tok
}

func firstBundle(t *testing.T, bs []sdk.Bundle, pred func(sdk.Bundle) bool) sdk.Bundle {
	t.Helper()
	for _, b := range bs {
		if pred(b) {
			return b
		}
	}
	t.Fatal("no bundle matches")
	return sdk.Bundle{}
}

func TestJourney(t *testing.T) {
	ctx := context.Background()
	state := filepath.Join(t.TempDir(), "state.json")
	e := newEnv(t, sandbox.Options{StatePath: state, AccessTokenLifetime: 5 * time.Minute, RefreshTokenLifetime: 365 * 24 * time.Hour})
	c := e.client(t)
	const email = "rima@example.com"

	tok := signup(t, ctx, e, c, email)
	if tok.Claims.Email != email || tok.Claims.FirstName != "Rima" || tok.Claims.LastName != "Haddad" || tok.Claims.IsGuest {
		t.Fatalf("claims = %+v", tok.Claims)
	}
	countries, err := c.Catalog.Countries(ctx)
	if err != nil || len(countries) < 200 {
		t.Fatalf("countries: %d, %v", len(countries), err)
	}
	trBundles, err := c.Catalog.AreaBundles(ctx, "TR")
	if err != nil {
		t.Fatalf("area bundles: %v", err)
	}
	plan := firstBundle(t, trBundles, func(b sdk.Bundle) bool { return b.QuotaInMB == 3000 })

	res, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: plan.ID, Email: email})
	if err != nil {
		t.Fatalf("checkout: %v", err)
	}
	if !strings.HasPrefix(res.CheckoutURL, e.srv.URL+"/sandbox/checkout/") || !strings.Contains(res.CheckoutURL, "currency=usd") {
		t.Fatalf("checkout URL %q", res.CheckoutURL)
	}
	q := e.pay(t, res.CheckoutURL, "4242 4242 4242 4242")
	if q.Get("success") != "true" || q.Get("tranId") == "" || q.Get("currCode") != "USD" || q.Get("amt") == "" {
		t.Fatalf("action result query %v", q)
	}

	esims, err := c.ESIMs.ByEmail(ctx, email)
	if err != nil || len(esims) != 1 {
		t.Fatalf("by email: %d %v", len(esims), err)
	}
	es := esims[0]
	if err := iccid.Valid(es.ICCID); err != nil {
		t.Fatalf("iccid %s: %v", es.ICCID, err)
	}
	png, err := base64.StdEncoding.DecodeString(es.Base64QRCodeImage)
	if err != nil {
		t.Fatal(err)
	}
	decoded, err := qrcode.DecodePNG(png)
	if err != nil {
		t.Fatalf("decode QR: %v", err)
	}
	fromLink, err := lpa.FromIPhoneLink(es.LinkOnIphone)
	if err != nil || decoded != fromLink.String() {
		t.Fatalf("QR %q vs link %q (%v)", decoded, fromLink.String(), err)
	}
	if got := es.Bundles[0].BundleState; got != sandbox.StateProcessing {
		t.Fatalf("new bundle state %s", got)
	}
	if !strings.Contains(e.get(t, e.srv.URL+"/sandbox/mailbox.json?to="+email), "eSIM is ready") {
		t.Fatal("no delivery mail")
	}

	// Past the short token lifetime: the SDK refreshes (the refresh token rotates) and goes on.
	e.clock.Advance(3 * time.Minute)
	info, err := c.ESIMs.Info(ctx, es.ICCID)
	if err != nil || info[0].BundleState != sandbox.StateActive {
		t.Fatalf("after activation: %+v %v", info, err)
	}
	e.clock.Advance(6 * time.Hour)
	info2, err := c.ESIMs.Info(ctx, es.ICCID)
	if err != nil {
		t.Fatalf("info after refresh: %v", err)
	}
	if !(info2[0].RemainingQuantity < info[0].RemainingQuantity && info2[0].RemainingQuantity > 0) {
		t.Fatalf("usage did not grow: %d then %d", info[0].RemainingQuantity, info2[0].RemainingQuantity)
	}

	// Top-up: the eSIM check and selection, then a checkout bound to the eSIM's account.
	topup := firstBundle(t, trBundles, func(b sdk.Bundle) bool { return b.CanTopup && b.QuotaInMB == 5000 })
	origin := es.Bundles[0].Countries[0].ISOCode
	list, err := c.Catalog.TopupBundles(ctx, origin, es.ICCID, es.Bundles[0].ThirdPartyProvider)
	if err != nil || len(list) == 0 {
		t.Fatalf("top-up list: %d %v", len(list), err)
	}
	chosen, err := c.TopupSelect(ctx, es.ICCID, topup.Name, topup.ThirdPartyProvider)
	if err != nil || chosen != topup.ID {
		t.Fatalf("top-up select: %q %v", chosen, err)
	}
	special, err := c.Catalog.SpecialBundles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.TopupSelect(ctx, es.ICCID, special[0].Name, special[0].ThirdPartyProvider); !errors.Is(err, sdk.ErrInvalidPlan) {
		t.Fatalf("special bundle top-up: %v, want ErrInvalidPlan", err)
	}
	res, err = c.Checkout(ctx, sdk.CheckoutRequest{BundleID: chosen, Email: email, TopupAccountID: es.AccountID})
	if err != nil {
		t.Fatalf("top-up checkout: %v", err)
	}
	if q := e.pay(t, res.CheckoutURL, "4242424242424242"); q.Get("success") != "true" {
		t.Fatalf("top-up payment %v", q)
	}
	e.clock.Advance(3 * time.Minute)
	info, err = c.ESIMs.Info(ctx, es.ICCID)
	if err != nil || len(info) != 2 || info[0].BundleState != sandbox.StateActive || info[1].BundleState != sandbox.StateQueued {
		t.Fatalf("after top-up: %+v %v", info, err)
	}

	// The declined card leaves no eSIM behind.
	res, err = c.Checkout(ctx, sdk.CheckoutRequest{BundleID: plan.ID, Email: email})
	if err != nil {
		t.Fatalf("second checkout: %v", err)
	}
	if q := e.pay(t, res.CheckoutURL, "4000 0000 0000 0002"); q.Get("success") != "false" {
		t.Fatalf("declined card: %v", q)
	}
	if esims, _ = c.ESIMs.ByEmail(ctx, email); len(esims) != 1 {
		t.Fatalf("a declined payment provisioned an eSIM: %d", len(esims))
	}

	// Restart on the same state file: everything is still there and the session works.
	e.close(t)
	e2 := newEnv(t, sandbox.Options{StatePath: state, Clock: e.clock, RefreshTokenLifetime: 365 * 24 * time.Hour})
	c2 := e2.clientWithStore(t, c.Store())
	esims2, err := c2.ESIMs.ByEmail(ctx, email)
	if err != nil || len(esims2) != 1 || esims2[0].ICCID != es.ICCID || len(esims2[0].Bundles) != 2 {
		t.Fatalf("after restart: %+v %v", esims2, err)
	}

	// 3 GB at 1 GB a day depletes in 3 days; the 30-day top-up then runs and expires.
	e.clock.Advance(4 * 24 * time.Hour)
	info, err = c2.ESIMs.Info(ctx, es.ICCID)
	if err != nil || info[0].BundleState != sandbox.StateDepleted || info[0].RemainingQuantity != 0 || info[1].BundleState != sandbox.StateActive {
		t.Fatalf("after 4 days: %+v %v", info, err)
	}
	e.clock.Advance(60 * 24 * time.Hour)
	info, err = c2.ESIMs.Info(ctx, es.ICCID)
	if err != nil || info[1].BundleState != sandbox.StateDepleted || info[1].EndTime.IsZero() {
		t.Fatalf("after 60 more days: %+v %v", info, err)
	}
}

func (e *env) clientWithStore(t *testing.T, st sdk.TokenStore) *sdk.Client {
	t.Helper()
	c, err := sdk.NewClient(sdk.Options{
		APIBase: e.srv.URL + sandbox.APIPath, SupportBase: e.srv.URL + sandbox.SupportPath,
		ESIMCheckBase: e.srv.URL + sandbox.ESIMCheckPath, LogPushURL: e.srv.URL + sandbox.LogPushPath,
		ClientID: sandbox.DefaultClientID, ClientSecret: sandbox.DefaultClientSecret,
		GuestUsername: sandbox.DefaultGuestUsername, GuestPassword: sandbox.DefaultGuestPassword,
		HTTPClient: e.srv.Client(), Store: st,
	})
	if err != nil {
		t.Fatalf("sdk.NewClient: %v", err)
	}
	return c
}

func TestLockoutAfterFiveWrongCodes(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, sandbox.Options{LockDuration: 10 * time.Minute})
	c := e.client(t)
	const email = "sami@example.com"
	signup(t, ctx, e, c, email)

	sent, err := c.Users.SendLoginCode(ctx, email)
	if err != nil {
		t.Fatalf("login code: %v", err)
	}
	first := e.sb.LatestCode(email)
	// A resend invalidates the first code (a failed attempt, so it counts towards the lock).
	if _, err := c.Users.SendLoginCode(ctx, email); err != nil {
		t.Fatal(err)
	}
	failures := 0
	if first != e.sb.LatestCode(email) {
		if _, err := c.Users.VerifyCode(ctx, sent.UserID, first, "x"); !sdk.IsInvalidOTP(err) {
			t.Fatalf("old code after resend: %v", err)
		}
		failures++
	}
	good := e.sb.LatestCode(email)
	wrong := "000000"
	if good == wrong {
		wrong = "111111"
	}
	if _, err := c.Users.VerifyCode(ctx, sent.UserID, good, ""); err == nil {
		t.Fatal("empty captcha accepted")
	}
	for i := failures; i < 5; i++ {
		if _, err := c.Users.VerifyCode(ctx, sent.UserID, wrong, "x"); !sdk.IsInvalidOTP(err) {
			t.Fatalf("wrong code %d: %v", i+1, err)
		}
	}
	if _, err := c.Users.VerifyCode(ctx, sent.UserID, good, "x"); !sdk.IsAccountLocked(err) {
		t.Fatalf("after 5 wrong codes: %v, want locked", err)
	}
	e.clock.Advance(11 * time.Minute)
	if _, err := c.Users.SendLoginCode(ctx, email); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Login(ctx, sent.UserID, e.sb.LatestCode(email), "x"); err != nil {
		t.Fatalf("login after the lock: %v", err)
	}
	if _, err := c.Users.SendLoginCode(ctx, "nobody@example.com"); !sdk.IsNotFound(err) {
		t.Fatalf("unknown e-mail: %v, want 404", err)
	}
}
