package sandbox

import (
	"net/http"

	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
)

// StatusSuffix follows a hosted checkout page's address for the state of its payment:
// GET /sandbox/checkout/{orderId}/status.
const StatusSuffix = "/status"

// status answers where the payment of an order stands, as a payment provider's status
// call would (wire.PaymentStatusAnswer). A checkout link is all it takes (like the page);
// it says no more than the page does ("already paid"). The TUI asks it while it waits, so
// that a declined card is said and can be tried again rather than waited on (issue 25.12;
// docs/contract.md, "Payment status").
func (s *checkoutPages) status(w http.ResponseWriter, r *http.Request) {
	s.view(func(tx *state.Tx) reply {
		o := tx.Order(r.PathValue("orderId"))
		if o == nil || o.Status == state.OrderDeleted || o.BundleID == "" {
			return problemReply(http.StatusNotFound, "This checkout link is not valid.")
		}
		return jsonReply(http.StatusOK, wire.PaymentStatusAnswer{Data: &wire.PaymentStatus{Status: wire.PaymentStatusStatus(o.Status), Declines: o.Declines}})
	})(w)
}
