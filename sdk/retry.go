package sdk

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/cedarsim/esim/contract"
)

// RetryPolicy says how a call that is safe to repeat is retried after a hiccup: an
// answer 502, 503 or 504 (and 429 for reads, when the server says how long to wait), or
// a connection that was reset or closed without an answer. Only idempotent calls are
// retried: every GET, and the POSTs whose body carries an idempotency id the server
// honours (orderdetails, code verification, contact-us). Nothing else is ever repeated.
//
// The waits use "full jitter": a random duration in [0, min(MaxDelay, BaseDelay·2^n)],
// but never less than the server's Retry-After. A wait that would end after the call's
// deadline is not started: the last error is returned at once.
type RetryPolicy struct {
	// MaxAttempts is how many times a call is sent in all (default 3; 1 turns retries off).
	MaxAttempts int
	// BaseDelay is the first backoff bound (default 200ms); MaxDelay caps every
	// backoff bound (default 2s). Retry-After may ask for longer, up to MaxRetryAfter.
	BaseDelay, MaxDelay time.Duration
	// MaxRetryAfter is the longest Retry-After the client waits for (default 30s); an
	// answer asking for more is returned as is, for the caller to show.
	MaxRetryAfter time.Duration
	// Jitter returns a duration in [0, max]. Default: uniform random. Tests inject a
	// fixed function.
	Jitter func(max time.Duration) time.Duration
}

// Defaults of RetryPolicy (contract/constants.json group retry, shared with the web client).
const (
	DefaultMaxAttempts   = contract.RetryMaxAttempts
	DefaultBaseDelay     = contract.RetryBaseDelayMs * time.Millisecond
	DefaultMaxDelay      = contract.RetryMaxDelayMs * time.Millisecond
	DefaultMaxRetryAfter = contract.RetryMaxRetryAfterMs * time.Millisecond
)

func (p RetryPolicy) withDefaults() RetryPolicy {
	if p.MaxAttempts <= 0 {
		p.MaxAttempts = DefaultMaxAttempts
	}
	if p.BaseDelay <= 0 {
		p.BaseDelay = DefaultBaseDelay
	}
	if p.MaxDelay <= 0 {
		p.MaxDelay = DefaultMaxDelay
	}
	if p.MaxRetryAfter <= 0 {
		p.MaxRetryAfter = DefaultMaxRetryAfter
	}
	if p.Jitter == nil {
		p.Jitter = fullJitter
	}
	return p
}

func fullJitter(max time.Duration) time.Duration {
	if max <= 0 {
		return 0
	}
	return rand.N(max + 1) //nolint:gosec // backoff spread, not a secret
}

// retryable reports whether r may be sent again: GETs and the POSTs marked idempotent.
func (r *request) retryable() bool {
	return r.method == http.MethodGet || r.method == http.MethodHead || r.idempotent
}

// backoff is the wait before try number n+1 (n >= 1 tries done).
func (p RetryPolicy) backoff(n int) time.Duration {
	bound := p.BaseDelay << min(n-1, 16)
	if bound > p.MaxDelay || bound <= 0 {
		bound = p.MaxDelay
	}
	d := p.Jitter(bound)
	if d < 0 {
		d = 0
	}
	return min(d, bound)
}

// retryWait decides whether err, the outcome of try n of r, is worth another try and how
// long to wait first. ok is false when the call must not be repeated.
func (p RetryPolicy) retryWait(r *request, err error, n int) (wait time.Duration, ok bool) {
	if n >= p.MaxAttempts || !r.retryable() {
		return 0, false
	}
	wait = p.backoff(n)
	var apiErr *APIError
	switch {
	case errors.As(err, &apiErr):
		switch apiErr.Status {
		case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		case http.StatusTooManyRequests:
			// A rate limit is only waited out for a read that was told how long to wait;
			// a POST's 429 (code e-mails, verify attempts) goes back to the user.
			if r.method != http.MethodGet || apiErr.RetryAfter <= 0 {
				return 0, false
			}
		default:
			return 0, false
		}
		if apiErr.RetryAfter > p.MaxRetryAfter {
			return 0, false
		}
		wait = max(wait, apiErr.RetryAfter)
	case connectionDropped(err):
	default:
		return 0, false
	}
	return wait, true
}

// connectionDropped reports a connection reset, or closed before a full answer arrived.
// Timeouts are not among them: the call's deadline is the caller's to spend.
func connectionDropped(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNABORTED) ||
		errors.Is(err, syscall.EPIPE) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// sleepCtx waits d unless ctx ends first; a wait that would end after ctx's deadline is
// refused at once.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) <= d {
		return context.DeadlineExceeded
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// parseRetryAfter reads a Retry-After header: delay seconds or an HTTP date. Zero when
// absent or unreadable.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseInt(v, 10, 64); err == nil {
		if s <= 0 {
			return 0
		}
		if s > int64(24*time.Hour/time.Second) {
			s = int64(24 * time.Hour / time.Second)
		}
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return d.Round(time.Second)
		}
	}
	return 0
}
