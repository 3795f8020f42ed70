// Package version implements `esim version`.
package version

import (
	"fmt"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/spf13/cobra"
)

// Format renders the version line shared by `esim version` and `esim --version`.
func Format(v string) string {
	return fmt.Sprintf("esim version %s\n", Clean(v))
}

var (
	// v0.0.0-20261122154000-22ff3fcde7fa, v1.2.4-0.20261122154000-22ff3fcde7fa
	pseudo = regexp.MustCompile(`^v?\d+\.\d+\.\d+-(?:0\.)?(?:\w+\.)?\d{14}-([0-9a-f]{12})(\+dirty)?$`)
	// a bare commit from `git describe --always` when the repository has no tag
	bareCommit = regexp.MustCompile(`^[0-9a-f]{7,40}(-dirty)?$`)
)

// Clean turns what the build stamped into what people read: a release tag without its
// "v" ("1.2.3"), or "dev (commit 22ff3fcde7fa)" for a build that is not a tagged release.
func Clean(v string) string {
	v = strings.TrimSpace(v)
	switch {
	case v == "" || v == "(devel)":
		return "dev"
	case pseudo.MatchString(v):
		m := pseudo.FindStringSubmatch(v)
		return "dev (commit " + m[1] + strings.Replace(m[2], "+", " ", 1) + ")"
	case bareCommit.MatchString(v):
		return "dev (commit " + strings.Replace(v, "-", " ", 1) + ")"
	}
	// `git describe --tags`: v1.2.3, or v1.2.3-4-gabc1234 past a tag.
	return strings.TrimPrefix(v, "v")
}

// FromBuildInfo returns the module version stamped by `go install` or the VCS revision the
// go command stamped, or "dev".
func FromBuildInfo() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "dev"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if len(rev) >= 12 {
		if dirty {
			return rev[:12] + "-dirty"
		}
		return rev[:12]
	}
	return "dev"
}

// NewCmdVersion builds `esim version`.
func NewCmdVersion(ios *iostreams.IOStreams, version string) *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the version of esim",
		Long:    "Print the version: the release tag, or 'dev' with the commit for a build that is not a release.",
		Args:    cmdutil.NoArgs,
		Example: "  $ esim version\n  $ esim --version",
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprint(ios.Out, Format(version))
			return err
		},
	}
}
