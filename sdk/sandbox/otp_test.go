package sandbox_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk/sandbox"
)

// sendCode asks for a login or signup code for email and returns the status, the
// Retry-After header and the body.
func sendCode(t *testing.T, e *env, auth, email string, hdr map[string]string) (int, string, string) {
	t.Helper()
	h := map[string]string{"Authorization": auth}
	for k, v := range hdr {
		h[k] = v
	}
	st, retry, body := rawRetry(t, e, "POST", sandbox.APIPath+"users/otp/send_email/"+email+"/false", `{"firstName":"A","lastName":"B","phone":"1","countryCode":"961"}`, h)
	return st, retry, body
}

// rawRetry is raw that returns the Retry-After header instead of the content type.
func rawRetry(t *testing.T, e *env, method, path, body string, hdr map[string]string) (int, string, string) {
	t.Helper()
	var retry string
	st, _, b := rawWith(t, e, method, path, "application/json", body, hdr, func(h map[string][]string) {
		if v := h["Retry-After"]; len(v) > 0 {
			retry = v[0]
		}
	})
	return st, retry, b
}

func verifyBody(userID, code, idem string) string {
	return fmt.Sprintf(`{"idempotencyId":%q,"otp":%q,"username":"","userId":%q,"captchaToken":"x"}`, idem, code, userID)
}

