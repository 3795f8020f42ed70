package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/contract/har"
)

// ProxyOptions configure a Proxy. Give Upstream (a server laid out like the sandbox), or
// Upstreams (the service URLs of a real provider).
type ProxyOptions struct {
	// Upstream is the origin of a server laid out like the sandbox (esim sandbox, esim
	// serve): the services at the same paths, and everything else (the shop, the hosted
	// checkout, the mailbox) passed through. Its origin in answers is the proxy's own to the
	// client, and FixtureShopOrigin in the recording.
	Upstream string
	// Upstreams are a provider's service URLs (API, Support, ESIMCheck; Logs optional).
	Upstreams har.Bases
	// Fixture are the bases recorded URLs are rewritten onto (the fixture hosts).
	Fixture har.Bases
	// Local are the proxy's own bases (the same-origin paths of the sandbox).
	Local har.Bases
	Store *Store
	// Redact and Name are the Recorder's (Options).
	Redact RedactOptions
	Name   func(req *http.Request, fixtureURL string) string
	// Transport sends the requests upstream (default http.DefaultTransport).
	Transport http.RoundTripper
	Logger    *slog.Logger
}

// Proxy is the recording server of `esim record`: every request to a service base is sent
// upstream, answered to the client, and its redacted exchange handed to the Store. An
// upstream that does not answer gets the client a 502 problem+json and records nothing.
type Proxy struct {
	o        ProxyOptions
	rec      *Recorder
	live     har.Bases
	origin   string // the upstream's origin, in upstream mode
	pass     http.Handler
	services []route
}

type route struct{ service, local, upstream string }

// maxRecordedBody bounds a body the proxy buffers; a larger request gets 413.
const maxRecordedBody = maxBody

// NewProxy checks the options and builds the proxy.
func NewProxy(o ProxyOptions) (*Proxy, error) {
	if o.Store == nil {
		return nil, errors.New("record: a proxy needs a store")
	}
	if o.Transport == nil {
		o.Transport = http.DefaultTransport
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	p := &Proxy{o: o}
	switch {
	case o.Upstream != "" && o.Upstreams != (har.Bases{}):
		return nil, errors.New("record: give an upstream origin or the provider's service URLs, not both")
	case o.Upstream != "":
		u, err := url.Parse(o.Upstream)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("record: upstream %q must be an http(s) origin such as http://127.0.0.1:9090", o.Upstream)
		}
		p.origin = u.Scheme + "://" + u.Host
		l := o.Local
		p.live = har.Bases{API: p.origin + l.API, Support: p.origin + l.Support, ESIMCheck: p.origin + l.ESIMCheck,
			Logs: p.origin + l.Logs, Checkout: p.origin + l.Checkout}
		target, _ := url.Parse(p.origin) // checked above
		p.pass = &httputil.ReverseProxy{
			Rewrite: func(pr *httputil.ProxyRequest) {
				pr.SetURL(target)
				pr.SetXForwarded()
			},
			Transport: o.Transport,
			ModifyResponse: func(resp *http.Response) error {
				// resp.Request went upstream; SetXForwarded kept the client's host and scheme.
				if loc := resp.Header.Get("Location"); strings.HasPrefix(loc, p.origin) {
					fwd := resp.Request.Header
					resp.Header.Set("Location", fwd.Get("X-Forwarded-Proto")+"://"+fwd.Get("X-Forwarded-Host")+strings.TrimPrefix(loc, p.origin))
				}
				return nil
			},
			ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) { p.badGateway(w, r, err) },
		}
	default:
		up := o.Upstreams
		if up.API == "" || up.Support == "" || up.ESIMCheck == "" {
			return nil, errors.New("record: give --upstream, or --api-url, --support-url and --esimcheck-url")
		}
		for _, b := range []string{up.API, up.Support, up.ESIMCheck, up.Logs} {
			if u, err := url.Parse(b); b != "" && (err != nil || !u.IsAbs()) {
				return nil, fmt.Errorf("record: %q must be an absolute URL", b)
			}
		}
		p.live = up
	}
	for _, svc := range har.Services() {
		local, upstream := o.Local.BaseFor(svc), p.live.BaseFor(svc)
		if local != "" && upstream != "" {
			p.services = append(p.services, route{svc, local, upstream})
		}
	}
	p.rec = New(o.Transport, Options{Live: p.live, Fixture: &o.Fixture, Creator: "esim record", Redact: o.Redact, Name: o.Name, Origin: p.origin})
	return p, nil
}

// route finds the service of a local path and the upstream URL of the request.
func (p *Proxy) target(r *http.Request) (string, bool) {
	esc := r.URL.EscapedPath()
	best := -1
	target := ""
	for _, rt := range p.services {
		switch {
		case rt.service == har.ServiceLogs:
			if r.URL.Path != rt.local {
				continue
			}
			if len(rt.local) > best {
				best, target = len(rt.local), rt.upstream
			}
		case strings.HasPrefix(esc, rt.local) && len(rt.local) > best:
			best, target = len(rt.local), rt.upstream+strings.TrimPrefix(esc, rt.local)
		}
	}
	if best < 0 {
		return "", false
	}
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	return target, true
}

// hopByHop are the headers one connection uses and a proxy does not forward.
var hopByHop = []string{"Connection", "Proxy-Connection", "Keep-Alive", "Proxy-Authenticate", "Proxy-Authorization", "Te", "Trailer", "Transfer-Encoding", "Upgrade"}

