package state

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
)

// ErrFull is a table at its limit with nothing that may make room.
var ErrFull = errors.New("the sandbox holds too many records of this kind")

// Tx is the state as one View or Update sees it; valid only during that call. A change of a
// record reached through Tx is saved when it is marked (the Mark methods); adding and
// removing records marks them by itself.
type Tx struct {
	s     *State
	d     *data
	write bool
}

func (tx *Tx) mark(kind, id string, v any) {
	if !tx.write {
		panic("sandbox state: a change inside View")
	}
	if tx.s.store == nil {
		return
	}
	if tx.s.pending == nil {
		tx.s.pending = map[recKey]any{}
	}
	tx.s.pending[recKey{kind, id}] = v
}

// Now is the sandbox clock's time.
func (tx *Tx) Now() time.Time { return tx.s.now() }

// SigningKey is the HS256 key of the access tokens.
func (tx *Tx) SigningKey() []byte { return tx.d.SigningKey }

// Epoch is the access tokens' generation: a token of another epoch is expired.
func (tx *Tx) Epoch() int { return tx.d.Epoch }

// SetSigningKey replaces the signing key.
func (tx *Tx) SetSigningKey(k []byte) {
	tx.d.SigningKey = append([]byte(nil), k...)
	tx.mark(kindMeta, metaID, nil)
}

// ExpireTokens makes every access token issued so far invalid.
func (tx *Tx) ExpireTokens() {
	tx.d.Epoch++
	tx.mark(kindMeta, metaID, nil)
}

func (tx *Tx) nextSeq() uint64 {
	tx.d.Seq++
	tx.mark(kindMeta, metaID, nil)
	return tx.d.Seq
}

// User is the account id, or nil. An account never verified is gone after UnverifiedTTL.
func (tx *Tx) User(id string) *User { return tx.live(tx.d.Users[id]) }

// UserByEmail is the account of an address (FoldEmail), or nil.
func (tx *Tx) UserByEmail(email string) *User { return tx.live(tx.d.byEmail[FoldEmail(email)]) }

func (tx *Tx) live(u *User) *User {
	if u == nil || expiredUnverified(u, tx.Now(), tx.s.limits.UnverifiedTTL) {
		return nil
	}
	return u
}

// AddUser adds a new account (its address must have none). Unverified accounts past
// UnverifiedTTL are removed first; at the limit the oldest unverified one makes room.
// Verified accounts are never dropped, so only a table of verified accounts is full
// (ErrFull).
func (tx *Tx) AddUser(u *User) error {
	tx.pruneUnverified(tx.Now())
	if old := tx.d.byEmail[FoldEmail(u.Email)]; old != nil {
		return fmt.Errorf("add user: the address already has account %s", old.ID)
	}
	if len(tx.d.Users) >= tx.s.limits.Users && !tx.dropOldestUnverified() {
		return ErrFull
	}
	tx.d.Users[u.ID] = u
	tx.d.byEmail[FoldEmail(u.Email)] = u
	if !u.Verified {
		tx.d.unverified = append(tx.d.unverified, u)
	}
	tx.MarkUser(u)
	return nil
}

// pruneUnverified removes the unverified accounts older than UnverifiedTTL (each leaves
// the queue once: the cost is spread over the sign-ups).
func (tx *Tx) pruneUnverified(now time.Time) {
	for len(tx.d.unverified) > 0 {
		u := tx.d.unverified[0]
		waiting := tx.d.Users[u.ID] == u && !u.Verified // else verified or gone since: just leaves the queue
		if waiting && !expiredUnverified(u, now, tx.s.limits.UnverifiedTTL) {
			return
		}
		tx.d.unverified = tx.d.unverified[1:]
		if waiting {
			tx.deleteUser(u)
		}
	}
}

func (tx *Tx) dropOldestUnverified() bool {
	for len(tx.d.unverified) > 0 {
		u := tx.d.unverified[0]
		tx.d.unverified = tx.d.unverified[1:]
		if tx.d.Users[u.ID] == u && !u.Verified {
			tx.deleteUser(u)
			return true
		}
	}
	return false
}

func (tx *Tx) deleteUser(u *User) {
	delete(tx.d.Users, u.ID)
	tx.d.unindexUser(u)
	tx.mark(kindUsers, u.ID, nil)
}

// MarkUser saves a change of u.
func (tx *Tx) MarkUser(u *User) { tx.mark(kindUsers, u.ID, nil) }

// Grant is what a refresh token grants, or nil.
func (tx *Tx) Grant(token string) *Grant { return tx.d.Refresh[token] }

