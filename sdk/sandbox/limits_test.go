package sandbox_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"net/url"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk/sandbox"
)

// big returns n characters of 4-byte runes: the most bytes a field of n characters holds.
func big(n int) string { return strings.Repeat("😀", n) }

func contactJSON(full, email, msg, dept, idem string) string {
	b, _ := json.Marshal(map[string]string{"FullName": full, "Email": email, "Message": msg, "Department": dept, "IdempotencyId": idem})
	return string(b)
}

func signupJSON(first, last, cc, phone string) string {
	b, _ := json.Marshal(map[string]string{"firstName": first, "lastName": last, "countryCode": cc, "phone": phone})
	return string(b)
}

// TestFieldMaxima: each documented maximum is accepted and one more character is a 400 that
// names the field and its maximum.
func TestFieldMaxima(t *testing.T) {
	e := newEnv(t, sandbox.Options{CodeSendLimit: 1000})
	auth := map[string]string{"Authorization": guestBearer(t, e)}
	const okMail = "max@example.com"
	contact := func(full, msg, dept string) string { return contactJSON(full, okMail, msg, dept, "") }
	logPush := func(line string) string {
		b, _ := json.Marshal(map[string]any{"streams": []any{map[string]any{"stream": map[string]string{"job": "x"}, "values": [][]string{{"1", line}}}}})
		return string(b)
	}
	send := sandbox.APIPath + "users/otp/send_email/" + okMail + "/false"
	tests := []struct {
		field, path    string
		atMax, overMax string
		max            int
		unit           string
		successAtMax   int
	}{
		{"FullName", sandbox.SupportPath + "support/contact-us", contact(big(sandbox.MaxFullNameLen), "m", "d"), contact(big(sandbox.MaxFullNameLen+1), "m", "d"), sandbox.MaxFullNameLen, "characters", 200},
		{"Message", sandbox.SupportPath + "support/contact-us", contact("A B", big(sandbox.MaxMessageLen), "d"), contact("A B", big(sandbox.MaxMessageLen+1), "d"), sandbox.MaxMessageLen, "characters", 200},
		{"Department", sandbox.SupportPath + "support/contact-us", contact("A B", "m", big(sandbox.MaxDepartmentLen)), contact("A B", "m", big(sandbox.MaxDepartmentLen+1)), sandbox.MaxDepartmentLen, "characters", 200},
		{"firstName", send, signupJSON(big(sandbox.MaxNameLen), "B", "961", "1"), signupJSON(big(sandbox.MaxNameLen+1), "B", "961", "1"), sandbox.MaxNameLen, "characters", 200},
		{"lastName", send, signupJSON("A", big(sandbox.MaxNameLen), "961", "1"), signupJSON("A", big(sandbox.MaxNameLen+1), "961", "1"), sandbox.MaxNameLen, "characters", 200},
		{"phone", send, signupJSON("A", "B", "961", strings.Repeat("7", sandbox.MaxPhoneLen)), signupJSON("A", "B", "961", strings.Repeat("7", sandbox.MaxPhoneLen+1)), sandbox.MaxPhoneLen, "characters", 200},
		{"countryCode", send, signupJSON("A", "B", strings.Repeat("9", sandbox.MaxCountryCodeLen), "1"), signupJSON("A", "B", strings.Repeat("9", sandbox.MaxCountryCodeLen+1), "1"), sandbox.MaxCountryCodeLen, "characters", 200},
		{"log line", sandbox.LogPushPath, logPush(strings.Repeat("x", sandbox.MaxLogLineBytes)), logPush(strings.Repeat("x", sandbox.MaxLogLineBytes+1)), sandbox.MaxLogLineBytes, "bytes", 204},
	}
	for _, tt := range tests {
		t.Run(tt.field, func(t *testing.T) {
			if st, _, body := raw(t, e, "POST", tt.path, "application/json", tt.atMax, auth); st != tt.successAtMax {
				t.Fatalf("at the maximum: %d %s", st, body)
			}
			st, ct, body := raw(t, e, "POST", tt.path, "application/json", tt.overMax, auth)
			want := fmt.Sprintf("%s is longer than %d %s.", tt.field, tt.max, tt.unit)
			if st != 400 || ct != "application/problem+json" || !strings.Contains(body, want) {
				t.Fatalf("over the maximum: %d %s %s, want 400 %q", st, ct, body, want)
			}
		})
	}
	// The e-mail address: 254 characters at most (in the path and in bodies).
	long := strings.Repeat("a", 64) + "@" + strings.Repeat("b", 250) + ".example"
	if st, _, body := raw(t, e, "POST", sandbox.APIPath+"users/otp/send_email/"+long+"/true", "application/json", `{}`, auth); st != 400 || !strings.Contains(body, "email is longer than 254") {
		t.Fatalf("long e-mail: %d %s", st, body)
	}
	// A request path is counted in characters too, like a fault's path (2,048), so a fault
	// on the longest path can match a request: it was counted in bytes.
	longPath := "/api/v1/" + strings.Repeat("%C3%A9", 2048-len("/api/v1/")) // é, escaped
	if st, _, body := raw(t, e, "GET", longPath, "", "", nil); st == 400 && strings.Contains(body, "too long") {
		t.Fatalf("a 2,048-character path: %d %s", st, body)
	}
	if st, _, body := raw(t, e, "GET", "/api/v1/"+strings.Repeat("a", 2048), "", "", nil); st != 400 || !strings.Contains(body, "too long") {
		t.Fatalf("a 2,056-character path: %d %s", st, body)
	}
	// Counted in characters like every other field: 254 of them are accepted even when
	// they take more bytes (the address check counted bytes, and refused a 212-character
	// address as invalid).
	wide := strings.Repeat("é", sandbox.MaxEmailLen-len("@example.com")) + "@example.com"
	if st, _, body := raw(t, e, "POST", sandbox.APIPath+"users/otp/send_email/"+url.PathEscape(wide)+"/false", "application/json", signupJSON("A", "B", "961", "1"), auth); st != 200 {
		t.Fatalf("a %d-character e-mail of %d bytes: %d %s", sandbox.MaxEmailLen, len(wide), st, body)
	}
}

