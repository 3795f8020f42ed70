package sdk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/cedarsim/esim/contract"

	"github.com/jarcoal/httpmock"

	"github.com/cedarsim/esim/contract/har"
	"github.com/cedarsim/esim/fixtures"
	"github.com/cedarsim/esim/fixtures/mock"
)

// Contract tests: every fixture (call and scenario) is replayed through the SDK on an
// httpmock transport. Each request the SDK makes is asserted against the fixture entry
// that answered it (method, URL, query, headers, form or JSON body), in order, every
// entry must be used, and the answer must decode to what the scenario means.

// capturing records what the SDK sends and whether the fixtures answered it.
type capturing struct {
	next http.RoundTripper
	mu   sync.Mutex
	got  []captured
}

type captured struct {
	req      *http.Request
	body     []byte
	answered bool
}

func (c *capturing) RoundTrip(r *http.Request) (*http.Response, error) {
	var body []byte
	if r.GetBody != nil {
		rc, err := r.GetBody()
		if err != nil {
			return nil, err
		}
		body, _ = io.ReadAll(rc)
	}
	resp, err := c.next.RoundTrip(r)
	c.mu.Lock()
	c.got = append(c.got, captured{req: r, body: body, answered: err == nil})
	c.mu.Unlock()
	return resp, err
}

// The fixtures are recorded with the sandbox's guest account and client credential.
const (
	fxClientID, fxClientSecret = contract.SandboxClientID, contract.SandboxClientSecret
	fxGuestUser, fxGuestPass   = contract.SandboxGuestUsername, contract.SandboxGuestPassword
)

// fx reads the first entry of the file's own call: the SDK's inputs come from it.
type fx struct {
	t *testing.T
	f *har.File
	e *har.Entry
}

func newFx(t *testing.T, f *har.File) fx {
	for i := range f.Log.Entries {
		if f.Log.Entries[i].Call == f.Log.Call {
			return fx{t, f, &f.Log.Entries[i]}
		}
	}
	t.Fatalf("%s: no entry of its own call", f.Name())
	return fx{}
}

// segs is the decoded path relative to the service base, split on "/".
func (x fx) segs() []string {
	u, _ := url.Parse(x.e.Request.URL)
	k, err := har.MatchKey(fixtures.DefaultBases(), x.e.Request.Method, u, "", nil)
	if err != nil {
		x.t.Fatal(err)
	}
	return strings.Split(k.Path, "/")
}

func (x fx) seg(i int) string { s := x.segs(); return s[(i+len(s))%len(s)] }

func (x fx) query(name string) string { return har.Get(x.e.Request.QueryString, name) }

func (x fx) form() url.Values {
	v, err := url.ParseQuery(x.e.Request.PostData.Text)
	if err != nil {
		x.t.Fatal(err)
	}
	return v
}

func (x fx) json(v any) {
	if err := json.Unmarshal([]byte(x.e.Request.PostData.Text), v); err != nil {
		x.t.Fatalf("%s body: %v", x.f.Name(), err)
	}
}

// initialSession is what the store must hold for the fixture's first request: the
// bearer it carries, and the refresh token a refresh grant in the file uses.
func initialSession(t *testing.T, f *har.File) Session {
	var s Session
	for _, e := range f.Log.Entries {
		if a := har.Get(e.Request.Headers, "Authorization"); s.Token == "" && strings.HasPrefix(a, "Bearer ") {
			s.Token = strings.TrimPrefix(a, "Bearer ")
		}
		if e.Call == "token.refresh" && s.RefreshToken == "" {
			v, _ := url.ParseQuery(e.Request.PostData.Text)
			s.RefreshToken = v.Get("refresh_token")
		}
	}
	if s.Token != "" {
		cl, err := ParseClaims(s.Token)
		if err != nil {
			t.Fatalf("fixture bearer is not a JWT: %v", err)
		}
		s.IsGuest = strconv.FormatBool(cl.IsGuest)
	}
	return s
}

// idempotencyID is the id the fixture's first JSON body carries, so NewID can give it.
func idempotencyID(f *har.File) string {
	for _, e := range f.Log.Entries {
		if e.Request.PostData == nil {
			continue
		}
		var b map[string]any
		if json.Unmarshal([]byte(e.Request.PostData.Text), &b) == nil {
			for _, k := range []string{"idempotencyId", "IdempotencyId"} {
				if s, ok := b[k].(string); ok {
					return s
				}
			}
		}
	}
	return "no-idempotency-id"
}

