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

	"github.com/cedarsim/esim/sdk/iccid"
	"github.com/cedarsim/esim/sdk/lpa"
	"github.com/cedarsim/esim/sdk/qrcode"
	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
)

// checkoutPages is the hosted checkout (the payment provider's page the orderdetails link
// leads to): the page, and its form, which pays the order (provisioning a new eSIM or
// adding the top-up bundle, and mailing it) and sends the browser to the shop's
// /actionresult.
type checkoutPages struct{ *provider }

// Test cards of the hosted checkout page.
const (
	CardPays     = "4242424242424242"
	CardDeclined = "4000000000000002"
)

// iccidPrefix: 89 (telecom) + 961 (Lebanon's country code) + 99 (sandbox issuer).
const iccidPrefix = "8996199"

// iccidSerialDigits is the random serial's length: prefix (7) + serial (12) + Luhn digit
// makes the 20-digit ICCID. 10^12 serials: guessing another customer's is hopeless (and the
// reads are refused anyway).
const iccidSerialDigits = 12

// GET /sandbox/checkout/{orderId}
func (s *checkoutPages) page(w http.ResponseWriter, r *http.Request) {
	s.view(func(tx *state.Tx) reply {
		o := tx.Order(r.PathValue("orderId"))
		switch {
		case o == nil || o.Status == state.OrderDeleted || o.BundleID == "":
			return s.render(nil, "This checkout link is not valid.", http.StatusNotFound)
		case o.Status == state.OrderPaid:
			return s.render(o, "This order is already paid.", http.StatusOK)
		}
		return s.render(o, "", http.StatusOK)
	})(w)
}

// POST /sandbox/checkout/{orderId}: the form of the hosted checkout page. A repeat of the
// form for an order it paid (a double click, a resubmitted page) shows the same paid result.
func (s *checkoutPages) pay(w http.ResponseWriter, r *http.Request) {
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
	s.update(func(tx *state.Tx) (reply, error) {
		o := tx.Order(r.PathValue("orderId"))
		if o == nil || o.Status == state.OrderDeleted || o.BundleID == "" {
			return s.render(o, "This order cannot be paid.", http.StatusNotFound), nil
		}
		b, _ := s.cat.ByID(o.BundleID)
		q := url.Values{}
		q.Set("amt", strconv.FormatFloat(b.Price, 'f', 2, 64))
		q.Set("currCode", "USD")
		switch {
		case o.Status == state.OrderPaid:
		case card == CardPays:
			if err := s.settle(tx, o, prov); err != nil {
				return s.render(o, "The payment could not be completed.", http.StatusInternalServerError), err
			}
		case card == CardDeclined:
			o.Declines++
			tx.MarkOrder(o)
			tran, err := randomHex(8)
			if err != nil {
				return s.render(o, "The payment could not be completed.", http.StatusInternalServerError), err
			}
			q.Set("success", "false")
			q.Set("tranId", strings.ToUpper(tran))
		default:
			return s.render(o, "Use the test card 4242 4242 4242 4242 (pays) or 4000 0000 0000 0002 (declined).", http.StatusUnprocessableEntity), nil
		}
		if o.Status == state.OrderPaid {
			q.Set("success", "true")
			q.Set("tranId", o.TranID)
		}
		to := strings.TrimRight(s.opts.ShopURL, "/") + "/actionresult?" + q.Encode()
		return func(w http.ResponseWriter) { http.Redirect(w, r, to, http.StatusSeeOther) }, nil
	})(w)
}

// render is the checkout page answer for o (nil: no order shown), its values copied now.
func (s *checkoutPages) render(o *state.Order, errText string, status int) reply {
	v := map[string]any{"Title": s.opts.Brand + " checkout", "Error": errText}
	if o != nil {
		if b, ok := s.cat.ByID(o.BundleID); ok {
			v["Plan"] = b.BusinessTitle
			v["Total"] = strconv.FormatFloat(b.Price, 'f', 2, 64) + " USD"
			v["OrderID"] = o.ID
			v["Payable"] = o.Status == state.OrderOpen
		}
	}
	return func(w http.ResponseWriter) {
		renderHTMLFormTo(w, s.pages.checkout, status, v, shopOrigin(s.opts.ShopURL))
	}
}

// settle pays an open order: provisions a new eSIM or adds the top-up bundle, and sends
// the delivery mail. Its errors name neither the order nor the eSIM (they are logged).
func (s *checkoutPages) settle(tx *state.Tx, o *state.Order, p provision) error {
	b, ok := s.cat.ByID(o.BundleID)
	if !ok {
		return fmt.Errorf("pay: bundle %s is not in the catalogue", o.BundleID)
	}
	now := tx.Now()
	assignment := &state.Assignment{AssignmentID: newGUID(), BundleID: b.ID, OrderID: o.ID, AssignedAt: now}
	var e *state.ESIM
	if o.AccountID != "" {
		if e = tx.ESIMByAccount(o.AccountID); e == nil {
			return errors.New("pay: the top-up's eSIM account is gone")
		}
		e.Bundles = append(e.Bundles, assignment)
		tx.MarkESIM(e)
	} else {
		id, err := randomICCID(tx)
		if err != nil {
			return fmt.Errorf("pay: %w", err)
		}
		e = &state.ESIM{ICCID: id, AccountID: newGUID(), UserID: o.UserID, Email: o.Email, MatchingID: p.matchingID,
			QR: p.qr, Created: now, Bundles: []*state.Assignment{assignment}}
		tx.AddESIM(e)
	}
	tran, err := randomHex(8)
	if err != nil {
		return fmt.Errorf("pay: %w", err)
	}
	o.Status, o.TranID, o.ICCID = state.OrderPaid, strings.ToUpper(tran), e.ICCID
	tx.MarkOrder(o)
	code := lpa.Code{SMDP: s.opts.SMDPHost, MatchingID: e.MatchingID}
	// In the language the customer's shop asked for when the code was sent.
	var lang string
	if u := tx.User(o.UserID); u != nil {
		lang = u.Lang
	}
	if o.AccountID != "" {
		subject, text := topupMail.format(lang, []any{s.opts.Brand}, []any{b.BusinessTitle, e.ICCID})
		tx.SendMail(&state.Mail{To: o.Email, Subject: subject, Text: text})
	} else {
		subject, text := deliveryMail.format(lang, []any{s.opts.Brand},
			[]any{b.BusinessTitle, e.ICCID, code.String(), lpa.IPhoneLink(code), lpa.AndroidLink(code)})
		tx.SendMail(&state.Mail{To: o.Email, Subject: subject, Text: text, QRPNG: e.QR})
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

// randomICCID draws an unused ICCID with a random serial and a valid Luhn digit, so ICCIDs
// are not sequential and cannot be enumerated.
func randomICCID(tx *state.Tx) (string, error) {
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
			return "", fmt.Errorf("random iccid: %w", err)
		}
		if tx.ESIM(id) == nil {
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

func (s *checkoutPages) newProvision() (provision, error) {
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
