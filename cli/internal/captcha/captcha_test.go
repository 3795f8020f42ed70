package captcha

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestPageHandsTokenBack(t *testing.T) {
	tests := []struct {
		name, siteKey, wantInPage string
	}{
		{"dev provider", "", `const siteKey = "";`},
		{"recaptcha", "site-key-123", "recaptcha/api.js?render=site-key-123"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Start(tt.siteKey, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if !strings.HasPrefix(s.URL, "http://127.0.0.1:") {
				t.Fatalf("URL %q is not on 127.0.0.1", s.URL)
			}
			res, err := http.Get(s.URL)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if !strings.Contains(string(body), tt.wantInPage) {
				t.Errorf("page lacks %q", tt.wantInPage)
			}
			// Another path (no nonce) must not accept a token.
			bad := strings.TrimSuffix(s.URL[:strings.LastIndex(strings.TrimSuffix(s.URL, "/"), "/")+1], "/") + "/token"
			if r, err := http.Post(bad, "text/plain", strings.NewReader("forged")); err == nil {
				r.Body.Close()
				if r.StatusCode == http.StatusOK {
					t.Errorf("POST %s accepted a token without the nonce", bad)
				}
			}
			r, err := http.Post(s.URL+"token", "text/plain", strings.NewReader("tok-1\n"))
			if err != nil {
				t.Fatal(err)
			}
			r.Body.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			got, err := s.Wait(ctx)
			if err != nil || got != "tok-1" {
				t.Fatalf("Wait = %q, %v; want tok-1", got, err)
			}
		})
	}
}

func TestEmptyTokenRefused(t *testing.T) {
	s, err := Start("", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r, err := http.Post(s.URL+"token", "text/plain", strings.NewReader("  "))
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	if r.StatusCode != http.StatusBadRequest {
		t.Errorf("status = %d, want 400", r.StatusCode)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Wait(ctx); err == nil {
		t.Error("Wait returned a token after an empty post")
	}
}

// TestFixedPort: --captcha-port puts the page on that port, and a port in use is refused
// with the way out (issue 25.11).
func TestFixedPort(t *testing.T) {
	s, err := Start("", 0)
	if err != nil {
		t.Fatal(err)
	}
	port := s.ln.Addr().(*net.TCPAddr).Port
	s.Close()
	s, err = Start("", port)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if want := fmt.Sprintf("http://127.0.0.1:%d/", port); !strings.HasPrefix(s.URL, want) {
		t.Fatalf("URL %s, want it on %s", s.URL, want)
	}
	if _, err := Start("", port); err == nil || !strings.Contains(err.Error(), "--captcha-port") {
		t.Fatalf("a port in use: %v", err)
	}
}

func TestForwardHint(t *testing.T) {
	const u = "http://127.0.0.1:8765/0123/"
	if h := ForwardHint(u, func(string) string { return "" }); h != "" {
		t.Errorf("hint without SSH: %q", h)
	}
	ssh := func(k string) string {
		if k == "SSH_CONNECTION" {
			return "10.0.0.2 51000 10.0.0.1 22"
		}
		return ""
	}
	if h := ForwardHint(u, ssh); !strings.Contains(h, "ssh -L 8765:127.0.0.1:8765 HOST") {
		t.Errorf("hint on SSH: %q", h)
	}
}
