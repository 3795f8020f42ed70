// Package sandbox is a stateful, in-process emulator of the provider's four services
// (identity and commerce API, support/eSIM service, eSIM check, log push) at the same-origin
// bases of docs/contract.md, plus the pages a developer or QA needs:
//
//	GET  /sandbox/                      index with the bases
//	GET  /sandbox/mailbox[?to=]         every mail sent, newest first (HTML)
//	GET  /sandbox/mailbox.json[?to=]    {"messages":[{id,to,subject,text,sentAt,code?,qrPng?}]}
//	GET  /sandbox/logs, /logs.json      lines received by the log push ({"lines":[...]})
//	GET  /sandbox/audit, /audit.json    agent reads of customer data ({"entries":[...]})
//	GET|POST|DELETE /sandbox/faults     list, add ({"path","method","count","status","detail",
//	                                    "latencyMs","drop"} or {"expireTokens":true}), clear
//	GET|POST /sandbox/checkout/{order}  hosted checkout page; form field cardNumber; a 303 to
//	                                    <ShopURL>/actionresult?success&tranId&amt&currCode
//	POST /sandbox/esims/{iccid}/revoke  revoke the running bundle
//	GET  /healthz                       {"status":"ok"}, or 503 "degraded" when the state file
//	                                    fails writes (Health)
//
// The services are routed from contract/openapi.yaml by operationId (routes.go), each a
// type of its own over the shared provider (provider.go); who may call what is decided in
// one place (authz.go). Every /sandbox/* page but the checkout is the admin surface:
// loopback clients only, or everyone with Options.AdminToken; changes need JSON from the
// same origin (admin.go). The abuse limits of the code login are in otp.go, the field
// maxima in limits.go.
//
// Time comes from a Clock (accelerated for QA, fake in tests); bundle states are computed
// from it on every read. The state lives in memory behind one lock and, with StatePath, in
// an embedded transactional store (package internal/state over package store, bbolt): each
// change is one synced transaction written before the answer; a failed write answers 503.
// No lock is held while an answer is written, so a client that does not read its answers
// holds up nobody else.
package sandbox

import (
	"crypto/rand"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
)

// Server is the emulator; an http.Handler safe for concurrent use.
type Server struct {
	*provider
	faults  *faultSet
	router  *router        // the provider's operations (contract/openapi.yaml)
	pageMux *http.ServeMux // the sandbox's own pages

	identity  *identityService
	catalogue *catalogueService
	orders    *orderService
	esims     *esimService
	support   *supportService
	logs      *logService
	checkout  *checkoutPages
	admin     *adminPages
}

// Mail is one message the provider would have sent.
type Mail = state.Mail

// LogLine is one line received on the log push endpoint.
type LogLine = state.LogLine

// AuditEntry is one agent read of customer data (or repeated reads, counted), shown at
// /sandbox/audit.
type AuditEntry = state.AuditEntry

// New builds a Server. With Options.StatePath it opens the store there (creating it, or
// migrating an old JSON state file); a damaged or inconsistent store is an error, never an
// empty start. Close releases the file.
func New(opts Options) (*Server, error) {
	opts = opts.withDefaults()
	if n := len(opts.SigningKey); n > 0 && n < state.MinSigningKey {
		return nil, fmt.Errorf("sandbox signing key: %d bytes; at least %d are required", n, state.MinSigningKey)
	}
	st, err := state.Open(opts.StatePath, opts.stateLimits(), opts.Logger, func() time.Time { return opts.Clock.Now().UTC() })
	if err != nil {
		return nil, err
	}
	err = st.Update(func(tx *state.Tx) error {
		if len(opts.SigningKey) > 0 && string(opts.SigningKey) != string(tx.SigningKey()) {
			tx.SetSigningKey(opts.SigningKey)
		}
		if len(tx.SigningKey()) == 0 {
			key, err := randomKey()
			if err != nil {
				return err
			}
			tx.SetSigningKey(key)
		}
		return seedAgents(tx, append([]string{DefaultAgentEmail}, opts.Agents...))
	})
	if err != nil {
		_ = st.Close()
		return nil, fmt.Errorf("start sandbox: %w", err)
	}
	p := &provider{opts: opts, cat: NewCatalogue(), st: st, log: opts.Logger, pages: parsePages()}
	s := &Server{provider: p, faults: newFaultSet(opts.Faults),
		identity: newIdentity(p), catalogue: &catalogueService{p}, orders: &orderService{p}, esims: &esimService{p},
		support: &supportService{p}, logs: &logService{p}, checkout: &checkoutPages{p},
	}
	s.admin = &adminPages{provider: p, faults: s.faults}
	if s.router, err = newRouter(p, openAPI(), s.handlers()); err != nil {
		_ = st.Close()
		return nil, err
	}
	s.pageMux = s.pageRoutes()
	return s, nil
}

func randomKey() ([]byte, error) {
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		return nil, fmt.Errorf("sandbox signing key: %w", err)
	}
	return k, nil
}

