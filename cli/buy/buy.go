// Package buy implements `esim buy`: purchase pre-check, order, order line and the
// checkout link.
package buy

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/session"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/spf13/cobra"
)

// Options are the options of `esim buy`.
type Options struct {
	Factory  *factory.Factory
	BundleID string
	Web      bool
	JSON     cmdutil.JSONFlag
}

// Result is the --json shape of `esim buy` and `esim topup buy`.
type Result struct {
	OrderID     string `json:"orderId"`
	CheckoutURL string `json:"checkoutUrl"`
}

// NewCmdBuy builds `esim buy BUNDLE_ID`.
func NewCmdBuy(f *factory.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Factory: f}
	cmd := &cobra.Command{
		Use:   "buy BUNDLE_ID",
		Short: "Buy a plan: get the checkout link to pay",
		Long: `Buy a plan as the logged-in customer. esim asks whether the purchase is allowed (and
shows the reason when it is not), creates the order, adds the plan to it and prints the
checkout link. --web opens the link in the browser.`,
		Example: `  $ esim buy 5d1c2f7e-0b7c-4c55-9a57-2b1f0c8e4a10
  $ esim buy 5d1c2f7e-0b7c-4c55-9a57-2b1f0c8e4a10 --web`,
		Args:    cmdutil.ExactArgs(1, "the BUNDLE_ID (the id column of 'esim plans')"),
		GroupID: "shop",
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.BundleID = strings.TrimSpace(args[0])
			if opts.BundleID == "" {
				return cmdutil.FlagErrorf("BUNDLE_ID is empty")
			}
			if runF != nil {
				return runF(opts)
			}
			return run(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVarP(&opts.Web, "web", "w", false, "Open the checkout link in the browser")
	cmdutil.AddJSONFlag(cmd.Flags(), &opts.JSON)
	return cmd
}

func run(ctx context.Context, opts *Options) error {
	f := opts.Factory
	client, err := f.Client()
	if err != nil {
		return err
	}
	claims, err := session.Customer(ctx, client)
	if err != nil {
		return err
	}
	ios := f.IOStreams
	ios.StartSpinner("Creating the order")
	res, err := client.Checkout(ctx, sdk.CheckoutRequest{BundleID: opts.BundleID, Email: claims.Email})
	ios.StopSpinner()
	if err != nil {
		// The refusal's reason is shown as the server words it; any other failure is the
		// spec's payment message.
		return paymentError(f, err)
	}
	return PrintCheckout(ctx, f, Result{OrderID: res.OrderID, CheckoutURL: res.CheckoutURL}, opts.Web, opts.JSON.Enabled)
}

// paymentError words a failed purchase (pre-check or order) as section 8 does.
func paymentError(f *factory.Factory, err error) error {
	cfg, cerr := f.Config()
	if cerr != nil {
		return cerr
	}
	var refused *sdk.PurchaseRefusedError
	c := messages.Payment
	if errors.As(err, &refused) {
		c = messages.PurchaseCheck
	}
	return cmdutil.Message(c, err, cfg.Support())
}

// PaymentError is paymentError for other commands that end in a checkout (topup buy).
func PaymentError(f *factory.Factory, err error) error { return paymentError(f, err) }

// PrintCheckout prints the checkout link (data on stdout) and opens it with web.
func PrintCheckout(ctx context.Context, f *factory.Factory, r Result, web, asJSON bool) error {
	ios := f.IOStreams
	if asJSON {
		if err := cmdutil.WriteJSON(ios.Out, r); err != nil {
			return err
		}
	} else {
		if ios.IsStdoutTTY() {
			fmt.Fprintln(ios.ErrOut, "Pay on the checkout page:")
		}
		if _, err := fmt.Fprintln(ios.Out, r.CheckoutURL); err != nil {
			return fmt.Errorf("writing the checkout link: %w", err)
		}
	}
	if web {
		if err := f.Browser.Browse(ctx, r.CheckoutURL); err != nil {
			return fmt.Errorf("opening the checkout link: %w", err)
		}
		fmt.Fprintln(ios.ErrOut, "Opened the checkout page in your browser.")
	}
	return nil
}
