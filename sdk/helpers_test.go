package sdk

import (
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/cedarsim/esim/contract"
)

// seen is one request as the fake provider received it.
type seen struct {
	Method, Path, RawPath, Query, Auth, ContentType, Accept, UserAgent string
	Body                                                               string
}

// fakeProvider is an httptest server whose handler is a function of the request; it
// records every request. Services are told apart by path prefix.
type fakeProvider struct {
	srv    *httptest.Server
	mu     sync.Mutex
	reqs   []seen
	handle func(w http.ResponseWriter, r *http.Request, body string)
}

func newFake(t testing.TB, handle func(w http.ResponseWriter, r *http.Request, body string)) *fakeProvider {
	t.Helper()
	f := &fakeProvider{handle: handle}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.reqs = append(f.reqs, seen{
			Method: r.Method, Path: r.URL.Path, RawPath: r.URL.EscapedPath(), Query: r.URL.RawQuery,
			Auth: r.Header.Get("Authorization"), ContentType: r.Header.Get("Content-Type"),
			Accept: r.Header.Get("Accept"), UserAgent: r.Header.Get("User-Agent"), Body: string(b),
		})
		f.mu.Unlock()
		f.handle(w, r, string(b))
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeProvider) requests() []seen {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]seen(nil), f.reqs...)
}

func (f *fakeProvider) count(method, pathSuffix string) int {
	n := 0
	for _, r := range f.requests() {
		if r.Method == method && strings.HasSuffix(r.Path, pathSuffix) {
			n++
		}
	}
	return n
}

const (
	testClientID     = "shop-client"
	testClientSecret = "client-secret-xyz"
	testGuestUser    = "guest@shop.example"
	testGuestPass    = "guest-password-xyz"
)

func testOptions(base string) Options {
	return Options{
		APIBase: base + "/api/v1/", SupportBase: base + "/esim-service/api/v1/",
		ESIMCheckBase: base + "/esim-check/api/v1/", LogPushURL: base + "/loki/api/v1/push",
		ClientID: testClientID, ClientSecret: testClientSecret,
		GuestUsername: testGuestUser, GuestPassword: testGuestPass,
		Timeout: 5 * time.Second,
	}
}

func newTestClient(t testing.TB, f *fakeProvider, mod ...func(*Options)) *Client {
	t.Helper()
	o := testOptions(f.srv.URL)
	o.HTTPClient = f.srv.Client()
	for _, m := range mod {
		m(&o)
	}
	c, err := NewClient(o)
	if err != nil {
		t.Fatalf("NewClient: %v", err)
	}
	return c
}

func basicHeader() string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(testClientID+":"+testClientSecret))
}

// jwtFor makes an HS256 access token with the claims the shop reads.
func jwtFor(t testing.TB, sub, email string, guest bool) string {
	t.Helper()
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{
		"sub": sub, "email": email, "first_name": "Rami", "last_name": "Haddad",
		"exp": time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC).Unix(), "iat": 1700000000, "is_guest": guest,
	})
	s, err := tok.SignedString([]byte("test-key"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// jwtWithRole makes a non-guest access token carrying the "role" claim.
func jwtWithRole(t testing.TB, sub, email, role string) string {
	t.Helper()
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{
		"sub": sub, "email": email, "first_name": "Rami", "last_name": "Haddad",
		"exp": time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC).Unix(), "iat": 1700000000, "is_guest": false, "role": role,
	})
	s, err := tok.SignedString([]byte("test-key"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	ct := "application/json"
	if status >= 400 {
		ct = "application/problem+json"
	}
	w.Header().Set("Content-Type", ct)
	w.WriteHeader(status)
	fmt.Fprint(w, body)
}

func problem(w http.ResponseWriter, status int, title, detail string) {
	writeJSON(w, status, fmt.Sprintf(`{"type":%q,"title":%q,"status":%d,"detail":%q}`, contract.ProblemType(status), title, status, detail))
}

func tokenBody(access, refresh string) string {
	return fmt.Sprintf(`{"access_token":%q,"refresh_token":%q,"token_type":"Bearer","expires_in":3600}`, access, refresh)
}
