package sandbox

import (
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/cedarsim/esim/contract"
)

// Abuse limits of the e-mail-code login (docs/contract.md): code e-mails per client and per
// address and client, and wrong codes per client. Both answer 429 problem+json with Retry-After in seconds.

// maxLimiterClients bounds the per-client table; past it the stalest client is forgotten.
const maxLimiterClients = 10_000

// window keeps the times of recent events of one key within a sliding window.
type window struct {
	mu     sync.Mutex
	limit  int
	period time.Duration
	hits   map[string][]time.Time
}

func newWindow(limit int, period time.Duration) *window {
	return &window{limit: limit, period: period, hits: map[string][]time.Time{}}
}

// recent drops the events of key older than the window and returns the rest.
func recent(times []time.Time, now time.Time, period time.Duration) []time.Time {
	i := 0
	for i < len(times) && now.Sub(times[i]) >= period {
		i++
	}
	return times[i:]
}

// retryAfter is how long until the oldest event leaves the window (0: not limited).
func retryAfter(times []time.Time, limit int, now time.Time, period time.Duration) time.Duration {
	if len(times) < limit {
		return 0
	}
	return times[len(times)-limit].Add(period).Sub(now)
}

// blocked reports how long key must wait, without recording anything.
func (w *window) blocked(key string, now time.Time) time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	t := recent(w.hits[key], now, w.period)
	if len(t) == 0 {
		delete(w.hits, key)
	} else {
		w.hits[key] = t
	}
	return retryAfter(t, w.limit, now, w.period)
}

// add records an event of key.
func (w *window) add(key string, now time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := w.hits[key]; !ok && len(w.hits) >= maxLimiterClients {
		w.forgetStalestLocked()
	}
	w.hits[key] = append(recent(w.hits[key], now, w.period), now)
}

func (w *window) forgetStalestLocked() {
	var stalest string
	var at time.Time
	for k, t := range w.hits {
		if last := t[len(t)-1]; stalest == "" || last.Before(at) {
			stalest, at = k, last
		}
	}
	delete(w.hits, stalest)
}

// writeTooMany answers 429 problem+json with Retry-After (whole seconds, at least 1).
func writeTooMany(w http.ResponseWriter, wait time.Duration, detail string) {
	secs := int(math.Ceil(wait.Seconds()))
	if secs < 1 {
		secs = 1
	}
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	w.Header().Set("Content-Type", contract.ProblemContentType)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusTooManyRequests)
	_ = json.NewEncoder(w).Encode(problem{Type: contract.ProblemType(http.StatusTooManyRequests), Title: "Too Many Requests",
		Status: http.StatusTooManyRequests, Detail: detail})
}

// clientIP names the client for the per-client limits: the connection's peer, or behind a
// trusted proxy (Options.Proxies) the right-most forwarded address that is not a proxy; an
// IPv6 client by its /64 (forwarded.Client.LimitKey).
func (s *provider) clientIP(r *http.Request) string {
	return s.opts.Proxies.Client(r).LimitKey()
}
