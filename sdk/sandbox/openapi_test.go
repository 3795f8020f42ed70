package sandbox_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/cedarsim/esim/fixtures"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// exchange is one request and the sandbox's answer, recorded for validation.
type exchange struct {
	method, path, rawQuery string
	reqHeader              http.Header
	reqBody                []byte
	status                 int
	respHeader             http.Header
	respBody               []byte
}

// recorder keeps every exchange with the provider's four services.
type recorder struct {
	next http.Handler
	mu   sync.Mutex
	log  []exchange
}

func (rec *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	rw := httptest.NewRecorder()
	rec.next.ServeHTTP(rw, r)
	for k, v := range rw.Header() {
		w.Header()[k] = v
	}
	w.WriteHeader(rw.Code)
	_, _ = w.Write(rw.Body.Bytes())
	if strings.HasPrefix(r.URL.Path, "/sandbox/") {
		return
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	rec.log = append(rec.log, exchange{r.Method, r.URL.Path, r.URL.RawQuery, r.Header.Clone(), body, rw.Code, rw.Header().Clone(), rw.Body.Bytes()})
}

// fixtureURL maps a same-origin sandbox path to the fixture host the description's first
// server of that path names.
func fixtureURL(p, q string) string {
	host := "https://api.provider.test"
	switch {
	case strings.HasPrefix(p, sandbox.SupportPath):
		host = "https://support.provider.test"
	case strings.HasPrefix(p, sandbox.ESIMCheckPath):
		host, p = "https://esimcheck.provider.test", "/api/v1/"+strings.TrimPrefix(p, sandbox.ESIMCheckPath)
	case strings.HasPrefix(p, sandbox.LogPushPath):
		host = "https://logs.provider.test"
	}
	u := host + p
	if q != "" {
		u += "?" + q
	}
	return u
}

func loadDescription(t *testing.T) routers.Router {
	t.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile("../../docs/provider-api/openapi.yaml")
	if err != nil {
		t.Fatalf("load openapi.yaml: %v", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("openapi.yaml is not valid: %v", err)
	}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		t.Fatalf("router: %v", err)
	}
	return router
}

// TestAnswersMatchOpenAPI drives every call the shop makes through the SDK against the
// sandbox, errors included, and validates each answer against docs/provider-api/openapi.yaml.
func TestAnswersMatchOpenAPI(t *testing.T) {
	router := loadDescription(t)
	ctx := context.Background()
	// The description wants https checkout links; a local sandbox is plain http unless it is
	// told its public origin, as behind a TLS proxy.
	clock := sandbox.NewFakeClock(t0)
	sbx, err := sandbox.New(sandbox.Options{Clock: clock, PublicURL: "https://shop.sandbox.test"})
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{next: sbx}
	srv := httptest.NewServer(rec)
	t.Cleanup(srv.Close)
	e := &env{sb: sbx, srv: srv}
	c := e.client(t)
	const email = "spec@example.com"

	// Every call of section 7, the happy path and the error answers of section 8.
	signup(t, ctx, e, c, email)
	if _, err := c.Users.CurrentUser(ctx); err != nil {
		t.Fatal(err)
	}
	countries, _ := c.Catalog.Countries(ctx)
	_, _ = c.Catalog.Regions(ctx)
	_, _ = c.Catalog.SpecialBundles(ctx)
	_, _ = c.Catalog.AreaBundles(ctx, "Middle East")
	_, _ = c.Catalog.AreaBundles(ctx, "global")
	_, _ = c.Catalog.Search(ctx, []string{"TR", "LB"})
	_, _ = c.Catalog.AreaList(ctx, "catalog/countries")
	tr, _ := c.Catalog.AreaBundles(ctx, "TR")
	if len(countries) == 0 || len(tr) == 0 {
		t.Fatal("empty catalogue")
	}
	_, _ = c.Catalog.Bundle(ctx, tr[0].ID)
	_, _ = c.Catalog.Bundle(ctx, "0f0f0f0f-0000-4000-8000-000000000000") // 404
	plan := firstBundle(t, tr, func(b sdk.Bundle) bool { return b.CanTopup })
	if _, err := c.Support.CanPurchase(ctx, "0f0f0f0f-0000-4000-8000-000000000000", email); err != nil {
		t.Fatal(err)
	}
	o, _ := c.Orders.Create(ctx)
	if o2, _ := c.Orders.Create(ctx); o2 == nil || !o2.NewlyCreated || o2.OrderID == o.OrderID {
		t.Fatal("every create should be a new order")
	}
	_ = c.Orders.Delete(ctx, o.OrderID)
	res, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: plan.ID, Email: email})
	if err != nil {
		t.Fatal(err)
	}
	e.pay(t, res.CheckoutURL, sandbox.CardPays)
	_, _ = c.ESIMs.ByEmail(ctx, email) // Processing: startTime and endTime are null
	clock.Advance(5 * time.Minute)     // Active: they are dates
	esims, err := c.ESIMs.ByEmail(ctx, email)
	if err != nil || len(esims) != 1 {
		t.Fatalf("esims %v", err)
	}
	_, _ = c.ESIMs.ByEmail(ctx, "nobody@example.com")
	es := esims[0]
	_, _ = c.ESIMs.Info(ctx, es.ICCID)
	_, _ = c.ESIMs.QRCode(ctx, es.ICCID)
	_, _ = c.Catalog.TopupBundles(ctx, "TR", es.ICCID, 0)
	_, _ = c.ESIMCheck.Check(ctx, plan.Name, es.ICCID)
	_, _ = c.ESIMCheck.Check(ctx, "FR_1GB_7D", es.ICCID)
	_, _ = c.Catalog.TopupBundleSelected(ctx, es.ICCID, plan.Name, 0)
	_, _ = c.Catalog.TopupBundleSelected(ctx, es.ICCID, "FR_1GB_7D", 0) // 404
	if _, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: plan.ID, Email: email, TopupAccountID: es.AccountID}); err != nil {
		t.Fatal(err)
	}
	_ = c.Support.ContactUs(ctx, sdk.ContactForm{FullName: "A B", Email: email, Message: "hi", Department: "Sales"})
	_ = c.Logs.Push(ctx, sdk.LogLine{Container: "web", Job: "shop", Level: "info", Message: "m"})
	sent, _ := c.Users.SendLoginCode(ctx, email)
	_, _ = c.Users.SendLoginCode(ctx, "unknown@example.com") // 404
	_, _ = c.Users.VerifyCode(ctx, sent.UserID, "000000", "x")
	_, _ = c.Users.VerifyCode(ctx, sent.UserID, "000000", "")
	_, _ = c.Auth.Refresh(ctx, "not-a-refresh-token")

	rec.mu.Lock()
	log := append([]exchange(nil), rec.log...)
	rec.mu.Unlock()
	seen := map[string]bool{}
	for _, x := range log {
		req, err := http.NewRequest(x.method, fixtureURL(x.path, x.rawQuery), bytes.NewReader(x.reqBody))
		if err != nil {
			t.Fatal(err)
		}
		req.Header = x.reqHeader
		route, params, err := router.FindRoute(req)
		if err != nil {
			t.Errorf("%s %s: no route in the description: %v", x.method, x.path, err)
			continue
		}
		seen[route.Method+" "+route.Path] = true
		in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
		out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: x.status, Header: x.respHeader,
			Body: io.NopCloser(bytes.NewReader(x.respBody)), Options: &openapi3filter.Options{IncludeResponseStatus: true}}
		if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
			t.Errorf("%s %s -> %d does not match the description: %v\nbody: %.300s", x.method, x.path, x.status, err, x.respBody)
		}
	}
	compareWithFixtures(t, router, log)
	var paths []string
	for p := range seen {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	if len(paths) < 20 {
		t.Errorf("only %d operations exercised: %v", len(paths), paths)
	}
}

