package esims

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/render"
	"github.com/cedarsim/esim/cli/tableprinter"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/format"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/sdk/profile"
	"github.com/spf13/cobra"
)

// ShowOptions are the options of `esim esims show`.
type ShowOptions struct {
	Factory *factory.Factory
	ICCID   string
	JSON    cmdutil.JSONFlag
}

// NewCmdShow builds `esim esims show ICCID`.
func NewCmdShow(f *factory.Factory, runF func(*ShowOptions) error) *cobra.Command {
	opts := &ShowOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "show ICCID",
		Short: "Show an eSIM's bundles with usage bars, dates and coverage",
		Example: `  $ esim esims show 8944500000000000011
  $ esim esims show 8944500000000000011 --json`,
		Args: cmdutil.ExactArgs(1, "the ICCID of the eSIM"),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseICCID(args[0])
			if err != nil {
				return err
			}
			opts.ICCID = id
			if runF != nil {
				return runF(opts)
			}
			return showRun(cmd.Context(), opts)
		},
	}
	cmdutil.AddJSONFlag(cmd.Flags(), &opts.JSON)
	return cmd
}

func showRun(ctx context.Context, opts *ShowOptions) error {
	client, err := opts.Factory.Client()
	if err != nil {
		return err
	}
	ios := opts.Factory.IOStreams
	ios.StartSpinner("Loading eSIM")
	bundles, err := client.ESIMs.Info(ctx, opts.ICCID)
	ios.StopSpinner()
	if err != nil {
		return fmt.Errorf("loading eSIM %s: %w", opts.ICCID, err)
	}
	if bundles == nil {
		bundles = []sdk.ESIMBundle{}
	}
	if opts.JSON.Enabled {
		return cmdutil.WriteJSON(ios.Out, bundles)
	}
	if len(bundles) == 0 {
		fmt.Fprintln(ios.ErrOut, messages.NothingToShow)
		return nil
	}
	fmt.Fprintf(ios.Out, "ICCID: %s\n", opts.ICCID)
	for _, b := range bundles {
		if err := printBundle(ios.Out, b); err != nil {
			return err
		}
	}
	return nil
}

const barWidth = 20

func printBundle(w io.Writer, b sdk.ESIMBundle) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "\n%s\n", tableprinter.Sanitize(b.DisplayName()))
	line := func(label, v string) {
		if v != "" {
			fmt.Fprintf(&sb, "  %-10s %s\n", label+":", tableprinter.Sanitize(v))
		}
	}
	line("State", b.BundleState)
	line("Purchased", format.Date(b.AssignmentDatetime))
	line("Start", format.Date(b.StartTime))
	line("End", format.Date(b.EndTime))
	if b.Unlimited {
		line("Usage", "Unlimited")
	} else {
		p := format.ConsumptionPercent(b.InitialQuantity, b.RemainingQuantity)
		line("Usage", render.Bar(p, barWidth)+" "+Usage(b))
		line("Remaining", format.BytesGB(min(max(b.RemainingQuantity, 0), max(b.InitialQuantity, 0))))
	}
	line("Top-up", render.YesNo(b.CanTopup))
	if len(b.Countries) > 0 {
		line("Origin", render.Countries(b.Countries[:1]))
	}
	line("Coverage", render.Countries(profile.Coverage(b.RoamingCountries, countryName)))
	if _, err := io.WriteString(w, sb.String()); err != nil {
		return fmt.Errorf("writing eSIM: %w", err)
	}
	return nil
}

func countryName(c sdk.Country) string { return c.Name }
