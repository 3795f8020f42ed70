package iostreams

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestColorAllowed(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{"TERM": "xterm-256color"}, true},
		{map[string]string{"TERM": "xterm", "NO_COLOR": "1"}, false},
		{map[string]string{"TERM": "dumb"}, false},
		{map[string]string{}, true},
	}
	for _, tt := range tests {
		if got := ColorAllowed(func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("%v: got %v, want %v", tt.env, got, tt.want)
		}
	}
}

func TestSpinnerOnlyOnATerminal(t *testing.T) {
	s, _, _, errOut := Test()
	s.StartSpinner("Loading")
	s.StopSpinner()
	if errOut.Len() != 0 {
		t.Errorf("spinner wrote %q to a non-terminal", errOut.String())
	}
	var buf lockedBuffer
	s.ErrOut = &buf
	s.SetStderrTTY(true)
	s.StartSpinner("Loading")
	time.Sleep(20 * time.Millisecond)
	s.StopSpinner()
	got := buf.String()
	if !strings.Contains(got, "Loading") || !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("spinner output %q: want the label and a cleared line at the end", got)
	}
}

func TestReadLine(t *testing.T) {
	s, in, _, _ := Test()
	in.WriteString("first\r\nsecond")
	for _, want := range []string{"first", "second"} {
		got, err := s.ReadLine()
		if err != nil || got != want {
			t.Errorf("ReadLine = %q, %v; want %q", got, err, want)
		}
	}
	if _, err := s.ReadLine(); err == nil {
		t.Error("ReadLine at EOF gave no error")
	}
}

type lockedBuffer struct {
	mu  chan struct{}
	buf bytes.Buffer
}

func (b *lockedBuffer) lock() {
	if b.mu == nil {
		b.mu = make(chan struct{}, 1)
	}
	b.mu <- struct{}{}
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.lock()
	defer func() { <-b.mu }()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.lock()
	defer func() { <-b.mu }()
	return b.buf.String()
}
