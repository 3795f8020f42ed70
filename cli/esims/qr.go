package esims

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/complete"
	"github.com/cedarsim/esim/cli/internal/install"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/session"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/diagnose"
	"github.com/cedarsim/esim/sdk/qrcode"
	"github.com/spf13/cobra"
)

// QROptions are the options of `esim esims qr`.
type QROptions struct {
	IO      *iostreams.IOStreams
	Client  func() (*sdk.Client, error)
	ICCID   string
	Email   string
	PNGPath string
	JSON    cmdutil.JSONFlag

	// QRFetchDelay is the wait before asking for an image the eSIM list did not carry
	// (spec section 9: 500 ms).
	QRFetchDelay time.Duration
}

// QRResult is the --json shape of `esim esims qr`.
type QRResult struct {
	ICCID string `json:"iccid"`
	diagnose.Install
}

// NewCmdQR builds `esim esims qr ICCID`.
func NewCmdQR(f *factory.Factory) *cobra.Command {
	opts := &QROptions{IO: f.IOStreams, Client: f.Client, QRFetchDelay: 500 * time.Millisecond}
	cmd := &cobra.Command{
		Use:   "qr ICCID",
		Short: "Print an eSIM's install QR code, SM-DP+ address, activation code and install links",
		Long: `Print the eSIM's install QR code in the terminal, with the SM-DP+ address and the
activation code for a manual install, and the one-tap install links for iPhone and
Android. The activation code is read from the eSIM's iPhone install link, or decoded
from its QR image when only the image is known. --png saves the QR image to a file.`,
		Example: `  $ esim esims qr 8996199000000000010
  $ esim esims qr 8996199000000000010 --email customer@example.com --png esim.png
  $ esim esims qr 8996199000000000010 --jq .androidLink`,
		Args: cmdutil.ExactArgs(1, "the ICCID of the eSIM"),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseICCID(args[0])
			if err != nil {
				return err
			}
			opts.ICCID = id
			return qrRun(cmd.Context(), opts)
		},
		ValidArgsFunction: complete.ICCIDs(f.Config),
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Email, "email", "e", "", "Owner's e-mail (default: the logged-in customer)")
	fl.StringVar(&opts.PNGPath, "png", "", "Save the QR code image to this `FILE`")
	cmdutil.AddJSONFlags(cmd, &opts.JSON, QRResult{})
	return cmd
}

func qrRun(ctx context.Context, opts *QROptions) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ios := opts.IO
	ios.StartSpinner("Loading QR code")
	listed, err := findListed(ctx, client, opts.Email, opts.ICCID)
	if err != nil {
		ios.StopSpinner()
		return err
	}
	code, png, err := install.Find(ctx, client.ESIMs, opts.ICCID, listed, opts.QRFetchDelay)
	ios.StopSpinner()
	if sdk.IsNotFound(err) {
		return notFoundICCID(opts.ICCID)
	}
	if err != nil {
		return err
	}
	if opts.PNGPath != "" {
		if png == nil {
			if png, err = qrcode.EncodePNG(code.String(), 512); err != nil {
				return fmt.Errorf("drawing the QR image: %w", err)
			}
		}
		if err := os.WriteFile(opts.PNGPath, png, 0o644); err != nil {
			return fmt.Errorf("saving the QR image: %w", err)
		}
		fmt.Fprintf(ios.ErrOut, "QR code saved to %s\n", opts.PNGPath)
	}
	res := QRResult{ICCID: opts.ICCID, Install: diagnose.InstallFor(code)}
	if opts.JSON.Enabled {
		return opts.JSON.Write(ios, res)
	}
	art, err := qrcode.Terminal(res.LPA)
	if err != nil {
		return fmt.Errorf("drawing the QR code: %w", err)
	}
	if ios.ColorEnabled() {
		// White on black whatever the terminal's theme: a light theme would invert the code.
		art = "\x1b[97;40m" + strings.ReplaceAll(art, "\n", "\x1b[0m\n\x1b[97;40m") + "\x1b[0m"
	}
	_, err = fmt.Fprintf(ios.Out, "%s\nSM-DP+ address:  %s\nActivation code: %s\nLPA:             %s\niPhone:          %s\nAndroid:         %s\n",
		art, res.SMDPAddress, res.ActivationCode, res.LPA, res.IOSLink, res.AndroidLink)
	return err
}

// findListed finds the eSIM in its owner's list (email, else the logged-in customer):
// nil when nobody is logged in and no e-mail was given, or the list lacks it.
func findListed(ctx context.Context, client *sdk.Client, email, iccid string) (*sdk.ESIM, error) {
	email, err := session.EmailOrCustomer(ctx, client, email)
	var authErr *cmdutil.AuthError
	switch {
	case errors.As(err, &authErr):
		return nil, nil // not logged in and no --email: the QR call alone can still answer
	case err != nil:
		return nil, err
	}
	list, err := client.ESIMs.ByEmail(ctx, email)
	if err != nil {
		return nil, fmt.Errorf("loading eSIMs of %s: %w", email, err)
	}
	for i := range list {
		if list[i].ICCID == iccid {
			return &list[i], nil
		}
	}
	return nil, nil
}
