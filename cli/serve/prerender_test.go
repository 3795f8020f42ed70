package serve

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// The marks a build renders in place of the configuration (webapp/src/app/prerender.tsx).
const (
	markBrand = "\uE000brand\uE001"
	markEmail = "\uE000supportEmail\uE001"
	markLive  = "\uE000liveChatUrl\uE001"
	markFlags = "\uE000flagBaseUrl\uE001"
	markPhone = "+99990000001"
	markWA    = "99990000002"
)

const testManifest = `{
  "locales": ["en", "ar", "fr"],
  "cookie": "locale",
  "slots": {"brand": "` + markBrand + `", "supportEmail": "` + markEmail + `", "liveChatUrl": "` + markLive + `",
    "flagBaseUrl": "` + markFlags + `", "supportPhone": "` + markPhone + `", "whatsapp": "` + markWA + `"},
  "flags": {"tr": "/assets/tr-1a2b.svg"},
  "routes": [
    {"path": "/", "file": "index.html", "firstRenderParams": [], "head": {"en": [], "ar": ["title", "description"], "fr": ["title", "description"]}},
    {"path": "/plans", "file": "plans.html", "firstRenderParams": ["country", "region"], "head": {"en": ["title"], "ar": ["title"], "fr": ["title"]}},
    {"path": "/setup-guide", "file": "setup-guide.html", "firstRenderParams": [], "devicePages": {"android": "/setup-guide/android"}, "head": {}},
    {"path": "/setup-guide/android", "file": "setup-guide/android.html", "firstRenderParams": [], "head": {}}
  ]
}`

// prerenderedPage is a page as the build writes it: the marks where the configuration goes,
// elements of optional fields marked data-config-if.
func prerenderedPage(locale, title, heading string) string {
	return `<!doctype html><html lang="` + locale + `"><head><title>` + title + `</title>` +
		`<meta name="description" content="` + heading + ` description" />` +
		`<meta property="og:title" content="CedarSIM - build" /></head><body><div id="root">` +
		`<header><span>` + markBrand + `</span><ul><li><a href="https://www.facebook.com/">f</a></li>` +
		`<li data-config-if="whatsapp"><a href="https://wa.me/` + markWA + `"><svg><path d="M1 1"/></svg></a></li></ul></header>` +
		`<h1>` + heading + `</h1><p><a href="tel:` + markPhone + `" dir="ltr">` + markPhone + `</a> <a href="mailto:` + markEmail + `">` + markEmail + `</a></p>` +
		`<img src="` + markFlags + `tr.svg" alt=""/>` +
		`<dl><div><dt>Phone</dt></div><div data-config-if="liveChatUrl"><dt>Chat</dt><dd><a href="` + markLive + `">Chat now<br/></a></dd></div></dl>` +
		`<footer>© 2026 ` + markBrand + `.</footer></div></body></html>`
}

func prerenderedBuild() fstest.MapFS {
	fsys := webapp()
	fsys["prerender/manifest.json"] = &fstest.MapFile{Data: []byte(testManifest)}
	headings := map[string][2]string{"en": {"Stay connected", "Connection Beyond Borders"}, "ar": {"ابقَ متصلاً", "اتصال بلا حدود"}, "fr": {"Restez connecté", "La connexion sans frontières"}}
	for l, h := range headings {
		fsys["prerender/"+l+"/index.html"] = &fstest.MapFile{Data: []byte(prerenderedPage(l, markBrand+" - "+l+" home", h[0]))}
		fsys["prerender/"+l+"/plans.html"] = &fstest.MapFile{Data: []byte(prerenderedPage(l, "Plans - "+markBrand, h[1]))}
		fsys["prerender/"+l+"/setup-guide.html"] = &fstest.MapFile{Data: []byte(prerenderedPage(l, "Guide", "iOS tab"))}
		fsys["prerender/"+l+"/setup-guide/android.html"] = &fstest.MapFile{Data: []byte(prerenderedPage(l, "Guide", "Android tab"))}
	}
	return fsys
}

