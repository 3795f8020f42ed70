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
//
// Time comes from a Clock (accelerated for QA, fake in tests); bundle states are computed
// from it on every read. State lives in memory behind one mutex and, with StatePath, is
// written atomically after every change.
package sandbox

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

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
}

// New builds a Server, reloading Options.StatePath when it exists.
func New(opts Options) (*Server, error) {
	opts = opts.withDefaults()
	st := newState()
	if opts.StatePath != "" {
		var err error
		if st, err = loadState(opts.StatePath); err != nil {
			return nil, err
		}
	}
	if len(opts.SigningKey) > 0 {
		st.SigningKey = opts.SigningKey
	}
	if len(st.SigningKey) == 0 {
		st.SigningKey = make([]byte, 32)
		if _, err := rand.Read(st.SigningKey); err != nil {
			return nil, fmt.Errorf("sandbox signing key: %w", err)
		}
	}
	s := &Server{opts: opts, cat: NewCatalogue(), log: opts.Logger, st: st, faults: newFaultSet(opts.Faults), pages: parsePages(),
		verifyFails: newWindow(opts.VerifyFailLimit, opts.VerifyFailWindow)}
	s.mu.Lock()
	err := s.seedAgentsLocked(append([]string{DefaultAgentEmail}, opts.Agents...))
	s.mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("sandbox agents: %w", err)
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
func (s *Server) ExpireTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st.Epoch++
	s.saveLocked()
}

// AddFault adds a fault rule (see Fault).
func (s *Server) AddFault(f Fault) error { return s.faults.add(f) }

// Save writes the state file now (a no-op without StatePath).
func (s *Server) Save() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.saveErrLocked()
}

func (s *Server) saveErrLocked() error {
	if s.opts.StatePath == "" {
		return nil
	}
	b, err := json.Marshal(s.st)
	if err != nil {
		return fmt.Errorf("encode sandbox state: %w", err)
	}
	return writeAtomic(s.opts.StatePath, b)
}

// saveLocked persists after a change; a failure is logged, not fatal: the in-memory state
// stays authoritative and the next change tries again.
func (s *Server) saveLocked() {
	if err := s.saveErrLocked(); err != nil {
		s.log.Error("sandbox state not saved", "err", err)
	}
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
			s.log.Error("sandbox handler panic", "path", r.URL.Path, "panic", fmt.Sprint(v))
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

// origin is the scheme://host the client reached the sandbox on.
func (s *Server) origin(r *http.Request) string {
	if s.opts.PublicURL != "" {
		return strings.TrimRight(s.opts.PublicURL, "/")
	}
	scheme := "http"
	if r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") {
		scheme = "https"
	}
	host := r.Host
	// Behind a dev proxy (Vite) the browser's origin is the forwarded host.
	if fh := r.Header.Get("X-Forwarded-Host"); fh != "" && !strings.ContainsAny(fh, "/\\ ,@") {
		host = fh
	}
	return scheme + "://" + host
}

// errNotFound and friends classify failures of state operations for the handlers.
var (
	errNotFound  = errors.New("not found")
	errForbidden = errors.New("forbidden")
)

// Shutdown flushes the state file; the context bounds nothing today but keeps the
// signature ready for a slow disk.
func (s *Server) Shutdown(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("sandbox shutdown: %w", err)
	}
	return s.Save()
}
