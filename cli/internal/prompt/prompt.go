// Package prompt asks the user for a line on a terminal: the label on stderr, the answer
// from stdin, given up when the command's context ends (Ctrl-C).
package prompt

import (
	"context"
	"fmt"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/iostreams"
)

// Line asks with label and returns the trimmed answer; an empty answer is a usage error
// naming what was asked.
func Line(ctx context.Context, ios *iostreams.IOStreams, label string) (string, error) {
	v, err := Optional(ctx, ios, label)
	if err != nil {
		return "", err
	}
	if v == "" {
		what, _, _ := strings.Cut(strings.TrimSuffix(label, ": "), " (")
		return "", cmdutil.FlagErrorf("no %s given", strings.ToLower(what))
	}
	return v, nil
}

// Optional asks with label and returns the trimmed answer, which may be empty.
func Optional(ctx context.Context, ios *iostreams.IOStreams, label string) (string, error) {
	fmt.Fprint(ios.ErrOut, label)
	what, _, _ := strings.Cut(strings.TrimSuffix(label, ": "), " (")
	v, err := ReadLine(ctx, ios)
	if err != nil {
		return "", fmt.Errorf("reading the %s: %w", strings.ToLower(what), err)
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
