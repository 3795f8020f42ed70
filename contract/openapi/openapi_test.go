package openapi

import (
	"context"
	"slices"
	"testing"

	"github.com/cedarsim/esim/contract"
)

func TestSpecLoads(t *testing.T) {
	v, err := New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !v.Doc().IsOpenAPI31OrLater() {
		t.Fatalf("openapi = %q, want 3.1", v.Doc().OpenAPI)
	}
	if n := v.Doc().Paths.Len(); n != 21 {
		t.Fatalf("%d paths, want 21", n)
	}
}

// TestOperationIDsAreTheDocuments: contract.OperationIDs (a line scan, for binaries) lists
// exactly the operations of the parsed document.
func TestOperationIDsAreTheDocuments(t *testing.T) {
	v, err := New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got, want := slices.Sorted(slices.Values(contract.OperationIDs())), slices.Sorted(slices.Values(v.OperationIDs()))
	if !slices.Equal(got, want) || len(got) == 0 {
		t.Fatalf("contract.OperationIDs() = %v, document has %v", got, want)
	}
}
