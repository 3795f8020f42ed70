// Package pending keeps the user id of a code that was sent but not yet verified, as the
// web shop keeps pendingUserId in local storage: `esim login --send-only` (or `esim
// signup --send-only`) stores it, `esim login --email X --code N` verifies against it
// without sending another code. The file is pending.json in the config directory (0600).
package pending

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// MaxAge is how long a pending code is used; codes expire on the server anyway.
const MaxAge = 30 * time.Minute

// Code is a sent code waiting for verification.
type Code struct {
	Email  string    `json:"email"`
	UserID string    `json:"userId"`
	Sent   time.Time `json:"sent"`
}

func path(dir string) string { return filepath.Join(dir, "pending.json") }

// Save stores the pending code of email.
func Save(dir string, c Code) error {
	b, err := json.Marshal(c)
	if err != nil {
		return fmt.Errorf("storing the pending code: %w", err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("storing the pending code: %w", err)
	}
	tmp := path(dir) + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return fmt.Errorf("storing the pending code: %w", err)
	}
	if err := os.Rename(tmp, path(dir)); err != nil {
		return fmt.Errorf("storing the pending code: %w", err)
	}
	return nil
}

// Load returns the pending code of email when one was stored within MaxAge of now.
func Load(dir, email string, now time.Time) (Code, bool) {
	b, err := os.ReadFile(path(dir))
	if err != nil {
		return Code{}, false
	}
	var c Code
	if json.Unmarshal(b, &c) != nil || c.UserID == "" || !strings.EqualFold(c.Email, strings.TrimSpace(email)) {
		return Code{}, false
	}
	if now.Sub(c.Sent) > MaxAge || c.Sent.After(now.Add(time.Minute)) {
		return Code{}, false
	}
	return c, true
}

// Clear removes the pending code (after a successful verification).
func Clear(dir string) error {
	if err := os.Remove(path(dir)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing the pending code: %w", err)
	}
	return nil
}
