package sandbox_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cedarsim/esim/sdk/sandbox"
)

// FuzzHandler sends arbitrary methods, paths and bodies: the sandbox must answer every one
// with a 2xx-4xx status and never fail (a 5xx would be a recovered panic or a bug).
func FuzzHandler(f *testing.F) {
	sbx, err := sandbox.New(sandbox.Options{Clock: sandbox.NewFakeClock(t0), MaxBodyBytes: 64 << 10})
	if err != nil {
		f.Fatal(err)
	}
	seeds := []struct{ method, path, ctype, body string }{
		{"POST", "/api/v1/connect/token", "application/x-www-form-urlencoded", "grant_type=password&username=a&password=b"},
		{"POST", "/api/v1/connect/token", "application/x-www-form-urlencoded", "grant_type=refresh_token&refresh_token=%zz"},
		{"POST", "/esim-service/api/v1/esims/can-purchase", "application/json", `{"bundleId":1}`},
		{"POST", "/loki/api/v1/push", "application/json", `{"streams":[{"stream":{"a":"b"},"values":[["1","x"],[]]}]}`},
		{"POST", "/loki/api/v1/push", "application/json", `{"streams":[{"values":[["99999999999999999999","x"]]}]}`},
		{"GET", "/api/v1/catalog/bundles/%E2%82%AC?iccid=1&provider=-1", "", ""},
		{"GET", "/api/v1/catalog/search_bundles/,,,", "", ""},
		{"POST", "/sandbox/faults", "application/json", `{"path":"x","latencyMs":-5}`},
		{"POST", "/sandbox/checkout/x", "application/x-www-form-urlencoded", "cardNumber=4242424242424242"},
		{"POST", "/sandbox/esims/1/revoke", "", ""},
		{"GET", "/esim-service/api/v1/esims/useremails/%00", "", ""},
		{"OPTIONS", "*", "", ""},
	}
	for _, s := range seeds {
		f.Add(s.method, s.path, s.ctype, s.body)
	}
	f.Fuzz(func(t *testing.T, method, path, ctype, body string) {
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		// Faults would make later inputs fail on purpose and latency would slow the run.
		if strings.HasPrefix(path, "/sandbox/faults") {
			return
		}
		req, err := http.NewRequest(method, "http://sandbox.test"+path, strings.NewReader(body))
		if err != nil {
			return // not a request a client could send
		}
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		rec := httptest.NewRecorder()
		sbx.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s %q -> %d: %s", method, path, rec.Code, rec.Body.String())
		}
	})
}
