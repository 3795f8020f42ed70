// Package store is the sandbox's durable state: records of a few kinds (users, orders,
// eSIMs, ...), each keyed by an id, in one embedded bbolt file. Every Apply is one
// transaction that is on disk (fdatasync) before it returns, and writes only the records it
// is given, so the cost of a small change does not grow with the data. A file that is not a
// healthy store of this format is refused at Open, never started empty.
package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// Format names this file layout; it is written in the store's own bucket and checked at Open.
const Format = "cedarsim-sandbox-store/1"

// lockWait bounds how long Open waits for another process's lock on the file.
const lockWait = 2 * time.Second

var (
	sysBucket = []byte("_store")
	formatKey = []byte("format")
)

// ErrLegacyJSON marks a state file written by the sandbox before the store (one JSON
// document); the caller may migrate it with Migrate.
var ErrLegacyJSON = errors.New("the state file is an old JSON sandbox state")

// Record is one value of a kind; a nil Value in Apply deletes the record.
type Record struct {
	Kind  string
	ID    string
	Value []byte
}

// Store is an open state file. It is safe for concurrent use; writers are serialized.
type Store struct {
	db   *bolt.DB
	path string
}

// Open opens the store at path, creating it when the file does not exist. kinds are the
// record kinds the caller uses; missing kinds are added (a newer sandbox may add kinds).
// An old JSON state file answers an error wrapping ErrLegacyJSON; an empty, truncated,
// foreign, damaged or locked file is an error that says so. log (nil: none) hears of a
// damaged header page that bbolt would pass over in silence (header.go).
func Open(ctx context.Context, path string, kinds []string, log *slog.Logger) (*Store, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("open sandbox store: %w", err)
	}
	if path == "" {
		return nil, errors.New("open sandbox store: no path")
	}
	if err := removeOrphans(path); err != nil {
		return nil, err
	}
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := create(path, kinds, nil); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, fmt.Errorf("open sandbox store %s: %w", path, err)
	case info.IsDir():
		return nil, fmt.Errorf("open sandbox store %s: it is a directory", path)
	default:
		if err := sniff(path, info.Size()); err != nil {
			return nil, err
		}
		if err := checkHeader(path, info.Size(), log); err != nil {
			return nil, err
		}
	}
	return openExisting(path, kinds)
}

// sniff refuses what bbolt would otherwise initialize or misread: an empty file (bbolt
// would start a fresh store over it) and an old JSON state.
func sniff(path string, size int64) error {
	if size == 0 {
		return fmt.Errorf("sandbox store %s is an empty file (damaged, or not a sandbox state); move it away to start afresh", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open sandbox store %s: %w", path, err)
	}
	defer func() { _ = f.Close() }()
	head := make([]byte, 64)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("read sandbox store %s: %w", path, err)
	}
	if t := strings.TrimLeft(string(head[:n]), " \t\r\n\ufeff"); strings.HasPrefix(t, "{") {
		return fmt.Errorf("sandbox store %s: %w", path, ErrLegacyJSON)
	}
	return nil
}

func openExisting(path string, kinds []string) (s *Store, err error) {
	// bbolt panics on some damaged pages (a zeroed freelist, a broken branch): that is a
	// damaged store too, and the file it opened is closed again.
	var file *os.File
	defer func() {
		if v := recover(); v != nil {
			if file != nil {
				_ = file.Close()
			}
			s, err = nil, fmt.Errorf("sandbox store %s is damaged (%v); it was not opened, nothing was changed", path, v)
		}
	}()
	openFile := func(name string, flag int, perm os.FileMode) (*os.File, error) {
		f, err := os.OpenFile(name, flag, perm)
		file = f
		return f, err
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: lockWait, FreelistType: bolt.FreelistMapType, NoFreelistSync: true, OpenFile: openFile})
	if err != nil {
		switch {
		case errors.Is(err, bolterrors.ErrTimeout):
			return nil, fmt.Errorf("sandbox store %s is in use by another process (only one sandbox may use a state file)", path)
		case errors.As(err, new(*fs.PathError)):
			return nil, fmt.Errorf("open sandbox store %s: %w", path, err)
		}
		// ErrInvalid, ErrChecksum, ErrVersionMismatch, "file size too small", ...
		return nil, fmt.Errorf("sandbox store %s is damaged or not a sandbox state (%w); it was not opened, nothing was changed", path, err)
	}
	s = &Store{db: db, path: path}
	if err := s.verify(kinds); err != nil {
		_ = db.Close()
		return nil, err
	}
	return s, nil
}

