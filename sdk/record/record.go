// Package record turns real traffic into HAR fixtures: Recorder is an http.RoundTripper
// that passes every request on and keeps a redacted copy of the exchange, ready to be
// written as fixtures/<service>/<call>/<scenario>.har.json (docs/contract.md).
//
// Redaction happens when the exchange is recorded, so no secret is ever held in the
// recording: Authorization and cookies, passwords, client secrets, access and refresh
// tokens, one-time codes and passwords, and captcha tokens, in headers, query strings,
// form bodies and JSON bodies (requests and answers alike).
package record

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/cedarsim/esim/contract/har"
	"github.com/cedarsim/esim/sdk"
)

// Redacted replaces every secret value.
const Redacted = "REDACTED"

// maxBody bounds what is kept of one body; larger bodies are passed on untouched but
// recorded as truncated.
const maxBody = 16 << 20

// Options configure a Recorder.
type Options struct {
	// Live are the bases being talked to; they decide each entry's _service. Required.
	Live har.Bases
	// Fixture, when set, rewrites each recorded URL from its live base to this base (the
	// *.provider.test hosts of the committed fixtures).
	Fixture *har.Bases
	// Creator names the tool in log.creator; default "esim-record".
	Creator string
}

// Recorder records exchanges. It is safe for concurrent use.
type Recorder struct {
	next http.RoundTripper
	opts Options

	mu      sync.Mutex
	entries []har.Entry
}

// New returns a Recorder sending requests through next (http.DefaultTransport if nil).
func New(next http.RoundTripper, opts Options) *Recorder {
	if next == nil {
		next = http.DefaultTransport
	}
	if opts.Creator == "" {
		opts.Creator = "esim-record"
	}
	return &Recorder{next: next, opts: opts}
}

// RoundTrip sends the request and records the redacted exchange. A request under none of
// the live bases is sent but not recorded.
func (r *Recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	reqBody, err := peekRequestBody(req)
	if err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	resp, err := r.next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	respBody, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	rest := resp.Body
	// The caller still reads the whole answer: what was read, then the rest.
	resp.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(respBody), rest), rest}
	if err != nil {
		return resp, nil // not recorded; the caller sees the read error itself
	}
	key, kerr := har.MatchKey(r.opts.Live, req.Method, req.URL, reqBody)
	if kerr != nil {
		return resp, nil
	}
	e := har.Entry{
		Call:     firstNonEmpty(sdk.CallName(req.Context()), key.Service+" "+key.Method+" "+key.Path),
		Service:  key.Service,
		Request:  r.request(req, key.Service, reqBody),
		Response: response(resp, respBody),
	}
	r.mu.Lock()
	r.entries = append(r.entries, e)
	r.mu.Unlock()
	return resp, nil
}

// peekRequestBody reads the body without consuming it for the transport.
func peekRequestBody(req *http.Request) ([]byte, error) {
	if req.Body == nil || req.Body == http.NoBody {
		return nil, nil
	}
	if req.GetBody != nil {
		rc, err := req.GetBody()
		if err != nil {
			return nil, fmt.Errorf("copy request body: %w", err)
		}
		defer rc.Close()
		return io.ReadAll(io.LimitReader(rc, maxBody))
	}
	b, err := io.ReadAll(req.Body)
	if err != nil {
		return nil, fmt.Errorf("read request body: %w", err)
	}
	_ = req.Body.Close()
	req.Body = io.NopCloser(bytes.NewReader(b))
	return b, nil
}

func (r *Recorder) request(req *http.Request, service string, body []byte) har.Request {
	u := *req.URL
	u.User = nil
	q := u.Query()
	redactValues(q)
	u.RawQuery = q.Encode()
	out := har.Request{
		Method:      req.Method,
		URL:         r.rewrite(service, u.String()),
		HTTPVersion: "HTTP/1.1",
		Headers:     headers(req.Header, "Authorization", "Cookie", "Proxy-Authorization"),
		QueryString: nvs(q),
	}
	if out.Headers == nil {
		out.Headers = []har.NV{}
	}
	if len(body) > 0 || req.Method == http.MethodPost {
		ct := req.Header.Get("Content-Type")
		out.PostData = &har.PostData{MimeType: ct, Text: redactBody(ct, body)}
	}
	return out
}

