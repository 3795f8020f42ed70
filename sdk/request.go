package sdk

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// maxResponseBody bounds every answer read into memory; the largest legitimate answer
// (an eSIM list with inline QR PNGs) is far below it.
const maxResponseBody = 8 << 20

// acceptHeader is what the web shop's HTTP client sends (recorded in the fixtures);
// problem+json error bodies are accepted under */*.
const acceptHeader = "application/json, text/plain, */*"

// authMode says how a request is authorised.
type authMode int

const (
	// authPrivate needs a stored session: without one the call fails with ErrNotLoggedIn.
	authPrivate authMode = iota
	// authPublic logs in as guest first when there is no session (as the web shop does).
	authPublic
	// authOptional sends the bearer when there is one and never authenticates.
	authOptional
	// authBasic sends the basic client credential (token grants, orders create).
	authBasic
	// authNone sends no Authorization header (the refresh grant).
	authNone
)

// request is one provider call. Its body is built once, so the idempotency id in it and
// the bytes themselves are the same on every retry.
type request struct {
	call        string // the fixture call name, used in error messages
	method      string
	url         *url.URL
	urlString   string // url.String(), computed once for every attempt
	body        []byte
	contentType string
	auth        authMode
	// guestRetry: on any error, log in as guest and retry once (guestRetryPath).
	guestRetry bool
	// only200: any status but 200 is an *APIError (topup_bundle_selected, spec section 8).
	only200 bool
	// idempotent: a POST whose body carries an idempotency id the server honours, so it
	// may be retried after a hiccup like a GET (see RetryPolicy).
	idempotent bool
}

// bearerExempt is the spec's rule: no bearer on paths containing these substrings.
func bearerExempt(path string) bool {
	return strings.Contains(path, "connect/token") ||
		strings.Contains(path, "catalog/search_bundles") ||
		strings.Contains(path, "catalog/bundle")
}

// effectiveAuth is the credential a request on path carries (contract/vectors/requests.json
// credential): an exempt path goes without a bearer, except for a call that reads customer
// data (authPrivate: the top-up list of an eSIM), which keeps the customer's bearer; the
// server decides who may read it.
func effectiveAuth(path string, auth authMode) authMode {
	if bearerExempt(path) && auth != authBasic && auth != authPrivate {
		return authNone
	}
	return auth
}

// guestRetryPath reports the calls that log in as guest and try once more after any error
// (spec section 7; contract/vectors/requests.json guestRetry).
func guestRetryPath(path string) bool {
	return strings.Contains(path, "users/otp/send_email") || strings.Contains(path, "support/contact-us")
}

// pathf builds a relative path from a format whose %s verbs are path parameters; each is
// escaped with url.PathEscape. Empty parameters and the dot segments are refused so that
// a parameter can never climb out of its base.
func pathf(format string, params ...string) (string, error) {
	esc := make([]any, len(params))
	for i, p := range params {
		if p == "" || p == "." || p == ".." {
			return "", &ValidationError{Field: "path parameter", Value: p, Reason: "must not be empty, \".\" or \"..\""}
		}
		esc[i] = url.PathEscape(p)
	}
	return fmt.Sprintf(format, esc...), nil
}

// endpoint joins an escaped relative path (and a query) to a base ending in "/".
func endpoint(base *url.URL, escapedPath string, q url.Values) (*url.URL, error) {
	u := *base
	u.RawPath = base.EscapedPath() + escapedPath
	p, err := url.PathUnescape(u.RawPath)
	if err != nil {
		return nil, fmt.Errorf("build URL: %w", err)
	}
	u.Path = p
	if u.EscapedPath() != u.RawPath {
		// url.URL only keeps RawPath when it is a valid encoding of Path; re-encode.
		u.RawPath = ""
	}
	u.RawQuery = q.Encode()
	return &u, nil
}

func (c *Client) newRequest(call, method string, base *url.URL, escapedPath string, q url.Values, auth authMode) (*request, error) {
	u, err := endpoint(base, escapedPath, q)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", call, err)
	}
	return &request{call: call, method: method, url: u, urlString: u.String(), auth: effectiveAuth(escapedPath, auth),
		guestRetry: guestRetryPath(escapedPath)}, nil
}

func (r *request) withJSON(v any) (*request, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("%s: encode body: %w", r.call, err)
	}
	r.body, r.contentType = b, "application/json"
	return r, nil
}

// withForm encodes a form body from a wire request type: its JSON names and values (an
// empty value is left out, as the JSON encoding of the type does).
func (r *request) withForm(v any) (*request, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("%s: encode form: %w", r.call, err)
	}
	var fields map[string]any
	if err := json.Unmarshal(b, &fields); err != nil {
		return nil, fmt.Errorf("%s: encode form: %w", r.call, err)
	}
	f := url.Values{}
	for k, v := range fields {
		f.Set(k, fmt.Sprint(v))
	}
	r.body, r.contentType = []byte(f.Encode()), "application/x-www-form-urlencoded"
	return r, nil
}

// budget is how many more times one call may be sent (Client.do).
type budget struct{ left int }

