package sandbox

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"

	"github.com/cedarsim/esim/contract"
	"go.yaml.in/yaml/v3"
)

// The provider's operations are routed from contract/openapi.yaml, as stripe-mock routes
// from its spec: each operation's method, sandbox base (its relative server URL) and path
// template, keyed by operationId, with its security (who may call it). New checks that the
// spec and the sandbox's handlers name the same operations: a handler the spec lacks, or an
// operation without a handler, keeps the sandbox from starting (and fails its tests).
// The /sandbox/* pages and /healthz are not the provider's: pages.go routes them apart.

// operation is one operation of the OpenAPI.
type operation struct {
	id       string
	method   string
	pattern  string   // sandbox base + path template, e.g. /esim-service/api/v1/esims/{iccid}/QrCode
	segs     []string // pattern split at "/"; a "{name}" segment is a parameter
	security security
}

// call is one request to an operation, as the router hands it to the handler.
type call struct {
	op  *operation
	who authInfo // the bearer's identity when the operation requires one
}

type handler func(http.ResponseWriter, *http.Request, call)

// route is an operation with its handler.
type route struct {
	*operation
	h handler
}

// router dispatches the provider's operations.
type router struct {
	routes []route // most specific first: a literal segment beats a parameter
	p      *provider
}

// specOperations reads the operations of the OpenAPI document.
func specOperations(doc []byte) ([]*operation, error) {
	type op struct {
		OperationID string                 `yaml:"operationId"`
		Security    *[]map[string][]string `yaml:"security"`
	}
	type server struct {
		URL string `yaml:"url"`
	}
	var spec struct {
		Servers  []server              `yaml:"servers"`
		Security []map[string][]string `yaml:"security"`
		Paths    map[string]struct {
			Servers []server `yaml:"servers"`
			Get     *op      `yaml:"get"`
			Post    *op      `yaml:"post"`
			Put     *op      `yaml:"put"`
			Patch   *op      `yaml:"patch"`
			Delete  *op      `yaml:"delete"`
		} `yaml:"paths"`
	}
	if err := yaml.Unmarshal(doc, &spec); err != nil {
		return nil, fmt.Errorf("read the OpenAPI document: %w", err)
	}
	// The sandbox serves each service on the same origin: its base is the relative server URL.
	base := func(servers []server) string {
		for _, s := range servers {
			if strings.HasPrefix(s.URL, "/") {
				return strings.TrimSuffix(s.URL, "/")
			}
		}
		return ""
	}
	var ops []*operation
	var errs []error
	for path, item := range spec.Paths {
		servers := item.Servers
		if len(servers) == 0 {
			servers = spec.Servers
		}
		b := base(servers)
		for _, m := range []struct {
			method string
			op     *op
		}{{"GET", item.Get}, {"POST", item.Post}, {"PUT", item.Put}, {"PATCH", item.Patch}, {"DELETE", item.Delete}} {
			if m.op == nil {
				continue
			}
			if m.op.OperationID == "" {
				errs = append(errs, fmt.Errorf("%s %s has no operationId", m.method, path))
				continue
			}
			sec := spec.Security
			if m.op.Security != nil {
				sec = *m.op.Security
			}
			pattern := b + path
			ops = append(ops, &operation{id: m.op.OperationID, method: m.method, pattern: pattern,
				segs: strings.Split(pattern, "/"), security: readSecurity(sec)})
		}
	}
	return ops, errors.Join(errs...)
}

// readSecurity reads a security requirement: its alternatives, each a scheme with the
// roles it accepts (the bearer scheme's scopes are the token's roles).
func readSecurity(alternatives []map[string][]string) security {
	var sec security
	everyRole := false
	if len(alternatives) == 0 {
		sec.open = true
	}
	for _, alt := range alternatives {
		if len(alt) == 0 {
			sec.open = true
		}
		for scheme, roles := range alt {
			switch scheme {
			case "basic":
				sec.basic = true
			case "bearer":
				sec.bearer = true
				everyRole = everyRole || len(roles) == 0
				sec.roles = append(sec.roles, roles...)
			}
		}
	}
	if everyRole {
		sec.roles = nil
	}
	return sec
}