// TestBadInputsNever5xx sends a corpus of malformed, oversized and hostile inputs to every
// endpoint and counts the answers: none may be a 5xx.
func TestBadInputsNever5xx(t *testing.T) {
	e := newEnv(t, sandbox.Options{CodeSendLimit: 100_000, VerifyFailLimit: 100_000})
	guest := guestBearer(t, e)
	c := e.client(t)
	signup(t, context.Background(), e, c, "fuzz@example.com")
	customer := bearerOf(t, c)
	rng := rand.New(rand.NewPCG(1, 2))
	junk := []string{
		``, `{`, `[]`, `null`, `"x"`, `123`, `{"a":`, "\x00\x01", `{"FullName":1}`, `{"order":"x"}`, `{"order":[{}]}`,
		`{"order":[{"ServiceItemId":1}]}`, `{"streams":[{"values":[[]]}]}`, `{"streams":[{"values":[["1"]]}]}`,
		`{"streams":[{"values":[["x","y"]]}]}`, `{"otp":[],"captchaToken":{}}`, strings.Repeat(`[`, 10_000),
		`{"idempotencyId":"` + big(70) + `"}`, `{"email":"` + big(300) + `"}`, `{"Message":"` + big(6000) + `"}`,
	}
	for range 60 {
		b := make([]byte, rng.IntN(300))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		junk = append(junk, string(b))
	}
	endpoints := []struct{ method, path, ctype string }{
		{"POST", sandbox.APIPath + "connect/token", "application/x-www-form-urlencoded"},
		{"POST", sandbox.APIPath + "users/otp/send_email/a@b.example/false", "application/json"},
		{"POST", sandbox.APIPath + "users/otp/send_email/" + big(300) + "/true", "application/json"},
		{"POST", sandbox.APIPath + "users/otp/email/" + big(80), "application/json"},
		{"POST", sandbox.APIPath + "users/otp/email/00000000-0000-0000-0000-000000000000", "application/json"},
		{"POST", sandbox.APIPath + "orderfulfillment/orders", "application/x-www-form-urlencoded"},
		{"DELETE", sandbox.APIPath + "orderfulfillment/orders/" + big(40), ""},
		{"POST", sandbox.APIPath + "accounts/x/y/orderdetails", "application/json"},
		{"POST", sandbox.APIPath + "accounts/00000000-0000-0000-0000-000000000000/nope/orderdetails", "application/json"},
		{"POST", sandbox.SupportPath + "esims/can-purchase", "application/json"},
		{"POST", sandbox.SupportPath + "support/contact-us", "application/json"},
		{"GET", sandbox.SupportPath + "esims/useremails/" + big(300), ""},
		{"GET", sandbox.SupportPath + "esims/" + big(30) + "/info", ""},
		{"GET", sandbox.ESIMCheckPath + "esims/check/x/" + big(30), ""},
		{"GET", sandbox.APIPath + "catalog/bundles/TR?iccid=" + big(20) + "&provider=x", ""},
		{"GET", sandbox.APIPath + "catalog/topup_bundle_selected/1/2/" + big(5), ""},
		{"GET", sandbox.APIPath + "catalog/search_bundles/" + strings.Repeat("X,", 400), ""},
		{"POST", sandbox.LogPushPath, "application/json"},
		{"POST", "/sandbox/faults", "application/json"},
		{"POST", "/sandbox/checkout/nope", "application/x-www-form-urlencoded"},
	}
	tried, fivexx := 0, 0
	for _, ep := range endpoints {
		for _, body := range junk {
			for _, auth := range []string{"", guest, customer, "Bearer " + big(10)} {
				hdr := map[string]string{}
				if auth != "" {
					hdr["Authorization"] = auth
				}
				st, _, b := raw(t, e, ep.method, ep.path, ep.ctype, body, hdr)
				tried++
				if st >= 500 {
					fivexx++
					t.Errorf("%s %s with %.40q: %d %s", ep.method, ep.path, body, st, b)
				}
			}
		}
	}
	t.Logf("bad inputs tried: %d, answered 5xx: %d", tried, fivexx)
}

