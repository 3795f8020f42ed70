package replayhost

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/cedarsim/esim/fixtures/replay"
	sb "github.com/cedarsim/esim/sdk/sandbox"
)

// recordedGuestToken is a guest token as esim record keeps it: from another sandbox (the
// one recorded), its signature replaced by REDACTED.
func recordedGuestToken(t *testing.T) string {
	t.Helper()
	recorded, err := sb.New(sb.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = recorded.Close() })
	form := url.Values{"grant_type": {"password"}, "username": {sb.DefaultGuestUsername}, "password": {sb.DefaultGuestPassword},
		"scope": {"accounts.fullaccess offline_access openid profile roles"}}
	r := httptest.NewRequest(http.MethodPost, "/api/v1/connect/token", strings.NewReader(form.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.SetBasicAuth(sb.DefaultClientID, sb.DefaultClientSecret)
	w := httptest.NewRecorder()
	recorded.ServeHTTP(w, r)
	var answer struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &answer); err != nil || strings.Count(answer.AccessToken, ".") != 2 {
		t.Fatalf("guest login: %d %s", w.Code, w.Body)
	}
	return answer.AccessToken[:strings.LastIndexByte(answer.AccessToken, '.')] + ".REDACTED"
}

// In lenient mode a miss goes to the emulator with the token the client holds: the
// recording's, without its signature. The emulator takes it (signed again with its key);
// without that, every miss needing a login was a 401 and nothing missed ran.
func TestLenientEmulatorTakesRecordedTokens(t *testing.T) {
	token := recordedGuestToken(t)
	for _, tc := range []struct {
		name     string
		resigned bool
		want     int
	}{
		{"signed again", true, http.StatusOK},
		{"as recorded", false, http.StatusUnauthorized},
	} {
		t.Run(tc.name, func(t *testing.T) {
			so := sb.Options{}
			var key []byte
			if tc.resigned {
				var err error
				if key, err = LenientEmulator(&so); err != nil || len(key) < 32 {
					t.Fatalf("key %d bytes, %v", len(key), err)
				}
			}
			emu, err := sb.New(so)
			if err != nil {
				t.Fatal(err)
			}
			defer emu.Close()
			f := Flags{Dir: "../../../fixtures", Mode: string(replay.Lenient)}
			h, _, err := f.Load(context.Background(), Deps{Emulator: emu, EmulatorKey: key})
			if err != nil {
				t.Fatal(err)
			}
			// A sign-up code for an address no fixture has: a miss, for the emulator.
			body := `{"firstName":"Lina","lastName":"Saade","countryCode":"961","phone":"71999888","email":"lina.lenient@example.com"}`
			r := httptest.NewRequest(http.MethodPost, "/api/v1/users/otp/send_email/lina.lenient@example.com/false", strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			r.Header.Set("Authorization", "Bearer "+token)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != tc.want {
				t.Fatalf("%d %s, want %d", w.Code, w.Body, tc.want)
			}
			if tc.resigned && emu.LatestCode("lina.lenient@example.com") == "" {
				t.Fatal("the emulator sent no code")
			}
		})
	}
}

// A re-signed token keeps the recorded claims and lasts the replay.
func TestSignRecordedKeepsTheClaims(t *testing.T) {
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	signed, err := signRecorded("eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jIiwiZXhwIjoxfQ.REDACTED", []byte("k"), now)
	if err != nil {
		t.Fatal(err)
	}
	var claims jwt.MapClaims
	if _, err := jwt.ParseWithClaims(signed, &claims, func(*jwt.Token) (any, error) { return []byte("k"), nil },
		jwt.WithTimeFunc(func() time.Time { return now })); err != nil {
		t.Fatalf("signed %q: %v", signed, err)
	}
	if claims["email"] != "a@b.c" || claims["exp"] != float64(now.Add(resignedLifetime).Unix()) {
		t.Fatalf("claims %v", claims)
	}
	if _, err := signRecorded("opaque", []byte("k"), now); err == nil {
		t.Fatal("an opaque token signed")
	}
}

// A client the emulator logged in is the emulator's: its bearer tokens verify with the
// emulator's key, and its refresh tokens are real ones (a recorded one is REDACTED).
func TestEmulatorSession(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	signed := func(k []byte) string {
		s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"email": "a@b.c", "exp": 1}).SignedString(k)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	bearer := func(tok string) *http.Request {
		r := httptest.NewRequest(http.MethodGet, "/api/v1/users/actions/get-current-user", nil)
		r.Header.Set("Authorization", "Bearer "+tok)
		return r
	}
	token := func(form string) *http.Request {
		r := httptest.NewRequest(http.MethodPost, "/api/v1/connect/token", strings.NewReader(form))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		return r
	}
	emulator := signed(key)
	tests := []struct {
		name string
		r    *http.Request
		want bool
	}{
		{"the emulator's token, expired or not", bearer(emulator), true},
		{"a recorded token", bearer(emulator[:strings.LastIndexByte(emulator, '.')] + ".REDACTED"), false},
		{"another key's token", bearer(signed([]byte("another-key-another-key-another!!"))), false},
		{"no token", httptest.NewRequest(http.MethodGet, "/api/v1/catalog/countries", nil), false},
		{"the emulator's refresh token", token("grant_type=refresh_token&refresh_token=abc"), true},
		{"a recorded refresh token", token("grant_type=refresh_token&refresh_token=REDACTED"), false},
		{"a password grant", token("grant_type=password&username=x&password=y"), false},
	}
	is := emulatorSession(key)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := is(tt.r); got != tt.want {
				t.Fatalf("%v, want %v", got, tt.want)
			}
		})
	}
}

