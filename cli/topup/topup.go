// Package topup implements `esim topup list` and `esim topup buy`.
package topup

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/cedarsim/esim/cli/browser"
	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/checkout"
	"github.com/cedarsim/esim/cli/internal/complete"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/render"
	"github.com/cedarsim/esim/cli/session"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/sdk/profile"
	"github.com/spf13/cobra"
)

// NewCmdTopup builds the `esim topup` group.
func NewCmdTopup(f *factory.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "topup <command>",
		Short:   "Top up an eSIM with more data",
		GroupID: "shop",
		Example: `  $ esim topup list 8996199000000000010
  $ esim topup buy 8996199000000000010 TR_5GB_30D --web`,
	}
	cmd.AddCommand(NewCmdList(f), NewCmdBuy(f))
	return cmdutil.GroupCommand(cmd)
}

// ListOptions are the options of `esim topup list`.
type ListOptions struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	ICCID    string
	Origin   string
	Provider int
	JSON     cmdutil.JSONFlag
}

// NewCmdList builds `esim topup list ICCID`.
func NewCmdList(f *factory.Factory) *cobra.Command {
	opts := &ListOptions{IO: f.IOStreams, Client: f.Client, Provider: -1}
	cmd := &cobra.Command{
		Use:   "list ICCID",
		Short: "List the top-up plans available for an eSIM",
		Long: `List the plans that can top up an eSIM. The origin (the first country of the eSIM's
plan) and the provider are read from the eSIM unless --origin and --provider are given.`,
		Example: `  $ esim topup list 8996199000000000010
  $ esim topup list 8996199000000000010 --origin TR --provider 0 --json`,
		Args: cmdutil.ExactArgs(1, "the ICCID of the eSIM"),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseICCID(args[0])
			if err != nil {
				return err
			}
			opts.ICCID = id
			opts.Origin = strings.TrimSpace(opts.Origin)
			return listRun(cmd.Context(), opts)
		},
		ValidArgsFunction: complete.ICCIDs(f.Config),
	}
	cmd.Flags().StringVar(&opts.Origin, "origin", "", "Origin country code or region name (default: from the eSIM)")
	cmd.Flags().IntVar(&opts.Provider, "provider", -1, "Third-party provider number (default: from the eSIM)")
	cmdutil.AddJSONFlags(cmd, &opts.JSON, sdk.Bundle{})
	return cmd
}

func countryISO(c sdk.Country) string  { return c.ISOCode }
func countryName(c sdk.Country) string { return c.Name }

// origin finds the eSIM's origin and provider from its bundles (the first country of the
// first bundle that has one).
func origin(bundles []sdk.ESIMBundle) (string, int, bool) {
	for _, b := range bundles {
		if len(b.Countries) == 0 {
			continue
		}
		if o := profile.TopupOrigin(b.Countries, countryISO, countryName); o != "" {
			return o, b.ThirdPartyProvider, true
		}
	}
	return "", 0, false
}

func listRun(ctx context.Context, opts *ListOptions) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ios := opts.IO
	ios.StartSpinner("Loading top-up plans")
	bundles, err := topupBundles(ctx, client, opts.ICCID, opts.Origin, opts.Provider)
	ios.StopSpinner()
	if err != nil {
		return err
	}
	if opts.JSON.Enabled {
		return opts.JSON.Write(ios, bundles)
	}
	if ios.IsStdoutTTY() {
		fmt.Fprintf(ios.ErrOut, "Topup eSIM with ICCID %s\n", opts.ICCID)
	}
	if len(bundles) == 0 {
		fmt.Fprintln(ios.ErrOut, messages.NothingToShow)
		return nil
	}
	return render.BundleTable(ios, bundles, false)
}

func topupBundles(ctx context.Context, client *sdk.Client, id, org string, provider int) ([]sdk.Bundle, error) {
	if org == "" || provider < 0 {
		info, err := client.ESIMs.Info(ctx, id)
		if sdk.IsNotFound(err) {
			return nil, &cmdutil.NotFoundError{What: "ICCID", Value: id, Hint: "no such eSIM"}
		}
		if err != nil {
			return nil, fmt.Errorf("loading eSIM %s: %w", id, err)
		}
		o, p, ok := origin(info)
		if !ok && org == "" {
			return nil, fmt.Errorf("eSIM %s has no plan with an origin country; pass --origin", id)
		}
		if org == "" {
			org = o
		}
		if provider < 0 {
			provider = p
		}
	}
	bundles, err := client.Catalog.TopupBundles(ctx, org, id, provider)
	if err != nil {
		return nil, fmt.Errorf("loading top-up plans of %s: %w", id, err)
	}
	if bundles == nil {
		bundles = []sdk.Bundle{}
	}
	return bundles, nil
}

