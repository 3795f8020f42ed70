package openapi

import (
	"context"
	"testing"
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
