package wire

import (
	"bytes"
	"os"
	"testing"

	"github.com/cedarsim/esim/contract/internal/wiregen"
)

// TestGeneratedUpToDate regenerates the types in memory, as `go generate` does, and fails
// when wire.gen.go differs.
func TestGeneratedUpToDate(t *testing.T) {
	raw, err := os.ReadFile("oapi-codegen.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := wiregen.ReadConfig(raw)
	if err != nil {
		t.Fatal(err)
	}
	code, err := wiregen.Generate("../openapi.yaml", cfg)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(cfg.Output)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, code) {
		t.Fatal("contract/wire/wire.gen.go is stale: run `go tool task gen`")
	}
}
