package sdk

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk/numerals"
)

// CanPurchase is the purchase pre-check (support service).
func (s *SupportService) CanPurchase(ctx context.Context, bundleID, email string) (*PurchaseCheck, error) {
	c := s.client
	if err := validateGUID("bundle id", bundleID); err != nil {
		return nil, err
	}
	if err := validateEmail("email", email); err != nil {
		return nil, err
	}
	r, err := c.newRequest("canPurchase", http.MethodPost, c.supportBase, "esims/can-purchase", nil, authPrivate)
	if err != nil {
		return nil, err
	}
	r, err = r.withJSON(wire.PurchaseCheckRequest{BundleID: bundleID, UserEmail: email, Comment: wire.PurchaseCheckRequestCommentSourceWebsite})
	if err != nil {
		return nil, err
	}
	return run(ctx, c, r, decodePurchaseCheck)
}

// ContactUs sends the contact form. On any error it logs in as guest and retries once.
func (s *SupportService) ContactUs(ctx context.Context, f ContactForm) error {
	c := s.client
	for _, v := range []struct{ field, value string }{{"full name", f.FullName}, {"message", f.Message}} {
		if err := required(v.field, v.value); err != nil {
			return err
		}
	}
	if err := validateEmail("email", f.Email); err != nil {
		return err
	}
	if !wire.ContactDepartment(f.Department).Valid() {
		return &ValidationError{Field: "department", Value: f.Department, Reason: "must be Customer Service, Sales or Support"}
	}
	r, err := c.newRequest("contactUs", http.MethodPost, c.supportBase, "support/contact-us", nil, authPublic)
	if err != nil {
		return err
	}
	r, err = r.withJSON(wire.ContactRequest{
		FullName: f.FullName, Email: f.Email, Message: f.Message, Department: wire.ContactDepartment(f.Department), IdempotencyID: c.newID(),
	})
	if err != nil {
		return err
	}
	r.idempotent = true // a repeated id is neither stored nor mailed twice
	_, err = c.do(ctx, r)
	return err
}

// ByEmail lists the customer's eSIMs (an empty list is not an error).
func (s *ESIMsService) ByEmail(ctx context.Context, email string) ([]ESIM, error) {
	c := s.client
	if err := validateEmail("email", email); err != nil {
		return nil, err
	}
	p, err := pathf("esims/useremails/%s", email)
	if err != nil {
		return nil, err
	}
	r, err := c.newRequest("listEsimsByEmail", http.MethodGet, c.supportBase, p, nil, authPrivate)
	if err != nil {
		return nil, err
	}
	return run(ctx, c, r, decodeESIMs)
}

// Info returns the bundles of one eSIM with their state and consumption.
func (s *ESIMsService) Info(ctx context.Context, iccid string) ([]ESIMBundle, error) {
	c := s.client
	iccid = numerals.ASCII(iccid) // typed on an Arabic or Persian keyboard
	if err := validateICCID(iccid); err != nil {
		return nil, err
	}
	p, err := pathf("esims/%s/info", iccid)
	if err != nil {
		return nil, err
	}
	r, err := c.newRequest("getEsimInfo", http.MethodGet, c.supportBase, p, nil, authPrivate)
	if err != nil {
		return nil, err
	}
	return run(ctx, c, r, decodeESIMInfo)
}

// QRCode returns the eSIM's QR code as PNG bytes.
func (s *ESIMsService) QRCode(ctx context.Context, iccid string) ([]byte, error) {
	c := s.client
	iccid = numerals.ASCII(iccid) // typed on an Arabic or Persian keyboard
	if err := validateICCID(iccid); err != nil {
		return nil, err
	}
	p, err := pathf("esims/%s/QrCode", iccid)
	if err != nil {
		return nil, err
	}
	r, err := c.newRequest("getQrCode", http.MethodGet, c.supportBase, p, nil, authPrivate)
	if err != nil {
		return nil, err
	}
	return run(ctx, c, r, decodeQRCode)
}

// Check asks the external eSIM service whether the plan can continue on this eSIM.
func (s *ESIMCheckService) Check(ctx context.Context, bundleName, iccid string) (bool, error) {
	c := s.client
	if err := required("bundle name", bundleName); err != nil {
		return false, err
	}
	iccid = numerals.ASCII(iccid) // typed on an Arabic or Persian keyboard
	if err := validateICCID(iccid); err != nil {
		return false, err
	}
	p, err := pathf("esims/check/%s/%s", bundleName, iccid)
	if err != nil {
		return false, err
	}
	r, err := c.newRequest("checkEsim", http.MethodGet, c.esimCheckBase, p, nil, authPrivate)
	if err != nil {
		return false, err
	}
	return run(ctx, c, r, decodeESIMCheck)
}

// Push sends one line to the log aggregation endpoint (Loki push format). The bearer is
// sent when there is a session; a log push never logs in or re-authenticates.
func (s *LogsService) Push(ctx context.Context, l LogLine) error {
	c := s.client
	if err := required("message", l.Message); err != nil {
		return err
	}
	if l.Time.IsZero() {
		l.Time = time.Now()
	}
	r := &request{call: "pushLogs", method: http.MethodPost, url: c.logPushURL, urlString: c.logPushURL.String(), auth: authOptional}
	r, err := r.withJSON(wire.LogPush{Streams: []wire.LogStream{{
		Stream: wire.LogLabels{Container: l.Container, Job: l.Job, Level: l.Level},
		Values: [][]string{{strconv.FormatInt(l.Time.UnixNano(), 10), l.Message}},
	}}})
	if err != nil {
		return err
	}
	if _, err := c.do(ctx, r); err != nil {
		return fmt.Errorf("push log line: %w", err)
	}
	return nil
}
