// What the request log says: the path with its secrets redacted, no secret anywhere, the
// client's address.

package serve

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"unsafe"

	"github.com/cedarsim/esim/cli/internal/requestlog"
	"github.com/cedarsim/esim/sdk/forwarded"
	sb "github.com/cedarsim/esim/sdk/sandbox"
)

// testJWT is a compact JWS shape (the landing's token); never verified here.
const testJWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJyYW5hIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg"

func TestRedactPath(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/token/" + testJWT, "/token/[redacted]"},
		{"/token/opaque-token-value", "/token/[redacted]"},
		{"/token", "/token"},
		{"/api/v1/users/actions/verify-email-token/abc123", "/api/v1/users/actions/verify-email-token/[redacted]"},
		{"/somewhere/" + testJWT + "/x", "/somewhere/[redacted]/x"},
		{"/otp/rana%40example.com/e7ab", "/otp/[email]/e7ab"},
		{"/sandbox/checkout/1f0c", "/sandbox/checkout/[redacted]"},
		{"/plans", "/plans"},
		{"/esim-service/api/v1/esims/useremails/rima@example.com", "/esim-service/api/v1/esims/useremails/[email]"},
		{"/api/v1/users/otp/send_email/a@b.c/false", "/api/v1/users/otp/send_email/[email]/false"},
		// Order ids, eSIM accounts and ICCIDs, as on the checkout path (issue 21.9).
		{"/api/v1/orderfulfillment/orders/1F0C2A9E-3B7D-4C8E-9A51-2D4E8F0B7C63", "/api/v1/orderfulfillment/orders/[id]"},
		{"/api/v1/accounts/00000000-0000-0000-0000-000000000000/6f1c2a9e-3b7d-4c8e-9a51-2d4e8f0b7c63/orderdetails", "/api/v1/accounts/[id]/[id]/orderdetails"},
		{"/esim-service/api/v1/esims/89961993549420145635/QrCode", "/esim-service/api/v1/esims/[iccid]/QrCode"},
		{"/esim-check/api/v1/esims/check/TR_1GB_7D/8996199354942014563", "/esim-check/api/v1/esims/check/TR_1GB_7D/[iccid]"},
		{"/api/v1/catalog/topup_bundle_selected/89961993549420145635/TR_1GB_7D/0", "/api/v1/catalog/topup_bundle_selected/[iccid]/TR_1GB_7D/0"},
		{"/api/v1/catalog/bundles/TR", "/api/v1/catalog/bundles/TR"},
	}
	for _, tt := range tests {
		if got := redactPath(tt.in); got != tt.want {
			t.Errorf("redactPath(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := redactPath(tt.in); got == tt.in && unsafe.StringData(got) != unsafe.StringData(tt.in) {
			t.Errorf("redactPath(%q) copied a path with nothing to hide", tt.in)
		}
	}
}

// FuzzRedactPath: whatever the path, the logged one has the same segments, each either the
// path's own or a placeholder, and a path with nothing hidden is returned as it is.
func FuzzRedactPath(f *testing.F) {
	for _, p := range []string{"/plans", "/token/x", "/otp/a%40b/1", "/TOKEN/x", "//checkout/", "/a/eyJx.y.z", "/89961993549420145635", "", "/", "/token/[redacted]"} {
		f.Add(p)
	}
	placeholders := map[string]bool{"[redacted]": true, "[email]": true, "[id]": true, "[iccid]": true}
	f.Fuzz(func(t *testing.T, p string) {
		got := redactPath(p)
		in, out := strings.Split(p, "/"), strings.Split(got, "/")
		if len(in) != len(out) {
			t.Fatalf("redactPath(%q) = %q: segments changed in number", p, got)
		}
		hidden := false
		for i := range in {
			if out[i] != in[i] {
				if !placeholders[out[i]] {
					t.Fatalf("redactPath(%q) = %q: segment %d became %q", p, got, i, out[i])
				}
				hidden = true
			}
		}
		if !hidden && unsafe.StringData(got) != unsafe.StringData(p) {
			t.Fatalf("redactPath(%q) copied a path with nothing hidden", p)
		}
	})
}

// logSetups are the two ways the request line is written: through slog, and (esim serve's
// text format) by requestlog beside it. Each test of the log holds for both.
var logSetups = []struct {
	name string
	set  func(o *HandlerOptions, w io.Writer)
}{
	{"slog", func(o *HandlerOptions, w io.Writer) { o.Logger = slog.New(slog.NewTextHandler(w, nil)) }},
	{"requestlog", func(o *HandlerOptions, w io.Writer) {
		o.Logger, o.RequestLines = slog.New(slog.NewTextHandler(w, nil)), requestlog.NewText(w)
	}},
}

