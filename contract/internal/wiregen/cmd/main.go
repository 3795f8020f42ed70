// Command wiregen writes contract/wire/wire.gen.go (see package wiregen). Run it with
// `go generate ./contract/...` (the Taskfile's `gen` task does); contract/wire's
// TestGeneratedUpToDate fails when the file is stale.
package main

import (
	"flag"
	"log"
	"os"

	"github.com/cedarsim/esim/contract/internal/wiregen"
)

func main() {
	log.SetFlags(0)
	config := flag.String("config", "oapi-codegen.yaml", "oapi-codegen configuration file")
	flag.Parse()
	if flag.NArg() != 1 {
		log.Fatal("usage: wiregen -config oapi-codegen.yaml ../openapi.yaml")
	}
	raw, err := os.ReadFile(*config)
	if err != nil {
		log.Fatalf("wiregen: %v", err)
	}
	cfg, err := wiregen.ReadConfig(raw)
	if err != nil {
		log.Fatalf("wiregen: %v", err)
	}
	code, err := wiregen.Generate(flag.Arg(0), cfg)
	if err != nil {
		log.Fatalf("wiregen: %v", err)
	}
	if err := os.WriteFile(cfg.Output, code, 0o644); err != nil {
		log.Fatalf("wiregen: %v", err)
	}
}
