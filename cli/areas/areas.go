// Package areas implements `esim countries` and `esim regions`: the catalogue's area
// lists, filtered the way the plans page's search box filters (sdk/textmatch).
package areas

import (
	"context"
	"fmt"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/render"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/textmatch"
	"github.com/spf13/cobra"
)

// Options are the options of `esim countries` and `esim regions`.
type Options struct {
	Factory *factory.Factory
	Filter  string
	JSON    cmdutil.JSONFlag
}

// NewCmdCountries builds `esim countries [FILTER]`.
func NewCmdCountries(f *factory.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Factory: f}
	cmd := &cobra.Command{
		Use:   "countries [FILTER]",
		Short: "List the countries plans are sold for",
		Long: `List the countries of the catalogue with their ISO codes. FILTER keeps the names that
contain it, ignoring case, accents and surrounding spaces ('cote' finds Côte d'Ivoire).`,
		Example: `  $ esim countries
  $ esim countries united
  $ esim countries --json`,
		Args:    cmdutil.MaxArgs(1, "one FILTER"),
		GroupID: "shop",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Filter = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return countriesRun(cmd.Context(), opts)
		},
	}
	cmdutil.AddJSONFlag(cmd.Flags(), &opts.JSON)
	return cmd
}

// NewCmdRegions builds `esim regions [FILTER]`.
func NewCmdRegions(f *factory.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Factory: f}
	cmd := &cobra.Command{
		Use:   "regions [FILTER]",
		Short: "List the regions plans are sold for",
		Long: `List the regions of the catalogue; use a name with 'esim plans --region'. FILTER keeps
the names that contain it, ignoring case, accents and surrounding spaces.`,
		Example: `  $ esim regions
  $ esim regions europe
  $ esim plans --region "$(esim regions europe | head -n1)"`,
		Args:    cmdutil.MaxArgs(1, "one FILTER"),
		GroupID: "shop",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Filter = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return regionsRun(cmd.Context(), opts)
		},
	}
	cmdutil.AddJSONFlag(cmd.Flags(), &opts.JSON)
	return cmd
}

func countriesRun(ctx context.Context, opts *Options) error {
	client, err := opts.Factory.Client()
	if err != nil {
		return err
	}
	ios := opts.Factory.IOStreams
	ios.StartSpinner("Loading countries")
	all, err := client.Catalog.Countries(ctx)
	ios.StopSpinner()
	if err != nil {
		return fmt.Errorf("loading countries: %w", err)
	}
	list := textmatch.Filter(all, opts.Filter, func(c sdk.Country) string { return c.Name })
	if opts.JSON.Enabled {
		return cmdutil.WriteJSON(ios.Out, list)
	}
	if len(list) == 0 {
		fmt.Fprintln(ios.ErrOut, "No options")
		return nil
	}
	t := render.NewTable(ios)
	if t.IsTTY() {
		t.Header("Code", "Flag", "Country")
	}
	for _, c := range list {
		t.Field(c.ISOCode)
		if t.IsTTY() { // piped output stays "code<TAB>name"
			t.Field(render.Flag([]string{c.ISOCode}, true))
		}
		t.Field(c.Name)
		t.EndRow()
	}
	return t.Render()
}

func regionsRun(ctx context.Context, opts *Options) error {
	client, err := opts.Factory.Client()
	if err != nil {
		return err
	}
	ios := opts.Factory.IOStreams
	ios.StartSpinner("Loading regions")
	all, err := client.Catalog.Regions(ctx)
	ios.StopSpinner()
	if err != nil {
		return fmt.Errorf("loading regions: %w", err)
	}
	list := textmatch.Filter(all, opts.Filter, func(r sdk.Region) string { return r.Name })
	if opts.JSON.Enabled {
		return cmdutil.WriteJSON(ios.Out, list)
	}
	if len(list) == 0 {
		fmt.Fprintln(ios.ErrOut, "No options")
		return nil
	}
	t := render.NewTable(ios)
	for _, r := range list {
		t.Row(r.Name)
	}
	return t.Render()
}
