// Package checkout ends `esim buy` and `esim topup buy` the same way: the spec's words for
// a failed purchase, and the checkout link on stdout (opened with --web).
package checkout

import (
	"context"
	"errors"
	"fmt"

	"github.com/cedarsim/esim/cli/browser"
	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
)

// Result is the --json shape of `esim buy` and `esim topup buy`.
type Result struct {
	OrderID     string `json:"orderId"`
	CheckoutURL string `json:"checkoutUrl"`
}

// PaymentError words a failed purchase (pre-check or order) as section 8 does: the
// refusal's reason as the server words it, any other failure the payment message.
func PaymentError(err error, s messages.Support) error {
	var refused *sdk.PurchaseRefusedError
	c := messages.Payment
	if errors.As(err, &refused) {
		c = messages.PurchaseCheck
	}
	return cmdutil.Message(c, err, s)
}

// Print prints the checkout link (data on stdout) and opens it with web.
func Print(ctx context.Context, ios *iostreams.IOStreams, b browser.Browser, r Result, web bool, j *cmdutil.JSONFlag) error {
	if j != nil && j.Enabled {
		if err := j.Write(ios, r); err != nil {
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
		if err := b.Browse(ctx, r.CheckoutURL); err != nil {
			return fmt.Errorf("opening the checkout link: %w", err)
		}
		fmt.Fprintln(ios.ErrOut, "Opened the checkout page in your browser.")
	}
	return nil
}
