package sandbox

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/cedarsim/esim/sdk/iccid"
	"github.com/cedarsim/esim/sdk/lpa"
	"github.com/cedarsim/esim/sdk/qrcode"
)

// zeroAccount is the accountId of orderdetails for a new eSIM (not a top-up).
const zeroAccount = "00000000-0000-0000-0000-000000000000"

// Test cards of the hosted checkout page.
const (
	CardPays     = "4242424242424242"
	CardDeclined = "4000000000000002"
)

// iccidPrefix: 89 (telecom) + 961 (Lebanon's country code) + 99 (sandbox issuer).
const iccidPrefix = "8996199"

func (s *Server) sendMailLocked(m *Mail) {
	m.ID = newGUID()
	m.SentAt = s.now()
	m.seq = s.nextSeqLocked()
	s.markLocked(kindMail, seqID(m.seq), m)
	all := append(s.st.Mail, m)
	s.st.Mail, _ = trimOldest(all, mailBytes, maxMails, maxMailBytes)
	for _, old := range all[:len(all)-len(s.st.Mail)] {
		s.markLocked(kindMail, seqID(old.seq), nil)
	}
}

// POST support esims/can-purchase: a customer asks for their own e-mail only (the answer
// says how many unpaid orders that customer has).
func (s *Server) handleCanPurchase(w http.ResponseWriter, r *http.Request) {
	a, ok := s.customer(w, r)
	if !ok {
		return
	}
	var body struct {
		BundleID  string `json:"bundleId"`
		UserEmail string `json:"userEmail"`
		Comment   string `json:"comment"`
	}
	if !s.decodeJSON(w, r, &body) {
		return
	}
	if tooLong(w, fieldLimit{"bundleId", body.BundleID, maxIDLen}, fieldLimit{"userEmail", body.UserEmail, MaxEmailLen},
		fieldLimit{"comment", body.Comment, MaxDepartmentLen}) {
		return
	}
	if strings.TrimSpace(body.BundleID) == "" || !validEmail(strings.TrimSpace(body.UserEmail)) {
		writeProblem(w, http.StatusBadRequest, "One or more validation errors occurred.")
		return
	}
	if !strings.EqualFold(strings.TrimSpace(body.UserEmail), a.Email) {
		forbid(w, detailNotYourPurchase)
		return
	}
	answer := func(ok bool, reason string) {
		writeJSON(w, http.StatusOK, data(map[string]any{"canContinue": ok, "reason": reason}))
	}
	b, ok := s.cat.ByID(body.BundleID)
	if !ok {
		answer(false, "This bundle does not exist.")
		return
	}
	for _, d := range s.opts.DisabledBundles {
		if strings.EqualFold(d, b.ID) || d == b.Name {
			answer(false, "This bundle is not available for purchase at the moment.")
			return
		}
	}
	s.mu.Lock()
	unpaid := 0
	for _, o := range s.st.open {
		if o.Status == orderOpen && o.BundleID != "" && strings.EqualFold(o.Email, strings.TrimSpace(body.UserEmail)) {
			unpaid++
		}
	}
	s.mu.Unlock()
	if unpaid >= s.opts.MaxUnpaidOrders {
		answer(false, fmt.Sprintf("You have %d unpaid orders. Please complete or cancel them before buying again.", unpaid))
		return
	}
	answer(true, "")
}