func prerenderServer(t *testing.T, cfg RuntimeConfig) *httptest.Server {
	t.Helper()
	h, err := NewHandler(HandlerOptions{Webapp: prerenderedBuild(), Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func TestFillSlots(t *testing.T) {
	base := RuntimeConfig{Brand: `Cedar & Sons <SIM>`, SupportPhone: "+961 1 555 010", SupportEmail: "help@cedar.example"}
	tests := []struct {
		name      string
		cfg       func(RuntimeConfig) RuntimeConfig
		want      []string
		wantNot   []string
		wantError string
	}{
		{
			name: "values escaped as React renders them, optional parts removed, the build's flag",
			cfg:  func(c RuntimeConfig) RuntimeConfig { return c },
			want: []string{`<span>Cedar &amp; Sons &lt;SIM&gt;</span>`, `href="tel:+9611555010"`, `>+961 1 555 010</a>`, `href="mailto:help@cedar.example">help@cedar.example<`,
				`<img src="/assets/tr-1a2b.svg"`, `<li><a href="https://www.facebook.com/">f</a></li></ul>`, `<dl><div><dt>Phone</dt></div></dl>`, `© 2026 Cedar &amp; Sons &lt;SIM&gt;.`},
			wantNot: []string{"wa.me", "Chat now", "data-config-if", "\uE000", markPhone},
		},
		{
			name: "optional parts kept and filled; a flag service",
			cfg: func(c RuntimeConfig) RuntimeConfig {
				c.WhatsApp, c.LiveChatURL, c.FlagBaseURL = "96171555010", "https://chat.example/?a=1&b=2", "https://flags.example/w40/"
				return c
			},
			want: []string{`<li data-config-if="whatsapp"><a href="https://wa.me/96171555010">`, `<a href="https://chat.example/?a=1&amp;b=2">Chat now<br/></a>`,
				`<img src="https://flags.example/w40/tr.svg"`},
			wantNot: []string{"\uE000", markWA},
		},
	}
	var m prerenderManifest
	loaded, _, _, err := loadPrerendered(prerenderedBuild(), base)
	if err != nil || loaded == nil {
		t.Fatalf("load: %v", err)
	}
	m.Slots = prerenderSlots{Brand: markBrand, SupportEmail: markEmail, LiveChatURL: markLive, FlagBaseURL: markFlags, SupportPhone: markPhone, WhatsApp: markWA}
	m.Flags = map[string]string{"tr": "/assets/tr-1a2b.svg"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := fillSlots(prerenderedPage("en", "t", "h"), tt.cfg(base), &m)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q in\n%s", w, got)
				}
			}
			for _, w := range tt.wantNot {
				if strings.Contains(got, w) {
					t.Errorf("still has %q in\n%s", w, got)
				}
			}
		})
	}
}

