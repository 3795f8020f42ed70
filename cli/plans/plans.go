// Package plans implements `esim plans` (list bundles of countries, a region, the global
// origin or the special groups) and `esim plans show`.
package plans

import (
	"context"
	"fmt"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/catalog"
	"github.com/cedarsim/esim/cli/internal/complete"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/render"
	"github.com/cedarsim/esim/sdk"
	"github.com/spf13/cobra"
)

// ListOptions are the options of `esim plans`.
type ListOptions struct {
	IO        *iostreams.IOStreams
	Client    func() (*sdk.Client, error)
	Config    func() (*config.Config, error)
	Countries []string
	Region    string
	Global    bool
	Special   bool
	JSON      cmdutil.JSONFlag
}

// NewCmdPlans builds `esim plans` with its `show` subcommand.
func NewCmdPlans(f *factory.Factory) *cobra.Command {
	opts := &ListOptions{IO: f.IOStreams, Client: f.Client, Config: f.Config}
	cmd := &cobra.Command{
		Use:   "plans (--country COUNTRIES | --region NAME | --global | --special)",
		Short: "List data plans of countries, a region, the global origin or special offers",
		Long: `List the catalogue's data plans (bundles). Choose exactly one source:
--country with countries (ISO codes or names, comma-separated, searched together),
--region with a region name as 'esim regions' lists it, --global, or --special for the
special offers. An unknown country or region exits 1.

Every plan table has the same columns: ID, name, flag, plan, data, validity, price,
coverage (and the group of special offers). 'esim buy' and 'esim plans show' take the
name or the id. On a narrow terminal the ID column goes first (the name is enough).`,
		Example: `  $ esim plans --country TR
  $ esim plans --country turkey,lebanon --json
  $ esim plans --country TR --jq '.[] | select(.price < 10) | .id'
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
			for _, c := range opts.Countries {
				if strings.TrimSpace(c) == "" {
					return cmdutil.FlagErrorf("empty country in --country")
				}
			}
			opts.Region = strings.TrimSpace(opts.Region)
			return listRun(cmd.Context(), opts)
		},
		GroupID: "shop",
	}
	fl := cmd.Flags()
	fl.StringSliceVarP(&opts.Countries, "country", "c", nil, "Countries: ISO codes or names, comma-separated (TR,LB or turkey)")
	fl.StringVarP(&opts.Region, "region", "r", "", "Region name (see 'esim regions')")
	fl.BoolVar(&opts.Global, "global", false, "Plans of the global origin")
	fl.BoolVar(&opts.Special, "special", false, "Special offers, grouped")
	cmdutil.AddJSONFlags(cmd, &opts.JSON, sdk.Bundle{})
	_ = cmd.RegisterFlagCompletionFunc("country", complete.Countries(f.Client, f.Config))
	_ = cmd.RegisterFlagCompletionFunc("region", complete.Regions(f.Client, f.Config))
	cmd.AddCommand(NewCmdShow(f))
	return cmd
}

// resolveCountries turns names and codes into ISO codes, from the catalogue's list.
func resolveCountries(ctx context.Context, opts *ListOptions, client *sdk.Client) ([]string, error) {
	cfg, err := opts.Config()
	if err != nil {
		return nil, err
	}
	list, err := catalog.Cache{Dir: cfg.Dir}.Countries(ctx, client.Catalog)
	if err != nil {
		return nil, err
	}
	var codes []string
	for _, s := range opts.Countries {
		c, err := catalog.ResolveCountry(list, s)
		if err != nil {
			return nil, err
		}
		codes = append(codes, strings.ToUpper(c.ISOCode))
	}
	return codes, nil
}

func listRun(ctx context.Context, opts *ListOptions) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ios := opts.IO
	ios.StartSpinner("Loading plans")
	defer ios.StopSpinner()
	var bundles []sdk.Bundle
	switch {
	case len(opts.Countries) > 0:
		codes, err := resolveCountries(ctx, opts, client)
		if err != nil {
			return err
		}
		bundles, err = client.Catalog.Search(ctx, codes)
		if err != nil {
			return fmt.Errorf("loading plans: %w", err)
		}
	case opts.Region != "":
		cfg, err := opts.Config()
		if err != nil {
			return err
		}
		regions, err := catalog.Cache{Dir: cfg.Dir}.Regions(ctx, client.Catalog)
		if err != nil {
			return err
		}
		r, err := catalog.ResolveRegion(regions, opts.Region)
		if err != nil {
			return err
		}
		if bundles, err = client.Catalog.AreaBundles(ctx, r.Name); err != nil {
			return fmt.Errorf("loading plans: %w", err)
		}
	case opts.Global:
		if bundles, err = client.Catalog.AreaBundles(ctx, "global"); err != nil {
			return fmt.Errorf("loading plans: %w", err)
		}
	default:
		if bundles, err = client.Catalog.SpecialBundles(ctx); err != nil {
			return fmt.Errorf("loading plans: %w", err)
		}
	}
	ios.StopSpinner()
	if bundles == nil {
		bundles = []sdk.Bundle{}
	}
	if cfg, err := opts.Config(); err == nil {
		catalog.Cache{Dir: cfg.Dir}.RememberPlans(bundles) // for `esim buy NAME` and completion
	}
	if opts.JSON.Enabled {
		return opts.JSON.Write(ios, bundles)
	}
	if len(bundles) == 0 {
		fmt.Fprintln(ios.ErrOut, "No plans are on sale there right now.")
		return nil
	}
	return render.BundleTable(ios, bundles, opts.Special)
}
