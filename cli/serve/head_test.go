package serve

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"github.com/cedarsim/esim/sdk/forwarded"
)

// builtIndex is the shape of webapp/index.html after a build: static defaults.
const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>CedarSIM - The number one eSIM service in Lebanon</title>
    <meta name="description" content="Buy prepaid travel eSIM data plans &amp; more." />
    <meta name="keywords" content="eSIM, Turkey eSIM" />
    <meta property="og:type" content="website" />
    <meta property="og:title" content="CedarSIM - The number one eSIM service in Lebanon" />
    <meta property="og:description" content="Buy prepaid travel eSIM data plans &amp; more." />
    <meta property="og:url" content="/" />
    <meta property="og:image" content="/og-image.png" />
    <meta name="twitter:card" content="summary_large_image" />
    <meta name="twitter:title" content="CedarSIM - The number one eSIM service in Lebanon" />
    <meta name="twitter:description" content="Buy prepaid travel eSIM data plans &amp; more." />
    <meta name="twitter:image" content="/og-image.png" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`

// metaContent returns the content of every <meta attr="key"> of doc.
func metaContent(t *testing.T, doc, attr, key string) []string {
	t.Helper()
	var out []string
	for _, tag := range metaRe.FindAllString(doc, -1) {
		a := attrsOf(tag)
		if a[attr] == key {
			out = append(out, a["content"])
		}
	}
	return out
}

func titles(doc string) []string { return titleRe.FindAllString(doc, -1) }

var scriptRe = regexp.MustCompile(`(?i)<script\b`)

func TestRenderHead(t *testing.T) {
	tests := []struct {
		name   string
		index  string
		site   SiteConfig
		origin string
		want   map[string]string // "attr key" -> escaped content
		title  string
	}{
		{
			name: "build defaults, made absolute with the origin", index: builtIndex, origin: "https://shop.example",
			want: map[string]string{
				"name description": "Buy prepaid travel eSIM data plans &amp; more.", "name keywords": "eSIM, Turkey eSIM",
				"property og:url": "https://shop.example/", "property og:image": "https://shop.example/og-image.png",
				"name twitter:image": "https://shop.example/og-image.png", "property og:type": "website", "name twitter:card": "summary_large_image",
			},
			title: "<title>CedarSIM - The number one eSIM service in Lebanon</title>",
		},
		{
			name: "configured values replace every tag that carries them", index: builtIndex, origin: "https://shop.example",
			site: SiteConfig{Title: "Zed eSIM", Description: "Data abroad", Keywords: "a, b", Image: "https://cdn.example/p.png"},
			want: map[string]string{
				"name description": "Data abroad", "property og:description": "Data abroad", "name twitter:description": "Data abroad",
				"property og:title": "Zed eSIM", "name twitter:title": "Zed eSIM", "name keywords": "a, b",
				"property og:image": "https://cdn.example/p.png", "name twitter:image": "https://cdn.example/p.png",
			},
			title: "<title>Zed eSIM</title>",
		},
		{
			name: "hostile values are escaped, never markup", index: builtIndex, origin: "https://shop.example",
			site: SiteConfig{
				Title:       `</title><script>alert(1)</script>`,
				Description: `"><script src=//evil.example/x.js></script>`,
				Keywords:    `a' onload='alert(1) & <b>`,
			},
			want: map[string]string{
				"name description":  "&#34;&gt;&lt;script src=//evil.example/x.js&gt;&lt;/script&gt;",
				"property og:title": "&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;",
				"name keywords":     "a&#39; onload=&#39;alert(1) &amp; &lt;b&gt;",
			},
			title: "<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>",
		},
		{
			name: "a javascript: or data: image is refused, the build's stays", index: builtIndex, origin: "https://shop.example",
			site: SiteConfig{Image: "javascript:alert(1)"},
			want: map[string]string{"property og:image": "https://shop.example/og-image.png"},
		},
		{
			name: "a protocol-relative image is refused too", index: builtIndex, origin: "",
			site: SiteConfig{Image: "//evil.example/x.png"},
			want: map[string]string{"property og:image": "/og-image.png", "property og:url": "/"},
		},
		{
			name: "missing tags are added, duplicates dropped", origin: "https://shop.example",
			index: `<html><head><title>a</title><title>b</title><meta name="description" content="one"><meta name="description" content="two"></head><body></body></html>`,
			site:  SiteConfig{Title: "T", Keywords: "k"},
			want:  map[string]string{"name description": "one", "name keywords": "k", "property og:title": "T", "property og:url": "https://shop.example/"},
			title: "<title>T</title>",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := renderHead(tt.index, tt.site, tt.origin)
			if n := len(scriptRe.FindAllString(got, -1)); n != len(scriptRe.FindAllString(tt.index, -1)) {
				t.Fatalf("script tags changed (%d):\n%s", n, got)
			}
			if ts := titles(got); len(ts) != 1 || (tt.title != "" && ts[0] != tt.title) {
				t.Fatalf("titles %q, want one %q", ts, tt.title)
			}
			if d := metaContent(t, got, "name", "description"); len(d) != 1 {
				t.Fatalf("descriptions %q, want one", d)
			}
			for k, want := range tt.want {
				attr, key, _ := strings.Cut(k, " ")
				c := metaContent(t, got, attr, key)
				if len(c) != 1 || c[0] != want {
					t.Errorf("%s = %q, want one %q\n%s", k, c, want, got)
				}
			}
		})
	}
}

