package clitest

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestDump prints outputs as Go literals when CLITEST_DUMP is set (a writing aid).
func TestDump(t *testing.T) {
	spec := os.Getenv("CLITEST_DUMP")
	if spec == "" {
		return
	}
	for _, line := range strings.Split(spec, ";") {
		parts := strings.Split(line, "|")
		var opts []Option
		for _, o := range strings.Fields(parts[0]) {
			switch {
			case o == "tty":
				opts = append(opts, TTY(200))
			case o == "guest":
				opts = append(opts, Guest())
			case o == "customer":
				opts = append(opts, Customer())
			default:
				opts = append(opts, Fixtures(strings.Split(o, ",")...))
			}
		}
		e := New(t, opts...)
		if len(parts) > 2 {
			e.In.WriteString(strings.ReplaceAll(parts[2], `\n`, "\n"))
		}
		code := e.Run(strings.Fields(parts[1])...)
		fmt.Printf("=== %s\ncode %d\nout:\n%s\nerr:\n%s\n", line, code, lit(e.Out.String()), lit(e.ErrOut.String()))
	}
}

func lit(s string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(s, "\n") {
		if l != "" {
			fmt.Fprintf(&b, "\t%q +\n", l)
		}
	}
	return b.String()
}