// verify checks the format marker and the file's page structure, then adds missing kinds.
func (s *Store) verify(kinds []string) error {
	err := s.db.View(func(tx *bolt.Tx) error {
		sys := tx.Bucket(sysBucket)
		if sys == nil {
			return fmt.Errorf("sandbox store %s is a bbolt file but not a sandbox state (no %q bucket)", s.path, sysBucket)
		}
		if f := string(sys.Get(formatKey)); f != Format {
			return fmt.Errorf("sandbox store %s has format %q; this sandbox reads %q", s.path, f, Format)
		}
		var problems []string
		for err := range tx.Check() {
			problems = append(problems, err.Error())
			if len(problems) == 5 {
				break
			}
		}
		if len(problems) > 0 {
			return fmt.Errorf("sandbox store %s is damaged: %s", s.path, strings.Join(problems, "; "))
		}
		return nil
	})
	if err != nil {
		return err
	}
	// Kinds are added only when missing: opening a store the caller then refuses must not
	// change the file.
	var missing []string
	err = s.db.View(func(tx *bolt.Tx) error {
		for _, k := range kinds {
			if err := checkKind(k); err != nil {
				return err
			}
			if tx.Bucket([]byte(k)) == nil {
				missing = append(missing, k)
			}
		}
		return nil
	})
	if err == nil && len(missing) > 0 {
		err = s.db.Update(func(tx *bolt.Tx) error {
			for _, k := range missing {
				if _, err := tx.CreateBucketIfNotExists([]byte(k)); err != nil {
					return fmt.Errorf("add kind %s: %w", k, err)
				}
			}
			return nil
		})
	}
	if err != nil {
		return fmt.Errorf("sandbox store %s: %w", s.path, err)
	}
	return nil
}

func checkKind(k string) error {
	if k == "" || k == string(sysBucket) {
		return fmt.Errorf("invalid record kind %q", k)
	}
	return nil
}

// Path is the file the store lives in.
func (s *Store) Path() string { return s.path }

// Close releases the file; every Apply that returned is already on disk.
func (s *Store) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close sandbox store %s: %w", s.path, err)
	}
	return nil
}

// Apply writes recs in one transaction: all of them are on disk when it returns nil, none
// of them when it returns an error. A commit that started is not abandoned when ctx ends.
func (s *Store) Apply(ctx context.Context, recs []Record) error {
	if len(recs) == 0 {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("sandbox store write: %w", err)
	}
	err := s.db.Update(func(tx *bolt.Tx) error {
		for _, r := range recs {
			b := tx.Bucket([]byte(r.Kind))
			if b == nil {
				return fmt.Errorf("unknown record kind %q", r.Kind)
			}
			var err error
			if r.Value == nil {
				err = b.Delete([]byte(r.ID))
			} else {
				err = b.Put([]byte(r.ID), r.Value)
			}
			if err != nil {
				return fmt.Errorf("a %s record: %w", r.Kind, err) // no id: it may be an order id or an ICCID, and this is logged
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sandbox store write: %w", err)
	}
	return nil
}

// Get returns a copy of one record's value, or nil when there is none.
func (s *Store) Get(kind, id string) ([]byte, error) {
	var out []byte
	err := s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte(kind))
		if b == nil {
			return fmt.Errorf("unknown record kind %q", kind)
		}
		if v := b.Get([]byte(id)); v != nil {
			out = append([]byte{}, v...)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("sandbox store read: %w", err)
	}
	return out, nil
}

// ForEach calls fn for every record of kind in id order (byte-wise); value is valid only
// during the call.
func (s *Store) ForEach(kind string, fn func(id string, value []byte) error) error {
	err := s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte(kind))
		if b == nil {
			return fmt.Errorf("unknown record kind %q", kind)
		}
		return b.ForEach(func(k, v []byte) error {
			if v == nil {
				return fmt.Errorf("%s/%s is a nested bucket, not a record", kind, k)
			}
			return fn(string(k), v)
		})
	})
	if err != nil {
		return fmt.Errorf("sandbox store read %s: %w", kind, err)
	}
	return nil
}

