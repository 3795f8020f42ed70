// Package buy implements `esim buy`: purchase pre-check, order, order line and the
// checkout link.
package buy

import (
	"context"
	"strings"

	"github.com/cedarsim/esim/cli/browser"
	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/catalog"
	"github.com/cedarsim/esim/cli/internal/checkout"
	"github.com/cedarsim/esim/cli/internal/complete"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/session"
	"github.com/cedarsim/esim/sdk"
	"github.com/spf13/cobra"
)

// Options are the options of `esim buy`.
type Options struct {
	IO      *iostreams.IOStreams
	Client  func() (*sdk.Client, error)
	Config  func() (*config.Config, error)
	Browser browser.Browser
	Plan    string // a plan name, id or unambiguous start of either
	Web     bool
	JSON    cmdutil.JSONFlag
}

// NewCmdBuy builds `esim buy PLAN`.
func NewCmdBuy(f *factory.Factory) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client, Config: f.Config, Browser: f.Browser}
	cmd := &cobra.Command{
		Use:   "buy PLAN",
		Short: "Buy a plan: get the checkout link to pay",
		Long: `Buy a plan as the logged-in customer (new? 'esim signup' first). PLAN is a plan's name
(TR_1GB_7D, any case) or id as 'esim plans' shows them, or the start of either when only
one plan has it. esim asks whether the purchase is allowed (and shows the reason when it
is not), creates the order, adds the plan to it and prints the checkout link. --web
opens the link in the browser.`,
		Example: `  $ esim buy TR_1GB_7D
  $ esim buy 5d1c2f7e-0b7c-4c55-9a57-2b1f0c8e4a10 --web
  $ esim buy 5d1c2f7e`,
		Args:    cmdutil.ExactArgs(1, "the PLAN (the NAME or ID column of 'esim plans')"),
		GroupID: "shop",
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Plan = strings.TrimSpace(args[0])
			if opts.Plan == "" {
				return cmdutil.FlagErrorf("PLAN is empty")
			}
			return run(cmd.Context(), opts)
		},
		ValidArgsFunction: complete.Plans(f.Config),
	}
	cmd.Flags().BoolVarP(&opts.Web, "web", "w", false, "Open the checkout link in the browser")
	cmdutil.AddJSONFlags(cmd, &opts.JSON, checkout.Result{})
	return cmd
}

func run(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	cfg, err := opts.Config()
	if err != nil {
		return err
	}
	claims, err := session.Customer(ctx, client)
	if err != nil {
		return err
	}
	ios := opts.IO
	ios.StartSpinner("Finding the plan")
	id, err := catalog.Cache{Dir: cfg.Dir}.ResolvePlan(ctx, client.Catalog, opts.Plan)
	ios.StopSpinner()
	if err != nil {
		return err
	}
	ios.StartSpinner("Creating the order")
	res, err := client.Checkout(ctx, sdk.CheckoutRequest{BundleID: id, Email: claims.Email})
	ios.StopSpinner()
	if err != nil {
		return checkout.PaymentError(err, cfg.Support())
	}
	return checkout.Print(ctx, ios, opts.Browser, checkout.Result{OrderID: res.OrderID, CheckoutURL: res.CheckoutURL}, opts.Web, &opts.JSON)
}
