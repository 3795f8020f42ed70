package sandbox_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk/sandbox"
)

// raw sends one request and returns the status, content type and body.
func raw(t *testing.T, e *env, method, path, ctype, body string, hdr map[string]string) (int, string, string) {
	t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
}

// guestBearer returns an Authorization header value of a fresh guest token.
func guestBearer(t *testing.T, e *env) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, e.srv.URL+sandbox.APIPath+"connect/token",
		strings.NewReader("grant_type=password&username="+sandbox.DefaultGuestUsername+"&password="+sandbox.DefaultGuestPassword+"&scope=openid"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(sandbox.DefaultClientID, sandbox.DefaultClientSecret)
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&tok); err != nil || tok.AccessToken == "" {
		t.Fatalf("guest token: %d %v", resp.StatusCode, err)
	}
	return "Bearer " + tok.AccessToken
}

func TestHostileInput(t *testing.T) {
	e := newEnv(t, sandbox.Options{MaxBodyBytes: 4096})
	auth := map[string]string{"Authorization": guestBearer(t, e)}
	huge := strings.Repeat("a", 10_000)
	tests := []struct {
		name, method, path, ctype, body string
		hdr                             map[string]string
		status                          int
		detail                          string
	}{
		{"oversized JSON body", "POST", sandbox.SupportPath + "support/contact-us", "application/json", `{"FullName":"` + huge + `"}`, auth, 413, "exceeds"},
		{"oversized form body", "POST", sandbox.APIPath + "connect/token", "application/x-www-form-urlencoded", "grant_type=password&x=" + huge, nil, 413, "exceeds"},
		{"bad JSON", "POST", sandbox.SupportPath + "support/contact-us", "application/json", `{"FullName":`, auth, 400, "not valid JSON"},
		{"JSON of the wrong type", "POST", sandbox.SupportPath + "support/contact-us", "application/json", `[1,2,3]`, auth, 400, "not valid JSON"},
		{"can-purchase as guest", "POST", sandbox.SupportPath + "esims/can-purchase", "application/json", `{"bundleId":`, auth, 403, "Sign in"},
		{"empty body", "POST", sandbox.APIPath + "users/otp/email/abc", "application/json", ``, auth, 400, "validation"},
		{"log push garbage", "POST", sandbox.LogPushPath, "application/json", `{"streams":[{"values":[["x"]]}]}`, nil, 400, "timestamp"},
		{"dot segments", "GET", "/api/v1/catalog/../../etc/passwd", "", "", nil, 400, "dot segments"},
		{"encoded slash", "GET", "/api/v1/catalog/bundle/a%2Fb", "", "", nil, 400, "encoded separator"},
		{"encoded NUL", "GET", "/api/v1/catalog/bundle/a%00b", "", "", nil, 400, "control"},
		{"huge query string", "GET", sandbox.APIPath + "catalog/countries?q=" + strings.Repeat("x", 8000), "", "", auth, 414, "query string"},
		{"unknown path", "GET", "/api/v1/nope", "", "", nil, 404, "No such endpoint"},
		{"wrong method", "PUT", sandbox.APIPath + "catalog/countries", "", "", auth, 405, "Method not allowed"},
		{"no such operation", "GET", sandbox.APIPath + "catalog/nothing", "", "", auth, 404, "No such endpoint"},
		{"no bearer", "GET", sandbox.APIPath + "catalog/countries", "", "", nil, 401, "Token expired"},
		{"forged bearer", "GET", sandbox.APIPath + "catalog/countries", "", "", map[string]string{"Authorization": "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."}, 401, "Token expired"},
		{"unknown grant", "POST", sandbox.APIPath + "connect/token", "application/x-www-form-urlencoded", "grant_type=client_credentials", nil, 400, "unsupported_grant_type"},
		{"bad refresh token", "POST", sandbox.APIPath + "connect/token", "application/x-www-form-urlencoded",
			"grant_type=refresh_token&client_id=" + sandbox.DefaultClientID + "&client_secret=" + sandbox.DefaultClientSecret + "&refresh_token=nope", nil, 400, "invalid_grant"},
		{"unknown bundle", "GET", sandbox.APIPath + "catalog/bundle/00000000-0000-0000-0000-000000000001", "", "", nil, 404, "Bundle not found"},
		{"unknown country in search", "GET", sandbox.APIPath + "catalog/search_bundles/TR,ZZZ", "", "", nil, 400, "Unknown country"},
		{"top-up selection as guest", "GET", sandbox.APIPath + "catalog/topup_bundle_selected/1/TR_1GB_7D/x", "", "", auth, 403, "Sign in"},
		{"orders without client credential", "POST", sandbox.APIPath + "orderfulfillment/orders", "application/x-www-form-urlencoded", "", nil, 401, "client credential"},
		{"orderdetails as guest", "POST", sandbox.APIPath + "accounts/00000000-0000-0000-0000-000000000000/x/orderdetails", "application/json", `{}`, auth, 403, "Sign in"},
		{"signup with missing fields", "POST", sandbox.APIPath + "users/otp/send_email/a@b.example/false", "application/json", `{"email":"a@b.example"}`, auth, 400, "One or more validation errors occurred."},
		{"fault with bad status", "POST", "/sandbox/faults", "application/json", `{"path":"x","status":200}`, nil, 400, "400..599"},
		{"checkout of an unknown order", "GET", "/sandbox/checkout/nope", "", "", nil, 404, "not valid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, ctype, body := raw(t, e, tt.method, tt.path, tt.ctype, tt.body, tt.hdr)
			if status != tt.status {
				t.Fatalf("status %d, want %d: %s", status, tt.status, body)
			}
			if !strings.Contains(body, tt.detail) {
				t.Fatalf("body %q lacks %q", body, tt.detail)
			}
			if strings.HasPrefix(tt.path, "/sandbox/checkout") {
				return // an HTML page for the browser
			}
			if ctype != "application/problem+json" {
				t.Fatalf("content type %q", ctype)
			}
			var p struct {
				Title  string `json:"title"`
				Status int    `json:"status"`
				Detail string `json:"detail"`
			}
			if err := json.Unmarshal([]byte(body), &p); err != nil || p.Status != status || p.Title == "" {
				t.Fatalf("problem body %q: %v", body, err)
			}
		})
	}
}

