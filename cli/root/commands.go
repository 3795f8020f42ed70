package root

import (
	"github.com/cedarsim/esim/cli/areas"
	"github.com/cedarsim/esim/cli/auth/login"
	"github.com/cedarsim/esim/cli/auth/logout"
	"github.com/cedarsim/esim/cli/auth/whoami"
	"github.com/cedarsim/esim/cli/buy"
	"github.com/cedarsim/esim/cli/contact"
	"github.com/cedarsim/esim/cli/esims"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/plans"
	clisandbox "github.com/cedarsim/esim/cli/sandbox"
	"github.com/cedarsim/esim/cli/serve"
	"github.com/cedarsim/esim/cli/topup"
	"github.com/cedarsim/esim/cli/tuicmd"
	"github.com/cedarsim/esim/cli/version"
	"github.com/spf13/cobra"
)

// commands lists the top-level commands; `esim serve` and `esim sandbox` (cli/serve,
// cli/sandbox) are among them, in the "dev" group.
func commands(f *factory.Factory) []*cobra.Command {
	return []*cobra.Command{
		plans.NewCmdPlans(f, nil),
		areas.NewCmdCountries(f, nil),
		areas.NewCmdRegions(f, nil),
		buy.NewCmdBuy(f, nil),
		topup.NewCmdTopup(f),
		tuicmd.NewCmdTUI(f, nil),
		login.NewCmdLogin(f, nil),
		logout.NewCmdLogout(f, nil),
		whoami.NewCmdWhoami(f, nil),
		contact.NewCmdContact(f, nil),
		esims.NewCmdESIMs(f),
		serve.NewCmdServe(f, nil),
		clisandbox.NewCmdSandbox(f, nil),
		version.NewCmdVersion(f),
	}
}
