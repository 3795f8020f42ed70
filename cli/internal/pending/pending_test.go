package pending

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestPending(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	if err := Save(dir, Code{Email: "rana@example.com", UserID: "u1", Sent: now}); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "pending.json")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("file: %v %v", fi, err)
	}
	tests := []struct {
		email string
		at    time.Time
		ok    bool
	}{
		{"rana@example.com", now.Add(time.Minute), true},
		{"RANA@example.com ", now, true},
		{"other@example.com", now, false},
		{"rana@example.com", now.Add(MaxAge + time.Second), false},
	}
	for _, tt := range tests {
		if c, ok := Load(dir, tt.email, tt.at); ok != tt.ok || (ok && c.UserID != "u1") {
			t.Errorf("Load(%q, %v) = %+v, %v", tt.email, tt.at, c, ok)
		}
	}
	if err := Clear(dir); err != nil {
		t.Fatal(err)
	}
	if _, ok := Load(dir, "rana@example.com", now); ok {
		t.Error("pending code after Clear")
	}
	if err := Clear(dir); err != nil {
		t.Errorf("Clear twice: %v", err)
	}
}
