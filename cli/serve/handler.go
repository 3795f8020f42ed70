package serve

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"path"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cedarsim/esim/cli/internal/httpserve"
	"github.com/cedarsim/esim/cli/internal/requestlog"
	"github.com/cedarsim/esim/cli/internal/webshop"
	"github.com/cedarsim/esim/sdk/forwarded"
	"github.com/klauspost/compress/gzhttp"
)

// HandlerOptions configure the shop's HTTP handler.
type HandlerOptions struct {
	// Webapp is the built web app (webapp/dist, or the build embedded in the binary); nil
	// serves the page that says how to build the shop (webshop.Placeholder), with 503.
	Webapp  fs.FS
	Config  RuntimeConfig // answered at /config.json
	Sandbox http.Handler  // the emulator on the same origin; nil when upstream URLs are used
	// Health reports what /healthz answers: nil is "ok", an error "degraded" with 503 (the
	// sandbox's state file failing writes). Nil means always ok.
	Health func() error
	Logger *slog.Logger
	// RequestLines, when set, writes the line logged per request (to Logger's writer, in
	// its text format) instead of Logger: the same bytes, at a sixth of the cost.
	RequestLines *requestlog.Text
	// Proxies are the trusted reverse proxies (--trust-proxy): only their forwarding
	// headers count, for the logged client address and for https (HSTS, og:url).
	Proxies forwarded.Proxies
	// Hosts are the host names the shop answers as (--allowed-hosts): og:url takes the
	// request's host only when it is one of them. The zero value allows none.
	Hosts forwarded.Hosts
}

// sandboxPrefixes are the paths the same-origin sandbox answers.
// The log push is "/loki/api/…": a "/loki/" prefix would also take the shop's /loki page.
var sandboxPrefixes = [...]string{"/api/", "/esim-service/", "/esim-check/", "/loki/api/", "/sandbox/"}

// NewHandler serves the web app from memory (static.go: precompressed, strong ETags,
// immutable caching of hashed assets; SPA fallback to index.html), /config.json, /healthz
// and, when given, the sandbox; every answer carries the security headers, and the
// dynamic ones are gzip-compressed when the client accepts it.
func NewHandler(o HandlerOptions) (http.Handler, error) {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	cfg, err := json.Marshal(o.Config)
	if err != nil {
		return nil, fmt.Errorf("serve: encode config: %w", err)
	}
	gz, err := gzhttp.NewWrapper(gzhttp.MinSize(1024))
	if err != nil {
		return nil, fmt.Errorf("serve: gzip: %w", err)
	}
	csp := contentSecurityPolicy(o.Config)
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", gz(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		if o.Health != nil {
			if err := o.Health(); err != nil {
				w.WriteHeader(http.StatusServiceUnavailable)
				_ = json.NewEncoder(w).Encode(map[string]string{"status": "degraded", "detail": err.Error()})
				return
			}
		}
		_, _ = w.Write([]byte(`{"status":"ok"}`))
	})))
	mux.Handle("GET /config.json", gz(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(cfg)
	})))
	fr := front{proxies: o.Proxies, hosts: o.Hosts, site: o.Config.Site.URL, seen: new(atomic.Pointer[seenOrigin])}
	static, err := newSPA(o.Webapp, o.Config, fr, o.Logger)
	if err != nil {
		return nil, err
	}
	// The shop's files are compressed already (static.go); only the sandbox's answers are
	// compressed per request.
	mux.Handle("/", static)
	if o.Sandbox != nil {
		sandbox := gz(o.Sandbox)
		for _, p := range sandboxPrefixes {
			mux.Handle(p, sandbox)
		}
	}
	return frontDoor(o.Logger, o.RequestLines, csp, fr, mux), nil
}

// spa serves files of the build; any other GET path answers index.html so client-side
// routes load the app whatever their last segment (/token/<JWT>, /otp/<e-mail>/<id>,
// /faq/some.item). Only paths that can only be files 404 when missing: anything under a
// folder of the build (/assets/..., /scripts/...) and a name with a static file's
// extension (/favicon.ico, /robots.txt, /missing.js).
type spa struct {
	files staticFiles
	docs  *documents
	pre   *prerendered    // nil: every route gets the app shell
	dirs  map[string]bool // top-level folders of the build
	site  SiteConfig      // the head's metadata (head.go)
	// front gives a request's public origin, for og:url (front.originOf).
	front front
}

