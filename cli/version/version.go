// Package version implements `esim version`.
package version

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/spf13/cobra"
)

// Format renders the version line shared by `esim version` and `esim --version`.
func Format(v string) string {
	return fmt.Sprintf("esim version %s\n", strings.TrimPrefix(v, "v"))
}

// FromBuildInfo returns the module version stamped by `go install`, or "dev".
func FromBuildInfo() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}

// NewCmdVersion builds `esim version`.
func NewCmdVersion(f *factory.Factory) *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the version of esim",
		Args:    cmdutil.NoArgs,
		Example: "  $ esim version\n  $ esim --version",
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprint(f.IOStreams.Out, Format(f.AppVersion))
			return err
		},
	}
}