// newRouter pairs the spec's operations with handlers; each must have the other.
func newRouter(p *provider, doc []byte, handlers map[string]handler) (*router, error) {
	ops, err := specOperations(doc)
	if err != nil {
		return nil, err
	}
	var errs []error
	rt := &router{p: p}
	for _, op := range ops {
		h, ok := handlers[op.id]
		if !ok {
			errs = append(errs, fmt.Errorf("the OpenAPI operation %s (%s %s) has no sandbox handler", op.id, op.method, op.pattern))
			continue
		}
		rt.routes = append(rt.routes, route{operation: op, h: h})
	}
	for id := range handlers {
		if !slices.ContainsFunc(ops, func(op *operation) bool { return op.id == id }) {
			errs = append(errs, fmt.Errorf("the sandbox handles %s, which the OpenAPI does not describe", id))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("sandbox routes against contract/openapi.yaml: %w", err)
	}
	sort.SliceStable(rt.routes, func(i, j int) bool { return moreSpecific(rt.routes[i].segs, rt.routes[j].segs) })
	return rt, nil
}

func isParam(seg string) bool { return strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") }

// moreSpecific orders patterns so that, where both match a path, the one with a literal
// segment first wins: /esims/useremails/{email} before /esims/{iccid}/QrCode.
func moreSpecific(a, b []string) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if pa, pb := isParam(a[i]), isParam(b[i]); pa != pb {
			return pb
		}
	}
	return len(a) > len(b)
}

// match reports the route of method and path, with the methods the path allows.
func (rt *router) match(method, path string) (*route, []string) {
	segs := strings.Split(path, "/")
	var allowed []string
	for i := range rt.routes {
		r := &rt.routes[i]
		if !segsMatch(r.segs, segs) {
			continue
		}
		if r.method == method || (method == http.MethodHead && r.method == http.MethodGet) {
			return r, nil
		}
		allowed = append(allowed, r.method)
	}
	return nil, allowed
}

func segsMatch(pattern, segs []string) bool {
	if len(pattern) != len(segs) {
		return false
	}
	for i, p := range pattern {
		if isParam(p) {
			if segs[i] == "" {
				return false
			}
		} else if p != segs[i] {
			return false
		}
	}
	return true
}

// serve answers a provider operation, or reports that path is none (false).
func (rt *router) serve(w http.ResponseWriter, r *http.Request) bool {
	rte, allowed := rt.match(r.Method, r.URL.Path)
	if rte == nil {
		if len(allowed) == 0 {
			return false
		}
		w.Header().Set("Allow", strings.Join(allowed, ", "))
		writeProblem(w, http.StatusMethodNotAllowed, "Method not allowed: "+r.Method+" "+r.URL.Path)
		return true
	}
	segs := strings.Split(r.URL.Path, "/")
	for i, p := range rte.segs {
		if isParam(p) {
			r.SetPathValue(p[1:len(p)-1], segs[i])
		}
	}
	r.Pattern = rte.method + " " + rte.pattern
	c := call{op: rte.operation}
	sec := rte.security
	switch {
	case sec.open:
		// Anyone: the handler asks for what it needs.
	case sec.basic && !sec.bearer:
		if !rt.p.basicClient(r) {
			unauthorized(w, `Basic `+authRealm+`, charset="UTF-8"`, "Invalid client credential.")
			return true
		}
	case sec.bearer:
		a, ok := rt.p.bearer(w, r)
		if !ok {
			return true
		}
		if _, no := authorize(a, sec, nil); no != nil {
			no.reply()(w)
			return true
		}
		c.who = a
	}
	rte.h(w, r, c)
	return true
}

// handlers are the provider operations by operationId.
func (s *Server) handlers() map[string]handler {
	id, cat, ord, es, sup, lg := s.identity, s.catalogue, s.orders, s.esims, s.support, s.logs
	return map[string]handler{
		"token":               id.token,
		"getCurrentUser":      id.currentUser,
		"sendOtp":             id.sendCode,
		"verifyOtp":           id.verifyCode,
		"listCountries":       cat.countries,
		"listRegions":         cat.regions,
		"listSpecialBundles":  cat.special,
		"listAreaBundles":     cat.areaBundles,
		"searchBundles":       cat.search,
		"getBundle":           cat.bundle,
		"topupBundleSelected": cat.topupSelected,
		"createOrder":         ord.create,
		"deleteOrder":         ord.delete,
		"addOrderDetails":     ord.details,
		"canPurchase":         sup.canPurchase,
		"contactUs":           sup.contactUs,
		"getQrCode":           es.qrCode,
		"getEsimInfo":         es.info,
		"listEsimsByEmail":    es.byEmail,
		"checkEsim":           es.check,
		"pushLogs":            lg.push,
	}
}

// openAPI is the provider's OpenAPI document the routes are read from.
func openAPI() []byte { return contract.OpenAPI() }
