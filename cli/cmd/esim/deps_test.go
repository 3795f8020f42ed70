package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoTestToolingLinked fails when the esim binary links a test library or test-only
// package (issue 9: production code free of test tooling).
func TestNoTestToolingLinked(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	// sdk/record, contract/openapi and kin-openapi are production code since issue 20:
	// esim record names calls by OpenAPI operation and esim fixtures check validates with it.
	forbidden := []string{
		"testing", "github.com/jarcoal/httpmock", "github.com/cedarsim/esim/fixtures/mock",
		"github.com/cedarsim/esim/contract/vectors", "net/http/httptest",
		"github.com/oapi-codegen/oapi-codegen", "github.com/charmbracelet/x/exp/teatest",
		"github.com/cedarsim/esim/sdk/qrcode/qrcodetest",
	}
	for _, pkg := range strings.Fields(string(out)) {
		for _, f := range forbidden {
			if pkg == f || strings.HasPrefix(pkg, f+"/") {
				t.Errorf("the esim binary links %s", pkg)
			}
		}
	}
}