func newSPA(fsys fs.FS, cfg RuntimeConfig, fr front, logger *slog.Logger) (*spa, error) {
	site := cfg.Site
	s := &spa{dirs: map[string]bool{"assets": true}, site: site, front: fr}
	if fsys == nil {
		s.files = staticFiles{}
		s.docs = newDocuments(site, map[string]document{"index.html": {html: string(webshop.Placeholder())}}, http.StatusServiceUnavailable)
		return s, nil
	}
	index, err := fs.ReadFile(fsys, "index.html")
	if err != nil {
		return nil, fmt.Errorf("serve: the web app has no index.html (build it with `go tool task web:build`): %w", err)
	}
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("serve: read the web app directory: %w", err)
	}
	for _, e := range entries {
		if e.IsDir() {
			s.dirs[e.Name()] = true
		}
	}
	if s.files, err = loadStatic(fsys); err != nil {
		return nil, err
	}
	docs := map[string]document{"index.html": {html: string(index)}}
	pre, pages, warnings, err := loadPrerendered(fsys, cfg)
	if err != nil {
		return nil, err
	}
	for _, w := range warnings {
		logger.Warn("prerendered pages", "detail", w)
	}
	maps.Copy(docs, pages)
	s.pre = pre
	s.docs = newDocuments(site, docs, http.StatusOK)
	return s, nil
}

// staticExt are the extensions of files a build serves; a missing one is a 404, not the app.
var staticExt = map[string]bool{
	".js": true, ".mjs": true, ".css": true, ".map": true, ".json": true, ".webmanifest": true, ".txt": true,
	".xml": true, ".html": true, ".htm": true, ".ico": true, ".png": true, ".jpg": true, ".jpeg": true,
	".gif": true, ".svg": true, ".webp": true, ".avif": true, ".woff": true, ".woff2": true, ".ttf": true,
	".otf": true, ".wasm": true, ".pdf": true, ".mp4": true, ".webm": true, ".br": true, ".gz": true,
}

// isFilePath reports a path that can only name a file of the build.
func (s *spa) isFilePath(name string) bool {
	first, _, nested := strings.Cut(name, "/")
	if nested && s.dirs[first] {
		return true
	}
	return staticExt[strings.ToLower(path.Ext(name))]
}

func (s *spa) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name != "" && fs.ValidPath(name) {
		if res := s.files[name]; res != nil {
			res.serve(w, r, http.StatusOK)
			return
		}
		// A missing file (a stale asset, a typo) is a 404, not the app. /index.html itself is
		// the app (the service worker precaches it by that name), answered below, no-cache.
		if name != "index.html" && s.isFilePath(name) {
			http.NotFound(w, r)
			return
		}
	}
	origin := s.front.originOf(s.front.clientOf(w, r))
	// A ?lang= choice holds for the visit: a link followed before the page has hydrated is a
	// full page load without ?lang=, which must keep the language (prerender.go).
	s.pre.keepLang(w, r)
	// The page prerendered for this route in the visitor's language, else the app shell.
	doc := s.pre.page(r)
	if doc == "" {
		doc = "index.html"
	}
	s.docs.serve(w, r, doc, origin)
}

