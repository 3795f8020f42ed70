package record_test

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/contract/har"
	"github.com/cedarsim/esim/sdk/record"
)

var (
	fixtureBases = har.Bases{API: contract.FixtureAPIBase, Support: contract.FixtureSupportBase, ESIMCheck: contract.FixtureESIMCheckBase,
		Logs: contract.FixtureLogPushURL, Checkout: contract.FixtureCheckoutBase}
	localBases = har.Bases{API: contract.SandboxAPIPath, Support: contract.SandboxSupportPath, ESIMCheck: contract.SandboxESIMCheckPath,
		Logs: contract.SandboxLogPushPath, Checkout: contract.SandboxCheckoutPath}
)

// jwt builds an unsigned-looking token with claims; its signature part is the secret.
func jwt(claims string) string {
	enc := base64.RawURLEncoding.EncodeToString
	return enc([]byte(`{"alg":"HS256","typ":"JWT"}`)) + "." + enc([]byte(claims)) + ".c2lnbmF0dXJlLXNlY3JldA"
}

// upstream is a server laid out like the sandbox whose answers name its own origin.
func upstream(t *testing.T) *httptest.Server {
	t.Helper()
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.URL.Path == "/api/v1/connect/token":
			_ = json.NewEncoder(w).Encode(map[string]string{"access_token": jwt(`{"email":"rana@example.com","role":"customer"}`), "refresh_token": "opaque-refresh-secret"})
		case strings.HasPrefix(r.URL.Path, "/api/v1/accounts/"):
			_, _ = io.WriteString(w, `{"data":{"checkoutURL":"`+srv.URL+`/sandbox/checkout/o-1"}}`)
		case r.URL.Path == "/sandbox/checkout/o-1":
			w.Header().Set("Location", srv.URL+"/actionresult?success=true")
			w.WriteHeader(http.StatusSeeOther)
		case strings.HasPrefix(r.URL.Path, "/esim-service/api/v1/esims/useremails/"):
			_, _ = io.WriteString(w, `{"data":{"esims":[{"email":"rana@example.com","phone":"70123456","lpa":"LPA:1$smdp.example$SECRETCODE1"}]}}`)
		case r.URL.Path == "/sandbox/mailbox":
			w.Header().Set("Content-Type", "text/html")
			_, _ = io.WriteString(w, "<h1>mailbox</h1>")
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func newProxy(t *testing.T, o record.ProxyOptions) (*httptest.Server, *record.Store, string) {
	t.Helper()
	dir := t.TempDir()
	store, err := record.OpenStore(dir, record.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	o.Store, o.Fixture, o.Local = store, fixtureBases, localBases
	if o.Name == nil {
		o.Name = func(r *http.Request, fixtureURL string) string {
			u, _ := url.Parse(fixtureURL)
			parts := strings.Split(strings.Trim(u.Path, "/"), "/")
			return parts[len(parts)-1]
		}
	}
	p, err := record.NewProxy(o)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(p)
	t.Cleanup(srv.Close)
	return srv, store, dir
}

func do(t *testing.T, method, u, ct, body string, header ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, u, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func TestProxyRecordsRedactedExchanges(t *testing.T) {
	up := upstream(t)
	proxy, store, dir := newProxy(t, record.ProxyOptions{Upstream: up.URL})
	basic := "Basic " + base64.StdEncoding.EncodeToString([]byte("shop:client-secret-1"))
	resp, body := do(t, "POST", proxy.URL+"/api/v1/connect/token", "application/x-www-form-urlencoded",
		"grant_type=password&username=guest%40x.example&password=guest-password-1", "Authorization", basic)
	if resp.StatusCode != 200 || !strings.Contains(body, "opaque-refresh-secret") {
		t.Fatalf("the client gets the real answer: %d %s", resp.StatusCode, body)
	}
	_, body = do(t, "POST", proxy.URL+"/api/v1/accounts/0/o-1/orderdetails", "application/json", `{"idempotencyId":"i"}`)
	if !strings.Contains(body, `"`+proxy.URL+`/sandbox/checkout/o-1"`) {
		t.Fatalf("the checkout link leads back through the proxy: %s", body)
	}
	resp, _ = do(t, "POST", proxy.URL+"/sandbox/checkout/o-1", "application/x-www-form-urlencoded", "cardNumber=4242+4242+4242+4242")
	if loc := resp.Header.Get("Location"); loc != proxy.URL+"/actionresult?success=true" {
		t.Fatalf("redirect %q", loc)
	}
	if resp, body := do(t, "GET", proxy.URL+"/sandbox/mailbox", "", ""); resp.StatusCode != 200 || body != "<h1>mailbox</h1>" {
		t.Fatalf("other pages pass through: %d %s", resp.StatusCode, body)
	}
	// The client has its answer before the handler queues the exchange: closing the
	// server first waits for the handlers, as esim record drains before closing the store.
	proxy.Close()
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(store.Files(), " "); got != "api/orderdetails/success.har.json api/token/success.har.json checkout/o-1/success.har.json" {
		t.Fatalf("files %s", got)
	}
	var all strings.Builder
	for _, rel := range store.Files() {
		b, _ := os.ReadFile(filepath.Join(dir, rel))
		all.Write(b)
	}
	text := all.String()
	for _, secret := range []string{"client-secret-1", "guest-password-1", "opaque-refresh-secret", "c2lnbmF0dXJlLXNlY3JldA", "4242", base64.StdEncoding.EncodeToString([]byte("shop:client-secret-1")), proxy.URL, up.URL} {
		if strings.Contains(text, secret) {
			t.Errorf("the recording contains %q", secret)
		}
	}
	tok := readHAR(t, filepath.Join(dir, "api", "token", "success.har.json")).Log.Entries[0]
	var answer map[string]string
	_ = json.Unmarshal([]byte(tok.Response.Content.Text), &answer)
	parts := strings.Split(answer["access_token"], ".")
	if len(parts) != 3 || parts[2] != record.Redacted || answer["refresh_token"] != record.Redacted {
		t.Fatalf("token answer %v: a JWT keeps its claims, loses its signature", answer)
	}
	if claims, _ := base64.RawURLEncoding.DecodeString(parts[1]); !strings.Contains(string(claims), `"role":"customer"`) {
		t.Fatalf("claims %s", claims)
	}
	if a := har.Get(tok.Request.Headers, "Authorization"); a != "Basic REDACTED" {
		t.Fatalf("Authorization %q", a)
	}
	if tok.Request.URL != contract.FixtureAPIBase+"connect/token" {
		t.Fatalf("URL on the fixture host: %s", tok.Request.URL)
	}
	details := readHAR(t, filepath.Join(dir, "api", "orderdetails", "success.har.json")).Log.Entries[0]
	if !strings.Contains(details.Response.Content.Text, contract.FixtureCheckoutBase+"o-1") {
		t.Fatalf("the upstream origin is recorded as the fixture shop origin: %s", details.Response.Content.Text)
	}
	pay := readHAR(t, filepath.Join(dir, "checkout", "o-1", "success.har.json")).Log.Entries[0]
	if pay.Service != har.ServiceCheckout || har.Get(pay.Response.Headers, "Location") != contract.FixtureShopOrigin+"/actionresult?success=true" {
		t.Fatalf("checkout entry %+v", pay)
	}
}

func TestProxyUnreachableUpstreamRecordsNothing(t *testing.T) {
	dead := httptest.NewServer(http.NotFoundHandler())
	deadURL := dead.URL
	dead.Close()
	proxy, store, _ := newProxy(t, record.ProxyOptions{Upstream: deadURL})
	resp, body := do(t, "GET", proxy.URL+"/api/v1/catalog/countries", "", "")
	if resp.StatusCode != http.StatusBadGateway || resp.Header.Get("Content-Type") != contract.ProblemContentType || !strings.Contains(body, "nothing was recorded") {
		t.Fatalf("%d %s %s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	if resp, _ := do(t, "GET", proxy.URL+"/plans", "", ""); resp.StatusCode != http.StatusBadGateway {
		t.Fatalf("a page passed through: %d", resp.StatusCode)
	}
	// The client has its answer before the handler queues the exchange: closing the
	// server first waits for the handlers, as esim record drains before closing the store.
	proxy.Close()
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	if added, _ := store.Stats(); added != 0 {
		t.Fatalf("%d exchanges recorded", added)
	}
}

func TestProxyOptionalRedactions(t *testing.T) {
	up := upstream(t)
	proxy, store, dir := newProxy(t, record.ProxyOptions{Upstream: up.URL, Redact: record.RedactOptions{ActivationCodes: true, Pseudonymise: true}})
	_, body := do(t, "GET", proxy.URL+"/esim-service/api/v1/esims/useremails/rana%40example.com", "", "")
	if !strings.Contains(body, "SECRETCODE1") {
		t.Fatal("the client gets the real answer")
	}
	// The client has its answer before the handler queues the exchange: closing the
	// server first waits for the handlers, as esim record drains before closing the store.
	proxy.Close()
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, store.Files()[0]))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, leak := range []string{"rana@example.com", "rana%40example.com", "70123456", "SECRETCODE1"} {
		if strings.Contains(text, leak) {
			t.Errorf("recording holds %q", leak)
		}
	}
	for _, want := range []string{"useremails/user1@example.invalid", `\"email\":\"user1@example.invalid\"`, `\"phone\":\"10000001\"`, "LPA:1$smdp.example$REDACTED"} {
		if !strings.Contains(text, want) {
			t.Errorf("recording lacks %q:\n%s", want, text)
		}
	}
}

// Pseudonymising leaves the shop's own accounts alone: the guest account every client logs
// in with from its configuration (were it replaced, no client's guest login would match the
// recording), and the support address. A customer's e-mail is still replaced.
func TestPseudonymiseKeepsTheShopsOwnAccounts(t *testing.T) {
	up := upstream(t)
	proxy, store, dir := newProxy(t, record.ProxyOptions{Upstream: up.URL,
		Redact: record.RedactOptions{Pseudonymise: true, Keep: []string{"Guest@Sandbox.example", "support@shop.example"}}})
	form := "grant_type=password&username=guest%40sandbox.example&password=guest-password&scope=accounts"
	do(t, "POST", proxy.URL+"/api/v1/connect/token", "application/x-www-form-urlencoded", form)
	// The client has its answer before the handler queues the exchange: closing the
	// server first waits for the handlers, as esim record drains before closing the store.
	proxy.Close()
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, store.Files()[0]))
	if err != nil {
		t.Fatal(err)
	}
	f, err := har.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	e := f.Log.Entries[0]
	if text := e.Request.PostData.Text; !strings.Contains(text, "username=guest%40sandbox.example") || strings.Contains(text, "guest-password") {
		t.Errorf("recorded form %q: the guest account kept, its password redacted", text)
	}
	if strings.Contains(string(b), "rana@example.com") {
		t.Error("a customer's e-mail (the token's claims) was not pseudonymised")
	}
	// The recorded key is the key of the same request made again.
	live, err := http.NewRequest("POST", "https://api.provider.test/api/v1/connect/token", strings.NewReader(form))
	if err != nil {
		t.Fatal(err)
	}
	live.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	want, err := har.RequestKey(fixtureBases, live)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := har.EntryKey(fixtureBases, &e); err != nil || got != want {
		t.Fatalf("recorded key %v (%v), the client's %v", got, err, want)
	}
}