// TestPublicOrigin: og:url takes --site-url, else the host the client addressed when it is
// an allowed host, with https only over TLS or from a trusted proxy; any other Host (a
// DNS-rebinding name, a hostile header) is never reflected.
func TestPublicOrigin(t *testing.T) {
	proxies, err := forwarded.ParseProxies("10.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	hosts, err := forwarded.ParseHosts("shop.example,localhost,[::1]")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, host, remote, site string
		hdr                      map[string]string
		want                     string
	}{
		{name: "allowed host", host: "shop.example:8080", want: "http://shop.example:8080"},
		{name: "ipv6 literal", host: "[::1]:8080", want: "http://[::1]:8080"},
		{name: "a rebinding name is not reflected", host: "rebind.attacker.example:8080", want: ""},
		{name: "hostile host is not reflected", host: `evil.example"><script>`, want: ""},
		{name: "host with a path", host: "evil.example/x", want: ""},
		{name: "--site-url wins", host: "rebind.attacker.example", site: "https://zed.example", want: "https://zed.example"},
		{name: "trusted https proxy", host: "shop.example", remote: "10.0.0.1:1", hdr: map[string]string{"X-Forwarded-Proto": "https"}, want: "https://shop.example"},
		{name: "untrusted forwarded proto", host: "shop.example", hdr: map[string]string{"X-Forwarded-Proto": "https"}, want: "http://shop.example"},
		{name: "trusted proxy's forwarded host", host: "upstream", remote: "10.0.0.1:1", hdr: map[string]string{"X-Forwarded-Host": "shop.example"}, want: "http://shop.example"},
		{name: "untrusted forwarded host", host: "shop.example", hdr: map[string]string{"X-Forwarded-Host": "rebind.attacker.example"}, want: "http://shop.example"},
		{name: "trusted proxy forwarding a host not allowed", host: "shop.example", remote: "10.0.0.1:1", hdr: map[string]string{"X-Forwarded-Host": "rebind.attacker.example"}, want: ""},
	}
	request := func(host, remote string, hdr map[string]string) *http.Request {
		r := httptest.NewRequest("GET", "/", nil)
		r.Host = host
		if remote != "" {
			r.RemoteAddr = remote
		}
		for k, v := range hdr {
			r.Header.Set(k, v)
		}
		return r
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fr := front{proxies: proxies, hosts: hosts, site: tt.site}
			if got := fr.publicOrigin(request(tt.host, tt.remote, tt.hdr)); got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
	// One front remembering its last answer (as NewHandler's) answers each in turn, twice
	// over: a new host or scheme is never given the one before's origin.
	shared := front{proxies: proxies, hosts: hosts, seen: new(atomic.Pointer[seenOrigin])}
	for round := range 2 {
		for _, tt := range tests {
			if tt.site != "" {
				continue
			}
			if got := shared.publicOrigin(request(tt.host, tt.remote, tt.hdr)); got != tt.want {
				t.Fatalf("round %d, %s: got %q, want %q", round, tt.name, got, tt.want)
			}
		}
	}
}

// TestServedIndexCarriesSiteConfig: the configuration reaches the HTML the server sends
// on every app route, and --site-url wins over the request's host.
func TestServedIndexCarriesSiteConfig(t *testing.T) {
	cfg := sandboxConfig(t)
	cfg.Site = SiteConfig{Title: `Zed & Co "eSIM"`, URL: "https://zed.example"}
	fsys := fstest.MapFS{"index.html": {Data: []byte(builtIndex)}}
	h, err := NewHandler(HandlerOptions{Webapp: fsys, Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	for _, p := range []string{"/", "/plans", "/topup-plans/TR/8996/acc/0"} {
		resp, body := fetch(t, srv, p, nil)
		doc := string(body)
		if resp.StatusCode != 200 || !strings.Contains(doc, "<title>Zed &amp; Co &#34;eSIM&#34;</title>") {
			t.Fatalf("%s: %d\n%s", p, resp.StatusCode, doc)
		}
		if u := metaContent(t, doc, "property", "og:url"); len(u) != 1 || u[0] != "https://zed.example/" {
			t.Fatalf("%s: og:url %q", p, u)
		}
		if c := resp.Header.Get("Content-Security-Policy"); !strings.Contains(c, "script-src 'self'") || strings.Contains(c, "unsafe-inline' ;") {
			t.Fatalf("CSP %q", c)
		}
	}
}

func TestSiteFlags(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		want    SiteConfig
		wantErr string
	}{
		{name: "flags", args: []string{"--site-title", "T", "--site-description", "D", "--site-keywords", "K", "--site-image", "/i.png", "--site-url", "https://s.example/x"},
			want: SiteConfig{Title: "T", Description: "D", Keywords: "K", Image: "/i.png", URL: "https://s.example"}},
		{name: "environment", env: map[string]string{"ESIM_SITE_TITLE": "ET", "ESIM_SITE_URL": "http://e.example"}, want: SiteConfig{Title: "ET", URL: "http://e.example"}},
		{name: "relative site url", args: []string{"--site-url", "shop.example"}, wantErr: "absolute URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseServe(tt.env, tt.args...)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Config.Site != tt.want {
				t.Fatalf("%+v, want %+v", got.Config.Site, tt.want)
			}
		})
	}
}

