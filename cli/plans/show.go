package plans

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/catalog"
	"github.com/cedarsim/esim/cli/internal/complete"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/render"
	"github.com/cedarsim/esim/cli/tableprinter"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/format"
	"github.com/cedarsim/esim/sdk/profile"
	"github.com/spf13/cobra"
)

// ShowOptions are the options of `esim plans show`.
type ShowOptions struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	Config func() (*config.Config, error)
	Plan   string // a plan name, id or unambiguous start of either
	JSON   cmdutil.JSONFlag
}

// NewCmdShow builds `esim plans show PLAN`.
func NewCmdShow(f *factory.Factory) *cobra.Command {
	opts := &ShowOptions{IO: f.IOStreams, Client: f.Client, Config: f.Config}
	cmd := &cobra.Command{
		Use:   "show PLAN",
		Short: "Show one plan with its coverage",
		Long: `Show one plan with its coverage. PLAN is a plan's name (TR_1GB_7D, any case) or id as
'esim plans' shows them, or the start of either when only one plan has it.`,
		Example: `  $ esim plans show TR_1GB_7D
  $ esim plans show 5d1c2f7e-0b7c-4c55-9a57-2b1f0c8e4a10 --json`,
		Args: cmdutil.ExactArgs(1, "the PLAN (the NAME or ID column of 'esim plans')"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Plan = strings.TrimSpace(args[0])
			if opts.Plan == "" {
				return cmdutil.FlagErrorf("PLAN is empty")
			}
			return showRun(cmd.Context(), opts)
		},
		ValidArgsFunction: complete.Plans(f.Config),
	}
	cmdutil.AddJSONFlags(cmd, &opts.JSON, sdk.Bundle{})
	return cmd
}

func showRun(ctx context.Context, opts *ShowOptions) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	cfg, err := opts.Config()
	if err != nil {
		return err
	}
	ios := opts.IO
	ios.StartSpinner("Loading plan")
	cache := catalog.Cache{Dir: cfg.Dir}
	id, err := cache.ResolvePlan(ctx, client.Catalog, opts.Plan)
	if err != nil {
		ios.StopSpinner()
		return err
	}
	b, err := client.Catalog.Bundle(ctx, id)
	ios.StopSpinner()
	if sdk.IsNotFound(err) || errors.Is(err, sdk.ErrNoData) {
		return &cmdutil.NotFoundError{What: "plan", Value: opts.Plan, Hint: "see the NAME and ID columns of 'esim plans'"}
	}
	if err != nil {
		return fmt.Errorf("loading plan %s: %w", opts.Plan, err)
	}
	cache.RememberPlans([]sdk.Bundle{*b})
	if opts.JSON.Enabled {
		return opts.JSON.Write(ios, b)
	}
	return PrintBundle(ios.Out, *b)
}

// PrintBundle writes the detail view of a catalogue bundle as "Label: value" lines.
func PrintBundle(w io.Writer, b sdk.Bundle) error {
	lines := [][2]string{
		{"Plan", render.BundleTitle(b)},
		{"ID", b.ID},
		{"Name", b.Name},
		{"Data", formatQuota(b)},
		{"Validity", formatValidity(b)},
		{"Price", render.Price(b.Price)},
		{"Type", b.BundleUsageLevel},
		{"Top-up", render.YesNo(b.CanTopup)},
	}
	if b.FupMsg != "" {
		lines = append(lines, [2]string{"Fair use", b.FupMsg})
	}
	if b.Group != "" {
		lines = append(lines, [2]string{"Group", b.Group})
	}
	coverage := profile.Coverage(b.RoamingCountries, func(c sdk.Country) string { return c.Name })
	lines = append(lines, [2]string{"Coverage", render.Coverage(len(coverage))})
	for _, l := range lines {
		if _, err := fmt.Fprintf(w, "%-9s %s\n", l[0]+":", tableprinter.Sanitize(l[1])); err != nil {
			return fmt.Errorf("writing plan: %w", err)
		}
	}
	for _, c := range coverage {
		if _, err := fmt.Fprintf(w, "  %s\n", tableprinter.Sanitize(render.Countries([]sdk.Country{c}))); err != nil {
			return fmt.Errorf("writing plan: %w", err)
		}
	}
	return nil
}

func formatQuota(b sdk.Bundle) string    { return format.Quota(b.QuotaInMB) }
func formatValidity(b sdk.Bundle) string { return format.Validity(b.DurationInDays) }
