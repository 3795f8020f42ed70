// Package browser opens URLs in the user's web browser.
package browser

import (
	"context"
	"fmt"
	"net/url"
	"os/exec"
	"runtime"
	"strings"
)

// Browser opens a URL.
type Browser interface {
	Browse(ctx context.Context, url string) error
}

// System opens URLs with $BROWSER when set, else the platform's opener.
type System struct{ Env func(string) string }

// Browse starts the browser without waiting for it to close.
func (s System) Browse(ctx context.Context, rawURL string) error {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		// Only web links: a hostile server must not make us run file: or custom schemes.
		return fmt.Errorf("refusing to open %q: not an http(s) URL", rawURL)
	}
	var name string
	var args []string
	if b := s.Env("BROWSER"); b != "" {
		f := strings.Fields(b)
		name, args = f[0], f[1:]
	} else {
		switch runtime.GOOS {
		case "darwin":
			name = "open"
		case "windows":
			name, args = "rundll32", []string{"url.dll,FileProtocolHandler"}
		default:
			name = "xdg-open"
		}
	}
	cmd := exec.CommandContext(ctx, name, append(args, rawURL)...)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("opening the browser: %w", err)
	}
	go func() { _ = cmd.Wait() }() // reap the child
	return nil
}

// Recorder is a Browser for tests: it remembers the URLs instead of opening them.
type Recorder struct{ URLs []string }

// Browse records the URL.
func (r *Recorder) Browse(_ context.Context, u string) error {
	r.URLs = append(r.URLs, u)
	return nil
}