// A mark the server does not know how to fill (a value used in another form) makes the
// page unusable: it would not hydrate. The route then gets the app shell, with a warning.
func TestUnfillablePageFallsBackToTheShell(t *testing.T) {
	fsys := prerenderedBuild()
	fsys["prerender/ar/plans.html"] = &fstest.MapFile{Data: []byte(`<html lang="ar"><body><div id="root"><a href="sms:99990000002">x</a></div></body></html>`)}
	var logs bytes.Buffer
	h, err := NewHandler(HandlerOptions{Webapp: fsys, Config: sandboxConfig(t), Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	for _, lang := range []string{"en", "ar"} {
		_, body := fetch(t, srv, "/plans?lang="+lang, nil)
		if !strings.Contains(string(body), `<div id="root"></div>`) {
			t.Errorf("/plans?lang=%s: not the shell: %.120s", lang, body)
		}
	}
	if _, body := fetch(t, srv, "/?lang=ar", nil); !strings.Contains(string(body), "ابقَ متصلاً") {
		t.Errorf("/ still prerendered: %.200s", body)
	}
	if !strings.Contains(logs.String(), "/plans (ar) is served as the app shell") {
		t.Errorf("no warning: %s", logs.String())
	}
}

func TestRemoveMarked(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"nested elements of the same name", `<div><div data-config-if="whatsapp"><div>a</div><div>b</div></div><div>keep</div></div>`, `<div><div>keep</div></div>`},
		{"void and self-closing elements inside", `<ul><li data-config-if="whatsapp"><img src="x"><br/><svg><path d="M0"/></svg></li><li>k</li></ul>`, `<ul><li>k</li></ul>`},
		{"another field's mark stays", `<p data-config-if="liveChatUrl">c</p><p data-config-if="whatsapp">w</p>`, `<p data-config-if="liveChatUrl">c</p>`},
		{"a marked void element", `<p>a<img data-config-if="whatsapp" src="y">b</p>`, `<p>ab</p>`},
		{"comments and text untouched", `<!--$--><p>x &amp; y</p><!--/$-->`, `<!--$--><p>x &amp; y</p><!--/$-->`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := removeMarked(tt.in, "whatsapp")
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Fatalf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
	if _, err := removeMarked(`<div data-config-if="whatsapp"><p>never closed`, "whatsapp"); err == nil {
		t.Fatal("an unclosed marked element passed")
	}
}

// The page's language: ?lang=, then the remembered choice (cookie), then Accept-Language, as
// the web app chooses (src/shared/i18n/locales.ts).
func TestPrerenderedLocale(t *testing.T) {
	srv := prerenderServer(t, sandboxConfig(t))
	tests := []struct {
		name, path, cookie, acceptLanguage, want string
	}{
		{"nothing: English", "/", "", "", "en"},
		{"Accept-Language", "/", "", "ar-LB,ar;q=0.9,en;q=0.8", "ar"},
		{"Accept-Language by quality", "/", "", "de, fr-CA;q=0.8, ar;q=0.9", "ar"},
		{"Accept-Language refusal", "/", "", "ar;q=0, fr;q=0.5", "fr"},
		{"nothing spoken: English", "/", "", "de-DE, ja", "en"},
		{"the cookie over Accept-Language", "/", "fr", "ar", "fr"},
		{"an unknown cookie is skipped", "/", "klingon", "ar", "ar"},
		{"?lang= over everything", "/?lang=ar", "fr", "fr", "ar"},
		{"?lang= with region and case", "/plans?lang=FR-ca", "", "", "fr"},
		{"an unknown ?lang= is skipped", "/plans?lang=de", "ar", "", "ar"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hdr := map[string]string{"Accept-Language": tt.acceptLanguage}
			if tt.cookie != "" {
				hdr["Cookie"] = "theme=dark; locale=" + tt.cookie
			}
			resp, body := fetch(t, srv, tt.path, hdr)
			if !strings.Contains(string(body), `<html lang="`+tt.want+`"`) {
				t.Fatalf("want %s: %.80s", tt.want, body)
			}
			if v := resp.Header.Get("Vary"); !strings.HasSuffix(v, "Accept-Language, Cookie") {
				t.Errorf("Vary %q lacks what chose the page", v)
			}
		})
	}
}

// The setup guide opens on the visitor's phone's tab: an Android phone gets the page
// prerendered on the Android tab, as its browser renders it (no hydration mismatch).
func TestPrerenderedPageByPhone(t *testing.T) {
	srv := prerenderServer(t, sandboxConfig(t))
	const (
		android = "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36"
		iphone  = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
		desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36"
	)
	tests := []struct {
		name, path, userAgent, want, vary string
	}{
		{"Android phone", "/setup-guide", android, "Android tab", "User-Agent"},
		{"Android in another case", "/setup-guide?lang=ar", "Mozilla/5.0 (Linux; ANDROID 14)", "Android tab", "User-Agent"},
		{"iPhone", "/setup-guide", iphone, "iOS tab", "User-Agent"},
		{"desktop", "/setup-guide", desktop, "iOS tab", "User-Agent"},
		{"no user agent", "/setup-guide", "", "iOS tab", "User-Agent"},
		{"the Android page itself, from an iPhone", "/setup-guide/android", iphone, "Android tab", "User-Agent"},
		{"another page does not vary by phone", "/plans", android, "Connection Beyond Borders", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := fetch(t, srv, tt.path, map[string]string{"User-Agent": tt.userAgent})
			if !strings.Contains(string(body), "<h1>"+tt.want+"</h1>") {
				t.Fatalf("want %q: %.400s", tt.want, body)
			}
			vary := resp.Header.Get("Vary")
			if got := strings.Contains(vary, "User-Agent"); got != (tt.vary != "") {
				t.Errorf("Vary %q: User-Agent listed %v, want %v", vary, got, tt.vary != "")
			}
		})
	}
}

// A phone's page that is not served, or a phone a request cannot tell (iOS: an iPad in
// desktop mode reads as a Mac), is left out with a warning: every visitor gets the route's page.
func TestDevicePagesRefused(t *testing.T) {
	for _, pages := range []string{`{"ios": "/setup-guide/android"}`, `{"android": "/nowhere"}`} {
		fsys := prerenderedBuild()
		m := strings.Replace(testManifest, `{"android": "/setup-guide/android"}`, pages, 1)
		fsys["prerender/manifest.json"] = &fstest.MapFile{Data: []byte(m)}
		p, _, warnings, err := loadPrerendered(fsys, sandboxConfig(t))
		if err != nil {
			t.Fatal(err)
		}
		if len(warnings) != 1 || !strings.Contains(warnings[0], "/setup-guide: no") {
			t.Errorf("%s: warnings %q", pages, warnings)
		}
		if n := len(p.routes["/setup-guide"].DevicePages); n != 0 {
			t.Errorf("%s: %d phone pages kept", pages, n)
		}
	}
}