// POST orderfulfillment/orders (Basic client credential). The credential is the shop's,
// shared by every customer and public in /config.json, so the call cannot say whose order
// it is: every call opens a new order with an unguessable id (newlyCreated true), and only
// whoever got that id can use it. orderdetails binds it to the bearer's customer; from then
// on only that customer may detail or delete it. No customer can be handed another's open
// order, so the delete-and-recreate rule of the clients never deletes someone else's.
// Unbound orders older than unboundOrderTTL are dropped, and at maxOrders the oldest
// unbound one makes room, so a flood of creates cannot block purchases.
func (s *Server) handleOrderCreate(w http.ResponseWriter, r *http.Request) {
	if !s.basicClient(r) {
		writeProblem(w, http.StatusUnauthorized, "Invalid client credential.")
		return
	}
	if !s.parseForm(w, r) {
		return
	}
	id, _, _ := r.BasicAuth()
	s.locked(func() reply {
		now := s.now()
		if len(s.st.Orders) >= maxOrders {
			s.pruneUnboundOrdersLocked(now)
		}
		if len(s.st.Orders) >= maxOrders {
			return problemReply(http.StatusServiceUnavailable, "The sandbox holds too many orders; restart it without --state.")
		}
		o := &order{ID: newGUID(), Client: id, Status: orderOpen, Created: now}
		s.st.Orders[o.ID] = o
		s.markOrderLocked(o)
		if rep := s.saveLocked(); rep != nil {
			return rep
		}
		return jsonReply(http.StatusOK, data(map[string]any{"orderId": o.ID, "newlyCreated": true}))
	})(w)
}

// unboundOrderTTL is how long an order nobody has detailed is kept.
const unboundOrderTTL = time.Hour

// pruneUnboundOrdersLocked drops unbound orders older than unboundOrderTTL and, if the
// store is still full, the oldest unbound one.
func (s *Server) pruneUnboundOrdersLocked(now time.Time) {
	var oldest *order
	for id, o := range s.st.open {
		if o.UserID != "" || o.Status != orderOpen {
			continue
		}
		if now.Sub(o.Created) > unboundOrderTTL {
			s.deleteOrderLocked(id)
			continue
		}
		if oldest == nil || o.Created.Before(oldest.Created) {
			oldest = o
		}
	}
	if len(s.st.Orders) >= maxOrders && oldest != nil {
		s.deleteOrderLocked(oldest.ID)
	}
}

// DELETE orderfulfillment/orders/{id}: a customer deletes an open order that is theirs or
// not yet bound (only the one who created it knows its id).
func (s *Server) handleOrderDelete(w http.ResponseWriter, r *http.Request) {
	a, ok := s.customer(w, r)
	if !ok {
		return
	}
	s.locked(func() reply {
		o := s.st.Orders[r.PathValue("id")]
		switch {
		case o == nil || o.Status == orderDeleted:
			return problemReply(http.StatusNotFound, "Order not found")
		case o.UserID != "" && o.UserID != a.Sub:
			return problemReply(http.StatusForbidden, detailNotYourOrder)
		case o.Status == orderPaid:
			return problemReply(http.StatusConflict, "A paid order cannot be deleted.")
		}
		o.Status = orderDeleted
		s.markOrderLocked(o)
		if rep := s.saveLocked(); rep != nil {
			return rep
		}
		return jsonReply(http.StatusOK, data(map[string]bool{"deleted": true}))
	})(w)
}

