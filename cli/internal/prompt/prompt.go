// Package prompt asks the user for a line on a terminal: the label on stderr, the answer
// from stdin, given up when the command's context ends (Ctrl-C). An answer that fails its
// check is asked for again with the reason, as gh's prompter does: a typo never ends the
// command (flags stay strict: a bad flag value is a usage error).
package prompt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/iostreams"
)

// Line asks with label until the answer is not empty, and returns it trimmed.
func Line(ctx context.Context, ios *iostreams.IOStreams, label string) (string, error) {
	what := strings.ToLower(name(label))
	return Ask(ctx, ios, label, func(v string) string {
		if v == "" {
			return "Please enter the " + what + "."
		}
		return ""
	})
}

// Ask asks with label until check passes the trimmed answer (check returns "" for a good
// answer, else the reason, printed before asking again). It stops only when stdin ends
// or the command is interrupted.
func Ask(ctx context.Context, ios *iostreams.IOStreams, label string, check func(string) string) (string, error) {
	for {
		v, err := Optional(ctx, ios, label)
		if err != nil {
			return "", err
		}
		reason := check(v)
		if reason == "" {
			return v, nil
		}
		fmt.Fprintln(ios.ErrOut, "X "+reason)
	}
}

// name is what label asks for: "E-mail" of "E-mail: ", "Country dial code" of
// "Country dial code (961): ".
func name(label string) string {
	what, _, _ := strings.Cut(strings.TrimSuffix(label, ": "), " (")
	return what
}

// Optional asks with label and returns the trimmed answer, which may be empty.
func Optional(ctx context.Context, ios *iostreams.IOStreams, label string) (string, error) {
	fmt.Fprint(ios.ErrOut, label)
	v, err := ReadLine(ctx, ios)
	if errors.Is(err, io.EOF) {
		fmt.Fprintln(ios.ErrOut)
		return "", cmdutil.FlagErrorf("no %s given", strings.ToLower(name(label)))
	}
	if err != nil {
		return "", fmt.Errorf("reading the %s: %w", strings.ToLower(name(label)), err)
	}
	return strings.TrimSpace(v), nil
}

// ReadLine reads a line from stdin but gives up when ctx ends: SIGINT cancels ctx and
// must not leave the user stuck at a prompt. The reading goroutine is abandoned then; the
// process is about to exit.
func ReadLine(ctx context.Context, ios *iostreams.IOStreams) (string, error) {
	type result struct {
		line string
		err  error
	}
	ch := make(chan result, 1)
	go func() {
		l, err := ios.ReadLine()
		ch <- result{l, err}
	}()
	select {
	case r := <-ch:
		return r.line, r.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}
