package sandbox

import (
	"net/http"
	"strconv"
	"strings"
)

func (s *Server) routes() {
	m := http.NewServeMux()
	api := func(method, p string, h http.HandlerFunc) { m.HandleFunc(method+" "+APIPath+p, h) }
	sup := func(method, p string, h http.HandlerFunc) { m.HandleFunc(method+" "+SupportPath+p, h) }

	api("POST", "connect/token", s.handleToken)
	api("GET", "users/actions/get-current-user", s.handleCurrentUser)
	api("POST", "users/otp/send_email/{email}/{flag}", s.handleOTPSend)
	api("POST", "users/otp/email/{userId}", s.handleOTPVerify)
	api("GET", "catalog/countries", s.handleCountries)
	api("GET", "catalog/regions", s.handleRegions)
	api("GET", "catalog/bundles/special", s.handleSpecial)
	api("GET", "catalog/bundles/{area}", s.handleAreaBundles)
	api("GET", "catalog/search_bundles/{codes}", s.handleSearch)
	api("GET", "catalog/bundle/{id}", s.handleBundle)
	api("GET", "catalog/topup_bundle_selected/{iccid}/{name}/{provider}", s.handleTopupSelected)
	api("POST", "orderfulfillment/orders", s.handleOrderCreate)
	api("DELETE", "orderfulfillment/orders/{id}", s.handleOrderDelete)
	api("POST", "accounts/{accountId}/{orderId}/orderdetails", s.handleOrderDetails)

	sup("POST", "esims/can-purchase", s.handleCanPurchase)
	sup("POST", "support/contact-us", s.handleContactUs)
	// esims/useremails/{email}, esims/{iccid}/QrCode and esims/{iccid}/info share a shape,
	// so one pattern takes them and dispatches (ServeMux refuses ambiguous patterns).
	sup("GET", "esims/{a}/{b}", s.handleESIMReads)

	m.HandleFunc("GET "+ESIMCheckPath+"esims/check/{name}/{iccid}", s.handleESIMCheck)
	m.HandleFunc("POST "+LogPushPath, s.handleLogPush)

	m.HandleFunc("GET /sandbox/{$}", s.handleIndex)
	m.HandleFunc("GET "+MailboxPath, s.handleMailboxHTML)
	m.HandleFunc("GET /sandbox/mailbox.json", s.handleMailboxJSON)
	m.HandleFunc("GET /sandbox/logs", s.handleLogsHTML)
	m.HandleFunc("GET /sandbox/logs.json", s.handleLogsJSON)
	m.HandleFunc("GET /sandbox/audit", s.handleAuditHTML)
	m.HandleFunc("GET /sandbox/audit.json", s.handleAuditJSON)
	m.HandleFunc("/sandbox/faults", s.handleFaults)
	m.HandleFunc("GET /sandbox/checkout/{orderId}", s.handleCheckoutPage)
	m.HandleFunc("POST /sandbox/checkout/{orderId}", s.handleCheckoutPay)
	m.HandleFunc("POST /sandbox/esims/{iccid}/revoke", s.handleRevoke)
	// /healthz for `esim sandbox` alone; `esim serve` answers its own /healthz from Health.
	m.HandleFunc("GET /healthz", s.handleHealth)
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, http.StatusNotFound, "No such endpoint: "+r.Method+" "+r.URL.Path)
	})
	s.mux = m
}

// writeCached answers a cached catalogue body.
func writeCached(w http.ResponseWriter, b []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
}

func bundleList(bs []*Bundle) map[string]any { return data(nonNil(bs)) }

// nonNil makes an empty list encode as [] rather than null.
func nonNil(bs []*Bundle) []*Bundle {
	if bs == nil {
		return []*Bundle{}
	}
	return bs
}

// GET catalog/countries
func (s *Server) handleCountries(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.bearer(w, r); !ok {
		return
	}
	writeCached(w, s.cat.body("countries", func() any { return s.cat.Countries }))
}

// GET catalog/regions
func (s *Server) handleRegions(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.bearer(w, r); !ok {
		return
	}
	writeCached(w, s.cat.body("regions", func() any { return s.cat.Regions }))
}

// GET catalog/bundles/special (no bearer: the path contains "catalog/bundle").
func (s *Server) handleSpecial(w http.ResponseWriter, _ *http.Request) {
	writeCached(w, s.cat.body("special", func() any { return nonNil(s.cat.Special()) }))
}

