package sandbox

import (
	"net/http"
	"slices"
	"strings"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
)

// The authorization model (docs/contract.md): a guest token reads the catalogue, sends and
// verifies codes and writes to support; a customer reads only their own eSIMs and orders;
// an agent reads any customer's eSIMs, and every such read is audited. Anything else is
// 403 problem+json. Which roles may call an operation at all is the operation's security in
// contract/openapi.yaml (the router reads it); authorize is the one decision.

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

// Details of the 403 answers (the fixtures use the same texts).
const (
	detailGuest           = contract.DetailGuestForbidden
	detailNotYourEmail    = contract.DetailNotYourEmail
	detailNotYourESIM     = contract.DetailNotYourESIM
	detailNotYourOrder    = contract.DetailNotYourOrder
	detailNotYourPurchase = contract.DetailNotYourPurchase
	detailAgentOrder      = "Support agents cannot place orders."
)

// security is an operation's security requirement in the OpenAPI: its alternatives.
type security struct {
	open   bool     // an alternative needs no credential
	basic  bool     // the basic client credential
	bearer bool     // a bearer token
	roles  []string // the roles a bearer alternative accepts; empty: every role
}

// targetKind is what customer data a request touches.
type targetKind int

const (
	esimsOfEmail targetKind = iota + 1 // the eSIMs of an address
	oneESIM                            // an eSIM by ICCID
	anOrder                            // an order (detail, delete)
	purchaseFor                        // a purchase for an address (can-purchase)
	topupAccount                       // the eSIM account an order tops up
)

// target is the customer data a request touches, as found in the state.
type target struct {
	kind       targetKind
	asked      string // the address or ICCID asked for
	ownerID    string // the owning customer ("" when none or unbound)
	ownerEmail string // their address (the audit names it)
	found      bool   // there is such data (a customer of that address, such an eSIM)
}

// refusal is a 401, 403 or 404 answer of the authorization model.
type refusal struct {
	status int
	detail string
}

func (r *refusal) reply() reply { return problemReply(r.status, r.detail) }

// authorize decides whether who may make a call with security sec on t (nil: no customer
// data). audit says the read must be recorded (state.Tx.Audit) before it is answered.
func authorize(who authInfo, sec security, t *target) (audit bool, no *refusal) {
	role := who.role()
	if len(sec.roles) > 0 && !slices.Contains(sec.roles, role) {
		switch role {
		case RoleGuest:
			return false, &refusal{http.StatusForbidden, detailGuest}
		case RoleAgent:
			return false, &refusal{http.StatusForbidden, detailAgentOrder}
		}
		return false, &refusal{http.StatusForbidden, "Your role may not make this call."}
	}
	if t == nil {
		return false, nil
	}
	switch {
	case role == RoleGuest:
		return false, &refusal{http.StatusForbidden, detailGuest}
	case role == RoleAgent && (t.kind == esimsOfEmail || t.kind == oneESIM):
		return true, nil
	case role == RoleAgent:
		return false, &refusal{http.StatusForbidden, detailAgentOrder}
	}
	mine := t.ownerID == who.Sub
	switch t.kind {
	case esimsOfEmail:
		if !state.SameEmail(t.asked, who.Email) {
			return false, &refusal{http.StatusForbidden, detailNotYourEmail}
		}
	case oneESIM:
		// The same answer for an unknown eSIM and another customer's: it says nothing
		// about which ICCIDs exist.
		if !t.found || !mine {
			return false, &refusal{http.StatusForbidden, detailNotYourESIM}
		}
	case anOrder:
		if t.ownerID != "" && !mine {
			return false, &refusal{http.StatusForbidden, detailNotYourOrder}
		}
	case purchaseFor:
		if !state.SameEmail(t.asked, who.Email) {
			return false, &refusal{http.StatusForbidden, detailNotYourPurchase}
		}
	case topupAccount:
		if !t.found || !mine {
			return false, &refusal{http.StatusNotFound, "eSIM account not found"}
		}
	}
	return false, nil
}

// allow applies authorize inside a transaction. An agent's read is audited there, so it is
// saved with the transaction, before the answer: a read that cannot be audited is refused.
// A read that found nothing is recorded without its target, counted with the others.
func (p *provider) allow(tx *state.Tx, c call, t *target) *refusal {
	audit, no := authorize(c.who, c.op.security, t)
	if no != nil || !audit {
		return no
	}
	e := state.AuditEntry{AgentID: c.who.Sub, AgentEmail: c.who.Email, Call: c.op.id}
	if t.found {
		e.Target, e.Owner = t.asked, t.ownerEmail
	}
	if err := tx.Audit(e); err != nil {
		p.log.Error("sandbox agent read refused: the audit log is full", "err", err)
		return &refusal{http.StatusServiceUnavailable, "The audit log is full, so the read was refused; try again later."}
	}
	return nil
}

// The 401 answers carry WWW-Authenticate, as the OpenAPI's Unauthorized response lists.
const authRealm = `realm="` + tokenIssuer + `"`

// bearer validates the request's bearer token; on failure it answers 401 and returns false.
func (p *provider) bearer(w http.ResponseWriter, r *http.Request) (authInfo, bool) {
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if tok = strings.TrimSpace(tok); !ok || tok == "" {
		unauthorized(w, "Bearer "+authRealm, contract.DetailTokenExpired)
		return authInfo{}, false
	}
	a, err := p.verifyAccess(tok)
	if err != nil {
		unauthorized(w, "Bearer "+authRealm+`, error="invalid_token"`, contract.DetailTokenExpired)
		return authInfo{}, false
	}
	return a, true
}

// basicClient checks the request's Basic client credential.
func (p *provider) basicClient(r *http.Request) bool {
	id, secret, ok := r.BasicAuth()
	return ok && equalSecret(id, p.opts.ClientID) && equalSecret(secret, p.opts.ClientSecret)
}

// unauthorized answers 401 problem+json with the challenge.
func unauthorized(w http.ResponseWriter, challenge, detail string) {
	w.Header().Set("WWW-Authenticate", challenge)
	writeProblem(w, http.StatusUnauthorized, detail)
}

// forbid answers 403 problem+json.
func forbid(w http.ResponseWriter, detail string) { writeProblem(w, http.StatusForbidden, detail) }