func newContractClient(t *testing.T, files ...*har.File) (*Client, *capturing, *mock.Registry) {
	t.Helper()
	mt := httpmock.NewMockTransport()
	reg := mock.Register(mt, fixtures.DefaultBases(), files...)
	if err := reg.Err(); err != nil {
		t.Fatal(err)
	}
	capt := &capturing{next: mt}
	c, err := NewClient(Options{
		ClientID: fxClientID, ClientSecret: fxClientSecret, GuestUsername: fxGuestUser, GuestPassword: fxGuestPass,
		HTTPClient: &http.Client{Transport: capt}, NewID: func() string { return idempotencyID(files[0]) },
	})
	if err != nil {
		t.Fatal(err)
	}
	return c, capt, reg
}

func TestContract(t *testing.T) {
	files, err := fixtures.All()
	if err != nil {
		t.Fatal(err)
	}
	calls, expect := contractCalls(), contractExpect()
	for _, f := range files {
		t.Run(f.Name(), func(t *testing.T) {
			run, ok := calls[f.Log.Call]
			if !ok {
				t.Fatalf("no SDK call for fixture call %q", f.Log.Call)
			}
			c, capt, reg := newContractClient(t, f)
			ctx := context.Background()
			if s := initialSession(t, f); s.Token != "" {
				_ = c.store.Save(ctx, s)
			}
			v, err := run(ctx, c, newFx(t, f))
			if check, ok := expect[f.Name()]; ok {
				check(t, c, v, err)
			} else if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			assertRequests(t, f, capt)
			if u := reg.Unused(); len(u) > 0 {
				t.Errorf("fixture entries never requested: %v", u)
			}
		})
	}
}

// assertRequests compares each answered request with the entry that answered it (the
// fixture entries in order). Unanswered requests are allowed only where the spec makes
// the SDK try more than the fixture recorded: the guest login of a guest-retry call.
func assertRequests(t *testing.T, f *har.File, capt *capturing) {
	t.Helper()
	i := 0
	for _, g := range capt.got {
		if !g.answered {
			form, _ := url.ParseQuery(string(g.body))
			guestRetry := f.Log.Call == "sendOtp" || f.Log.Call == "contactUs"
			if !guestRetry || !strings.HasSuffix(g.req.URL.Path, "/connect/token") || form.Get("grant_type") != "password" {
				t.Errorf("request with no fixture entry: %s %s", g.req.Method, g.req.URL.Redacted())
			}
			continue
		}
		if i >= len(f.Log.Entries) {
			t.Errorf("more requests than entries: %s %s", g.req.Method, g.req.URL)
			continue
		}
		assertRequest(t, &f.Log.Entries[i], g)
		i++
	}
}

func assertRequest(t *testing.T, e *har.Entry, g captured) {
	t.Helper()
	w := e.Request
	where := e.Call + " " + w.Method + " " + w.URL
	if g.req.Method != w.Method {
		t.Errorf("%s: method %s", where, g.req.Method)
	}
	wu, _ := url.Parse(w.URL)
	gu := *g.req.URL
	if gu.Scheme+"://"+gu.Host+gu.EscapedPath() != wu.Scheme+"://"+wu.Host+wu.EscapedPath() {
		t.Errorf("%s: URL %s", where, gu.String())
	}
	if gu.Query().Encode() != wu.Query().Encode() {
		t.Errorf("%s: query %q, want %q", where, gu.RawQuery, wu.RawQuery)
	}
	wantAuth := har.Get(w.Headers, "Authorization")
	if got := g.req.Header.Get("Authorization"); got != wantAuth {
		t.Errorf("%s: Authorization %q, want %q", where, got, wantAuth)
	}
	for _, h := range w.Headers {
		if got := g.req.Header.Get(h.Name); got != h.Value {
			t.Errorf("%s: header %s = %q, want %q", where, h.Name, got, h.Value)
		}
	}
	if w.PostData == nil {
		if len(g.body) != 0 {
			t.Errorf("%s: unexpected body %q", where, g.body)
		}
		return
	}
	switch ct := w.PostData.MimeType; {
	case strings.HasPrefix(ct, "application/x-www-form-urlencoded"):
		gf, err1 := url.ParseQuery(string(g.body))
		wf, err2 := url.ParseQuery(w.PostData.Text)
		if err1 != nil || err2 != nil || gf.Encode() != wf.Encode() {
			t.Errorf("%s: form %q, want %q", where, g.body, w.PostData.Text)
		}
	case strings.Contains(ct, "json"):
		var gj, wj any
		if err := json.Unmarshal(g.body, &gj); err != nil {
			t.Fatalf("%s: body is not JSON: %q", where, g.body)
		}
		if err := json.Unmarshal([]byte(w.PostData.Text), &wj); err != nil {
			t.Fatalf("%s: fixture body is not JSON", where)
		}
		gb, _ := json.Marshal(gj)
		wb, _ := json.Marshal(wj)
		if !bytes.Equal(gb, wb) {
			t.Errorf("%s: body\n got %s\nwant %s", where, gb, wb)
		}
	default:
		if string(g.body) != w.PostData.Text {
			t.Errorf("%s: body %q, want %q", where, g.body, w.PostData.Text)
		}
	}
}