func response(resp *http.Response, body []byte) har.Response {
	ct := resp.Header.Get("Content-Type")
	return har.Response{
		Status:      resp.StatusCode,
		StatusText:  http.StatusText(resp.StatusCode),
		HTTPVersion: "HTTP/1.1",
		Headers:     headers(resp.Header, "Set-Cookie", "WWW-Authenticate"),
		Content:     har.Content{MimeType: ct, Text: redactBody(ct, body)},
	}
}

// rewrite moves a live URL under the fixture base of the same service.
func (r *Recorder) rewrite(service, u string) string {
	if r.opts.Fixture == nil {
		return u
	}
	from, to := baseOf(r.opts.Live, service), baseOf(*r.opts.Fixture, service)
	if from != "" && to != "" && strings.HasPrefix(u, from) {
		return to + u[len(from):]
	}
	return u
}

func baseOf(b har.Bases, service string) string {
	switch service {
	case har.ServiceAPI:
		return b.API
	case har.ServiceSupport:
		return b.Support
	case har.ServiceESIMCheck:
		return b.ESIMCheck
	case har.ServiceLogs:
		return b.Logs
	}
	return ""
}

// headers copies h, sorted by name, with the named headers' values redacted (keeping an
// Authorization scheme, which the contract tests assert).
func headers(h http.Header, secret ...string) []har.NV {
	names := make([]string, 0, len(h))
	for n := range h {
		names = append(names, n)
	}
	sort.Strings(names)
	out := []har.NV{}
	for _, n := range names {
		for _, v := range h[n] {
			for _, s := range secret {
				if strings.EqualFold(n, s) {
					v = redactHeader(v)
				}
			}
			out = append(out, har.NV{Name: n, Value: v})
		}
	}
	return out
}

func redactHeader(v string) string {
	if scheme, _, ok := strings.Cut(v, " "); ok && (strings.EqualFold(scheme, "Bearer") || strings.EqualFold(scheme, "Basic")) {
		return scheme + " " + Redacted
	}
	return Redacted
}

func nvs(q url.Values) []har.NV {
	names := make([]string, 0, len(q))
	for n := range q {
		names = append(names, n)
	}
	sort.Strings(names)
	out := []har.NV{}
	for _, n := range names {
		for _, v := range q[n] {
			out = append(out, har.NV{Name: n, Value: v})
		}
	}
	return out
}

// Entries returns a copy of what was recorded so far, in order.
func (r *Recorder) Entries() []har.Entry {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]har.Entry(nil), r.entries...)
}

// Reset forgets what was recorded (between scenarios).
func (r *Recorder) Reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.entries = nil
}

// File makes one fixture of everything recorded, for a scenario of call.
func (r *Recorder) File(call, scenario, description string) (*har.File, error) {
	es := r.Entries()
	if len(es) == 0 {
		return nil, errors.New("record: nothing recorded")
	}
	f := &har.File{Log: har.Log{
		Version: har.Version, Creator: har.Creator{Name: r.opts.Creator, Version: "1"},
		Call: call, Scenario: scenario, Description: description, Entries: es,
	}}
	if err := f.Validate(); err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	return f, nil
}

// WriteFile writes File(call, scenario, description) to
// dir/<service of the first entry>/<call>/<scenario>.har.json and returns the path.
func (r *Recorder) WriteFile(dir, call, scenario, description string) (string, error) {
	f, err := r.File(call, scenario, description)
	if err != nil {
		return "", err
	}
	for _, part := range []string{call, scenario} {
		if part == "" || part == "." || part == ".." || strings.ContainsAny(part, `/\`) {
			return "", fmt.Errorf("record: %q cannot be a file name", part)
		}
	}
	b, err := har.Marshal(f)
	if err != nil {
		return "", fmt.Errorf("record: %w", err)
	}
	path := filepath.Join(dir, f.Log.Entries[0].Service, call, scenario+".har.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", fmt.Errorf("record: %w", err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return "", fmt.Errorf("record: %w", err)
	}
	return path, nil
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}
