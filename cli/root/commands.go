package root

import (
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/version"
	"github.com/spf13/cobra"
)

// commands lists the top-level commands. `esim serve` and `esim sandbox` (cli/serve,
// cli/sandbox) are added here by the sandbox engineer, in the "dev" group.
func commands(f *factory.Factory) []*cobra.Command {
	return []*cobra.Command{
		version.NewCmdVersion(f),
	}
}
