// Package iostreams holds the standard streams of a command together with what is known
// about them (terminal or not, colour allowed or not), modelled on cli/cli's pkg/iostreams.
// Data goes to Out; messages, prompts and spinners go to ErrOut.
package iostreams

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"
)

// IOStreams bundles stdin, stdout and stderr with their terminal state.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer

	stdinTTY, stdoutTTY, stderrTTY bool
	colorEnabled                   bool
	termWidth                      int

	mu              sync.Mutex
	spinner         *spinner
	spinnerDisabled bool
}

// System returns streams bound to the process's stdin, stdout and stderr. Colour is on
// when stdout is a terminal, NO_COLOR is unset or empty, and TERM is not "dumb".
func System() *IOStreams {
	s := &IOStreams{
		In:        os.Stdin,
		Out:       os.Stdout,
		ErrOut:    os.Stderr,
		stdinTTY:  isTerminal(os.Stdin),
		stdoutTTY: isTerminal(os.Stdout),
		stderrTTY: isTerminal(os.Stderr),
	}
	s.colorEnabled = s.stdoutTTY && ColorAllowed(os.Getenv)
	if s.stdoutTTY {
		if w, _, err := term.GetSize(int(os.Stdout.Fd())); err == nil {
			s.termWidth = w
		}
	}
	return s
}

// ColorAllowed applies the NO_COLOR convention (https://no-color.org) and TERM=dumb.
func ColorAllowed(getenv func(string) string) bool {
	if getenv("NO_COLOR") != "" {
		return false
	}
	return getenv("TERM") != "dumb"
}

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

// Test returns streams backed by buffers, none of them a terminal.
func Test() (s *IOStreams, in, out, errOut *bytes.Buffer) {
	in, out, errOut = &bytes.Buffer{}, &bytes.Buffer{}, &bytes.Buffer{}
	return &IOStreams{In: in, Out: out, ErrOut: errOut}, in, out, errOut
}

// IsStdinTTY reports whether stdin is a terminal.
func (s *IOStreams) IsStdinTTY() bool { return s.stdinTTY }

// IsStdoutTTY reports whether stdout is a terminal.
func (s *IOStreams) IsStdoutTTY() bool { return s.stdoutTTY }

// IsStderrTTY reports whether stderr is a terminal.
func (s *IOStreams) IsStderrTTY() bool { return s.stderrTTY }

// SetStdinTTY, SetStdoutTTY and SetStderrTTY are for tests.
func (s *IOStreams) SetStdinTTY(v bool)  { s.stdinTTY = v }
func (s *IOStreams) SetStdoutTTY(v bool) { s.stdoutTTY = v }
func (s *IOStreams) SetStderrTTY(v bool) { s.stderrTTY = v }

// ColorEnabled reports whether output may carry ANSI colour.
func (s *IOStreams) ColorEnabled() bool { return s.colorEnabled }

// SetColorEnabled is for tests and for --no-color style overrides.
func (s *IOStreams) SetColorEnabled(v bool) { s.colorEnabled = v }

// CanPrompt reports whether we may ask the user something interactively.
func (s *IOStreams) CanPrompt() bool { return s.stdinTTY && s.stderrTTY }

// TerminalWidth is the width of stdout when it is a terminal, else 80.
func (s *IOStreams) TerminalWidth() int {
	if s.termWidth > 0 {
		return s.termWidth
	}
	return 80
}

// SetTerminalWidth is for tests.
func (s *IOStreams) SetTerminalWidth(w int) { s.termWidth = w }

// StartSpinner shows a spinner with a label on stderr while work is under way. It does
// nothing when stderr is not a terminal, so piped output and logs stay clean.
func (s *IOStreams) StartSpinner(label string) {
	if !s.stderrTTY || s.spinnerDisabled {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.spinner != nil {
		s.spinner.label.Store(label)
		return
	}
	s.spinner = startSpinner(s.ErrOut, label)
}

// DisableSpinner turns spinners off (tests that emulate a terminal).
func (s *IOStreams) DisableSpinner() { s.spinnerDisabled = true }

// StopSpinner removes the spinner, if any, and clears its line.
func (s *IOStreams) StopSpinner() {
	s.mu.Lock()
	sp := s.spinner
	s.spinner = nil
	s.mu.Unlock()
	if sp != nil {
		sp.stop()
	}
}

type atomicString struct {
	mu sync.Mutex
	v  string
}

func (a *atomicString) Store(v string) { a.mu.Lock(); a.v = v; a.mu.Unlock() }
func (a *atomicString) Load() string   { a.mu.Lock(); defer a.mu.Unlock(); return a.v }

type spinner struct {
	w     io.Writer
	label atomicString
	done  chan struct{}
	wg    sync.WaitGroup
}

var spinnerFrames = [...]string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

func startSpinner(w io.Writer, label string) *spinner {
	sp := &spinner{w: w, done: make(chan struct{})}
	sp.label.Store(label)
	sp.wg.Add(1)
	go func() {
		defer sp.wg.Done()
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for i := 0; ; i++ {
			fmt.Fprintf(sp.w, "\r\x1b[K%s %s", spinnerFrames[i%len(spinnerFrames)], sp.label.Load())
			select {
			case <-sp.done:
				fmt.Fprint(sp.w, "\r\x1b[K")
				return
			case <-t.C:
			}
		}
	}()
	return sp
}

func (sp *spinner) stop() {
	close(sp.done)
	sp.wg.Wait()
}

// ReadLine reads one line from In, without its line ending.
func (s *IOStreams) ReadLine() (string, error) {
	var b strings.Builder
	buf := make([]byte, 1)
	for {
		n, err := s.In.Read(buf)
		if n == 1 {
			if buf[0] == '\n' {
				return strings.TrimRight(b.String(), "\r"), nil
			}
			b.WriteByte(buf[0])
		}
		if err != nil {
			if err == io.EOF && b.Len() > 0 {
				return strings.TrimRight(b.String(), "\r"), nil
			}
			return "", err
		}
	}
}
