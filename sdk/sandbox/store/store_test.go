package store_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cedarsim/esim/sdk/sandbox/store"
	bolt "go.etcd.io/bbolt"
)

var kinds = []string{"users", "orders"}

func open(t *testing.T, path string) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), path, kinds, nil)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func TestApplyGetForEachReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "state.db")
	s := open(t, path)
	if err := s.Apply(ctx, []store.Record{
		{Kind: "users", ID: "u1", Value: []byte(`{"id":"u1"}`)},
		{Kind: "orders", ID: "o2", Value: []byte(`{"id":"o2"}`)},
		{Kind: "orders", ID: "o1", Value: []byte(`{"id":"o1"}`)},
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(ctx, []store.Record{{Kind: "orders", ID: "o2"}}); err != nil { // delete
		t.Fatal(err)
	}
	// A transaction with an unknown kind writes nothing at all.
	err := s.Apply(ctx, []store.Record{{Kind: "users", ID: "u2", Value: []byte(`{}`)}, {Kind: "nope", ID: "x", Value: []byte(`{}`)}})
	if err == nil || !strings.Contains(err.Error(), `unknown record kind "nope"`) {
		t.Fatalf("unknown kind: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("store file mode: %v %v", st, err)
	}

	s2 := open(t, path)
	got := map[string][]string{}
	for _, k := range kinds {
		if err := s2.ForEach(k, func(id string, v []byte) error {
			got[k] = append(got[k], id+"="+string(v))
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string][]string{"users": {`u1={"id":"u1"}`}, "orders": {`o1={"id":"o1"}`}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("records after reopen = %v, want %v", got, want)
	}
	if v, err := s2.Get("users", "u2"); err != nil || v != nil {
		t.Fatalf("u2 of the failed transaction = %q, %v", v, err)
	}
	if v, err := s2.Get("users", "u1"); err != nil || string(v) != `{"id":"u1"}` {
		t.Fatalf("Get u1 = %q, %v", v, err)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Fatalf("files beside the store: %v", entries)
	}
}

func TestNewKindsAreAdded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	s := open(t, path)
	_ = s.Close()
	s2, err := store.Open(context.Background(), path, append([]string{"audit"}, kinds...), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = s2.Close() }()
	if err := s2.Apply(context.Background(), []store.Record{{Kind: "audit", ID: "1", Value: []byte(`{}`)}}); err != nil {
		t.Fatal(err)
	}
}

func TestOpenRefuses(t *testing.T) {
	healthy := func(t *testing.T, path string) {
		s, err := store.Open(context.Background(), path, kinds, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(context.Background(), []store.Record{{Kind: "users", ID: "u1", Value: []byte(`{"id":"u1"}`)}}); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name    string
		prepare func(t *testing.T, path string)
		want    string
	}{
		{"empty file", func(t *testing.T, path string) { write(t, path, nil) }, "is an empty file"},
		{"old JSON state", func(t *testing.T, path string) { write(t, path, []byte(" \n{\"users\":{}}")) }, "old JSON sandbox state"},
		{"garbage", func(t *testing.T, path string) { write(t, path, []byte(strings.Repeat("garbage!", 2000))) }, "damaged or not a sandbox state"},
		{"truncated store", func(t *testing.T, path string) {
			healthy(t, path)
			b, _ := os.ReadFile(path)
			write(t, path, b[:100])
		}, "is truncated"},
		{"store cut after its meta pages", func(t *testing.T, path string) {
			healthy(t, path)
			b, _ := os.ReadFile(path)
			write(t, path, b[:5000])
		}, "is truncated"},
		{"both meta pages overwritten", func(t *testing.T, path string) {
			healthy(t, path)
			b, _ := os.ReadFile(path)
			for i := 16; i < 2*4096 && i < len(b); i++ {
				b[i] ^= 0xff
			}
			write(t, path, b)
		}, "damaged"},
		{"data pages zeroed", func(t *testing.T, path string) {
			healthy(t, path)
			b, _ := os.ReadFile(path)
			for i := 2 * 4096; i < len(b); i++ {
				b[i] = 0
			}
			write(t, path, b)
		}, "damaged"},
		{"foreign bbolt file", func(t *testing.T, path string) {
			db, err := bolt.Open(path, 0o600, nil)
			if err != nil {
				t.Fatal(err)
			}
			_ = db.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("other")); return err })
			_ = db.Close()
		}, "not a sandbox state"},
		{"other format version", func(t *testing.T, path string) {
			healthy(t, path)
			db, err := bolt.Open(path, 0o600, nil)
			if err != nil {
				t.Fatal(err)
			}
			_ = db.Update(func(tx *bolt.Tx) error {
				return tx.Bucket([]byte("_store")).Put([]byte("format"), []byte("cedarsim-sandbox-store/99"))
			})
			_ = db.Close()
		}, `has format "cedarsim-sandbox-store/99"`},
		{"a directory", func(t *testing.T, path string) {
			if err := os.Mkdir(path, 0o700); err != nil {
				t.Fatal(err)
			}
		}, "is a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "state.db")
			tt.prepare(t, path)
			before, _ := os.ReadFile(path)
			s, err := store.Open(context.Background(), path, kinds, nil)
			if err == nil {
				_ = s.Close()
				t.Fatal("opened")
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), path) {
				t.Fatalf("error %q does not say %q and name the file", err, tt.want)
			}
			if after, _ := os.ReadFile(path); string(after) != string(before) {
				t.Fatal("a refused file was changed")
			}
		})
	}
}

func TestLegacyJSONIsTyped(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	write(t, path, []byte(`{"users":{}}`))
	_, err := store.Open(context.Background(), path, kinds, nil)
	if !errors.Is(err, store.ErrLegacyJSON) {
		t.Fatalf("err = %v", err)
	}
}

func TestSecondOpenIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	open(t, path)
	_, err := store.Open(context.Background(), path, kinds, nil)
	if err == nil || !strings.Contains(err.Error(), "in use by another process") {
		t.Fatalf("second open: %v", err)
	}
}

func TestOrphanedTempFilesAreRemoved(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.db")
	for _, n := range []string{".state.db.123.tmp", ".sandbox-state-99.tmp"} {
		write(t, filepath.Join(dir, n), []byte("half"))
	}
	write(t, filepath.Join(dir, "keep.tmp"), []byte("not ours"))
	open(t, path)
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if fmt.Sprint(names) != "[keep.tmp state.db]" {
		t.Fatalf("files = %v", names)
	}
}

func TestMigrate(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	old := []byte(`{"users":{"u1":{"id":"u1"}}}`)
	write(t, path, old)
	backup := path + ".v1.json"
	if err := store.Migrate(ctx, path, backup, kinds, []store.Record{{Kind: "users", ID: "u1", Value: []byte(`{"id":"u1"}`)}}); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(backup); err != nil || string(b) != string(old) {
		t.Fatalf("backup = %q, %v", b, err)
	}
	s := open(t, path)
	if v, err := s.Get("users", "u1"); err != nil || string(v) != `{"id":"u1"}` {
		t.Fatalf("migrated record = %q, %v", v, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Fatalf("files = %v", entries)
	}
}

func write(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}