func TestDeviceOf(t *testing.T) {
	tests := []struct{ userAgent, want string }{
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)", "ios"},
		{"Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X)", "ios"},
		{"Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)", "ios"},
		{"Mozilla/5.0 (Linux; Android 11; SM-G991B)", "android"},
		{"Mozilla/5.0 (Linux; android 9)", "android"},
		// The web app's rule reads iOS first.
		{"Mozilla/5.0 (iPhone; Android emulator)", "ios"},
		{"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)", "other"},
		{"", "other"},
	}
	for _, tt := range tests {
		if got := deviceOf(tt.userAgent); got != tt.want {
			t.Errorf("deviceOf(%q) = %q, want %q", tt.userAgent, got, tt.want)
		}
	}
}

// ?lang= holds for the visit: a link followed before hydration (a full page load without
// ?lang=) keeps the language.
func TestLangKeptForTheVisit(t *testing.T) {
	srv := prerenderServer(t, sandboxConfig(t))
	resp, _ := fetch(t, srv, "/?lang=fr", map[string]string{"Accept-Language": "en"})
	c := resp.Header.Get("Set-Cookie")
	if c != "locale=fr; Path=/; SameSite=Lax" {
		t.Fatalf("Set-Cookie %q", c)
	}
	_, body := fetch(t, srv, "/plans", map[string]string{"Accept-Language": "en", "Cookie": "locale=fr"})
	if !strings.Contains(string(body), `<html lang="fr"`) {
		t.Fatalf("next page not in French: %.60s", body)
	}
	for _, tt := range []struct{ path, cookie string }{{"/?lang=de", ""}, {"/", ""}, {"/?lang=fr", "locale=fr"}} {
		resp, _ := fetch(t, srv, tt.path, map[string]string{"Cookie": tt.cookie})
		if c := resp.Header.Get("Set-Cookie"); c != "" {
			t.Errorf("%s (cookie %q): Set-Cookie %q, want none", tt.path, tt.cookie, c)
		}
	}
}

func TestPrerenderedRoutes(t *testing.T) {
	cfg := sandboxConfig(t)
	cfg.Site.Title = "Operator's Shop"
	srv := prerenderServer(t, cfg)
	tests := []struct {
		name, path string
		want       []string
		shell      bool
	}{
		{"home, the site's title in English", "/", []string{"<h1>Stay connected</h1>", "<title>Operator&#39;s Shop</title>", `name="description" content="Stay connected description"`}, false},
		{"home in Arabic keeps its own title and description", "/?lang=ar", []string{"<title>CedarSIM - ar home</title>", `content="ابقَ متصلاً description"`, `property="og:title" content="Operator&#39;s Shop"`}, false},
		{"a page keeps its own title; previews get the site's", "/plans", []string{"<title>Plans - CedarSIM</title>", `property="og:title" content="Operator&#39;s Shop"`}, false},
		{"a trailing slash", "/plans/", []string{"<h1>Connection Beyond Borders</h1>"}, false},
		{"an empty first-render parameter", "/plans?country=", []string{"<h1>Connection Beyond Borders</h1>"}, false},
		{"a query the first render ignores", "/plans?utm_source=ad&lang=fr", []string{"<h1>La connexion sans frontières</h1>"}, false},
		{"a first-render parameter: the shell", "/plans?country=TR", nil, true},
		{"an unknown route: the shell", "/no/such/page", nil, true},
		{"index.html by name: the shell (the service worker's)", "/index.html", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := fetch(t, srv, tt.path, nil)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d", resp.StatusCode)
			}
			if shell := strings.Contains(string(body), `<div id="root"></div>`); shell != tt.shell {
				t.Fatalf("shell %v, want %v: %.200s", shell, tt.shell, body)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(body), w) {
					t.Errorf("lacks %q: %s", w, body)
				}
			}
		})
	}
	// The build's files are not pages of the site.
	for _, path := range []string{"/prerender/en/plans.html", "/prerender/manifest.json"} {
		if resp, _ := fetch(t, srv, path, nil); resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", path, resp.StatusCode)
		}
	}
}

func TestBuildWithoutPrerenderedPages(t *testing.T) {
	var logs bytes.Buffer
	h, err := NewHandler(HandlerOptions{Webapp: webapp(), Config: sandboxConfig(t), Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	if _, body := fetch(t, srv, "/plans", map[string]string{"Accept-Language": "ar"}); string(body) == "" || !strings.Contains(string(body), `<div id="root"></div>`) {
		t.Fatalf("not the shell: %s", body)
	}
	if !strings.Contains(logs.String(), "no prerendered pages") {
		t.Errorf("no warning: %s", logs.String())
	}
}

func TestTelNumber(t *testing.T) {
	for in, want := range map[string]string{"+961 1 555 010": "+9611555010", "(01) 555-010": "01555010", "": ""} {
		if got := telNumber(in); got != want {
			t.Errorf("telNumber(%q) = %q, want %q", in, got, want)
		}
	}
}
