package sandbox

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
)

// supportService is the support/eSIM service's own calls: the purchase pre-check and the
// contact form (stored, acknowledged by mail and copied to support).
type supportService struct{ *provider }

// supportInbox is where the contact form's copies go.
const supportInbox = "support@sandbox.cedarsim.example"

// POST support esims/can-purchase: a customer asks for their own e-mail only (the answer
// says how many unpaid orders that customer has).
func (s *supportService) canPurchase(w http.ResponseWriter, r *http.Request, c call) {
	var body wire.PurchaseCheckRequest
	if !s.decodeJSON(w, r, &body) {
		return
	}
	if tooLong(w, fieldLimit{"bundleId", body.BundleID, maxIDLen}, fieldLimit{"userEmail", body.UserEmail, MaxEmailLen},
		fieldLimit{"comment", string(body.Comment), MaxDepartmentLen}) {
		return
	}
	email := strings.TrimSpace(body.UserEmail)
	if strings.TrimSpace(body.BundleID) == "" || !state.ValidEmail(email) {
		writeProblem(w, http.StatusBadRequest, contract.DetailValidationFailed)
		return
	}
	if _, no := authorize(c.who, c.op.security, &target{kind: purchaseFor, asked: email}); no != nil {
		no.reply()(w)
		return
	}
	answer := func(ok bool, reason string) reply {
		return jsonReply(http.StatusOK, wire.PurchaseCheckAnswer{Data: wire.PurchaseCheck{CanContinue: &ok, Reason: reason}})
	}
	b, ok := s.cat.ByID(body.BundleID)
	if !ok {
		answer(false, "This bundle does not exist.")(w)
		return
	}
	for _, d := range s.opts.DisabledBundles {
		if strings.EqualFold(d, b.ID) || d == b.Name {
			answer(false, "This bundle is not available for purchase at the moment.")(w)
			return
		}
	}
	s.view(func(tx *state.Tx) reply {
		if unpaid := tx.UnpaidOrders(email); unpaid >= s.opts.MaxUnpaidOrders {
			return answer(false, fmt.Sprintf("You have %d unpaid orders. Please complete or cancel them before buying again.", unpaid))
		}
		return answer(true, "")
	})(w)
}

// POST support support/contact-us: stored, acknowledged by mail and copied to support. A
// retry with the same idempotency id is not stored or mailed twice.
func (s *supportService) contactUs(w http.ResponseWriter, r *http.Request, _ call) {
	var body wire.ContactRequest
	if !s.decodeJSON(w, r, &body) {
		return
	}
	if tooLong(w, fieldLimit{"FullName", body.FullName, MaxFullNameLen}, fieldLimit{"Email", body.Email, MaxEmailLen},
		fieldLimit{"Message", body.Message, MaxMessageLen}, fieldLimit{"Department", string(body.Department), MaxDepartmentLen},
		fieldLimit{"IdempotencyId", body.IdempotencyID, maxIDLen}) {
		return
	}
	if strings.TrimSpace(body.FullName) == "" || strings.TrimSpace(body.Message) == "" || !state.ValidEmail(strings.TrimSpace(body.Email)) {
		writeProblem(w, http.StatusBadRequest, contract.DetailValidationFailed)
		return
	}
	client := s.clientIP(r)
	s.update(func(tx *state.Tx) (reply, error) {
		key := "contact:" + body.IdempotencyID
		if id, seen := tx.Idem(key); seen && body.IdempotencyID != "" {
			return jsonReply(http.StatusOK, wire.ContactAnswer{Data: wire.ContactTicket{ID: id}}), nil
		}
		c := &state.Contact{ID: newGUID(), FullName: body.FullName, Email: strings.TrimSpace(body.Email), Message: body.Message,
			Department: string(body.Department), Received: tx.Now()}
		tx.AddContact(c)
		if body.IdempotencyID != "" {
			tx.SetIdem(key, c.ID)
		}
		// The shop's language of this request, else the one its sender's account remembers.
		lang := mailLang(r.Header.Get("Accept-Language"))
		if u := tx.UserByEmail(c.Email); lang == "" && u != nil {
			lang = u.Lang
		}
		subject, text := contactMail.format(lang, []any{s.opts.Brand}, []any{c.FullName, s.opts.Brand, c.Department, c.Message})
		tx.SendMail(&state.Mail{To: c.Email, Subject: subject, Text: text, From: client})
		tx.SendMail(&state.Mail{To: supportInbox, Subject: fmt.Sprintf("Contact form: %s (%s)", c.FullName, c.Department),
			Text: fmt.Sprintf("From: %s <%s>\nDepartment: %s\n\n%s", c.FullName, c.Email, c.Department, c.Message),
			From: client})
		return jsonReply(http.StatusOK, wire.ContactAnswer{Data: wire.ContactTicket{ID: c.ID}}), nil
	})(w)
}
