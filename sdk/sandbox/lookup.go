package sandbox

import (
	"net/http"
	"strings"

	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
)

// LookupPath is the sandbox's customer look-up: GET LookupPath + {email}.
const LookupPath = "/sandbox/customers/"

// lookupCall names the look-up in the audit log, as operationIds name the provider's reads.
const lookupCall = "lookupCustomer"

// lookup answers whether a customer has an address (wire.CustomerLookupAnswer). The provider's contract cannot tell an unknown address from
// a customer without eSIMs (esims/useremails answers [] to both); the agent console (esim
// customer show, the TUI's agent tab) asks this sandbox-only look-up (docs/contract.md,
// "Customer look-up"). Support agents only, by their bearer (not the admin surface), and
// audited like their other reads.
func (s *esimService) lookup(w http.ResponseWriter, r *http.Request) {
	who, ok := s.bearer(w, r)
	if !ok {
		return
	}
	if !who.isAgent() {
		forbid(w, "Only a support agent may look customers up.")
		return
	}
	email := strings.TrimSpace(r.PathValue("email"))
	s.update(func(tx *state.Tx) (reply, error) {
		u := tx.UserByEmail(email)
		if u != nil && !u.Verified {
			u = nil // a sign-up never finished is nobody's account yet
		}
		e := state.AuditEntry{AgentID: who.Sub, AgentEmail: who.Email, Call: lookupCall}
		if u != nil {
			e.Target, e.Owner = email, u.Email
		}
		if err := tx.Audit(e); err != nil {
			s.log.Error("sandbox agent read refused: the audit log is full", "err", err)
			return problemReply(http.StatusServiceUnavailable, "The audit log is full, so the read was refused; try again later."), nil
		}
		answer := wire.CustomerLookup{Email: email, Exists: u != nil}
		if u != nil {
			answer.FirstName, answer.LastName = u.FirstName, u.LastName
		}
		return jsonReply(http.StatusOK, wire.CustomerLookupAnswer{Data: &answer}), nil
	})(w)
}
