// Package install finds an eSIM's activation code for `esim esims qr`, `esim esims
// diagnose` and `esim customer show`: from the owner's eSIM list (iPhone link or QR
// image) when known, else from the QR call.
package install

import (
	"context"
	"fmt"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/diagnose"
	"github.com/cedarsim/esim/sdk/lpa"
)

// QRSource is the part of the SDK the search uses (*sdk.ESIMsService satisfies it).
type QRSource interface {
	QRCode(ctx context.Context, iccid string) ([]byte, error)
}

// Find returns the activation code of iccid. listed is the eSIM from its owner's list
// (nil when not known); png is the image when one was read or fetched. When the list had
// the eSIM without an image, the QR call waits delay first (spec section 9: 500 ms).
func Find(ctx context.Context, src QRSource, iccid string, listed *sdk.ESIM, delay time.Duration) (code lpa.Code, png []byte, err error) {
	if listed != nil {
		png = diagnose.DecodeImage(listed.Base64QRCodeImage)
		if c, ok := diagnose.CodeOf(*listed); ok {
			return c, png, nil
		}
		if png == nil {
			select {
			case <-time.After(delay):
			case <-ctx.Done():
				return lpa.Code{}, nil, ctx.Err()
			}
		}
	}
	if png == nil {
		if png, err = src.QRCode(ctx, iccid); err != nil {
			return lpa.Code{}, nil, fmt.Errorf("loading the QR code of %s: %w", iccid, err)
		}
	}
	c, err := diagnose.CodeFromPNG(png)
	if err != nil {
		return lpa.Code{}, nil, fmt.Errorf("reading the QR code of %s: %w", iccid, err)
	}
	return c, png, nil
}
