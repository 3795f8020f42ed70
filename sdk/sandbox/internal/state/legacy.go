package state

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"github.com/cedarsim/esim/sdk/sandbox/store"
)

// A state file of the JSON era (one JSON document, before the store) is migrated to the
// store at the first start, keeping the old file beside it as <path>.v1.json.

func migrateJSON(ctx context.Context, path string, log *slog.Logger) error {
	old, err := loadJSON(path)
	if err != nil {
		return err
	}
	recs, err := old.allRecords()
	if err != nil {
		return fmt.Errorf("migrate sandbox state %s: %w", path, err)
	}
	backup := path + ".v1.json"
	if err := store.Migrate(ctx, path, backup, storeKinds(), recs); err != nil {
		return fmt.Errorf("migrate sandbox state %s: %w", path, err)
	}
	log.Info("sandbox state migrated from JSON to the store", "path", path, "backup", backup)
	return nil
}

// loadJSON reads a JSON-era state file, refusing damage the old loader let through: a
// missing or null table, null entries, a short signing key.
func loadJSON(path string) (*data, error) {
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
	d := &data{}
	if err := json.Unmarshal(b, d); err != nil {
		return nil, refuse("%v", err)
	}
	d.fill()
	if err := d.validate(); err != nil {
		return nil, refuse("%v", err)
	}
	return d, nil
}

// allRecords is the whole state as store records, list entries numbered in their order.
func (d *data) allRecords() ([]store.Record, error) {
	var recs []store.Record
	var errs []error
	add := func(kind, id string, v any) {
		b, err := json.Marshal(v)
		if err != nil {
			errs = append(errs, fmt.Errorf("encode %s/%s: %w", kind, id, err))
			return
		}
		recs = append(recs, store.Record{Kind: kind, ID: id, Value: b})
	}
	for id, v := range d.Users {
		add(kindUsers, id, v)
	}
	for id, v := range d.Refresh {
		add(kindRefresh, id, v)
	}
	for id, v := range d.Orders {
		add(kindOrders, id, v)
	}
	for id, v := range d.ESIMs {
		add(kindESIMs, id, v)
	}
	for id, v := range d.Idem {
		add(kindIdem, id, v)
	}
	next := func() string { d.Seq++; return seqID(d.Seq) }
	for _, m := range d.Mail {
		add(kindMail, next(), m)
	}
	for _, c := range d.Contacts {
		add(kindContacts, next(), c)
	}
	for _, l := range d.Logs {
		add(kindLogs, next(), l)
	}
	for _, a := range d.Audit {
		add(kindAudit, next(), a)
	}
	add(kindMeta, metaID, d.meta())
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return recs, nil
}