// TestContactFloodStaysBounded posts 1,000 contact messages of the maximum size (every
// character a 4-byte rune) and checks what the sandbox keeps: the heap after GC and the
// state file stay within the documented caps. `go test -run ContactFlood -v` prints the
// figures (heap, RSS of the test process, state file size).
func TestContactFloodStaysBounded(t *testing.T) {
	// Without a state file during the flood (every change would rewrite it: the store's
	// cost, not the caps'); it is written once at the end to measure it.
	sbx, err := sandbox.New(sandbox.Options{Clock: sandbox.NewFakeClock(t0), AccessTokenLifetime: 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sbx)
	t.Cleanup(srv.Close)
	e := &env{sb: sbx, srv: srv}
	auth := map[string]string{"Authorization": guestBearer(t, e)}
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	before, rssBefore := heap(), rssKiB()
	msg := big(sandbox.MaxMessageLen)
	body := contactJSON(big(sandbox.MaxFullNameLen), "flood@example.com", msg, big(sandbox.MaxDepartmentLen), "")
	for i := range 1000 {
		if st, _, b := raw(t, e, "POST", sandbox.SupportPath+"support/contact-us", "application/json", body, auth); st != 200 {
			t.Fatalf("message %d: %d %s", i, st, b)
		}
	}
	after, rssAfter := heap(), rssKiB()
	if p := os.Getenv("SANDBOX_HEAP_PROFILE"); p != "" {
		f, err := os.Create(p)
		if err == nil {
			_ = pprof.WriteHeapProfile(f)
			_ = f.Close()
		}
	}
	page := len(e.get(t, srv.URL+"/sandbox/mailbox"))
	t.Logf("1,000 contact messages of %d bytes: heap %d -> %d KiB (+%d KiB), process RSS %d -> %d KiB, mailbox page %d KiB",
		len(body), before>>10, after>>10, (after-before)>>10, rssBefore, rssAfter, page>>10)
	// Kept: contacts <= 4 MiB, mail <= 8 MiB, plus their JSON in the state file (escaped
	// 4-byte runes at most 12 bytes each in JSON: "\ud83d\ude00").
	if grew := after - before; grew > 48<<20 {
		t.Fatalf("heap grew by %d MiB", grew>>20)
	}
	if page > 24<<20 {
		t.Fatalf("mailbox page %d MiB", page>>20)
	}
}

// rssKiB reads the process's resident set (Linux); 0 elsewhere.
func rssKiB() int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return n
		}
	}
	return 0
}