// Migrate replaces the file at path (an old JSON state) by a store holding recs, keeping the
// old file as backup (a hard link made before anything changes). The new store is written
// next to path, synced and renamed over it, so a crash leaves either the old file (and the
// migration runs again) or the complete store.
func Migrate(ctx context.Context, path, backup string, kinds []string, recs []Record) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("migrate sandbox state: %w", err)
	}
	if err := removeOrphans(path); err != nil {
		return err
	}
	if _, err := os.Lstat(backup); err == nil {
		if err := os.Remove(backup); err != nil {
			return fmt.Errorf("migrate sandbox state: replace old backup %s: %w", backup, err)
		}
	}
	if err := os.Link(path, backup); err != nil {
		return fmt.Errorf("migrate sandbox state: keep the old file as %s: %w", backup, err)
	}
	return create(path, kinds, recs)
}

// create writes a new store with recs to a temporary file beside path and renames it into
// place, so path never names a half-initialized store.
func create(path string, kinds []string, recs []Record) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*"+tempSuffix)
	if err != nil {
		return fmt.Errorf("create sandbox store %s: %w", path, err)
	}
	tmp := f.Name()
	if err := f.Close(); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("create sandbox store %s: %w", path, err)
	}
	defer func() { _ = os.Remove(tmp) }() // a no-op after the rename
	db, err := bolt.Open(tmp, 0o600, &bolt.Options{Timeout: lockWait, FreelistType: bolt.FreelistMapType})
	if err != nil {
		return fmt.Errorf("create sandbox store %s: %w", path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		sys, err := tx.CreateBucket(sysBucket)
		if err != nil {
			return err
		}
		if err := sys.Put(formatKey, []byte(Format)); err != nil {
			return err
		}
		for _, k := range kinds {
			if err := checkKind(k); err != nil {
				return err
			}
			if _, err := tx.CreateBucketIfNotExists([]byte(k)); err != nil {
				return err
			}
		}
		for _, r := range recs {
			b := tx.Bucket([]byte(r.Kind))
			if b == nil {
				return fmt.Errorf("unknown record kind %q", r.Kind)
			}
			if r.Value == nil {
				continue
			}
			if err := b.Put([]byte(r.ID), r.Value); err != nil {
				return fmt.Errorf("a %s record: %w", r.Kind, err) // no id: it may be an order id or an ICCID, and this is logged
			}
		}
		return nil
	})
	if cerr := db.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("create sandbox store %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("create sandbox store %s: %w", path, err)
	}
	return syncDir(dir)
}

// tempSuffix ends the names of the files create writes before renaming them into place.
const tempSuffix = ".tmp"

// removeOrphans deletes temporary files a killed sandbox left beside path: this package's
// (".<base>.*.tmp") and the old JSON writer's (".sandbox-state-*.tmp"). None of them ever
// held an acknowledged change.
func removeOrphans(path string) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	var orphans []string
	for _, pat := range []string{"." + globEscape(base) + ".*" + tempSuffix, ".sandbox-state-*.tmp"} {
		m, err := filepath.Glob(filepath.Join(globEscape(dir), pat))
		if err != nil {
			return fmt.Errorf("sandbox store %s: look for temporary files: %w", path, err)
		}
		orphans = append(orphans, m...)
	}
	for _, o := range orphans {
		if err := os.Remove(o); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("sandbox store %s: remove temporary file %s: %w", path, o, err)
		}
	}
	return nil
}

// globEscape quotes the glob metacharacters of a literal file or folder name.
func globEscape(name string) string {
	var b strings.Builder
	for _, c := range name {
		if strings.ContainsRune(`*?[]\`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("sync folder %s: %w", dir, err)
	}
	defer func() { _ = d.Close() }()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("sync folder %s: %w", dir, err)
	}
	return nil
}