func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	target, ok := p.target(r)
	if !ok {
		if p.pass != nil {
			p.pass.ServeHTTP(w, r)
			return
		}
		writeProblem(w, http.StatusNotFound, "This recording proxy forwards the provider's services only: "+r.URL.Path+" is under none of their paths.")
		return
	}
	if preflight := allowBrowser(w, r); preflight {
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxRecordedBody+1))
	if err != nil {
		writeProblem(w, http.StatusBadRequest, "The request body could not be read.")
		return
	}
	if len(body) > maxRecordedBody {
		writeProblem(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("A request body over %d bytes is not recorded.", maxRecordedBody))
		return
	}
	out, err := http.NewRequestWithContext(r.Context(), r.Method, target, bytes.NewReader(body))
	if err != nil {
		writeProblem(w, http.StatusBadRequest, "The request cannot be forwarded.")
		return
	}
	out.Header = r.Header.Clone()
	for _, h := range hopByHop {
		out.Header.Del(h)
	}
	// The transport asks for gzip itself and hands back the plain body, which is recorded.
	out.Header.Del("Accept-Encoding")
	if len(body) == 0 && r.Method != http.MethodPost && r.Method != http.MethodPut && r.Method != http.MethodPatch {
		out.Body, out.ContentLength = http.NoBody, 0
	}
	resp, err := p.o.Transport.RoundTrip(out)
	if err != nil {
		p.badGateway(w, r, err)
		return
	}
	defer resp.Body.Close()
	respBody, err := io.ReadAll(io.LimitReader(resp.Body, maxRecordedBody+1))
	if err != nil {
		p.badGateway(w, r, fmt.Errorf("reading the answer: %w", err))
		return
	}
	record := len(respBody) <= maxRecordedBody
	live := respBody
	if p.origin != "" && bytes.Contains(live, []byte(p.origin)) {
		live = bytes.ReplaceAll(live, []byte(p.origin), []byte(clientOrigin(r)))
	}
	for k, vs := range resp.Header {
		if k == "Content-Length" || k == "Content-Encoding" || strings.HasPrefix(k, "Access-Control-") {
			continue
		}
		for _, v := range vs {
			if p.origin != "" && k == "Location" {
				v = strings.ReplaceAll(v, p.origin, clientOrigin(r))
			}
			w.Header().Add(k, v)
		}
	}
	for _, h := range hopByHop {
		w.Header().Del(h)
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(live)))
	w.WriteHeader(resp.StatusCode)
	if r.Method != http.MethodHead {
		_, _ = w.Write(live)
		if !record {
			_, _ = io.Copy(w, resp.Body)
		}
	}
	// The client has its whole answer now; recording it below does not keep it waiting.
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	if !record {
		p.o.Logger.Warn("recording: answer too large, not recorded", "path", redactLog(r.URL.Path))
		return
	}
	status, header := resp.StatusCode, resp.Header.Clone()
	err = p.o.Store.AddFunc(func() (har.Entry, bool) {
		e, ok := p.rec.Entry(out, body, status, header, respBody)
		if ok {
			p.o.Logger.Info("recorded", "call", e.Call, "method", out.Method, "path", redactLog(r.URL.Path), "status", status)
		}
		return e, ok
	})
	if err != nil {
		p.o.Logger.Warn("recording: an exchange after the recording closed", "method", r.Method, "path", redactLog(r.URL.Path))
	}
}

// allowBrowser lets a web shop served from another loopback origin (esim serve --api-url
// http://127.0.0.1:8080/api/v1/ ...) call the proxy: CORS for loopback origins only, the
// proxy being a developer's tool on this machine. It answers a preflight itself (never
// forwarded, never recorded) and reports it.
func allowBrowser(w http.ResponseWriter, r *http.Request) bool {
	origin := r.Header.Get("Origin")
	u, err := url.Parse(origin)
	if origin == "" || err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	if host := u.Hostname(); host != "localhost" && !isLoopback(host) {
		return false
	}
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", origin)
	h.Add("Vary", "Origin")
	if r.Method != http.MethodOptions || r.Header.Get("Access-Control-Request-Method") == "" {
		return false
	}
	h.Set("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, PATCH, DELETE")
	if rh := r.Header.Get("Access-Control-Request-Headers"); rh != "" {
		h.Set("Access-Control-Allow-Headers", rh)
	}
	h.Set("Access-Control-Max-Age", "600")
	w.WriteHeader(http.StatusNoContent)
	return true
}

func isLoopback(host string) bool {
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (p *Proxy) badGateway(w http.ResponseWriter, r *http.Request, err error) {
	p.o.Logger.Warn("recording: the upstream did not answer; nothing recorded", "method", r.Method, "path", redactLog(r.URL.Path), "err", err)
	writeProblem(w, http.StatusBadGateway, "The upstream server did not answer, so nothing was recorded: "+err.Error())
}

// clientOrigin is scheme://host as the client addressed the proxy.
func clientOrigin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

var logEmailRE = regexp.MustCompile(`[^/@]+@[^/]+`)

// redactLog keeps e-mail addresses out of log lines.
func redactLog(path string) string { return logEmailRE.ReplaceAllString(path, "[email]") }

func writeProblem(w http.ResponseWriter, status int, detail string) {
	b, _ := json.Marshal(map[string]any{ // strings and an int always marshal
		"type": contract.ProblemType(status), "title": http.StatusText(status), "status": status, "detail": detail,
	})
	w.Header().Set("Content-Type", contract.ProblemContentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	_, _ = w.Write(b)
}