// POST accounts/{accountId}/{orderId}/orderdetails binds the order to the bearer's customer
// and to one bundle (a top-up when accountId is an eSIM's), and answers the checkout link.
// The idempotency id is kept on the order: a retry with the same id answers the same link
// again (even once paid) and changes nothing; an order has one line, so another request on
// an order that already has its line is refused (409) rather than adding a second.
func (s *Server) handleOrderDetails(w http.ResponseWriter, r *http.Request) {
	a, ok := s.customer(w, r)
	if !ok {
		return
	}
	var body struct {
		IdempotencyID string `json:"idempotencyId"`
		Order         []struct {
			ServiceItemID string `json:"ServiceItemId"`
			Type          int    `json:"type"`
		} `json:"order"`
	}
	if !s.decodeJSON(w, r, &body) {
		return
	}
	if len(body.Order) != 1 || body.Order[0].ServiceItemID == "" {
		writeProblem(w, http.StatusBadRequest, "One or more validation errors occurred.")
		return
	}
	if len(body.IdempotencyID) > maxIDLen {
		writeProblem(w, http.StatusBadRequest, fmt.Sprintf("idempotencyId is longer than %d characters.", maxIDLen))
		return
	}
	b, found := s.cat.ByID(body.Order[0].ServiceItemID)
	if !found {
		writeProblem(w, http.StatusNotFound, "Bundle not found")
		return
	}
	accountID := r.PathValue("accountId")
	origin := s.origin(r)
	s.locked(func() reply {
		o := s.st.Orders[r.PathValue("orderId")]
		switch {
		case o == nil || o.Status == orderDeleted:
			return problemReply(http.StatusNotFound, "Order not found")
		case o.UserID != "" && o.UserID != a.Sub:
			return problemReply(http.StatusForbidden, detailNotYourOrder)
		case body.IdempotencyID != "" && o.DetailsIdem == body.IdempotencyID && o.CheckoutURL != "":
			// A retry (its answer was lost): the same answer, no second line.
			return jsonReply(http.StatusOK, data(map[string]string{"checkoutURL": o.CheckoutURL}))
		case o.Status == orderPaid:
			return problemReply(http.StatusConflict, "This order is already paid.")
		case o.BundleID != "":
			return problemReply(http.StatusConflict, "This order already has its line; create a new order.")
		}
		if accountID != zeroAccount {
			e := s.esimByAccountLocked(accountID)
			if e == nil || e.UserID != a.Sub {
				return problemReply(http.StatusNotFound, "eSIM account not found")
			}
			if s.canTopupLocked(e, b, s.providerOfLocked(e)) != nil {
				return problemReply(http.StatusBadRequest, "Bundle cannot top up this eSIM")
			}
			o.AccountID = accountID
		} else {
			o.AccountID = ""
		}
		o.UserID, o.Email, o.BundleID = a.Sub, a.Email, b.ID
		o.DetailsIdem, o.CheckoutURL = body.IdempotencyID, origin+"/sandbox/checkout/"+o.ID
		s.markOrderLocked(o)
		if rep := s.saveLocked(); rep != nil {
			return rep
		}
		return jsonReply(http.StatusOK, data(map[string]string{"checkoutURL": o.CheckoutURL}))
	})(w)
}

func (s *Server) esimByAccountLocked(accountID string) *esim {
	for _, e := range s.st.ESIMs {
		if strings.EqualFold(e.AccountID, accountID) {
			return e
		}
	}
	return nil
}

// payLocked settles an open order: provisions a new eSIM or adds the top-up bundle, and
// sends the delivery mail.
func (s *Server) payLocked(o *order, p provision) error {
	b, ok := s.cat.ByID(o.BundleID)
	if !ok {
		return fmt.Errorf("pay order %s: bundle %s: %w", o.ID, o.BundleID, errNotFound)
	}
	now := s.now()
	assignment := &esimBundle{AssignmentID: newGUID(), BundleID: b.ID, OrderID: o.ID, AssignedAt: now}
	var e *esim
	if o.AccountID != "" {
		if e = s.esimByAccountLocked(o.AccountID); e == nil {
			return fmt.Errorf("pay order %s: eSIM account: %w", o.ID, errNotFound)
		}
		e.Bundles = append(e.Bundles, assignment)
		s.markESIMLocked(e)
	} else {
		var err error
		if e, err = s.newESIMLocked(o, now, p); err != nil {
			return err
		}
		e.Bundles = []*esimBundle{assignment}
		s.st.ESIMs[e.ICCID] = e
		s.markESIMLocked(e)
	}
	tran, err := randomHex(8)
	if err != nil {
		return err
	}
	o.Status, o.TranID, o.ICCID = orderPaid, strings.ToUpper(tran), e.ICCID
	s.markOrderLocked(o)
	code := lpa.Code{SMDP: s.opts.SMDPHost, MatchingID: e.MatchingID}
	if o.AccountID != "" {
		s.sendMailLocked(&Mail{To: o.Email, Subject: fmt.Sprintf("Your %s top-up is on its way", s.opts.Brand),
			Text: fmt.Sprintf("%s was added to your eSIM %s. It starts when the current plan ends.", b.BusinessTitle, e.ICCID)})
	} else {
		s.sendMailLocked(&Mail{To: o.Email, Subject: fmt.Sprintf("Your %s eSIM is ready", s.opts.Brand),
			Text: fmt.Sprintf("Thank you for your purchase of %s.\nICCID: %s\nActivation code: %s\nOn an iPhone, open: %s\nScan the QR code to install the eSIM.",
				b.BusinessTitle, e.ICCID, code.String(), lpa.IPhoneLink(code)),
			QRPNG: e.QR})
	}
	return nil
}

