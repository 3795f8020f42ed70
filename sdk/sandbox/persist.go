package sandbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/cedarsim/esim/sdk/sandbox/store"
)

// How the sandbox keeps its state with StatePath (docs/contract.md, "Sandbox state"):
// the in-memory state is a cache of the store, loaded and checked at start. A handler
// changes memory under s.mu, marks every record it changed (markLocked and the helpers
// below), and saveLocked writes exactly those records in one transaction before the answer
// is sent. When the write fails, the marked records are read back from the store so memory
// never runs ahead of the disk, the client gets 503, and Health reports the failure until a
// write succeeds again.

// Record kinds of the store.
const (
	kindMeta     = "meta"
	kindUsers    = "users"
	kindRefresh  = "refresh"
	kindOrders   = "orders"
	kindESIMs    = "esims"
	kindMail     = "mail"
	kindContacts = "contacts"
	kindLogs     = "logs"
	kindIdem     = "idem"
	kindAudit    = "audit"
)

// metaID is the one record of kindMeta.
const metaID = "state"

// minSigningKey is the shortest HS256 key the sandbox accepts (RFC 7518 3.2: at least the
// hash size).
const minSigningKey = 32

func storeKinds() []string {
	return []string{kindMeta, kindUsers, kindRefresh, kindOrders, kindESIMs, kindMail, kindContacts, kindLogs, kindIdem, kindAudit}
}

// metaRecord holds the state's scalars.
type metaRecord struct {
	SigningKey []byte `json:"signingKey"`
	Epoch      int    `json:"epoch"`
	Seq        uint64 `json:"seq"`
}

type recKey struct{ kind, id string }

// seqID is the record id of a mail, contact, log line or audit entry: its sequence number in 16 hex
// digits, so the store's byte order is the order they arrived in.
func seqID(seq uint64) string { return fmt.Sprintf("%016x", seq) }

func parseSeqID(id string) (uint64, error) {
	if len(id) != 16 {
		return 0, fmt.Errorf("id %q is not a sequence number", id)
	}
	n, err := strconv.ParseUint(id, 16, 64)
	if err != nil {
		return 0, fmt.Errorf("id %q is not a sequence number", id)
	}
	return n, nil
}

// nextSeqLocked numbers a new mail, contact or log line.
func (s *Server) nextSeqLocked() uint64 {
	s.st.Seq++
	s.markMetaLocked()
	return s.st.Seq
}

// markLocked records that the record kind/id changed. For the tables (users, refresh,
// orders, esims, idem) and meta the value is read from the state at the save; for the lists
// (mail, contacts, logs) v is the new value and nil deletes the record.
func (s *Server) markLocked(kind, id string, v any) {
	if s.store == nil {
		return
	}
	if s.pending == nil {
		s.pending = map[recKey]any{}
	}
	s.pending[recKey{kind, id}] = v
}

func (s *Server) markMetaLocked() { s.markLocked(kindMeta, metaID, nil) }

func (s *Server) markUserLocked(u *user) { s.markLocked(kindUsers, u.ID, nil) }

// deleteOrderLocked removes an order (from the open-orders index too) and marks it.
func (s *Server) deleteOrderLocked(id string) {
	delete(s.st.Orders, id)
	delete(s.st.open, id)
	s.markLocked(kindOrders, id, nil)
}

// markOrderLocked also keeps the open-orders index: call it after every change of an order.
func (s *Server) markOrderLocked(o *order) {
	s.st.indexOrder(o)
	s.markLocked(kindOrders, o.ID, nil)
}
func (s *Server) markESIMLocked(e *esim)         { s.markLocked(kindESIMs, e.ICCID, nil) }
func (s *Server) markIdemLocked(key string)      { s.markLocked(kindIdem, key, nil) }
func (s *Server) markRefreshLocked(token string) { s.markLocked(kindRefresh, token, nil) }

