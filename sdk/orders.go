package sdk

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk/numerals"
)

// ZeroAccountID is the account id of orderdetails when not topping up.
const ZeroAccountID = "00000000-0000-0000-0000-000000000000"

// Create opens an order (empty form body, basic client credential).
func (s *OrdersService) Create(ctx context.Context) (*Order, error) {
	c := s.client
	if c.clientID == "" {
		return nil, fmt.Errorf("createOrder: %w", errNoClient)
	}
	r, err := c.newRequest("createOrder", http.MethodPost, c.apiBase, "orderfulfillment/orders", nil, authBasic)
	if err != nil {
		return nil, err
	}
	if r, err = r.withForm(wire.EmptyForm{}); err != nil {
		return nil, err
	}
	return run(ctx, c, r, decodeOrder)
}

// Delete deletes an order that was not newly created.
func (s *OrdersService) Delete(ctx context.Context, orderID string) error {
	c := s.client
	if err := required("order id", orderID); err != nil {
		return err
	}
	p, err := pathf("orderfulfillment/orders/%s", orderID)
	if err != nil {
		return err
	}
	r, err := c.newRequest("deleteOrder", http.MethodDelete, c.apiBase, p, nil, authPrivate)
	if err != nil {
		return err
	}
	_, err = c.do(ctx, r)
	return err
}

// AddDetails adds the bundle as the order's line and returns the checkout link. The
// accountID is ZeroAccountID unless topping up (then the eSIM's accountId); empty means
// ZeroAccountID. The idempotency id is made once and reused on a retry.
func (s *OrdersService) AddDetails(ctx context.Context, accountID, orderID, bundleID string) (*OrderDetails, error) {
	c := s.client
	if accountID == "" {
		accountID = ZeroAccountID
	}
	if err := validateGUID("account id", accountID); err != nil {
		return nil, err
	}
	if err := required("order id", orderID); err != nil {
		return nil, err
	}
	if err := validateGUID("bundle id", bundleID); err != nil {
		return nil, err
	}
	p, err := pathf("accounts/%s/%s/orderdetails", accountID, orderID)
	if err != nil {
		return nil, err
	}
	r, err := c.newRequest("addOrderDetails", http.MethodPost, c.apiBase, p, nil, authPrivate)
	if err != nil {
		return nil, err
	}
	r, err = r.withJSON(wire.OrderDetailsRequest{
		IdempotencyID: c.newID(), DiscountAmount: wire.OrderDetailsRequestDiscountAmountN0,
		Tax: wire.OrderDetailsRequestTaxN0, Quantity: wire.OrderDetailsRequestQuantityN1,
		Order: []wire.OrderLine{{ServiceItemID: bundleID, Type: wire.OrderLineTypeN15}},
	})
	if err != nil {
		return nil, err
	}
	r.idempotent = true // a repeated id returns the same answer, never a second line
	return run(ctx, c, r, decodeOrderDetails)
}

// Checkout runs the purchase of spec section 4: the pre-check (a refusal is a
// *PurchaseRefusedError with the server's reason), order creation (an order that was not
// newly created is deleted and a new one created), the order line, and the checkout link
// with currency=usd&quantity=1 added.
func (c *Client) Checkout(ctx context.Context, req CheckoutRequest) (*CheckoutResult, error) {
	if err := validateGUID("bundle id", req.BundleID); err != nil {
		return nil, err
	}
	if err := validateEmail("email", req.Email); err != nil {
		return nil, err
	}
	if req.TopupAccountID != "" {
		if err := validateGUID("top-up account id", req.TopupAccountID); err != nil {
			return nil, err
		}
	}
	pc, err := c.Support.CanPurchase(ctx, req.BundleID, req.Email)
	if err != nil {
		return nil, fmt.Errorf("checkout: %w", err)
	}
	if !pc.CanContinue {
		return nil, &PurchaseRefusedError{Reason: pc.Reason}
	}
	o, err := c.Orders.Create(ctx)
	if err != nil {
		return nil, fmt.Errorf("checkout: %w", err)
	}
	if !o.NewlyCreated {
		if err := c.Orders.Delete(ctx, o.OrderID); err != nil {
			return nil, fmt.Errorf("checkout: delete stale order: %w", err)
		}
		if o, err = c.Orders.Create(ctx); err != nil {
			return nil, fmt.Errorf("checkout: recreate order: %w", err)
		}
	}
	d, err := c.Orders.AddDetails(ctx, req.TopupAccountID, o.OrderID, req.BundleID)
	if err != nil {
		return nil, fmt.Errorf("checkout: %w", err)
	}
	u, err := url.Parse(d.CheckoutURL) // checked absolute by the decoder
	if err != nil {
		return nil, fmt.Errorf("checkout: checkout URL: %w", err)
	}
	q := u.Query()
	q.Set("currency", "usd")
	q.Set("quantity", "1")
	u.RawQuery = q.Encode()
	return &CheckoutResult{OrderID: o.OrderID, CheckoutURL: u.String()}, nil
}

// TopupSelect runs the top-up buy button's checks: the external eSIM check (a plan that
// cannot continue is ErrInvalidPlan), then topup_bundle_selected, whose bundle id goes to
// the cart (a status other than 200 is an *APIError).
func (c *Client) TopupSelect(ctx context.Context, iccid, bundleName string, provider int) (string, error) {
	iccid = numerals.ASCII(iccid) // typed on an Arabic or Persian keyboard
	if err := validateICCID(iccid); err != nil {
		return "", err
	}
	if err := required("bundle name", bundleName); err != nil {
		return "", err
	}
	if err := validateProvider(provider); err != nil {
		return "", err
	}
	ok, err := c.ESIMCheck.Check(ctx, bundleName, iccid)
	if err != nil {
		return "", fmt.Errorf("top-up: %w", err)
	}
	if !ok {
		return "", fmt.Errorf("top-up: %w", ErrInvalidPlan)
	}
	b, err := c.Catalog.TopupBundleSelected(ctx, iccid, bundleName, provider)
	if err != nil {
		return "", fmt.Errorf("top-up: %w", err)
	}
	return b.ID, nil
}
