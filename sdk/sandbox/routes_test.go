package sandbox

import (
	"maps"
	"net/http"
	"strings"
	"testing"
)

// TestRoutesMatchTheSpec: the sandbox routes every operation of contract/openapi.yaml and
// nothing else; a handler the spec lacks, or an operation without a handler, keeps the
// sandbox from starting.
func TestRoutesMatchTheSpec(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	defer func() { _ = s.Close() }()
	ops, err := specOperations(openAPI())
	if err != nil || len(ops) == 0 {
		t.Fatalf("spec operations: %d, %v", len(ops), err)
	}
	if len(s.router.routes) != len(ops) {
		t.Fatalf("%d routes for %d operations", len(s.router.routes), len(ops))
	}
	for _, op := range ops {
		if !strings.HasPrefix(op.pattern, strings.TrimSuffix(APIPath, "/")) && !strings.HasPrefix(op.pattern, SupportPath) &&
			!strings.HasPrefix(op.pattern, ESIMCheckPath) && op.pattern != LogPushPath {
			t.Errorf("%s is served at %s, under none of the sandbox's bases", op.id, op.pattern)
		}
	}

	tests := []struct {
		name string
		edit func(map[string]handler)
		want string
	}{
		{"an operation without a handler", func(h map[string]handler) { delete(h, "getQrCode") }, "getQrCode (GET /esim-service/api/v1/esims/{iccid}/QrCode) has no sandbox handler"},
		{"a handler the spec lacks", func(h map[string]handler) { h["listPlanets"] = h["listCountries"] }, "handles listPlanets, which the OpenAPI does not describe"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := maps.Clone(s.handlers())
			tt.edit(h)
			if _, err := newRouter(s.provider, openAPI(), h); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to say %q", err, tt.want)
			}
		})
	}
}

// TestRouterPrefersLiteralSegments: where two operations match a path, the one with a
// literal segment first wins, and a path of another method answers 405 with Allow.
func TestRouterPrefersLiteralSegments(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = s.Close() }()
	for _, tt := range []struct{ method, path, op, allow string }{
		{"GET", SupportPath + "esims/useremails/QrCode", "listEsimsByEmail", ""},
		{"GET", SupportPath + "esims/8996199/QrCode", "getQrCode", ""},
		{"GET", APIPath + "catalog/bundles/special", "listSpecialBundles", ""},
		{"GET", APIPath + "catalog/bundles/TR", "listAreaBundles", ""},
		{"HEAD", APIPath + "catalog/regions", "listRegions", ""},
		{"GET", LogPushPath, "", "POST"},
		{"GET", APIPath + "catalog/nothing", "", ""},
	} {
		r, allowed := s.router.match(tt.method, tt.path)
		got := ""
		if r != nil {
			got = r.id
		}
		if got != tt.op || strings.Join(allowed, ",") != tt.allow {
			t.Errorf("%s %s: %q (allowed %v), want %q (allowed %q)", tt.method, tt.path, got, allowed, tt.op, tt.allow)
		}
	}
	if _, allowed := s.router.match(http.MethodPut, APIPath+"catalog/countries"); len(allowed) != 1 || allowed[0] != "GET" {
		t.Errorf("PUT countries: allowed %v", allowed)
	}
}
