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
// Every /sandbox/* page but the checkout is the admin surface: loopback clients only, or
// everyone with Options.AdminToken; changes need JSON from the same origin (admin.go).
// Who may read what is the authorization model of authz.go; the abuse limits of the code
// login are in ratelimit.go, the field maxima in limits.go.
//
// Time comes from a Clock (accelerated for QA, fake in tests); bundle states are computed
// from it on every read. State lives in memory behind one mutex and, with StatePath, in an
// embedded transactional store (package store, bbolt): each change is one synced
// transaction written before the answer; a failed write answers 503 (persist.go).
package sandbox

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/cedarsim/esim/sdk/sandbox/store"
	"github.com/google/uuid"
)

// Server is the emulator; an http.Handler safe for concurrent use.
type Server struct {
	opts   Options
	cat    *Catalogue
	log    *slog.Logger
	mux    *http.ServeMux
	faults *faultSet
	pages  pages
	// verifyFails counts wrong codes per client address (in memory: a restart forgets them).
	verifyFails *window

	mu sync.Mutex
	st *state

	// With StatePath (guarded by mu): the store, the records changed since the last save,
	// and the last failed write (nil once a write succeeds again).
	store        *store.Store
	pending      map[recKey]any
	writeErr     error
	writeErrAt   time.Time
	failedWrites int
}

// New builds a Server. With Options.StatePath it opens the store there (creating it, or
// migrating an old JSON state file); a damaged or inconsistent store is an error, never an
// empty start. Close releases the file.
func New(opts Options) (*Server, error) {
	opts = opts.withDefaults()
	if n := len(opts.SigningKey); n > 0 && n < minSigningKey {
		return nil, fmt.Errorf("sandbox signing key: %d bytes; at least %d are required", n, minSigningKey)
	}
	s := &Server{opts: opts, cat: NewCatalogue(), log: opts.Logger, st: newState(), faults: newFaultSet(opts.Faults), pages: parsePages(),
		verifyFails: newWindow(opts.VerifyFailLimit, opts.VerifyFailWindow)}
	if opts.StatePath != "" {
		db, st, err := openState(opts.StatePath, opts.Logger)
		if err != nil {
			return nil, err
		}
		s.store, s.st = db, st
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(opts.SigningKey) > 0 && string(opts.SigningKey) != string(s.st.SigningKey) {
		s.st.SigningKey = append([]byte(nil), opts.SigningKey...)
		s.markMetaLocked()
	}
	if len(s.st.SigningKey) == 0 {
		s.st.SigningKey = make([]byte, 32)
		if _, err := rand.Read(s.st.SigningKey); err != nil {
			s.closeLocked()
			return nil, fmt.Errorf("sandbox signing key: %w", err)
		}
		s.markMetaLocked()
	}
	if err := s.seedAgentsLocked(append([]string{DefaultAgentEmail}, opts.Agents...)); err != nil {
		s.closeLocked()
		return nil, fmt.Errorf("sandbox agents: %w", err)
	}
	if err := s.commitLocked(); err != nil {
		s.closeLocked()
		return nil, fmt.Errorf("start sandbox: %w", err)
	}
	s.routes()
	return s, nil
}

// Catalogue returns the sandbox's product data (read-only).
func (s *Server) Catalogue() *Catalogue { return s.cat }

// Mailbox returns a copy of every mail sent, oldest first.
func (s *Server) Mailbox() []Mail {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Mail, len(s.st.Mail))
	for i, m := range s.st.Mail {
		out[i] = *m
	}
	return out
}

// LatestCode returns the newest e-mail code sent to email, or "".
func (s *Server) LatestCode(email string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := len(s.st.Mail) - 1; i >= 0; i-- {
		if m := s.st.Mail[i]; m.Code != "" && strings.EqualFold(m.To, email) {
			return m.Code
		}
	}
	return ""
}

// Logs returns a copy of the log lines received.
func (s *Server) Logs() []LogLine {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]LogLine(nil), s.st.Logs...)
}

// ExpireTokens makes every access token issued so far invalid (refresh tokens stay valid).
func (s *Server) ExpireTokens() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st.Epoch++
	s.markMetaLocked()
	return s.commitLocked()
}

// Save writes any change not yet saved (normally none: each change is saved before it is
// answered); a no-op without StatePath.
func (s *Server) Save() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.commitLocked()
}

// Close saves what is pending and releases the state file; the Server must not be used
// afterwards. A no-op without StatePath.
func (s *Server) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	err := s.commitLocked()
	if cerr := s.closeLocked(); err == nil {
		err = cerr
	}
	return err
}

func (s *Server) closeLocked() error {
	if s.store == nil {
		return nil
	}
	err := s.store.Close()
	s.store = nil
	s.writeErr = errors.New("the sandbox state file is closed")
	return err
}

func (s *Server) now() time.Time { return s.opts.Clock.Now().UTC() }

func newGUID() string { return uuid.NewString() }

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
	s.mux.ServeHTTP(w, r)
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
	if len(p) > 2048 {
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
		if f.Status == http.StatusUnauthorized && f.Detail == "" {
			detail = "Token expired"
		}
		writeProblem(w, f.Status, detail)
		return true
	}
	return false
}

// authInfo is what a valid bearer token says about its holder.
type authInfo struct {
	Sub, Email, FirstName, LastName string
	Guest                           bool
	Role                            string // RoleGuest, RoleCustomer or RoleAgent
}

// role is the token's role claim: guests are always RoleGuest; a token issued before roles
// existed (no claim) is a customer's.
func (a authInfo) role() string {
	switch {
	case a.Guest:
		return RoleGuest
	case a.Role == RoleAgent:
		return RoleAgent
	}
	return RoleCustomer
}

func (a authInfo) isAgent() bool { return a.role() == RoleAgent }

// bearer validates the request's bearer token; on failure it answers 401 and returns false.
func (s *Server) bearer(w http.ResponseWriter, r *http.Request) (authInfo, bool) {
	h := r.Header.Get("Authorization")
	tok, ok := strings.CutPrefix(h, "Bearer ")
	if !ok || strings.TrimSpace(tok) == "" {
		writeProblem(w, http.StatusUnauthorized, "Token expired")
		return authInfo{}, false
	}
	a, err := s.verifyAccess(strings.TrimSpace(tok))
	if err != nil {
		writeProblem(w, http.StatusUnauthorized, "Token expired")
		return authInfo{}, false
	}
	return a, true
}

// customer requires a registered customer's bearer token (not a guest's, not an agent's).
func (s *Server) customer(w http.ResponseWriter, r *http.Request) (authInfo, bool) {
	a, ok := s.bearer(w, r)
	if !ok {
		return a, false
	}
	switch a.role() {
	case RoleGuest:
		forbid(w, detailGuest)
		return a, false
	case RoleAgent:
		forbid(w, detailAgentOrder)
		return a, false
	}
	return a, true
}

// origin is the scheme://host of the links the sandbox hands out (checkout): PublicURL when
// set, else the origin the client addressed (forwarded headers only with TrustProxy, so a
// client cannot point checkout links at another host).
func (s *Server) origin(r *http.Request) string {
	if s.opts.PublicURL != "" {
		return strings.TrimRight(s.opts.PublicURL, "/")
	}
	return s.requestOrigin(r)
}

// errNotFound and friends classify failures of state operations for the handlers.
var (
	errNotFound  = errors.New("not found")
	errForbidden = errors.New("forbidden")
)

// Shutdown closes the state file (see Close); the context bounds nothing today but keeps
// the signature ready for a slow disk.
func (s *Server) Shutdown(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("sandbox shutdown: %w", err)
	}
	return s.Close()
}
