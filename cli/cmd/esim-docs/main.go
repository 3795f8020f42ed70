// Command esim-docs writes the esim CLI reference: `go run ./cli/cmd/esim-docs docs/cli`.
package main

import (
	"fmt"
	"os"

	"github.com/cedarsim/esim/cli/docsgen"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: esim-docs DIR")
		os.Exit(2)
	}
	if err := docsgen.Generate(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