// TestLogsCarryNoSecrets sends requests carrying tokens, codes and addresses through the
// whole stack and reads the request log.
func TestLogsCarryNoSecrets(t *testing.T) {
	for _, setup := range logSetups {
		t.Run(setup.name, func(t *testing.T) { logsCarryNoSecrets(t, setup.set) })
	}
}

func logsCarryNoSecrets(t *testing.T, setLog func(*HandlerOptions, io.Writer)) {
	var buf bytes.Buffer
	emu, err := sb.New(sb.Options{})
	if err != nil {
		t.Fatal(err)
	}
	o := HandlerOptions{Webapp: webapp(), Config: sandboxConfig(t), Sandbox: emu}
	setLog(&o, &buf)
	h, err := NewHandler(o)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	secrets := []string{testJWT, "query-token-123", "482913", "rana.haddad@example.com", "rana.haddad%40example.com", "opaque-landing-token"}
	for _, p := range []struct{ method, path string }{
		{"GET", "/token/" + testJWT},
		{"GET", "/token/opaque-landing-token"},
		{"GET", "/profile?token=query-token-123"},
		{"GET", "/otp/rana.haddad%40example.com/e7ab?code=482913"},
		{"POST", "/api/v1/users/otp/send_email/rana.haddad@example.com/true"},
		{"GET", "/api/v1/users/actions/verify-email-token/" + testJWT},
	} {
		req, _ := http.NewRequest(p.method, srv.URL+p.path, strings.NewReader(`{"email":"rana.haddad@example.com"}`))
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	log := buf.String()
	if strings.Count(log, "msg=request") != 6 {
		t.Fatalf("want 6 request lines:\n%s", log)
	}
	for _, s := range secrets {
		if strings.Contains(log, s) {
			t.Errorf("the log carries %q:\n%s", s, log)
		}
	}
}

// TestLogsCarryTheClientAddress: the request log names the client; a forwarded address
// counts only from a trusted proxy, and then it is the right-most untrusted one.
func TestLogsCarryTheClientAddress(t *testing.T) {
	xff := map[string]string{"X-Forwarded-For": "198.51.100.1, 203.0.113.7"}
	for _, tc := range []struct {
		name, trust string
		hdr         map[string]string
		want        string
	}{
		{"direct client", "", nil, "client=127.0.0.1"},
		{"forwarded header from an untrusted peer", "", xff, "client=127.0.0.1"},
		{"forwarded header from a peer that is not the proxy", "10.0.0.0/8", xff, "client=127.0.0.1"},
		{"forwarded header from the trusted proxy", "127.0.0.1/32", xff, "client=203.0.113.7"},
	} {
		for _, setup := range logSetups {
			t.Run(tc.name+"/"+setup.name, func(t *testing.T) {
				var buf bytes.Buffer
				proxies, err := forwarded.ParseProxies(tc.trust)
				if err != nil {
					t.Fatal(err)
				}
				o := HandlerOptions{Webapp: webapp(), Config: sandboxConfig(t), Proxies: proxies}
				setup.set(&o, &buf)
				h, err := NewHandler(o)
				if err != nil {
					t.Fatal(err)
				}
				srv := httptest.NewServer(h)
				t.Cleanup(srv.Close)
				fetch(t, srv, "/", tc.hdr)
				if !strings.Contains(buf.String(), tc.want+"\n") {
					t.Fatalf("log lacks %q:\n%s", tc.want, buf.String())
				}
			})
		}
	}
}

// The request lines requestlog writes are the ones slog writes, time aside: the same
// requests through each setup leave the same log.
func TestRequestLinesAreSlogs(t *testing.T) {
	var logs []string
	for _, setup := range logSetups {
		var buf bytes.Buffer
		o := HandlerOptions{Webapp: webapp(), Config: sandboxConfig(t)}
		setup.set(&o, &buf)
		h, err := NewHandler(o)
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(h)
		for _, p := range []string{"/", "/plans?x=1", "/token/" + testJWT, "/missing.js", "/a%20b%3Dc", "/%22q%22"} {
			fetch(t, srv, p, nil)
		}
		srv.Close()
		logs = append(logs, regexp.MustCompile(`time=\S+ `).ReplaceAllString(buf.String(), ""))
	}
	if logs[0] != logs[1] {
		t.Fatalf("slog wrote\n%s\nrequestlog wrote\n%s", logs[0], logs[1])
	}
	if strings.Count(logs[0], "msg=request") != 6 {
		t.Fatalf("want 6 request lines:\n%s", logs[0])
	}
}