// Catalogue returns the sandbox's product data (read-only).
func (s *Server) Catalogue() *Catalogue { return s.cat }

// Mailbox returns a copy of every mail sent, oldest first.
func (s *Server) Mailbox() []Mail {
	var out []Mail
	s.st.View(func(tx *state.Tx) { out = tx.Mails() })
	return out
}

// LatestCode returns the newest e-mail code sent to email, or "".
func (s *Server) LatestCode(email string) string {
	for _, m := range slices.Backward(s.Mailbox()) {
		if m.Code != "" && state.SameEmail(m.To, email) {
			return m.Code
		}
	}
	return ""
}

// Logs returns a copy of the log lines received, oldest first.
func (s *Server) Logs() []LogLine { return s.admin.logLines() }

// Audit returns a copy of the audit log, oldest first.
func (s *Server) Audit() []AuditEntry { return s.admin.auditLog() }

// ExpireTokens makes every access token issued so far invalid (refresh tokens stay valid).
func (s *Server) ExpireTokens() error {
	err := s.st.Update(func(tx *state.Tx) error { tx.ExpireTokens(); return nil })
	if err != nil {
		return fmt.Errorf("expire tokens: %w", err)
	}
	return nil
}

// Health is nil while the state file takes every change; after a failed write (or at a
// start on a state file that cannot grow) it says so, and /healthz answers 503 "degraded",
// until a write succeeds again and the file can grow.
func (s *Server) Health() error { return s.st.Health() }

// Close releases the state file (every answered change is already in it); the Server must
// not be used afterwards. A no-op without StatePath.
func (s *Server) Close() error { return s.st.Close() }

// ServeHTTP guards against hostile input, applies injected faults, then routes.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler { //nolint:errorlint // sentinel compared as net/http does
				panic(v)
			}
			// The route pattern, never the path: paths carry e-mail addresses and order ids.
			s.log.Error("sandbox handler panic", "method", r.Method, "route", r.Pattern, "panic", fmt.Sprint(v))
			writeProblem(w, http.StatusInternalServerError, "The sandbox failed to answer this request.")
		}
	}()
	if msg := hostilePath(r); msg != "" {
		writeProblem(w, http.StatusBadRequest, msg)
		return
	}
	if len(r.URL.RawQuery) > s.opts.MaxQuery {
		writeProblem(w, http.StatusRequestURITooLong, fmt.Sprintf("The query string exceeds %d bytes.", s.opts.MaxQuery))
		return
	}
	if r.ContentLength > s.opts.MaxBodyBytes {
		writeProblem(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("The request body exceeds %d bytes.", s.opts.MaxBodyBytes))
		return
	}
	if isAdminPath(r.URL.Path) && !s.guardAdmin(w, r) {
		return
	}
	if !strings.HasPrefix(r.URL.Path, "/sandbox/") {
		if f, ok := s.faults.take(r.Method, r.URL.Path); ok {
			if done := s.applyFault(w, r, f); done {
				return
			}
		}
	}
	if !s.router.serve(w, r) {
		s.pageMux.ServeHTTP(w, r)
	}
}

// hostilePath refuses paths a client should never send: dot segments, NUL or control bytes,
// backslashes, and encoded slashes, which could otherwise smuggle a segment past routing.
func hostilePath(r *http.Request) string {
	p := r.URL.Path
	raw := r.URL.RawPath
	if raw == "" {
		raw = r.URL.EscapedPath()
	}
	if !strings.HasPrefix(p, "/") {
		return "The request path must be absolute."
	}
	if utf8.RuneCountInString(p) > maxFaultPath { // characters, as a fault's path is counted
		return "The request path is too long."
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == ".." || seg == "." {
			return "The request path must not contain dot segments."
		}
	}
	if strings.ContainsAny(p, "\\") || strings.Contains(strings.ToLower(raw), "%2f") || strings.Contains(strings.ToLower(raw), "%5c") {
		return "The request path contains an encoded separator."
	}
	for _, c := range []byte(p) {
		if c < 0x20 || c == 0x7f {
			return "The request path contains control characters."
		}
	}
	return ""
}

func (s *Server) applyFault(w http.ResponseWriter, r *http.Request, f Fault) bool {
	if f.LatencyMs > 0 {
		t := time.NewTimer(time.Duration(f.LatencyMs) * time.Millisecond)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			return true
		}
	}
	if f.Drop {
		// Closing the connection without an answer is what the client must survive.
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				_ = conn.Close()
				return true
			}
		}
		panic(http.ErrAbortHandler)
	}
	if f.Status >= 400 {
		detail := f.Detail
		if detail == "" {
			detail = "Injected fault."
		}
		if f.Status == http.StatusUnauthorized {
			if f.Detail == "" {
				detail = contract.DetailTokenExpired
			}
			unauthorized(w, "Bearer "+authRealm+`, error="invalid_token"`, detail)
			return true
		}
		writeProblem(w, f.Status, detail)
		return true
	}
	return false
}