// originOf returns scheme://host of an absolute URL, or "" for a relative one.
func originOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// contentSecurityPolicy allows what the shop needs and nothing else: its own origin, the
// provider's origins when upstream, the captcha and tag manager only when configured,
// inline styles (React style attributes), data: images (QR codes) and the flag service;
// the service worker and the manifest from its own origin. Never an inline script.
func contentSecurityPolicy(c RuntimeConfig) string {
	connect := []string{"'self'"}
	for _, u := range []string{c.APIBase, c.SupportBase, c.ESIMCheckBase, c.LogPushURL} {
		if o := originOf(u); o != "" && !contains(connect, o) {
			connect = append(connect, o)
		}
	}
	script := []string{"'self'"}
	frame := []string{"'none'"}
	img := []string{"'self'", "data:", "blob:"}
	if c.CaptchaSiteKey != "" {
		script = append(script, "https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/")
		frame = []string{"https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"}
		connect = append(connect, "https://www.google.com/recaptcha/")
	}
	if c.TagManagerID != "" {
		script = append(script, "https://www.googletagmanager.com")
		img = append(img, "https://www.googletagmanager.com")
		connect = append(connect, "https://www.google-analytics.com", "https://*.google-analytics.com")
	}
	if o := originOf(c.FlagBaseURL); o != "" {
		img = append(img, o)
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src " + strings.Join(script, " "),
		"style-src 'self' 'unsafe-inline'",
		"img-src " + strings.Join(img, " "),
		"font-src 'self' data:",
		"connect-src " + strings.Join(connect, " "),
		"frame-src " + strings.Join(frame, " "),
		// The offline service worker and the web manifest come from this origin only.
		"worker-src 'self'",
		"manifest-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// hsts is the Strict-Transport-Security value sent over https (one year).
const hsts = "max-age=31536000"

// frontDoor is what every request passes: the security headers on its answer, then one
// structured log line. The client is read once (forwarded.Proxies.Client) for both: HSTS
// only where the browser came over https, the logged address the peer's or, behind a
// trusted proxy, the one it forwarded. The query string is left out of the log (it can
// carry tokens, e-mail addresses and ICCIDs) and the path is redacted (redactPath).
func frontDoor(l *slog.Logger, lines *requestlog.Text, csp string, fr front, next http.Handler) http.Handler {
	// The same on every answer: assigned by canonical name, values made once (header()),
	// which keeps per-request allocations off the static files' path (docs/performance.md).
	constant := [...]struct {
		name  string
		value []string
	}{
		{"Content-Security-Policy", header(csp)},
		{"X-Content-Type-Options", header("nosniff")},
		{"X-Frame-Options", header("DENY")},
		{"Referrer-Policy", header("strict-origin-when-cross-origin")},
		{"Permissions-Policy", header("camera=(), microphone=(), geolocation=(), payment=()")},
		{"Cross-Origin-Opener-Policy", header("same-origin")},
	}
	hstsHdr := header(hsts)
	// Recorders are reused: one may not be used once its request is answered.
	recorders := sync.Pool{New: func() any { return new(statusRecorder) }}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		client := fr.proxies.Client(r)
		h := w.Header()
		// Over plain http HSTS would mean nothing (RFC 6797 8.1).
		if client.Scheme == "https" {
			h["Strict-Transport-Security"] = hstsHdr
		}
		for _, c := range constant {
			h[c.name] = c.value
		}
		rec := recorders.Get().(*statusRecorder) //nolint:forcetypeassert // the pool holds only these
		*rec = statusRecorder{ResponseWriter: w, client: client}
		defer func() {
			*rec = statusRecorder{}
			recorders.Put(rec)
		}()
		next.ServeHTTP(rec, r)
		if lines == nil && !l.Enabled(r.Context(), slog.LevelInfo) {
			return
		}
		end := time.Now()
		line := requestlog.Line{Time: end, Method: r.Method, Path: redactPath(r.URL.Path), Status: rec.status,
			Bytes: rec.bytes, DurationMS: end.Sub(start).Milliseconds(), Client: client.Addr.String()}
		// A failed write is the sink's to report (logsink.Sink.Close).
		if lines != nil {
			_ = lines.Log(line)
			return
		}
		// A typed record without a caller's position (the handler has no AddSource): slog's
		// own Info would box each value and walk the stack for it.
		_ = l.Handler().Handle(r.Context(), line.Record())
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
	// client is the request's client as frontDoor read it (front.clientOf).
	client forwarded.Client
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

// WriteStatic passes bytes that never change to a writer that sends them without a copy.
func (s *statusRecorder) WriteStatic(b *httpserve.Blob) (int, error) {
	sw, ok := s.ResponseWriter.(httpserve.StaticWriter)
	if !ok {
		return s.Write(b.Bytes())
	}
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := sw.WriteStatic(b)
	s.bytes += n
	return n, err //nolint:wrapcheck // as Write: the writer's own error
}

// Unwrap lets http.ResponseController (and the sandbox's connection drop) reach the
// underlying writer.
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// secretAfter are path segments whose next segment is a credential: the shop's
// /token/<JWT> landing, the e-mail token check, and the sandbox checkout's order id
// (whoever holds it may pay the order).
var secretAfter = map[string]bool{"token": true, "verify-email-token": true, "checkout": true}

// redactPath keeps tokens, codes, e-mail addresses, order ids and ICCIDs out of the logs:
// the segment after /token/ (and the other secretAfter names), any segment that looks like
// a JWT, any e-mail address (useremails/{email}, send_email/{email}, /otp/{email}/...), any
// GUID ([id]: orders/{id}, accounts/{account}/{order}) and any ICCID ([iccid]).
func redactPath(p string) string {
	var segs []string // split only once a segment is hidden: most paths are logged uncopied
	prev := ""
	for i, rest := 0, p; ; i++ {
		seg, more, found := strings.Cut(rest, "/")
		if shown := redactedSegment(prev, seg); shown != "" && shown != seg {
			if segs == nil {
				segs = strings.Split(p, "/")
			}
			segs[i] = shown
		}
		if !found {
			break
		}
		prev, rest = seg, more
	}
	if segs == nil {
		return p
	}
	return strings.Join(segs, "/")
}

// redactedSegment is what the log shows instead of seg, the segment after prev; "" when
// seg is shown as it is.
func redactedSegment(prev, seg string) string {
	switch {
	case prev != "" && secretAfter[strings.ToLower(prev)] && seg != "":
		return "[redacted]"
	case looksLikeJWT(seg):
		return "[redacted]"
	case strings.Contains(seg, "@") || strings.Contains(strings.ToLower(seg), "%40"):
		return "[email]"
	case looksLikeGUID(seg):
		return "[id]" // order ids (whoever holds one may pay it) and eSIM accounts
	case looksLikeICCID(seg):
		return "[iccid]"
	}
	return ""
}

// looksLikeGUID reports a GUID in its 8-4-4-4-12 hex form.
func looksLikeGUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, c := range s {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if c != '-' {
				return false
			}
		} else if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
			return false
		}
	}
	return true
}

// looksLikeICCID reports an ICCID: 18 to 22 digits.
func looksLikeICCID(s string) bool {
	return len(s) >= 18 && len(s) <= 22 && strings.Trim(s, "0123456789") == ""
}

// looksLikeJWT reports a compact JWS: three dot-separated base64url parts, the first a JSON
// header ("eyJ" is the base64 of `{"`).
func looksLikeJWT(s string) bool {
	return strings.HasPrefix(s, "eyJ") && strings.Count(s, ".") == 2
}
