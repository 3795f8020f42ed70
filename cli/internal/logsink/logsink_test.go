package logsink

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// hangGuard bounds a wait that only a bug makes long.
const hangGuard = 10 * time.Second

// recorder is an output that counts its writes and can be held.
type recorder struct {
	mu     sync.Mutex
	b      bytes.Buffer
	writes int
	hold   chan struct{} // non-nil: each write waits for it to close
	err    error
	inside sync.Once
	// entered is closed when the first write begins (nil: not watched).
	entered chan struct{}
}

func (r *recorder) Write(p []byte) (int, error) {
	if r.entered != nil {
		r.inside.Do(func() { close(r.entered) })
	}
	if r.hold != nil {
		<-r.hold
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writes++
	if r.err != nil {
		return 0, r.err
	}
	return r.b.Write(p)
}

func (r *recorder) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.b.String()
}

func TestEveryLineArrivesWholeAndInOrderPerWriter(t *testing.T) {
	out := &recorder{}
	s := New(out, 4<<10)
	const writers, lines = 8, 500
	var wg sync.WaitGroup
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < lines; i++ {
				if _, err := fmt.Fprintf(s, "writer=%d line=%d %s\n", w, i, strings.Repeat("x", i%40)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	next := make([]int, writers)
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != writers*lines {
		t.Fatalf("%d lines, want %d", len(got), writers*lines)
	}
	for _, line := range got {
		var w, i int
		var pad string
		if n, _ := fmt.Sscanf(line, "writer=%d line=%d %s", &w, &i, &pad); n < 2 || i != next[w] || (i%40 != 0 && pad != strings.Repeat("x", i%40)) {
			t.Fatalf("line %q out of order or broken (want line %d of writer %d)", line, next[w], w)
		}
		next[w]++
	}
}

// While the output is busy, lines gather and leave together: fewer writes than lines.
func TestLinesGatherWhileTheOutputIsBusy(t *testing.T) {
	out := &recorder{hold: make(chan struct{})}
	s := New(out, 64<<10)
	for i := 0; i < 100; i++ {
		if _, err := fmt.Fprintf(s, "line %d\n", i); err != nil {
			t.Fatal(err)
		}
	}
	close(out.hold)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if out.writes > 3 || strings.Count(out.String(), "\n") != 100 {
		t.Fatalf("%d writes for 100 lines (%d arrived), want them gathered", out.writes, strings.Count(out.String(), "\n"))
	}
}

// An idle sink writes a line at once, with no timer to wait for.
func TestAnIdleSinkWritesALineAtOnce(t *testing.T) {
	out := &recorder{}
	s := New(out, 0)
	defer s.Close()
	if _, err := s.Write([]byte("hello\n")); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(hangGuard)
	for out.String() != "hello\n" {
		if time.Now().After(deadline) {
			t.Fatal("the line was not written")
		}
		time.Sleep(time.Millisecond)
	}
}

// A stalled output makes Write wait once the bound is reached, instead of growing memory.
func TestAStalledOutputHoldsWritersAtTheBound(t *testing.T) {
	out := &recorder{hold: make(chan struct{}), entered: make(chan struct{})}
	s := New(out, 100)
	line := []byte(strings.Repeat("y", 49) + "\n")
	// The writer takes the first line and stalls on it; two more fill the bound.
	if _, err := s.Write(line); err != nil {
		t.Fatal(err)
	}
	<-out.entered
	for i := 0; i < 2; i++ {
		if _, err := s.Write(line); err != nil {
			t.Fatal(err)
		}
	}
	blocked := make(chan struct{})
	go func() {
		_, _ = s.Write(line)
		close(blocked)
	}()
	select {
	case <-blocked:
		t.Fatal("Write returned past the bound while the output was stalled")
	case <-time.After(100 * time.Millisecond):
	}
	close(out.hold)
	select {
	case <-blocked:
	case <-time.After(hangGuard):
		t.Fatal("Write still waits after the output moved on")
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(out.String(), "\n"); got != 4 {
		t.Fatalf("%d lines arrived, want 4", got)
	}
}

func TestCloseReportsAFailedWrite(t *testing.T) {
	out := &recorder{err: errors.New("disk full")}
	s := New(out, 0)
	if _, err := s.Write([]byte("lost\n")); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("Close: %v, want the write's failure", err)
	}
	if err := s.Close(); err == nil {
		t.Fatal("a second Close forgot the failure")
	}
}

// A line logged after Close (a goroutine still running at exit) is not lost.
func TestALineAfterCloseGoesStraightOut(t *testing.T) {
	out := &recorder{}
	s := New(out, 0)
	if _, err := s.Write([]byte("first\n")); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Write([]byte("late\n")); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "first\nlate\n" {
		t.Fatalf("output %q", got)
	}
}