// GET catalog/bundles/{area}[?iccid=&provider=]: an area's bundles (public, no bearer), or
// with iccid the bundles that can top up that eSIM (its owner's or an agent's bearer).
func (s *Server) handleAreaBundles(w http.ResponseWriter, r *http.Request) {
	area := r.PathValue("area")
	if len(area) > 100 {
		writeProblem(w, http.StatusBadRequest, "The area is too long.")
		return
	}
	q := r.URL.Query()
	iccid := q.Get("iccid")
	if iccid == "" {
		key := "area:" + strings.ToLower(strings.TrimSpace(area))
		if len(s.cat.Area(area)) == 0 {
			writeJSON(w, http.StatusOK, bundleList(nil)) // unknown areas are not cached
			return
		}
		writeCached(w, s.cat.body(key, func() any { return s.cat.Area(area) }))
		return
	}
	// The top-up list reads an eSIM: its owner or an agent (audited), with a bearer.
	a, ok := s.reader(w, r)
	if !ok {
		return
	}
	provider, err := strconv.Atoi(q.Get("provider"))
	if q.Get("provider") == "" {
		provider, err = 0, nil
	}
	if err != nil {
		writeProblem(w, http.StatusBadRequest, "provider must be a number.")
		return
	}
	s.locked(func() reply {
		e, refused := s.readESIMLocked(a, "catalog.topupBundles", iccid)
		switch {
		case refused != nil:
			return refused
		case e == nil:
			return problemReply(http.StatusNotFound, "eSIM not found")
		}
		var out []*Bundle // catalogue bundles are read-only: safe to encode after the lock
		for _, b := range s.cat.Area(area) {
			if s.canTopupLocked(e, b, provider) == nil {
				out = append(out, b)
			}
		}
		return jsonReply(http.StatusOK, bundleList(out))
	})(w)
}

// GET catalog/search_bundles/{codes}: comma-separated ISO codes.
func (s *Server) handleSearch(w http.ResponseWriter, r *http.Request) {
	codes := strings.Split(r.PathValue("codes"), ",")
	if len(codes) > 300 {
		writeProblem(w, http.StatusBadRequest, "Too many country codes.")
		return
	}
	for _, c := range codes {
		if c = strings.TrimSpace(c); c != "" {
			if _, ok := s.cat.Country(c); !ok {
				writeProblem(w, http.StatusBadRequest, "Unknown country code: "+truncate(c, 20))
				return
			}
		}
	}
	writeJSON(w, http.StatusOK, bundleList(s.cat.Search(codes)))
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// GET catalog/bundle/{id}
func (s *Server) handleBundle(w http.ResponseWriter, r *http.Request) {
	b, ok := s.cat.ByID(r.PathValue("id"))
	if !ok {
		writeProblem(w, http.StatusNotFound, "Bundle not found")
		return
	}
	writeCached(w, s.cat.body("bundle:"+b.ID, func() any { return []*Bundle{b} }))
}

// GET catalog/topup_bundle_selected/{iccid}/{name}/{provider}: the eSIM's owner or an
// agent (audited).
func (s *Server) handleTopupSelected(w http.ResponseWriter, r *http.Request) {
	a, ok := s.reader(w, r)
	if !ok {
		return
	}
	provider, err := strconv.Atoi(r.PathValue("provider"))
	if err != nil {
		writeProblem(w, http.StatusBadRequest, "provider must be a number.")
		return
	}
	b, ok := s.cat.ByName(r.PathValue("name"))
	s.locked(func() reply {
		e, refused := s.readESIMLocked(a, "catalog.topupBundleSelected", r.PathValue("iccid"))
		switch {
		case refused != nil:
			return refused
		case !ok || e == nil || s.canTopupLocked(e, b, provider) != nil:
			return problemReply(http.StatusNotFound, "Bundle cannot top up this eSIM")
		}
		return jsonReply(http.StatusOK, data(map[string]any{"data": []*Bundle{b}}))
	})(w)
}

// GET esim-check esims/check/{name}/{iccid}: the eSIM's owner or an agent (audited).
func (s *Server) handleESIMCheck(w http.ResponseWriter, r *http.Request) {
	a, ok := s.reader(w, r)
	if !ok {
		return
	}
	b, ok := s.cat.ByName(r.PathValue("name"))
	s.locked(func() reply {
		e, refused := s.readESIMLocked(a, "esimcheck.check", r.PathValue("iccid"))
		if refused != nil {
			return refused
		}
		can := ok && e != nil && s.canTopupLocked(e, b, s.providerOfLocked(e)) == nil
		return jsonReply(http.StatusOK, data(map[string]any{"data": map[string]bool{"canContinue": can}}))
	})(w)
}