// AddGrant stores a new refresh token. Expired grants are dropped, and past the limit the
// cheapest to lose go first: used tokens still in their grace period, then guest sessions
// (the shop signs a guest in again by itself), each soonest to expire first; customers'
// sessions only when nothing else is left. So a flood of guest logins, whose credential is
// public, cannot sign customers out.
func (tx *Tx) AddGrant(token string, g *Grant) {
	tx.d.Refresh[token] = g
	tx.MarkGrant(token)
	now := tx.Now()
	for k, g := range tx.d.Refresh {
		if now.After(g.Expires) {
			delete(tx.d.Refresh, k)
			tx.MarkGrant(k)
		}
	}
	if len(tx.d.Refresh) <= tx.s.limits.Grants {
		return
	}
	keys := make([]string, 0, len(tx.d.Refresh))
	for k := range tx.d.Refresh {
		keys = append(keys, k)
	}
	rank := func(g *Grant) int {
		switch {
		case g.Rotated != nil:
			return 0
		case g.Guest:
			return 1
		}
		return 2
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := tx.d.Refresh[keys[i]], tx.d.Refresh[keys[j]]
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra < rb
		}
		return a.Expires.Before(b.Expires)
	})
	for _, k := range keys[:len(keys)-tx.s.limits.Grants*9/10] {
		delete(tx.d.Refresh, k)
		tx.MarkGrant(k)
	}
}

// MarkGrant saves a change of the grant of token.
func (tx *Tx) MarkGrant(token string) { tx.mark(kindRefresh, token, nil) }

// DeleteGrant removes a refresh token.
func (tx *Tx) DeleteGrant(token string) {
	delete(tx.d.Refresh, token)
	tx.MarkGrant(token)
}

// Order is the order id, or nil.
func (tx *Tx) Order(id string) *Order { return tx.d.Orders[id] }

// AddOrder adds a new order. At the limit, unbound orders older than unboundTTL go first,
// then the oldest unbound one, so a flood of creates cannot block purchases.
func (tx *Tx) AddOrder(o *Order, unboundTTL time.Duration) error {
	if len(tx.d.Orders) >= tx.s.limits.Orders {
		tx.pruneUnboundOrders(o.Created, unboundTTL)
	}
	if len(tx.d.Orders) >= tx.s.limits.Orders {
		return ErrFull
	}
	tx.d.Orders[o.ID] = o
	tx.MarkOrder(o)
	return nil
}

func (tx *Tx) pruneUnboundOrders(now time.Time, ttl time.Duration) {
	var oldest *Order
	for id, o := range tx.d.open {
		if o.UserID != "" {
			continue
		}
		if now.Sub(o.Created) > ttl {
			tx.deleteOrder(id)
			continue
		}
		if oldest == nil || o.Created.Before(oldest.Created) {
			oldest = o
		}
	}
	if len(tx.d.Orders) >= tx.s.limits.Orders && oldest != nil {
		tx.deleteOrder(oldest.ID)
	}
}

func (tx *Tx) deleteOrder(id string) {
	delete(tx.d.Orders, id)
	delete(tx.d.open, id)
	tx.mark(kindOrders, id, nil)
}

// MarkOrder saves a change of o (its status too: call it after every change).
func (tx *Tx) MarkOrder(o *Order) {
	tx.d.indexOrder(o)
	tx.mark(kindOrders, o.ID, nil)
}

// UnpaidOrders counts the open orders with a line of the customer email.
func (tx *Tx) UnpaidOrders(email string) int {
	n := 0
	for _, o := range tx.d.open {
		if o.BundleID != "" && SameEmail(o.Email, email) {
			n++
		}
	}
	return n
}

// ESIM is the eSIM iccid, or nil.
func (tx *Tx) ESIM(iccid string) *ESIM { return tx.d.ESIMs[iccid] }

// ESIMByAccount is the eSIM of an account id (case-insensitive), or nil.
func (tx *Tx) ESIMByAccount(accountID string) *ESIM {
	return tx.d.byAccount[strings.ToLower(accountID)]
}

// ESIMsOf lists the eSIMs of an address (FoldEmail), newest first.
func (tx *Tx) ESIMsOf(email string) []*ESIM {
	list := append([]*ESIM(nil), tx.d.esimsOf[FoldEmail(email)]...)
	sort.Slice(list, func(i, j int) bool { return list[i].Created.After(list[j].Created) })
	return list
}

// AddESIM adds a new eSIM.
func (tx *Tx) AddESIM(e *ESIM) {
	tx.d.ESIMs[e.ICCID] = e
	tx.d.indexESIM(e)
	tx.MarkESIM(e)
}

// MarkESIM saves a change of e.
func (tx *Tx) MarkESIM(e *ESIM) { tx.mark(kindESIMs, e.ICCID, nil) }

// maxIdem bounds the idempotency keys kept.
const maxIdem = 10_000

// Idem is what the idempotency key made, if it was seen.
func (tx *Tx) Idem(key string) (string, bool) {
	v, ok := tx.d.Idem[key]
	return v, ok
}

// SetIdem remembers what key made (a no-op once the table is full: a retry then makes a
// second one, as without a key).
func (tx *Tx) SetIdem(key, v string) {
	if len(tx.d.Idem) >= maxIdem {
		return
	}
	tx.d.Idem[key] = v
	tx.mark(kindIdem, key, nil)
}
