// Package areas implements `esim countries` and `esim regions`: the catalogue's area
// lists, filtered the way the plans page's search box filters (sdk/textmatch).
package areas

import (
	"context"
	"errors"
	"fmt"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/render"
	"github.com/cedarsim/esim/cli/tableprinter"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/textmatch"
	"github.com/spf13/cobra"
)

// Options are the options of `esim countries` and `esim regions`.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	Filter string
	JSON   cmdutil.JSONFlag
}

// NewCmdCountries builds `esim countries [FILTER]`.
func NewCmdCountries(f *factory.Factory) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "countries [FILTER]",
		Short: "List the countries plans are sold for",
		Long: `List the countries of the catalogue with their ISO codes. FILTER keeps the names that
contain it, ignoring case, accents and surrounding spaces ('cote' finds Côte d'Ivoire).
A FILTER that matches nothing exits 1.`,
		Example: `  $ esim countries
  $ esim countries united
  $ esim countries --json --jq '.[].isoCode'`,
		Args:    cmdutil.MaxArgs(1, "one FILTER"),
		GroupID: "shop",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Filter = args[0]
			}
			return countriesRun(cmd.Context(), opts)
		},
	}
	cmdutil.AddJSONFlags(cmd, &opts.JSON, sdk.Country{})
	return cmd
}

// NewCmdRegions builds `esim regions [FILTER]`.
func NewCmdRegions(f *factory.Factory) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "regions [FILTER]",
		Short: "List the regions plans are sold for",
		Long: `List the regions of the catalogue; use a name with 'esim plans --region'. FILTER keeps
the names that contain it, ignoring case, accents and surrounding spaces. A FILTER that
matches nothing exits 1.`,
		Example: `  $ esim regions
  $ esim regions europe
  $ esim plans --region "$(esim regions europe | head -n1)"`,
		Args:    cmdutil.MaxArgs(1, "one FILTER"),
		GroupID: "shop",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Filter = args[0]
			}
			return regionsRun(cmd.Context(), opts)
		},
	}
	cmdutil.AddJSONFlags(cmd, &opts.JSON, sdk.Region{})
	return cmd
}

// errNoMatch: a filter that matches nothing is an error, not an empty success.
func errNoMatch(what, filter string) error {
	return &cmdutil.NotFoundError{What: what, Value: filter, Hint: "no " + what + " name contains it"}
}

func countriesRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ios := opts.IO
	ios.StartSpinner("Loading countries")
	all, err := client.Catalog.Countries(ctx)
	ios.StopSpinner()
	if err != nil {
		return fmt.Errorf("loading countries: %w", err)
	}
	list := textmatch.Filter(all, opts.Filter, func(c sdk.Country) string { return c.Name })
	if len(list) == 0 && opts.Filter != "" {
		return errNoMatch("country", opts.Filter)
	}
	if opts.JSON.Enabled {
		return opts.JSON.Write(ios, list)
	}
	if len(list) == 0 {
		return errors.New("the catalogue lists no countries")
	}
	t := render.NewTable(ios)
	t.Columns(tableprinter.Column{Title: "Code", Keep: true}, tableprinter.Column{Title: "Flag", Drop: 1}, tableprinter.Column{Title: "Country"})
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
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ios := opts.IO
	ios.StartSpinner("Loading regions")
	all, err := client.Catalog.Regions(ctx)
	ios.StopSpinner()
	if err != nil {
		return fmt.Errorf("loading regions: %w", err)
	}
	list := textmatch.Filter(all, opts.Filter, func(r sdk.Region) string { return r.Name })
	if len(list) == 0 && opts.Filter != "" {
		return errNoMatch("region", opts.Filter)
	}
	if opts.JSON.Enabled {
		return opts.JSON.Write(ios, list)
	}
	if len(list) == 0 {
		return errors.New("the catalogue lists no regions")
	}
	t := render.NewTable(ios)
	for _, r := range list {
		t.Row(r.Name)
	}
	return t.Render()
}
