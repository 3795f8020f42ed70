package sdk

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"syscall"
	"testing"
	"time"

	"github.com/cedarsim/esim/contract/vectors"
)

// TestRequestRules runs contract/vectors/requests.json (shared with the web client's
// shared/api/rules.test.ts): the bearer rule, the guest retry and the retry rule.
func TestRequestRules(t *testing.T) {
	modes := map[string]authMode{"private": authPrivate, "public": authPublic, "optional": authOptional, "basic": authBasic, "none": authNone}
	vectors.Run(t, "requests", map[string]vectors.Runner{
		"credential": func(t *testing.T, raw json.RawMessage) {
			var c struct{ Name, Path, Auth, Want string }
			vectors.DecodeCase(t, raw, &c)
			in, ok1 := modes[c.Auth]
			want, ok2 := modes[c.Want]
			if !ok1 || !ok2 {
				t.Fatalf("%s: unknown auth %q or %q", c.Name, c.Auth, c.Want)
			}
			if got := effectiveAuth(c.Path, in); got != want {
				t.Errorf("%s: effectiveAuth(%q, %s) = %d, want %s", c.Name, c.Path, c.Auth, got, c.Want)
			}
		},
		"guestRetry": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name, Path string
				Want       bool
			}
			vectors.DecodeCase(t, raw, &c)
			if got := guestRetryPath(c.Path); got != c.Want {
				t.Errorf("%s: guestRetryPath(%q) = %v", c.Name, c.Path, got)
			}
		},
		"retry": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name       string
				Method     string
				Idempotent bool
				Attempt    int
				Error      struct {
					Kind       string
					Status     int
					RetryAfter int
				}
				Random float64
				Want   *float64
			}
			vectors.DecodeCase(t, raw, &c)
			var err error
			switch c.Error.Kind {
			case "api":
				err = fmt.Errorf("%s: %w", c.Name, &APIError{Status: c.Error.Status, RetryAfter: time.Duration(c.Error.RetryAfter) * time.Second})
			case "network":
				err = fmt.Errorf("GET https://x.test/: %w", syscall.ECONNRESET)
			case "other":
				err = errors.New("malformed JSON answer")
			default:
				t.Fatalf("%s: unknown error kind %q", c.Name, c.Error.Kind)
			}
			p := RetryPolicy{Jitter: func(max time.Duration) time.Duration { return time.Duration(float64(max) * c.Random) }}.withDefaults()
			wait, ok := p.retryWait(&request{method: c.Method, idempotent: c.Idempotent}, err, c.Attempt)
			switch {
			case c.Want == nil && ok:
				t.Errorf("%s: retried after %v, want no retry", c.Name, wait)
			case c.Want != nil && !ok:
				t.Errorf("%s: not retried, want a wait of %vms", c.Name, *c.Want)
			case c.Want != nil && math.Abs(float64(wait)/float64(time.Millisecond)-*c.Want) > 0.001:
				t.Errorf("%s: wait %v, want %vms", c.Name, wait, *c.Want)
			}
		},
	})
}
