package esims

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/complete"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/render"
	"github.com/cedarsim/esim/cli/tableprinter"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/diagnose"
	"github.com/cedarsim/esim/sdk/format"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/spf13/cobra"
)

// ShowOptions are the options of `esim esims show`.
type ShowOptions struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	ICCID  string
	JSON   cmdutil.JSONFlag
}

// NewCmdShow builds `esim esims show ICCID`.
func NewCmdShow(f *factory.Factory) *cobra.Command {
	opts := &ShowOptions{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "show ICCID",
		Short: "Show an eSIM's bundles with usage bars, dates and coverage",
		Long: `Show each bundle of an eSIM: state, purchase, start and end dates (Beirut time, zone
shown), data used in MB below 1 GB, whether a top-up is allowed (never for a Revoked
bundle), origin and coverage. An unknown ICCID exits 1.`,
		Example: `  $ esim esims show 8996199000000000010
  $ esim esims show 8996199000000000010 --json`,
		Args: cmdutil.ExactArgs(1, "the ICCID of the eSIM"),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseICCID(args[0])
			if err != nil {
				return err
			}
			opts.ICCID = id
			return showRun(cmd.Context(), opts)
		},
		ValidArgsFunction: complete.ICCIDs(f.Config),
	}
	cmdutil.AddJSONFlags(cmd, &opts.JSON, sdk.ESIMBundle{})
	return cmd
}

// notFoundICCID is the error of an ICCID the provider does not know.
func notFoundICCID(id string) error {
	return &cmdutil.NotFoundError{What: "ICCID", Value: id, Hint: "no such eSIM"}
}

func showRun(ctx context.Context, opts *ShowOptions) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ios := opts.IO
	ios.StartSpinner("Loading eSIM")
	bundles, err := client.ESIMs.Info(ctx, opts.ICCID)
	ios.StopSpinner()
	if sdk.IsNotFound(err) {
		return notFoundICCID(opts.ICCID)
	}
	if err != nil {
		return fmt.Errorf("loading eSIM %s: %w", opts.ICCID, err)
	}
	if bundles == nil {
		bundles = []sdk.ESIMBundle{}
	}
	if opts.JSON.Enabled {
		return opts.JSON.Write(ios, bundles)
	}
	if len(bundles) == 0 {
		fmt.Fprintln(ios.ErrOut, messages.NothingToShow)
		return nil
	}
	fmt.Fprintf(ios.Out, "ICCID: %s\n", opts.ICCID)
	for _, b := range bundles {
		if err := PrintBundle(ios.Out, diagnose.BundleOf(b), "  "); err != nil {
			return err
		}
	}
	return nil
}

const barWidth = 20

// PrintBundle writes one bundle's detail lines, each label indented by indent.
func PrintBundle(w io.Writer, b diagnose.Bundle, indent string) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "\n%s%s\n", strings.TrimSuffix(indent, "  "), tableprinter.Sanitize(b.Name))
	line := func(label, v string) {
		if v != "" {
			fmt.Fprintf(&sb, "%s%-10s %s\n", indent, label+":", tableprinter.Sanitize(v))
		}
	}
	line("State", b.State)
	line("Purchased", b.PurchasedText)
	line("Start", b.StartText)
	line("End", b.EndText)
	if b.Usage.Unlimited {
		line("Usage", "Unlimited")
	} else {
		line("Usage", render.Bar(b.Usage.Percent, barWidth)+" "+b.Usage.Text)
		line("Remaining", format.Volume(min(max(b.Usage.RemainingBytes, 0), max(b.Usage.InitialBytes, 0))))
	}
	line("Top-up", render.YesNo(b.Topup))
	if b.Origin != nil {
		line("Origin", render.Countries([]sdk.Country{*b.Origin}))
	}
	line("Coverage", render.Countries(b.Coverage))
	if _, err := io.WriteString(w, sb.String()); err != nil {
		return fmt.Errorf("writing eSIM: %w", err)
	}
	return nil
}