// shape lists the JSON paths of v with their types; array elements merge under "[]".
func shape(v any, prefix string, out map[string]string) {
	switch x := v.(type) {
	case map[string]any:
		out[prefix] = "object"
		for k, e := range x {
			shape(e, prefix+"."+k, out)
		}
	case []any:
		out[prefix] = "array"
		for _, e := range x {
			shape(e, prefix+"[]", out)
		}
	case string:
		out[prefix] = "string"
	case float64:
		out[prefix] = "number"
	case bool:
		out[prefix] = "boolean"
	case nil:
		// null: a value that may be absent; nothing to require
	}
}

// compareWithFixtures checks that every JSON path the fixtures answer for an operation and
// status (the single source of truth of the contract) is in the sandbox's answer for the
// same operation and status, with the same type.
func compareWithFixtures(t *testing.T, router routers.Router, log []exchange) {
	t.Helper()
	files, err := fixtures.All()
	if err != nil {
		t.Fatalf("fixtures: %v", err)
	}
	want := map[string]map[string]string{} // "METHOD /path status" -> shape
	for _, f := range files {
		for _, e := range f.Log.Entries {
			req, err := http.NewRequest(e.Request.Method, e.Request.URL, nil)
			if err != nil {
				continue
			}
			route, _, err := router.FindRoute(req)
			if err != nil || !strings.Contains(e.Response.Content.MimeType, "json") || e.Response.Content.Text == "" {
				continue
			}
			var v any
			if json.Unmarshal([]byte(e.Response.Content.Text), &v) != nil {
				continue
			}
			key := fmt.Sprintf("%s %s %d", route.Method, route.Path, e.Response.Status)
			if want[key] == nil {
				want[key] = map[string]string{}
			}
			shape(v, "$", want[key])
		}
	}
	got := map[string]map[string]string{}
	for _, x := range log {
		req, _ := http.NewRequest(x.method, fixtureURL(x.path, x.rawQuery), nil)
		route, _, err := router.FindRoute(req)
		var v any
		if err != nil || json.Unmarshal(x.respBody, &v) != nil {
			continue
		}
		key := fmt.Sprintf("%s %s %d", route.Method, route.Path, x.status)
		if got[key] == nil {
			got[key] = map[string]string{}
		}
		shape(v, "$", got[key])
	}
	compared := 0
	for key, g := range got {
		w, ok := want[key]
		if !ok {
			continue
		}
		compared++
		for p, typ := range w {
			if g[p] != typ {
				t.Errorf("%s: fixtures answer %s as %s, the sandbox as %q", key, p, typ, g[p])
			}
		}
	}
	if compared < 15 {
		t.Errorf("only %d operations compared with fixtures", compared)
	}
	t.Logf("%d operation/status pairs compared with the fixtures", compared)
}