// TestContractCoverage fails when a fixture call has no SDK call in the table, or an SDK
// call in the table has no fixture.
func TestContractCoverage(t *testing.T) {
	files, err := fixtures.All()
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, f := range files {
		have[f.Log.Call] = true
	}
	calls := contractCalls()
	for name := range calls {
		if !have[name] {
			t.Errorf("SDK call %q has no fixture", name)
		}
	}
	for name := range have {
		if calls[name] == nil {
			t.Errorf("fixture call %q is exercised by no SDK call", name)
		}
	}
	for name := range contractExpect() {
		call, scenario, _ := strings.Cut(name, "/")
		if _, err := fixtures.Scenario(call, scenario); err != nil {
			t.Errorf("expectation for a missing fixture %s: %v", name, err)
		}
	}
}

// TestContractFlows runs the composite operations on fixtures chained together.
func TestContractFlows(t *testing.T) {
	load := func(t *testing.T, names ...string) []*har.File {
		var out []*har.File
		for _, n := range names {
			call, sc, _ := strings.Cut(n, "/")
			f, err := fixtures.Scenario(call, sc)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, f)
		}
		return out
	}
	t.Run("checkout recreating an existing order", func(t *testing.T) {
		files := load(t, "addOrderDetails/success", "canPurchase/allowed", "createOrder/existing",
			"createOrder/newly-created", "deleteOrder/success")
		c, _, reg := newContractClient(t, files...)
		ctx := context.Background()
		_ = c.store.Save(ctx, initialSession(t, files[0]))
		var pc struct{ BundleID, UserEmail string }
		newFx(t, files[1]).json(&pc)
		res, err := c.Checkout(ctx, CheckoutRequest{BundleID: pc.BundleID, Email: pc.UserEmail})
		if err != nil {
			t.Fatal(err)
		}
		u, _ := url.Parse(res.CheckoutURL)
		if u.Query().Get("currency") != "usd" || u.Query().Get("quantity") != "1" || res.OrderID == "" {
			t.Errorf("result = %+v", res)
		}
		if un := reg.Unused(); len(un) > 0 {
			t.Errorf("unused: %v", un)
		}
	})
	t.Run("checkout refused", func(t *testing.T) {
		files := load(t, "canPurchase/refused")
		c, _, _ := newContractClient(t, files...)
		ctx := context.Background()
		_ = c.store.Save(ctx, initialSession(t, files[0]))
		var pc struct{ BundleID, UserEmail string }
		newFx(t, files[0]).json(&pc)
		_, err := c.Checkout(ctx, CheckoutRequest{BundleID: pc.BundleID, Email: pc.UserEmail})
		var pr *PurchaseRefusedError
		if !errors.As(err, &pr) || pr.Reason == "" {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("top-up selection", func(t *testing.T) {
		files := load(t, "checkEsim/can-continue", "topupBundleSelected/success")
		c, _, reg := newContractClient(t, files...)
		ctx := context.Background()
		_ = c.store.Save(ctx, initialSession(t, files[0]))
		x := newFx(t, files[1])
		id, err := c.TopupSelect(ctx, x.seg(-3), x.seg(-2), 0)
		if err != nil || validateGUID("id", id) != nil {
			t.Fatalf("id %q, err %v", id, err)
		}
		if un := reg.Unused(); len(un) > 0 {
			t.Errorf("unused: %v", un)
		}
	})
	t.Run("login", func(t *testing.T) {
		files := load(t, "verifyOtp/success", "token.otp/success")
		c, _, reg := newContractClient(t, files...)
		ctx := context.Background()
		_ = c.store.Save(ctx, initialSession(t, files[0]))
		var b struct{ OTP, CaptchaToken string }
		x := newFx(t, files[0])
		x.json(&b)
		tok, err := c.Login(ctx, x.seg(-1), b.OTP, b.CaptchaToken)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := c.store.Load(ctx)
		if s.IsGuest != "false" || s.Token != tok.AccessToken || tok.Claims.IsGuest {
			t.Errorf("session = %+v", s)
		}
		if un := reg.Unused(); len(un) > 0 {
			t.Errorf("unused: %v", un)
		}
	})
}
