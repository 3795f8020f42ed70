package record_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/cedarsim/esim/contract/har"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/record"
)

// Secrets that go over the wire in the recorded session; none may reach a recording.
var secrets = []string{
	"client-secret-1", "guest-password-1", "access-token-1", "refresh-token-1",
	"one-time-pw-1", "654321", "captcha-token-1",
}

func TestRecorderRedactsAndWrites(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Set-Cookie", "session=cookie-secret")
		switch {
		case strings.HasSuffix(r.URL.Path, "/connect/token"):
			io.WriteString(w, `{"access_token":"access-token-1","refresh_token":"refresh-token-1","token_type":"Bearer","expires_in":3600}`)
		case strings.Contains(r.URL.Path, "/users/otp/email/"):
			io.WriteString(w, `{"data":{"username":"rami@example.com","oneTimeLoginPassword":"one-time-pw-1"}}`)
		default:
			io.WriteString(w, `{"data":[{"name":"Turkey","isoCode":"TR"}]}`)
		}
	}))
	defer srv.Close()
	live := har.Bases{API: srv.URL + "/api/v1/", Support: srv.URL + "/esim-service/api/v1/", ESIMCheck: srv.URL + "/esim-check/api/v1/", Logs: srv.URL + "/loki/api/v1/push"}
	fixture := har.Bases{API: "https://api.provider.test/api/v1/", Support: "https://support.provider.test/esim-service/api/v1/",
		ESIMCheck: "https://esimcheck.provider.test/api/v1/", Logs: "https://logs.provider.test/loki/api/v1/push"}
	rec := record.New(srv.Client().Transport, record.Options{Live: live, Fixture: &fixture})
	c, err := sdk.NewClient(sdk.Options{
		APIBase: live.API, SupportBase: live.Support, ESIMCheckBase: live.ESIMCheck, LogPushURL: live.Logs,
		ClientID: "shop", ClientSecret: "client-secret-1", GuestUsername: "guest@shop.example", GuestPassword: "guest-password-1",
		HTTPClient: &http.Client{Transport: rec},
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := c.Login(ctx, "user-1", "654321", "captcha-token-1"); err != nil { // guest login, verify, exchange
		t.Fatal(err)
	}
	if _, err := c.Auth.Refresh(ctx, "refresh-token-1"); err != nil {
		t.Fatal(err)
	}
	countries, err := c.Catalog.Countries(ctx)
	if err != nil || len(countries) != 1 {
		t.Fatalf("the caller must still get the whole answer: %v %v", countries, err)
	}

	es := rec.Entries()
	var calls []string
	for _, e := range es {
		calls = append(calls, e.Call)
	}
	want := "token.guest verifyOtp token.otp token.refresh listCountries"
	if strings.Join(calls, " ") != want {
		t.Errorf("calls = %v, want %s", calls, want)
	}
	for i, e := range es {
		if e.Service != har.ServiceAPI || !strings.HasPrefix(e.Request.URL, fixture.API) {
			t.Errorf("entry %d: service %q url %q", i, e.Service, e.Request.URL)
		}
	}
	if a := har.Get(es[0].Request.Headers, "Authorization"); a != "Basic REDACTED" {
		t.Errorf("guest Authorization = %q", a)
	}
	if a := har.Get(es[4].Request.Headers, "Authorization"); a != "Bearer REDACTED" {
		t.Errorf("bearer Authorization = %q", a)
	}
	var verify map[string]string
	if err := json.Unmarshal([]byte(es[1].Request.PostData.Text), &verify); err != nil {
		t.Fatal(err)
	}
	if verify["otp"] != "REDACTED" || verify["captchaToken"] != "REDACTED" || verify["userId"] != "user-1" || verify["username"] != "" {
		t.Errorf("verify body = %v", verify)
	}
	if !strings.HasPrefix(es[1].Request.PostData.Text, `{"idempotencyId":`) {
		t.Errorf("key order lost: %s", es[1].Request.PostData.Text)
	}
	if got := es[3].Request.PostData.Text; !strings.Contains(got, "grant_type=refresh_token") || !strings.Contains(got, "client_id=shop") {
		t.Errorf("refresh form lost its non-secret fields: %s", got)
	}

	dir := t.TempDir()
	path, err := rec.WriteFile(dir, "token.guest", "recorded", "a recorded login")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(path, "/api/token.guest/recorded.har.json") {
		t.Errorf("path = %s", path)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := har.Parse(b); err != nil {
		t.Fatalf("written file does not parse: %v", err)
	}
	for _, s := range append(secrets, "cookie-secret") {
		if strings.Contains(string(b), s) {
			t.Errorf("recording contains secret %q", s)
		}
	}
	if _, err := rec.WriteFile(dir, "../x", "s", ""); err == nil {
		t.Error("a call name with a slash was accepted")
	}
	rec.Reset()
	if _, err := rec.File("c", "s", ""); err == nil {
		t.Error("File after Reset should fail")
	}
}

func TestRedactBodies(t *testing.T) {
	for _, tc := range []struct {
		name, ct, body, want string
	}{
		{"nested json", "application/json", `{"a":{"Password":"p","list":[{"refresh_token":"r"}]},"n":1}`, `{"a":{"Password":"REDACTED","list":[{"refresh_token":"REDACTED"}]},"n":1}`},
		{"secret object", "application/problem+json", `{"otp":{"value":123456,"ok":true}}`, `{"otp":{"value":"REDACTED","ok":true}}`},
		{"html kept", "application/json", `{"url":"https://x/?a=1&b=<2>"}`, `{"url":"https://x/?a=1&b=<2>"}`},
		{"broken json replaced", "application/json", `{"password":"p"`, `REDACTED`},
		{"form", "application/x-www-form-urlencoded; charset=utf-8", `client_secret=s&grant_type=x`, `client_secret=REDACTED&grant_type=x`},
		{"plain text kept", "text/plain", `hello`, `hello`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tc.ct)
				io.WriteString(w, tc.body)
			}))
			defer srv.Close()
			rec := record.New(srv.Client().Transport, record.Options{Live: har.Bases{API: srv.URL + "/"}})
			req, _ := http.NewRequest("POST", srv.URL+"/x?otp=1&iccid=2", strings.NewReader(tc.body))
			req.Header.Set("Content-Type", tc.ct)
			resp, err := rec.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if string(got) != tc.body {
				t.Errorf("caller got %q", got)
			}
			e := rec.Entries()[0]
			if e.Request.PostData.Text != tc.want || e.Response.Content.Text != tc.want {
				t.Errorf("recorded %q / %q, want %q", e.Request.PostData.Text, e.Response.Content.Text, tc.want)
			}
			if e.Call != "api POST x" || !strings.Contains(e.Request.URL, "otp=REDACTED") || har.Get(e.Request.QueryString, "iccid") != "2" {
				t.Errorf("entry = %+v", e.Request)
			}
		})
	}
}