func randomHex(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("random: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// iccidSerialDigits is the random serial's length: prefix (7) + serial (12) + Luhn digit
// makes the 20-digit ICCID. 10^12 serials: guessing another customer's is hopeless (and the
// reads are refused anyway).
const iccidSerialDigits = 12

// randomICCIDLocked draws an unused ICCID with a random serial and a valid Luhn digit, so
// ICCIDs are not sequential and cannot be enumerated.
func (s *Server) randomICCIDLocked() (string, error) {
	limit := big.NewInt(1)
	for range iccidSerialDigits {
		limit.Mul(limit, big.NewInt(10))
	}
	for range 10 {
		n, err := rand.Int(rand.Reader, limit)
		if err != nil {
			return "", fmt.Errorf("random iccid: %w", err)
		}
		id, err := iccid.Generate(iccidPrefix, n.Uint64(), len(iccidPrefix)+iccidSerialDigits+1)
		if err != nil {
			return "", err
		}
		if _, taken := s.st.ESIMs[id]; !taken {
			return id, nil
		}
	}
	return "", errors.New("random iccid: no free serial after 10 draws")
}

// provision is the slow, lock-free part of a new eSIM: its activation code and QR PNG,
// made before the state lock is taken so that buyers do not queue behind PNG encoding.
type provision struct {
	matchingID string
	qr         string // base64 PNG
}

func (s *Server) newProvision() (provision, error) {
	m, err := randomHex(10)
	if err != nil {
		return provision{}, fmt.Errorf("provision: %w", err)
	}
	code := lpa.Code{SMDP: s.opts.SMDPHost, MatchingID: strings.ToUpper(m)}
	if err := code.Validate(); err != nil {
		return provision{}, fmt.Errorf("provision: %w", err)
	}
	png, err := qrcode.EncodePNG(code.String(), 256)
	if err != nil {
		return provision{}, fmt.Errorf("provision: %w", err)
	}
	return provision{matchingID: code.MatchingID, qr: base64.StdEncoding.EncodeToString(png)}, nil
}

func (s *Server) newESIMLocked(o *order, now time.Time, p provision) (*esim, error) {
	id, err := s.randomICCIDLocked()
	if err != nil {
		return nil, fmt.Errorf("provision: %w", err)
	}
	return &esim{ICCID: id, AccountID: newGUID(), UserID: o.UserID, Email: o.Email, MatchingID: p.matchingID,
		QR: p.qr, Created: now}, nil
}

// POST /sandbox/checkout/{orderId}: the form of the hosted checkout page.
func (s *Server) handleCheckoutPay(w http.ResponseWriter, r *http.Request) {
	if !s.parseForm(w, r) {
		return
	}
	card := strings.Map(func(c rune) rune {
		if c == ' ' || c == '-' {
			return -1
		}
		return c
	}, r.PostForm.Get("cardNumber"))
	var prov provision
	if card == CardPays {
		var err error
		if prov, err = s.newProvision(); err != nil {
			s.log.Error("sandbox provisioning failed", "err", err)
			writeProblem(w, http.StatusInternalServerError, "The payment could not be completed.")
			return
		}
	}
	s.locked(func() reply {
		o := s.st.Orders[r.PathValue("orderId")]
		if o == nil || o.Status != orderOpen || o.BundleID == "" {
			return s.checkoutLocked(o, "This order cannot be paid.", http.StatusNotFound)
		}
		b, _ := s.cat.ByID(o.BundleID)
		q := url.Values{}
		q.Set("amt", strconv.FormatFloat(b.Price, 'f', 2, 64))
		q.Set("currCode", "USD")
		switch card {
		case CardPays:
			if err := s.payLocked(o, prov); err != nil {
				s.discardLocked()
				s.log.Error("sandbox payment failed", "order", o.ID, "err", err)
				return s.checkoutLocked(o, "The payment could not be completed.", http.StatusInternalServerError)
			}
			q.Set("success", "true")
			q.Set("tranId", o.TranID)
		case CardDeclined:
			o.Declines++
			s.markOrderLocked(o)
			tran, err := randomHex(8)
			if err != nil {
				return s.checkoutLocked(o, "The payment could not be completed.", http.StatusInternalServerError)
			}
			q.Set("success", "false")
			q.Set("tranId", strings.ToUpper(tran))
		default:
			return s.checkoutLocked(o, "Use the test card 4242 4242 4242 4242 (pays) or 4000 0000 0000 0002 (declined).", http.StatusUnprocessableEntity)
		}
		if rep := s.saveLocked(); rep != nil {
			return rep
		}
		to := strings.TrimRight(s.opts.ShopURL, "/") + "/actionresult?" + q.Encode()
		return func(w http.ResponseWriter) { http.Redirect(w, r, to, http.StatusSeeOther) }
	})(w)
}

// GET /sandbox/checkout/{orderId}
func (s *Server) handleCheckoutPage(w http.ResponseWriter, r *http.Request) {
	s.locked(func() reply {
		o := s.st.Orders[r.PathValue("orderId")]
		switch {
		case o == nil || o.Status == orderDeleted || o.BundleID == "":
			return s.checkoutLocked(nil, "This checkout link is not valid.", http.StatusNotFound)
		case o.Status == orderPaid:
			return s.checkoutLocked(o, "This order is already paid.", http.StatusOK)
		}
		return s.checkoutLocked(o, "", http.StatusOK)
	})(w)
}

// POST support support/contact-us: stored, acknowledged by mail and copied to support.
func (s *Server) handleContactUs(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.bearer(w, r); !ok {
		return
	}
	var body struct {
		FullName      string `json:"FullName"`
		Email         string `json:"Email"`
		Message       string `json:"Message"`
		Department    string `json:"Department"`
		IdempotencyID string `json:"IdempotencyId"`
	}
	if !s.decodeJSON(w, r, &body) {
		return
	}
	if tooLong(w, fieldLimit{"FullName", body.FullName, MaxFullNameLen}, fieldLimit{"Email", body.Email, MaxEmailLen},
		fieldLimit{"Message", body.Message, MaxMessageLen}, fieldLimit{"Department", body.Department, MaxDepartmentLen},
		fieldLimit{"IdempotencyId", body.IdempotencyID, maxIDLen}) {
		return
	}
	if strings.TrimSpace(body.FullName) == "" || strings.TrimSpace(body.Message) == "" || !validEmail(strings.TrimSpace(body.Email)) {
		writeProblem(w, http.StatusBadRequest, "One or more validation errors occurred.")
		return
	}
	s.locked(func() reply {
		key := "contact:" + body.IdempotencyID
		if id, seen := s.st.Idem[key]; seen && body.IdempotencyID != "" {
			// A retried request (same idempotency id) is not stored or mailed twice.
			return jsonReply(http.StatusOK, data(map[string]string{"id": id}))
		}
		c := &contact{ID: newGUID(), FullName: body.FullName, Email: strings.TrimSpace(body.Email), Message: body.Message,
			Department: body.Department, Received: s.now()}
		c.seq = s.nextSeqLocked()
		s.markLocked(kindContacts, seqID(c.seq), c)
		all := append(s.st.Contacts, c)
		s.st.Contacts, _ = trimOldest(all, contactBytes, maxContacts, maxContactBytes)
		for _, old := range all[:len(all)-len(s.st.Contacts)] {
			s.markLocked(kindContacts, seqID(old.seq), nil)
		}
		if body.IdempotencyID != "" && len(s.st.Idem) < 10_000 {
			s.st.Idem[key] = c.ID
			s.markIdemLocked(key)
		}
		s.sendMailLocked(&Mail{To: c.Email, Subject: fmt.Sprintf("We received your message (%s)", s.opts.Brand),
			Text: fmt.Sprintf("Dear %s,\nthank you for contacting %s support. We will answer soon.\n\nYour message (%s):\n%s", c.FullName, s.opts.Brand, c.Department, c.Message)})
		s.sendMailLocked(&Mail{To: "support@sandbox.cedarsim.example", Subject: fmt.Sprintf("Contact form: %s (%s)", c.FullName, c.Department),
			Text: fmt.Sprintf("From: %s <%s>\nDepartment: %s\n\n%s", c.FullName, c.Email, c.Department, c.Message)})
		if rep := s.saveLocked(); rep != nil {
			return rep
		}
		return jsonReply(http.StatusOK, data(map[string]string{"id": c.ID}))
	})(w)
}

// POST /loki/api/v1/push: Loki JSON; stored and shown at /sandbox/logs.
func (s *Server) handleLogPush(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Streams []struct {
			Stream map[string]string `json:"stream"`
			Values [][]string        `json:"values"`
		} `json:"streams"`
	}
	if !s.decodeJSON(w, r, &body) {
		return
	}
	if len(body.Streams) == 0 {
		writeProblem(w, http.StatusBadRequest, "streams must not be empty.")
		return
	}
	var lines []LogLine
	now := s.now()
	for _, st := range body.Streams {
		if len(st.Stream) > MaxLogLabels {
			writeProblem(w, http.StatusBadRequest, fmt.Sprintf("a stream has more than %d labels.", MaxLogLabels))
			return
		}
		for k, v := range st.Stream {
			if len(k) > MaxLogLabelLen || len(v) > MaxLogLabelLen {
				writeProblem(w, http.StatusBadRequest, fmt.Sprintf("a label name or value is longer than %d bytes.", MaxLogLabelLen))
				return
			}
		}
		for _, v := range st.Values {
			if len(v) < 2 {
				writeProblem(w, http.StatusBadRequest, "each value must be [timestamp, line].")
				return
			}
			if len(lines) >= MaxLogValues {
				writeProblem(w, http.StatusBadRequest, fmt.Sprintf("a push carries at most %d lines.", MaxLogValues))
				return
			}
			if len(v[1]) > MaxLogLineBytes {
				writeProblem(w, http.StatusBadRequest, fmt.Sprintf("a log line is longer than %d bytes.", MaxLogLineBytes))
				return
			}
			ns, err := strconv.ParseInt(v[0], 10, 64)
			if err != nil {
				writeProblem(w, http.StatusBadRequest, "timestamps must be Unix nanoseconds as text.")
				return
			}
			lines = append(lines, LogLine{Time: time.Unix(0, ns).UTC(), Labels: st.Stream, Message: v[1], Received: now})
		}
	}
	s.locked(func() reply {
		for i := range lines {
			lines[i].seq = s.nextSeqLocked()
			s.markLocked(kindLogs, seqID(lines[i].seq), lines[i])
		}
		all := append(s.st.Logs, lines...)
		s.st.Logs, _ = trimOldest(all, logBytes, maxLogLines, maxLogBytes)
		for _, old := range all[:len(all)-len(s.st.Logs)] {
			s.markLocked(kindLogs, seqID(old.seq), nil)
		}
		if rep := s.saveLocked(); rep != nil {
			return rep
		}
		return func(w http.ResponseWriter) { w.WriteHeader(http.StatusNoContent) }
	})(w)
}