func userIDOf(t *testing.T, body string) string {
	t.Helper()
	var v struct {
		Data struct {
			UserID string `json:"userId"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &v); err != nil || v.Data.UserID == "" {
		t.Fatalf("no user id in %s", body)
	}
	return v.Data.UserID
}

func assertTooMany(t *testing.T, st int, retry, body string, maxWait time.Duration) {
	t.Helper()
	if st != 429 {
		t.Fatalf("status %d, want 429: %s", st, body)
	}
	secs, err := strconv.Atoi(retry)
	if err != nil || secs < 1 || time.Duration(secs)*time.Second > maxWait {
		t.Fatalf("Retry-After %q, want 1..%v s", retry, maxWait.Seconds())
	}
	var p struct {
		Type, Title, Detail string
		Status              int
	}
	if err := json.Unmarshal([]byte(body), &p); err != nil || p.Status != 429 || p.Title != "Too Many Requests" || p.Detail == "" || p.Type == "" {
		t.Fatalf("429 body %s", body)
	}
}

func TestCodeEmailsPerAddress(t *testing.T) {
	e := newEnv(t, sandbox.Options{AccessTokenLifetime: time.Hour})
	auth := guestBearer(t, e)
	for i := range 5 {
		if st, _, b := sendCode(t, e, auth, "flood@example.com", nil); st != 200 {
			t.Fatalf("send %d: %d %s", i+1, st, b)
		}
	}
	st, retry, body := sendCode(t, e, auth, "flood@example.com", nil)
	assertTooMany(t, st, retry, body, 15*time.Minute)
	if n := len(e.sb.Mailbox()); n != 5 {
		t.Fatalf("%d mails sent, want 5", n)
	}
	// Another address is not affected; the first one may send again once the window passed.
	if st, _, b := sendCode(t, e, auth, "other@example.com", nil); st != 200 {
		t.Fatalf("other address: %d %s", st, b)
	}
	e.clock.Advance(15 * time.Minute)
	if st, _, b := sendCode(t, e, auth, "flood@example.com", nil); st != 200 {
		t.Fatalf("after the window: %d %s", st, b)
	}
}

func TestVerifyAttemptsPerClient(t *testing.T) {
	for _, tc := range []struct {
		name    string
		proxies string // --trust-proxy; the test's client is 127.0.0.1
		// header of the second client, which must (or must not) share the first's budget
		other   map[string]string
		limited bool
	}{
		{"forwarded-for ignored without --trust-proxy", "", map[string]string{"X-Forwarded-For": "203.0.113.9"}, true},
		{"a rotating forwarded-for from a peer that is not the trusted proxy", "10.0.0.0/8", map[string]string{"X-Forwarded-For": "203.0.113.9"}, true},
		{"forwarded-for read from the trusted proxy", "127.0.0.1/32", map[string]string{"X-Forwarded-For": "203.0.113.9"}, false},
		{"behind the trusted proxy a client prepending addresses is still itself", "127.0.0.1/32", map[string]string{"X-Forwarded-For": "203.0.113.9, 198.51.100.7"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t, sandbox.Options{VerifyFailLimit: 6, MaxFailedAttempts: 100, Proxies: proxiesOf(t, tc.proxies), AccessTokenLifetime: time.Hour})
			auth := guestBearer(t, e)
			_, _, b := sendCode(t, e, auth, "victim@example.com", nil)
			id := userIDOf(t, b)
			good := e.sb.LatestCode("victim@example.com")
			wrong := "000000"
			if good == wrong {
				wrong = "111111"
			}
			path := sandbox.APIPath + "users/otp/email/" + id
			first := map[string]string{"Authorization": auth}
			if tc.proxies != "" {
				first["X-Forwarded-For"] = "198.51.100.7"
			}
			for i := range 6 {
				if st, _, b := rawRetry(t, e, "POST", path, verifyBody(id, wrong, fmt.Sprintf("00000000-0000-4000-8000-00000000000%d", i)), first); st != 400 {
					t.Fatalf("wrong code %d: %d %s", i+1, st, b)
				}
			}
			// The seventh attempt from the same client is refused, even with the right code.
			st, retry, body := rawRetry(t, e, "POST", path, verifyBody(id, good, "00000000-0000-4000-8000-000000000009"), first)
			assertTooMany(t, st, retry, body, 15*time.Minute)
			other := map[string]string{"Authorization": auth}
			for k, v := range tc.other {
				other[k] = v
			}
			st, _, body = rawRetry(t, e, "POST", path, verifyBody(id, good, "00000000-0000-4000-8000-00000000000a"), other)
			if tc.limited && st != 429 || !tc.limited && st != 200 {
				t.Fatalf("second client: %d %s (limited=%v)", st, body, tc.limited)
			}
			e.clock.Advance(15 * time.Minute)
			_, _, _ = sendCode(t, e, auth, "victim@example.com", nil)
			if st, _, b := rawRetry(t, e, "POST", path, verifyBody(id, e.sb.LatestCode("victim@example.com"), "00000000-0000-4000-8000-00000000000b"), first); st != 200 {
				t.Fatalf("after the window: %d %s", st, b)
			}
		})
	}
}

// TestVerifyReplay: a replayed verify returns the earlier answer only for the same code;
// the lock is checked first.
func TestVerifyReplay(t *testing.T) {
	e := newEnv(t, sandbox.Options{MaxFailedAttempts: 2})
	auth := map[string]string{"Authorization": guestBearer(t, e)}
	_, _, b := sendCode(t, e, auth["Authorization"], "replay@example.com", nil)
	id := userIDOf(t, b)
	code := e.sb.LatestCode("replay@example.com")
	const idem = "12345678-1234-4234-8234-123456789012"
	path := sandbox.APIPath + "users/otp/email/" + id
	st, _, first := rawRetry(t, e, "POST", path, verifyBody(id, code, idem), auth)
	if st != 200 || !strings.Contains(first, "oneTimeLoginPassword") {
		t.Fatalf("verify: %d %s", st, first)
	}
	other := "999999"
	if code == other {
		other = "888888"
	}
	steps := []struct {
		name, body string
		want       int
		same       bool
		detail     string
	}{
		{"same id, same code: the same answer", verifyBody(id, code, idem), 200, true, ""},
		{"same id, another code: checked, refused", verifyBody(id, other, idem), 400, false, "Invalid OTP"},
		{"same id, empty code: refused", verifyBody(id, "", idem), 400, false, "Invalid OTP"},
		{"locked now: the replay answers the lock", verifyBody(id, code, idem), 400, false, "locked"},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			st, _, body := rawRetry(t, e, "POST", path, s.body, auth)
			if st != s.want || (s.same && body != first) || !strings.Contains(body, s.detail) {
				t.Fatalf("%d %s", st, body)
			}
			if !s.same && strings.Contains(body, "oneTimeLoginPassword") {
				t.Fatalf("the one-time password leaked: %s", body)
			}
		})
	}
}

// rawWith is raw with a look at the response headers.
func rawWith(t *testing.T, e *env, method, path, ctype, body string, hdr map[string]string, headers func(map[string][]string)) (int, string, string) {
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
	headers(resp.Header)
	return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
}
