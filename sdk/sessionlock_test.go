package sdk

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The refresh race across processes: several CLI processes share one session file and
// find its access token expired at the same moment. A provider that rotates refresh
// tokens strictly (no grace period) accepts the old one once; every process must still end
// signed in, so only one of them may redeem it (fileStore.LockSession).

const helperEnv = "ESIM_SDK_REFRESH_HELPER"

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) == "1" {
		os.Exit(refreshHelper())
	}
	os.Exit(m.Run())
}

// refreshHelper is one CLI process: it reads the customer's eSIMs with the shared session.
func refreshHelper() int {
	base := os.Getenv("HELPER_BASE")
	c, err := NewClient(Options{APIBase: base + "/api/", SupportBase: base + "/support/", ESIMCheckBase: base + "/check/",
		ClientID: "cid", ClientSecret: "secret", Store: NewFileStore(os.Getenv("HELPER_SESSION"))})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if _, err := c.ESIMs.ByEmail(context.Background(), "rana@example.com"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// strictProvider rotates refresh tokens without grace, and holds the first reads until
// every process has sent one, so all of them meet the expired token together.
type strictProvider struct {
	mu                 sync.Mutex
	access, refresh    string
	generation         int
	accepted, rejected int
	waiting            int
	processes          int
	released           chan struct{}
}

func (p *strictProvider) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == "/api/connect/token":
		_ = r.ParseForm()
		// Long enough for every other process to reach its own refresh meanwhile.
		time.Sleep(200 * time.Millisecond)
		p.mu.Lock()
		defer p.mu.Unlock()
		if r.PostForm.Get("grant_type") != "refresh_token" || r.PostForm.Get("refresh_token") != p.refresh {
			p.rejected++
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"error":"invalid_grant"}`))
			return
		}
		p.accepted++
		p.generation++
		p.access, p.refresh = fmt.Sprintf("access-%d", p.generation), fmt.Sprintf("refresh-%d", p.generation)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"access_token": p.access, "refresh_token": p.refresh, "expires_in": 900})
	case strings.HasPrefix(r.URL.Path, "/support/esims/useremails/"):
		p.mu.Lock()
		if p.waiting < p.processes {
			p.waiting++
			if p.waiting == p.processes {
				close(p.released)
			}
		}
		current := p.access
		p.mu.Unlock()
		<-p.released
		if r.Header.Get("Authorization") != "Bearer "+current {
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"title":"Unauthorized","status":401,"detail":"Token expired"}`))
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"data":{"esims":[]}}`))
	default:
		http.NotFound(w, r)
	}
}

func TestProcessesSharingASessionRefreshOnce(t *testing.T) {
	for _, processes := range []int{2, 5} {
		t.Run(fmt.Sprintf("%d processes", processes), func(t *testing.T) {
			// The stored access token has expired: the provider takes another one.
			p := &strictProvider{access: "access-0", refresh: "refresh-0", processes: processes, released: make(chan struct{})}
			srv := httptest.NewServer(p)
			defer srv.Close()
			path := filepath.Join(t.TempDir(), "session.json")
			if err := NewFileStore(path).Save(context.Background(), Session{Token: "access-expired", RefreshToken: "refresh-0", IsGuest: "false"}); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			outs := make([]string, processes)
			errs := make([]error, processes)
			for i := range processes {
				wg.Add(1)
				go func() {
					defer wg.Done()
					cmd := exec.Command(os.Args[0], "-test.run=^$")
					cmd.Env = append(os.Environ(), helperEnv+"=1", "HELPER_BASE="+srv.URL, "HELPER_SESSION="+path)
					out, err := cmd.CombinedOutput()
					outs[i], errs[i] = string(out), err
				}()
			}
			wg.Wait()
			for i := range processes {
				if errs[i] != nil {
					t.Errorf("process %d: %v: %s", i, errs[i], outs[i])
				}
			}
			s, err := NewFileStore(path).Load(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			p.mu.Lock()
			defer p.mu.Unlock()
			if p.accepted != 1 || p.rejected != 0 {
				t.Errorf("%d refreshes accepted and %d rejected, want 1 and 0", p.accepted, p.rejected)
			}
			if s.Token != p.access || s.RefreshToken != p.refresh {
				t.Errorf("the session file holds %q/%q, want the newest pair %q/%q", s.Token, s.RefreshToken, p.access, p.refresh)
			}
		})
	}
}

func TestLockSessionWaitsForTheHolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.json")
	a, b := NewFileStore(path).(SessionLocker), NewFileStore(path).(SessionLocker)
	unlock, err := a.LockSession(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := b.LockSession(ctx); err == nil {
		t.Fatal("a second holder got the lock while the first held it")
	}
	unlock()
	unlock2, err := b.LockSession(context.Background())
	if err != nil {
		t.Fatalf("after unlock: %v", err)
	}
	unlock2()
}