// do runs a request with the session rules of spec sections 4 and 8 and returns the
// answer's body. Every error is wrapped with the call name.
//
// One call is sent at most RetryPolicy.MaxAttempts times in all, whatever the mix of hiccup
// retries, the retry after a 401's re-authentication and the spec's retry after a guest
// login (section 7): they share one budget. A guest-retry path keeps one try of it for the
// spec's retry, so a 503 gives two tries, the guest login, and the last try.
func (c *Client) do(ctx context.Context, r *request) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	b := &budget{left: c.retry.MaxAttempts}
	keep := 0
	if r.guestRetry && b.left > 1 {
		keep = 1
	}
	body, err := c.doAuth(ctx, r, b, keep)
	if err != nil && r.guestRetry && ctx.Err() == nil && b.left > 0 {
		tok, gerr := c.guestReauth(ctx)
		if gerr == nil {
			body, err = c.attempt(ctx, r, tok, b, 0)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.call, err)
	}
	return body, nil
}

func (c *Client) doAuth(ctx context.Context, r *request, b *budget, keep int) ([]byte, error) {
	var tok string
	switch r.auth {
	case authPrivate, authPublic, authOptional:
		s, err := c.store.Load(ctx)
		if err != nil {
			return nil, fmt.Errorf("load session: %w", err)
		}
		tok = s.Token
		if tok == "" {
			switch r.auth {
			case authPrivate:
				return nil, ErrNotLoggedIn
			case authPublic:
				if tok, err = c.ensureSession(ctx); err != nil {
					return nil, err
				}
			}
		}
	}
	body, err := c.attempt(ctx, r, tok, b, keep)
	if err == nil || tok == "" || r.guestRetry || r.auth == authOptional || !IsUnauthorized(err) || b.left <= 0 {
		return body, err
	}
	// One re-authentication shared with every concurrent caller, then one retry. A
	// second 401 is returned as is: never a loop.
	tok, err = c.reauthenticate(ctx, tok)
	if err != nil {
		return nil, err
	}
	return c.attempt(ctx, r, tok, b, 0)
}

// attempt sends the request, and sends it again after a hiccup when it is safe to
// repeat (see RetryPolicy), spending one try of the call's budget b each time and leaving
// keep of it unspent, never waiting past ctx's deadline. The error of the last try is
// returned.
func (c *Client) attempt(ctx context.Context, r *request, bearer string, b *budget, keep int) ([]byte, error) {
	for n := 1; ; n++ {
		b.left--
		body, err := c.send(ctx, r, bearer)
		if err == nil || ctx.Err() != nil {
			return body, err
		}
		if b.left <= keep {
			return nil, err
		}
		wait, ok := c.retry.retryWait(r, err, n)
		if !ok {
			return nil, err
		}
		if serr := sleepCtx(ctx, wait); serr != nil {
			if errors.Is(serr, context.DeadlineExceeded) && ctx.Err() == nil {
				// The wait would outlast the call's deadline: the answer we have is the
				// most useful thing to return.
				return nil, err
			}
			return nil, fmt.Errorf("%w (gave up waiting to retry: %w)", err, serr)
		}
	}
}

// send sends the request once. The body is read from r.body afresh (rewound).
func (c *Client) send(ctx context.Context, r *request, bearer string) ([]byte, error) {
	var rd io.Reader
	if r.body != nil {
		rd = bytes.NewReader(r.body)
	}
	// The call name rides on the context so that sdk/record can name fixture entries.
	req, err := http.NewRequestWithContext(WithCall(ctx, r.call), r.method, r.urlString, rd)
	if err != nil {
		return nil, fmt.Errorf("build request: %w", err)
	}
	req.Header.Set("Accept", acceptHeader)
	req.Header.Set("User-Agent", c.userAgent)
	if r.contentType != "" {
		req.Header.Set("Content-Type", r.contentType)
	}
	switch {
	case r.auth == authBasic:
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(c.clientID+":"+c.clientSecret)))
	case r.auth != authNone && bearer != "":
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	safeURL := redactURL(r.url)
	resp, err := c.hc.Do(req)
	if err != nil {
		// *url.Error would repeat the full URL, query included; keep only the cause.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, fmt.Errorf("%s %s: %w", r.method, safeURL, err)
	}
	defer resp.Body.Close()
	data, rerr := io.ReadAll(io.LimitReader(resp.Body, maxResponseBody+1))
	if resp.StatusCode < 200 || resp.StatusCode > 299 || (r.only200 && resp.StatusCode != http.StatusOK) {
		e := newAPIError(r.method, safeURL, resp.StatusCode, data)
		e.RetryAfter = parseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
		return nil, e
	}
	if rerr != nil {
		return nil, fmt.Errorf("%s %s: read answer: %w", r.method, safeURL, rerr)
	}
	if len(data) > maxResponseBody {
		return nil, fmt.Errorf("%s %s: answer larger than %d bytes", r.method, safeURL, maxResponseBody)
	}
	return data, nil
}

// redactURL drops the query, fragment and any user info: errors never carry secrets.
func redactURL(u *url.URL) string {
	v := *u
	v.RawQuery, v.Fragment, v.User = "", "", nil
	return v.String()
}