// BuyOptions are the options of `esim topup buy`.
type BuyOptions struct {
	IO      *iostreams.IOStreams
	Client  func() (*sdk.Client, error)
	Config  func() (*config.Config, error)
	Browser browser.Browser
	ICCID   string
	Bundle  string
	Web     bool
	JSON    cmdutil.JSONFlag
}

// NewCmdBuy builds `esim topup buy ICCID BUNDLE`.
func NewCmdBuy(f *factory.Factory) *cobra.Command {
	opts := &BuyOptions{IO: f.IOStreams, Client: f.Client, Config: f.Config, Browser: f.Browser}
	cmd := &cobra.Command{
		Use:   "buy ICCID BUNDLE",
		Short: "Top up one of your eSIMs: get the checkout link to pay",
		Long: `Top up one of the logged-in customer's eSIMs with a plan from 'esim topup list'
(BUNDLE is its name, such as TR_5GB_30D, or its id). esim asks the eSIM service whether
the plan can continue, has the provider select the top-up bundle, then creates the order
and prints the checkout link; --web opens it in the browser.`,
		Example: `  $ esim topup buy 8996199000000000010 TR_5GB_30D
  $ esim topup buy 8996199000000000010 TR_5GB_30D --web`,
		Args: cmdutil.ExactArgs(2, "ICCID and BUNDLE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseICCID(args[0])
			if err != nil {
				return err
			}
			opts.ICCID = id
			if opts.Bundle = strings.TrimSpace(args[1]); opts.Bundle == "" {
				return cmdutil.FlagErrorf("BUNDLE is empty")
			}
			return buyRun(cmd.Context(), opts)
		},
		ValidArgsFunction: complete.ICCIDs(f.Config),
	}
	cmd.Flags().BoolVarP(&opts.Web, "web", "w", false, "Open the checkout link in the browser")
	cmdutil.AddJSONFlags(cmd, &opts.JSON, checkout.Result{})
	return cmd
}

func buyRun(ctx context.Context, opts *BuyOptions) error {
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
	ios.StartSpinner("Checking the top-up")
	defer ios.StopSpinner()
	esim, bundleID, err := selectTopup(ctx, client, claims.Email, opts)
	if err != nil {
		var notFound *esimNotFoundError
		if errors.As(err, &notFound) {
			return err
		}
		// Section 8: the three top-up alerts; the cause goes to stderr for support agents.
		msg := cmdutil.Message(messages.Topup, err, cfg.Support())
		var ue *cmdutil.UserError
		if errors.As(msg, &ue) && ue.Message.Text == messages.SomethingWentWrong {
			ios.StopSpinner()
			fmt.Fprintf(ios.ErrOut, "top-up %s: %v\n", opts.ICCID, err)
		}
		return msg
	}
	ios.StartSpinner("Creating the order")
	res, err := client.Checkout(ctx, sdk.CheckoutRequest{BundleID: bundleID, Email: claims.Email, TopupAccountID: esim.AccountID})
	ios.StopSpinner()
	if err != nil {
		return checkout.PaymentError(err, cfg.Support())
	}
	return checkout.Print(ctx, ios, opts.Browser, checkout.Result{OrderID: res.OrderID, CheckoutURL: res.CheckoutURL}, opts.Web, &opts.JSON)
}

type esimNotFoundError struct{ iccid, email string }

func (e *esimNotFoundError) Error() string {
	return fmt.Sprintf("eSIM %s is not one of %s's eSIMs", e.iccid, e.email)
}

// selectTopup finds the customer's eSIM and has the provider select the top-up bundle
// (eSIM check, then topup_bundle_selected); it returns the bundle id for the order.
func selectTopup(ctx context.Context, client *sdk.Client, email string, opts *BuyOptions) (*sdk.ESIM, string, error) {
	esims, err := client.ESIMs.ByEmail(ctx, email)
	if err != nil {
		return nil, "", fmt.Errorf("loading your eSIMs: %w", err)
	}
	var esim *sdk.ESIM
	for i := range esims {
		if esims[i].ICCID == opts.ICCID {
			esim = &esims[i]
		}
	}
	if esim == nil {
		return nil, "", &esimNotFoundError{opts.ICCID, email}
	}
	org, provider, ok := origin(esim.Bundles)
	name := opts.Bundle
	if ok {
		// Resolve an id to its name and take the chosen bundle's provider.
		list, err := client.Catalog.TopupBundles(ctx, org, opts.ICCID, provider)
		if err != nil {
			return nil, "", fmt.Errorf("loading top-up plans: %w", err)
		}
		for _, b := range list {
			if strings.EqualFold(b.ID, name) || b.Name == name {
				name, provider = b.Name, b.ThirdPartyProvider
				break
			}
		}
	}
	bundleID, err := client.TopupSelect(ctx, opts.ICCID, name, provider)
	if err != nil {
		return nil, "", err
	}
	return esim, bundleID, nil
}
