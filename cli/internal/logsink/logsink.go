// Package logsink writes log lines behind the code that logs them. Write appends a line to
// a buffer and returns; one goroutine writes whatever has gathered in a single call. Under
// load many lines share one write (a group commit: `esim serve` logs every request, and a
// write per line was a sixth of its time on a static file); when idle each line goes out
// at once, without waiting for a timer. The buffer is bounded: when the output stalls
// (a full pipe, a slow disk), Write waits for room instead of growing memory.
package logsink

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// gather is how long the writer waits, once woken, for more lines to join a write: a
// line is late by at most this much, and under load one write carries all of them.
const gather = time.Millisecond

// DefaultMax is the most a Sink gathers before Write waits for the output.
const DefaultMax = 256 << 10

// Sink is an io.Writer for a log handler. Each Write is kept whole and in order.
type Sink struct {
	w   io.Writer
	max int

	mu     sync.Mutex
	room   *sync.Cond // signalled when the writer takes the buffer
	buf    []byte
	closed bool
	err    error // the first failed write

	wake chan struct{}
	done chan struct{}
}

// New starts a Sink writing to w, gathering at most max bytes (DefaultMax when max <= 0).
func New(w io.Writer, max int) *Sink {
	if max <= 0 {
		max = DefaultMax
	}
	s := &Sink{w: w, max: max, wake: make(chan struct{}, 1), done: make(chan struct{})}
	s.room = sync.NewCond(&s.mu)
	go s.run()
	return s
}

// Write queues p for the output and never fails; after Close it writes p straight to the
// output.
func (s *Sink) Write(p []byte) (int, error) {
	s.mu.Lock()
	// A line larger than the bound waits for an empty buffer and then goes alone.
	for !s.closed && len(s.buf) > 0 && len(s.buf)+len(p) > s.max {
		s.room.Wait()
	}
	if s.closed {
		// A late line (a goroutine still logging at exit) goes straight to the output.
		s.mu.Unlock()
		return s.w.Write(p) //nolint:wrapcheck // the output's own error, as without a sink
	}
	s.buf = append(s.buf, p...)
	select {
	case s.wake <- struct{}{}:
	default: // the writer is awake already and will see this line
	}
	s.mu.Unlock()
	return len(p), nil
}

func (s *Sink) run() {
	defer close(s.done)
	var out []byte
	for {
		_, open := <-s.wake
		if open {
			// Let the lines being logged right now join this write.
			time.Sleep(gather)
		}
		s.mu.Lock()
		out, s.buf = s.buf, out[:0]
		s.room.Broadcast()
		s.mu.Unlock()
		if len(out) > 0 {
			if _, err := s.w.Write(out); err != nil {
				s.mu.Lock()
				if s.err == nil {
					s.err = err
				}
				s.mu.Unlock()
			}
		}
		if !open {
			// Closed: nothing is added any more, and this pass took the rest.
			return
		}
	}
}

// Close writes what is gathered, stops the writer and returns the first write that
// failed.
func (s *Sink) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		<-s.done
		return s.firstErr()
	}
	s.closed = true
	s.room.Broadcast()
	close(s.wake) // under the lock: no Write sends on it after this
	s.mu.Unlock()
	<-s.done
	return s.firstErr()
}

func (s *Sink) firstErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return fmt.Errorf("write the log: %w", s.err)
	}
	return nil
}