// recordsLocked encodes the pending changes. Table records are read from the state now, so
// a record marked and then changed again is written once, as it is, and one that is no
// longer in its table is deleted.
func (s *Server) recordsLocked() ([]store.Record, error) {
	recs := make([]store.Record, 0, len(s.pending))
	for k, v := range s.pending {
		r := store.Record{Kind: k.kind, ID: k.id}
		switch k.kind {
		case kindMeta:
			v = s.st.meta()
		case kindUsers:
			v = nil
			if x, ok := s.st.Users[k.id]; ok {
				v = x
			}
		case kindRefresh:
			v = nil
			if x, ok := s.st.Refresh[k.id]; ok {
				v = x
			}
		case kindOrders:
			v = nil
			if x, ok := s.st.Orders[k.id]; ok {
				v = x
			}
		case kindESIMs:
			v = nil
			if x, ok := s.st.ESIMs[k.id]; ok {
				v = x
			}
		case kindIdem:
			v = nil
			if x, ok := s.st.Idem[k.id]; ok {
				v = x
			}
		}
		if v != nil {
			b, err := json.Marshal(v)
			if err != nil {
				return nil, fmt.Errorf("encode %s/%s: %w", k.kind, k.id, err)
			}
			r.Value = b
		}
		recs = append(recs, r)
	}
	sort.Slice(recs, func(i, j int) bool {
		if recs[i].Kind != recs[j].Kind {
			return recs[i].Kind < recs[j].Kind
		}
		return recs[i].ID < recs[j].ID
	})
	return recs, nil
}

// commitLocked writes the pending changes in one transaction. On failure memory is brought
// back to what the store holds and Health reports the error.
func (s *Server) commitLocked() error {
	if s.store == nil || len(s.pending) == 0 {
		s.pending = nil
		return nil
	}
	recs, err := s.recordsLocked()
	if err == nil {
		// A commit that started is finished even when the client goes away.
		err = s.store.Apply(context.Background(), recs)
	}
	pending := s.pending
	s.pending = nil
	if err != nil {
		s.writeErr, s.writeErrAt = err, s.now()
		s.failedWrites++
		s.log.Error("sandbox state not saved; the change was undone and answered 503", "err", err, "records", len(recs))
		if rerr := s.rollbackLocked(pending); rerr != nil {
			s.log.Error("sandbox state could not be read back after a failed write", "err", rerr)
		}
		return err
	}
	s.writeErr = nil
	return nil
}

// saveLocked commits the request's changes before it is answered. On failure it returns
// the 503 problem+json answer (nil when saved); the handler answers it instead.
func (s *Server) saveLocked() reply {
	if err := s.commitLocked(); err != nil {
		return notSaved
	}
	return nil
}

// notSaved answers a change the state file did not take.
func notSaved(w http.ResponseWriter) {
	w.Header().Set("Retry-After", "5")
	writeProblem(w, http.StatusServiceUnavailable, "The sandbox could not save this change (its state file cannot be written); nothing was changed. Try again later.")
}

// discardLocked undoes the changes marked since the last save (a handler that fails after
// changing memory). Without a state file there is nothing to read back: memory stays.
func (s *Server) discardLocked() {
	if s.store == nil {
		return
	}
	pending := s.pending
	s.pending = nil
	if err := s.rollbackLocked(pending); err != nil {
		s.log.Error("sandbox state could not be read back", "err", err)
	}
}

// rollbackLocked replaces the records of pending in memory by what the store holds.
func (s *Server) rollbackLocked(pending map[recKey]any) error {
	var errs []error
	reloaded := map[string]bool{}
	for k := range pending {
		switch k.kind {
		case kindMeta, kindMail, kindContacts, kindLogs, kindAudit:
			// Meta, and the lists (small and capped), are read back whole.
			if !reloaded[k.kind] {
				reloaded[k.kind] = true
				errs = append(errs, s.reloadKindLocked(k.kind))
			}
			continue
		}
		b, err := s.store.Get(k.kind, k.id)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		errs = append(errs, s.st.put(k.kind, k.id, b))
	}
	return errors.Join(errs...)
}

