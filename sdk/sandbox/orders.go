package sandbox

import (
	"errors"
	"net/http"
	"time"
	"unicode/utf8"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
)

// orderService is the order part of the commerce API: create, detail (bind to a customer
// and a bundle, answering the checkout link) and delete. Paying is the checkout page's
// (checkout.go).
type orderService struct{ *provider }

// zeroAccount is the accountId of orderdetails for a new eSIM (not a top-up).
const zeroAccount = "00000000-0000-0000-0000-000000000000"

// unboundOrderTTL is how long an order nobody has detailed is kept.
const unboundOrderTTL = time.Hour

// POST orderfulfillment/orders (Basic client credential, checked by the router). The
// credential is the shop's, shared by every customer and public in /config.json, so the
// call cannot say whose order it is: every call opens a new order with an unguessable id
// (newlyCreated true), and only whoever got that id can use it. orderdetails binds it to
// the bearer's customer; from then on only that customer may detail or delete it. No
// customer can be handed another's open order, so the delete-and-recreate rule of the
// clients never deletes someone else's. Unbound orders older than unboundOrderTTL are
// dropped, and at the limit the oldest unbound one makes room, so a flood of creates
// cannot block purchases.
func (s *orderService) create(w http.ResponseWriter, r *http.Request, _ call) {
	if !s.parseForm(w, r) {
		return
	}
	client, _, _ := r.BasicAuth()
	s.update(func(tx *state.Tx) (reply, error) {
		o := &state.Order{ID: newGUID(), Client: client, Status: state.OrderOpen, Created: tx.Now()}
		if err := tx.AddOrder(o, unboundOrderTTL); errors.Is(err, state.ErrFull) {
			return problemReply(http.StatusServiceUnavailable, "The sandbox holds too many orders; restart it without --state."), nil
		}
		return jsonReply(http.StatusOK, wire.OrderAnswer{Data: wire.Order{OrderID: o.ID, NewlyCreated: true}}), nil
	})(w)
}

// DELETE orderfulfillment/orders/{orderId}: a customer deletes an open order that is
// theirs or not yet bound (only the one who created it knows its id).
func (s *orderService) delete(w http.ResponseWriter, r *http.Request, c call) {
	s.update(func(tx *state.Tx) (reply, error) {
		o := tx.Order(r.PathValue("orderId"))
		if o == nil || o.Status == state.OrderDeleted {
			return problemReply(http.StatusNotFound, "Order not found"), nil
		}
		if no := s.allow(tx, c, &target{kind: anOrder, ownerID: o.UserID}); no != nil {
			return no.reply(), nil
		}
		if o.Status == state.OrderPaid {
			return problemReply(http.StatusConflict, "A paid order cannot be deleted."), nil
		}
		o.Status = state.OrderDeleted
		tx.MarkOrder(o)
		return jsonReply(http.StatusOK, wire.OrderDeletedAnswer{Data: wire.OrderDeleted{Deleted: true}}), nil
	})(w)
}

// POST accounts/{accountId}/{orderId}/orderdetails binds the order to the bearer's customer
// and to one bundle (a top-up when accountId is an eSIM's), and answers the checkout link.
// The idempotency id is kept on the order: a retry with the same id answers the same link
// again (even once paid) and changes nothing; an order has one line, so another request on
// an order that already has its line is refused (409) rather than adding a second.
func (s *orderService) details(w http.ResponseWriter, r *http.Request, c call) {
	var body wire.OrderDetailsRequest
	if !s.decodeJSON(w, r, &body) {
		return
	}
	if tooLong(w, fieldLimit{"idempotencyId", body.IdempotencyID, maxIDLen}, fieldLimit{"discountAmount", string(body.DiscountAmount), maxAmountLen},
		fieldLimit{"tax", string(body.Tax), maxAmountLen}, fieldLimit{"quantity", string(body.Quantity), maxAmountLen}) {
		return
	}
	if len(body.Order) != 1 || body.Order[0].ServiceItemID == "" || utf8.RuneCountInString(body.Order[0].ServiceItemID) > maxIDLen {
		writeProblem(w, http.StatusBadRequest, contract.DetailValidationFailed)
		return
	}
	b, found := s.cat.ByID(body.Order[0].ServiceItemID)
	if !found {
		writeProblem(w, http.StatusNotFound, "Bundle not found")
		return
	}
	accountID, origin := r.PathValue("accountId"), s.origin(r)
	s.update(func(tx *state.Tx) (reply, error) {
		o := tx.Order(r.PathValue("orderId"))
		if o == nil || o.Status == state.OrderDeleted {
			return problemReply(http.StatusNotFound, "Order not found"), nil
		}
		if no := s.allow(tx, c, &target{kind: anOrder, ownerID: o.UserID}); no != nil {
			return no.reply(), nil
		}
		switch {
		case body.IdempotencyID != "" && o.DetailsIdem == body.IdempotencyID && o.CheckoutURL != "":
			// A retry (its answer was lost): the same answer, no second line.
			return jsonReply(http.StatusOK, wire.CheckoutAnswer{Data: wire.CheckoutLink{CheckoutURL: o.CheckoutURL}}), nil
		case o.Status == state.OrderPaid:
			return problemReply(http.StatusConflict, "This order is already paid."), nil
		case o.BundleID != "":
			return problemReply(http.StatusConflict, "This order already has its line; create a new order."), nil
		}
		o.AccountID = ""
		if accountID != zeroAccount {
			e := tx.ESIMByAccount(accountID)
			t := &target{kind: topupAccount, found: e != nil}
			if e != nil {
				t.ownerID = e.UserID
			}
			if no := s.allow(tx, c, t); no != nil {
				return no.reply(), nil
			}
			if s.canTopup(e, b, s.providerOf(e)) != nil {
				return problemReply(http.StatusBadRequest, contract.DetailTopupRefused), nil
			}
			o.AccountID = accountID
		}
		o.UserID, o.Email, o.BundleID = c.who.Sub, c.who.Email, b.ID
		o.DetailsIdem, o.CheckoutURL = body.IdempotencyID, origin+"/sandbox/checkout/"+o.ID
		tx.MarkOrder(o)
		return jsonReply(http.StatusOK, wire.CheckoutAnswer{Data: wire.CheckoutLink{CheckoutURL: o.CheckoutURL}}), nil
	})(w)
}
