package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk/sandbox"
)

// TestProcessesAfterExpiryStaySignedIn: several esim processes share one session file and
// meet its expired access token together. One of them refreshes (the session file's lock)
// and the others take the new token: every one answers and the customer stays signed in.
func TestProcessesAfterExpiryStaySignedIn(t *testing.T) {
	for _, processes := range []int{2, 20} {
		t.Run(fmt.Sprintf("%d processes", processes), func(t *testing.T) {
			bin := binary(t)
			sb, err := sandbox.New(sandbox.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var refreshes atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if strings.HasSuffix(r.URL.Path, "/connect/token") {
					body, _ := io.ReadAll(r.Body)
					if form, _ := url.ParseQuery(string(body)); form.Get("grant_type") == "refresh_token" {
						refreshes.Add(1)
					}
					r.Body = io.NopCloser(bytes.NewReader(body))
				}
				sb.ServeHTTP(w, r)
			}))
			t.Cleanup(srv.Close)
			dir := t.TempDir()
			e := &e2e{t: t, bin: bin, sb: sb, srv: srv, dir: dir,
				env: append(os.Environ(), "ESIM_SERVER="+srv.URL, "ESIM_CONFIG_DIR="+dir, "NO_COLOR=1", "BROWSER=true")}
			const email = "rania.saad@example.com"
			e.register(email)
			e.run(&codeWriter{sb: sb, email: email, old: sb.LatestCode(email)}, "login", "--email", email, "--code", "-", "--captcha-token", "dev-captcha")
			if err := sb.ExpireTokens(); err != nil {
				t.Fatal(err)
			}

			var wg sync.WaitGroup
			fails := make([]string, processes)
			for i := range processes {
				wg.Add(1)
				go func() {
					defer wg.Done()
					ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
					defer cancel()
					cmd := exec.CommandContext(ctx, bin, "esims", "list", "--json")
					cmd.Env = e.env
					if out, err := cmd.CombinedOutput(); err != nil {
						fails[i] = fmt.Sprintf("process %d: %v: %s", i, err, out)
					}
				}()
			}
			wg.Wait()
			for _, f := range fails {
				if f != "" {
					t.Error(f)
				}
			}
			if n := refreshes.Load(); n != 1 {
				t.Errorf("%d refresh grants for %d processes, want 1", n, processes)
			}
			if out := e.run(nil, "whoami"); !strings.HasPrefix(out, email+"\n") {
				t.Errorf("whoami afterwards = %q", out)
			}
		})
	}
}