func (s *Server) reloadKindLocked(kind string) error {
	if kind == kindMeta {
		b, err := s.store.Get(kindMeta, metaID)
		if err != nil {
			return err
		}
		return s.st.put(kindMeta, metaID, b)
	}
	switch kind {
	case kindMail:
		s.st.Mail = nil
	case kindContacts:
		s.st.Contacts = nil
	case kindLogs:
		s.st.Logs = nil
	case kindAudit:
		s.st.Audit = nil
	}
	return s.store.ForEach(kind, func(id string, v []byte) error { return s.st.put(kind, id, v) })
}

// Health is nil while the state file takes every change; after a failed write it says so
// (and /healthz answers 503 "degraded") until a write succeeds again.
func (s *Server) Health() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.writeErr == nil {
		return nil
	}
	return fmt.Errorf("the sandbox state file could not be written (%d failed writes, last at %s): %w",
		s.failedWrites, s.writeErrAt.Format(time.RFC3339), s.writeErr)
}

// handleHealth answers GET /healthz for `esim sandbox` (esim serve asks Health itself).
func (s *Server) handleHealth(w http.ResponseWriter, _ *http.Request) {
	if err := s.Health(); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "degraded", "detail": err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (st *state) meta() metaRecord {
	return metaRecord{SigningKey: st.SigningKey, Epoch: st.Epoch, Seq: st.Seq}
}

// put decodes one stored record into the state; a nil value removes it. A record that is
// not a JSON object of its kind, or whose id disagrees with its key, is an error.
func (st *state) put(kind, id string, b []byte) error {
	fail := func(format string, a ...any) error {
		return fmt.Errorf("%s/%s: %s", kind, id, fmt.Sprintf(format, a...))
	}
	if b == nil {
		switch kind {
		case kindUsers:
			delete(st.Users, id)
		case kindRefresh:
			delete(st.Refresh, id)
		case kindOrders:
			delete(st.Orders, id)
			delete(st.open, id)
		case kindESIMs:
			delete(st.ESIMs, id)
		case kindIdem:
			delete(st.Idem, id)
		case kindMeta:
			st.SigningKey, st.Epoch, st.Seq = nil, 0, 0
		}
		return nil
	}
	if kind == kindIdem {
		var v string
		if err := json.Unmarshal(b, &v); err != nil {
			return fail("not a JSON string: %v", err)
		}
		st.Idem[id] = v
		return nil
	}
	if t := strings.TrimSpace(string(b)); !strings.HasPrefix(t, "{") {
		return fail("is %.20q, not a JSON object", t)
	}
	decode := func(v any) error {
		if err := json.Unmarshal(b, v); err != nil {
			return fail("%v", err)
		}
		return nil
	}
	switch kind {
	case kindMeta:
		var m metaRecord
		if err := decode(&m); err != nil {
			return err
		}
		st.SigningKey, st.Epoch, st.Seq = m.SigningKey, m.Epoch, m.Seq
	case kindUsers:
		var u user
		if err := decode(&u); err != nil {
			return err
		}
		if u.ID != id {
			return fail("holds user %q", u.ID)
		}
		st.Users[id] = &u
	case kindRefresh:
		var g refreshGrant
		if err := decode(&g); err != nil {
			return err
		}
		st.Refresh[id] = &g
	case kindOrders:
		var o order
		if err := decode(&o); err != nil {
			return err
		}
		if o.ID != id {
			return fail("holds order %q", o.ID)
		}
		st.Orders[id] = &o
		st.indexOrder(&o)
	case kindESIMs:
		var e esim
		if err := decode(&e); err != nil {
			return err
		}
		if e.ICCID != id {
			return fail("holds eSIM %q", e.ICCID)
		}
		st.ESIMs[id] = &e
	case kindMail, kindContacts, kindLogs, kindAudit:
		seq, err := parseSeqID(id)
		if err != nil {
			return fail("%v", err)
		}
		switch kind {
		case kindMail:
			m := &Mail{}
			if err := decode(m); err != nil {
				return err
			}
			m.seq = seq
			st.Mail = append(st.Mail, m)
		case kindContacts:
			c := &contact{}
			if err := decode(c); err != nil {
				return err
			}
			c.seq = seq
			st.Contacts = append(st.Contacts, c)
		case kindAudit:
			a := &AuditEntry{}
			if err := decode(a); err != nil {
				return err
			}
			a.seq = seq
			st.Audit = append(st.Audit, a)
		default:
			var l LogLine
			if err := decode(&l); err != nil {
				return err
			}
			l.seq = seq
			st.Logs = append(st.Logs, l)
		}
	default:
		return fail("unknown record kind")
	}
	return nil
}

// validate checks what no single record can: the signing key, the references between
// records, and entries that must not be empty. A state that fails is never served.
func (st *state) validate() error {
	var errs []error
	fail := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if len(st.SigningKey) < minSigningKey {
		fail("the signing key has %d bytes; at least %d are required", len(st.SigningKey), minSigningKey)
	}
	emails := map[string]string{}
	for id, u := range st.Users {
		switch {
		case u == nil:
			fail("users/%s is null", id)
		case u.ID != id:
			fail("users/%s holds user %q", id, u.ID)
		case !validEmail(u.Email):
			fail("users/%s has no valid e-mail", id)
		case emails[strings.ToLower(u.Email)] != "":
			fail("users/%s and users/%s have the same e-mail", emails[strings.ToLower(u.Email)], id)
		default:
			emails[strings.ToLower(u.Email)] = id
		}
	}
	for id, g := range st.Refresh {
		switch {
		case g == nil:
			fail("refresh/…%s is null", tail(id))
		case !g.Guest && st.Users[g.UserID] == nil:
			fail("refresh/…%s belongs to user %q, who does not exist", tail(id), g.UserID)
		}
	}
	for id, e := range st.ESIMs {
		if e == nil {
			fail("esims/%s is null", id)
			continue
		}
		if e.ICCID != id {
			fail("esims/%s holds eSIM %q", id, e.ICCID)
		}
		if st.Users[e.UserID] == nil {
			fail("esims/%s belongs to user %q, who does not exist", id, e.UserID)
		}
		for i, b := range e.Bundles {
			if b == nil || b.BundleID == "" {
				fail("esims/%s bundle %d is empty", id, i)
			}
		}
	}
	for id, o := range st.Orders {
		if o == nil {
			fail("orders/%s is null", id)
			continue
		}
		if o.ID != id {
			fail("orders/%s holds order %q", id, o.ID)
		}
		switch o.Status {
		case orderOpen, orderPaid, orderDeleted:
		default:
			fail("orders/%s has status %q", id, o.Status)
		}
		if o.UserID != "" && st.Users[o.UserID] == nil {
			fail("orders/%s belongs to user %q, who does not exist", id, o.UserID)
		}
		if o.Status == orderPaid && st.ESIMs[o.ICCID] == nil {
			fail("orders/%s is paid for eSIM %q, which does not exist", id, o.ICCID)
		}
	}
	for i, m := range st.Mail {
		if m == nil {
			fail("mail %d is null", i)
		}
	}
	for i, c := range st.Contacts {
		if c == nil {
			fail("contact %d is null", i)
		}
	}
	for i, a := range st.Audit {
		if a == nil {
			fail("audit entry %d is null", i)
		}
	}
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

// records is the whole state as store records (migration of an old JSON state).
func (st *state) records() ([]store.Record, error) {
	var recs []store.Record
	add := func(kind, id string, v any) error {
		b, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("encode %s/%s: %w", kind, id, err)
		}
		recs = append(recs, store.Record{Kind: kind, ID: id, Value: b})
		return nil
	}
	var errs []error
	for id, v := range st.Users {
		errs = append(errs, add(kindUsers, id, v))
	}
	for id, v := range st.Refresh {
		errs = append(errs, add(kindRefresh, id, v))
	}
	for id, v := range st.Orders {
		errs = append(errs, add(kindOrders, id, v))
	}
	for id, v := range st.ESIMs {
		errs = append(errs, add(kindESIMs, id, v))
	}
	for id, v := range st.Idem {
		errs = append(errs, add(kindIdem, id, v))
	}
	for _, m := range st.Mail {
		st.Seq++
		m.seq = st.Seq
		errs = append(errs, add(kindMail, seqID(m.seq), m))
	}
	for _, c := range st.Contacts {
		st.Seq++
		c.seq = st.Seq
		errs = append(errs, add(kindContacts, seqID(c.seq), c))
	}
	for i := range st.Logs {
		st.Seq++
		st.Logs[i].seq = st.Seq
		errs = append(errs, add(kindLogs, seqID(st.Seq), st.Logs[i]))
	}
	for _, a := range st.Audit {
		st.Seq++
		a.seq = st.Seq
		errs = append(errs, add(kindAudit, seqID(a.seq), a))
	}
	errs = append(errs, add(kindMeta, metaID, st.meta()))
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return recs, nil
}

// openState opens (creating, or migrating an old JSON state) the store at path and loads it.
func openState(path string, log interface{ Info(string, ...any) }) (*store.Store, *state, error) {
	ctx := context.Background()
	db, err := store.Open(ctx, path, storeKinds())
	if errors.Is(err, store.ErrLegacyJSON) {
		old, lerr := loadLegacyJSON(path)
		if lerr != nil {
			return nil, nil, lerr
		}
		recs, rerr := old.records()
		if rerr != nil {
			return nil, nil, fmt.Errorf("migrate sandbox state %s: %w", path, rerr)
		}
		backup := path + ".v1.json"
		if merr := store.Migrate(ctx, path, backup, storeKinds(), recs); merr != nil {
			return nil, nil, merr
		}
		log.Info("sandbox state migrated from JSON to the store", "path", path, "backup", backup)
		db, err = store.Open(ctx, path, storeKinds())
	}
	if err != nil {
		return nil, nil, err
	}
	st, err := loadStore(db)
	if err != nil {
		_ = db.Close()
		return nil, nil, fmt.Errorf("sandbox state %s is inconsistent, so the sandbox did not start (fix or move the file away): %w", path, err)
	}
	return db, st, nil
}

// loadStore reads every record; a store with records but no meta record is inconsistent;
// an empty one is a fresh state (its meta is written by New).
func loadStore(db *store.Store) (*state, error) {
	st := newState()
	empty := true
	for _, k := range storeKinds() {
		err := db.ForEach(k, func(id string, v []byte) error {
			empty = false
			return st.put(k, id, v)
		})
		if err != nil {
			return nil, err
		}
	}
	if empty {
		return st, nil
	}
	b, err := db.Get(kindMeta, metaID)
	if err != nil {
		return nil, err
	}
	if b == nil {
		return nil, errors.New("records without the meta record (signing key, counters)")
	}
	if err := st.validate(); err != nil {
		return nil, err
	}
	return st, nil
}

// loadLegacyJSON reads a state file of the JSON era, refusing damage the old loader let
// through: a missing or null table, null entries, a short signing key.
func loadLegacyJSON(path string) (*state, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read old JSON sandbox state %s: %w", path, err)
	}
	refuse := func(format string, a ...any) error {
		return fmt.Errorf("old JSON sandbox state %s was not migrated (nothing was changed): %s", path, fmt.Sprintf(format, a...))
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, refuse("%v", err)
	}
	for _, k := range []string{"users", "refresh", "orders", "esims", "idem"} {
		v, ok := raw[k]
		switch {
		case !ok && k == "idem":
		case !ok:
			return nil, refuse("%q is missing", k)
		case string(v) == "null" || !strings.HasPrefix(strings.TrimSpace(string(v)), "{"):
			return nil, refuse("%q is %.20s, not an object", k, v)
		}
	}
	st := newState()
	if err := json.Unmarshal(b, st); err != nil {
		return nil, refuse("%v", err)
	}
	st.fill()
	if err := st.validate(); err != nil {
		return nil, refuse("%v", err)
	}
	return st, nil
}
