package state

import (
	"errors"
	"fmt"
	"log/slog"
	"testing"
	"time"
)

func memState(t *testing.T, l Limits, now func() time.Time) *State {
	t.Helper()
	s, err := Open("", l, slog.New(slog.DiscardHandler), now)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestUnverifiedAccountsMakeRoom (issue 21.6): 50,000 unverified sign-ups fill the
// account table, and the next sign-up still gets in (the oldest unverified account makes
// room); a table of verified accounts is full.
func TestUnverifiedAccountsMakeRoom(t *testing.T) {
	const table = 50_000
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	now := t0
	s := memState(t, Limits{Users: table, UnverifiedTTL: 24 * time.Hour}, func() time.Time { return now })
	add := func(email string, verified bool) error {
		return s.Update(func(tx *Tx) error {
			return tx.AddUser(&User{ID: "id-" + email, Email: email, Verified: verified, Created: tx.Now()})
		})
	}
	if err := add("verified@example.com", true); err != nil {
		t.Fatal(err)
	}
	for i := range table - 1 {
		now = now.Add(time.Millisecond)
		if err := add(fmt.Sprintf("flood%d@example.com", i), false); err != nil {
			t.Fatalf("sign-up %d: %v", i, err)
		}
	}
	if err := add("real@example.com", false); err != nil {
		t.Fatalf("a sign-up with %d unverified accounts: %v", table-1, err)
	}
	s.View(func(tx *Tx) {
		if tx.UserByEmail("flood0@example.com") != nil || tx.UserByEmail("real@example.com") == nil || tx.UserByEmail("verified@example.com") == nil {
			t.Fatal("the oldest unverified account did not make room, or the wrong one did")
		}
		if len(tx.d.Users) != table {
			t.Fatalf("%d accounts, want %d", len(tx.d.Users), table)
		}
	})

	full := memState(t, Limits{Users: 2, UnverifiedTTL: 24 * time.Hour}, func() time.Time { return t0 })
	for i := range 2 {
		if err := full.Update(func(tx *Tx) error {
			return tx.AddUser(&User{ID: fmt.Sprint(i), Email: fmt.Sprintf("v%d@example.com", i), Verified: true})
		}); err != nil {
			t.Fatal(err)
		}
	}
	err := full.Update(func(tx *Tx) error { return tx.AddUser(&User{ID: "x", Email: "x@example.com"}) })
	if !errors.Is(err, ErrFull) {
		t.Fatalf("a table of verified accounts: %v, want ErrFull", err)
	}
}

// TestFoldEmailIsASCIIOnly (issue 21.9): only ASCII letters fold; "ſ" (long s) and "K"
// (Kelvin sign), which Unicode case folding maps to s and k, stay themselves.
func TestFoldEmailIsASCIIOnly(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		same bool
	}{
		{"Sam@Example.COM", "sam@example.com", true},
		{" sam@example.com ", "sam@example.com", true},
		{"ſam@example.com", "sam@example.com", false},
		{"\u212aim@example.com", "kim@example.com", false},
		{"ÉLODIE@example.com", "élodie@example.com", false},
	} {
		if got := SameEmail(tt.a, tt.b); got != tt.same {
			t.Errorf("SameEmail(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}

// TestPanickingChangeIsUndone: a change that panics halfway is undone, and the next
// change does not save it.
func TestPanickingChangeIsUndone(t *testing.T) {
	path := t.TempDir() + "/state.db"
	s, err := Open(path, Limits{Users: 10, UnverifiedTTL: time.Hour}, slog.New(slog.DiscardHandler), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = s.Close() }()
	if err := s.Update(func(tx *Tx) error { tx.SetSigningKey(make([]byte, MinSigningKey)); return nil }); err != nil {
		t.Fatal(err)
	}
	func() {
		defer func() { _ = recover() }()
		_ = s.Update(func(tx *Tx) error {
			_ = tx.AddUser(&User{ID: "half", Email: "half@example.com", Verified: true})
			panic("halfway")
		})
	}()
	if err := s.Update(func(tx *Tx) error { tx.ExpireTokens(); return nil }); err != nil {
		t.Fatal(err)
	}
	s.View(func(tx *Tx) {
		if tx.User("half") != nil {
			t.Fatal("the panicking change stayed in memory")
		}
	})
	if err := s.Verify(); err != nil {
		t.Fatal(err)
	}
}
