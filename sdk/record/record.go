// Package record turns real traffic into HAR fixtures: Recorder is an http.RoundTripper
// that passes every request on and keeps a redacted copy of the exchange, ready to be
// written as fixtures/<service>/<call>/<scenario>.har.json (docs/contract.md); Proxy is the
// recording server of `esim record`, and Store writes each exchange to disk as it happens.
//
// Redaction happens when the exchange is recorded, so no secret is ever held in the
// recording: the secret headers and fields of contract/har/rules.json (Authorization and
// cookies, passwords, client secrets, access and refresh tokens, one-time codes and
// passwords, captcha tokens, card numbers) in headers, query strings, form bodies and JSON
// bodies (requests and answers alike); optionally activation codes, and e-mails and phone
// numbers replaced by consistent stand-ins (RedactOptions).
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

	"github.com/cedarsim/esim/contract"
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
	// Redact chooses the optional redactions (secrets are always redacted).
	Redact RedactOptions
	// Name names an exchange's call from the request and its fixture URL (esim record: the
	// OpenAPI operationId). Nil or "": the SDK's call name on the request's context, else
	// "<service> <METHOD> <path>".
	Name func(req *http.Request, fixtureURL string) string
	// Origin is the recorded server's own origin (scheme://host), for a server laid out
	// like the sandbox whose answers link back to it (the hosted checkout): it is written as
	// contract.FixtureShopOrigin, which replay turns into its own origin.
	Origin string
}

// Recorder records exchanges. It is safe for concurrent use.
type Recorder struct {
	next http.RoundTripper
	opts Options
	red  *Redactor

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
	return &Recorder{next: next, opts: opts, red: NewRedactor(opts.Redact)}
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
	if e, ok := r.Entry(req, reqBody, resp.StatusCode, resp.Header, respBody); ok {
		r.mu.Lock()
		r.entries = append(r.entries, e)
		r.mu.Unlock()
	}
	return resp, nil
}

// Entry makes the redacted HAR entry of one exchange; ok is false for a request under none
// of the live bases. The answer's body and Location have the recorded server's origin
// (Options.Origin) written as contract.FixtureShopOrigin.
func (r *Recorder) Entry(req *http.Request, reqBody []byte, status int, header http.Header, respBody []byte) (har.Entry, bool) {
	key, err := har.MatchKey(r.opts.Live, req.Method, req.URL, req.Header.Get("Content-Type"), reqBody)
	if err != nil {
		return har.Entry{}, false
	}
	e := har.Entry{
		Service:  key.Service,
		Request:  r.request(req, key.Service, reqBody),
		Response: r.response(status, header, respBody),
	}
	if r.opts.Name != nil {
		e.Call = r.opts.Name(req, e.Request.URL)
	}
	e.Call = firstNonEmpty(e.Call, sdk.CallName(req.Context()), key.Service+" "+key.Method+" "+key.Path)
	return e, true
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
	r.red.Values(q)
	u.RawQuery = q.Encode()
	u.RawPath = ""
	u.Path = r.red.Text(u.Path)
	out := har.Request{
		Method:      req.Method,
		URL:         r.rewrite(service, u.String()),
		HTTPVersion: "HTTP/1.1",
		Headers:     r.headers(req.Header, ""),
		QueryString: nvs(q),
	}
	if len(body) > 0 || req.Method == http.MethodPost {
		ct := req.Header.Get("Content-Type")
		out.PostData = &har.PostData{MimeType: ct, Text: r.red.Body(ct, body)}
	}
	return out
}

func (r *Recorder) response(status int, header http.Header, body []byte) har.Response {
	ct := header.Get("Content-Type")
	text := r.red.Body(ct, body)
	if r.opts.Origin != "" {
		text = strings.ReplaceAll(text, r.opts.Origin, contract.FixtureShopOrigin)
	}
	return har.Response{
		Status:      status,
		StatusText:  http.StatusText(status),
		HTTPVersion: "HTTP/1.1",
		Headers:     r.headers(header, r.opts.Origin),
		Content:     har.Content{MimeType: ct, Text: text},
	}
}

// rewrite moves a live URL under the fixture base of the same service.
func (r *Recorder) rewrite(service, u string) string {
	if r.opts.Fixture == nil {
		return u
	}
	from, to := r.opts.Live.BaseFor(service), r.opts.Fixture.BaseFor(service)
	if from != "" && to != "" && strings.HasPrefix(u, from) {
		return to + u[len(from):]
	}
	return u
}

// skipHeaders are transport framing, never recorded.
var skipHeaders = map[string]bool{"Content-Length": true, "Content-Encoding": true, "Transfer-Encoding": true, "Connection": true, "Keep-Alive": true}

// headers copies h, sorted by name, redacted; origin (when set) in a Location header is
// written as contract.FixtureShopOrigin.
func (r *Recorder) headers(h http.Header, origin string) []har.NV {
	names := make([]string, 0, len(h))
	for n := range h {
		names = append(names, n)
	}
	sort.Strings(names)
	out := []har.NV{}
	for _, n := range names {
		if skipHeaders[http.CanonicalHeaderKey(n)] {
			continue
		}
		for _, v := range h[n] {
			v = r.red.Header(n, v)
			if origin != "" && strings.EqualFold(n, "Location") {
				v = strings.ReplaceAll(v, origin, contract.FixtureShopOrigin)
			}
			out = append(out, har.NV{Name: n, Value: v})
		}
	}
	return out
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
