package state

import (
	"errors"
	"fmt"
)

// validate checks what no single record can: the signing key, the references between
// records, and entries that must not be empty. A state that fails is never served.
func (d *data) validate() error {
	var errs []error
	fail := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if len(d.SigningKey) < MinSigningKey {
		fail("the signing key has %d bytes; at least %d are required", len(d.SigningKey), MinSigningKey)
	}
	emails := map[string]string{}
	for id, u := range d.Users {
		switch {
		case u == nil:
			fail("users/%s is null", id)
		case u.ID != id:
			fail("users/%s holds user %q", id, u.ID)
		case !ValidEmail(u.Email):
			fail("users/%s has no valid e-mail", id)
		case emails[FoldEmail(u.Email)] != "":
			fail("users/%s and users/%s have the same e-mail", emails[FoldEmail(u.Email)], id)
		default:
			emails[FoldEmail(u.Email)] = id
		}
	}
	for id, g := range d.Refresh {
		switch {
		case g == nil:
			fail("refresh/…%s is null", tail(id))
		case !g.Guest && d.Users[g.UserID] == nil:
			fail("refresh/…%s belongs to user %q, who does not exist", tail(id), g.UserID)
		}
	}
	for id, e := range d.ESIMs {
		if e == nil {
			fail("esims/%s is null", id)
			continue
		}
		if e.ICCID != id {
			fail("esims/%s holds eSIM %q", id, e.ICCID)
		}
		if d.Users[e.UserID] == nil {
			fail("esims/%s belongs to user %q, who does not exist", id, e.UserID)
		}
		for i, b := range e.Bundles {
			if b == nil || b.BundleID == "" {
				fail("esims/%s bundle %d is empty", id, i)
			}
		}
	}
	for id, o := range d.Orders {
		if o == nil {
			fail("orders/%s is null", id)
			continue
		}
		if o.ID != id {
			fail("orders/%s holds order %q", id, o.ID)
		}
		switch o.Status {
		case OrderOpen, OrderPaid, OrderDeleted:
		default:
			fail("orders/%s has status %q", id, o.Status)
		}
		if o.UserID != "" && d.Users[o.UserID] == nil {
			fail("orders/%s belongs to user %q, who does not exist", id, o.UserID)
		}
		if o.Status == OrderPaid && d.ESIMs[o.ICCID] == nil {
			fail("orders/%s is paid for eSIM %q, which does not exist", id, o.ICCID)
		}
	}
	nulls := func(what string, n int, isNil func(int) bool) {
		for i := range n {
			if isNil(i) {
				fail("%s %d is null", what, i)
			}
		}
	}
	nulls("mail", len(d.Mail), func(i int) bool { return d.Mail[i] == nil })
	nulls("contact", len(d.Contacts), func(i int) bool { return d.Contacts[i] == nil })
	nulls("log line", len(d.Logs), func(i int) bool { return d.Logs[i] == nil })
	nulls("audit entry", len(d.Audit), func(i int) bool { return d.Audit[i] == nil })
	if len(errs) > 5 {
		errs = append(errs[:5], fmt.Errorf("and %d more problems", len(errs)-5))
	}
	return errors.Join(errs...)
}

// tail shows the end of a secret (a refresh token) in an error, never all of it.
func tail(s string) string {
	if len(s) <= 4 {
		return s
	}
	return s[len(s)-4:]
}
