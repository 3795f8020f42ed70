package esims

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/session"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/lpa"
	"github.com/cedarsim/esim/sdk/qrcode"
	"github.com/mdp/qrterminal/v3"
	"github.com/spf13/cobra"
)

// QROptions are the options of `esim esims qr`.
type QROptions struct {
	Factory *factory.Factory
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
	ICCID          string `json:"iccid"`
	LPA            string `json:"lpa"`
	SMDPAddress    string `json:"smdpAddress"`
	ActivationCode string `json:"activationCode"`
}

// maxLPALength bounds what we draw: qrterminal cannot report an oversized payload, and an
// activation code is far shorter than this.
const maxLPALength = 512

// NewCmdQR builds `esim esims qr ICCID`.
func NewCmdQR(f *factory.Factory, runF func(*QROptions) error) *cobra.Command {
	opts := &QROptions{Factory: f, QRFetchDelay: 500 * time.Millisecond}
	cmd := &cobra.Command{
		Use:   "qr ICCID",
		Short: "Print an eSIM's install QR code, SM-DP+ address and activation code",
		Long: `Print the eSIM's install QR code in the terminal, with the SM-DP+ address and the
activation code for a manual install. The activation code is read from the eSIM's
iPhone install link, or decoded from its QR image when only the image is known.
--png saves the QR image to a file.`,
		Example: `  $ esim esims qr 8944500000000000011
  $ esim esims qr 8944500000000000011 --email customer@example.com --png esim.png
  $ esim esims qr 8944500000000000011 --json`,
		Args: cmdutil.ExactArgs(1, "the ICCID of the eSIM"),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseICCID(args[0])
			if err != nil {
				return err
			}
			opts.ICCID = id
			if runF != nil {
				return runF(opts)
			}
			return qrRun(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Email, "email", "e", "", "Owner's e-mail (default: the logged-in customer)")
	fl.StringVar(&opts.PNGPath, "png", "", "Save the QR code image to this `FILE`")
	cmdutil.AddJSONFlag(fl, &opts.JSON)
	return cmd
}

func qrRun(ctx context.Context, opts *QROptions) error {
	client, err := opts.Factory.Client()
	if err != nil {
		return err
	}
	ios := opts.Factory.IOStreams
	ios.StartSpinner("Loading QR code")
	code, png, err := findCode(ctx, client, opts)
	ios.StopSpinner()
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
	res := QRResult{ICCID: opts.ICCID, LPA: code.String(), SMDPAddress: code.SMDP, ActivationCode: code.MatchingID}
	if opts.JSON.Enabled {
		return cmdutil.WriteJSON(ios.Out, res)
	}
	qrterminal.GenerateWithConfig(res.LPA, qrterminal.Config{
		Level: qrterminal.M, Writer: ios.Out, HalfBlocks: true, QuietZone: 2,
	})
	_, err = fmt.Fprintf(ios.Out, "SM-DP+ address:  %s\nActivation code: %s\nLPA:             %s\n",
		res.SMDPAddress, res.ActivationCode, res.LPA)
	return err
}

// findCode finds the activation code of the eSIM: from its iPhone link when the owner's
// eSIM list has one, otherwise by decoding the QR image (from the list, or the QR call).
// png is the server's image when one was fetched.
func findCode(ctx context.Context, client *sdk.Client, opts *QROptions) (lpa.Code, []byte, error) {
	var png []byte
	listedWithoutImage := false
	email, err := session.EmailOrCustomer(ctx, client, opts.Email)
	var authErr *cmdutil.AuthError
	switch {
	case errors.As(err, &authErr):
		// Not logged in and no --email: the QR call alone can still answer.
	case err != nil:
		return lpa.Code{}, nil, err
	default:
		list, err := client.ESIMs.ByEmail(ctx, email)
		if err != nil {
			return lpa.Code{}, nil, fmt.Errorf("loading eSIMs of %s: %w", email, err)
		}
		for _, e := range list {
			if e.ICCID != opts.ICCID {
				continue
			}
			if e.LinkOnIphone != "" {
				if c, err := lpa.FromIPhoneLink(e.LinkOnIphone); err == nil && len(c.String()) <= maxLPALength {
					return c, decodeBase64(e.Base64QRCodeImage), nil
				}
			}
			png = decodeBase64(e.Base64QRCodeImage)
			listedWithoutImage = png == nil
		}
	}
	if png == nil && listedWithoutImage {
		select {
		case <-time.After(opts.QRFetchDelay):
		case <-ctx.Done():
			return lpa.Code{}, nil, ctx.Err()
		}
	}
	if png == nil {
		if png, err = client.ESIMs.QRCode(ctx, opts.ICCID); err != nil {
			return lpa.Code{}, nil, fmt.Errorf("loading the QR code of %s: %w", opts.ICCID, err)
		}
	}
	text, err := qrcode.DecodePNG(png)
	if err != nil {
		return lpa.Code{}, nil, fmt.Errorf("reading the QR image of %s: %w", opts.ICCID, err)
	}
	text = strings.TrimSpace(text)
	if len(text) > maxLPALength {
		return lpa.Code{}, nil, fmt.Errorf("the QR code of %s holds %d bytes, not an activation code", opts.ICCID, len(text))
	}
	c, err := lpa.Parse(text)
	if err != nil {
		return lpa.Code{}, nil, fmt.Errorf("the QR code of %s: %w", opts.ICCID, err)
	}
	return c, png, nil
}

func decodeBase64(s string) []byte {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, ","); strings.HasPrefix(s, "data:") && i > 0 {
		s = s[i+1:] // tolerate a data: URL
	}
	if s == "" {
		return nil
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil
	}
	return b
}
