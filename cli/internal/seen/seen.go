// Package seen remembers what this machine's commands have shown for the logged-in
// account: ICCIDs (cache/iccids.json, for shell completion of ICCID arguments) and the
// customer e-mails an agent looked up (cache/customers.json, for "did you mean" on a
// typo). Each file (mode 0600) holds those values only, newest first, at most Max. They
// belong to one account: Clear forgets them at logout and when another account logs in.
package seen

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// Max bounds each list.
const Max = 200

// The lists.
const (
	iccids    = "iccids"
	customers = "customers"
)

func path(dir, list string) string { return filepath.Join(dir, "cache", list+".json") }

// List returns the remembered ICCIDs, newest first; nil when there are none.
func List(dir string) []string { return read(dir, iccids) }

// Add puts ICCIDs in front of the list. Failing to write only costs completion.
func Add(dir string, ids ...string) { add(dir, iccids, ids) }

// Customers returns the customer e-mails looked up, newest first.
func Customers(dir string) []string { return read(dir, customers) }

// AddCustomer puts an e-mail that named a customer in front of the list.
func AddCustomer(dir, email string) { add(dir, customers, []string{email}) }

// Clear forgets every list: what one account saw is not offered to the next.
func Clear(dir string) error {
	if dir == "" {
		return nil
	}
	var errs []error
	for _, l := range []string{iccids, customers} {
		if err := os.Remove(path(dir, l)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func read(dir, list string) []string {
	if dir == "" {
		return nil
	}
	b, err := os.ReadFile(path(dir, list))
	if err != nil {
		return nil
	}
	var ids []string
	if json.Unmarshal(b, &ids) != nil {
		return nil
	}
	return ids
}

func add(dir, list string, values []string) {
	if dir == "" || len(values) == 0 {
		return
	}
	all := slices.Clone(values)
	for _, v := range read(dir, list) {
		if !slices.Contains(all, v) {
			all = append(all, v)
		}
	}
	all = slices.Compact(all)
	if len(all) > Max {
		all = all[:Max]
	}
	b, err := json.Marshal(all)
	if err != nil {
		return
	}
	p := path(dir, list)
	if os.MkdirAll(filepath.Dir(p), 0o700) != nil {
		return
	}
	tmp := p + ".tmp"
	if os.WriteFile(tmp, b, 0o600) == nil {
		_ = os.Rename(tmp, p)
	}
}
