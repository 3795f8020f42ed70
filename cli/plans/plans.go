// Package plans implements `esim plans` (list bundles of a country, region, the global
// origin or the special groups) and `esim plans show`.
package plans

import (
	"context"
	"fmt"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/render"
	"github.com/cedarsim/esim/sdk"
	"github.com/spf13/cobra"
)

// ListOptions are the options of `esim plans`.
type ListOptions struct {
	Factory   *factory.Factory
	Countries []string
	Region    string
	Global    bool
	Special   bool
	JSON      cmdutil.JSONFlag
}

// NewCmdPlans builds `esim plans` with its `show` subcommand.
func NewCmdPlans(f *factory.Factory, runF func(*ListOptions) error) *cobra.Command {
	opts := &ListOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "plans (--country CODES | --region NAME | --global | --special)",
		Short: "List data plans of countries, a region, the global origin or special offers",
		Long: `List the catalogue's data plans (bundles). Choose exactly one source:
--country with ISO codes (comma-separated, searched together), --region with a region
name as 'esim regions' lists it, --global, or --special for the special offers.`,
		Example: `  $ esim plans --country TR
  $ esim plans --country TR,LB --json
  $ esim plans --region Europe
  $ esim plans --global
  $ esim plans --special`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			n := 0
			for _, set := range []bool{len(opts.Countries) > 0, opts.Region != "", opts.Global, opts.Special} {
				if set {
					n++
				}
			}
			if n != 1 {
				return cmdutil.FlagErrorf("choose one of --country, --region, --global or --special")
			}
			for i, c := range opts.Countries {
				c = strings.ToUpper(strings.TrimSpace(c))
				if len(c) != 2 || c[0] < 'A' || c[0] > 'Z' || c[1] < 'A' || c[1] > 'Z' {
					return cmdutil.FlagErrorf("invalid country code %q: want two letters such as TR", opts.Countries[i])
				}
				opts.Countries[i] = c
			}
			opts.Region = strings.TrimSpace(opts.Region)
			if runF != nil {
				return runF(opts)
			}
			return listRun(cmd.Context(), opts)
		},
		GroupID: "shop",
	}
	fl := cmd.Flags()
	fl.StringSliceVarP(&opts.Countries, "country", "c", nil, "ISO country codes, comma-separated (TR,LB)")
	fl.StringVarP(&opts.Region, "region", "r", "", "Region name (see 'esim regions')")
	fl.BoolVar(&opts.Global, "global", false, "Plans of the global origin")
	fl.BoolVar(&opts.Special, "special", false, "Special offers, grouped")
	cmdutil.AddJSONFlag(fl, &opts.JSON)
	cmd.AddCommand(NewCmdShow(f, nil))
	return cmd
}

func listRun(ctx context.Context, opts *ListOptions) error {
	client, err := opts.Factory.Client()
	if err != nil {
		return err
	}
	ios := opts.Factory.IOStreams
	ios.StartSpinner("Loading plans")
	var bundles []sdk.Bundle
	switch {
	case len(opts.Countries) > 0:
		bundles, err = client.Catalog.Search(ctx, opts.Countries)
	case opts.Region != "":
		bundles, err = client.Catalog.AreaBundles(ctx, opts.Region)
	case opts.Global:
		bundles, err = client.Catalog.AreaBundles(ctx, "global")
	default:
		bundles, err = client.Catalog.SpecialBundles(ctx)
	}
	ios.StopSpinner()
	if err != nil {
		return fmt.Errorf("loading plans: %w", err)
	}
	if bundles == nil {
		bundles = []sdk.Bundle{}
	}
	if opts.JSON.Enabled {
		return cmdutil.WriteJSON(ios.Out, bundles)
	}
	if len(bundles) == 0 {
		fmt.Fprintln(ios.ErrOut, "No plans found")
		return nil
	}
	if opts.Special {
		return specialTable(opts.Factory, bundles)
	}
	return render.BundleTable(ios, bundles)
}

// specialTable groups special bundles under their group, each group once, in first-seen order.
func specialTable(f *factory.Factory, bundles []sdk.Bundle) error {
	ios := f.IOStreams
	t := render.NewTable(ios)
	t.Header("Group", "ID", "Plan", "Data", "Validity", "Price", "Coverage")
	for _, b := range bundles {
		t.Field(b.Group)
		t.Field(b.ID)
		t.Field(render.BundleTitle(b))
		t.Field(formatQuota(b))
		t.Field(formatValidity(b))
		t.Field(render.Price(b.Price))
		t.Field(render.Coverage(len(b.RoamingCountries)))
		t.EndRow()
	}
	return t.Render()
}
