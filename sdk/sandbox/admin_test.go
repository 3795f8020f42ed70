package sandbox_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cedarsim/esim/sdk/forwarded"
	"github.com/cedarsim/esim/sdk/sandbox"
)

func proxiesOf(t testing.TB, list string) forwarded.Proxies {
	t.Helper()
	p, err := forwarded.ParseProxies(list)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestAdminSurface(t *testing.T) {
	const token = "s3cret-admin-token"
	open, err := sandbox.New(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	proxied, err := sandbox.New(sandbox.Options{Proxies: proxiesOf(t, "127.0.0.1/32")})
	if err != nil {
		t.Fatal(err)
	}
	guarded, err := sandbox.New(sandbox.Options{AdminToken: token})
	if err != nil {
		t.Fatal(err)
	}
	hosted, err := sandbox.New(sandbox.Options{AdminToken: token, AllowedHosts: func() forwarded.Hosts {
		h, err := forwarded.ParseHosts("sandbox.example.com")
		if err != nil {
			t.Fatal(err)
		}
		return h
	}()})
	if err != nil {
		t.Fatal(err)
	}
	const local, remote = "127.0.0.1:50000", "203.0.113.7:50000"
	const rebind = "rebind.attacker.example:8080"
	tests := []struct {
		name         string
		srv          *sandbox.Server
		method, path string
		remoteAddr   string
		hdr          map[string]string
		body         string
		want         int
	}{
		{"loopback reads the mailbox", open, "GET", "/sandbox/mailbox.json", local, nil, "", 200},
		{"IPv6 loopback reads the audit log", open, "GET", "/sandbox/audit.json", "[::1]:5000", nil, "", 200},
		{"remote client refused", open, "GET", "/sandbox/mailbox", remote, nil, "", 403},
		{"remote client refused on the index", open, "GET", "/sandbox/", remote, nil, "", 403},
		{"remote client still reaches the checkout page", open, "GET", "/sandbox/checkout/nope", remote, nil, "", 404},
		{"remote client still reaches the API", open, "GET", sandbox.APIPath + "catalog/bundles/TR", remote, nil, "", 200},
		{"X-Forwarded-For ignored without --trust-proxy", open, "GET", "/sandbox/mailbox.json", remote, map[string]string{"X-Forwarded-For": "127.0.0.1"}, "", 403},
		{"X-Forwarded-For: 127.0.0.1 from a peer that is not the trusted proxy", proxied, "GET", "/sandbox/mailbox.json", remote, map[string]string{"X-Forwarded-For": "127.0.0.1"}, "", 403},
		{"behind a trusted proxy: the forwarded client counts", proxied, "GET", "/sandbox/mailbox.json", local, map[string]string{"X-Forwarded-For": "203.0.113.9"}, "", 403},
		{"behind a trusted proxy: a spoofed first hop is not the client", proxied, "GET", "/sandbox/mailbox.json", local, map[string]string{"X-Forwarded-For": "127.0.0.1, 203.0.113.9"}, "", 403},
		{"behind a trusted proxy even a local client is not a loopback client", proxied, "GET", "/sandbox/mailbox.json", local, map[string]string{"X-Forwarded-For": "127.0.0.1"}, "", 403},
		{"a proxy on this machine (X-Forwarded-For) is not a loopback client", open, "GET", "/sandbox/mailbox.json", local, map[string]string{"X-Forwarded-For": "203.0.113.9"}, "", 403},
		{"a proxy on this machine (X-Real-IP) is not a loopback client", open, "GET", "/sandbox/mailbox", local, map[string]string{"X-Real-IP": "203.0.113.9"}, "", 403},
		{"a proxy on this machine (Forwarded) is not a loopback client", open, "GET", "/sandbox/audit.json", local, map[string]string{"Forwarded": "for=203.0.113.9"}, "", 403},
		{"a proxy on this machine (X-Forwarded-Proto) is not a loopback client", open, "GET", "/sandbox/", local, map[string]string{"X-Forwarded-Proto": "https"}, "", 403},
		{"a rebinding Host is refused on loopback", open, "GET", "/sandbox/mailbox.json", local, map[string]string{"Host": rebind}, "", 403},
		{"a rebinding page cannot add a fault", open, "POST", "/sandbox/faults", local, map[string]string{"Host": rebind, "Origin": "http://" + rebind, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"}, `{"path":"x","status":500}`, 403},
		{"a rebinding Host is refused even with the token", guarded, "GET", "/sandbox/mailbox.json", remote, map[string]string{"Host": rebind, sandbox.AdminTokenHeader: token}, "", 403},
		{"a rebinding Host still reaches the checkout page", open, "GET", "/sandbox/checkout/nope", local, map[string]string{"Host": rebind}, "", 404},
		{"an allowed host name with the token", hosted, "GET", "/sandbox/mailbox.json", remote, map[string]string{"Host": "sandbox.example.com", sandbox.AdminTokenHeader: token}, "", 200},
		{"a host not in --allowed-hosts", hosted, "GET", "/sandbox/mailbox.json", remote, map[string]string{"Host": "localhost:8080", sandbox.AdminTokenHeader: token}, "", 403},
		{"token required even on loopback", guarded, "GET", "/sandbox/mailbox.json", local, nil, "", 403},
		{"token header from anywhere", guarded, "GET", "/sandbox/mailbox.json", remote, map[string]string{sandbox.AdminTokenHeader: token}, "", 200},
		{"wrong token", guarded, "GET", "/sandbox/mailbox.json", remote, map[string]string{sandbox.AdminTokenHeader: "nope"}, "", 403},
		{"token query becomes a cookie", guarded, "GET", "/sandbox/mailbox?admin_token=" + token, remote, nil, "", 303},
		{"wrong token query", guarded, "GET", "/sandbox/mailbox?admin_token=nope", remote, nil, "", 403},
		{"token cookie", guarded, "GET", "/sandbox/mailbox", remote, map[string]string{"Cookie": "sandbox_admin=" + token}, "", 200},
		{"text/plain POST refused", open, "POST", "/sandbox/faults", local, map[string]string{"Content-Type": "text/plain"}, `{"path":"x","status":500}`, 415},
		{"form POST refused", open, "POST", "/sandbox/faults", local, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, `path=x`, 415},
		{"cross-site Origin refused", open, "POST", "/sandbox/faults", local, map[string]string{"Content-Type": "application/json", "Origin": "https://evil.example"}, `{"path":"x","status":500}`, 403},
		{"opaque Origin refused", open, "POST", "/sandbox/faults", local, map[string]string{"Content-Type": "application/json", "Origin": "null"}, `{"path":"x","status":500}`, 403},
		{"cross-site fetch metadata refused", open, "POST", "/sandbox/faults", local, map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, `{"path":"x","status":500}`, 403},
		{"cross-site DELETE refused", open, "DELETE", "/sandbox/faults", local, map[string]string{"Origin": "https://evil.example"}, "", 403},
		{"same-origin JSON POST", open, "POST", "/sandbox/faults", local, map[string]string{"Content-Type": "application/json", "Origin": "http://localhost:8080", "Sec-Fetch-Site": "same-origin"}, `{"path":"x","status":500}`, 201},
		{"tool without Origin (curl, the e2e harness)", open, "POST", "/sandbox/faults", local, map[string]string{"Content-Type": "application/json; charset=utf-8"}, `{"path":"y","status":500}`, 201},
		{"DELETE without Origin", open, "DELETE", "/sandbox/faults", local, nil, "", 204},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, "http://localhost:8080"+tt.path, strings.NewReader(tt.body))
			req.RemoteAddr = tt.remoteAddr
			for k, v := range tt.hdr {
				if k == "Host" {
					req.Host = v
					continue
				}
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			tt.srv.ServeHTTP(rec, req)
			if rec.Code != tt.want {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.want, rec.Body)
			}
			if rec.Code == 403 && rec.Header().Get("Content-Type") != "application/problem+json" {
				t.Fatalf("403 content type %q", rec.Header().Get("Content-Type"))
			}
			if rec.Code == 303 {
				loc := rec.Header().Get("Location")
				cookie := rec.Header().Get("Set-Cookie")
				if strings.Contains(loc, token) || !strings.Contains(cookie, "sandbox_admin="+token) || !strings.Contains(cookie, "HttpOnly") || !strings.Contains(cookie, "SameSite=Strict") {
					t.Fatalf("redirect %q, cookie %q", loc, cookie)
				}
			}
		})
	}
}

// TestCheckoutLinkHost: X-Forwarded-Host builds checkout links only from a trusted proxy.
func TestCheckoutLinkHost(t *testing.T) {
	for _, tc := range []struct {
		name    string
		proxies string
		want    string
	}{
		{"forwarded host ignored", "", "http://" + "shop.local:8080/sandbox/checkout/"},
		{"forwarded host of a peer that is not the trusted proxy", "10.0.0.0/8", "http://" + "shop.local:8080/sandbox/checkout/"},
		{"forwarded host of a trusted proxy", "127.0.0.1/32", "https://shop.example/sandbox/checkout/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			trusted := tc.proxies == "127.0.0.1/32"
			e := newEnv(t, sandbox.Options{Proxies: proxiesOf(t, tc.proxies)})
			tr, _ := e.sb.Catalogue().ByName("TR_1GB_7D")
			c := e.client(t)
			signup(t, t.Context(), e, c, "host@example.com")
			id := createOrder(t, e)
			req, _ := http.NewRequest("POST", e.srv.URL+detailsPath(id), strings.NewReader(detailsBody(tr.ID, "77777777-7777-4777-8777-777777777777")))
			req.Host = "shop.local:8080"
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", bearerOf(t, c))
			req.Header.Set("X-Forwarded-Host", "shop.example")
			req.Header.Set("X-Forwarded-Proto", "https")
			if !trusted {
				req.Header.Set("X-Forwarded-Host", "evil.example")
			}
			resp, err := e.srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var b strings.Builder
			_, _ = io.Copy(&b, resp.Body)
			if resp.StatusCode != 200 || !strings.Contains(b.String(), tc.want) || strings.Contains(b.String(), "evil") {
				t.Fatalf("%d %s, want a link under %s", resp.StatusCode, b.String(), tc.want)
			}
		})
	}
}