func TestFaults(t *testing.T) {
	e := newEnv(t, sandbox.Options{Faults: []sandbox.Fault{{Path: "catalog/regions", Status: 503, Count: 1}}})
	auth := map[string]string{"Authorization": guestBearer(t, e)}
	regions := sandbox.APIPath + "catalog/regions"

	if st, _, _ := raw(t, e, "GET", regions, "", "", auth); st != 503 {
		t.Fatalf("fault from options: %d", st)
	}
	if st, _, _ := raw(t, e, "GET", regions, "", "", auth); st != 200 {
		t.Fatalf("after the fault's one call: %d", st)
	}
	// Through /sandbox/faults: two calls fail, then it clears itself.
	if st, _, b := raw(t, e, "POST", "/sandbox/faults", "application/json", `{"path":"catalog/regions","status":500,"count":2,"detail":"boom"}`, nil); st != 201 {
		t.Fatalf("add fault: %d %s", st, b)
	}
	for i := 0; i < 2; i++ {
		if st, _, b := raw(t, e, "GET", regions, "", "", auth); st != 500 || !strings.Contains(b, "boom") {
			t.Fatalf("call %d: %d %s", i, st, b)
		}
	}
	if st, _, _ := raw(t, e, "GET", regions, "", "", auth); st != 200 {
		t.Fatalf("after count: %d", st)
	}
	// Latency.
	raw(t, e, "POST", "/sandbox/faults", "application/json", `{"path":"catalog/regions","latencyMs":80,"count":1}`, nil)
	start := time.Now()
	if st, _, _ := raw(t, e, "GET", regions, "", "", auth); st != 200 || time.Since(start) < 80*time.Millisecond {
		t.Fatalf("latency fault: %d after %v", st, time.Since(start))
	}
	// Dropped connection: the client sees a transport error, the server survives.
	raw(t, e, "POST", "/sandbox/faults", "application/json", `{"path":"catalog/regions","drop":true,"count":1}`, nil)
	req, _ := http.NewRequest("GET", e.srv.URL+regions, nil)
	req.Header.Set("Authorization", auth["Authorization"])
	// A fresh connection: net/http retries a GET that failed on a reused one.
	if resp, err := (&http.Client{Transport: &http.Transport{DisableKeepAlives: true}}).Do(req); err == nil {
		resp.Body.Close()
		t.Fatalf("dropped connection answered %d", resp.StatusCode)
	}
	// Expire every token: the old bearer is refused, a new one works.
	if st, _, _ := raw(t, e, "POST", "/sandbox/faults", "application/json", `{"expireTokens":true}`, nil); st != 200 {
		t.Fatal("expire tokens")
	}
	if st, _, b := raw(t, e, "GET", regions, "", "", auth); st != 401 || !strings.Contains(b, "Token expired") {
		t.Fatalf("old token after expiry: %d %s", st, b)
	}
	if st, _, _ := raw(t, e, "GET", regions, "", "", map[string]string{"Authorization": guestBearer(t, e)}); st != 200 {
		t.Fatalf("new token: %d", st)
	}
	// Listing and clearing.
	raw(t, e, "POST", "/sandbox/faults", "application/json", `{"path":"catalog/countries","status":500}`, nil)
	if _, _, b := raw(t, e, "GET", "/sandbox/faults", "", "", nil); !strings.Contains(b, "catalog/countries") {
		t.Fatalf("list: %s", b)
	}
	raw(t, e, "DELETE", "/sandbox/faults", "", "", nil)
	if _, _, b := raw(t, e, "GET", "/sandbox/faults", "", "", nil); strings.Contains(b, "catalog/countries") {
		t.Fatalf("after clear: %s", b)
	}
}

// TestConcurrentUse exercises the shared state from many goroutines (run with -race).
func TestConcurrentUse(t *testing.T) {
	e := newEnv(t, sandbox.Options{CodeSendLimit: 100}) // 16 codes to each address

	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			auth := map[string]string{"Authorization": guestBearer(t, e)}
			for j := 0; j < 5; j++ {
				if st, _, b := raw(t, e, "POST", sandbox.APIPath+"users/otp/send_email/user"+string(rune('a'+j))+"@example.com/false", "application/json",
					`{"firstName":"A","lastName":"B","phone":"1","countryCode":"961"}`, auth); st != 200 {
					errs <- b
				}
				if st, _, b := raw(t, e, "GET", sandbox.APIPath+"catalog/countries", "", "", auth); st != 200 {
					errs <- b
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for b := range errs {
		t.Error(b)
	}
	if n := len(e.sb.Mailbox()); n != 80 {
		t.Fatalf("mails = %d, want 80", n)
	}
}

func TestCheckoutCSPAllowsTheShop(t *testing.T) {
	e := newEnv(t, sandbox.Options{ShopURL: "http://localhost:5173"})
	resp, err := e.srv.Client().Get(e.srv.URL + "/sandbox/checkout/unknown")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "form-action 'self' http://localhost:5173;") {
		t.Fatalf("CSP %q", csp)
	}
}
