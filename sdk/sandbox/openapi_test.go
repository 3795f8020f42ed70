package sandbox_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/contract/openapi"
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
	var u string
	switch {
	case strings.HasPrefix(p, sandbox.SupportPath):
		u = contract.FixtureSupportBase + strings.TrimPrefix(p, sandbox.SupportPath)
	case strings.HasPrefix(p, sandbox.ESIMCheckPath):
		u = contract.FixtureESIMCheckBase + strings.TrimPrefix(p, sandbox.ESIMCheckPath)
	case p == sandbox.LogPushPath:
		u = contract.FixtureLogPushURL
	default:
		u = contract.FixtureAPIBase + strings.TrimPrefix(p, sandbox.APIPath)
	}
	if q != "" {
		u += "?" + q
	}
	return u
}

// TestAnswersMatchOpenAPI drives every call the shop makes through the SDK against the
// sandbox, errors included, and validates each answer against contract/openapi.yaml.
func TestAnswersMatchOpenAPI(t *testing.T) {
	ctx := context.Background()
	v, err := openapi.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
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
		req, err := http.NewRequest(x.method, fixtureURL(x.path, x.rawQuery), nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header = x.reqHeader
		op, err := v.OperationID(req)
		if err != nil {
			t.Errorf("%s %s: no operation in the description: %v", x.method, x.path, err)
			continue
		}
		seen[op] = true
		err = v.Validate(ctx, openapi.Exchange{Request: req, RequestBody: x.reqBody, Status: x.status, Header: x.respHeader, ResponseBody: x.respBody})
		if err != nil {
			t.Errorf("%s %s -> %d does not match the description: %v\nbody: %.300s", x.method, x.path, x.status, err, x.respBody)
		}
	}
	compareWithFixtures(t, v, log)
	var paths []string
	for p := range seen {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	if len(paths) < 20 {
		t.Errorf("only %d operations exercised: %v", len(paths), paths)
	}
}

// shape lists the JSON paths of v with their types and scalar values; array elements
// merge under "[]".
func shape(v any, prefix string, types map[string]string, values map[string]map[string]bool) {
	add := func(typ string) {
		types[prefix] = typ
		if typ != "object" && typ != "array" {
			if values[prefix] == nil {
				values[prefix] = map[string]bool{}
			}
			values[prefix][fmt.Sprint(v)] = true
		}
	}
	switch x := v.(type) {
	case map[string]any:
		add("object")
		for k, e := range x {
			shape(e, prefix+"."+k, types, values)
		}
	case []any:
		add("array")
		for _, e := range x {
			shape(e, prefix+"[]", types, values)
		}
	case string:
		add("string")
	case float64:
		add("number")
	case bool:
		add("boolean")
	case nil:
		// null: a value that may be absent; nothing to require
	}
}

// contractValues are the JSON paths whose values the contract fixes (the error table and
// problem type of docs/contract.md, the token answer's constants): the sandbox must answer
// one of the values the fixtures answer for the same operation and status. Other values
// (catalogue data, ids, dates) are the sandbox's own.
var contractValues = []string{"$.type", "$.title", "$.status", "$.token_type", "$.error"}

// answers holds, per "operationId status", the JSON paths with their types and values.
type answers map[string]struct {
	types  map[string]string
	values map[string]map[string]bool
}

func (a answers) add(key string, body any) {
	e, ok := a[key]
	if !ok {
		e.types, e.values = map[string]string{}, map[string]map[string]bool{}
		a[key] = e
	}
	shape(body, "$", e.types, e.values)
}

// compareWithFixtures checks that every JSON path the fixtures answer for an operation and
// status (the single source of truth of the contract) is in the sandbox's answer for the
// same operation and status, with the same type, and that the values the contract fixes
// (contractValues, and an error's detail) are values the fixtures answer too.
func compareWithFixtures(t *testing.T, v *openapi.Validator, log []exchange) {
	t.Helper()
	files, err := fixtures.All()
	if err != nil {
		t.Fatalf("fixtures: %v", err)
	}
	want := answers{}
	for _, f := range files {
		for _, e := range f.Log.Entries {
			req, err := http.NewRequest(e.Request.Method, e.Request.URL, nil)
			if err != nil {
				continue
			}
			op, err := v.OperationID(req)
			if err != nil || !strings.Contains(e.Response.Content.MimeType, "json") || e.Response.Content.Text == "" {
				continue
			}
			var body any
			if json.Unmarshal([]byte(e.Response.Content.Text), &body) != nil {
				continue
			}
			want.add(fmt.Sprintf("%s %d", op, e.Response.Status), body)
		}
	}
	got := answers{}
	for _, x := range log {
		req, _ := http.NewRequest(x.method, fixtureURL(x.path, x.rawQuery), nil)
		op, err := v.OperationID(req)
		var body any
		if err != nil || json.Unmarshal(x.respBody, &body) != nil {
			continue
		}
		got.add(fmt.Sprintf("%s %d", op, x.status), body)
	}
	compared, valued := 0, 0
	for key, g := range got {
		w, ok := want[key]
		if !ok {
			continue
		}
		compared++
		for p, typ := range w.types {
			if g.types[p] != typ {
				t.Errorf("%s: fixtures answer %s as %s, the sandbox as %q", key, p, typ, g.types[p])
			}
		}
		paths := contractValues
		if status := key[strings.LastIndexByte(key, ' ')+1:]; status[0] == '4' {
			paths = append(paths[:len(paths):len(paths)], "$.detail") // the error table's texts
		}
		for _, p := range paths {
			wv, gv := w.values[p], g.values[p]
			if len(wv) == 0 {
				continue
			}
			valued++
			for val := range gv {
				if !wv[val] {
					t.Errorf("%s: the sandbox answers %s = %q, the fixtures %v", key, p, val, slices.Sorted(maps.Keys(wv)))
				}
			}
		}
	}
	if compared < 15 {
		t.Errorf("only %d operations compared with fixtures", compared)
	}
	if valued < 10 {
		t.Errorf("only %d contract values compared with fixtures", valued)
	}
	t.Logf("%d operation/status pairs compared with the fixtures, %d contract values", compared, valued)
}
