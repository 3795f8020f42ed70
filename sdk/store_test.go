package sdk

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestStores(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name  string
		store TokenStore
	}{
		{"memory", NewMemoryStore()},
		{"file", NewFileStore(filepath.Join(dir, "sub", "session.json"))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			if s, err := tc.store.Load(ctx); err != nil || s != (Session{}) {
				t.Fatalf("empty load = %+v, %v", s, err)
			}
			want := Session{Token: "t", RefreshToken: "r", IsGuest: "false", PrimaryProfileID: "p"}
			if err := tc.store.Save(ctx, want); err != nil {
				t.Fatal(err)
			}
			if s, err := tc.store.Load(ctx); err != nil || s != want {
				t.Fatalf("load = %+v, %v", s, err)
			}
			// Concurrent writers and readers never see half a session.
			var wg sync.WaitGroup
			for i := range 20 {
				wg.Go(func() {
					s := Session{Token: strings.Repeat("x", i+1), IsGuest: "true"}
					if err := tc.store.Save(ctx, s); err != nil {
						t.Error(err)
					}
					got, err := tc.store.Load(ctx)
					if err != nil || got.IsGuest != "true" || got.Token == "" {
						t.Errorf("load during writes = %+v, %v", got, err)
					}
				})
			}
			wg.Wait()
			if err := tc.store.Clear(ctx); err != nil {
				t.Fatal(err)
			}
			if s, err := tc.store.Load(ctx); err != nil || s != (Session{}) {
				t.Fatalf("after clear = %+v, %v", s, err)
			}
			if err := tc.store.Clear(ctx); err != nil {
				t.Errorf("clearing twice: %v", err)
			}
		})
	}
}

func TestFileStoreOnDisk(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "session.json")
	st := NewFileStore(path)
	ctx := context.Background()
	if err := st.Save(ctx, Session{Token: "t", RefreshToken: "r", IsGuest: "true", PrimaryProfileID: "p"}); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode = %v, %v", fi.Mode(), err)
	}
	b, _ := os.ReadFile(path)
	if string(b) != `{"token":"t","refreshToken":"r","isGuest":"true","primaryProfileId":"p"}` {
		t.Errorf("file = %s", b)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
	if err := os.WriteFile(path, []byte(`{"token":`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Load(ctx); err == nil || !strings.Contains(err.Error(), "corrupt") {
		t.Errorf("corrupt file: %v", err)
	}
}

func TestParseClaims(t *testing.T) {
	for _, tc := range []struct {
		name    string
		token   string
		want    Claims
		wantErr bool
	}{
		{"customer", jwtFor(t, "c1", "rami@example.com", false),
			Claims{Sub: "c1", Email: "rami@example.com", FirstName: "Rami", LastName: "Haddad", Exp: time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC), Role: RoleCustomer}, false},
		{"guest", jwtFor(t, "g1", "guest@shop.example", true),
			Claims{Sub: "g1", Email: "guest@shop.example", FirstName: "Rami", LastName: "Haddad", Exp: time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC), IsGuest: true, Role: RoleGuest}, false},
		{"agent", jwtWithRole(t, "a1", "agent@cedarsim.test", RoleAgent),
			Claims{Sub: "a1", Email: "agent@cedarsim.test", FirstName: "Rami", LastName: "Haddad", Exp: time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC), Role: RoleAgent}, false},
		{"opaque", "not-a-jwt", Claims{}, true},
		{"bad base64", "a.b!.c", Claims{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseClaims(tc.token)
			if (err != nil) != tc.wantErr || got != tc.want {
				t.Errorf("ParseClaims = %+v, %v; want %+v", got, err, tc.want)
			}
			if got.IsAgent() != (tc.want.Role == RoleAgent) {
				t.Errorf("IsAgent = %v for role %q", got.IsAgent(), got.Role)
			}
		})
	}
}