func TestProxyProviderModeForwardsOnlyServices(t *testing.T) {
	up := upstream(t)
	proxy, _, _ := newProxy(t, record.ProxyOptions{Upstreams: har.Bases{API: up.URL + "/api/v1/", Support: up.URL + "/esim-service/api/v1/", ESIMCheck: up.URL + "/esim-check/api/v1/"}})
	if resp, _ := do(t, "GET", proxy.URL+"/sandbox/mailbox", "", ""); resp.StatusCode != http.StatusNotFound {
		t.Fatalf("a page outside the services: %d", resp.StatusCode)
	}
	for _, bad := range []record.ProxyOptions{{}, {Upstream: "ftp://x"}, {Upstream: up.URL, Upstreams: har.Bases{API: up.URL}}} {
		bad.Store, bad.Local = &record.Store{}, localBases
		if _, err := record.NewProxy(bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

func TestProxyLetsALoopbackShopCallIt(t *testing.T) {
	up := upstream(t)
	proxy, store, _ := newProxy(t, record.ProxyOptions{Upstream: up.URL})
	resp, _ := do(t, "OPTIONS", proxy.URL+"/api/v1/connect/token", "", "", "Origin", "http://127.0.0.1:8080",
		"Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "authorization,content-type")
	if resp.StatusCode != http.StatusNoContent || resp.Header.Get("Access-Control-Allow-Origin") != "http://127.0.0.1:8080" ||
		resp.Header.Get("Access-Control-Allow-Headers") != "authorization,content-type" {
		t.Fatalf("preflight: %d %v", resp.StatusCode, resp.Header)
	}
	resp, _ = do(t, "POST", proxy.URL+"/api/v1/connect/token", "application/x-www-form-urlencoded", "grant_type=password", "Origin", "http://localhost:5173")
	if resp.StatusCode != 200 || resp.Header.Get("Access-Control-Allow-Origin") != "http://localhost:5173" {
		t.Fatalf("request: %d %v", resp.StatusCode, resp.Header)
	}
	if resp, _ := do(t, "POST", proxy.URL+"/api/v1/connect/token", "application/x-www-form-urlencoded", "grant_type=password", "Origin", "https://evil.example"); resp.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Fatal("a remote origin was let in")
	}
	// The client has its answer before the handler queues the exchange: closing the
	// server first waits for the handlers, as esim record drains before closing the store.
	proxy.Close()
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	if added, _ := store.Stats(); added != 2 {
		t.Fatalf("%d exchanges recorded, want the two requests (not the preflight)", added)
	}
}
