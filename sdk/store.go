package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/gofrs/flock"
)

// TokenStore keeps the session between calls (and, for the file store, between runs).
// Load returns a zero Session, not an error, when nothing is stored.
type TokenStore interface {
	Load(ctx context.Context) (Session, error)
	Save(ctx context.Context, s Session) error
	Clear(ctx context.Context) error
}

// SessionLocker is a TokenStore that several processes share (the CLI's session file).
// LockSession holds the session for this caller until unlock is called, so that processes
// finding the access token expired at the same time redeem the refresh token once: the
// first refreshes and saves, the others then read the new session (reauthenticate).
type SessionLocker interface {
	LockSession(ctx context.Context) (unlock func(), err error)
}

type memoryStore struct {
	mu sync.Mutex
	s  Session
}

// NewMemoryStore returns a TokenStore that lives as long as the process.
func NewMemoryStore() TokenStore { return &memoryStore{} }

func (m *memoryStore) Load(context.Context) (Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.s, nil
}

func (m *memoryStore) Save(_ context.Context, s Session) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.s = s
	return nil
}

func (m *memoryStore) Clear(context.Context) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.s = Session{}
	return nil
}

type fileStore struct {
	path string
	mu   sync.Mutex // orders this process's writers; rename keeps readers consistent
}

// NewFileStore returns a TokenStore kept as JSON in path, readable by the owner only
// (0600). Writes go to a temporary file in the same directory and are renamed over path,
// so a crash never leaves half a session.
func NewFileStore(path string) TokenStore { return &fileStore{path: path} }

func (f *fileStore) Load(context.Context) (Session, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	b, err := os.ReadFile(f.path)
	if errors.Is(err, fs.ErrNotExist) {
		return Session{}, nil
	}
	if err != nil {
		return Session{}, fmt.Errorf("read session file: %w", err)
	}
	var s Session
	if err := json.Unmarshal(b, &s); err != nil {
		return Session{}, fmt.Errorf("session file %s is corrupt (log out to reset it): %w", f.path, err)
	}
	return s, nil
}

func (f *fileStore) Save(_ context.Context, s Session) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	b, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("encode session: %w", err)
	}
	dir := filepath.Dir(f.path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create session directory: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".session-*.tmp") // created 0600
	if err != nil {
		return fmt.Errorf("create temporary session file: %w", err)
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("chmod session file: %w", err)
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return fmt.Errorf("write session file: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("sync session file: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("close session file: %w", err)
	}
	if err := os.Rename(tmp.Name(), f.path); err != nil {
		return fmt.Errorf("replace session file: %w", err)
	}
	return nil
}

// sessionLockPoll is how often a process waiting for another's re-authentication retries
// the lock.
const sessionLockPoll = 25 * time.Millisecond

// LockSession takes an advisory lock on a file beside the session ("<path>.lock"; the
// session file itself is replaced on each save, so it cannot carry the lock). The operating
// system releases it when the process ends, so a crash never leaves it held.
func (f *fileStore) LockSession(ctx context.Context) (func(), error) {
	if err := os.MkdirAll(filepath.Dir(f.path), 0o700); err != nil {
		return nil, fmt.Errorf("create session directory: %w", err)
	}
	l := flock.New(f.path+".lock", flock.SetPermissions(0o600))
	ok, err := l.TryLockContext(ctx, sessionLockPoll)
	if err != nil {
		return nil, fmt.Errorf("lock the session file: %w", err)
	}
	if !ok {
		return nil, fmt.Errorf("lock the session file: %w", ctx.Err())
	}
	return func() { _ = l.Unlock() }, nil
}

func (f *fileStore) Clear(context.Context) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := os.Remove(f.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove session file: %w", err)
	}
	return nil
}
