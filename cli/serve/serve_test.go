package serve

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/forwarded"
	sb "github.com/cedarsim/esim/sdk/sandbox"
)

const indexHTML = `<!doctype html><html><head><title>shop</title></head><body><div id="root"></div></body></html>`

func webapp() fstest.MapFS {
	return fstest.MapFS{
		"index.html":               {Data: []byte(indexHTML)},
		"favicon.svg":              {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`)},
		"sw.js":                    {Data: []byte(`importScripts("/workbox-1a2b3c4d.js");`)},
		"manifest.webmanifest":     {Data: []byte(`{"name":"CedarSIM","start_url":"/","display":"standalone"}`)},
		"assets/index-4f2a9c1e.js": {Data: []byte(strings.Repeat("console.log('cedarsim');\n", 200))},
	}
}

func sandboxConfig(t testing.TB) RuntimeConfig {
	t.Helper()
	o := &Options{Getenv: func(string) string { return "" }}
	if err := o.resolve(); err != nil {
		t.Fatal(err)
	}
	return o.Config
}

func newServer(t *testing.T, withSandbox bool) *httptest.Server {
	t.Helper()
	ho := HandlerOptions{Webapp: webapp(), Config: sandboxConfig(t)}
	if withSandbox {
		emu, err := sb.New(sb.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ho.Sandbox = emu
	}
	h, err := NewHandler(ho)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func fetch(t *testing.T, srv *httptest.Server, path string, hdr map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	// A bare transport so the test sees the Content-Encoding the server chose.
	resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

func TestStaticAndFallback(t *testing.T) {
	srv := newServer(t, true)
	tests := []struct {
		name, path   string
		status       int
		bodyContains string
		cache        string
	}{
		{"root", "/", 200, `<div id="root">`, "no-cache"},
		{"index.html by name is the app (precached by the service worker)", "/index.html", 200, `<div id="root">`, "no-cache"},
		{"client route falls back to the app", "/otp/a@b.c/123", 200, `<div id="root">`, "no-cache"},
		{"nested client route", "/topup-plans/TR/8996199/acc/0", 200, `<div id="root">`, "no-cache"},
		{"the /loki page is the app, not the log push", "/loki", 200, `<div id="root">`, "no-cache"},
		{"hashed asset is immutable", "/assets/index-4f2a9c1e.js", 200, "cedarsim", "public, max-age=31536000, immutable"},
		{"other file", "/favicon.svg", 200, "<svg", "public, max-age=300"},
		{"the service worker is revalidated on every visit", "/sw.js", 200, "importScripts", "no-cache"},
		{"the web manifest is revalidated on every visit", "/manifest.webmanifest", 200, `"standalone"`, "no-cache"},
		{"missing asset is 404, not the app", "/assets/gone-123.js", 404, "", ""},
		{"missing file with extension", "/robots.txt", 404, "", ""},
		{"missing file under a build folder", "/assets/logo", 404, "", ""},
		{"the /token/<JWT> landing is the app", "/token/" + testJWT, 200, `<div id="root">`, "no-cache"},
		{"a dot in the last segment of a route", "/faq/what-is-an.esim", 200, `<div id="root">`, "no-cache"},
		{"an e-mail address as the last segment", "/otp/rana.haddad@example.com/e7ab0df2", 200, `<div id="root">`, "no-cache"},
		{"dot segments are cleaned by a redirect, never served", "/../../etc/passwd", 307, "", ""},
		{"health", "/healthz", 200, `"ok"`, "no-store"},
		{"sandbox mailbox on the same origin", "/sandbox/mailbox", 200, "mailbox", "no-store"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := fetch(t, srv, tt.path, nil)
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.status)
			}
			if !strings.Contains(string(body), tt.bodyContains) {
				t.Fatalf("body %q lacks %q", body, tt.bodyContains)
			}
			if tt.cache != "" && resp.Header.Get("Cache-Control") != tt.cache {
				t.Fatalf("Cache-Control %q, want %q", resp.Header.Get("Cache-Control"), tt.cache)
			}
		})
	}
}

func TestSecurityHeaders(t *testing.T) {
	srv := newServer(t, true)
	resp, _ := fetch(t, srv, "/plans", nil)
	csp := resp.Header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "connect-src 'self'", "img-src 'self' data:", "worker-src 'self'", "manifest-src 'self'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe-eval") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") || strings.Contains(csp, "*;") {
		t.Errorf("CSP too loose: %q", csp)
	}
	for h, want := range map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "strict-origin-when-cross-origin"} {
		if got := resp.Header.Get(h); got != want {
			t.Errorf("%s = %q, want %q", h, got, want)
		}
	}
}

func TestCSPFollowsConfig(t *testing.T) {
	tests := []struct {
		name    string
		cfg     RuntimeConfig
		want    []string
		notWant []string
	}{
		{"sandbox: nothing external", RuntimeConfig{APIBase: "/api/v1/"}, []string{"connect-src 'self';"}, []string{"googletagmanager", "recaptcha"}},
		{"upstream origins", RuntimeConfig{APIBase: "https://api.p.example/api/v1/", SupportBase: "https://s.p.example/x/", ESIMCheckBase: "https://api.p.example/c/"},
			[]string{"connect-src 'self' https://api.p.example https://s.p.example;"}, nil},
		{"captcha and tag manager", RuntimeConfig{CaptchaSiteKey: "k", TagManagerID: "GTM-1"},
			[]string{"https://www.google.com/recaptcha/", "https://www.googletagmanager.com"}, nil},
		{"flag service", RuntimeConfig{FlagBaseURL: "https://flags.example/w40/"}, []string{"img-src 'self' data: blob: https://flags.example"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			csp := contentSecurityPolicy(tt.cfg)
			// Whatever the configuration: the service worker and manifest from this origin
			// only, and never an inline script.
			for _, w := range []string{"worker-src 'self';", "manifest-src 'self';"} {
				if !strings.Contains(csp, w) {
					t.Errorf("CSP %q lacks %q", csp, w)
				}
			}
			for _, d := range strings.Split(csp, ";") {
				if d = strings.TrimSpace(d); strings.HasPrefix(d, "script-src") && (strings.Contains(d, "'unsafe-inline'") || strings.Contains(d, "'unsafe-eval'")) {
					t.Errorf("script-src allows inline or eval: %q", d)
				}
			}
			for _, w := range tt.want {
				if !strings.Contains(csp, w) {
					t.Errorf("CSP %q lacks %q", csp, w)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(csp, w) {
					t.Errorf("CSP %q has %q", csp, w)
				}
			}
		})
	}
}

func TestGzip(t *testing.T) {
	srv := newServer(t, true)
	resp, body := fetch(t, srv, "/assets/index-4f2a9c1e.js", map[string]string{"Accept-Encoding": "gzip"})
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q", resp.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil || !strings.HasPrefix(string(plain), "console.log") {
		t.Fatalf("gunzip: %v %q", err, plain[:min(20, len(plain))])
	}
	if len(body) >= len(plain) {
		t.Fatalf("not smaller: %d >= %d", len(body), len(plain))
	}
	resp, _ = fetch(t, srv, "/assets/index-4f2a9c1e.js", nil)
	if resp.Header.Get("Content-Encoding") != "" {
		t.Fatal("compressed without Accept-Encoding")
	}
}

func TestManifestContentType(t *testing.T) {
	srv := newServer(t, false)
	resp, body := fetch(t, srv, "/manifest.webmanifest", nil)
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	if got := resp.Header.Get("Content-Type"); got != "application/manifest+json" {
		t.Fatalf("Content-Type %q, want application/manifest+json", got)
	}
	if !json.Valid(body) {
		t.Fatalf("manifest not JSON: %q", body)
	}
}

func TestConfigJSON(t *testing.T) {
	srv := newServer(t, true)
	resp, body := fetch(t, srv, "/config.json", nil)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("status %d type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	var got map[string]any
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"brand": "CedarSIM", "apiBase": "/api/v1/", "supportBase": "/esim-service/api/v1/", "esimCheckBase": "/esim-check/api/v1/",
		"logPushUrl": "/loki/api/v1/push", "logPushEnabled": true, "supportPhone": "+961 1 555 010",
		"supportEmail": "support@cedarsim.example", "captchaSiteKey": "", "tagManagerId": "", "flagBaseUrl": "", "liveChatUrl": "", "whatsapp": contract.SandboxWhatsapp, "sandbox": true,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %#v, want %#v", k, got[k], v)
		}
	}
	guest, _ := got["guest"].(map[string]any)
	if guest["username"] != sb.DefaultGuestUsername || guest["clientId"] != sb.DefaultClientID || guest["clientSecret"] != sb.DefaultClientSecret || guest["password"] != sb.DefaultGuestPassword {
		t.Errorf("guest = %v", guest)
	}
	if _, ok := got["checkoutHosts"].([]any); !ok {
		t.Errorf("checkoutHosts = %#v, want a list", got["checkoutHosts"])
	}
}

func TestResolve(t *testing.T) {
	env := map[string]string{"ESIM_SUPPORT_PHONE": "+961 3 000 000", "ESIM_BRAND": "EnvBrand"}
	tests := []struct {
		name    string
		opts    Options
		wantErr string
		check   func(t *testing.T, o *Options)
	}{
		{name: "env then flags", opts: Options{Config: RuntimeConfig{Brand: "FlagBrand"}}, check: func(t *testing.T, o *Options) {
			if o.Config.Brand != "FlagBrand" || o.Config.SupportPhone != "+961 3 000 000" || !o.Config.Sandbox {
				t.Fatalf("%+v", o.Config)
			}
		}},
		{name: "whatsapp normalised", opts: Options{Config: RuntimeConfig{WhatsApp: "+961 71 555 010"}}, check: func(t *testing.T, o *Options) {
			if o.Config.WhatsApp != "96171555010" {
				t.Fatalf("whatsapp = %q", o.Config.WhatsApp)
			}
		}},
		{name: "whatsapp not international", opts: Options{Config: RuntimeConfig{WhatsApp: "071 555 010"}}, wantErr: "--whatsapp"},
		{name: "whatsapp: the sandbox's demo number by default", opts: Options{}, check: func(t *testing.T, o *Options) {
			if o.Config.WhatsApp != contract.SandboxWhatsapp || contract.SandboxWhatsapp == "" {
				t.Fatalf("whatsapp = %q, want the demo number %q", o.Config.WhatsApp, contract.SandboxWhatsapp)
			}
		}},
		{name: "whatsapp off hides it on the sandbox", opts: Options{Config: RuntimeConfig{WhatsApp: "off"}}, check: func(t *testing.T, o *Options) {
			if o.Config.WhatsApp != "" {
				t.Fatalf("whatsapp = %q, want none", o.Config.WhatsApp)
			}
		}},
		{name: "whatsapp: none upstream by default", opts: Options{APIURL: "https://a.example/api/v1/", SupportURL: "https://s.example/", ESIMCheckURL: "https://c.example/",
			Sandbox: sandboxCreds(), Config: RuntimeConfig{CheckoutHosts: []string{"pay.example.com"}}}, check: func(t *testing.T, o *Options) {
			if o.Config.WhatsApp != "" {
				t.Fatalf("whatsapp = %q, want none upstream", o.Config.WhatsApp)
			}
		}},
		{name: "live chat not a web link", opts: Options{Config: RuntimeConfig{LiveChatURL: "javascript:alert(1)"}}, wantErr: "--live-chat-url"},
		{name: "live chat relative", opts: Options{Config: RuntimeConfig{LiveChatURL: "/chat"}}, wantErr: "--live-chat-url"},
		{name: "support url alone", opts: Options{SupportURL: "https://s.example/"}, wantErr: "need --api-url"},
		{name: "upstream without the others", opts: Options{APIURL: "https://a.example/api/v1/"}, wantErr: "--support-url"},
		{name: "relative upstream", opts: Options{APIURL: "/x/", SupportURL: "/y/", ESIMCheckURL: "/z/"}, wantErr: "absolute"},
		{name: "upstream without credentials", opts: Options{APIURL: "https://a.example/api/v1/", SupportURL: "https://s.example/", ESIMCheckURL: "https://c.example/"}, wantErr: "client credential"},
		{name: "upstream without checkout hosts", opts: Options{APIURL: "https://a.example/api/v1/", SupportURL: "https://s.example/", ESIMCheckURL: "https://c.example/",
			Sandbox: sandboxCreds()}, wantErr: "with --api-url, give --checkout-hosts"},
		{name: "a checkout host given as a URL", opts: Options{APIURL: "https://a.example/api/v1/", SupportURL: "https://s.example/", ESIMCheckURL: "https://c.example/",
			Sandbox: sandboxCreds(), Config: RuntimeConfig{CheckoutHosts: []string{"https://pay.example.com/"}}}, wantErr: `"https://pay.example.com/" is not a host name`},
		{name: "upstream", opts: Options{APIURL: "https://a.example/api/v1/", SupportURL: "https://s.example/", ESIMCheckURL: "https://c.example/",
			Sandbox: sandboxCreds(), Config: RuntimeConfig{CheckoutHosts: []string{"pay.example.com"}}}, check: func(t *testing.T, o *Options) {
			if o.Config.Sandbox || o.Config.APIBase != "https://a.example/api/v1/" || o.Config.Guest.ClientID != "prod-client" {
				t.Fatalf("%+v", o.Config)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := tt.opts
			o.Getenv = func(k string) string { return env[k] }
			err := o.resolve()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, &o)
		})
	}
}

// TestSDKThroughServe runs SDK calls through the whole serve stack (gzip, headers, logs).
func TestSDKThroughServe(t *testing.T) {
	srv := newServer(t, true)
	c, err := sdk.NewClient(sdk.Options{
		APIBase: srv.URL + sb.APIPath, SupportBase: srv.URL + sb.SupportPath, ESIMCheckBase: srv.URL + sb.ESIMCheckPath,
		LogPushURL: srv.URL + sb.LogPushPath, ClientID: sb.DefaultClientID, ClientSecret: sb.DefaultClientSecret,
		GuestUsername: sb.DefaultGuestUsername, GuestPassword: sb.DefaultGuestPassword,
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := c.Auth.GuestLogin(ctx); err != nil {
		t.Fatal(err)
	}
	countries, err := c.Catalog.Countries(ctx)
	if err != nil || len(countries) < 200 {
		t.Fatalf("countries %d %v", len(countries), err)
	}
	if _, err := c.Catalog.AreaBundles(ctx, "global"); err != nil {
		t.Fatal(err)
	}
}
func TestHSTS(t *testing.T) {
	for _, tc := range []struct {
		name       string
		trustProxy string
		hdr        map[string]string
		want       bool
	}{
		{"plain http: none", "", nil, false},
		{"forwarded https from an untrusted client: none", "", map[string]string{"X-Forwarded-Proto": "https"}, false},
		{"forwarded https from a peer that is not the trusted proxy: none", "192.0.2.1", map[string]string{"X-Forwarded-Proto": "https"}, false},
		{"behind a trusted https proxy", "127.0.0.1", map[string]string{"X-Forwarded-Proto": "https"}, true},
		{"behind a trusted http proxy: none", "127.0.0.0/8", map[string]string{"X-Forwarded-Proto": "http"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			proxies, err := forwarded.ParseProxies(tc.trustProxy)
			if err != nil {
				t.Fatal(err)
			}
			h, err := NewHandler(HandlerOptions{Webapp: webapp(), Config: sandboxConfig(t), Proxies: proxies})
			if err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(h)
			t.Cleanup(srv.Close)
			resp, _ := fetch(t, srv, "/", tc.hdr)
			if got := resp.Header.Get("Strict-Transport-Security") != ""; got != tc.want {
				t.Fatalf("HSTS %q, want present=%v", resp.Header.Get("Strict-Transport-Security"), tc.want)
			}
		})
	}
	// Over TLS itself.
	h, err := NewHandler(HandlerOptions{Webapp: webapp(), Config: sandboxConfig(t)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewTLSServer(h)
	t.Cleanup(srv.Close)
	resp, err := srv.Client().Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("Strict-Transport-Security") != hsts {
		t.Fatalf("HSTS over TLS: %q", resp.Header.Get("Strict-Transport-Security"))
	}
}

// TestHealthzReportsDegradedSandboxStore: when the sandbox's state file fails writes,
// /healthz answers 503 "degraded" with the reason (and "ok" again once Health is nil).
func TestHealthzReportsDegradedSandboxStore(t *testing.T) {
	var mu sync.Mutex
	var failing error
	h, err := NewHandler(HandlerOptions{Webapp: webapp(), Config: sandboxConfig(t), Health: func() error {
		mu.Lock()
		defer mu.Unlock()
		return failing
	}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	tests := []struct {
		name   string
		health error
		status int
		body   string
	}{
		{"store writes", nil, http.StatusOK, `{"status":"ok"}`},
		{"store fails writes", errors.New("the sandbox state file could not be written: no space left on device"), http.StatusServiceUnavailable, `"status":"degraded"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mu.Lock()
			failing = tt.health
			mu.Unlock()
			resp, body := fetch(t, srv, "/healthz", nil)
			if resp.StatusCode != tt.status || !strings.Contains(string(body), tt.body) || resp.Header.Get("Cache-Control") != "no-store" {
				t.Fatalf("%d %s", resp.StatusCode, body)
			}
			if tt.health != nil && !strings.Contains(string(body), "no space left on device") {
				t.Fatalf("the reason is missing: %s", body)
			}
		})
	}
}
