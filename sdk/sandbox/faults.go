package sandbox

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"
)

// Fault makes calls fail. Path is matched as a substring of the request path (e.g.
// "catalog/countries"); Method, when set, must match too. Count is how many calls fail
// (0: every call until cleared). Status >= 400 answers that status as a problem; LatencyMs
// delays the call first (alone it only slows the call down); Drop closes the connection
// with no answer.
type Fault struct {
	Path      string `json:"path"`
	Method    string `json:"method,omitempty"`
	Count     int    `json:"count,omitempty"`
	Status    int    `json:"status,omitempty"`
	Detail    string `json:"detail,omitempty"`
	LatencyMs int    `json:"latencyMs,omitempty"`
	Drop      bool   `json:"drop,omitempty"`
}

// Maxima of a fault's fields (characters).
const (
	maxFaultPath   = 2048 // the longest request path the sandbox accepts
	maxFaultMethod = 16
	maxFaultDetail = 1000
	maxFaultCount  = 1_000_000
)

// Validate reports a fault the sandbox would refuse (esim's --fault flags are checked with it).
func (f Fault) Validate() error { return f.validate() }

func (f Fault) validate() error {
	switch {
	case strings.TrimSpace(f.Path) == "":
		return errors.New("fault path is required")
	case utf8.RuneCountInString(f.Path) > maxFaultPath:
		return fmt.Errorf("fault path is longer than %d characters", maxFaultPath)
	case utf8.RuneCountInString(f.Method) > maxFaultMethod:
		return fmt.Errorf("fault method is longer than %d characters", maxFaultMethod)
	case utf8.RuneCountInString(f.Detail) > maxFaultDetail:
		return fmt.Errorf("fault detail is longer than %d characters", maxFaultDetail)
	case f.Count < 0 || f.Count > maxFaultCount:
		return fmt.Errorf("fault count must be 0..%d", maxFaultCount)
	case f.Status != 0 && (f.Status < 400 || f.Status > 599):
		return fmt.Errorf("fault status %d must be 400..599", f.Status)
	case f.LatencyMs < 0 || f.LatencyMs > 60_000:
		return errors.New("fault latencyMs must be 0..60000")
	case f.Status == 0 && f.LatencyMs == 0 && !f.Drop:
		return errors.New("a fault needs a status, a latency or drop")
	}
	return nil
}

type faultSet struct {
	mu    sync.Mutex
	rules []*Fault
}

func newFaultSet(initial []Fault) *faultSet {
	fs := &faultSet{}
	for _, f := range initial {
		_ = fs.add(f) // invalid rules from options are ignored; the CLI validates its flags
	}
	return fs
}

const maxFaults = 100

func (fs *faultSet) add(f Fault) error {
	if err := f.validate(); err != nil {
		return fmt.Errorf("add fault: %w", err)
	}
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if len(fs.rules) >= maxFaults {
		return fmt.Errorf("add fault: at most %d rules", maxFaults)
	}
	fs.rules = append(fs.rules, &f)
	return nil
}

// take returns the first rule matching the call and uses up one of its calls.
func (fs *faultSet) take(method, path string) (Fault, bool) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	for i, f := range fs.rules {
		if !strings.Contains(path, f.Path) || (f.Method != "" && !strings.EqualFold(f.Method, method)) {
			continue
		}
		out := *f
		if f.Count > 0 {
			f.Count--
			if f.Count == 0 {
				fs.rules = append(fs.rules[:i], fs.rules[i+1:]...)
			}
		}
		return out, true
	}
	return Fault{}, false
}

func (fs *faultSet) list() []Fault {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	out := make([]Fault, 0, len(fs.rules))
	for _, f := range fs.rules {
		out = append(out, *f)
	}
	return out
}

func (fs *faultSet) clear() {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	fs.rules = nil
}