// TestLogPushDefault: the sandbox turns the shop's log push on (its /loki/api/v1/push takes
// the /loki page's logs); --log-push=false or ESIM_LOG_PUSH=false turns it off; upstream it
// stays off unless asked for.
func TestLogPushDefault(t *testing.T) {
	upstream := map[string]string{"ESIM_API_URL": "https://a.example/api/v1/", "ESIM_SUPPORT_URL": "https://s.example/", "ESIM_ESIMCHECK_URL": "https://c.example/",
		"ESIM_CLIENT_ID": "c", "ESIM_CLIENT_SECRET": "s", "ESIM_GUEST_USERNAME": "g", "ESIM_GUEST_PASSWORD": "p", "ESIM_CHECKOUT_HOSTS": "pay.example.com"}
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		want    bool
		wantErr string
	}{
		{name: "sandbox default: on", want: true},
		{name: "sandbox, --log-push=false", args: []string{"--log-push=false"}, want: false},
		{name: "sandbox, ESIM_LOG_PUSH=false", env: map[string]string{"ESIM_LOG_PUSH": "false"}, want: false},
		{name: "flag wins over the environment", args: []string{"--log-push"}, env: map[string]string{"ESIM_LOG_PUSH": "false"}, want: true},
		{name: "upstream default: off", env: upstream, want: false},
		{name: "upstream, --log-push", args: []string{"--log-push", "--log-push-url", "https://logs.example/loki/api/v1/push"}, env: upstream, want: true},
		{name: "bad environment value", env: map[string]string{"ESIM_LOG_PUSH": "maybe"}, wantErr: "ESIM_LOG_PUSH"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseServe(tt.env, tt.args...)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Config.LogPushEnabled != tt.want {
				t.Fatalf("logPushEnabled %v, want %v", got.Config.LogPushEnabled, tt.want)
			}
		})
	}
}

// TestRenderHeadOnTheRealIndex runs the build's index.html (webapp/index.html, whose head
// Vite keeps as written) through renderHead: every tag a previewer reads is there once.
func TestRenderHeadOnTheRealIndex(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "webapp", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	got := renderHead(string(b), SiteConfig{Description: "Custom <description>"}, "https://shop.example")
	if ts := titles(got); len(ts) != 1 || !strings.Contains(ts[0], "number one eSIM service in Lebanon") {
		t.Fatalf("titles %q", ts)
	}
	for _, k := range []struct{ attr, key string }{
		{"name", "description"}, {"name", "keywords"}, {"property", "og:title"}, {"property", "og:description"}, {"property", "og:type"},
		{"property", "og:url"}, {"property", "og:image"}, {"name", "twitter:card"}, {"name", "twitter:title"}, {"name", "twitter:description"}, {"name", "twitter:image"},
	} {
		c := metaContent(t, got, k.attr, k.key)
		if len(c) != 1 || c[0] == "" {
			t.Errorf("%s=%s: %q", k.attr, k.key, c)
		}
	}
	if c := metaContent(t, got, "property", "og:image"); c[0] != "https://shop.example/og-image.png" {
		t.Errorf("og:image %q", c)
	}
	if c := metaContent(t, got, "name", "description"); c[0] != "Custom &lt;description&gt;" {
		t.Errorf("description %q", c)
	}
}
