package root

import (
	"github.com/cedarsim/esim/cli/areas"
	"github.com/cedarsim/esim/cli/auth/login"
	"github.com/cedarsim/esim/cli/auth/logout"
	"github.com/cedarsim/esim/cli/auth/signup"
	"github.com/cedarsim/esim/cli/auth/whoami"
	"github.com/cedarsim/esim/cli/buy"
	"github.com/cedarsim/esim/cli/contact"
	"github.com/cedarsim/esim/cli/customer"
	"github.com/cedarsim/esim/cli/esims"
	"github.com/cedarsim/esim/cli/factory"
	clifixtures "github.com/cedarsim/esim/cli/fixtures"
	"github.com/cedarsim/esim/cli/fixtures/check"
	"github.com/cedarsim/esim/cli/fixtures/diff"
	"github.com/cedarsim/esim/cli/plans"
	clirecord "github.com/cedarsim/esim/cli/record"
	clisandbox "github.com/cedarsim/esim/cli/sandbox"
	"github.com/cedarsim/esim/cli/serve"
	"github.com/cedarsim/esim/cli/topup"
	"github.com/cedarsim/esim/cli/tuicmd"
	"github.com/cedarsim/esim/cli/version"
	"github.com/spf13/cobra"
)

// commands lists the top-level commands, each in one of the groups of `esim --help`.
func commands(f *factory.Factory) []*cobra.Command {
	return []*cobra.Command{
		plans.NewCmdPlans(f),
		areas.NewCmdCountries(f),
		areas.NewCmdRegions(f),
		buy.NewCmdBuy(f),
		topup.NewCmdTopup(f),
		tuicmd.NewCmdTUI(f, nil),
		signup.NewCmdSignup(f),
		login.NewCmdLogin(f),
		logout.NewCmdLogout(f),
		whoami.NewCmdWhoami(f),
		contact.NewCmdContact(f),
		esims.NewCmdESIMs(f),
		customer.NewCmdCustomer(f),
		serve.NewCmdServe(f, nil),
		clisandbox.NewCmdSandbox(f),
		clirecord.NewCmdRecord(f, nil),
		clifixtures.Group(diff.NewCmdDiff(f, nil), check.NewCmdCheck(f, nil)),
		version.NewCmdVersion(f.IOStreams, f.AppVersion),
	}
}
