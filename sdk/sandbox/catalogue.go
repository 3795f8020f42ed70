package sandbox

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
)

// catalogueService answers the catalogue part of the API from the read-only Catalogue
// (catalog.go); the lists are encoded once and cached. The top-up lists read an eSIM, so
// they follow the authorization model like the eSIM reads.
type catalogueService struct{ *provider }

// writeCached answers a cached catalogue body.
func writeCached(w http.ResponseWriter, b []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
}

// bundleList is the answer of a bundle list (never null: an empty list is []).
func bundleList(bs []*Bundle) wire.BundleList {
	out := make([]wire.Bundle, len(bs))
	for i, b := range bs {
		out[i] = b.Bundle
	}
	return wire.BundleList{Data: out}
}

// GET catalog/countries
func (s *catalogueService) countries(w http.ResponseWriter, _ *http.Request, _ call) {
	writeCached(w, s.cat.body("countries", func() any { return wire.CountryList{Data: s.cat.Countries} }))
}

// GET catalog/regions
func (s *catalogueService) regions(w http.ResponseWriter, _ *http.Request, _ call) {
	writeCached(w, s.cat.body("regions", func() any { return wire.RegionList{Data: s.cat.Regions} }))
}

// GET catalog/bundles/special (no bearer: the path contains "catalog/bundle").
func (s *catalogueService) special(w http.ResponseWriter, _ *http.Request, _ call) {
	writeCached(w, s.cat.body("special", func() any { return wire.SpecialBundleList{Data: bundleList(s.cat.Special()).Data} }))
}

// GET catalog/bundles/{area}[?iccid=&provider=]: an area's bundles (public, no bearer), or
// with iccid the bundles that can top up that eSIM (its owner's or an agent's bearer).
func (s *catalogueService) areaBundles(w http.ResponseWriter, r *http.Request, c call) {
	area := r.PathValue("area")
	if tooLong(w, fieldLimit{"area", area, maxAreaLen}) {
		return
	}
	q := r.URL.Query()
	iccid := q.Get("iccid")
	if iccid == "" {
		if len(s.cat.Area(area)) == 0 {
			writeJSON(w, http.StatusOK, bundleList(nil)) // unknown areas are not cached
			return
		}
		key := "area:" + strings.ToLower(strings.TrimSpace(area))
		writeCached(w, s.cat.body(key, func() any { return bundleList(s.cat.Area(area)) }))
		return
	}
	who, ok := s.bearer(w, r)
	if !ok {
		return
	}
	c.who = who
	provider, err := strconv.Atoi(q.Get("provider"))
	if q.Get("provider") == "" {
		provider, err = 0, nil
	}
	if err != nil {
		writeProblem(w, http.StatusBadRequest, "provider must be a number.")
		return
	}
	s.read(c, func(tx *state.Tx) reply {
		e, no := s.readESIM(tx, c, iccid)
		switch {
		case no != nil:
			return no.reply()
		case e == nil:
			return problemReply(http.StatusNotFound, "eSIM not found")
		}
		var out []*Bundle // catalogue bundles are read-only: safe to encode after the lock
		for _, b := range s.cat.Area(area) {
			if s.canTopup(e, b, provider) == nil {
				out = append(out, b)
			}
		}
		return jsonReply(http.StatusOK, bundleList(out))
	})(w)
}

// GET catalog/search_bundles/{isoCodes}: comma-separated ISO codes.
func (s *catalogueService) search(w http.ResponseWriter, r *http.Request, _ call) {
	codes := strings.Split(r.PathValue("isoCodes"), ",")
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

// truncate keeps the first n characters of s.
func truncate(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// GET catalog/bundle/{bundleId}
func (s *catalogueService) bundle(w http.ResponseWriter, r *http.Request, _ call) {
	b, ok := s.cat.ByID(r.PathValue("bundleId"))
	if !ok {
		writeProblem(w, http.StatusNotFound, "Bundle not found")
		return
	}
	writeCached(w, s.cat.body("bundle:"+b.ID, func() any { return bundleList([]*Bundle{b}) }))
}

// GET catalog/topup_bundle_selected/{iccId}/{bundleName}/{thirdPartyProvider}: the eSIM's
// owner or an agent (audited).
func (s *catalogueService) topupSelected(w http.ResponseWriter, r *http.Request, c call) {
	provider, err := strconv.Atoi(r.PathValue("thirdPartyProvider"))
	if err != nil {
		writeProblem(w, http.StatusBadRequest, "provider must be a number.")
		return
	}
	b, ok := s.cat.ByName(r.PathValue("bundleName"))
	s.read(c, func(tx *state.Tx) reply {
		e, no := s.readESIM(tx, c, r.PathValue("iccId"))
		switch {
		case no != nil:
			return no.reply()
		case !ok || e == nil || s.canTopup(e, b, provider) != nil:
			return problemReply(http.StatusNotFound, contract.DetailTopupRefused)
		}
		return jsonReply(http.StatusOK, wire.TopupSelectedAnswer{Data: bundleList([]*Bundle{b})})
	})(w)
}
