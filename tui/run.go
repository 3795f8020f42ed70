// Running the root model under the crash guard.

package tui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/internal/clipboard"
	"github.com/cedarsim/esim/tui/internal/crash"
)

// Run starts the TUI and returns when the user quits or ctx ends. Quitting never touches
// the stored session. A panic ends the TUI with a *CrashError, its report written to a
// file under opts.CrashDir.
func Run(ctx context.Context, client *sdk.Client, opts Options) error {
	if client == nil {
		return errors.New("tui: no SDK client")
	}
	if opts.Copy == nil {
		out := opts.Out
		if out == nil {
			out = os.Stdout
		}
		opts.Copy = clipboard.New(out, os.Getenv)
	}
	return run(ctx, New(ctx, client, opts), opts)
}

// CrashError says the TUI stopped on an internal error (a panic, recovered). Path is the
// crash report's file; "" when it could not be written (WriteErr says why).
type CrashError struct {
	Value    any
	Path     string
	WriteErr error
}

func (e *CrashError) Error() string {
	return fmt.Sprintf("the TUI stopped on an internal error: %v", e.Value)
}

// run runs any root model under the crash guard.
func run(ctx context.Context, m tea.Model, opts Options) error {
	in, out := opts.In, opts.Out
	if in == nil {
		in = os.Stdin
	}
	if out == nil {
		out = os.Stdout
	}
	po := []tea.ProgramOption{tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out)}
	if opts.AltScreen {
		po = append(po, tea.WithAltScreen())
	}
	po = append(po, opts.ProgramOptions...)
	g := crash.New(m)
	p := tea.NewProgram(g, po...)
	g.Bind(p.Send)
	_, err := p.Run()
	if r := g.Report(); r != nil {
		return crashError(opts, r)
	}
	// bubbletea's own recovery (a panic outside the model) also reports ErrProgramKilled:
	// only a cancelled context is a normal end.
	if err != nil && (errors.Is(err, tea.ErrProgramPanic) || !errors.Is(err, tea.ErrProgramKilled)) {
		return fmt.Errorf("tui: %w", err)
	}
	return nil
}

func crashError(opts Options, r *crash.Report) error {
	dir := opts.CrashDir
	if dir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			return &CrashError{Value: r.Value, WriteErr: err}
		}
		dir = filepath.Join(cache, "esim", "crash")
	}
	path, err := crash.Write(dir, opts.Version, time.Now(), r)
	return &CrashError{Value: r.Value, Path: path, WriteErr: err}
}
