// Package state is everything the sandbox remembers, behind its one lock: accounts, refresh
// grants, orders, eSIMs, the mailbox, contact messages, pushed log lines and the audit log.
//
// The services reach it only through View (a read) and Update (a change), each run with
// the lock held. Nothing else takes the lock, so no service can hold it while it writes to
// a client: it decides its answer inside the call and writes it after.
//
// With a state file the memory is a cache of the store (package store, bbolt): Update marks
// the records it changed and writes exactly those in one synced transaction before it
// returns; a write that fails is undone in memory (read back from the store), so memory
// never runs ahead of the disk, and Health reports it until a write succeeds again.
package state

import (
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/cedarsim/esim/sdk/sandbox/store"
)

// ErrNotSaved wraps the error of a change the state file did not take (nothing changed).
var ErrNotSaved = errors.New("the sandbox state file did not take the change")

// Limits bound what the state keeps, so a flood of requests cannot grow it without end.
type Limits struct {
	Users, Orders, Grants  int // table sizes
	Mails, MailBytes       int // the mailbox
	Contacts, ContactBytes int
	Logs, LogBytes         int
	Audit                  int           // audit entries
	AuditRetention         time.Duration // an entry younger than this is never evicted
	UnverifiedTTL          time.Duration // an unverified account older than this is pruned
}

// State is the sandbox's memory; safe for concurrent use.
type State struct {
	limits Limits
	log    *slog.Logger
	now    func() time.Time

	mu      sync.RWMutex
	d       *data
	store   *store.Store // nil: memory only
	pending map[recKey]any
	// The last failed write (nil once a write succeeds again) and how many failed.
	writeErr     error
	writeErrAt   time.Time
	failedWrites int
}

// Open loads the state kept at path (creating the file, or migrating a JSON-era state); an
// empty path keeps the state in memory only. A damaged or inconsistent file is an error,
// never an empty start.
func Open(path string, limits Limits, log *slog.Logger, now func() time.Time) (*State, error) {
	s := &State{limits: limits, log: log, now: now, d: newData()}
	if path == "" {
		return s, nil
	}
	db, d, err := openStore(path, log)
	if err != nil {
		return nil, err
	}
	s.store, s.d = db, d
	s.probe()
	return s, nil
}

// probe writes and removes a record large enough to make the file grow, so a state file
// that cannot take writes (a full disk) is reported by Health from the start, not only at
// the first change a client makes.
func (s *State) probe() {
	if err := s.store.Probe(); err != nil {
		s.writeErr, s.writeErrAt, s.failedWrites = err, s.now(), 1
		s.log.Error("sandbox state file cannot be written; changes will be answered 503 until it can", "err", err)
	}
}

// View runs fn with the state locked for reading. fn must not change anything, and must not
// keep what it reads past its return (copy instead).
func (s *State) View(fn func(*Tx)) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	fn(&Tx{s: s, d: s.d})
}

// Update runs fn with the state locked, then writes the records fn changed in one synced
// transaction. When fn returns an error its changes are undone (read back from the store;
// memory only: they stay) and the error is returned; when the write fails, the changes are
// undone too and the error wraps ErrNotSaved.
func (s *State) Update(fn func(*Tx) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer func() {
		if v := recover(); v != nil {
			s.discard() // a panicking change is undone, never saved by the next one
			panic(v)
		}
	}()
	if err := fn(&Tx{s: s, d: s.d, write: true}); err != nil {
		s.discard()
		return err
	}
	if err := s.commit(); err != nil {
		return fmt.Errorf("%w: %w", ErrNotSaved, err)
	}
	return nil
}

// Health is nil while the state file takes every change; after a failed write it says so
// until a write succeeds again and the file can grow (commit probes it).
func (s *State) Health() error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.writeErr == nil {
		return nil
	}
	return fmt.Errorf("the sandbox state file could not be written (%d failed writes, last at %s): %w",
		s.failedWrites, s.writeErrAt.Format(time.RFC3339), s.writeErr)
}

// Close releases the state file; the State must not be changed afterwards. Every Update
// that returned nil is already on disk.
func (s *State) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.store == nil {
		return nil
	}
	err := s.store.Close()
	s.store = nil
	s.writeErr = errors.New("the sandbox state file is closed")
	return err
}

// Persistent reports whether the state is kept in a file.
func (s *State) Persistent() bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.store != nil
}
