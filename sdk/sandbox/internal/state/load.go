package state

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/cedarsim/esim/sdk/sandbox/store"
)

// MinSigningKey is the shortest HS256 key the sandbox accepts (RFC 7518 3.2: at least the
// hash size).
const MinSigningKey = 32

// openStore opens (creating, or migrating a JSON-era state) the store at path and loads it.
func openStore(path string, log *slog.Logger) (*store.Store, *data, error) {
	ctx := context.Background()
	db, err := store.Open(ctx, path, storeKinds(), log)
	if errors.Is(err, store.ErrLegacyJSON) {
		if err := migrateJSON(ctx, path, log); err != nil {
			return nil, nil, err
		}
		db, err = store.Open(ctx, path, storeKinds(), log)
	}
	if err != nil {
		return nil, nil, err
	}
	d, err := load(db)
	if err != nil {
		_ = db.Close()
		return nil, nil, fmt.Errorf("sandbox state %s is inconsistent, so the sandbox did not start (fix or move the file away): %w", path, err)
	}
	return db, d, nil
}

// load reads every record; a store with records but no meta record is inconsistent; an
// empty one is a fresh state.
func load(db *store.Store) (*data, error) {
	d := newData()
	empty := true
	for _, k := range storeKinds() {
		err := db.ForEach(k, func(id string, v []byte) error {
			empty = false
			return d.put(k, id, v)
		})
		if err != nil {
			return nil, err
		}
	}
	d.reindex()
	if empty {
		return d, nil
	}
	b, err := db.Get(kindMeta, metaID)
	if err != nil {
		return nil, err
	}
	if b == nil {
		return nil, errors.New("records without the meta record (signing key, counters)")
	}
	if err := d.validate(); err != nil {
		return nil, err
	}
	return d, nil
}

// Verify reports whether the state file holds exactly what memory holds, i.e. every change
// was marked and saved (a check for tests and diagnosis; nil without a state file).
func (s *State) Verify() error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.store == nil {
		return nil
	}
	if len(s.pending) > 0 {
		return fmt.Errorf("%d changes not saved", len(s.pending))
	}
	if err := s.d.checkIndexes(); err != nil {
		return err
	}
	disk, err := load(s.store)
	if err != nil {
		return err
	}
	mem, err := json.Marshal(s.d)
	if err != nil {
		return fmt.Errorf("encode memory: %w", err)
	}
	stored, err := json.Marshal(disk)
	if err != nil {
		return fmt.Errorf("encode store: %w", err)
	}
	if string(mem) != string(stored) {
		return fmt.Errorf("memory and store differ:\nmemory %s\nstore  %s", mem, stored)
	}
	return nil
}

// checkIndexes reports an index that disagrees with the data it indexes.
func (d *data) checkIndexes() error {
	for id, o := range d.Orders {
		if _, indexed := d.open[id]; indexed != (o.Status == OrderOpen) {
			return fmt.Errorf("order %s (%s) is indexed as open: %v", id, o.Status, indexed)
		}
	}
	if len(d.open) > len(d.Orders) {
		return fmt.Errorf("%d orders indexed as open, %d orders", len(d.open), len(d.Orders))
	}
	for id, u := range d.Users {
		if d.byEmail[FoldEmail(u.Email)] != u {
			return fmt.Errorf("user %s is not indexed by its e-mail", id)
		}
	}
	if len(d.byEmail) != len(d.Users) {
		return fmt.Errorf("%d e-mails indexed, %d users", len(d.byEmail), len(d.Users))
	}
	for iccid, e := range d.ESIMs {
		if d.byAccount[strings.ToLower(e.AccountID)] != e {
			return fmt.Errorf("eSIM %s is not indexed by its account", iccid)
		}
	}
	return nil
}

// put decodes one stored record into d; a nil value removes it. A record that is not a
// JSON object of its kind, or whose id disagrees with its key, is an error. The indexes
// are rebuilt by the caller (reindex).
func (d *data) put(kind, id string, b []byte) error {
	fail := func(format string, a ...any) error {
		return fmt.Errorf("%s/%s: %s", kind, id, fmt.Sprintf(format, a...))
	}
	if b == nil {
		d.remove(kind, id)
		return nil
	}
	if kind == kindIdem {
		var v string
		if err := json.Unmarshal(b, &v); err != nil {
			return fail("not a JSON string: %v", err)
		}
		d.Idem[id] = v
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
	var seq uint64
	switch kind {
	case kindMail, kindContacts, kindLogs, kindAudit:
		n, err := parseSeqID(id)
		if err != nil {
			return fail("%v", err)
		}
		seq = n
	}
	switch kind {
	case kindMeta:
		var m metaRecord
		if err := decode(&m); err != nil {
			return err
		}
		d.SigningKey, d.Epoch, d.Seq = m.SigningKey, m.Epoch, m.Seq
	case kindUsers:
		u := &User{}
		if err := decode(u); err != nil {
			return err
		}
		if u.ID != id {
			return fail("holds user %q", u.ID)
		}
		d.Users[id] = u
	case kindRefresh:
		g := &Grant{}
		if err := decode(g); err != nil {
			return err
		}
		d.Refresh[id] = g
	case kindOrders:
		o := &Order{}
		if err := decode(o); err != nil {
			return err
		}
		if o.ID != id {
			return fail("holds order %q", o.ID)
		}
		d.Orders[id] = o
	case kindESIMs:
		e := &ESIM{}
		if err := decode(e); err != nil {
			return err
		}
		if e.ICCID != id {
			return fail("holds eSIM %q", e.ICCID)
		}
		d.ESIMs[id] = e
	case kindMail:
		m := &Mail{seq: seq}
		if err := decode(m); err != nil {
			return err
		}
		d.Mail = append(d.Mail, m)
	case kindContacts:
		c := &Contact{seq: seq}
		if err := decode(c); err != nil {
			return err
		}
		d.Contacts = append(d.Contacts, c)
	case kindAudit:
		a := &AuditEntry{seq: seq}
		if err := decode(a); err != nil {
			return err
		}
		d.Audit = append(d.Audit, a)
	case kindLogs:
		l := &LogLine{seq: seq}
		if err := decode(l); err != nil {
			return err
		}
		d.Logs = append(d.Logs, l)
	default:
		return fail("unknown record kind")
	}
	return nil
}

func (d *data) remove(kind, id string) {
	switch kind {
	case kindUsers:
		delete(d.Users, id)
	case kindRefresh:
		delete(d.Refresh, id)
	case kindOrders:
		delete(d.Orders, id)
	case kindESIMs:
		delete(d.ESIMs, id)
	case kindIdem:
		delete(d.Idem, id)
	case kindMeta:
		d.SigningKey, d.Epoch, d.Seq = nil, 0, 0
	}
}
