package sandbox

import (
	"net/http"
	"strings"
	"time"
)

// The authorization model (docs/contract.md): a guest token reads the catalogue, sends and
// verifies codes and writes to support; a customer reads only their own eSIMs and orders;
// an agent reads any customer's eSIMs, and every such read is audited. Anything else is
// 403 problem+json.

// maxAudit bounds the audit log kept in the state (the oldest entries go first).
const maxAudit = 10_000

// AuditEntry is one agent read of customer data, shown at /sandbox/audit.
type AuditEntry struct {
	ID         string    `json:"id"`
	Time       time.Time `json:"time"`
	AgentID    string    `json:"agentId"`
	AgentEmail string    `json:"agentEmail"`
	Call       string    `json:"call"`   // fixture call name, e.g. esims.byEmail
	Target     string    `json:"target"` // the customer's e-mail or the eSIM's ICCID
	Owner      string    `json:"owner"`  // e-mail of the customer whose data was read ("" when none)

	seq uint64 // its place in the store (persist.go)
}

// Audit returns a copy of the audit log, oldest first.
func (s *Server) Audit() []AuditEntry {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]AuditEntry, len(s.st.Audit))
	for i, a := range s.st.Audit {
		out[i] = *a
	}
	return out
}

// auditLocked records an agent's read; the caller saves.
func (s *Server) auditLocked(a authInfo, call, target, owner string) {
	e := &AuditEntry{
		ID: newGUID(), Time: s.now(), AgentID: a.Sub, AgentEmail: a.Email, Call: call, Target: target, Owner: owner,
		seq: s.nextSeqLocked(),
	}
	s.markLocked(kindAudit, seqID(e.seq), e)
	s.st.Audit = append(s.st.Audit, e)
	if n := len(s.st.Audit); n > maxAudit {
		for _, old := range s.st.Audit[:n-maxAudit] {
			s.markLocked(kindAudit, seqID(old.seq), nil)
		}
		s.st.Audit = append([]*AuditEntry(nil), s.st.Audit[n-maxAudit:]...)
	}
}

// forbid answers 403 problem+json.
func forbid(w http.ResponseWriter, detail string) {
	writeProblem(w, http.StatusForbidden, detail)
}

// Details of the 403 answers (the fixtures use the same texts).
const (
	detailGuest           = "Sign in to read customer data."
	detailNotYourEmail    = "You may only read the eSIMs of your own e-mail address."
	detailNotYourESIM     = "This eSIM does not belong to you."
	detailNotYourOrder    = "This order belongs to another customer."
	detailNotYourPurchase = "You may only buy for your own e-mail address."
	detailAgentOrder      = "Support agents cannot place orders."
)

// reader requires a bearer token of a customer or an agent (never a guest): the gate of
// every customer-data read.
func (s *Server) reader(w http.ResponseWriter, r *http.Request) (authInfo, bool) {
	a, ok := s.bearer(w, r)
	if !ok {
		return a, false
	}
	if a.role() == RoleGuest {
		forbid(w, detailGuest)
		return a, false
	}
	return a, true
}

// mayReadEmailLocked decides a read of the eSIMs of email; agent reads are audited.
func (s *Server) mayReadEmailLocked(a authInfo, call, email string) bool {
	if a.isAgent() {
		s.auditLocked(a, call, email, email)
		return true
	}
	return strings.EqualFold(strings.TrimSpace(email), a.Email)
}

// readESIMLocked looks up the eSIM iccid for a read by a. When the read may not go on it
// returns the answer instead: 403 when a may not read it (a customer gets the same answer
// for an unknown eSIM and another customer's, so the answer says nothing about which
// ICCIDs exist), 503 when an agent's read cannot be audited (the audit entry is stored
// before the answer). The eSIM is nil when it is unknown and a is an agent.
func (s *Server) readESIMLocked(a authInfo, call, iccid string) (*esim, reply) {
	e := s.st.ESIMs[iccid]
	if !a.isAgent() {
		if e == nil || e.UserID != a.Sub {
			return nil, problemReply(http.StatusForbidden, detailNotYourESIM)
		}
		return e, nil
	}
	owner := ""
	if e != nil {
		owner = e.Email
	}
	s.auditLocked(a, call, iccid, owner)
	if rep := s.saveLocked(); rep != nil {
		return nil, rep
	}
	return e, nil
}

func (s *Server) handleAuditHTML(w http.ResponseWriter, _ *http.Request) {
	list := s.Audit()
	for i, j := 0, len(list)-1; i < j; i, j = i+1, j-1 {
		list[i], list[j] = list[j], list[i]
	}
	renderHTML(w, s.pages.audit, http.StatusOK, map[string]any{"Title": s.opts.Brand + " sandbox audit log", "Entries": list})
}

func (s *Server) handleAuditJSON(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"entries": s.Audit()})
}
