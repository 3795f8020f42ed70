package state

import (
	"net/mail"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cedarsim/esim/contract"
)

// data is the state in memory. Its JSON form is the JSON-era state file.
type data struct {
	SigningKey []byte            `json:"signingKey"`
	Epoch      int               `json:"epoch"` // bumped to expire every access token
	Users      map[string]*User  `json:"users"`
	Refresh    map[string]*Grant `json:"refresh"`
	Orders     map[string]*Order `json:"orders"`
	ESIMs      map[string]*ESIM  `json:"esims"`
	Mail       []*Mail           `json:"mail"`
	Contacts   []*Contact        `json:"contacts"`
	Logs       []*LogLine        `json:"logs"`
	Idem       map[string]string `json:"idem"`  // idempotency key -> what it made
	Audit      []*AuditEntry     `json:"audit"` // oldest first
	Seq        uint64            `json:"seq"`   // last number given to a mail, contact, log line or audit entry

	// Indexes, rebuilt by reindex after a load and kept by every change through Tx:
	// open orders (the few among many paid and deleted ones), users by folded e-mail, eSIMs
	// by account and by folded owner e-mail, and the unverified accounts oldest first.
	open       map[string]*Order
	byEmail    map[string]*User
	byAccount  map[string]*ESIM
	esimsOf    map[string][]*ESIM
	unverified []*User
}

func newData() *data {
	d := &data{
		Users: map[string]*User{}, Refresh: map[string]*Grant{}, Orders: map[string]*Order{},
		ESIMs: map[string]*ESIM{}, Idem: map[string]string{},
	}
	d.reindex()
	return d
}

// FoldEmail is the identity of an e-mail address: trimmed, ASCII letters in lower case.
// Only ASCII is folded: Unicode folding would make "ſam@" (long s) the same as "sam@".
func FoldEmail(e string) string {
	e = strings.TrimSpace(e)
	b := []byte(e)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + ('a' - 'A')
		}
	}
	return string(b)
}

// ValidEmail accepts a plain address (no display name, no spaces or angle brackets) with a
// dot in its domain, at most 254 characters (counted as every field's maximum is).
func ValidEmail(e string) bool {
	if e == "" || utf8.RuneCountInString(e) > contract.LimitEmailMax || strings.ContainsAny(e, " <>") {
		return false
	}
	a, err := mail.ParseAddress(e)
	return err == nil && a.Address == e && strings.Contains(e[strings.LastIndex(e, "@"):], ".")
}

// SameEmail reports whether a and b are the same address (FoldEmail).
func SameEmail(a, b string) bool { return FoldEmail(a) == FoldEmail(b) }

// fill makes the tables of a decoded JSON-era state non-nil and builds the indexes.
func (d *data) fill() {
	if d.Users == nil {
		d.Users = map[string]*User{}
	}
	if d.Refresh == nil {
		d.Refresh = map[string]*Grant{}
	}
	if d.Orders == nil {
		d.Orders = map[string]*Order{}
	}
	if d.ESIMs == nil {
		d.ESIMs = map[string]*ESIM{}
	}
	if d.Idem == nil {
		d.Idem = map[string]string{}
	}
	d.reindex()
}

func (d *data) reindex() {
	d.open, d.byEmail, d.byAccount, d.esimsOf = map[string]*Order{}, map[string]*User{}, map[string]*ESIM{}, map[string][]*ESIM{}
	d.unverified = nil
	for _, o := range d.Orders {
		if o != nil {
			d.indexOrder(o)
		}
	}
	for _, u := range d.Users {
		if u != nil {
			d.byEmail[FoldEmail(u.Email)] = u
			if !u.Verified {
				d.unverified = append(d.unverified, u)
			}
		}
	}
	sort.Slice(d.unverified, func(i, j int) bool { return d.unverified[i].Created.Before(d.unverified[j].Created) })
	for _, e := range d.ESIMs {
		if e != nil {
			d.indexESIM(e)
		}
	}
}

// indexOrder files o in the open-orders index after a change of its status.
func (d *data) indexOrder(o *Order) {
	if o.Status == OrderOpen {
		d.open[o.ID] = o
	} else {
		delete(d.open, o.ID)
	}
}

func (d *data) indexESIM(e *ESIM) {
	d.byAccount[strings.ToLower(e.AccountID)] = e
	k := FoldEmail(e.Email)
	for _, x := range d.esimsOf[k] {
		if x == e {
			return
		}
	}
	d.esimsOf[k] = append(d.esimsOf[k], e)
}

func (d *data) unindexUser(u *User) {
	if d.byEmail[FoldEmail(u.Email)] == u {
		delete(d.byEmail, FoldEmail(u.Email))
	}
}

// expiredUnverified reports whether u is an unverified account older than ttl at now.
func expiredUnverified(u *User, now time.Time, ttl time.Duration) bool {
	if u.Verified {
		return false
	}
	born := u.Created
	if born.IsZero() { // made before Created was kept: its last code tells its age
		born = u.CodeExpires
	}
	return now.Sub(born) > ttl
}