// In spy mode a miss goes to the upstream with the client's token: a recorded guest token
// is swapped for the upstream's own guest token (it refused the recorded one, and a new
// account could not sign up through a recording of the catalogue).
func TestSpySendsTheUpstreamsGuestToken(t *testing.T) {
	token := recordedGuestToken(t)
	upstream, err := sb.New(sb.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer upstream.Close()
	srv := httptest.NewServer(upstream)
	defer srv.Close()
	f := Flags{Dir: "../../../fixtures", Mode: string(replay.Spy), Upstream: srv.URL}
	h, _, err := f.Load(context.Background(), Deps{})
	if err != nil {
		t.Fatal(err)
	}
	body := `{"firstName":"Lina","lastName":"Saade","countryCode":"961","phone":"71999888","email":"lina.spy@example.com"}`
	r := httptest.NewRequest(http.MethodPost, "/api/v1/users/otp/send_email/lina.spy@example.com/false", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Authorization", "Bearer "+token)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusOK || upstream.LatestCode("lina.spy@example.com") == "" {
		t.Fatalf("%d %s: the upstream refused the guest", w.Code, w.Body)
	}
}

// The upstream's answers name its own origin (the checkout link, a redirect); through a
// spying replay the client gets the replay's, as through esim record: the shop refuses a
// checkout link to another origin.
func TestSpyGivesTheClientItsOwnOrigin(t *testing.T) {
	var up *httptest.Server
	up = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/sandbox/checkout/o-1" {
			http.Redirect(w, r, up.URL+"/actionresult?success=true", http.StatusSeeOther)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"data":{"checkoutURL":"`+up.URL+`/sandbox/checkout/o-1?currency=usd"}}`)
	}))
	defer up.Close()
	f := Flags{Dir: "../../../fixtures", Mode: string(replay.Spy), Upstream: up.URL}
	h, _, err := f.Load(context.Background(), Deps{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/api/v1/accounts/a/o-1/orderdetails", "application/json", strings.NewReader(`{"x":1}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if want := `{"data":{"checkoutURL":"` + srv.URL + `/sandbox/checkout/o-1?currency=usd"}}`; string(b) != want || resp.ContentLength != int64(len(want)) {
		t.Fatalf("body %s (length %d), want %s", b, resp.ContentLength, want)
	}
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err = c.Post(srv.URL+"/sandbox/checkout/o-1", "application/x-www-form-urlencoded", strings.NewReader("cardNumber=4242"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); loc != srv.URL+"/actionresult?success=true" {
		t.Fatalf("Location %q", loc)
	}
}
