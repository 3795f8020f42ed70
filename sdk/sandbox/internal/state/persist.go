package state

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"

	"github.com/cedarsim/esim/sdk/sandbox/store"
)

// How the state is kept with a state file (docs/contract.md, "Sandbox state"): each Tx
// method that changes a record marks it (kind, id); commit writes exactly the marked
// records in one transaction. Table records and meta are read from memory at the commit (a
// record marked twice is written once, as it is then); list entries carry their value.

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

func storeKinds() []string {
	return []string{kindMeta, kindUsers, kindRefresh, kindOrders, kindESIMs, kindMail, kindContacts, kindLogs, kindIdem, kindAudit}
}

// metaRecord holds the state's scalars.
type metaRecord struct {
	SigningKey []byte `json:"signingKey"`
	Epoch      int    `json:"epoch"`
	Seq        uint64 `json:"seq"`
}

func (d *data) meta() metaRecord {
	return metaRecord{SigningKey: d.SigningKey, Epoch: d.Epoch, Seq: d.Seq}
}

type recKey struct{ kind, id string }

// seqID is the record id of a list entry: its sequence number in 16 hex digits, so the
// store's byte order is the order the entries arrived in.
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

// tableValue is the record kind/id as memory holds it now (nil: not there).
func (d *data) tableValue(kind, id string) any {
	var v any
	var ok bool
	switch kind {
	case kindMeta:
		return d.meta()
	case kindUsers:
		v, ok = d.Users[id]
	case kindRefresh:
		v, ok = d.Refresh[id]
	case kindOrders:
		v, ok = d.Orders[id]
	case kindESIMs:
		v, ok = d.ESIMs[id]
	case kindIdem:
		v, ok = d.Idem[id]
	}
	if !ok {
		return nil
	}
	return v
}

// records encodes the pending changes, in a stable order.
func (s *State) records() ([]store.Record, error) {
	recs := make([]store.Record, 0, len(s.pending))
	for k, v := range s.pending {
		switch k.kind {
		case kindMail, kindContacts, kindLogs, kindAudit:
		default:
			v = s.d.tableValue(k.kind, k.id)
		}
		r := store.Record{Kind: k.kind, ID: k.id}
		if v != nil {
			b, err := json.Marshal(v)
			if err != nil {
				return nil, fmt.Errorf("encode a %s record: %w", k.kind, err)
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

// commit writes the pending changes in one transaction. On failure memory is brought back
// to what the store holds and Health reports the error.
func (s *State) commit() error {
	if s.store == nil || len(s.pending) == 0 {
		s.pending = nil
		return nil
	}
	recs, err := s.records()
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
		if rerr := s.rollback(pending); rerr != nil {
			s.log.Error("sandbox state could not be read back after a failed write", "err", rerr)
		}
		return err
	}
	if s.writeErr != nil {
		// A small change may fit in the file's free pages while the disk is as full as
		// before: healthy again only once the file can grow.
		if perr := s.store.Probe(); perr != nil {
			s.writeErr, s.writeErrAt = perr, s.now()
			return nil
		}
	}
	s.writeErr = nil
	return nil
}

// discard undoes the changes marked since the last commit. Without a state file there is
// nothing to read back: memory stays.
func (s *State) discard() {
	pending := s.pending
	s.pending = nil
	if s.store == nil || len(pending) == 0 {
		return
	}
	if err := s.rollback(pending); err != nil {
		s.log.Error("sandbox state could not be read back", "err", err)
	}
}

// rollback replaces the records of pending in memory by what the store holds.
func (s *State) rollback(pending map[recKey]any) error {
	var errs []error
	reloaded := map[string]bool{}
	for k := range pending {
		switch k.kind {
		case kindMeta, kindMail, kindContacts, kindLogs, kindAudit:
			// Meta, and the lists (small and capped), are read back whole.
			if !reloaded[k.kind] {
				reloaded[k.kind] = true
				errs = append(errs, s.reloadKind(k.kind))
			}
			continue
		}
		b, err := s.store.Get(k.kind, k.id)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		errs = append(errs, s.d.put(k.kind, k.id, b))
	}
	s.d.reindex()
	return errors.Join(errs...)
}

func (s *State) reloadKind(kind string) error {
	if kind == kindMeta {
		b, err := s.store.Get(kindMeta, metaID)
		if err != nil {
			return err
		}
		return s.d.put(kindMeta, metaID, b)
	}
	switch kind {
	case kindMail:
		s.d.Mail = nil
	case kindContacts:
		s.d.Contacts = nil
	case kindLogs:
		s.d.Logs = nil
	case kindAudit:
		s.d.Audit = nil
	}
	return s.store.ForEach(kind, func(id string, v []byte) error { return s.d.put(kind, id, v) })
}
