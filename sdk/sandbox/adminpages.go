package sandbox

import (
	"net/http"
	"slices"
	"strings"

	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
)

// adminPages are the sandbox's own pages, which the provider's OpenAPI does not describe:
// the index, the mailbox, the received log lines, the audit log, the faults, eSIM revoke
// (all behind the admin guard, admin.go), the hosted checkout (checkout.go) and /healthz.
type adminPages struct {
	*provider
	faults *faultSet
}

// routes are the sandbox's own pages; anything else answers 404 problem+json.
func (s *Server) pageRoutes() *http.ServeMux {
	a, es, co := s.admin, s.esims, s.checkout
	m := http.NewServeMux()
	m.HandleFunc("GET /sandbox/{$}", a.index)
	m.HandleFunc("GET "+MailboxPath, a.mailboxHTML)
	m.HandleFunc("GET /sandbox/mailbox.json", a.mailboxJSON)
	m.HandleFunc("GET /sandbox/logs", a.logsHTML)
	m.HandleFunc("GET /sandbox/logs.json", a.logsJSON)
	m.HandleFunc("GET /sandbox/audit", a.auditHTML)
	m.HandleFunc("GET /sandbox/audit.json", a.auditJSON)
	m.HandleFunc("/sandbox/faults", a.handleFaults)
	m.HandleFunc("POST /sandbox/esims/{iccid}/revoke", es.revoke)
	m.HandleFunc("GET /sandbox/checkout/{orderId}", co.page)
	m.HandleFunc("POST /sandbox/checkout/{orderId}", co.pay)
	m.HandleFunc("GET /sandbox/checkout/{orderId}"+StatusSuffix, co.status)
	m.HandleFunc("GET "+LookupPath+"{email}", es.lookup)
	// /healthz for `esim sandbox` alone; `esim serve` answers its own /healthz from Health.
	m.HandleFunc("GET /healthz", a.health)
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, http.StatusNotFound, "No such endpoint: "+r.Method+" "+r.URL.Path)
	})
	return m
}

func (a *adminPages) index(w http.ResponseWriter, r *http.Request) {
	renderHTML(w, a.pages.index, http.StatusOK, map[string]any{"Title": a.opts.Brand + " sandbox", "Origin": a.origin(r)})
}

// mails returns the mails (to ?to= when given), newest first.
func (a *adminPages) mails(r *http.Request) []Mail {
	to := strings.TrimSpace(r.URL.Query().Get("to"))
	var all []Mail
	a.st.View(func(tx *state.Tx) { all = tx.Mails() })
	out := make([]Mail, 0, len(all))
	for _, m := range slices.Backward(all) {
		if to == "" || state.SameEmail(m.To, to) {
			out = append(out, m)
		}
	}
	return out
}

func (a *adminPages) mailboxHTML(w http.ResponseWriter, r *http.Request) {
	renderHTML(w, a.pages.mailbox, http.StatusOK, map[string]any{"Title": a.opts.Brand + " sandbox mailbox", "Mails": a.mails(r)})
}

func (a *adminPages) mailboxJSON(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"messages": a.mails(r)})
}

func (a *adminPages) logLines() []LogLine {
	var lines []LogLine
	a.st.View(func(tx *state.Tx) { lines = tx.Logs() })
	return lines
}

func (a *adminPages) logsHTML(w http.ResponseWriter, _ *http.Request) {
	lines := a.logLines()
	slices.Reverse(lines)
	renderHTML(w, a.pages.logs, http.StatusOK, map[string]any{"Title": a.opts.Brand + " sandbox logs", "Lines": lines})
}

func (a *adminPages) logsJSON(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"lines": a.logLines()})
}

func (a *adminPages) auditLog() []AuditEntry {
	var list []AuditEntry
	a.st.View(func(tx *state.Tx) { list = tx.AuditLog() })
	return list
}

func (a *adminPages) auditHTML(w http.ResponseWriter, _ *http.Request) {
	list := a.auditLog()
	slices.Reverse(list)
	renderHTML(w, a.pages.audit, http.StatusOK, map[string]any{"Title": a.opts.Brand + " sandbox audit log", "Entries": list})
}

func (a *adminPages) auditJSON(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"entries": a.auditLog()})
}

// health answers GET /healthz for `esim sandbox` (esim serve asks Health itself).
func (a *adminPages) health(w http.ResponseWriter, _ *http.Request) {
	if err := a.st.Health(); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "degraded", "detail": err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// handleFaults: GET lists the rules, POST adds one ({"expireTokens":true} expires every
// access token instead), DELETE clears them.
func (s *adminPages) handleFaults(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet:
		writeJSON(w, http.StatusOK, map[string]any{"faults": s.faults.list()})
	case http.MethodDelete:
		s.faults.clear()
		w.WriteHeader(http.StatusNoContent)
	case http.MethodPost:
		var body struct {
			Fault
			ExpireTokens bool `json:"expireTokens"`
		}
		if !s.decodeJSON(w, r, &body) {
			return
		}
		if body.ExpireTokens {
			s.update(func(tx *state.Tx) (reply, error) {
				tx.ExpireTokens()
				return jsonReply(http.StatusOK, map[string]any{"expired": true}), nil
			})(w)
			return
		}
		if err := s.faults.add(body.Fault); err != nil {
			writeProblem(w, http.StatusBadRequest, err.Error())
			return
		}
		writeJSON(w, http.StatusCreated, map[string]any{"faults": s.faults.list()})
	default:
		writeProblem(w, http.StatusMethodNotAllowed, "Use GET, POST or DELETE.")
	}
}
