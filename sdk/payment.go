package sdk

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/cedarsim/esim/contract/wire"
)

// PaymentStatus is where the payment of a checkout stands: Status "open" (not paid yet)
// or "paid", and how many cards were declined so far (read from wire.PaymentStatus).
type PaymentStatus struct {
	Status   string `json:"status"`
	Declines int    `json:"declines"`
}

// Paid reports a paid checkout.
func (p PaymentStatus) Paid() bool { return p.Status == "paid" }

// ErrNoPaymentStatus says the checkout page has no status to ask (a payment provider's
// page, not the sandbox's).
var ErrNoPaymentStatus = errors.New("the checkout page has no payment status")

// PaymentStatus asks the hosted checkout page behind checkoutURL where its payment stands,
// at the page's address + "/status" (the sandbox answers it: docs/contract.md, "Payment
// status"). A page without it ends in ErrNoPaymentStatus: then only the customer's eSIM
// list tells that the payment went through.
func (c *Client) PaymentStatus(ctx context.Context, checkoutURL string) (*PaymentStatus, error) {
	u, err := url.Parse(strings.TrimSpace(checkoutURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, &ValidationError{Field: "checkout link", Value: checkoutURL, Reason: "is not an http(s) URL"}
	}
	base := &url.URL{Scheme: u.Scheme, Host: u.Host, Path: strings.TrimSuffix(u.Path, "/") + "/"}
	r, err := c.newRequest("paymentStatus", http.MethodGet, base, "status", nil, authNone)
	if err != nil {
		return nil, err
	}
	v, err := run(ctx, c, r, decodePaymentStatus)
	if IsNotFound(err) || IsStatus(err, http.StatusMethodNotAllowed) {
		return nil, fmt.Errorf("%w: %w", ErrNoPaymentStatus, err)
	}
	return v, err
}

func decodePaymentStatus(data []byte) (*PaymentStatus, error) {
	return decodeAs(data, func(a wire.PaymentStatusAnswer) (*PaymentStatus, error) {
		if a.Data == nil || a.Data.Status == "" {
			return nil, fmt.Errorf("no payment status in data: %w", ErrNoData)
		}
		return &PaymentStatus{Status: string(a.Data.Status), Declines: a.Data.Declines}, nil
	})
}
